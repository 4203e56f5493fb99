"""The table header: which table and profile, the shoe (round, cards left, cut card) and the
table's health (card reader, journal, its daily full check and its disk); and a refused
operator action for a few seconds. The limits and the bets closed have a panel of their own
(limits.py), so nothing here can push them off. At most two lines in every language and size,
so no language takes room from the roads: its items move whole to the next line, never split;
when two lines are not enough the notes that all is well (reader connected, journal ok, feed
connected) give way, and last the items that still do not fit are shortened with "…"
(docs/display.md)."""

from __future__ import annotations

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtGui import QColor, QPalette, QResizeEvent, QShowEvent
from PyQt6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

from controller.events import facts
from controller.game.profiles import Profile
from controller.view.table_view import TableView
from ui.display.flow import FlowLayout, break_lines, text_width
from ui.display.i18n import translate
from ui.display.labels import ACTIONS, PROFILES, label
from ui.display.typescale import TypeScale

INK = "#f4f1e8"
OK = "#4fd37a"
WARN = "#ffb347"
BAD = "#ffffff", "#c0392b"  # ink, paper
PANEL = "#17212b"
FIELDS = ("table", "profile", "round", "cards", "burn", "cut", "reader", "journal", "feed",
          "integrity", "verify", "disk", "refused")
BOLD = frozenset({"table", "cut"})
LINES = 2  # the header's most
ELLIPSIS = "\u2026"
UNLAID_WIDTH = 100_000  # a header not shown yet says everything in full


