<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>display</name>
    <message>
        <location filename="../header.py" line="269" />
        <location filename="../felt.py" line="51" />
        <source>CARD READER DISCONNECTED</source>
        <translation>СЧИТЫВАТЕЛЬ ОТКЛЮЧЁН</translation>
    </message>
    <message>
        <location filename="../felt.py" line="52" />
        <source>Dealing waits until the reader is connected again.</source>
        <translation>Сдача ждёт, пока считыватель не подключится снова.</translation>
    </message>
    <message>
        <location filename="../felt.py" line="55" />
        <source>Rescan the card: {card}</source>
        <translation>Отсканируйте снова: {card}</translation>
    </message>
    <message>
        <location filename="../felt.py" line="58" />
        <source>{count} misreads</source>
        <translation>{count} ошибок чтения</translation>
    </message>
    <message>
        <location filename="../felt.py" line="60" />
        <source>RESCAN</source>
        <translation>ПЕРЕСКАН</translation>
    </message>
    <message>
        <location filename="../felt.py" line="71" />
        <source>{message}
A supervisor must accept the card (A) or void the round (V).</source>
        <translation>{message}
Супервайзер должен принять карту (A) или аннулировать раунд (V).</translation>
    </message>
    <message>
        <location filename="../felt.py" line="77" />
        <source>JOURNAL FAILED</source>
        <translation>СБОЙ ЖУРНАЛА</translation>
    </message>
    <message>
        <location filename="../felt.py" line="78" />
        <source>TABLE STOPPED</source>
        <translation>СТОЛ ОСТАНОВЛЕН</translation>
    </message>
    <message>
        <location filename="../felt.py" line="79" />
        <source>{reason}
The table cannot play until this is fixed: call a technician.</source>
        <translation>{reason}
