"""What ``journal archive`` costs (docs/performance.md, "Journal archive"): on a journal of
``--days`` of dealing, the first archive (everything older than ``--first`` days; its VACUUM
rewrites the whole live file once and turns incremental vacuum on) and then one more day's
(incremental vacuum: only the pages freed), each against the anchor, copying the journal file
and syncing it, measured in the same run.

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


def archived(path: Path, days_ago: float, folder: Path) -> tuple[float, int]:
    """Seconds to archive everything older than ``days_ago`` days, and the rows moved."""
    before = datetime.now(UTC) - timedelta(days=days_ago)
    started = time.perf_counter()
    with Journal.open(path) as journal:
        moved = archive(journal, before, folder)
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
        first, moved = archived(path, args.first, folder / "archive")
        print(f"first archive (VACUUM, the live file rewritten once): {first:.2f} s for "
              f"{moved:,} rows moved, {path.stat().st_size / MB:.1f} MB left live: "
              f"{first / anchor:.1f}x the anchor")
        daily, moved = archived(path, args.first - 1, folder / "archive")
        print(f"next day's archive (incremental vacuum): {daily:.2f} s for {moved:,} rows "
              f"moved, {path.stat().st_size / MB:.1f} MB left live: {daily / anchor:.1f}x "
              "the anchor")


if __name__ == "__main__":
    main()