class TableHeader(QFrame):
    def __init__(self, journal: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("header")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(PANEL))
        self.setPalette(palette)
        self.profile: Profile | None = None
        # What was last shown, compared for equality only: unchanged views are not redrawn.
        self._shown: tuple[object, ...] = ()
        self.fields: dict[str, QLabel] = {}  # each field's first (for most, only) item
        self.items: dict[str, list[QLabel]] = {}
        # Each item's text in full; the fields saying all is well.
        self._texts: dict[QLabel, str] = {}
        self._healthy: set[str] = set()
        self._fitting = False
        self._widths: dict[tuple[str, str], int] = {}
        self._flow = FlowLayout(self)
        self._flow.setContentsMargins(10, 4, 10, 4)
        for name in FIELDS:
            self.items[name] = [self._item(name)]
            self.fields[name] = self.items[name][0]
            self._color(name, INK)
        self._refused = QTimer(self)
        self._refused.setSingleShot(True)
        self._refused.timeout.connect(self._refusal_over)
        self._color("refused", WARN)
        self.set_journal(journal)

    def _item(self, name: str) -> QLabel:
        item = QLabel()
        item.setObjectName(name)
        item.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        item.setAutoFillBackground(True)
        item.hide()  # until it has something to say
        self._flow.addWidget(item)
        return item

    def text(self, name: str) -> str:
        """What field ``name`` shows, its items joined; "" when hidden."""
        return "".join(item.text() for item in self.items[name] if not item.isHidden())

    def set_scale(self, scale: TypeScale) -> None:
        self._flow.set_gap(scale.px("body"))
        for name, items in self.items.items():
            for item in items:
                item.setFont(scale.font(self.font(), "body", bold=name in BOLD))
                item.setMaximumHeight(scale.line("body"))
        self._fit_lines()

    def _set(self, name: str, text: str, healthy: bool = False) -> None:
        self._set_items(name, [text] if text else [])
        if healthy:
            self._healthy.add(name)
        else:
            self._healthy.discard(name)

    def _set_items(self, name: str, texts: list[str]) -> None:
        """Field ``name``'s items."""
        for index, item in enumerate(self.items[name]):
            self._texts[item] = texts[index] if index < len(texts) else ""

    def _color(self, name: str, ink: str, paper: str = PANEL) -> None:
        """Colours through the palette: a style sheet would stop the font reaching the field."""
        for item in self.items[name]:
            palette = item.palette()
            if (palette.color(QPalette.ColorRole.WindowText) == QColor(ink)
                    and palette.color(QPalette.ColorRole.Window) == QColor(paper)):
                continue  # a new palette costs a repaint on every card otherwise
            palette.setColor(QPalette.ColorRole.WindowText, QColor(ink))
            palette.setColor(QPalette.ColorRole.Window, QColor(paper))
            item.setPalette(palette)

    def set_journal(self, health: str) -> None:
        """"" for no journal, "ok", or the reason it failed."""
        if not health:
            self._set("journal", translate("display", "journal: none"))
            self._color("journal", INK)
        elif health == "ok":
            self._set("journal", translate("display", "journal: ok"), healthy=True)
            self._color("journal", OK)
        else:
            self._set("journal", translate("display", "JOURNAL FAILED: {reason}").format(
                reason=health))
            self._color("journal", *BAD)
        self._fit_lines()

    def set_feed(self, connected: bool, waiting: int) -> None:
        """The floor feed (docs/feed.md): connected with nothing waiting, or how many journaled
        events wait for the broker. Not shown for a table without a feed."""
        if connected and not waiting:
            self._set("feed", translate("display", "feed: connected"), healthy=True)
            self._color("feed", OK)
        elif connected:
            self._set("feed", translate("display", "feed: {count} waiting").format(count=waiting))
            self._color("feed", INK)
        else:
            self._set("feed", translate("display", "feed: offline, {count} waiting").format(
                count=waiting))
            self._color("feed", WARN)
        self._fit_lines()

    def set_profile(self, profile: Profile) -> None:
        self.profile = profile

    def refused(self, refusal: facts.ActionRefused, seconds: float = 8.0) -> None:
        """Say for a while that an operator action was refused, and why."""
        self._set("refused", translate("display", "refused: {action}: {reason}").format(
            action=label(ACTIONS, refusal.action), reason=refusal.reason))
        self._refused.start(round(seconds * 1000))
        self._fit_lines()

    def _refusal_over(self) -> None:
        self._set("refused", "")
        self._fit_lines()

    def show_view(self, view: TableView) -> None:
        shown = (view.table, view.profile, view.shoe, view.round, view.cards_left, view.burn,
                 bool(view.reveal), view.last_round, tuple(view.closed_bets), view.scanner,
                 view.rules, view.integrity, view.verify_failed, view.disk, self.profile,
                 view.device_fault)
        if shown == self._shown:  # most events (the state moving on) change nothing here
            return
        self._shown = shown
        # The shoe in play's own terms: after a restart the configured profile is the next
        # shoe's, and may have changed since this one started.
        profile = view.rules or self.profile
        name = view.profile or (profile.name if profile is not None else "")
        self._set("table", view.table)
        self._set("profile", label(PROFILES, name) if name in PROFILES else name)
        self._set("round", translate("display", "shoe {shoe}  round {round}").format(
            shoe=view.shoe, round=view.round))
        self._set("cards", "" if view.cards_left is None else translate(
            "display", "cards left {count}").format(count=view.cards_left))
        self._set("burn", translate("display", "burned {burn} cards").format(burn=view.burn)
                  if view.reveal else "")
        self._set("cut", "" if view.last_round is None else translate(
            "display", "CUT CARD: last round {round}").format(round=view.last_round))
        self._set("integrity", "" if view.integrity is None else translate(
            "display", "INTEGRITY ALERT: {kind}, {cards} cards").format(
                kind=view.integrity.kind.replace("_", " "), cards=view.integrity.cards))
        self._color("integrity", *BAD)
        self._set("verify", "" if view.verify_failed is None else translate(
            "display", "JOURNAL CHECK FAILED: {finding}").format(
                finding=view.verify_failed.finding))
        self._color("verify", *BAD)
        self._set("disk", "" if view.disk is None else translate(
            "display", "JOURNAL DISK: {days} days of space left").format(days=view.disk.days_left))
        self._color("disk", *BAD)
        if view.scanner == "connected" and view.device_fault is not None:
            self._set("reader", translate("display", "CARD READER: {message}").format(
                message=view.device_fault.message or view.device_fault.level))
            self._color("reader", *BAD)
        elif view.scanner == "connected":
            self._set("reader", translate("display", "card reader connected"), healthy=True)
            self._color("reader", OK)
        else:
            self._set("reader", translate("display", "CARD READER DISCONNECTED"))
            self._color("reader", *BAD)
        self._fit_lines()

    # -- at most two lines ---------------------------------------------------------------

    def showEvent(self, event: QShowEvent | None) -> None:
        super().showEvent(event)
        self._fit_lines()  # at the width it was laid out at while hidden

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        if event is None or event.oldSize().width() != event.size().width():
            self._fit_lines()
        super().resizeEvent(event)

    def _fit_lines(self) -> None:
        """Each item's text for this width, in at most two lines: in full if they fit; else
        without the notes that all is well; else the first item that
        does not fit shortened with "…" into the room left, and those after it hidden. The
        window is asked for a line more or less only when that changed: a relayout of the
        whole window on every card would slow the card's frame. Showing an item can resize
        the header at once: such a call is taken up by the one under way."""
        if self._fitting:
            return
        self._fitting = True
        try:
            if not self.isVisible():  # not laid out yet: its width is no one's
                self._fit_width(UNLAID_WIDTH)
                return
            fitted = None
            while fitted != self.width():  # until fitted to the width it ends with
                fitted = self.width()
                self._fit_width(fitted)
        finally:
            self._fitting = False
        if self._flow.heightForWidth(self.width()) != self.height():
            self.updateGeometry()

    def _fit_width(self, width: int) -> None:
        """Work out every item's text from measured widths, then set each label once: a
        label shown or hidden on the way would lay the window out again each time."""
        area, gap = self._flow.area_width(width), self._flow.gap
        items = [item for name in FIELDS for item in self.items[name]]  # the layout's order
        healthy = {self.fields[name] for name in self._healthy}
        texts: list[str] = []
        for drop_healthy in (False, True):
            texts = ["" if drop_healthy and item in healthy else item.fontMetrics().elidedText(
                self._texts.get(item, ""), Qt.TextElideMode.ElideRight, area)
                for item in items]
            lines = self._lines(items, texts, area, gap)
            if len(lines) <= LINES:
                break
        else:
            self._shorten_overflow(items, texts, lines, area, gap)
        for item, text in zip(items, texts, strict=True):
            if item.text() != text:
                item.setText(text)
            if item.isHidden() == bool(text):
                item.setVisible(bool(text))

    def _lines(self, items: list[QLabel], texts: list[str], area: int, gap: int
               ) -> list[list[tuple[int, int, int]]]:
        """The lines the items would take with ``texts``: (index into items, x, width)."""
        shown = [index for index, text in enumerate(texts) if text]
        lines = break_lines([self._width(items[index], texts[index]) for index in shown],
                            area, gap)
        return [[(shown[place], x, item_width) for place, x, item_width in line]
                for line in lines]

    def _width(self, item: QLabel, text: str) -> int:
        """``text_width``, kept: the same texts are measured on every card."""
        key = (item.font().key(), text)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 1024:
                self._widths.clear()
            width = self._widths[key] = text_width(item, text)
        return width

    @staticmethod
    def _shorten_overflow(items: list[QLabel], texts: list[str],
                          lines: list[list[tuple[int, int, int]]], area: int, gap: int) -> None:
        """The first item past the last line shortened with "…" into the room left on it
        (or, with too little room there, the line's last item), those after it left out."""
        last = lines[LINES - 1]
        last_index, x, item_width = last[-1]
        shortened, room = lines[LINES][0][0], area - x - item_width - gap
        if room < 4 * gap:  # too little room for a word and "…": the line's last item gives
            shortened, room = last_index, area - x
        source = texts[shortened]
        for line in lines[LINES:]:
            for index, _, _ in line:
                texts[index] = ""
        text = items[shortened].fontMetrics().elidedText(source + ELLIPSIS,
                                                         Qt.TextElideMode.ElideRight, room - 2)
        texts[shortened] = "" if text in ("", ELLIPSIS) else text
