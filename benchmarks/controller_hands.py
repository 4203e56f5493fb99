"""Hands per second through the whole controller: simulated 8-deck shoes played headless as
fast as they go (driver thread, queue, state machine, events), journal off and on.

    .venv/bin/python benchmarks/controller_hands.py [--shoes N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from controller.app import open_table
from controller.config import TableConfig


def play(shoes: int, journal_path: str | None) -> tuple[int, float]:
    rounds = 0

    def count(event) -> None:
        nonlocal rounds
        if event.type in ("round_result", "round_voided"):
            rounds += 1

    config = TableConfig(driver_url="sim://?seed=1&rate=0", journal_path=journal_path)
    table = open_table(config, subscribers=(count,), stop_after_shoes=shoes)
    started = time.perf_counter()
    try:
        table.runner.run()
    finally:
        table.close()
    return rounds, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shoes", type=int, default=20)
    args = parser.parse_args()
    play(1, None)  # warm up imports and caches
    rounds, seconds = play(args.shoes, None)
    print(f"journal off: {rounds} hands in {seconds:.3f} s = {rounds / seconds:,.0f} hands/s")
    with tempfile.TemporaryDirectory() as folder:
        rounds, seconds = play(args.shoes, str(Path(folder) / "journal.sqlite3"))
    print(f"journal on: {rounds} hands in {seconds:.3f} s = {rounds / seconds:,.0f} hands/s")


if __name__ == "__main__":
    main()
