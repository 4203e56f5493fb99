"""The shoe report as one page (``baccarat-table shoe-report``, docs/surveillance.md): the
shoe's rounds and results, its roads at the end, each bet's return over the shoe, the alerts
and closures, the scanner's health. A light page, to print or to read at a glance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PyQt6.QtCore import QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPaintEvent
from PyQt6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from controller.roads import Hand, Roads
from controller.surveillance.shoe_record import ShoeRecord
from ui.display.labels import BETS, label
from ui.display.painting import guarded_paint
from ui.display.roads_panels import BeadPlatePanel, BigRoadPanel
from ui.display.surveillance_panel import ReturnChart, alert_text, health_text

PAGE_SIZE = (1600, 1130)
PAPER = "#ffffff"
TEXT = "#111820"
BODY_PIXELS = 16
WRAP = Qt.TextFlag.TextWordWrap.value
# The page summarises a list it has no room for; the HTML report's text has every line.
MORE = "\u2026 and {count} more (the HTML report lists all)"
# Dark enough to read on paper, and far apart from one another.
PAPER_COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
                "#17becf", "#7f7f7f", "#bcbd22", "#000000")


def round_ranges(rounds: Iterable[int]) -> str:
    """12, 13, 14, 20 -> "12-14, 20"."""
    spans: list[list[int]] = []
    for number in sorted(rounds):
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def results_lines(record: ShoeRecord) -> list[str]:
    results = [played.result for played in record.results]
    winners = Counter(result.winner for result in results)
    played = len(results) or 1

    def share(count: int) -> str:
        return f"{count} ({100 * count / played:.1f}%)"

    return [
        f"{len(results)} rounds played, {len(record.voids)} voided"
        + (f"; shoe ended: {record.ended}" if record.ended else "; shoe still in play"),
        f"Banker {share(winners['banker'])}, Player {share(winners['player'])}, "
        f"Tie {share(winners['tie'])}",
        f"Player pairs {sum(r.player_pair for r in results)}, banker pairs "
        f"{sum(r.banker_pair for r in results)}, naturals {sum(r.natural for r in results)}",
    ]


def closure_lines(record: ShoeRecord) -> list[str]:
    bets = list(record.results[-1].result.bets) if record.results else record.bets
    lines = []
    for bet in bets:
        rounds = record.closed_rounds(bet)
        if rounds:
            watched = record.closed_by_surveillance.get(bet, [])
            why = f" ({round_ranges(watched)} by surveillance)" if watched else (
                " (its cut-off round)")
            lines.append(f"{label(BETS, bet)}: closed in rounds {round_ranges(rounds)}{why}")
    return lines or ["No bet was closed in this shoe."]


def alert_lines(record: ShoeRecord) -> list[str]:
    return [alert_text(alert) for alert in record.alerts] or ["No alerts in this shoe."]


def integrity_lines(record: ShoeRecord) -> list[str]:
    """The shoe's integrity (docs/surveillance.md, "Shoe integrity"): its longest carried run
    and the chance of one that long, its alerts, its cards against the decks."""
    summary = record.integrity
    if summary is None:
        return ["No integrity check recorded for this shoe (still in play, or no "
                "[surveillance] table)."]
    compared = (f"{summary.cards} cards compared with shoes "
                f"{', '.join(map(str, summary.compared_shoes))}" if summary.compared_shoes
                else f"{summary.cards} cards; no earlier shoe to compare them with")
    run = (f"Longest carried run: {summary.longest_run} cards, from shoe "
           f"{summary.longest_run_shoe}{' reversed' if summary.longest_run_reversed else ''}; "
           f"chance of one that long by chance: {summary.chance}"
           if summary.longest_run_shoe is not None else None)
    alerts = [f"{alert['kind']}: {alert['cards']} cards from card {alert['first_card']}"
              + (f" (shoe {alert['earlier_shoe']}, its card {alert['earlier_first_card']}"
                 f"{', reversed' if alert['reversed'] else ''})"
                 if alert["earlier_shoe"] is not None else f" ({alert['card']})")
              for alert in summary.alerts] or ["No integrity alert."]
    over = [f"{rank} {count}" for rank, count in summary.ranks.items()
            if count > summary.per_rank]
    return [compared, *([run] if run else []), *alerts,
            "Ranks: " + " ".join(f"{rank} {count}" for rank, count in summary.ranks.items())
            + f" (the decks hold {summary.per_rank} each)"
            + (f"; more than the decks hold: {', '.join(over)}" if over else ""),
            "Suits: " + " ".join(f"{suit} {count}" for suit, count in summary.suits.items())
            + f" (the decks hold {summary.per_suit} each)"]


def surveillance_line(record: ShoeRecord) -> str:
    """What the journal says of the shoe's surveillance: its threshold, or why no return was
    recorded (no [surveillance] table, or none computed though there was one)."""
    threshold = (f"alert threshold {record.alert_rtp}" if record.threshold_known else
                 "alert threshold not recorded (1 drawn)")
    if record.watched is None:
        line = ("no exposure recorded in this shoe (the journal does not say whether its "
                "profile had a [surveillance] table)")
    elif not record.watched:
        line = "no returns in this shoe (its profile had no [surveillance] table)"
    elif not record.exposures:
        line = ("no exposure recorded in this shoe, though its profile has a [surveillance] "
                f"table ({threshold})")
    else:
        line = f"{len(record.exposures)} exposures recorded, {threshold}"
    return line + ("; from its profile file as it is now: this journal does not record the "
                   "shoe's terms" if record.watched_from_file else "")


def round_lines(record: ShoeRecord) -> list[str]:
    """Every round of the shoe in order: its cards, totals and result, or why it was voided
    (the HTML report's text)."""
    lines = [(played.round, f"round {played.round}: Player {' '.join(r.player)} "
              f"({r.player_total}), Banker {' '.join(r.banker)} ({r.banker_total}): "
              f"{label(BETS, r.winner)}"
              + "".join(f", {mark}" for mark, shown in (
                  ("player pair", r.player_pair), ("banker pair", r.banker_pair),
                  ("natural", r.natural)) if shown))
             for played in record.results for r in (played.result,)]
    lines += [(voided.round, f"round {voided.round}: voided ({voided.void.reason}), cards "
               f"{' '.join(voided.void.discarded) or 'none'}") for voided in record.voids]
    return [line for _, line in sorted(lines, key=lambda item: item[0])] or [
        "No round was played in this shoe."]


def report_sections(record: ShoeRecord, table: str) -> list[tuple[str, list[str]]]:
    """The report's text, by section (the page shows it; the HTML report carries it too)."""
    return [
        (f"Shoe report: table {table}, shoe {record.shoe}, profile {record.profile}, "
         f"{record.decks} decks", []),
        ("Results", results_lines(record)),
        ("Alerts", alert_lines(record)),
        ("Closures", closure_lines(record)),
        ("Scanner health", [health_text(record).removeprefix("Scanner: ")]),
        ("Surveillance", [surveillance_line(record)]),
        ("Integrity", integrity_lines(record)),
    ]


def _text(title: str, lines: list[str], size: int) -> QLabel:
    body = "<br>".join(lines)
    widget = QLabel(f"<b style='font-size:{size}px'>{title}</b>"
                    + (f"<div style='font-size:{BODY_PIXELS}px'>{body}</div>" if body else ""))
    widget.setTextFormat(Qt.TextFormat.RichText)
    widget.setWordWrap(True)
    widget.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    return widget


class SectionList(QWidget):
    """A section's title and its lines, each wrapped on words: as many whole lines as its
    room holds, the rest summed up in a last line, "… and N more"; nothing cut."""

    TITLE_PIXELS = 20

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title, self.lines = title, lines
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.placed: list[tuple[QRectF, str]] = []  # where the last paint put each text

    def _fonts(self) -> tuple[QFont, QFont]:
        title, body = QFont(self.font()), QFont(self.font())
        title.setPixelSize(self.TITLE_PIXELS)
        title.setBold(True)
        body.setPixelSize(BODY_PIXELS)
        return title, body

    def layout_lines(self) -> list[tuple[QRectF, str]]:
        """Each text shown and its box, from the top: the title, the lines that fit and, if
        some do not, how many more."""
        title_font, body_font = self._fonts()
        width = self.width()
        title_height = QFontMetricsF(title_font).height()
        body = QFontMetricsF(body_font)
        placed = [(QRectF(0, 0, width, title_height), self.title)]
        y, room = title_height + 2, self.height()

        def box(text: str, top: float) -> QRectF:
            needed = body.boundingRect(QRectF(0, 0, width, 10_000), WRAP, text)
            return QRectF(0, top, width, needed.height())

        for index, text in enumerate(self.lines):
            line = box(text, y)
            rest = len(self.lines) - index - 1
            more = box(MORE.format(count=rest + 1), line.bottom()) if rest else None
            if line.bottom() > room or (more is not None and more.bottom() > room):
                left = len(self.lines) - index  # this line and those after it
                placed.append((box(MORE.format(count=left), y), MORE.format(count=left)))
                break
            placed.append((line, text))
            y = line.bottom()
        return placed

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent | None) -> None:
        title_font, body_font = self._fonts()
        painter.setPen(QColor(TEXT))
        self.placed = self.layout_lines()
        for index, (box, text) in enumerate(self.placed):
            painter.setFont(title_font if index == 0 else body_font)
            painter.drawText(box, WRAP | Qt.AlignmentFlag.AlignLeft.value, text)


