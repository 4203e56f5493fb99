<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar">
<context>
    <name>display</name>
    <message>
        <location filename="../stats_panel.py" line="44" />
        <source>Last {hands} hands</source>
        <translation>آخر {hands} يد</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="173" />
        <source>Bead Plate</source>
        <translation>لوحة الخرز</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="232" />
        <location filename="../roads_panels.py" line="175" />
        <source>B</source>
        <translation>ب</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="232" />
        <location filename="../roads_panels.py" line="176" />
        <source>P</source>
        <translation>ل</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="177" />
        <source>T</source>
        <translation>ت</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="188" />
        <source>Big Road</source>
        <translation>الطريق الكبير</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="208" />
        <source>Big Eye Boy</source>
        <translation>العين الكبيرة</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="209" />
        <source>Small Road</source>
        <translation>الطريق الصغير</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="210" />
        <source>Cockroach Pig</source>
        <translation>الصرصور</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="233" />
        <source>Next hand</source>
        <translation>اليد التالية</translation>
    </message>
    <message>
        <location filename="../window.py" line="50" />
        <source>Baccarat table</source>
        <translation>طاولة باكارات</translation>
    </message>
    <message>
        <location filename="../window.py" line="97" />
        <source>refused: {what}</source>
        <translation>مرفوض: {what}</translation>
    </message>
    <message>
        <location filename="../window.py" line="117" />
        <source>{message}
A supervisor must accept the card (A) or void the round (V).</source>
        <translation>{message}
يجب على المشرف قبول الورقة (A) أو إلغاء الجولة (V).</translation>
    </message>
    <message>
        <location filename="../labels.py" line="57" />
        <location filename="../window.py" line="119" />
        <source>HOLD</source>
        <translation>إيقاف</translation>
    </message>
    <message>
        <location filename="../window.py" line="131" />
        <source>JOURNAL FAILED</source>
        <translation>فشل السجل</translation>
    </message>
    <message>
        <location filename="../window.py" line="133" />
        <source>TABLE STOPPED</source>
        <translation>توقفت الطاولة</translation>
    </message>
    <message>
        <location filename="../window.py" line="134" />
        <source>{reason}
The table cannot play until this is fixed: call a technician.</source>
        <translation>{reason}
