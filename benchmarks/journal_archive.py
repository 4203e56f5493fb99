"""What ``journal archive`` costs (docs/performance.md, "Journal archive"), against the
anchor, copying the journal file and syncing it, measured in the same run: on a journal of
``--days`` of dealing, the first archive (everything older than ``--first`` days) and then one
more day's, each with the VACUUM that gives the space back (the command's way), and a day's
more as a table's start makes it (no VACUUM: later rows reuse the pages). Only the archive is
timed, not opening the journal (its self-test).

    .venv/bin/python benchmarks/journal_archive.py [--days 120] [--first 90]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from journal_generator import template_shoes, write_journal

from controller.journal import Journal
from controller.journal.archive import archive

MB = 1_000_000


def copy_and_sync(source: Path, target: Path) -> float:
    started = time.perf_counter()
    shutil.copyfile(source, target)
    descriptor = os.open(target, os.O_RDONLY)
    os.fsync(descriptor)
    os.close(descriptor)
    return time.perf_counter() - started


def archived(path: Path, days_ago: float, folder: Path, rewrite: bool) -> tuple[float, int]:
    """Seconds to archive everything older than ``days_ago`` days, and the rows moved."""
    before = datetime.now(UTC) - timedelta(days=days_ago)
    with Journal.open(path) as journal:
        started = time.perf_counter()
        moved = archive(journal, before, folder, rewrite=rewrite)
        seconds = time.perf_counter() - started
    return seconds, moved.record.rows if moved else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=float, default=120)
    parser.add_argument("--first", type=float, default=90,
                        help="the first archive moves what is older than this many days")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = folder / "journal.sqlite3"
        rows = write_journal(path, args.days, template_shoes(folder))
        size = path.stat().st_size
        anchor = copy_and_sync(path, folder / "copy.sqlite3")
        print(f"journal: {rows:,} rows, {size / MB:.1f} MB ({args.days:g} days of dealing)")
        print(f"anchor: copying the journal file and syncing it: {anchor:.2f} s")
        for what, days, rewrite in (("first archive (VACUUM)", args.first, True),
                                    ("next day's archive (VACUUM)", args.first - 1, True),
                                    ("a day's more at a start (no VACUUM)", args.first - 2,
                                     False)):
            seconds, moved = archived(path, days, folder / "archive", rewrite)
            print(f"{what}: {seconds:.2f} s for {moved:,} rows moved, "
                  f"{path.stat().st_size / MB:.1f} MB left live: {seconds / anchor:.1f}x "
                  "the anchor")


if __name__ == "__main__":
    main()
