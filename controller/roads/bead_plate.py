"""The Bead Plate: every hand, ties included, in order down columns of ``rows``."""

from __future__ import annotations

from typing import NamedTuple

from controller.roads.hand import Hand


class BeadCell(NamedTuple):
    col: int
    row: int
    winner: str
    player_pair: bool
    banker_pair: bool
    natural: bool
    badge: str | None = None  # Hand.badge: "dragon_7" or "panda_8"


class BeadPlate:
    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.cells: list[BeadCell] = []

    def add(self, hand: Hand) -> BeadCell:
        col, row = divmod(len(self.cells), self.rows)
        cell = BeadCell(col, row, hand.winner, hand.player_pair, hand.banker_pair, hand.natural,
                        hand.badge)
        self.cells.append(cell)
        return cell
