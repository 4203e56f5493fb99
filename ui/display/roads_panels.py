"""The road panels: each paints its road from the roads model, caching what it painted.

A panel keeps the cells it shows and a sheet (a QPixmap) with those cells already painted, a
few dozen columns wider than the panel. A new hand paints only its own cells into the sheet
and asks Qt to repaint only their rectangles; ``paintEvent`` just copies the visible slice of
the sheet, scrolled so the newest column shows. The sheet is rebuilt when the panel is resized
or the road outgrows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PyQt6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PyQt6.QtGui import QColor, QPainter, QPaintEvent, QPixmap, QResizeEvent
from PyQt6.QtWidgets import QSizePolicy, QWidget

from controller.roads import DERIVED_NAMES, Roads, RoadsChange
from ui.display import marks
from ui.display.i18n import translate
from ui.display.painting import guarded_paint

SPARE_COLUMNS = 24  # sheet columns beyond the visible ones: a rebuild every 24 new columns
TITLE_INK = QColor("#3b4350")
TITLE_PAPER = QColor("#e8ebf0")


def paint_titled_paper(painter: QPainter, panel: RoadPanel | AskRoadPanel,
                       title_height: int) -> None:
    """A panel's paper and its title strip, with ``panel.title`` written in it."""
    painter.fillRect(panel.rect(), marks.ROAD_PAPER)
    painter.fillRect(QRect(0, 0, panel.width(), title_height), TITLE_PAPER)
    painter.setPen(TITLE_INK)
    painter.setFont(panel.font())
    painter.drawText(QRect(6, 0, panel.width() - 12, title_height),
                     Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeading, panel.title)


