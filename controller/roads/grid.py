"""Where cells land on a road drawn with the dragon-tail rule (Big Road and derived roads)."""

from __future__ import annotations


class TailGrid:
    """Places the cells of successive columns on a grid ``rows`` high.

    A column starts on the top row one column to the right of where the previous column started,
    further right only while an earlier tail holds that top cell. It goes down until the bottom
    row or an occupied cell, then turns right and stays on that row (the dragon tail). The cell
    to the right of a tail is always free: any earlier tail on that row passing this column
    would have stopped the column higher up.
    """

    __slots__ = ("_col", "_occupied", "_row", "_start", "_turned", "rows")

    def __init__(self, rows: int) -> None:
        if rows < 1:
            raise ValueError(f"a road needs at least 1 row, got {rows}")
        self.rows = rows
        self._occupied: set[tuple[int, int]] = set()
        self._start = -1
        self._col = 0
        self._row = 0
        self._turned = False

    def start_column(self) -> tuple[int, int]:
        col = self._start + 1
        while (col, 0) in self._occupied:
            col += 1
        self._start = self._col = col
        self._row = 0
        self._turned = False
        self._occupied.add((col, 0))
        return col, 0

    def extend_column(self) -> tuple[int, int]:
        below = (self._col, self._row + 1)
        if not self._turned and below[1] < self.rows and below not in self._occupied:
            self._row += 1
        else:
            self._turned = True
            self._col += 1
        cell = (self._col, self._row)
        self._occupied.add(cell)
        return cell
