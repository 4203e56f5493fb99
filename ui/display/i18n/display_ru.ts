<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>display</name>
    <message>
        <location filename="../stats_panel.py" line="44" />
        <source>Last {hands} hands</source>
        <translation>Последние {hands} раздач</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="173" />
        <source>Bead Plate</source>
        <translation>Бисерная дорога</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="232" />
        <location filename="../roads_panels.py" line="175" />
        <source>B</source>
        <translation>Б</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="232" />
        <location filename="../roads_panels.py" line="176" />
        <source>P</source>
        <translation>И</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="177" />
        <source>T</source>
        <translation>Н</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="188" />
        <source>Big Road</source>
        <translation>Большая дорога</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="208" />
        <source>Big Eye Boy</source>
        <translation>Большой глаз</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="209" />
        <source>Small Road</source>
        <translation>Малая дорога</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="210" />
        <source>Cockroach Pig</source>
        <translation>Таракан</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="233" />
        <source>Next hand</source>
        <translation>Следующая раздача</translation>
    </message>
    <message>
        <location filename="../window.py" line="50" />
        <source>Baccarat table</source>
        <translation>Стол баккара</translation>
    </message>
    <message>
        <location filename="../window.py" line="97" />
        <source>refused: {what}</source>
        <translation>отказано: {what}</translation>
    </message>
    <message>
        <location filename="../window.py" line="117" />
        <source>{message}
A supervisor must accept the card (A) or void the round (V).</source>
        <translation>{message}
Супервайзер должен принять карту (A) или аннулировать раунд (V).</translation>
    </message>
    <message>
        <location filename="../labels.py" line="57" />
        <location filename="../window.py" line="119" />
        <source>HOLD</source>
        <translation>ОСТАНОВКА</translation>
    </message>
    <message>
        <location filename="../window.py" line="131" />
        <source>JOURNAL FAILED</source>
        <translation>СБОЙ ЖУРНАЛА</translation>
    </message>
    <message>
        <location filename="../window.py" line="133" />
        <source>TABLE STOPPED</source>
        <translation>СТОЛ ОСТАНОВЛЕН</translation>
    </message>
    <message>
        <location filename="../window.py" line="134" />
        <source>{reason}
The table cannot play until this is fixed: call a technician.</source>
        <translation>{reason}
