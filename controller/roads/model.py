"""The roads of one shoe: Bead Plate, Big Road, the three derived roads and the statistics."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from controller.roads.bead_plate import BeadCell, BeadPlate
from controller.roads.big_road import BigRoad, BigRoadCell
from controller.roads.derived_roads import DERIVED_ROADS, DerivedRoad, Mark, mark_color
from controller.roads.hand import Hand
from controller.roads.statistics import DEFAULT_WINDOW, Statistics, Stats

DEFAULT_ROWS = 6
DERIVED_NAMES = tuple(name for name, _ in DERIVED_ROADS)


@dataclass(frozen=True, slots=True)
class RoadsChange:
    """What one ``add`` (or a clear) did, so a painter can repaint only that.

    Each road lists the cells it added or redrew (a tie redraws the Big Road cell it is counted
    on), with their new contents; ``marks`` maps each derived road to the mark it added, if any.
    The statistics and the ask road change with every hand. ``cleared`` means everything went.
    """

    bead_plate: tuple[BeadCell, ...] = ()
    big_road: tuple[BigRoadCell, ...] = ()
    marks: dict[str, Mark] = field(default_factory=dict)
    cleared: bool = False


class Roads:
    """The roads model. Adding a hand costs O(1) amortised; nothing is ever recomputed."""

    def __init__(
        self,
        rows: int = DEFAULT_ROWS,
        stats_window: int = DEFAULT_WINDOW,
    ) -> None:
        if rows < 1:
            raise ValueError(f"roads need at least 1 row, got {rows}")
        self.rows = rows
        self.stats_window = stats_window
        self.clear()

    @classmethod
    def from_hands(cls, hands: Iterable[Hand], **options: Any) -> Roads:
        """The roads rebuilt from hands in play order (the journal at start-up)."""
        roads = cls(**options)
        for hand in hands:
            roads.add(hand)
        return roads

    def clear(self) -> RoadsChange:
        """Empties every road and the statistics (the supervisor's "clear roads")."""
        self._bead_plate = BeadPlate(self.rows)
        self._big_road = BigRoad(self.rows)
        self._derived = {name: DerivedRoad(name, k, self.rows) for name, k in DERIVED_ROADS}
        self._statistics = Statistics(self.stats_window)
        return RoadsChange(cleared=True)

    def add(self, hand: Hand) -> RoadsChange:
        bead = self._bead_plate.add(hand)
        self._statistics.add(hand)
        cell, entry = self._big_road.add(hand)
        marks = {}
        if entry is not None:
            lengths = self._big_road.lengths
            for name, road in self._derived.items():
                mark = road.add(lengths, entry.column, entry.row)
                if mark is not None:
                    marks[name] = mark
        return RoadsChange((bead,), (cell,), marks)

    # Snapshots: copies, safe to keep while hands are added.
    def bead_plate(self) -> tuple[BeadCell, ...]:
        return tuple(self._bead_plate.cells)

    def big_road(self) -> tuple[BigRoadCell, ...]:
        """The drawn cells in the order they were filled."""
        return tuple(self._big_road.cells)

    def derived_road(self, name: str) -> tuple[Mark, ...]:
        """The marks of "big_eye_boy", "small_road" or "cockroach_pig" in the order drawn."""
        return tuple(self._derived[name].marks)

    def big_road_columns(self) -> tuple[int, ...]:
        """The lengths of the Big Road's logical columns (a streak of 9 is 9, however drawn)."""
        return tuple(self._big_road.lengths)

    def hands(self) -> int:
        return len(self._bead_plate.cells)

    def ask(self) -> dict[str, dict[str, str | None]]:
        """For a banker and for a player next hand, the mark each derived road would add."""
        return {winner: self._ask(winner) for winner in ("banker", "player")}

    def _ask(self, winner: str) -> dict[str, str | None]:
        lengths = self._big_road.lengths
        if not lengths:
            return dict.fromkeys(DERIVED_NAMES)
        if winner == self._big_road.winner:
            column, row = len(lengths) - 1, lengths[-1]
        else:
            column, row = len(lengths), 0
        return {name: mark_color(lengths, column, row, k) for name, k in DERIVED_ROADS}

    def stats(self) -> Stats:
        return self._statistics.stats()

    def to_json(self) -> dict[str, Any]:
        """The interchange object printed by ``baccarat-table roads --json``."""
        result: dict[str, Any] = {
            "rows": self.rows,
            "bead_plate": [_cell_json(cell) for cell in self._bead_plate.cells],
            "big_road": [_cell_json(cell) for cell in self._big_road.cells],
        }
        for name in DERIVED_NAMES:
            result[name] = [mark._asdict() for mark in self._derived[name].marks]
        result["ask"] = self.ask()
        result["stats"] = self.stats().to_json()
        return result


def _cell_json(cell: BeadCell | BigRoadCell) -> dict[str, Any]:
    """A cell's fields; ``badge`` only on a badged hand, so other tables' output is unchanged."""
    fields = cell._asdict()
    if fields["badge"] is None:
        del fields["badge"]
    return fields
