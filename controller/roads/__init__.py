"""The roads (scoreboards) of a shoe and its statistics: a pure model, no Qt.

``Roads.add(Hand)`` returns a ``RoadsChange`` naming the cells to repaint; ``Roads.to_json()``
is the interchange format documented in docs/roads.md; ``roads_text``/``big_road_text`` render
the roads as text.
"""

from controller.roads.bead_plate import BeadCell
from controller.roads.big_road import BigRoadCell
from controller.roads.derived_roads import DERIVED_ROADS, Mark
from controller.roads.hand import Hand
from controller.roads.model import DERIVED_NAMES, Roads, RoadsChange
from controller.roads.statistics import STAT_KEYS, Stats
from controller.roads.text import big_road_text, roads_text

__all__ = [
    "DERIVED_NAMES",
    "DERIVED_ROADS",
    "STAT_KEYS",
    "BeadCell",
    "BigRoadCell",
    "Hand",
    "Mark",
    "Roads",
    "RoadsChange",
    "Stats",
    "big_road_text",
    "roads_text",
]