Стол не может работать, пока это не исправлено: вызовите техника.</translation>
    </message>
    <message>
        <location filename="../window.py" line="189" />
        <source>Operator keys</source>
        <translation>Клавиши оператора</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="56" />
        <source>NO MORE CARDS</source>
        <translation>КАРТ БОЛЬШЕ НЕТ</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="69" />
        <source>NATURAL</source>
        <translation>НАТУРАЛЬНАЯ</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="108" />
        <location filename="../cards_panel.py" line="105" />
        <source>PLAYER</source>
        <translation>ИГРОК</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="108" />
        <location filename="../cards_panel.py" line="106" />
        <source>BANKER</source>
        <translation>БАНКИР</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="84" />
        <source>journal: none</source>
        <translation>журнал: нет</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="87" />
        <source>journal: ok</source>
        <translation>журнал: в порядке</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="90" />
        <source>JOURNAL FAILED: {reason}</source>
        <translation>СБОЙ ЖУРНАЛА: {reason}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="97" />
        <source>shoe {shoe}  round {round}</source>
        <translation>шуз {shoe}  раунд {round}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="99" />
        <source>cards left {count}</source>
        <translation>осталось карт {count}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="101" />
        <source>burn {burn}</source>
        <translation>сжечь {burn}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="103" />
        <source>CUT CARD: last round {round}</source>
        <translation>КАРТА ОТРЕЗА: последний раунд {round}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="105" />
        <source>closed: {bets}</source>
        <translation>закрыто: {bets}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="110" />
        <source>scanner connected</source>
        <translation>сканер подключён</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="113" />
        <source>SCANNER DISCONNECTED</source>
        <translation>СКАНЕР ОТКЛЮЧЁН</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="120" />
        <source>RESCAN CARD</source>
        <translation>ПОВТОРИТЕ СКАНИРОВАНИЕ</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="147" />
        <source>bets close in {seconds} s</source>
        <translation>ставки закроются через {seconds} с</translation>
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
        <translation>Натуральная игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="23" />
        <source>Banker Natural</source>
        <translation>Натуральная банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27" />
        <source>PLAYER 1st CARD</source>
        <translation>ИГРОК 1-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="28" />
        <source>BANKER 1st CARD</source>
        <translation>БАНКИР 1-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="29" />
        <source>PLAYER 2nd CARD</source>
        <translation>ИГРОК 2-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="30" />
        <source>BANKER 2nd CARD</source>
        <translation>БАНКИР 2-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="31" />
        <source>PLAYER 3rd CARD</source>
        <translation>ИГРОК 3-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32" />
        <source>BANKER 3rd CARD</source>
        <translation>БАНКИР 3-я КАРТА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="36" />
        <source>PLAYER WINS {total}</source>
        <translation>ВЫИГРАЛ ИГРОК {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="37" />
        <source>BANKER WINS {total}</source>
        <translation>ВЫИГРАЛ БАНКИР {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="38" />
        <source>TIE {total}</source>
        <translation>НИЧЬЯ {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="42" />
        <source>Player wins</source>
        <translation>Победы игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="43" />
        <source>Player naturals</source>
        <translation>Натуральные игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44" />
        <source>Banker wins</source>
        <translation>Победы банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="45" />
        <source>Banker naturals</source>
        <translation>Натуральные банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="46" />
        <source>Ties</source>
        <translation>Ничьи</translation>
    </message>
    <message>
        <location filename="../labels.py" line="47" />
        <source>Player pairs</source>
        <translation>Пары игрока</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48" />
        <source>Banker pairs</source>
        <translation>Пары банкира</translation>
    </message>
    <message>
        <location filename="../labels.py" line="52" />
        <source>SHUFFLE: deal the reveal card</source>
        <translation>ТАСОВКА: откройте первую карту</translation>
    </message>
    <message>
        <location filename="../labels.py" line="53" />
        <source>BURNING</source>
        <translation>СЖИГАНИЕ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="54" />
        <source>BURN, then confirm (B)</source>
        <translation>СОЖГИТЕ и подтвердите (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="55" />
        <source>PLACE YOUR BETS</source>
        <translation>ДЕЛАЙТЕ СТАВКИ</translation>
    </message>
    <message>
        <location filename="../labels.py" line="56" />
        <source>PAUSED</source>
        <translation>ПАУЗА</translation>
    </message>
    <message>
        <location filename="../labels.py" line="58" />
        <source>SHOE ENDED</source>
        <translation>ШУЗ ЗАКОНЧЕН</translation>
    </message>
    <message>
        <location filename="../labels.py" line="63" />
        <source>burn {burn} cards, then confirm the burn (B)</source>
        <translation>сожгите {burn} карт, затем подтвердите (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65" />
        <source>shuffle, then deal the reveal card</source>
        <translation>перетасуйте и откройте первую карту</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66" />
        <source>shoe ended: shuffle, then deal the reveal card</source>
        <translation>шуз окончен: перетасуйте и откройте первую карту</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71" />
        <source>card {card} cannot come from this shoe</source>
        <translation>карта {card} не может быть из этого шуза</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72" />
        <source>card {card} was dealt while betting is open</source>
        <translation>карта {card} сдана, пока открыт приём ставок</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74" />
        <source>card {card} was dealt while the table is stopped</source>
        <translation>карта {card} сдана, когда стол остановлен</translation>
    </message>
    <message>
        <location filename="../labels.py" line="76" />
        <source>card {card} was dealt before the burn was confirmed</source>
        <translation>карта {card} сдана до подтверждения сжигания</translation>
    </message>
    <message>
        <location filename="../keys.py" line="25" />
        <source>show or hide this help</source>
        <translation>показать или скрыть справку</translation>
    </message>
    <message>
        <location filename="../keys.py" line="27" />
        <source>confirm the burn</source>
        <translation>подтвердить сжигание</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <source>enter a card by hand</source>
        <translation>ввести карту вручную</translation>
    </message>
    <message>
        <location filename="../keys.py" line="31" />
        <source>pause / resume the table</source>
        <translation>пауза / продолжить</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>the last 10 rounds (recall)</source>
        <translation>последние 10 раундов</translation>
    </message>
    <message>
        <location filename="../keys.py" line="35" />
        <source>new shoe (supervisor PIN while a shoe is in play)</source>
        <translation>новый шуз (PIN супервайзера во время игры)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="37" />
        <source>void the round in play or on hold (supervisor PIN)</source>
        <translation>аннулировать раунд (PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="39" />
        <source>accept the held card, clearing the hold (supervisor PIN)</source>
        <translation>принять задержанную карту (PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="42" />
        <source>clear the roads (supervisor PIN)</source>
        <translation>очистить дороги (PIN супервайзера)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="43" />
        <source>close the help</source>
        <translation>закрыть справку</translation>
    </message>
    <message>
        <location filename="../keys.py" line="44" />
        <source>quit the display</source>
        <translation>выйти</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="68" />
        <source>Supervisor</source>
        <translation>Супервайзер</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="69" />
        <source>Supervisor PIN:</source>
        <translation>PIN супервайзера:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="74" />
        <source>digits only</source>
        <translation>только цифры</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="79" />
        <source>Manual card</source>
        <translation>Ручной ввод карты</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="80" />
        <source>Card (rank and suit, e.g. KD, 10H, AS):</source>
        <translation>Карта (ранг и масть, напр. KD, 10H, AS):</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="97" />
        <source>Void round</source>
        <translation>Аннулировать раунд</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="98" />
        <source>Why is the round voided?</source>
        <translation>Почему раунд аннулирован?</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="106" />
        <source>Last rounds</source>
        <translation>Последние раунды</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="107" />
        <source>Shoe</source>
        <translation>Шуз</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="107" />
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="109" />
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="114" />
        <source>VOID: {reason}</source>
        <translation>АННУЛИРОВАН: {reason}</translation>
    </message>
</context></TS>
