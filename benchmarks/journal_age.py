"""What a person waits for, on a journal a day, a month and a year old (issue: "a table that
runs for years"): a restart to ready, the display's first frame after it, ``history --last
10``, ``shoe-report`` of the last shoe; and the full verify's rows per second against the
anchor, a bare loop that reads and hashes the same rows. Journals come from
benchmarks/journal_generator.py (a real table's shoes, repeated).

Goals: each wait within 1.3x between the youngest journal and the oldest; the verify at least
0.5x the bare loop.

    .venv/bin/python benchmarks/journal_age.py [--days 1,30,365] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from journal_generator import template_shoes, write_journal

from controller.journal.chain import GENESIS, row_hash
from controller.journal.verify import self_test
from controller.service.app import open_table
from controller.table.config import TableConfig
from ui.cli import main as cli

GOAL_GROWTH = 1.3
GOAL_VERIFY = 0.5


def timed(action: Callable[[], object], runs: int) -> float:
    """The median seconds of ``runs`` calls of ``action``."""
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds)


def restart(journal: Path) -> None:
    """A table opened on ``journal`` (the start-up check, the replay) and closed again."""
    open_table(TableConfig(driver_url="sim://?seed=3&rate=0",
                           journal_path=str(journal))).close()


def first_frame(journal: Path) -> None:
    """A restart, then the display's window primed with what the journal shows and painted."""
    from ui.display.app import make_application
    from ui.display.window import DisplayWindow

    app = make_application("en")  # kept while the window lives
    table = open_table(TableConfig(driver_url="sim://?seed=3&rate=0", journal_path=str(journal)))
    try:
        window = DisplayWindow()
        window.resize(1920, 1080)
        window.prime(table.view_events)
        window.grab()
        window.deleteLater()
        app.processEvents()
    finally:
        table.close()


def command(*words: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        if cli(list(words)) != 0:
            raise RuntimeError(f"baccarat-table {' '.join(words)} failed")


def bare_hashing(journal: Path) -> None:
    """The anchor: every row read and its hash recomputed, nothing else."""
    previous = GENESIS
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as connection:
        for row in connection.execute("SELECT seq, ts, type, table_id, shoe, round, data "
                                      "FROM events ORDER BY seq"):
            previous = row_hash(previous, *row)


def waits_on(journal: Path, out: Path, runs: int) -> dict[str, float]:
    """Each wait's median seconds on ``journal``."""
    return {
        "restart to ready": timed(lambda: restart(journal), runs),
        "display's first frame": timed(lambda: first_frame(journal), runs),
        "history --last 10": timed(lambda: command(
            "history", "--journal", str(journal), "--last", "10"), runs),
        "shoe-report, last shoe": timed(lambda: command(
            "shoe-report", "--journal", str(journal), "--out", str(out)), runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", default="1,30,365",
                        help="ages of the journals, in days of dealing (default 1,30,365)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each wait (median)")
    args = parser.parse_args()
    ages = [float(days) for days in args.days.split(",")]
    waits: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        template = template_shoes(Path(folder))
        for days in ages:
            journal = Path(folder) / f"{days:g}-days.sqlite3"
            rows = write_journal(journal, days, template)
            for name, seconds in waits_on(journal, Path(folder) / "report.png",
                                          args.runs).items():
                waits.setdefault(name, []).append(seconds)
            verify = timed(partial(self_test, journal), 1)
            bare = timed(partial(bare_hashing, journal), 1)
            print(f"{days:g} days: {rows:,} rows; verify {rows / verify:,.0f} rows/s, bare "
                  f"hashing loop {rows / bare:,.0f} rows/s: {bare / verify:.2f}x (goal >= "
                  f"{GOAL_VERIFY}x: {'met' if bare / verify >= GOAL_VERIFY else 'NOT met'})")
    print("wait".ljust(26) + "".join(f"{days:>10g} d" for days in ages) + "   oldest/youngest")
    for name, seconds in waits.items():
        growth = seconds[-1] / seconds[0]
        print(name.ljust(26) + "".join(f"{value * 1000:>10.0f} ms" for value in seconds)
              + f"   {growth:.2f}x (goal <= {GOAL_GROWTH}x: "
              + ("met" if growth <= GOAL_GROWTH else "NOT met") + ")")


if __name__ == "__main__":
    main()
