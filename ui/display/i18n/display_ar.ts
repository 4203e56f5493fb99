<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar">
<context>
    <name>display</name>
    <message>
        <location filename="../header.py" line="269" />
        <location filename="../felt.py" line="51" />
        <source>CARD READER DISCONNECTED</source>
        <translation>قارئ الأوراق غير متصل</translation>
    </message>
    <message>
        <location filename="../felt.py" line="52" />
        <source>Dealing waits until the reader is connected again.</source>
        <translation>التوزيع متوقف حتى يعود القارئ للاتصال.</translation>
    </message>
    <message>
        <location filename="../felt.py" line="55" />
        <source>Rescan the card: {card}</source>
        <translation>أعد مسح الورقة: {card}</translation>
    </message>
    <message>
        <location filename="../felt.py" line="58" />
        <source>{count} misreads</source>
        <translation>{count} قراءات فاشلة</translation>
    </message>
    <message>
        <location filename="../felt.py" line="60" />
        <source>RESCAN</source>
        <translation>أعد المسح</translation>
    </message>
    <message>
        <location filename="../felt.py" line="71" />
        <source>{message}
A supervisor must accept the card (A) or void the round (V).</source>
        <translation>{message}
يجب على المشرف قبول الورقة (A) أو إلغاء الجولة (V).</translation>
    </message>
    <message>
        <location filename="../felt.py" line="77" />
        <source>JOURNAL FAILED</source>
        <translation>فشل السجل</translation>
    </message>
    <message>
        <location filename="../felt.py" line="78" />
        <source>TABLE STOPPED</source>
        <translation>توقفت الطاولة</translation>
    </message>
    <message>
        <location filename="../felt.py" line="79" />
        <source>{reason}
The table cannot play until this is fixed: call a technician.</source>
        <translation>{reason}
