<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>display</name>
    <message>
        <location filename="../header.py" line="269" />
        <location filename="../felt.py" line="51" />
        <source>CARD READER DISCONNECTED</source>
        <translation>读牌器已断开</translation>
    </message>
    <message>
        <location filename="../felt.py" line="52" />
        <source>Dealing waits until the reader is connected again.</source>
        <translation>读牌器重新连接前暂停发牌。</translation>
    </message>
    <message>
        <location filename="../felt.py" line="55" />
        <source>Rescan the card: {card}</source>
        <translation>请重新扫描: {card}</translation>
    </message>
    <message>
        <location filename="../felt.py" line="58" />
        <source>{count} misreads</source>
        <translation>{count} 次读取失败</translation>
    </message>
    <message>
        <location filename="../felt.py" line="60" />
        <source>RESCAN</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <location filename="../felt.py" line="71" />
        <source>{message}
A supervisor must accept the card (A) or void the round (V).</source>
        <translation>{message}
须由主管接受此牌 (A) 或作废本局 (V)。</translation>
    </message>
    <message>
        <location filename="../felt.py" line="77" />
        <source>JOURNAL FAILED</source>
        <translation>日志故障</translation>
    </message>
    <message>
        <location filename="../felt.py" line="78" />
        <source>TABLE STOPPED</source>
        <translation>牌桌已停止</translation>
    </message>
    <message>
        <location filename="../felt.py" line="79" />
        <source>{reason}
The table cannot play until this is fixed: call a technician.</source>
        <translation>{reason}