لا يمكن للطاولة اللعب حتى يتم إصلاح ذلك: اتصل بفني.</translation>
    </message>
    <message>
        <location filename="../window.py" line="189" />
        <source>Operator keys</source>
        <translation>مفاتيح المشغل</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="56" />
        <source>NO MORE CARDS</source>
        <translation>لا مزيد من البطاقات</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="69" />
        <source>NATURAL</source>
        <translation>طبيعي</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="108" />
        <location filename="../cards_panel.py" line="105" />
        <source>PLAYER</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="108" />
        <location filename="../cards_panel.py" line="106" />
        <source>BANKER</source>
        <translation>البانكر</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="84" />
        <source>journal: none</source>
        <translation>السجل: لا يوجد</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="87" />
        <source>journal: ok</source>
        <translation>السجل: سليم</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="90" />
        <source>JOURNAL FAILED: {reason}</source>
        <translation>فشل السجل: {reason}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="97" />
        <source>shoe {shoe}  round {round}</source>
        <translation>الحذاء {shoe}  الجولة {round}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="99" />
        <source>cards left {count}</source>
        <translation>البطاقات المتبقية {count}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="101" />
        <source>burn {burn}</source>
        <translation>حرق {burn}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="103" />
        <source>CUT CARD: last round {round}</source>
        <translation>البطاقة القاطعة: الجولة الأخيرة {round}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="105" />
        <source>closed: {bets}</source>
        <translation>مغلق: {bets}</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="110" />
        <source>scanner connected</source>
        <translation>الماسح متصل</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="113" />
        <source>SCANNER DISCONNECTED</source>
        <translation>الماسح غير متصل</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="120" />
        <source>RESCAN CARD</source>
        <translation>أعد مسح البطاقة</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="147" />
        <source>bets close in {seconds} s</source>
        <translation>تغلق الرهانات خلال {seconds} ث</translation>
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
        <location filename="../labels.py" line="27" />
        <source>PLAYER 1st CARD</source>
        <translation>اللاعب البطاقة 1</translation>
    </message>
    <message>
        <location filename="../labels.py" line="28" />
        <source>BANKER 1st CARD</source>
        <translation>البانكر البطاقة 1</translation>
    </message>
    <message>
        <location filename="../labels.py" line="29" />
        <source>PLAYER 2nd CARD</source>
        <translation>اللاعب البطاقة 2</translation>
    </message>
    <message>
        <location filename="../labels.py" line="30" />
        <source>BANKER 2nd CARD</source>
        <translation>البانكر البطاقة 2</translation>
    </message>
    <message>
        <location filename="../labels.py" line="31" />
        <source>PLAYER 3rd CARD</source>
        <translation>اللاعب البطاقة 3</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32" />
        <source>BANKER 3rd CARD</source>
        <translation>البانكر البطاقة 3</translation>
    </message>
    <message>
        <location filename="../labels.py" line="36" />
        <source>PLAYER WINS {total}</source>
        <translation>فوز اللاعب {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="37" />
        <source>BANKER WINS {total}</source>
        <translation>فوز البانكر {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="38" />
        <source>TIE {total}</source>
        <translation>تعادل {total}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="42" />
        <source>Player wins</source>
        <translation>فوز اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="43" />
        <source>Player naturals</source>
        <translation>طبيعي اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44" />
        <source>Banker wins</source>
        <translation>فوز البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="45" />
        <source>Banker naturals</source>
        <translation>طبيعي البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="46" />
        <source>Ties</source>
        <translation>التعادلات</translation>
    </message>
    <message>
        <location filename="../labels.py" line="47" />
        <source>Player pairs</source>
        <translation>أزواج اللاعب</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48" />
        <source>Banker pairs</source>
        <translation>أزواج البانكر</translation>
    </message>
    <message>
        <location filename="../labels.py" line="52" />
        <source>SHUFFLE: deal the reveal card</source>
        <translation>الخلط: اسحب بطاقة الكشف</translation>
    </message>
    <message>
        <location filename="../labels.py" line="53" />
        <source>BURNING</source>
        <translation>الحرق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="54" />
        <source>BURN, then confirm (B)</source>
        <translation>احرق ثم أكد (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="55" />
        <source>PLACE YOUR BETS</source>
        <translation>ضعوا رهاناتكم</translation>
    </message>
    <message>
        <location filename="../labels.py" line="56" />
        <source>PAUSED</source>
        <translation>متوقف مؤقتًا</translation>
    </message>
    <message>
        <location filename="../labels.py" line="58" />
        <source>SHOE ENDED</source>
        <translation>انتهى الحذاء</translation>
    </message>
    <message>
        <location filename="../labels.py" line="63" />
        <source>burn {burn} cards, then confirm the burn (B)</source>
        <translation>احرق {burn} ورقات ثم أكّد الحرق (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65" />
        <source>shuffle, then deal the reveal card</source>
        <translation>اخلط الأوراق ثم اكشف الورقة الأولى</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66" />
        <source>shoe ended: shuffle, then deal the reveal card</source>
        <translation>انتهى الصندوق: اخلط الأوراق ثم اكشف الورقة الأولى</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71" />
        <source>card {card} cannot come from this shoe</source>
        <translation>الورقة {card} لا يمكن أن تكون من هذا الصندوق</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72" />
        <source>card {card} was dealt while betting is open</source>
        <translation>وُزّعت الورقة {card} والرهان مفتوح</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74" />
        <source>card {card} was dealt while the table is stopped</source>
        <translation>وُزّعت الورقة {card} والطاولة متوقفة</translation>
    </message>
    <message>
        <location filename="../labels.py" line="76" />
        <source>card {card} was dealt before the burn was confirmed</source>
        <translation>وُزّعت الورقة {card} قبل تأكيد الحرق</translation>
    </message>
    <message>
        <location filename="../keys.py" line="25" />
        <source>show or hide this help</source>
        <translation>إظهار أو إخفاء هذه المساعدة</translation>
    </message>
    <message>
        <location filename="../keys.py" line="27" />
        <source>confirm the burn</source>
        <translation>تأكيد الحرق</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <source>enter a card by hand</source>
        <translation>إدخال بطاقة يدويًا</translation>
    </message>
    <message>
        <location filename="../keys.py" line="31" />
        <source>pause / resume the table</source>
        <translation>إيقاف / استئناف الطاولة</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>the last 10 rounds (recall)</source>
        <translation>آخر 10 جولات</translation>
    </message>
    <message>
        <location filename="../keys.py" line="35" />
        <source>new shoe (supervisor PIN while a shoe is in play)</source>
        <translation>حذاء جديد (رمز المشرف أثناء اللعب)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="37" />
        <source>void the round in play or on hold (supervisor PIN)</source>
        <translation>إلغاء الجولة (رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="39" />
        <source>accept the held card, clearing the hold (supervisor PIN)</source>
        <translation>قبول البطاقة المعلقة (رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="42" />
        <source>clear the roads (supervisor PIN)</source>
        <translation>مسح الطرق (رمز المشرف)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="43" />
        <source>close the help</source>
        <translation>إغلاق المساعدة</translation>
    </message>
    <message>
        <location filename="../keys.py" line="44" />
        <source>quit the display</source>
        <translation>إنهاء العرض</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="68" />
        <source>Supervisor</source>
        <translation>المشرف</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="69" />
        <source>Supervisor PIN:</source>
        <translation>رمز المشرف:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="74" />
        <source>digits only</source>
        <translation>أرقام فقط</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="79" />
        <source>Manual card</source>
        <translation>بطاقة يدوية</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="80" />
        <source>Card (rank and suit, e.g. KD, 10H, AS):</source>
        <translation>البطاقة (الرتبة والنوع، مثل KD, 10H, AS):</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="97" />
        <source>Void round</source>
        <translation>إلغاء الجولة</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="98" />
        <source>Why is the round voided?</source>
        <translation>لماذا تُلغى الجولة؟</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="106" />
        <source>Last rounds</source>
        <translation>الجولات الأخيرة</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="107" />
        <source>Shoe</source>
        <translation>الحذاء</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="107" />
        <source>Round</source>
        <translation>الجولة</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="109" />
        <source>Result</source>
        <translation>النتيجة</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="114" />
        <source>VOID: {reason}</source>
        <translation>ملغاة: {reason}</translation>
    </message>
</context></TS>
