"""A layout that places its widgets left to right and breaks the line between them, never
inside one, so the header's items stay whole (Qt ships no such layout); a word-wrapped label
wider than the line takes the line's width and wraps. What the items say so
that they take few lines is the header's business (``lines`` tells it how they fall)."""

from __future__ import annotations

from PyQt6.QtCore import QPoint, QRect, QSize, Qt
from PyQt6.QtWidgets import QLabel, QLayout, QLayoutItem, QWidget


def text_width(label: QLabel, text: str) -> int:
    """The width ``label`` takes to show ``text`` on one line."""
    margins = label.contentsMargins()
    ink = label.fontMetrics().boundingRect(QRect(0, 0, 100_000, 10_000), 0, text)
    return ink.width() + 2 + margins.left() + margins.right() + 2 * max(0, label.indent())


def natural_width(item: QLayoutItem) -> int:
    """A label's width on one line: a word-wrapped QLabel's size hint is already wrapped."""
    widget = item.widget()
    if not isinstance(widget, QLabel):
        return item.sizeHint().width()
    return text_width(widget, widget.text())


def item_height(item: QLayoutItem, width: int) -> int:
    """An item's height at ``width``: a word-wrapped label's wrapped height."""
    return item.heightForWidth(width) if item.hasHeightForWidth() else item.sizeHint().height()


def is_hidden(item: QLayoutItem) -> bool:
    widget = item.widget()
    return widget is not None and widget.isHidden()


def break_lines(widths: list[int], area: int, gap: int) -> list[list[tuple[int, int, int]]]:
    """Items of ``widths`` placed left to right in lines ``area`` wide, ``gap`` apart: each
    line's items as (index, x offset, width), a width at most the line's."""
    lines: list[list[tuple[int, int, int]]] = []
    x = 0
    for index, width in enumerate(widths):
        width = min(width, area)
        if not lines or (x > 0 and x + width > area):
            lines.append([])
            x = 0
        lines[-1].append((index, x, width))
        x += width + gap
    return lines


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, spacing: int = 24) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing

    @property
    def gap(self) -> int:
        return self._gap

    def set_gap(self, gap: int) -> None:
        self._gap = gap
        self.invalidate()

    def area_width(self, width: int) -> int:
        """The room for a line inside the margins of a layout ``width`` wide."""
        margins = self.contentsMargins()
        return width - margins.left() - margins.right()

    def lines(self, width: int) -> list[list[tuple[QLayoutItem, int, int]]]:
        """The visible items broken into lines for a layout ``width`` wide: each item with its
        x offset in the line and its width (at most the line's)."""
        shown = [item for item in self._items if not is_hidden(item)]
        return [[(shown[index], x, item_width) for index, x, item_width in line]
                for line in break_lines([natural_width(item) for item in shown],
                                        self.area_width(width), self._gap)]

    # -- QLayout ---------------------------------------------------------------------------

    def addItem(self, item: QLayoutItem | None) -> None:
        if item is not None:
            self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    # -- placing ---------------------------------------------------------------------------

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the visible items out in ``rect`` (or only measure); the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        parent = self.parentWidget()
        right_to_left = parent is not None and (
            parent.layoutDirection() == Qt.LayoutDirection.RightToLeft)
        y = area.y()
        for line in self.lines(rect.width()):
            height = max(item_height(item, width) for item, _, width in line)
            for item, x, width in line:
                if move:
                    left = (area.x() + x if not right_to_left
                            else area.x() + area.width() - x - width)
                    item.setGeometry(QRect(QPoint(left, y), QSize(width, height)))
            y += height
        return y - rect.y() + margins.bottom()