class RoadPanel(QWidget):
    """A road drawn on a grid ``rows`` cells high; subclasses say how a cell looks."""

    def __init__(self, title: str, rows: int = 6, parent: QWidget | None = None,
                 whole: bool = False) -> None:
        super().__init__(parent)
        self.title = title
        self.rows = rows
        # Every column shown, the cells made smaller to fit (the shoe report's picture), where
        # the display scrolls to the newest column.
        self.whole = whole
        self.cells: dict[tuple[int, int], Any] = {}
        self._last_col = -1
        self._sheet = QPixmap()
        self._sheet_cell = 0
        self._base = 0
        self._capacity = 0
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(60, 40)

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: Any) -> None:
        raise NotImplementedError

    # -- geometry ------------------------------------------------------------------------

    def title_height(self) -> int:
        return min(self.fontMetrics().height() + 4, self.height() // 4)

    def hold_marks_at(self, side: int) -> None:
        """Keep the cells at least ``side`` high (the type scale's floor, so the marks read
        as well as the smallest text), whatever the other panels ask for."""
        self.setMinimumHeight(self.fontMetrics().height() + 4 + self.rows * side)

    def cell_size(self) -> int:
        size = (self.height() - self.title_height()) // self.rows
        if self.whole:
            size = min(size, self.width() // (self._last_col + 1 or 1))
        return max(4, size)

    def visible_columns(self) -> int:
        return max(1, self.width() // self.cell_size())

    def first_column(self) -> int:
        """The leftmost column shown: the newest column is always the last one visible."""
        return max(0, self._last_col + 1 - self.visible_columns())

    def cell_rect(self, col: int, row: int) -> QRectF:
        """Where the cell (col, row) is on the widget (it may be scrolled off)."""
        size = self.cell_size()
        return QRectF((col - self.first_column()) * size, self.title_height() + row * size,
                      size, size)

    # -- model to sheet ------------------------------------------------------------------

    def reset(self, cells: Iterable[Any]) -> None:
        """Show exactly ``cells`` (a snapshot from the model, or nothing after a clear)."""
        self.cells = {(cell.col, cell.row): cell for cell in cells}
        self._last_col = max((col for col, _ in self.cells), default=-1)
        self._sheet_cell = 0  # forces a rebuild
        self._ensure_sheet()
        self.update()

    def show_cells(self, cells: Iterable[Any]) -> None:
        """Add or redraw these cells; repaints only them unless the road scrolled."""
        cells = tuple(cells)
        if not cells:
            return
        first = self.first_column()
        for cell in cells:
            self.cells[(cell.col, cell.row)] = cell
            self._last_col = max(self._last_col, cell.col)
        if self._ensure_sheet():  # the rebuilt sheet has them already
            self.update()
            return
        painter = QPainter(self._sheet)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            for cell in cells:
                self._paint_on_sheet(painter, cell)
        finally:
            painter.end()
        if self.first_column() != first:  # scrolled: every visible cell moved
            self.update()
            return
        for cell in cells:
            self.update(self.cell_rect(cell.col, cell.row).toAlignedRect().adjusted(-1, -1, 1, 1))

    def _sheet_rect(self, col: int, row: int) -> QRectF:
        size = self._sheet_cell
        return QRectF((col - self._base) * size, row * size, size, size)

    def _paint_on_sheet(self, painter: QPainter, cell: Any) -> None:
        rect = self._sheet_rect(cell.col, cell.row)
        marks.empty_cell(painter, rect)
        self.paint_cell(painter, rect, cell)

    def _ensure_sheet(self) -> bool:
        """Rebuild the sheet if the cell size changed or the view left it; True if rebuilt."""
        size, visible, first = self.cell_size(), self.visible_columns(), self.first_column()
        if (size == self._sheet_cell and self._base <= first
                and first + visible <= self._base + self._capacity):
            return False
        self._sheet_cell, self._base = size, first
        self._capacity = visible + SPARE_COLUMNS
        self._sheet = QPixmap(self._capacity * size, self.rows * size)
        self._sheet.fill(marks.ROAD_PAPER)
        painter = QPainter(self._sheet)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(marks.GRID_LINE)
            for col in range(1, self._capacity + 1):
                painter.drawLine(QPointF(col * size - 0.5, 0),
                                 QPointF(col * size - 0.5, self.rows * size))
            for row in range(1, self.rows + 1):
                painter.drawLine(QPointF(0, row * size - 0.5),
                                 QPointF(self._capacity * size, row * size - 0.5))
            end = self._base + self._capacity
            for (col, _), cell in self.cells.items():
                if self._base <= col < end:
                    self.paint_cell(painter, self._sheet_rect(cell.col, cell.row), cell)
        finally:
            painter.end()
        return True

    # -- Qt ------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        self._ensure_sheet()
        super().resizeEvent(event)

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent | None) -> None:
        title = self.title_height()
        paint_titled_paper(painter, self, title)
        size = self._sheet_cell
        if self._sheet.isNull() or size == 0:
            return
        first = max(self._base, self.first_column())
        shown = min(self.visible_columns(), self._base + self._capacity - first)
        source = QRect((first - self._base) * size, 0, shown * size, self.rows * size)
        painter.drawPixmap(QPoint(0, title), self._sheet, source)


class BeadPlatePanel(RoadPanel):
    def __init__(self, parent: QWidget | None = None, whole: bool = False) -> None:
        super().__init__(translate("display", "Bead Plate"), parent=parent, whole=whole)
        self.letters = {
            "banker": translate("display", "B"),
            "player": translate("display", "P"),
            "tie": translate("display", "T"),
        }

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: Any) -> None:
        marks.bead(painter, rect, marks.WINNER_COLORS[cell.winner], self.letters[cell.winner],
                   cell.natural, self.font())
        marks.pair_dots(painter, rect, cell.player_pair, cell.banker_pair)
        if cell.badge is not None:
            marks.ez_badge(painter, rect, cell.badge, self.font())


class BigRoadPanel(RoadPanel):
    def __init__(self, parent: QWidget | None = None, whole: bool = False) -> None:
        super().__init__(translate("display", "Big Road"), parent=parent, whole=whole)
        self.letters = {"banker": translate("display", "B"), "player": translate("display", "P")}

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: Any) -> None:
        if cell.winner is not None:
            marks.win_ring(painter, rect, marks.WINNER_COLORS[cell.winner], cell.natural,
                           self.letters[cell.winner], self.font())
            marks.pair_dots(painter, rect, cell.player_pair, cell.banker_pair)
        if cell.ties:
            marks.tie_line(painter, rect, cell.ties, self.font())
        if cell.badge is not None:  # over a tie's line, which would hide its number
            marks.ez_badge(painter, rect, cell.badge, self.font())