لا يمكن للطاولة اللعب حتى يتم إصلاح ذلك: اتصل بفني.</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Shoe</source>
        <translation>الصندوق</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Round</source>
        <translation>الجولة</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="160" />
        <location filename="../recall.py" line="20" />
        <source>PLAYER</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="161" />
        <location filename="../recall.py" line="20" />
        <source>BANKER</source>
        <translation>البانكر</translation>
    </message>
    <message>
        <location filename="../recall.py" line="21" />
        <source>Result</source>
        <translation>النتيجة</translation>
    </message>
    <message>
        <location filename="../recall.py" line="26" />
        <source>VOID: {reason}</source>
        <translation>ملغاة: {reason}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="111" />
        <source>Last {hands} hands</source>
        <translation>آخر {hands} يد</translation>
    </message>
    <message>
        <location filename="../window.py" line="241" />
        <location filename="../stats_panel.py" line="112" />
        <source>No hands yet</source>
        <translation>لا جولات بعد</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="118" />
        <source>Streak: {side} {count}</source>
        <translation>السلسلة: {side} {count}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="120" />
        <source>Streak: none yet</source>
        <translation>السلسلة: لا شيء بعد</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="121" />
        <source>Longest: Banker {banker}  Player {player}</source>
        <translation>الأطول: البانكر {banker}  اللاعب {player}</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="186" />
        <source>Bead Plate</source>
        <translation>لوحة الخرز</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="188" />
        <source>B</source>
        <translation>ب</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="189" />
        <source>P</source>
        <translation>ل</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="190" />
        <source>T</source>
        <translation>ت</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="203" />
        <source>Big Road</source>
        <translation>الطريق الكبير</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="219" />
        <source>Big Eye Boy</source>
        <translation>العين الكبيرة</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="220" />
        <source>Small Road</source>
        <translation>الطريق الصغير</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="221" />
        <source>Cockroach Pig</source>
        <translation>الصرصور</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="243" />
        <source>Next hand</source>
        <translation>اليد التالية</translation>
    </message>
    <message>
        <location filename="../window.py" line="61" />
        <source>Baccarat table</source>
        <translation>طاولة باكارات</translation>
    </message>
    <message>
        <location filename="../window.py" line="239" />
        <source>Last rounds</source>
        <translation>الجولات الأخيرة</translation>
    </message>
    <message>
        <location filename="../window.py" line="248" />
        <source>Operator keys</source>
        <translation>مفاتيح المشغل</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="81" />
        <source>NATURAL</source>
        <translation>طبيعي</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="87" />
        <source>Player and Banker bets are returned</source>
        <translation>تُعاد رهانات اللاعب والبانكر</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="92" />
        <source>returned: {bets}</source>
        <translation>تُعاد: {bets}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="96" />
        <source>cards out of the shoe</source>
        <translation>الأوراق الخارجة من الصندوق</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="191" />
        <source>Scanner: {misreads} misreads in {cards} cards ({per_100} per 100), {rescans} rescans per card, rescan {rescan}, {disconnects} disconnects</source>
        <translation>القارئ: {misreads} قراءة خاطئة في {cards} ورقة ({per_100} لكل 100)، {rescans} إعادة مسح لكل ورقة، إعادة المسح {rescan}، {disconnects} انقطاع</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="202" />
        <source>round {round}: scanner misreads {per_100} per 100 cards (level {level})</source>
        <translation>الجولة {round}: قراءات خاطئة {per_100} لكل 100 ورقة (الحد {level})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="206" />
        <source>round {round}: {bet} alert raised at {rtp} (threshold {threshold})</source>
        <translation>الجولة {round}: إنذار {bet} عند {rtp} (الحد {threshold})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="207" />
        <source>round {round}: {bet} alert cleared at {rtp} (threshold {threshold})</source>
        <translation>الجولة {round}: انتهى إنذار {bet} عند {rtp} (الحد {threshold})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="212" />
        <source>, closed</source>
        <translation>، مغلق</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="214" />
        <source>round {round}: integrity: {cards} of {card}, more than the decks hold</source>
        <translation>الجولة {round}: السلامة: {cards} من {card}، أكثر مما في الأوراق</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="218" />
        <source>round {round}: integrity: {kind}, {cards} cards from card {first} in shoe {earlier}'s order{turned}</source>
        <translation>الجولة {round}: السلامة: {kind}، {cards} ورقة من الورقة {first} بترتيب الحذاء {earlier}{turned}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="222" />
        <source> reversed</source>
        <translation> معكوسًا</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="233" />
        <source>No returns: this shoe's profile has no [surveillance] table.</source>
        <translation>لا عوائد: ملف هذا الصندوق ليس فيه جدول [surveillance].</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="236" />
        <source>Computing the returns...</source>
        <translation>جارٍ حساب العوائد…</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="237" />
        <source>as of card {card}</source>
        <translation>حتى الورقة {card}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="239" />
        <source>{as_of}, {left} cards left</source>
        <translation>{as_of}، الأوراق المتبقية {left}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="242" />
        <source>{as_of}; the shoe ended at card {cards}</source>
        <translation>{as_of}؛ انتهى الصندوق عند الورقة {cards}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="244" />
        <source>{as_of}, the table is at card {table}</source>
        <translation>{as_of}، والطاولة عند الورقة {table}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="247" />
        <source>{behind}: no result for {seconds} s (stalled)</source>
        <translation>{behind}: لا نتيجة منذ {seconds} ث (متوقف)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="267" />
        <source>Surveillance</source>
        <translation>المراقبة</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="317" />
        <source>closed</source>
        <translation>مغلق</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="324" />
        <source>Surveillance &amp;middot; shoe {shoe}</source>
        <translation>المراقبة &amp;middot; الصندوق {shoe}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="326" />
        <source>Surveillance: no shoe yet</source>
        <translation>المراقبة: لا صندوق بعد</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="334" />
        <source>Alerts:</source>
        <translation>الإنذارات:</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="336" />
        <source>No alerts this shoe.</source>
        <translation>لا إنذارات في هذا الصندوق.</translation>
    </message>
    <message>
        <location filename="../header.py" line="75" />
        <source>{bets}, until round {round}</source>
        <translation>{bets}، حتى الجولة {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="95" />
        <source>{bets} from round {round}</source>
        <translation>{bets} من الجولة {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="99" />
        <source>closed: {bets}</source>
        <translation>مغلق: {bets}</translation>
    </message>
    <message>
        <location filename="../header.py" line="184" />
        <source>journal: none</source>
        <translation>السجل: لا يوجد</translation>
    </message>
    <message>
        <location filename="../header.py" line="187" />
        <source>journal: ok</source>
        <translation>السجل: سليم</translation>
    </message>
    <message>
        <location filename="../header.py" line="190" />
        <source>JOURNAL FAILED: {reason}</source>
        <translation>فشل السجل: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="199" />
        <source>feed: connected</source>
        <translation>البث: متصل</translation>
    </message>
    <message>
        <location filename="../header.py" line="202" />
        <source>feed: {count} waiting</source>
        <translation>البث: {count} في الانتظار</translation>
    </message>
    <message>
        <location filename="../header.py" line="205" />
        <source>feed: offline, {count} waiting</source>
        <translation>البث: غير متصل، {count} في الانتظار</translation>
    </message>
    <message>
        <location filename="../header.py" line="215" />
        <source>refused: {action}: {reason}</source>
        <translation>مرفوض: {action}: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="237" />
        <source>shoe {shoe}  round {round}</source>
        <translation>الصندوق {shoe}  الجولة {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="239" />
        <source>cards left {count}</source>
        <translation>الأوراق المتبقية {count}</translation>
    </message>
    <message>
        <location filename="../header.py" line="243" />
        <source>CUT CARD: last round {round}</source>
        <translation>ورقة القطع: الجولة الأخيرة {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="254" />
        <source>INTEGRITY ALERT: {kind}, {cards} cards</source>
        <translation>تنبيه سلامة الشو: {kind}، {cards} ورقة</translation>
    </message>
    <message>
        <location filename="../header.py" line="258" />
        <source>JOURNAL CHECK FAILED: {finding}</source>
        <translation>فشل فحص السجل: {finding}</translation>
    </message>
    <message>
        <location filename="../header.py" line="262" />
        <source>JOURNAL DISK: {days} days of space left</source>
        <translation>قرص السجل: مساحة تكفي {days} يومًا</translation>
    </message>
    <message>
        <location filename="../header.py" line="266" />
        <source>card reader connected</source>
        <translation>قارئ الأوراق متصل</translation>
    </message>
    <message>
        <location filename="../labels.py" line="13" />
        <source>Player</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="14" />
        <source>Banker</source>
        <translation>البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="15" />
        <source>Tie</source>
        <translation>تعادل</translation>
    </message>
    <message>
        <location filename="../labels.py" line="16" />
        <source>Player Pair</source>
        <translation>زوج اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="17" />
        <source>Banker Pair</source>
        <translation>زوج البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="18" />
        <source>Any Pair</source>
        <translation>أي زوج</translation>
    </message>
    <message>
        <location filename="../labels.py" line="19" />
        <source>Small Tiger</source>
        <translation>النمر الصغير</translation>
    </message>
    <message>
        <location filename="../labels.py" line="20" />
        <source>Big Tiger</source>
        <translation>النمر الكبير</translation>
    </message>
    <message>
        <location filename="../labels.py" line="21" />
        <source>Lucky Six</source>
        <translation>الستة المحظوظة</translation>
    </message>
    <message>
        <location filename="../labels.py" line="22" />
        <source>Player Natural</source>
        <translation>اللاعب الطبيعي</translation>
    </message>
    <message>
        <location filename="../labels.py" line="23" />
        <source>Banker Natural</source>
        <translation>البانكر الطبيعي</translation>
    </message>
    <message>
        <location filename="../labels.py" line="24" />
        <source>Dragon 7</source>
        <translation>التنين 7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="25" />
        <source>Panda 8</source>
        <translation>الباندا 8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="26" />
        <source>Player Dragon Bonus</source>
        <translation>مكافأة التنين للاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27" />
        <source>Banker Dragon Bonus</source>
        <translation>مكافأة التنين للبانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32" />
        <source>DRAGON 7</source>
        <translation>التنين 7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="33" />
        <source>PANDA 8</source>
        <translation>الباندا 8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="37" />
        <source>PLAYER 1st CARD</source>
        <translation>اللاعب الورقة 1</translation>
    </message>
    <message>
        <location filename="../labels.py" line="38" />
        <source>BANKER 1st CARD</source>
        <translation>البانكر الورقة 1</translation>
    </message>
    <message>
        <location filename="../labels.py" line="39" />
        <source>PLAYER 2nd CARD</source>
        <translation>اللاعب الورقة 2</translation>
    </message>
    <message>
        <location filename="../labels.py" line="40" />
        <source>BANKER 2nd CARD</source>
        <translation>البانكر الورقة 2</translation>
    </message>
    <message>
        <location filename="../labels.py" line="41" />
        <source>PLAYER 3rd CARD</source>
        <translation>اللاعب الورقة 3</translation>
    </message>
    <message>
        <location filename="../labels.py" line="42" />
        <source>BANKER 3rd CARD</source>
        <translation>البانكر الورقة 3</translation>
    </message>
    <message>
        <location filename="../labels.py" line="43" />
        <source>REVEAL CARD</source>
        <translation>ورقة الكشف</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44" />
        <source>BURN CARD</source>
        <translation>ورقة الحرق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48" />
        <source>PLAYER WINS {total}</source>
        <translation>فوز اللاعب {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="49" />
        <source>BANKER WINS {total}</source>
        <translation>فوز البانكر {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="50" />
        <source>TIE {total}</source>
        <translation>تعادل {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="54" />
        <source>Player wins</source>
        <translation>فوز اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="56" />
        <source>Banker wins</source>
        <translation>فوز البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="58" />
        <source>Ties</source>
        <translation>التعادلات</translation>
    </message>
    <message>
        <location filename="../labels.py" line="59" />
        <source>Player pairs</source>
        <translation>أزواج اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="60" />
        <source>Banker pairs</source>
        <translation>أزواج البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65" />
        <source>SHUFFLE, then confirm the new shoe (N)</source>
        <translation>اخلط، ثم أكّد الصندوق الجديد (N)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66" />
        <source>NEW SHOE: deal the reveal card</source>
        <translation>صندوق جديد: اكشف الورقة الأولى</translation>
    </message>
    <message>
        <location filename="../labels.py" line="67" />
        <source>BURN {burn} CARDS</source>
        <translation>احرق {burn} أوراق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="68" />
        <source>BURN {burn} CARDS, then confirm the burn (B)</source>
        <translation>احرق {burn} أوراق، ثم أكّد الحرق (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="70" />
        <source>PLACE YOUR BETS</source>
        <translation>ضعوا رهاناتكم</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71" />
        <source>NO MORE BETS</source>
        <translation>لا مزيد من الرهانات</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72" />
        <source>PAUSED</source>
        <translation>متوقف مؤقتًا</translation>
    </message>
    <message>
        <location filename="../labels.py" line="73" />
        <source>HOLD</source>
        <translation>إيقاف</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74" />
        <source>SHOE ENDED: shuffle, then confirm the new shoe</source>
        <translation>انتهى الصندوق: اخلط، ثم أكّد الصندوق الجديد</translation>
    </message>
    <message>
        <location filename="../labels.py" line="79" />
        <source>Classic</source>
        <translation>كلاسيكي</translation>
    </message>
    <message>
        <location filename="../labels.py" line="80" />
        <source>Live</source>
        <translation>مباشر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="81" />
        <source>Big Win</source>
        <translation>الفوز الكبير</translation>
    </message>
    <message>
        <location filename="../labels.py" line="82" />
        <source>No Commission</source>
        <translation>بدون عمولة</translation>
    </message>
    <message>
        <location filename="../labels.py" line="83" />
        <source>Tiger</source>
        <translation>النمر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="84" />
        <source>EZ Baccarat</source>
        <translation>باكارا EZ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="85" />
        <source>Dragon Bonus</source>
        <translation>مكافأة التنين</translation>
    </message>
    <message>
        <location filename="../labels.py" line="90" />
        <source>new shoe</source>
        <translation>صندوق جديد</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <location filename="../labels.py" line="91" />
        <source>confirm the burn</source>
        <translation>تأكيد الحرق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="92" />
        <source>card by hand</source>
        <translation>ورقة يدويًا</translation>
    </message>
    <message>
        <location filename="../labels.py" line="93" />
        <source>void the round</source>
        <translation>إلغاء الجولة</translation>
    </message>
    <message>
        <location filename="../labels.py" line="94" />
        <source>accept the card</source>
        <translation>قبول الورقة</translation>
    </message>
    <message>
        <location filename="../labels.py" line="95" />
        <source>pause</source>
        <translation>إيقاف مؤقت</translation>
    </message>
    <message>
        <location filename="../labels.py" line="96" />
        <source>resume</source>
        <translation>استئناف</translation>
    </message>
    <message>
        <location filename="../labels.py" line="97" />
        <source>clear the roads</source>
        <translation>مسح الطرق</translation>
    </message>
    <message>
        <location filename="../keys.py" line="27" />
        <source>show or hide this help</source>
        <translation>إظهار أو إخفاء هذه المساعدة</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>pause / resume the table</source>
        <translation>إيقاف / استئناف الطاولة</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>accept the held card, clearing the hold (supervisor PIN)</source>
        <translation>قبول الورقة المعلقة (رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="44" />
        <source>show or hide the surveillance panel</source>
        <translation>إظهار لوحة المراقبة أو إخفاؤها</translation>
    </message>
    <message>
        <location filename="../keys.py" line="46" />
        <source>clear the roads (supervisor PIN)</source>
        <translation>مسح الطرق (رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="47" />
        <source>close the help, recall or the surveillance panel; cancel a prompt</source>
        <translation>إغلاق المساعدة أو السجل أو لوحة المراقبة؛ إلغاء الإدخال</translation>
    </message>
    <message>
        <location filename="../keys.py" line="49" />
        <source>quit the display</source>
        <translation>إنهاء العرض</translation>
    </message>
    <message>
        <location filename="../keys.py" line="65" />
        <source>on the roads: Dragon 7, banker won with 7 on three cards</source>
        <translation>على الطرق: التنين 7، فاز البانكر بـ 7 على ثلاث أوراق</translation>
    </message>
    <message>
        <location filename="../keys.py" line="67" />
        <source>on the roads: Panda 8, player won with 8 on three cards</source>
        <translation>على الطرق: الباندا 8، فاز اللاعب بـ 8 على ثلاث أوراق</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="104" />
        <source>Supervisor</source>
        <translation>المشرف</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="105" />
        <source>Supervisor PIN:</source>
        <translation>رمز المشرف:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="110" />
        <source>digits only</source>
        <translation>أرقام فقط</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="115" />
        <source>Manual card</source>
        <translation>بطاقة يدوية</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="116" />
        <source>Card (rank and suit, e.g. KD, 10H, AS):</source>
        <translation>الورقة (الرتبة والنوع، مثل KD, 10H, AS):</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="138" />
        <source>Why is the round voided?</source>
        <translation>لماذا تُلغى الجولة؟</translation>
    </message>
    <message>
        <location filename="../felt.py" />
        <source>Pass the card through the reader again: {card}</source>
        <translation>مرّر الورقة عبر القارئ مرة أخرى: {card}</translation>
    </message>
    <message>
        <location filename="../header.py" />
        <source>CARD READER: {message}</source>
        <translation>قارئ الأوراق: {message}</translation>
    </message>
    <message>
        <location filename="../labels.py" />
        <source>cut card</source>
        <translation>ورقة القطع</translation>
    </message>
    <message>
        <location filename="../keys.py" />
        <source>the cut card came out (readers that cannot see it)</source>
        <translation>خرجت ورقة القطع (للقارئات التي لا تراها)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" />
        <source>, {faults} reader alarms or warnings</source>
        <translation>، {faults} من إنذارات القارئ أو تحذيراته</translation>
    </message>
    <message>
        <location filename="../felt.py" line="57" />
        <source>Meanwhile, enter each card by hand (M).</source>
        <translation>في الأثناء، أدخل كل ورقة يدويًا (M).</translation>
    </message>
    <message>
        <location filename="../felt.py" line="65" />
        <source>Or enter it by hand (M, supervisor PIN).</source>
        <translation>أو أدخلها يدويًا (M، رمز المشرف).</translation>
    </message>
    <message>
        <location filename="../limits.py" line="119" />
        <source>Table limits</source>
        <translation>حدود الطاولة</translation>
    </message>
    <message>
        <location filename="../header.py" line="171" />
        <source>burned {burn} cards</source>
        <translation>حُرقت {burn} أوراق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="55" />
        <source>Player natural wins</source>
        <translation>فوز طبيعي للاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="57" />
        <source>Banker natural wins</source>
        <translation>فوز طبيعي للبانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="103" />
        <source>card {card} cannot come from this shoe: all {decks} {card} of its {decks} decks are already out</source>
        <translation>الورقة {card} لا يمكن أن تكون من هذا الصندوق: خرجت كل نسخها في مجموعاته الـ {decks}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="106" />
        <source>card {card} was dealt before the bets were closed</source>
        <translation>وُزّعت الورقة {card} قبل إغلاق الرهانات</translation>
    </message>
    <message>
        <location filename="../labels.py" line="108" />
        <source>card {card} was dealt while the table is paused or on hold</source>
        <translation>وُزّعت الورقة {card} والطاولة متوقفة مؤقتًا أو موقوفة</translation>
    </message>
    <message>
        <location filename="../labels.py" line="110" />
        <source>card {card} was dealt before the burn was confirmed: the burn comes first</source>
        <translation>وُزّعت الورقة {card} قبل تأكيد الحرق: الحرق أولًا</translation>
    </message>
    <message>
        <location filename="../labels.py" line="113" />
        <source>card {card} was dealt before the new shoe was confirmed: it may be from the last shoe</source>
        <translation>وُزّعت الورقة {card} قبل تأكيد الصندوق الجديد: قد تكون من الصندوق السابق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="116" />
        <source>the shoe sent a frame out of sequence ({message}): a card may be lost</source>
        <translation>أرسل الصندوق إطارًا خارج التسلسل ({message}): ربما فُقدت ورقة</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <source>confirm the burn (a reader that cannot see burn cards)</source>
        <translation>تأكيد الحرق (قارئ لا يرى أوراق الحرق)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>enter a card by hand (supervisor PIN while the reader works)</source>
        <translation>إدخال ورقة يدويًا (رمز المشرف ما دام القارئ يعمل)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="39" />
        <source>show or hide the last 10 rounds (recall)</source>
        <translation>إظهار أو إخفاء آخر 10 جولات</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>confirm a new shoe; end the shoe in play (supervisor PIN)</source>
        <translation>تأكيد صندوق جديد؛ إنهاء الصندوق الجاري (رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="45" />
        <source>void the round in play or on hold (reason, name, supervisor PIN)</source>
        <translation>إلغاء الجولة الجارية أو الموقوفة (السبب، الاسم، رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="46" />
        <source>OK</source>
        <translation>موافق</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="47" />
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="151" />
        <source>Supervisor's name:</source>
        <translation>اسم المشرف:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="158" />
        <source>Void round {round} of shoe {shoe}</source>
        <translation>إلغاء الجولة {round} من الصندوق {shoe}</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="160" />
        <source>Void the held cards (shoe {shoe}, after round {round})</source>
        <translation>إلغاء الأوراق الموقوفة (الصندوق {shoe}، بعد الجولة {round})</translation>
    </message>
</context></TS>
