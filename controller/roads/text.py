"""The roads as plain text grids: B/P/T for hands, a tie count after a Big Road win, R/B marks."""

from __future__ import annotations

from collections.abc import Iterable

from controller.roads.model import DERIVED_NAMES, Roads
from controller.roads.statistics import STAT_KEYS

EMPTY = "."
LETTER = {"banker": "B", "player": "P", "tie": "T", None: "-", "red": "R", "blue": "B"}
TITLES = {
    "big_eye_boy": "Big Eye Boy",
    "small_road": "Small Road",
    "cockroach_pig": "Cockroach Pig",
}


def grid_lines(cells: Iterable[tuple[int, int, str]], rows: int) -> list[str]:
    """``rows`` lines drawing (col, row, text) cells, columns padded to the widest text;
    "(empty)" when there is no cell."""
    placed = {(col, row): text for col, row, text in cells}
    if not placed:
        return ["(empty)"]
    columns = max(col for col, _ in placed) + 1
    width = max(len(text) for text in placed.values())
    return [
        " ".join(placed.get((col, row), EMPTY).ljust(width) for col in range(columns)).rstrip()
        for row in range(rows)
    ]


def big_road_text(roads: Roads) -> list[str]:
    """The Big Road: B or P per win followed by the ties counted on it ("B2"); "-3" is three
    ties before the first win."""
    return grid_lines(
        (
            (cell.col, cell.row, LETTER[cell.winner] + (str(cell.ties) if cell.ties else ""))
            for cell in roads.big_road()
        ),
        roads.rows,
    )


def roads_text(roads: Roads) -> list[str]:
    """Every road, the ask road and the statistics, as titled blocks of text."""
    lines = ["Bead Plate"]
    lines += grid_lines(
        ((cell.col, cell.row, LETTER[cell.winner]) for cell in roads.bead_plate()), roads.rows
    )
    lines += ["", "Big Road", *big_road_text(roads)]
    for name in DERIVED_NAMES:
        marks = roads.derived_road(name)
        lines += ["", TITLES[name]]
        lines += grid_lines(((m.col, m.row, LETTER[m.color]) for m in marks), roads.rows)
    lines.append("")
    for winner, road_marks in roads.ask().items():
        asked = ", ".join(f"{TITLES[name]} {color or '-'}" for name, color in road_marks.items())
        lines.append(f"Ask {winner}: {asked}")
    stats = roads.stats()
    lines += ["", f"Statistics over the last {stats.hands} hands"]
    for key in STAT_KEYS:
        label = key.replace("_", " ")
        lines.append(f"  {label:<15} {stats.counts[key]:>4} {stats.percent(key):>7.2f}%")
    return lines
