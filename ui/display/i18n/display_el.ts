<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="el_GR">
<context>
    <name>display</name>
    <message>
        <location filename="../header.py" line="269" />
        <location filename="../felt.py" line="51" />
        <source>CARD READER DISCONNECTED</source>
        <translation>ΑΝΑΓΝΩΣΤΗΣ ΑΠΟΣΥΝΔΕΘΗΚΕ</translation>
    </message>
    <message>
        <location filename="../felt.py" line="52" />
        <source>Dealing waits until the reader is connected again.</source>
        <translation>Το μοίρασμα περιμένει να συνδεθεί ξανά ο αναγνώστης.</translation>
    </message>
    <message>
        <location filename="../felt.py" line="55" />
        <source>Rescan the card: {card}</source>
        <translation>Σαρώστε ξανά: {card}</translation>
    </message>
    <message>
        <location filename="../felt.py" line="58" />
        <source>{count} misreads</source>
        <translation>{count} αποτυχημένες αναγνώσεις</translation>
    </message>
    <message>
        <location filename="../felt.py" line="60" />
        <source>RESCAN</source>
        <translation>ΝΕΑ ΣΑΡΩΣΗ</translation>
    </message>
    <message>
        <location filename="../felt.py" line="71" />
        <source>{message}
A supervisor must accept the card (A) or void the round (V).</source>
        <translation>{message}
Ο επόπτης πρέπει να αποδεχθεί το φύλλο (A) ή να ακυρώσει τον γύρο (V).</translation>
    </message>
    <message>
        <location filename="../felt.py" line="77" />
        <source>JOURNAL FAILED</source>
        <translation>ΒΛΑΒΗ ΗΜΕΡΟΛΟΓΙΟΥ</translation>
    </message>
    <message>
        <location filename="../felt.py" line="78" />
        <source>TABLE STOPPED</source>
        <translation>ΤΟ ΤΡΑΠΕΖΙ ΣΤΑΜΑΤΗΣΕ</translation>
    </message>
    <message>
        <location filename="../felt.py" line="79" />
        <source>{reason}
The table cannot play until this is fixed: call a technician.</source>
        <translation>{reason}
