"""Whole commands against the least they need, each a fresh process, run alternately.

- ``baccarat-table odds`` (classic profile, fresh 8-deck shoe) against a bare script that
  imports the odds engine and prints the same exact figures;
- ``baccarat-table --help`` against the interpreter importing what a help text needs
  (``argparse``).

Goals (issue 13): each command within 1.5x of its anchor (median wall time).

    .venv/bin/python benchmarks/cli_startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

TABLE = str(Path(sys.executable).parent / "baccarat-table")
BARE_ODDS = """
from controller.game.cards import ShoeComposition
from controller.game.odds import analyse
from controller.game.profiles import load_profile
print(analyse(ShoeComposition(8), load_profile("classic")))
"""
# (what, the command, its anchor)
PAIRS = (
    ("odds", [TABLE, "odds"], [sys.executable, "-c", BARE_ODDS]),
    ("--help", [TABLE, "--help"], [sys.executable, "-c", "import argparse"]),
)
GOAL = 1.5


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="runs of each, alternating (20)")
    runs = parser.parse_args().runs
    print(f"median wall time of {runs} fresh processes each, command and anchor alternating")
    for what, command, anchor in PAIRS:
        times: tuple[list[float], list[float]] = ([], [])
        for _ in range(runs):
            times[0].append(seconds(command))
            times[1].append(seconds(anchor))
        mine, least = (statistics.median(values) for values in times)
        verdict = "met" if mine <= GOAL * least else "NOT met"
        print(f"{what:<7} {mine * 1e3:6.0f} ms; anchor {least * 1e3:4.0f} ms: "
              f"{mine / least:.2f}x (goal <= {GOAL}x: {verdict})")


if __name__ == "__main__":
    main()