def derived_title(name: str) -> str:
    titles = {
        "big_eye_boy": translate("display", "Big Eye Boy"),
        "small_road": translate("display", "Small Road"),
        "cockroach_pig": translate("display", "Cockroach Pig"),
    }
    return titles[name]


class DerivedRoadPanel(RoadPanel):
    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(derived_title(name), parent=parent)
        self.name = name

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: Any) -> None:
        marks.derived_mark(painter, rect, self.name, cell.color)


class AskRoadPanel(QWidget):
    """What each derived road would add if the next hand were banker, or player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ask: dict[str, dict[str, str | None]] = {
            winner: dict.fromkeys(DERIVED_NAMES) for winner in ("banker", "player")}
        self.labels = {"banker": translate("display", "B"), "player": translate("display", "P")}
        self.title = translate("display", "Next hand")
        self.setMinimumSize(60, 40)

    def set_ask(self, ask: dict[str, dict[str, str | None]]) -> None:
        self.ask = ask
        self.update()

    def mark_rect(self, winner: str, name: str) -> QRectF:
        """Where the mark ``name`` would add for a ``winner`` next hand is shown."""
        title = min(self.fontMetrics().height() + 4, self.height() // 4)
        side = min((self.height() - title) / 2, self.width() / 4.4)
        row = ("banker", "player").index(winner)
        col = 1 + DERIVED_NAMES.index(name)
        return QRectF(side * 0.2 + col * side, title + row * side, side, side)

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent | None) -> None:
        title = min(self.fontMetrics().height() + 4, self.height() // 4)
        paint_titled_paper(painter, self, title)
        for winner, color in (("banker", marks.BANKER_RED), ("player", marks.PLAYER_BLUE)):
            first = self.mark_rect(winner, DERIVED_NAMES[0])
            label = first.translated(-first.width(), 0)
            marks.bead(painter, label.adjusted(2, 2, -2, -2), color, self.labels[winner], False,
                       self.font())
            for name in DERIVED_NAMES:
                color_name = self.ask.get(winner, {}).get(name)
                if color_name is not None:
                    rect = self.mark_rect(winner, name).adjusted(3, 3, -3, -3)
                    marks.derived_mark(painter, rect, name, color_name)


class RoadsBoard:
    """The road panels, fed from the roads model and the change each hand made."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.bead_plate = BeadPlatePanel(parent)
        self.big_road = BigRoadPanel(parent)
        self.derived = {name: DerivedRoadPanel(name, parent) for name in DERIVED_NAMES}
        self.ask = AskRoadPanel(parent)

    def panels(self) -> tuple[RoadPanel, ...]:
        return (self.bead_plate, self.big_road, *self.derived.values())

    def reset(self, roads: Roads) -> None:
        """Repaint every road from the model (start-up, a cleared road, a new shoe)."""
        self.bead_plate.reset(roads.bead_plate())
        self.big_road.reset(roads.big_road())
        for name, panel in self.derived.items():
            panel.reset(roads.derived_road(name))
        self.ask.set_ask(roads.ask())

    def apply(self, roads: Roads, change: RoadsChange | None) -> None:
        """Paint what one hand changed, or everything after a clear."""
        if change is None or change.cleared:
            self.reset(roads)
            return
        self.bead_plate.show_cells(change.bead_plate)
        self.big_road.show_cells(change.big_road)
        for name, mark in change.marks.items():
            self.derived[name].show_cells((mark,))
        self.ask.set_ask(roads.ask())