Стол не может работать, пока это не исправлено: вызовите техника.</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Shoe</source>
        <translation>Шуз</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="160" />
        <location filename="../recall.py" line="20" />
        <source>PLAYER</source>
        <translation>ИГРОК</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="161" />
        <location filename="../recall.py" line="20" />
        <source>BANKER</source>
        <translation>БАНКИР</translation>
    </message>
    <message>
        <location filename="../recall.py" line="21" />
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <location filename="../recall.py" line="26" />
        <source>VOID: {reason}</source>
        <translation>АННУЛИРОВАН: {reason}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="111" />
        <source>Last {hands} hands</source>
        <translation>Последние {hands} раздач</translation>
    </message>
    <message>
        <location filename="../window.py" line="241" />
        <location filename="../stats_panel.py" line="112" />
        <source>No hands yet</source>
        <translation>Раздач ещё нет</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="118" />
        <source>Streak: {side} {count}</source>
        <translation>Серия: {side} {count}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="120" />
        <source>Streak: none yet</source>
        <translation>Серия: пока нет</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="121" />
        <source>Longest: Banker {banker}  Player {player}</source>
        <translation>Макс.: Банкир {banker}  Игрок {player}</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="186" />
        <source>Bead Plate</source>
        <translation>Бисерная дорога</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="188" />
        <source>B</source>
        <translation>Б</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="189" />
        <source>P</source>
        <translation>И</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="190" />
        <source>T</source>
        <translation>Н</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="203" />
        <source>Big Road</source>
        <translation>Большая дорога</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="219" />
        <source>Big Eye Boy</source>
        <translation>Большой глаз</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="220" />
        <source>Small Road</source>
        <translation>Малая дорога</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="221" />
        <source>Cockroach Pig</source>
        <translation>Таракан</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="243" />
        <source>Next hand</source>
        <translation>Следующая раздача</translation>
    </message>
    <message>
        <location filename="../window.py" line="61" />
        <source>Baccarat table</source>
        <translation>Стол баккара</translation>
    </message>
    <message>
        <location filename="../window.py" line="239" />
        <source>Last rounds</source>
        <translation>Последние раунды</translation>
    </message>
    <message>
        <location filename="../window.py" line="248" />
        <source>Operator keys</source>
        <translation>Клавиши оператора</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="81" />
        <source>NATURAL</source>
        <translation>НАТУРАЛЬНАЯ</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="87" />
        <source>Player and Banker bets are returned</source>
        <translation>Ставки на игрока и банкира возвращаются</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="92" />
        <source>returned: {bets}</source>
        <translation>возвращаются: {bets}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="96" />
        <source>cards out of the shoe</source>
        <translation>карт вышло из шуза</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="191" />
        <source>Scanner: {misreads} misreads in {cards} cards ({per_100} per 100), {rescans} rescans per card, rescan {rescan}, {disconnects} disconnects</source>
        <translation>Сканер: {misreads} ошибок чтения на {cards} карт ({per_100} на 100), {rescans} пересканирований на карту, пересканирование {rescan}, {disconnects} отключений</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="202" />
        <source>round {round}: scanner misreads {per_100} per 100 cards (level {level})</source>
        <translation>раунд {round}: ошибок чтения {per_100} на 100 карт (порог {level})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="206" />
        <source>round {round}: {bet} alert raised at {rtp} (threshold {threshold})</source>
        <translation>раунд {round}: тревога по {bet} при {rtp} (порог {threshold})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="207" />
        <source>round {round}: {bet} alert cleared at {rtp} (threshold {threshold})</source>
        <translation>раунд {round}: тревога по {bet} снята при {rtp} (порог {threshold})</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="212" />
        <source>, closed</source>
        <translation>, закрыта</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="214" />
        <source>round {round}: integrity: {cards} of {card}, more than the decks hold</source>
        <translation>раунд {round}: целостность: {cards} карт {card}, больше, чем в колодах</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="218" />
        <source>round {round}: integrity: {kind}, {cards} cards from card {first} in shoe {earlier}'s order{turned}</source>
        <translation>раунд {round}: целостность: {kind}, {cards} карт с карты {first} в порядке шуза {earlier}{turned}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="222" />
        <source> reversed</source>
        <translation> в обратном порядке</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="233" />
        <source>No returns: this shoe's profile has no [surveillance] table.</source>
        <translation>Нет отдач: в профиле этого шуза нет таблицы [surveillance].</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="236" />
        <source>Computing the returns...</source>
        <translation>Отдачи вычисляются…</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="237" />
        <source>as of card {card}</source>
        <translation>на карту {card}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="239" />
        <source>{as_of}, {left} cards left</source>
        <translation>{as_of}, осталось карт {left}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="242" />
        <source>{as_of}; the shoe ended at card {cards}</source>
        <translation>{as_of}; шуз закончился на карте {cards}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="244" />
        <source>{as_of}, the table is at card {table}</source>
        <translation>{as_of}, стол уже на карте {table}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="247" />
        <source>{behind}: no result for {seconds} s (stalled)</source>
        <translation>{behind}: нет результата {seconds} с (застряло)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="267" />
        <source>Surveillance</source>
        <translation>Наблюдение</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="317" />
        <source>closed</source>
        <translation>закрыта</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="324" />
        <source>Surveillance &amp;middot; shoe {shoe}</source>
        <translation>Наблюдение &amp;middot; шуз {shoe}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="326" />
        <source>Surveillance: no shoe yet</source>
        <translation>Наблюдение: шуза ещё нет</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="334" />
        <source>Alerts:</source>
        <translation>Тревоги:</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="336" />
        <source>No alerts this shoe.</source>
        <translation>В этом шузе тревог нет.</translation>
    </message>
    <message>
        <location filename="../header.py" line="75" />
        <source>{bets}, until round {round}</source>
        <translation>{bets}, до раунда {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="95" />
        <source>{bets} from round {round}</source>
        <translation>{bets} с раунда {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="99" />
        <source>closed: {bets}</source>
        <translation>закрыто: {bets}</translation>
    </message>
    <message>
        <location filename="../header.py" line="184" />
        <source>journal: none</source>
        <translation>журнал: нет</translation>
    </message>
    <message>
        <location filename="../header.py" line="187" />
        <source>journal: ok</source>
        <translation>журнал: в порядке</translation>
    </message>
    <message>
        <location filename="../header.py" line="190" />
        <source>JOURNAL FAILED: {reason}</source>
        <translation>СБОЙ ЖУРНАЛА: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="199" />
        <source>feed: connected</source>
        <translation>трансляция: подключена</translation>
    </message>
    <message>
        <location filename="../header.py" line="202" />
        <source>feed: {count} waiting</source>
        <translation>трансляция: ожидают {count}</translation>
    </message>
    <message>
        <location filename="../header.py" line="205" />
        <source>feed: offline, {count} waiting</source>
        <translation>трансляция: нет связи, ожидают {count}</translation>
    </message>
    <message>
        <location filename="../header.py" line="215" />
        <source>refused: {action}: {reason}</source>
        <translation>отказано: {action}: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="237" />
        <source>shoe {shoe}  round {round}</source>
        <translation>шуз {shoe}  раунд {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="239" />
        <source>cards left {count}</source>
        <translation>осталось карт {count}</translation>
    </message>
    <message>
        <location filename="../header.py" line="243" />
        <source>CUT CARD: last round {round}</source>
        <translation>ПОДРЕЗНАЯ КАРТА: последний раунд {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="254" />
        <source>INTEGRITY ALERT: {kind}, {cards} cards</source>
        <translation>ТРЕВОГА ЦЕЛОСТНОСТИ ШУЗА: {kind}, {cards} карт</translation>
    </message>
    <message>
        <location filename="../header.py" line="258" />
        <source>JOURNAL CHECK FAILED: {finding}</source>
        <translation>ПРОВЕРКА ЖУРНАЛА НЕ ПРОЙДЕНА: {finding}</translation>
    </message>
    <message>
        <location filename="../header.py" line="262" />
        <source>JOURNAL DISK: {days} days of space left</source>
        <translation>ДИСК ЖУРНАЛА: места на {days} дн.</translation>
    </message>
    <message>
        <location filename="../header.py" line="266" />
        <source>card reader connected</source>
        <translation>считыватель подключён</translation>
    </message>
    <message>
        <location filename="../labels.py" line="13" />
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../labels.py" line="14" />
        <source>Banker</source>
        <translation>Банкир</translation>
    </message>
    <message>
        <location filename="../labels.py" line="15" />
        <source>Tie</source>
        <translation>Ничья</translation>
    </message>
    <message>
        <location filename="../labels.py" line="16" />
        <source>Player Pair</source>
        <translation>Пара игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="17" />
        <source>Banker Pair</source>
        <translation>Пара банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="18" />
        <source>Any Pair</source>
        <translation>Любая пара</translation>
    </message>
    <message>
        <location filename="../labels.py" line="19" />
        <source>Small Tiger</source>
        <translation>Малый тигр</translation>
    </message>
    <message>
        <location filename="../labels.py" line="20" />
        <source>Big Tiger</source>
        <translation>Большой тигр</translation>
    </message>
    <message>
        <location filename="../labels.py" line="21" />
        <source>Lucky Six</source>
        <translation>Счастливая шестёрка</translation>
    </message>
    <message>
        <location filename="../labels.py" line="22" />
        <source>Player Natural</source>
        <translation>Натуральная у игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="23" />
        <source>Banker Natural</source>
        <translation>Натуральная у банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="24" />
        <source>Dragon 7</source>
        <translation>Дракон 7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="25" />
        <source>Panda 8</source>
        <translation>Панда 8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="26" />
        <source>Player Dragon Bonus</source>
        <translation>Бонус дракона на игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27" />
        <source>Banker Dragon Bonus</source>
        <translation>Бонус дракона на банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32" />
        <source>DRAGON 7</source>
        <translation>ДРАКОН 7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="33" />
        <source>PANDA 8</source>
        <translation>ПАНДА 8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="37" />
        <source>PLAYER 1st CARD</source>
        <translation>ИГРОК 1-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="38" />
        <source>BANKER 1st CARD</source>
        <translation>БАНКИР 1-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="39" />
        <source>PLAYER 2nd CARD</source>
        <translation>ИГРОК 2-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="40" />
        <source>BANKER 2nd CARD</source>
        <translation>БАНКИР 2-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="41" />
        <source>PLAYER 3rd CARD</source>
        <translation>ИГРОК 3-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="42" />
        <source>BANKER 3rd CARD</source>
        <translation>БАНКИР 3-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="43" />
        <source>REVEAL CARD</source>
        <translation>ОТКРЫВАЕМАЯ КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44" />
        <source>BURN CARD</source>
        <translation>СЖИГАЕМАЯ КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48" />
        <source>PLAYER WINS {total}</source>
        <translation>ВЫИГРАЛ ИГРОК {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="49" />
        <source>BANKER WINS {total}</source>
        <translation>ВЫИГРАЛ БАНКИР {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="50" />
        <source>TIE {total}</source>
        <translation>НИЧЬЯ {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="54" />
        <source>Player wins</source>
        <translation>Победы игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="56" />
        <source>Banker wins</source>
        <translation>Победы банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="58" />
        <source>Ties</source>
        <translation>Ничьи</translation>
    </message>
    <message>
        <location filename="../labels.py" line="59" />
        <source>Player pairs</source>
        <translation>Пары игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="60" />
        <source>Banker pairs</source>
        <translation>Пары банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65" />
        <source>SHUFFLE, then confirm the new shoe (N)</source>
        <translation>ПЕРЕТАСУЙТЕ и подтвердите новый шуз (N)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66" />
        <source>NEW SHOE: deal the reveal card</source>
        <translation>НОВЫЙ ШУЗ: откройте первую карту</translation>
    </message>
    <message>
        <location filename="../labels.py" line="67" />
        <source>BURN {burn} CARDS</source>
        <translation>СОЖГИТЕ {burn} КАРТ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="68" />
        <source>BURN {burn} CARDS, then confirm the burn (B)</source>
        <translation>СОЖГИТЕ {burn} КАРТ, затем подтвердите сжигание (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="70" />
        <source>PLACE YOUR BETS</source>
        <translation>ДЕЛАЙТЕ СТАВКИ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71" />
        <source>NO MORE BETS</source>
        <translation>СТАВКИ СДЕЛАНЫ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72" />
        <source>PAUSED</source>
        <translation>ПАУЗА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="73" />
        <source>HOLD</source>
        <translation>ОСТАНОВКА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74" />
        <source>SHOE ENDED: shuffle, then confirm the new shoe</source>
        <translation>ШУЗ ЗАКОНЧЕН: перетасуйте и подтвердите новый шуз</translation>
    </message>
    <message>
        <location filename="../labels.py" line="79" />
        <source>Classic</source>
        <translation>Классика</translation>
    </message>
    <message>
        <location filename="../labels.py" line="80" />
        <source>Live</source>
        <translation>Живая игра</translation>
    </message>
    <message>
        <location filename="../labels.py" line="81" />
        <source>Big Win</source>
        <translation>Крупный выигрыш</translation>
    </message>
    <message>
        <location filename="../labels.py" line="82" />
        <source>No Commission</source>
        <translation>Без комиссии</translation>
    </message>
    <message>
        <location filename="../labels.py" line="83" />
        <source>Tiger</source>
        <translation>Тигр</translation>
    </message>
    <message>
        <location filename="../labels.py" line="84" />
        <source>EZ Baccarat</source>
        <translation>EZ Баккара</translation>
    </message>
    <message>
        <location filename="../labels.py" line="85" />
        <source>Dragon Bonus</source>
        <translation>Бонус дракона</translation>
    </message>
    <message>
        <location filename="../labels.py" line="90" />
        <source>new shoe</source>
        <translation>новый шуз</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <location filename="../labels.py" line="91" />
        <source>confirm the burn</source>
        <translation>подтвердить сжигание</translation>
    </message>
    <message>
        <location filename="../labels.py" line="92" />
        <source>card by hand</source>
        <translation>карта вручную</translation>
    </message>
    <message>
        <location filename="../labels.py" line="93" />
        <source>void the round</source>
        <translation>аннулировать раунд</translation>
    </message>
    <message>
        <location filename="../labels.py" line="94" />
        <source>accept the card</source>
        <translation>принять карту</translation>
    </message>
    <message>
        <location filename="../labels.py" line="95" />
        <source>pause</source>
        <translation>пауза</translation>
    </message>
    <message>
        <location filename="../labels.py" line="96" />
        <source>resume</source>
        <translation>продолжить</translation>
    </message>
    <message>
        <location filename="../labels.py" line="97" />
        <source>clear the roads</source>
        <translation>очистить дороги</translation>
    </message>
    <message>
        <location filename="../keys.py" line="27" />
        <source>show or hide this help</source>
        <translation>показать или скрыть справку</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>pause / resume the table</source>
        <translation>пауза / продолжить</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>accept the held card, clearing the hold (supervisor PIN)</source>
        <translation>принять задержанную карту (PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="44" />
        <source>show or hide the surveillance panel</source>
        <translation>показать или скрыть панель наблюдения</translation>
    </message>
    <message>
        <location filename="../keys.py" line="46" />
        <source>clear the roads (supervisor PIN)</source>
        <translation>очистить дороги (PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="47" />
        <source>close the help, recall or the surveillance panel; cancel a prompt</source>
        <translation>закрыть справку, историю или панель наблюдения; отменить ввод</translation>
    </message>
    <message>
        <location filename="../keys.py" line="49" />
        <source>quit the display</source>
        <translation>выйти</translation>
    </message>
    <message>
        <location filename="../keys.py" line="65" />
        <source>on the roads: Dragon 7, banker won with 7 on three cards</source>
        <translation>на дорогах: Дракон 7, банкир выиграл с 7 на трёх картах</translation>
    </message>
    <message>
        <location filename="../keys.py" line="67" />
        <source>on the roads: Panda 8, player won with 8 on three cards</source>
        <translation>на дорогах: Панда 8, игрок выиграл с 8 на трёх картах</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="104" />
        <source>Supervisor</source>
        <translation>Супервайзер</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="105" />
        <source>Supervisor PIN:</source>
        <translation>PIN супервайзера:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="110" />
        <source>digits only</source>
        <translation>только цифры</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="115" />
        <source>Manual card</source>
        <translation>Ручной ввод карты</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="116" />
        <source>Card (rank and suit, e.g. KD, 10H, AS):</source>
        <translation>Карта (ранг и масть, напр. KD, 10H, AS):</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="138" />
        <source>Why is the round voided?</source>
        <translation>Почему раунд аннулирован?</translation>
    </message>
    <message>
        <location filename="../felt.py" />
        <source>Pass the card through the reader again: {card}</source>
        <translation>Проведите карту через считыватель ещё раз: {card}</translation>
    </message>
    <message>
        <location filename="../header.py" />
        <source>CARD READER: {message}</source>
        <translation>СЧИТЫВАТЕЛЬ: {message}</translation>
    </message>
    <message>
        <location filename="../labels.py" />
        <source>cut card</source>
        <translation>подрезная карта</translation>
    </message>
    <message>
        <location filename="../keys.py" />
        <source>the cut card came out (readers that cannot see it)</source>
        <translation>вышла подрезная карта (считыватели, которые её не видят)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" />
        <source>, {faults} reader alarms or warnings</source>
        <translation>, {faults} тревог или предупреждений считывателя</translation>
    </message>
    <message>
        <location filename="../felt.py" line="57" />
        <source>Meanwhile, enter each card by hand (M).</source>
        <translation>А пока вводите каждую карту вручную (M).</translation>
    </message>
    <message>
        <location filename="../felt.py" line="65" />
        <source>Or enter it by hand (M, supervisor PIN).</source>
        <translation>Или введите её вручную (M, PIN супервайзера).</translation>
    </message>
    <message>
        <location filename="../limits.py" line="119" />
        <source>Table limits</source>
        <translation>Лимиты стола</translation>
    </message>
    <message>
        <location filename="../header.py" line="171" />
        <source>burned {burn} cards</source>
        <translation>сожжено {burn} карт</translation>
    </message>
    <message>
        <location filename="../labels.py" line="55" />
        <source>Player natural wins</source>
        <translation>Победы игрока с натуральной</translation>
    </message>
    <message>
        <location filename="../labels.py" line="57" />
        <source>Banker natural wins</source>
        <translation>Победы банкира с натуральной</translation>
    </message>
    <message>
        <location filename="../labels.py" line="103" />
        <source>card {card} cannot come from this shoe: all {decks} {card} of its {decks} decks are already out</source>
        <translation>карта {card} не может быть из этого шуза: все {decks} карт {card} из его {decks} колод уже вышли</translation>
    </message>
    <message>
        <location filename="../labels.py" line="106" />
        <source>card {card} was dealt before the bets were closed</source>
        <translation>карта {card} сдана до закрытия ставок</translation>
    </message>
    <message>
        <location filename="../labels.py" line="108" />
        <source>card {card} was dealt while the table is paused or on hold</source>
        <translation>карта {card} сдана, когда стол на паузе или остановлен</translation>
    </message>
    <message>
        <location filename="../labels.py" line="110" />
        <source>card {card} was dealt before the burn was confirmed: the burn comes first</source>
        <translation>карта {card} сдана до подтверждения сжигания: сначала сжигание</translation>
    </message>
    <message>
        <location filename="../labels.py" line="113" />
        <source>card {card} was dealt before the new shoe was confirmed: it may be from the last shoe</source>
        <translation>карта {card} сдана до подтверждения нового шуза: возможно, из прошлого шуза</translation>
    </message>
    <message>
        <location filename="../labels.py" line="116" />
        <source>the shoe sent a frame out of sequence ({message}): a card may be lost</source>
        <translation>шуз передал кадр вне очереди ({message}): карта могла потеряться</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <source>confirm the burn (a reader that cannot see burn cards)</source>
        <translation>подтвердить сжигание (если считыватель не видит сжигаемые карты)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>enter a card by hand (supervisor PIN while the reader works)</source>
        <translation>ввести карту вручную (PIN супервайзера, пока считыватель работает)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="39" />
        <source>show or hide the last 10 rounds (recall)</source>
        <translation>показать или скрыть последние 10 раундов</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>confirm a new shoe; end the shoe in play (supervisor PIN)</source>
        <translation>подтвердить новый шуз; завершить текущий шуз (PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="45" />
        <source>void the round in play or on hold (reason, name, supervisor PIN)</source>
        <translation>аннулировать текущий или остановленный раунд (причина, имя, PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="46" />
        <source>OK</source>
        <translation>ОК</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="47" />
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="151" />
        <source>Supervisor's name:</source>
        <translation>Имя супервайзера:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="158" />
        <source>Void round {round} of shoe {shoe}</source>
        <translation>Аннулировать раунд {round} шуза {shoe}</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="160" />
        <source>Void the held cards (shoe {shoe}, after round {round})</source>
        <translation>Аннулировать задержанные карты (шуз {shoe}, после раунда {round})</translation>
    </message>
</context></TS>