Το τραπέζι δεν μπορεί να παίξει μέχρι να διορθωθεί: καλέστε τεχνικό.</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Shoe</source>
        <translation>Σαμπό</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Round</source>
        <translation>Γύρος</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="160" />
        <location filename="../recall.py" line="20" />
        <source>PLAYER</source>
        <translation>ΠΑΙΚΤΗΣ</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="161" />
        <location filename="../recall.py" line="20" />
        <source>BANKER</source>
        <translation>ΤΡΑΠΕΖΙΤΗΣ</translation>
    </message>
    <message>
        <location filename="../recall.py" line="21" />
        <source>Result</source>
        <translation>Αποτέλεσμα</translation>
    </message>
    <message>
        <location filename="../recall.py" line="26" />
        <source>VOID: {reason}</source>
        <translation>ΑΚΥΡΟ: {reason}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="111" />
        <source>Last {hands} hands</source>
        <translation>Τελευταία {hands} χέρια</translation>
    </message>
    <message>
        <location filename="../window.py" line="241" />
        <location filename="../stats_panel.py" line="112" />
        <source>No hands yet</source>
        <translation>Κανένα χέρι ακόμα</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="118" />
        <source>Streak: {side} {count}</source>
        <translation>Σερί: {side} {count}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="120" />
        <source>Streak: none yet</source>
        <translation>Σερί: κανένα ακόμα</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="121" />
        <source>Longest: Banker {banker}  Player {player}</source>
        <translation>Μέγιστο: Τρ. {banker}  Π. {player}</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="186" />
        <source>Bead Plate</source>
        <translation>Πίνακας χαντρών</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="188" />
        <source>B</source>
        <translation>Τ</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="189" />
        <source>P</source>
        <translation>Π</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="190" />
        <source>T</source>
        <translation>Ι</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="203" />
        <source>Big Road</source>
        <translation>Μεγάλος δρόμος</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="219" />
        <source>Big Eye Boy</source>
        <translation>Μεγάλο μάτι</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="220" />
        <source>Small Road</source>
        <translation>Μικρός δρόμος</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="221" />
        <source>Cockroach Pig</source>
        <translation>Κατσαρίδα</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="243" />
        <source>Next hand</source>
        <translation>Επόμενο χέρι</translation>
    </message>
    <message>
        <location filename="../window.py" line="61" />
        <source>Baccarat table</source>
        <translation>Τραπέζι μπακαρά</translation>
    </message>
    <message>
        <location filename="../window.py" line="239" />
        <source>Last rounds</source>
        <translation>Τελευταίοι γύροι</translation>
    </message>
    <message>
        <location filename="../window.py" line="248" />
        <source>Operator keys</source>
        <translation>Πλήκτρα χειριστή</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="81" />
        <source>NATURAL</source>
        <translation>ΦΥΣΙΚΟ</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="87" />
        <source>Player and Banker bets are returned</source>
        <translation>Τα πονταρίσματα Παίκτη και Τραπεζίτη επιστρέφονται</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="92" />
        <source>returned: {bets}</source>
        <translation>επιστρέφονται: {bets}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="96" />
        <source>cards out of the shoe</source>
        <translation>φύλλα εκτός σαμπό</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="191" />
        <source>Scanner: {misreads} misreads in {cards} cards ({per_100} per 100), {rescans} rescans per card, rescan {rescan}, {disconnects} disconnects</source>
        <translation>Αναγνώστης: {misreads} αποτυχημένες αναγνώσεις σε {cards} φύλλα ({per_100} ανά 100), {rescans} επανασαρώσεις ανά φύλλο, επανασάρωση {rescan}, {disconnects} αποσυνδέσεις</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="202" />
        <source>round {round}: scanner misreads {per_100} per 100 cards (level {level})</source>
        <translation>γύρος {round}: αποτυχημένες αναγνώσεις {per_100} ανά 100 φύλλα (όριο {level})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="206" />
        <source>round {round}: {bet} alert raised at {rtp} (threshold {threshold})</source>
        <translation>γύρος {round}: συναγερμός {bet} στο {rtp} (όριο {threshold})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="207" />
        <source>round {round}: {bet} alert cleared at {rtp} (threshold {threshold})</source>
        <translation>γύρος {round}: ο συναγερμός {bet} έληξε στο {rtp} (όριο {threshold})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="212" />
        <source>, closed</source>
        <translation>, κλειστό</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="214" />
        <source>round {round}: integrity: {cards} of {card}, more than the decks hold</source>
        <translation>γύρος {round}: ακεραιότητα: {cards} φύλλα {card}, περισσότερα απ' όσα έχουν οι τράπουλες</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="218" />
        <source>round {round}: integrity: {kind}, {cards} cards from card {first} in shoe {earlier}'s order{turned}</source>
        <translation>γύρος {round}: ακεραιότητα: {kind}, {cards} φύλλα από το φύλλο {first} με τη σειρά του κουτιού {earlier}{turned}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="222" />
        <source> reversed</source>
        <translation> αντίστροφα</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="233" />
        <source>No returns: this shoe's profile has no [surveillance] table.</source>
        <translation>Καμία απόδοση: το προφίλ αυτού του σαμπό δεν έχει πίνακα [surveillance].</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="236" />
        <source>Computing the returns...</source>
        <translation>Υπολογίζονται οι αποδόσεις…</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="237" />
        <source>as of card {card}</source>
        <translation>έως το φύλλο {card}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="239" />
        <source>{as_of}, {left} cards left</source>
        <translation>{as_of}, απομένουν {left} φύλλα</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="242" />
        <source>{as_of}; the shoe ended at card {cards}</source>
        <translation>{as_of}· το σαμπό τελείωσε στο φύλλο {cards}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="244" />
        <source>{as_of}, the table is at card {table}</source>
        <translation>{as_of}, το τραπέζι είναι στο φύλλο {table}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="247" />
        <source>{behind}: no result for {seconds} s (stalled)</source>
        <translation>{behind}: κανένα αποτέλεσμα για {seconds} s (κόλλησε)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="267" />
        <source>Surveillance</source>
        <translation>Επιτήρηση</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="317" />
        <source>closed</source>
        <translation>κλειστό</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="324" />
        <source>Surveillance &amp;middot; shoe {shoe}</source>
        <translation>Επιτήρηση &amp;middot; σαμπό {shoe}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="326" />
        <source>Surveillance: no shoe yet</source>
        <translation>Επιτήρηση: κανένα σαμπό ακόμη</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="334" />
        <source>Alerts:</source>
        <translation>Συναγερμοί:</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="336" />
        <source>No alerts this shoe.</source>
        <translation>Κανένας συναγερμός σε αυτό το σαμπό.</translation>
    </message>
    <message>
        <location filename="../header.py" line="75" />
        <source>{bets}, until round {round}</source>
        <translation>{bets}, έως τον γύρο {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="95" />
        <source>{bets} from round {round}</source>
        <translation>{bets} από τον γύρο {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="99" />
        <source>closed: {bets}</source>
        <translation>κλειστά: {bets}</translation>
    </message>
    <message>
        <location filename="../header.py" line="184" />
        <source>journal: none</source>
        <translation>ημερολόγιο: κανένα</translation>
    </message>
    <message>
        <location filename="../header.py" line="187" />
        <source>journal: ok</source>
        <translation>ημερολόγιο: εντάξει</translation>
    </message>
    <message>
        <location filename="../header.py" line="190" />
        <source>JOURNAL FAILED: {reason}</source>
        <translation>ΒΛΑΒΗ ΗΜΕΡΟΛΟΓΙΟΥ: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="199" />
        <source>feed: connected</source>
        <translation>ροή: συνδεδεμένη</translation>
    </message>
    <message>
        <location filename="../header.py" line="202" />
        <source>feed: {count} waiting</source>
        <translation>ροή: {count} σε αναμονή</translation>
    </message>
    <message>
        <location filename="../header.py" line="205" />
        <source>feed: offline, {count} waiting</source>
        <translation>ροή: εκτός σύνδεσης, {count} σε αναμονή</translation>
    </message>
    <message>
        <location filename="../header.py" line="215" />
        <source>refused: {action}: {reason}</source>
        <translation>απορρίφθηκε: {action}: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="237" />
        <source>shoe {shoe}  round {round}</source>
        <translation>σαμπό {shoe}  γύρος {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="239" />
        <source>cards left {count}</source>
        <translation>απομένουν {count} φύλλα</translation>
    </message>
    <message>
        <location filename="../header.py" line="243" />
        <source>CUT CARD: last round {round}</source>
        <translation>ΚΑΡΤΑ ΚΟΠΗΣ: τελευταίος γύρος {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="254" />
        <source>INTEGRITY ALERT: {kind}, {cards} cards</source>
        <translation>ΣΥΝΑΓΕΡΜΟΣ ΑΚΕΡΑΙΟΤΗΤΑΣ: {kind}, {cards} φύλλα</translation>
    </message>
    <message>
        <location filename="../header.py" line="258" />
        <source>JOURNAL CHECK FAILED: {finding}</source>
        <translation>ΑΠΟΤΥΧΙΑ ΕΛΕΓΧΟΥ ΗΜΕΡΟΛΟΓΙΟΥ: {finding}</translation>
    </message>
    <message>
        <location filename="../header.py" line="262" />
        <source>JOURNAL DISK: {days} days of space left</source>
        <translation>ΔΙΣΚΟΣ ΗΜΕΡΟΛΟΓΙΟΥ: χώρος για {days} ημέρες</translation>
    </message>
    <message>
        <location filename="../header.py" line="266" />
        <source>card reader connected</source>
        <translation>αναγνώστης συνδεδεμένος</translation>
    </message>
    <message>
        <location filename="../labels.py" line="13" />
        <source>Player</source>
        <translation>Παίκτης</translation>
    </message>
    <message>
        <location filename="../labels.py" line="14" />
        <source>Banker</source>
        <translation>Τραπεζίτης</translation>
    </message>
    <message>
        <location filename="../labels.py" line="15" />
        <source>Tie</source>
        <translation>Ισοπαλία</translation>
    </message>
    <message>
        <location filename="../labels.py" line="16" />
        <source>Player Pair</source>
        <translation>Ζεύγος Παίκτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="17" />
        <source>Banker Pair</source>
        <translation>Ζεύγος Τραπεζίτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="18" />
        <source>Any Pair</source>
        <translation>Οποιοδήποτε Ζεύγος</translation>
    </message>
    <message>
        <location filename="../labels.py" line="19" />
        <source>Small Tiger</source>
        <translation>Μικρή Τίγρη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="20" />
        <source>Big Tiger</source>
        <translation>Μεγάλη Τίγρη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="21" />
        <source>Lucky Six</source>
        <translation>Τυχερό Έξι</translation>
    </message>
    <message>
        <location filename="../labels.py" line="22" />
        <source>Player Natural</source>
        <translation>Φυσικό Παίκτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="23" />
        <source>Banker Natural</source>
        <translation>Φυσικό Τραπεζίτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="24" />
        <source>Dragon 7</source>
        <translation>Δράκος 7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="25" />
        <source>Panda 8</source>
        <translation>Πάντα 8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="26" />
        <source>Player Dragon Bonus</source>
        <translation>Μπόνους Δράκου Παίκτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27" />
        <source>Banker Dragon Bonus</source>
        <translation>Μπόνους Δράκου Τραπεζίτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32" />
        <source>DRAGON 7</source>
        <translation>ΔΡΑΚΟΣ 7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="33" />
        <source>PANDA 8</source>
        <translation>ΠΑΝΤΑ 8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="37" />
        <source>PLAYER 1st CARD</source>
        <translation>ΠΑΙΚΤΗΣ 1ο ΦΥΛΛΟ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="38" />
        <source>BANKER 1st CARD</source>
        <translation>ΤΡΑΠΕΖΙΤΗΣ 1ο ΦΥΛΛΟ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="39" />
        <source>PLAYER 2nd CARD</source>
        <translation>ΠΑΙΚΤΗΣ 2ο ΦΥΛΛΟ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="40" />
        <source>BANKER 2nd CARD</source>
        <translation>ΤΡΑΠΕΖΙΤΗΣ 2ο ΦΥΛΛΟ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="41" />
        <source>PLAYER 3rd CARD</source>
        <translation>ΠΑΙΚΤΗΣ 3ο ΦΥΛΛΟ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="42" />
        <source>BANKER 3rd CARD</source>
        <translation>ΤΡΑΠΕΖΙΤΗΣ 3ο ΦΥΛΛΟ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="43" />
        <source>REVEAL CARD</source>
        <translation>ΦΥΛΛΟ ΑΠΟΚΑΛΥΨΗΣ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44" />
        <source>BURN CARD</source>
        <translation>ΦΥΛΛΟ ΚΑΨΙΜΑΤΟΣ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48" />
        <source>PLAYER WINS {total}</source>
        <translation>ΚΕΡΔΙΖΕΙ Ο ΠΑΙΚΤΗΣ {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="49" />
        <source>BANKER WINS {total}</source>
        <translation>ΚΕΡΔΙΖΕΙ Ο ΤΡΑΠΕΖΙΤΗΣ {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="50" />
        <source>TIE {total}</source>
        <translation>ΙΣΟΠΑΛΙΑ {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="54" />
        <source>Player wins</source>
        <translation>Νίκες Παίκτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="56" />
        <source>Banker wins</source>
        <translation>Νίκες Τραπεζίτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="58" />
        <source>Ties</source>
        <translation>Ισοπαλίες</translation>
    </message>
    <message>
        <location filename="../labels.py" line="59" />
        <source>Player pairs</source>
        <translation>Ζεύγη Παίκτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="60" />
        <source>Banker pairs</source>
        <translation>Ζεύγη Τραπεζίτη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65" />
        <source>SHUFFLE, then confirm the new shoe (N)</source>
        <translation>ΑΝΑΚΑΤΕΜΑ, μετά επιβεβαίωση νέου σαμπό (N)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66" />
        <source>NEW SHOE: deal the reveal card</source>
        <translation>ΝΕΟ ΣΑΜΠΟ: ανοίξτε το πρώτο φύλλο</translation>
    </message>
    <message>
        <location filename="../labels.py" line="67" />
        <source>BURN {burn} CARDS</source>
        <translation>ΚΑΨΙΜΟ {burn} ΦΥΛΛΩΝ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="68" />
        <source>BURN {burn} CARDS, then confirm the burn (B)</source>
        <translation>ΚΑΨΙΜΟ {burn} ΦΥΛΛΩΝ, μετά επιβεβαίωση (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="70" />
        <source>PLACE YOUR BETS</source>
        <translation>ΠΟΝΤΑΡΕΤΕ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71" />
        <source>NO MORE BETS</source>
        <translation>ΤΕΛΟΣ ΠΟΝΤΑΡΙΣΜΑΤΩΝ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72" />
        <source>PAUSED</source>
        <translation>ΣΕ ΠΑΥΣΗ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="73" />
        <source>HOLD</source>
        <translation>ΑΝΑΜΟΝΗ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74" />
        <source>SHOE ENDED: shuffle, then confirm the new shoe</source>
        <translation>ΤΕΛΟΣ ΣΑΜΠΟ: ανακάτεμα, μετά επιβεβαίωση νέου σαμπό</translation>
    </message>
    <message>
        <location filename="../labels.py" line="79" />
        <source>Classic</source>
        <translation>Κλασικό</translation>
    </message>
    <message>
        <location filename="../labels.py" line="80" />
        <source>Live</source>
        <translation>Ζωντανό</translation>
    </message>
    <message>
        <location filename="../labels.py" line="81" />
        <source>Big Win</source>
        <translation>Μεγάλη νίκη</translation>
    </message>
    <message>
        <location filename="../labels.py" line="82" />
        <source>No Commission</source>
        <translation>Χωρίς προμήθεια</translation>
    </message>
    <message>
        <location filename="../labels.py" line="83" />
        <source>Tiger</source>
        <translation>Τίγρης</translation>
    </message>
    <message>
        <location filename="../labels.py" line="84" />
        <source>EZ Baccarat</source>
        <translation>EZ Μπακαρά</translation>
    </message>
    <message>
        <location filename="../labels.py" line="85" />
        <source>Dragon Bonus</source>
        <translation>Μπόνους Δράκου</translation>
    </message>
    <message>
        <location filename="../labels.py" line="90" />
        <source>new shoe</source>
        <translation>νέο σαμπό</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <location filename="../labels.py" line="91" />
        <source>confirm the burn</source>
        <translation>επιβεβαίωση καψίματος</translation>
    </message>
    <message>
        <location filename="../labels.py" line="92" />
        <source>card by hand</source>
        <translation>φύλλο με το χέρι</translation>
    </message>
    <message>
        <location filename="../labels.py" line="93" />
        <source>void the round</source>
        <translation>ακύρωση γύρου</translation>
    </message>
    <message>
        <location filename="../labels.py" line="94" />
        <source>accept the card</source>
        <translation>αποδοχή φύλλου</translation>
    </message>
    <message>
        <location filename="../labels.py" line="95" />
        <source>pause</source>
        <translation>παύση</translation>
    </message>
    <message>
        <location filename="../labels.py" line="96" />
        <source>resume</source>
        <translation>συνέχεια</translation>
    </message>
    <message>
        <location filename="../labels.py" line="97" />
        <source>clear the roads</source>
        <translation>καθαρισμός δρόμων</translation>
    </message>
    <message>
        <location filename="../keys.py" line="27" />
        <source>show or hide this help</source>
        <translation>εμφάνιση ή απόκρυψη βοήθειας</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>pause / resume the table</source>
        <translation>παύση / συνέχεια τραπεζιού</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>accept the held card, clearing the hold (supervisor PIN)</source>
        <translation>αποδοχή φύλλου σε αναμονή (PIN επόπτη)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="44" />
        <source>show or hide the surveillance panel</source>
        <translation>εμφάνιση ή απόκρυψη του πίνακα επιτήρησης</translation>
    </message>
    <message>
        <location filename="../keys.py" line="46" />
        <source>clear the roads (supervisor PIN)</source>
        <translation>εκκαθάριση δρόμων (PIN επόπτη)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="47" />
        <source>close the help, recall or the surveillance panel; cancel a prompt</source>
        <translation>κλείνει τη βοήθεια, την ανάκληση ή τον πίνακα επιτήρησης· ακυρώνει μια ερώτηση</translation>
    </message>
    <message>
        <location filename="../keys.py" line="49" />
        <source>quit the display</source>
        <translation>έξοδος</translation>
    </message>
    <message>
        <location filename="../keys.py" line="65" />
        <source>on the roads: Dragon 7, banker won with 7 on three cards</source>
        <translation>στους δρόμους: Δράκος 7, ο Τραπεζίτης κέρδισε με 7 σε τρία φύλλα</translation>
    </message>
    <message>
        <location filename="../keys.py" line="67" />
        <source>on the roads: Panda 8, player won with 8 on three cards</source>
        <translation>στους δρόμους: Πάντα 8, ο Παίκτης κέρδισε με 8 σε τρία φύλλα</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="104" />
        <source>Supervisor</source>
        <translation>Επόπτης</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="105" />
        <source>Supervisor PIN:</source>
        <translation>PIN επόπτη:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="110" />
        <source>digits only</source>
        <translation>μόνο ψηφία</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="115" />
        <source>Manual card</source>
        <translation>Χειροκίνητο φύλλο</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="116" />
        <source>Card (rank and suit, e.g. KD, 10H, AS):</source>
        <translation>Φύλλο (αξία και χρώμα, π.χ. KD, 10H, AS):</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="138" />
        <source>Why is the round voided?</source>
        <translation>Γιατί ακυρώνεται ο γύρος;</translation>
    </message>
    <message>
        <location filename="../felt.py" />
        <source>Pass the card through the reader again: {card}</source>
        <translation>Περάστε ξανά το φύλλο από τον αναγνώστη: {card}</translation>
    </message>
    <message>
        <location filename="../header.py" />
        <source>CARD READER: {message}</source>
        <translation>ΑΝΑΓΝΩΣΤΗΣ: {message}</translation>
    </message>
    <message>
        <location filename="../labels.py" />
        <source>cut card</source>
        <translation>κάρτα κοπής</translation>
    </message>
    <message>
        <location filename="../keys.py" />
        <source>the cut card came out (readers that cannot see it)</source>
        <translation>βγήκε η κάρτα κοπής (αναγνώστες που δεν τη βλέπουν)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" />
        <source>, {faults} reader alarms or warnings</source>
        <translation>, {faults} συναγερμοί ή προειδοποιήσεις αναγνώστη</translation>
    </message>
    <message>
        <location filename="../felt.py" line="57" />
        <source>Meanwhile, enter each card by hand (M).</source>
        <translation>Στο μεταξύ, εισαγάγετε κάθε φύλλο με το χέρι (M).</translation>
    </message>
    <message>
        <location filename="../felt.py" line="65" />
        <source>Or enter it by hand (M, supervisor PIN).</source>
        <translation>Ή εισαγάγετέ το με το χέρι (M, PIN επόπτη).</translation>
    </message>
    <message>
        <location filename="../limits.py" line="119" />
        <source>Table limits</source>
        <translation>Όρια τραπεζιού</translation>
    </message>
    <message>
        <location filename="../header.py" line="171" />
        <source>burned {burn} cards</source>
        <translation>κάψιμο {burn} φύλλων</translation>
    </message>
    <message>
        <location filename="../labels.py" line="55" />
        <source>Player natural wins</source>
        <translation>Νίκες Παίκτη με Φυσικό</translation>
    </message>
    <message>
        <location filename="../labels.py" line="57" />
        <source>Banker natural wins</source>
        <translation>Νίκες Τραπεζίτη με Φυσικό</translation>
    </message>
    <message>
        <location filename="../labels.py" line="103" />
        <source>card {card} cannot come from this shoe: all {decks} {card} of its {decks} decks are already out</source>
        <translation>το φύλλο {card} δεν μπορεί να προέρχεται από αυτό το σαμπό: και τα {decks} {card} των {decks} τράπουλών του έχουν ήδη βγει</translation>
    </message>
    <message>
        <location filename="../labels.py" line="106" />
        <source>card {card} was dealt before the bets were closed</source>
        <translation>το φύλλο {card} μοιράστηκε πριν κλείσουν τα στοιχήματα</translation>
    </message>
    <message>
        <location filename="../labels.py" line="108" />
        <source>card {card} was dealt while the table is paused or on hold</source>
        <translation>το φύλλο {card} μοιράστηκε ενώ το τραπέζι είναι σε παύση ή σε αναμονή</translation>
    </message>
    <message>
        <location filename="../labels.py" line="110" />
        <source>card {card} was dealt before the burn was confirmed: the burn comes first</source>
        <translation>το φύλλο {card} μοιράστηκε πριν επιβεβαιωθεί το κάψιμο: πρώτα το κάψιμο</translation>
    </message>
    <message>
        <location filename="../labels.py" line="113" />
        <source>card {card} was dealt before the new shoe was confirmed: it may be from the last shoe</source>
        <translation>το φύλλο {card} μοιράστηκε πριν επιβεβαιωθεί το νέο σαμπό: ίσως είναι από το προηγούμενο</translation>
    </message>
    <message>
        <location filename="../labels.py" line="116" />
        <source>the shoe sent a frame out of sequence ({message}): a card may be lost</source>
        <translation>το σαμπό έστειλε πλαίσιο εκτός σειράς ({message}): ίσως χάθηκε ένα φύλλο</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <source>confirm the burn (a reader that cannot see burn cards)</source>
        <translation>επιβεβαίωση καψίματος (αναγνώστης που δεν βλέπει τα καμένα φύλλα)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>enter a card by hand (supervisor PIN while the reader works)</source>
        <translation>εισαγωγή φύλλου με το χέρι (PIN επόπτη όσο λειτουργεί ο αναγνώστης)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="39" />
        <source>show or hide the last 10 rounds (recall)</source>
        <translation>εμφάνιση ή απόκρυψη των τελευταίων 10 γύρων</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>confirm a new shoe; end the shoe in play (supervisor PIN)</source>
        <translation>επιβεβαίωση νέου σαμπό· λήξη του σαμπό σε εξέλιξη (PIN επόπτη)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="45" />
        <source>void the round in play or on hold (reason, name, supervisor PIN)</source>
        <translation>ακύρωση γύρου σε εξέλιξη ή σε αναμονή (αιτία, όνομα, PIN επόπτη)</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="46" />
        <source>OK</source>
        <translation>Εντάξει</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="47" />
        <source>Cancel</source>
        <translation>Άκυρο</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="151" />
        <source>Supervisor's name:</source>
        <translation>Όνομα επόπτη:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="158" />
        <source>Void round {round} of shoe {shoe}</source>
        <translation>Ακύρωση γύρου {round} του σαμπό {shoe}</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="160" />
        <source>Void the held cards (shoe {shoe}, after round {round})</source>
        <translation>Ακύρωση των φύλλων σε αναμονή (σαμπό {shoe}, μετά τον γύρο {round})</translation>
    </message>
</context></TS>
