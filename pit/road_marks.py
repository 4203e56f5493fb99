"""The roads as the pages draw them: the cells the project's roads code placed
(``controller.roads``), cut to the columns a floor tile has room for. The browser only draws a
mark at each given cell; where a cell goes is never worked out again in JavaScript."""

from __future__ import annotations

from typing import Any

from controller.roads import Roads

TILE_BEAD_COLUMNS = 6  # of the shoe's bead plate, the newest, on a floor tile
TILE_BIG_ROAD_COLUMNS = 12


def newest_columns(cells: list[dict[str, Any]], columns: int) -> list[dict[str, Any]]:
    """The cells of the newest ``columns`` columns (all, while there are fewer), renumbered
    from column 0."""
    if not cells:
        return []
    first = max(0, max(cell["col"] for cell in cells) - columns + 1)
    return [{**cell, "col": cell["col"] - first} for cell in cells if cell["col"] >= first]


def tile_roads(roads: Roads) -> dict[str, Any]:
    """A floor tile's small Bead Plate and Big Road of the current shoe."""
    drawn = roads.to_json()
    return {"rows": drawn["rows"],
            "bead_plate": newest_columns(drawn["bead_plate"], TILE_BEAD_COLUMNS),
            "bead_columns": TILE_BEAD_COLUMNS,
            "big_road": newest_columns(drawn["big_road"], TILE_BIG_ROAD_COLUMNS),
            "big_road_columns": TILE_BIG_ROAD_COLUMNS}
