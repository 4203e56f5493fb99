"""The surveillance panel (toggle key S): each side bet's return from the shoe that is left
and its course over the shoe, the alerts in force, and the scanner's health
(docs/surveillance.md). It is for the pit, so its words are English; the bets keep the
display's names. The chart is also drawn by ``baccarat-table shoe-report``."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from html import escape

from PyQt6.QtCore import QPointF, QRectF, Qt, QTimer
from PyQt6.QtGui import (
    QColor,
    QHideEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QShowEvent,
)
from PyQt6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from controller.events import facts
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.surveillance.shoe_record import ShoeRecord
from controller.surveillance.worker import STALL_AFTER
from ui.display.i18n import translate
from ui.display.labels import BETS, label
from ui.display.painting import guarded_paint
from ui.display.typescale import WRAP, TypeScale

MAIN_BETS = ("player", "banker")  # the chart is for the side bets (and tie)
# Okabe and Ito's colours, which stay apart under protanopia and deuteranopia, and white: a
# bet's line keeps its colour, and its dashes, and is named at its end.
BET_COLORS = ("#e69f00", "#56b4e9", "#f0e442", "#009e73", "#cc79a7", "#d55e00", "#ffffff")
BET_DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
              Qt.PenStyle.DashDotLine)
PANEL = "#17212b"
INK = "#f4f1e8"
FAINT = "#6b7b8c"
ALERT = "#ff5c5c"
BEHIND = "#ffb347"  # figures behind the table: amber, as the header's feed catching up
SURVEILLANCE_EVENTS = frozenset({
    EventType.SHOE_STARTED, EventType.EXPOSURE, EventType.EXPOSURE_ALERT, EventType.SCANNER_ALERT,
    EventType.MISREAD, EventType.REVEAL, EventType.BURN, EventType.CARD, EventType.SCANNER,
    EventType.ROUND_RESULT, EventType.ROUND_VOIDED, EventType.SHOE_ENDED,
    EventType.INTEGRITY_ALERT, EventType.DEVICE_FAULT})


def bet_color(index: int) -> QColor:
    return QColor(BET_COLORS[index % len(BET_COLORS)])


def side_bets(record: ShoeRecord) -> list[str]:
    return [bet for bet in record.bets if bet not in MAIN_BETS]


class ReturnChart(QWidget):
    """Each bet's return (y) against the cards out of the shoe (x), with the alert line."""

    def __init__(self, parent: QWidget | None = None, *, background: str = PANEL,
                 ink: str = FAINT, colors: Sequence[str] = BET_COLORS) -> None:
        super().__init__(parent)
        self.background, self.ink = QColor(background), QColor(ink)
        self.colors = [QColor(color) for color in colors]
        self.courses: dict[str, list[tuple[int, Decimal]]] = {}
        self.total_cards = 416
        self.alert_rtp = Decimal(1)
        self.plot = QRectF()  # where the last paint put the plot, and each text
        self.texts: list[tuple[QRectF, str]] = []
        self.setMinimumHeight(120)

    def show_courses(self, courses: Mapping[str, Sequence[tuple[int, Decimal]]],
                     total_cards: int, alert_rtp: Decimal) -> None:
        self.courses = {bet: list(points) for bet, points in courses.items()}
        self.total_cards, self.alert_rtp = max(total_cards, 1), alert_rtp
        self.update()

    def y_range(self) -> tuple[float, float]:
        """The returns shown: every bet's and the alert threshold, a little beyond them, to
        the ticks around them, however far one bet falls below the others."""
        values = [float(rtp) for points in self.courses.values() for _, rtp in points]
        low = min([*values, float(self.alert_rtp) - 0.05])
        high = max([*values, float(self.alert_rtp) + 0.05])
        step = tick_step(high - low)
        return math.floor(low / step) * step, math.ceil(high / step) * step

    def bet_pen(self, index: int) -> QPen:
        """Bet ``index``'s line: its colour, and after the colours come round again, other
        dashes."""
        color = self.colors[index % len(self.colors)]
        dashes = BET_DASHES[(index // len(self.colors)) % len(BET_DASHES)]
        return QPen(color, 3, dashes)

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent | None) -> None:
        painter.fillRect(self.rect(), self.background)
        self.texts = []
        metrics = self.fontMetrics()
        axis_name = translate("display", "cards out of the shoe")
        # A line as high as the axis' name takes (Qt gives an Arabic one its fallback font's)
        line = max(metrics.height(), metrics.boundingRect(axis_name).height())
        names = {bet: label(BETS, bet) for bet in self.courses}
        low, high = self.y_range()
        step = tick_step(high - low)
        places = max(2, -math.floor(math.log10(step)))
        ticks = [low + step * n for n in range(round((high - low) / step) + 1)]
        # Room on the right for each line's name, up to nearly half the chart (a name longer
        # than that wraps on words, never cut); on the left for the ticks' values; below for
        # the cards' and the axis' name: all inside the chart.
        name_room = min(max((metrics.horizontalAdvance(name) for name in names.values()),
                            default=0) + 12, round(self.width() * 0.45))
        margin = max(metrics.horizontalAdvance(f"{tick:.{places}f}") for tick in ticks) + 10
        plot = QRectF(self.rect()).adjusted(margin, line / 2 + 1, -name_room - 4,
                                            -2 * line - 6)
        self.plot = plot

        def point(cards_out: int, rtp: float | Decimal) -> QPointF:
            x = plot.left() + plot.width() * cards_out / self.total_cards
            y = plot.bottom() - plot.height() * (float(rtp) - low) / (high - low)
            return QPointF(x, y)

        painter.setPen(QPen(self.ink, 1))
        painter.drawRect(plot)
        every = max(1, math.ceil(len(ticks) * line * 1.2 / max(plot.height(), 1)))
        for tick in ticks[::every]:
            self._text(painter, QRectF(0, point(0, tick).y() - line / 2, margin - 4, line),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       f"{tick:.{places}f}")
        # The axis' name centred under the plot, as wide as the chart lets it be.
        half = min(plot.center().x(), self.width() - plot.center().x())
        self._text(painter, QRectF(plot.center().x() - half, plot.bottom() + 2 + line, 2 * half,
                                   line),
                   Qt.AlignmentFlag.AlignCenter, axis_name)
        for quarter, align in ((0, Qt.AlignmentFlag.AlignLeft),
                               (2, Qt.AlignmentFlag.AlignHCenter),
                               (4, Qt.AlignmentFlag.AlignRight)):
            cards = self.total_cards * quarter // 4
            x = point(cards, low).x() - plot.width() * quarter / 16  # its box a quarter wide
            self._text(painter, QRectF(x, plot.bottom() + 2, plot.width() / 4, line), align,
                       str(cards))
        painter.setPen(QPen(QColor(ALERT), 1, Qt.PenStyle.DashLine))
        painter.drawLine(point(0, float(self.alert_rtp)),
                         point(self.total_cards, float(self.alert_rtp)))
        ends = []
        for index, (bet, points) in enumerate(self.courses.items()):
            if not points:
                continue
            course = QPainterPath(point(*points[0]))
            for cards_out, rtp in points[1:]:
                course.lineTo(point(cards_out, rtp))
            painter.strokePath(course, self.bet_pen(index))
            ends.append((course.currentPosition().y(), index, names[bet]))
        # Each name beside its line's end, moved just enough not to cover another, and kept
        # inside the chart (moved up from its foot when the names run out of room below).
        left = plot.right() + 8
        room = self.width() - left
        heights = {name: max(line, metrics.boundingRect(0, 0, round(room), 10_000, WRAP,
                                                        name).height())
                   for _, _, name in ends}
        tops: list[float] = []
        below = plot.top() - line / 2
        for y, _, name in sorted(ends):
            top = max(y - line / 2, below)
            tops.append(top)
            below = top + heights[name]
        above = float(self.height())
        for position, (_, _, name) in reversed(list(enumerate(sorted(ends)))):
            tops[position] = min(tops[position], above - heights[name])
            above = tops[position]
        for top, (_, index, name) in zip(tops, sorted(ends), strict=True):
            painter.setPen(QPen(self.colors[index % len(self.colors)]))
            self._text(painter, QRectF(left, top, room, heights[name]),
                       (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value | WRAP,
                       name)

    def _text(self, painter: QPainter, box: QRectF, align: Qt.AlignmentFlag | int,
              text: str) -> None:
        """Draw ``text`` in ``box`` (``align``: Qt's alignment and text flags), and keep where
        it went (the tests read it). Left is left in every language: the chart runs left to
        right like the roads, and Qt would mirror the alignment right to left (Arabic's 0
        stood away from the axis' start)."""
        flags = (align if isinstance(align, int) else align.value) | (
            Qt.AlignmentFlag.AlignAbsolute.value)
        painter.drawText(box, flags, text)
        self.texts.append((painter.boundingRect(box, flags, text), text))


def tick_step(span: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving four to ten ticks over ``span``."""
    power = 10.0 ** math.floor(math.log10(max(span, 1e-9) / 4))
    return next(step * power for step in (1, 2, 5, 10) if span / (step * power) <= 10)


def health_text(record: ShoeRecord) -> str:
    health = record.health
    rescan = health.mean_rescan_seconds
    text = translate("display", "Scanner: {misreads} misreads in {cards} cards ({per_100} per "
                     "100), {rescans} rescans per card, rescan {rescan}, {disconnects} "
                     "disconnects").format(
        misreads=health.misreads, cards=health.cards, per_100=health.per_100,
        rescans=health.rescans_per_card, disconnects=health.disconnects,
        rescan="-" if rescan is None else f"{rescan:.1f} s")
    if health.faults:  # the reader's own alarms and warnings (device_fault)
        text += translate("display", ", {faults} reader alarms or warnings").format(
            faults=health.faults)
    return text


def alert_text(event: TableEvent) -> str:
    match event.fact:
        case facts.ScannerAlert(per_hundred=per_100, level=level):
            return translate("display", "round {round}: scanner misreads {per_100} per 100 "
                             "cards (level {level})").format(round=event.round,
                                                             per_100=per_100, level=level)
        case facts.ExposureAlert() as alert:
            text = translate("display", "round {round}: {bet} alert raised at {rtp} (threshold "
                             "{threshold})") if alert.state == "raised" else translate(
                "display", "round {round}: {bet} alert cleared at {rtp} (threshold "
                "{threshold})")
            text = text.format(round=event.round, bet=label(BETS, alert.bet), rtp=alert.rtp,
                               threshold=alert.alert_rtp)
            return text + (translate("display", ", closed") if alert.closed else "")
        case facts.IntegrityAlert(kind="composition") as alert:
            return translate("display", "round {round}: integrity: {cards} of {card}, more than "
                             "the decks hold").format(round=event.round, cards=alert.cards,
                                                      card=alert.card)
        case facts.IntegrityAlert() as alert:
            return translate("display", "round {round}: integrity: {kind}, {cards} cards from "
                             "card {first} in shoe {earlier}'s order{turned}").format(
                round=event.round, kind=alert.kind, cards=alert.cards, first=alert.first_card,
                earlier=alert.earlier_shoe,
                turned=translate("display", " reversed") if alert.reversed else "")
    return ""


def currency_text(record: ShoeRecord, waited: float) -> tuple[str, str]:
    """What the panel says of how current its figures are, and in which colour, ``waited``
    seconds after the last result (or the card that put them behind)."""
    card = record.as_of_card
    if not record.shoe:
        return "", INK
    if record.watched is False:
        return translate("display", "No returns: this shoe's profile has no [surveillance] "
                                    "table."), FAINT
    if card is None:
        return translate("display", "Computing the returns..."), FAINT
    as_of = translate("display", "as of card {card}").format(card=card)
    if not record.cards_behind:
        return translate("display", "{as_of}, {left} cards left").format(
            as_of=as_of, left=record.decks * 52 - card), INK
    if record.ended is not None:  # no result comes for an ended shoe: these are its last
        return translate("display", "{as_of}; the shoe ended at card {cards}").format(
            as_of=as_of, cards=record.known_out), INK
    behind_text = translate("display", "{as_of}, the table is at card {table}").format(
        as_of=as_of, table=record.known_out)
    if waited >= STALL_AFTER:
        return translate("display", "{behind}: no result for {seconds} s (stalled)").format(
            behind=behind_text, seconds=int(waited)), ALERT
    return behind_text, BEHIND


class SurveillancePanel(QFrame):
    """Laid over the display while shown; kept up to date while hidden. It says which card of
    the shoe its figures are as of, and marks them when they are behind the table or stalled
    (docs/surveillance.md)."""

    def __init__(self, parent: QWidget | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(parent)
        self.setObjectName("surveillance")
        self.setStyleSheet(f"#surveillance {{ background: {PANEL}; }} QLabel {{ color: {INK}; }}")
        self.record = ShoeRecord()
        self.clock = clock
        # Since when the figures have been waiting: the last new result, or the card that put
        # them behind; past the child's stall bound they are marked stalled.
        self.waiting_since = clock()
        self.title = QLabel(translate("display", "Surveillance"))
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.currency = QLabel()
        self.currency.setTextFormat(Qt.TextFormat.RichText)
        self.currency.setWordWrap(True)
        self.returns = QLabel()
        self.returns.setTextFormat(Qt.TextFormat.RichText)
        self.returns.setWordWrap(True)  # the note of a profile without returns is long
        self.chart = ReturnChart()
        self.alerts = QLabel()
        self.alerts.setWordWrap(True)
        self.health = QLabel()
        self.health.setWordWrap(True)
        layout = QVBoxLayout(self)
        for widget, stretch in ((self.title, 0), (self.currency, 0), (self.returns, 0),
                                (self.chart, 1), (self.alerts, 0), (self.health, 0)):
            layout.addWidget(widget, stretch)
        # While behind, the mark is brought up to date once a second (stalled, and for how
        # long) without an event.
        self.stall_timer = QTimer(self)
        self.stall_timer.setInterval(1000)
        self.stall_timer.timeout.connect(self.show_currency)
        self._stale = True  # events taken since the panel last showed them
        self.hide()
        self.show_record()

    def apply(self, events: Iterable[TableEvent]) -> None:
        """Take the events of a batch; redrawn once if any concerns surveillance."""
        changed = False
        for event in events:
            if event.type == EventType.SHOE_STARTED:
                self.record = ShoeRecord(shoe=event.shoe)
            if event.type in SURVEILLANCE_EVENTS and event.shoe == self.record.shoe:
                behind = self.record.cards_behind
                self.record.apply(event)
                if event.type == EventType.EXPOSURE or (
                        not behind and self.record.cards_behind):
                    self.waiting_since = self.clock()
                changed = True
        if changed:  # while hidden, when it is next shown: off the card's way to the screen
            self._stale = True
            if self.isVisible():
                self.show_record()

    def showEvent(self, event: QShowEvent | None) -> None:
        if self._stale:
            self.show_record()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent | None) -> None:
        self.stall_timer.stop()
        super().hideEvent(event)

    def show_record(self) -> None:
        self._stale = False
        record = self.record
        bets = side_bets(record)
        raised = record.raised()
        latest = record.exposures[-1] if record.exposures else None
        rows = []
        for index, bet in enumerate(bets):
            color = ALERT if bet in raised else bet_color(index).name()
            rtp = latest.rtp[bet] if latest is not None else None
            mark = (" &#9650; " + translate("display", "closed")
                    if bet in raised and raised[bet].closed
                    else " &#9650;" if bet in raised else "")
            rows.append(f"<tr><td style='color:{bet_color(index).name()}'>&#9632;</td>"
                        f"<td>{label(BETS, bet)}</td>"
                        f"<td align='right' style='color:{color}'>{rtp if rtp is not None else '-'}"
                        f"{mark}</td></tr>")
        self.title.setText(translate("display", "Surveillance &middot; shoe {shoe}").format(
            shoe=record.shoe) if record.shoe
            else translate("display", "Surveillance: no shoe yet"))
        self.show_currency()
        self.returns.setText("<table cellpadding='2'>" + "".join(rows) + "</table>")
        self.returns.setVisible(bool(rows))
        self.chart.show_courses({bet: record.course(bet) for bet in bets},
                                record.decks * 52, record.alert_rtp)
        self.chart.setVisible(bool(rows))
        alerts = record.alerts[-5:]
        self.alerts.setText(translate("display", "Alerts:") + "\n"
                            + "\n".join(alert_text(a) for a in alerts)
                            if alerts else translate("display", "No alerts this shoe."))
        self.health.setText(health_text(record))

    def show_currency(self) -> None:
        """Which card the figures are as of, and whether they are behind the table or
        stalled; "computing" while the shoe's first result is awaited."""
        text, color = currency_text(self.record, self.clock() - self.waiting_since)
        self.currency.setText(f"<span style='color:{color}'>{escape(text, quote=False)}</span>")
        self.currency.setVisible(bool(text))
        behind = bool(self.record.cards_behind) and self.record.ended is None
        if behind != self.stall_timer.isActive():
            (self.stall_timer.start if behind else self.stall_timer.stop)()

    def fit(self, scale: TypeScale | None = None) -> None:
        """Cover the right half of the window (the felt's cards stay in sight); its text on
        the display's type scale."""
        if scale is not None:
            font = scale.font(self.font(), "body")
            for widget in (self.currency, self.returns, self.chart, self.alerts, self.health):
                widget.setFont(font)
            self.title.setFont(scale.font(font, "body", bold=True))
        parent = self.parentWidget()
        if parent is not None:
            width = max(parent.width() // 2, min(parent.width(), 480))
            self.setGeometry(parent.width() - width, 0, width, parent.height())
