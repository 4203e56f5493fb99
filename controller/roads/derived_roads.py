"""Big Eye Boy, Small Road and Cockroach Pig: red/blue marks read off the Big Road's columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from controller.roads.grid import TailGrid

# Road name and offset k: how many columns back each road compares.
DERIVED_ROADS: tuple[tuple[str, int], ...] = (
    ("big_eye_boy", 1),
    ("small_road", 2),
    ("cockroach_pig", 3),
)


class Mark(NamedTuple):
    col: int
    row: int
    color: str  # "red" or "blue"


def mark_color(lengths: Sequence[int], column: int, row: int, offset: int) -> str | None:
    """The mark a Big Road entry at logical (column, row) adds, given the lengths of the
    columns before it; None when the column it compares with does not exist."""
    if row == 0:
        # A new column: were the two columns before it, ``offset`` apart, the same length?
        if column - 1 - offset < 0:
            return None
        return "red" if lengths[column - 1] == lengths[column - 1 - offset] else "blue"
    if column - offset < 0:
        return None
    # Going down: blue only where the compared column just ended (exactly ``row`` entries).
    return "blue" if lengths[column - offset] == row else "red"


class DerivedRoad:
    def __init__(self, name: str, offset: int, rows: int) -> None:
        self.name = name
        self.offset = offset
        self.grid = TailGrid(rows)
        self.marks: list[Mark] = []

    def add(self, lengths: Sequence[int], column: int, row: int) -> Mark | None:
        color = mark_color(lengths, column, row, self.offset)
        if color is None:
            return None
        if self.marks and self.marks[-1].color == color:
            col, r = self.grid.extend_column()
        else:
            col, r = self.grid.start_column()
        mark = Mark(col, r, color)
        self.marks.append(mark)
        return mark
