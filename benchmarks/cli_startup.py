"""How long the command line takes as a whole, against the least the same job needs.

Each figure is the median wall time of whole processes, started the way a technician starts
them (the installed ``baccarat-table`` script), and beside it its anchor, run interleaved in
the same loop so that this noisy shared machine weighs on both alike:

- ``baccarat-table --help`` against the interpreter importing what a help text needs
  (``python -c "import argparse"``); goal: at most 1.5x;
- ``baccarat-table odds`` against a bare script that computes the same exact figures (the
  classic profile on a fresh shoe) and prints them; goal: at most 1.5x.

Run: .venv/bin/python benchmarks/cli_startup.py [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
COMMAND = str(BIN / "baccarat-table")
GOAL = 1.5
# The least the odds command does: load the profile, analyse the shoe, print every figure.
BARE_ODDS = """
from controller.game.cards import ShoeComposition
from controller.game.odds import analyse
from controller.game.profiles import load_profile
profile = load_profile("classic")
result = analyse(ShoeComposition(profile.decks), profile)
for event, p in result.probabilities.items():
    print(event, float(p))
for bet, odds in result.bets.items():
    print(bet, float(odds.wins), float(odds.pushes), float(odds.rtp))
"""
PAIRS = {
    "--help": ([COMMAND, "--help"], [sys.executable, "-c", "import argparse"]),
    "odds": ([COMMAND, "odds"], [sys.executable, "-c", BARE_ODDS]),
}


def wall_time(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 runs each instead of 30")
    runs = 3 if parser.parse_args().quick else 30
    for name, (command, anchor) in PAIRS.items():
        wall_time(command), wall_time(anchor)  # warm the page cache and .pyc files
        timings: dict[str, list[float]] = {"command": [], "anchor": []}
        for _ in range(runs):
            timings["command"].append(wall_time(command))
            timings["anchor"].append(wall_time(anchor))
        ours, least = (statistics.median(timings[key]) * 1000 for key in ("command", "anchor"))
        ratio = ours / least
        verdict = "met" if ratio <= GOAL else "NOT met"
        print(f"{name:<7} {ours:6.1f} ms   anchor {least:6.1f} ms   ratio {ratio:.2f} "
              f"(goal <= {GOAL}: {verdict}), median of {runs}")


if __name__ == "__main__":
    main()
