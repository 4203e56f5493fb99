"""The Big Road: a column per streak of banker or player wins, ties counted on the last win."""

from __future__ import annotations

from typing import NamedTuple

from controller.roads.grid import TailGrid
from controller.roads.hand import Hand


class BigRoadCell(NamedTuple):
    col: int
    row: int
    winner: str | None  # None only for ties before the first banker or player win
    ties: int
    player_pair: bool
    banker_pair: bool
    natural: bool  # the winning hand's natural
    badge: str | None = None  # the winning hand's Hand.badge


class Entry(NamedTuple):
    """A win's place in the logical road (column, row), however the grid draws it."""

    column: int
    row: int


class BigRoad:
    def __init__(self, rows: int) -> None:
        self.grid = TailGrid(rows)
        self.cells: list[BigRoadCell] = []  # in the order they were filled
        # Logical columns: their lengths (a streak of 9 is 9, tail or not) and the streak winner.
        self.lengths: list[int] = []
        self.winner: str | None = None

    def add(self, hand: Hand) -> tuple[BigRoadCell, Entry | None]:
        """Adds a hand; returns the cell it added or changed and, for a win, its logical entry."""
        if hand.winner == "tie":
            return self._add_tie(), None
        if self.cells and self.cells[-1].winner is None:
            # The first win joins the cell the leading ties already hold.
            col, row, _, ties = self.cells.pop()[:4]
            self.lengths.append(1)
        elif hand.winner == self.winner:
            col, row = self.grid.extend_column()
            ties = 0
            self.lengths[-1] += 1
        else:
            col, row = self.grid.start_column()
            ties = 0
            self.lengths.append(1)
        self.winner = hand.winner
        cell = BigRoadCell(
            col, row, hand.winner, ties, hand.player_pair, hand.banker_pair, hand.natural,
            hand.badge,
        )
        self.cells.append(cell)
        return cell, Entry(len(self.lengths) - 1, self.lengths[-1] - 1)

    def _add_tie(self) -> BigRoadCell:
        if self.cells:
            cell = self.cells[-1]._replace(ties=self.cells[-1].ties + 1)
            self.cells[-1] = cell
        else:
            col, row = self.grid.start_column()
            cell = BigRoadCell(col, row, None, 1, False, False, False)
            self.cells.append(cell)
        return cell