修复前本台不能进行游戏：请联系技术人员。</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Shoe</source>
        <translation>牌靴</translation>
    </message>
    <message>
        <location filename="../recall.py" line="19" />
        <source>Round</source>
        <translation>局</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="160" />
        <location filename="../recall.py" line="20" />
        <source>PLAYER</source>
        <translation>闲</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="161" />
        <location filename="../recall.py" line="20" />
        <source>BANKER</source>
        <translation>庄</translation>
    </message>
    <message>
        <location filename="../recall.py" line="21" />
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../recall.py" line="26" />
        <source>VOID: {reason}</source>
        <translation>作废: {reason}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="111" />
        <source>Last {hands} hands</source>
        <translation>最近 {hands} 局</translation>
    </message>
    <message>
        <location filename="../window.py" line="241" />
        <location filename="../stats_panel.py" line="112" />
        <source>No hands yet</source>
        <translation>尚无牌局</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="118" />
        <source>Streak: {side} {count}</source>
        <translation>连胜: {side} {count}</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="120" />
        <source>Streak: none yet</source>
        <translation>连胜: 暂无</translation>
    </message>
    <message>
        <location filename="../stats_panel.py" line="121" />
        <source>Longest: Banker {banker}  Player {player}</source>
        <translation>最长: 庄 {banker}  闲 {player}</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="186" />
        <source>Bead Plate</source>
        <translation>珠盘路</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="188" />
        <source>B</source>
        <translation>庄</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="242" />
        <location filename="../roads_panels.py" line="204" />
        <location filename="../roads_panels.py" line="189" />
        <source>P</source>
        <translation>闲</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="190" />
        <source>T</source>
        <translation>和</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="203" />
        <source>Big Road</source>
        <translation>大路</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="219" />
        <source>Big Eye Boy</source>
        <translation>大眼仔</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="220" />
        <source>Small Road</source>
        <translation>小路</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="221" />
        <source>Cockroach Pig</source>
        <translation>曱甴路</translation>
    </message>
    <message>
        <location filename="../roads_panels.py" line="243" />
        <source>Next hand</source>
        <translation>问路</translation>
    </message>
    <message>
        <location filename="../window.py" line="61" />
        <source>Baccarat table</source>
        <translation>百家乐台</translation>
    </message>
    <message>
        <location filename="../window.py" line="239" />
        <source>Last rounds</source>
        <translation>最近各局</translation>
    </message>
    <message>
        <location filename="../window.py" line="248" />
        <source>Operator keys</source>
        <translation>操作按键</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="81" />
        <source>NATURAL</source>
        <translation>例牌</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="87" />
        <source>Player and Banker bets are returned</source>
        <translation>闲、庄投注退回</translation>
    </message>
    <message>
        <location filename="../cards_panel.py" line="92" />
        <source>returned: {bets}</source>
        <translation>退回：{bets}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="96" />
        <source>cards out of the shoe</source>
        <translation>已发出的牌</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="191" />
        <source>Scanner: {misreads} misreads in {cards} cards ({per_100} per 100), {rescans} rescans per card, rescan {rescan}, {disconnects} disconnects</source>
        <translation>读牌器：{cards} 张牌中 {misreads} 次误读（每 100 张 {per_100} 次），每张牌重扫 {rescans} 次，重扫 {rescan}，断开 {disconnects} 次</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="202" />
        <source>round {round}: scanner misreads {per_100} per 100 cards (level {level})</source>
        <translation>第 {round} 局：读牌器每 100 张误读 {per_100} 次（警戒值 {level}）</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="206" />
        <source>round {round}: {bet} alert raised at {rtp} (threshold {threshold})</source>
        <translation>第 {round} 局：{bet} 警报触发于 {rtp}（阈值 {threshold}）</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="207" />
        <source>round {round}: {bet} alert cleared at {rtp} (threshold {threshold})</source>
        <translation>第 {round} 局：{bet} 警报解除于 {rtp}（阈值 {threshold}）</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="212" />
        <source>, closed</source>
        <translation>，已关闭</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="214" />
        <source>round {round}: integrity: {cards} of {card}, more than the decks hold</source>
        <translation>第 {round} 局：完整性：{card} 共 {cards} 张，多于牌副所含</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="218" />
        <source>round {round}: integrity: {kind}, {cards} cards from card {first} in shoe {earlier}'s order{turned}</source>
        <translation>第 {round} 局：完整性：{kind}，自第 {first} 张起 {cards} 张与第 {earlier} 靴顺序相同{turned}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="222" />
        <source> reversed</source>
        <translation> 反向</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="233" />
        <source>No returns: this shoe's profile has no [surveillance] table.</source>
        <translation>无回报：本牌靴的配置没有 [surveillance] 表。</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="236" />
        <source>Computing the returns...</source>
        <translation>正在计算回报…</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="237" />
        <source>as of card {card}</source>
        <translation>截至第 {card} 张牌</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="239" />
        <source>{as_of}, {left} cards left</source>
        <translation>{as_of}，剩余 {left} 张</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="242" />
        <source>{as_of}; the shoe ended at card {cards}</source>
        <translation>{as_of}；牌靴在第 {cards} 张牌结束</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="244" />
        <source>{as_of}, the table is at card {table}</source>
        <translation>{as_of}，牌桌已到第 {table} 张牌</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="247" />
        <source>{behind}: no result for {seconds} s (stalled)</source>
        <translation>{behind}：{seconds} 秒无结果（停滞）</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="267" />
        <source>Surveillance</source>
        <translation>监控</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="317" />
        <source>closed</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="324" />
        <source>Surveillance &amp;middot; shoe {shoe}</source>
        <translation>监控 &amp;middot; 牌靴 {shoe}</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="326" />
        <source>Surveillance: no shoe yet</source>
        <translation>监控：尚无牌靴</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="334" />
        <source>Alerts:</source>
        <translation>警报：</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" line="336" />
        <source>No alerts this shoe.</source>
        <translation>本牌靴无警报。</translation>
    </message>
    <message>
        <location filename="../header.py" line="75" />
        <source>{bets}, until round {round}</source>
        <translation>{bets}, 至第 {round} 局</translation>
    </message>
    <message>
        <location filename="../header.py" line="95" />
        <source>{bets} from round {round}</source>
        <translation>{bets} 自第 {round} 局</translation>
    </message>
    <message>
        <location filename="../header.py" line="99" />
        <source>closed: {bets}</source>
        <translation>已停止投注: {bets}</translation>
    </message>
    <message>
        <location filename="../header.py" line="184" />
        <source>journal: none</source>
        <translation>日志: 无</translation>
    </message>
    <message>
        <location filename="../header.py" line="187" />
        <source>journal: ok</source>
        <translation>日志: 正常</translation>
    </message>
    <message>
        <location filename="../header.py" line="190" />
        <source>JOURNAL FAILED: {reason}</source>
        <translation>日志故障: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="199" />
        <source>feed: connected</source>
        <translation>推送: 已连接</translation>
    </message>
    <message>
        <location filename="../header.py" line="202" />
        <source>feed: {count} waiting</source>
        <translation>推送: {count} 条待发</translation>
    </message>
    <message>
        <location filename="../header.py" line="205" />
        <source>feed: offline, {count} waiting</source>
        <translation>推送: 离线, {count} 条待发</translation>
    </message>
    <message>
        <location filename="../header.py" line="215" />
        <source>refused: {action}: {reason}</source>
        <translation>已拒绝: {action}: {reason}</translation>
    </message>
    <message>
        <location filename="../header.py" line="237" />
        <source>shoe {shoe}  round {round}</source>
        <translation>第 {shoe} 靴  第 {round} 局</translation>
    </message>
    <message>
        <location filename="../header.py" line="239" />
        <source>cards left {count}</source>
        <translation>剩余 {count} 张</translation>
    </message>
    <message>
        <location filename="../header.py" line="243" />
        <source>CUT CARD: last round {round}</source>
        <translation>切牌已出: 最后一局 {round}</translation>
    </message>
    <message>
        <location filename="../header.py" line="254" />
        <source>INTEGRITY ALERT: {kind}, {cards} cards</source>
        <translation>完整性警报：{kind}，{cards} 张牌</translation>
    </message>
    <message>
        <location filename="../header.py" line="258" />
        <source>JOURNAL CHECK FAILED: {finding}</source>
        <translation>日志校验失败: {finding}</translation>
    </message>
    <message>
        <location filename="../header.py" line="262" />
        <source>JOURNAL DISK: {days} days of space left</source>
        <translation>记录磁盘：剩余 {days} 天的空间</translation>
    </message>
    <message>
        <location filename="../header.py" line="266" />
        <source>card reader connected</source>
        <translation>读牌器已连接</translation>
    </message>
    <message>
        <location filename="../labels.py" line="13" />
        <source>Player</source>
        <translation>闲</translation>
    </message>
    <message>
        <location filename="../labels.py" line="14" />
        <source>Banker</source>
        <translation>庄</translation>
    </message>
    <message>
        <location filename="../labels.py" line="15" />
        <source>Tie</source>
        <translation>和</translation>
    </message>
    <message>
        <location filename="../labels.py" line="16" />
        <source>Player Pair</source>
        <translation>闲对</translation>
    </message>
    <message>
        <location filename="../labels.py" line="17" />
        <source>Banker Pair</source>
        <translation>庄对</translation>
    </message>
    <message>
        <location filename="../labels.py" line="18" />
        <source>Any Pair</source>
        <translation>对子</translation>
    </message>
    <message>
        <location filename="../labels.py" line="19" />
        <source>Small Tiger</source>
        <translation>小老虎</translation>
    </message>
    <message>
        <location filename="../labels.py" line="20" />
        <source>Big Tiger</source>
        <translation>大老虎</translation>
    </message>
    <message>
        <location filename="../labels.py" line="21" />
        <source>Lucky Six</source>
        <translation>幸运六</translation>
    </message>
    <message>
        <location filename="../labels.py" line="22" />
        <source>Player Natural</source>
        <translation>闲例牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="23" />
        <source>Banker Natural</source>
        <translation>庄例牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="24" />
        <source>Dragon 7</source>
        <translation>龙7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="25" />
        <source>Panda 8</source>
        <translation>熊猫8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="26" />
        <source>Player Dragon Bonus</source>
        <translation>闲龙宝</translation>
    </message>
    <message>
        <location filename="../labels.py" line="27" />
        <source>Banker Dragon Bonus</source>
        <translation>庄龙宝</translation>
    </message>
    <message>
        <location filename="../labels.py" line="32" />
        <source>DRAGON 7</source>
        <translation>龙7</translation>
    </message>
    <message>
        <location filename="../labels.py" line="33" />
        <source>PANDA 8</source>
        <translation>熊猫8</translation>
    </message>
    <message>
        <location filename="../labels.py" line="37" />
        <source>PLAYER 1st CARD</source>
        <translation>闲 第1张</translation>
    </message>
    <message>
        <location filename="../labels.py" line="38" />
        <source>BANKER 1st CARD</source>
        <translation>庄 第1张</translation>
    </message>
    <message>
        <location filename="../labels.py" line="39" />
        <source>PLAYER 2nd CARD</source>
        <translation>闲 第2张</translation>
    </message>
    <message>
        <location filename="../labels.py" line="40" />
        <source>BANKER 2nd CARD</source>
        <translation>庄 第2张</translation>
    </message>
    <message>
        <location filename="../labels.py" line="41" />
        <source>PLAYER 3rd CARD</source>
        <translation>闲 第3张</translation>
    </message>
    <message>
        <location filename="../labels.py" line="42" />
        <source>BANKER 3rd CARD</source>
        <translation>庄 第3张</translation>
    </message>
    <message>
        <location filename="../labels.py" line="43" />
        <source>REVEAL CARD</source>
        <translation>翻开首张牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="44" />
        <source>BURN CARD</source>
        <translation>烧牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="48" />
        <source>PLAYER WINS {total}</source>
        <translation>闲赢 {total} 点</translation>
    </message>
    <message>
        <location filename="../labels.py" line="49" />
        <source>BANKER WINS {total}</source>
        <translation>庄赢 {total} 点</translation>
    </message>
    <message>
        <location filename="../labels.py" line="50" />
        <source>TIE {total}</source>
        <translation>和 {total} 点</translation>
    </message>
    <message>
        <location filename="../labels.py" line="54" />
        <source>Player wins</source>
        <translation>闲赢</translation>
    </message>
    <message>
        <location filename="../labels.py" line="56" />
        <source>Banker wins</source>
        <translation>庄赢</translation>
    </message>
    <message>
        <location filename="../labels.py" line="58" />
        <source>Ties</source>
        <translation>和</translation>
    </message>
    <message>
        <location filename="../labels.py" line="59" />
        <source>Player pairs</source>
        <translation>闲对</translation>
    </message>
    <message>
        <location filename="../labels.py" line="60" />
        <source>Banker pairs</source>
        <translation>庄对</translation>
    </message>
    <message>
        <location filename="../labels.py" line="65" />
        <source>SHUFFLE, then confirm the new shoe (N)</source>
        <translation>洗牌, 然后确认新牌靴 (N)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="66" />
        <source>NEW SHOE: deal the reveal card</source>
        <translation>新牌靴: 翻开首张牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="67" />
        <source>BURN {burn} CARDS</source>
        <translation>烧 {burn} 张牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="68" />
        <source>BURN {burn} CARDS, then confirm the burn (B)</source>
        <translation>烧 {burn} 张牌, 然后确认烧牌 (B)</translation>
    </message>
    <message>
        <location filename="../labels.py" line="70" />
        <source>PLACE YOUR BETS</source>
        <translation>请下注</translation>
    </message>
    <message>
        <location filename="../labels.py" line="71" />
        <source>NO MORE BETS</source>
        <translation>停止下注</translation>
    </message>
    <message>
        <location filename="../labels.py" line="72" />
        <source>PAUSED</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <location filename="../labels.py" line="73" />
        <source>HOLD</source>
        <translation>暂停处理</translation>
    </message>
    <message>
        <location filename="../labels.py" line="74" />
        <source>SHOE ENDED: shuffle, then confirm the new shoe</source>
        <translation>牌靴结束: 洗牌, 然后确认新牌靴</translation>
    </message>
    <message>
        <location filename="../labels.py" line="79" />
        <source>Classic</source>
        <translation>经典</translation>
    </message>
    <message>
        <location filename="../labels.py" line="80" />
        <source>Live</source>
        <translation>现场</translation>
    </message>
    <message>
        <location filename="../labels.py" line="81" />
        <source>Big Win</source>
        <translation>大赢</translation>
    </message>
    <message>
        <location filename="../labels.py" line="82" />
        <source>No Commission</source>
        <translation>免佣</translation>
    </message>
    <message>
        <location filename="../labels.py" line="83" />
        <source>Tiger</source>
        <translation>老虎</translation>
    </message>
    <message>
        <location filename="../labels.py" line="84" />
        <source>EZ Baccarat</source>
        <translation>EZ百家乐</translation>
    </message>
    <message>
        <location filename="../labels.py" line="85" />
        <source>Dragon Bonus</source>
        <translation>龙宝</translation>
    </message>
    <message>
        <location filename="../labels.py" line="90" />
        <source>new shoe</source>
        <translation>新牌靴</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <location filename="../labels.py" line="91" />
        <source>confirm the burn</source>
        <translation>确认烧牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="92" />
        <source>card by hand</source>
        <translation>手动输入牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="93" />
        <source>void the round</source>
        <translation>作废本局</translation>
    </message>
    <message>
        <location filename="../labels.py" line="94" />
        <source>accept the card</source>
        <translation>接受该牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="95" />
        <source>pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <location filename="../labels.py" line="96" />
        <source>resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../labels.py" line="97" />
        <source>clear the roads</source>
        <translation>清除路单</translation>
    </message>
    <message>
        <location filename="../keys.py" line="27" />
        <source>show or hide this help</source>
        <translation>显示或隐藏本帮助</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>pause / resume the table</source>
        <translation>暂停 / 继续</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>accept the held card, clearing the hold (supervisor PIN)</source>
        <translation>接受暂扣的牌 (主管密码)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="44" />
        <source>show or hide the surveillance panel</source>
        <translation>显示或隐藏监控面板</translation>
    </message>
    <message>
        <location filename="../keys.py" line="46" />
        <source>clear the roads (supervisor PIN)</source>
        <translation>清除路单 (主管密码)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="47" />
        <source>close the help, recall or the surveillance panel; cancel a prompt</source>
        <translation>关闭帮助、回顾或监控面板；取消输入</translation>
    </message>
    <message>
        <location filename="../keys.py" line="49" />
        <source>quit the display</source>
        <translation>退出显示</translation>
    </message>
    <message>
        <location filename="../keys.py" line="65" />
        <source>on the roads: Dragon 7, banker won with 7 on three cards</source>
        <translation>路单标记：龙7，庄以三张牌7点胜</translation>
    </message>
    <message>
        <location filename="../keys.py" line="67" />
        <source>on the roads: Panda 8, player won with 8 on three cards</source>
        <translation>路单标记：熊猫8，闲以三张牌8点胜</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="104" />
        <source>Supervisor</source>
        <translation>主管</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="105" />
        <source>Supervisor PIN:</source>
        <translation>主管密码:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="110" />
        <source>digits only</source>
        <translation>只能输入数字</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="115" />
        <source>Manual card</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="116" />
        <source>Card (rank and suit, e.g. KD, 10H, AS):</source>
        <translation>牌 (点数和花色, 如 KD, 10H, AS):</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="138" />
        <source>Why is the round voided?</source>
        <translation>作废原因?</translation>
    </message>
    <message>
        <location filename="../felt.py" />
        <source>Pass the card through the reader again: {card}</source>
        <translation>请将牌再次划过读牌器: {card}</translation>
    </message>
    <message>
        <location filename="../header.py" />
        <source>CARD READER: {message}</source>
        <translation>读牌器: {message}</translation>
    </message>
    <message>
        <location filename="../labels.py" />
        <source>cut card</source>
        <translation>切牌</translation>
    </message>
    <message>
        <location filename="../keys.py" />
        <source>the cut card came out (readers that cannot see it)</source>
        <translation>切牌已出 (读牌器无法识别切牌时)</translation>
    </message>
    <message>
        <location filename="../surveillance_panel.py" />
        <source>, {faults} reader alarms or warnings</source>
        <translation>，读牌器报警或警告 {faults} 次</translation>
    </message>
    <message>
        <location filename="../felt.py" line="57" />
        <source>Meanwhile, enter each card by hand (M).</source>
        <translation>在此期间，请手动输入每张牌 (M)。</translation>
    </message>
    <message>
        <location filename="../felt.py" line="65" />
        <source>Or enter it by hand (M, supervisor PIN).</source>
        <translation>或手动输入 (M，主管密码)。</translation>
    </message>
    <message>
        <location filename="../limits.py" line="119" />
        <source>Table limits</source>
        <translation>限红</translation>
    </message>
    <message>
        <location filename="../header.py" line="171" />
        <source>burned {burn} cards</source>
        <translation>已烧 {burn} 张牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="55" />
        <source>Player natural wins</source>
        <translation>闲例牌赢</translation>
    </message>
    <message>
        <location filename="../labels.py" line="57" />
        <source>Banker natural wins</source>
        <translation>庄例牌赢</translation>
    </message>
    <message>
        <location filename="../labels.py" line="103" />
        <source>card {card} cannot come from this shoe: all {decks} {card} of its {decks} decks are already out</source>
        <translation>牌 {card} 不可能来自此牌靴：其 {decks} 副牌中的 {decks} 张 {card} 均已发出</translation>
    </message>
    <message>
        <location filename="../labels.py" line="106" />
        <source>card {card} was dealt before the bets were closed</source>
        <translation>停止下注前发出了牌 {card}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="108" />
        <source>card {card} was dealt while the table is paused or on hold</source>
        <translation>牌桌暂停或保留时发出了牌 {card}</translation>
    </message>
    <message>
        <location filename="../labels.py" line="110" />
        <source>card {card} was dealt before the burn was confirmed: the burn comes first</source>
        <translation>确认烧牌前发出了牌 {card}：须先烧牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="113" />
        <source>card {card} was dealt before the new shoe was confirmed: it may be from the last shoe</source>
        <translation>确认新牌靴前发出了牌 {card}：可能是上一靴的牌</translation>
    </message>
    <message>
        <location filename="../labels.py" line="116" />
        <source>the shoe sent a frame out of sequence ({message}): a card may be lost</source>
        <translation>牌靴发送的数据帧顺序错乱（{message}）：可能丢失了一张牌</translation>
    </message>
    <message>
        <location filename="../keys.py" line="29" />
        <source>confirm the burn (a reader that cannot see burn cards)</source>
        <translation>确认烧牌 (读牌器无法识别烧牌时)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="33" />
        <source>enter a card by hand (supervisor PIN while the reader works)</source>
        <translation>手动输入一张牌 (读牌器正常时需主管密码)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="39" />
        <source>show or hide the last 10 rounds (recall)</source>
        <translation>显示或隐藏最近 10 局 (回顾)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="41" />
        <source>confirm a new shoe; end the shoe in play (supervisor PIN)</source>
        <translation>确认新牌靴；提前结束当前牌靴 (主管密码)</translation>
    </message>
    <message>
        <location filename="../keys.py" line="45" />
        <source>void the round in play or on hold (reason, name, supervisor PIN)</source>
        <translation>作废当前或保留中的局 (原因、姓名、主管密码)</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="46" />
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="47" />
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="151" />
        <source>Supervisor's name:</source>
        <translation>主管姓名:</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="158" />
        <source>Void round {round} of shoe {shoe}</source>
        <translation>作废第 {shoe} 靴第 {round} 局</translation>
    </message>
    <message>
        <location filename="../dialogs.py" line="160" />
        <source>Void the held cards (shoe {shoe}, after round {round})</source>
        <translation>作废保留的牌 (第 {shoe} 靴，第 {round} 局之后)</translation>
    </message>
</context></TS>