class ShoeReportPage(QWidget):
    """The page; without its ``titled`` line where the HTML report prints the title itself."""

    def __init__(self, record: ShoeRecord, table: str, titled: bool = True) -> None:
        super().__init__()
        self.setStyleSheet(f"background: {PAPER}; color: {TEXT};")
        self.setFixedSize(*PAGE_SIZE)
        font = self.font()
        font.setPixelSize(17)
        self.setFont(font)
        sections = report_sections(record, table)
        grid = QGridLayout(self)
        grid.setContentsMargins(24, 20, 24, 20)
        grid.setSpacing(14)
        if titled:
            grid.addWidget(_text(sections[0][0], [], 26), 0, 0, 1, 2)
        self.lists = {title: SectionList(title, lines) for title, lines in sections[1:]
                      if title != "Surveillance"}  # the HTML report's only
        grid.addWidget(self.lists["Results"], 1, 0)
        grid.addWidget(self.lists["Scanner health"], 1, 1)
        roads = Roads.from_hands(Hand.from_round_result(r) for _, r in record.results)
        # Every column of the shoe, however many (the display scrolls instead).
        self.bead_plate, self.big_road = BeadPlatePanel(whole=True), BigRoadPanel(whole=True)
        self.bead_plate.reset(roads.bead_plate())
        self.big_road.reset(roads.big_road())
        for column, panel in enumerate((self.bead_plate, self.big_road)):
            panel.setFont(font)
            panel.setFixedHeight(200)
            grid.addWidget(panel, 2, column)
        # The returns' chart only for a shoe that has returns: the lists take its room.
        self.chart: ReturnChart | None = None
        if record.exposures:
            grid.addWidget(_text("Each bet's return to player over the shoe (dashed: the alert "
                                 f"threshold, {record.alert_rtp})", [self._legend(record)], 20),
                           3, 0, 1, 2)
            self.chart = ReturnChart(background=PAPER, ink=TEXT, colors=PAPER_COLORS)
            self.chart.setFont(font)
            self.chart.show_courses({bet: record.course(bet) for bet in record.bets},
                                    record.decks * 52, record.alert_rtp)
            self.chart.setFixedHeight(340)
            grid.addWidget(self.chart, 4, 0, 1, 2)
        else:
            grid.addWidget(_text("Returns", [surveillance_line(record)], 20), 3, 0, 1, 2)
        grid.addWidget(self.lists["Closures"], 5, 0)
        grid.addWidget(self.lists["Alerts"], 5, 1)  # the longest list, in the wider column
        grid.addWidget(self.lists["Integrity"], 6, 0, 1, 2)
        grid.setRowMinimumHeight(1, 100)
        for row, stretch in ((1, 2), (5, 4), (6, 4)):
            grid.setRowStretch(row, stretch)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 2)

    @staticmethod
    def _legend(record: ShoeRecord) -> str:
        latest = record.exposures[-1].rtp
        return " &nbsp; ".join(
            f"<span style='color:{PAPER_COLORS[index % len(PAPER_COLORS)]}'>&#9632;</span> "
            f"{label(BETS, bet)} "
            f"{latest[bet]}" for index, bet in enumerate(record.bets))

    def image(self) -> QImage:
        self.ensurePolished()
        self.show()  # laid out offscreen, then grabbed
        image = self.grab().toImage()
        self.hide()
        return image
