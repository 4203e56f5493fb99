"""The disk budget: how many days of journal writes the journal's disk still has room for.

The write rate comes from the journal's own recent history: the rows of its last week (or of
all it holds, when younger), found by a binary search of the timestamps over the seqs (some
twenty row reads, whatever the journal's age), times the bytes a row takes in the file. The
free space is the file system's, for an unprivileged user (``os.statvfs`` of the journal's
folder: ``f_bavail``). ``DiskWatch`` turns the estimate into a ``disk_alert`` when it falls
below ``[journal] min_free_days`` and again when it is back above (docs/journal.md, "Disk
budget"); the free-space source is a parameter so that a test can shrink it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from controller.events import facts
from controller.journal.verify import open_read_only

FreeSpace = Callable[[Path], int]  # a folder -> the bytes free for the table there
WINDOW = timedelta(days=7)
SHORTEST_SPAN = timedelta(hours=1)  # less history than this says nothing of a rate


def statvfs_free(folder: Path) -> int:
    status = os.statvfs(folder)
    return status.f_bavail * status.f_frsize


@dataclass(frozen=True)
class Budget:
    free_bytes: int
    bytes_per_day: int  # 0: no rate known yet (too little history)

    @property
    def days_left(self) -> float | None:
        return None if self.bytes_per_day == 0 else self.free_bytes / self.bytes_per_day


def estimate(journal: Path, free_space: FreeSpace = statvfs_free) -> Budget:
    """The journal's disk budget now."""
    folder = journal.resolve().parent
    with closing(open_read_only(journal)) as db:
        rate = bytes_per_day(db)
    return Budget(free_space(folder), rate)


def bytes_per_day(db: sqlite3.Connection) -> int:
    first, last = db.execute("SELECT min(seq), max(seq) FROM events").fetchone()
    if first is None:
        return 0
    end = _moment(db, last)
    low, high = first, last  # the first row of the window: its seqs' stamps only increase
    while low < high:
        middle = (low + high) // 2
        if end - _moment(db, middle) > WINDOW:
            low = middle + 1
        else:
            high = middle
    span = end - _moment(db, low)
    if span < SHORTEST_SPAN:
        return 0
    pages, free, size = (db.execute(f"PRAGMA {name}").fetchone()[0]
                         for name in ("page_count", "freelist_count", "page_size"))
    per_row = (pages - free) * size / (last - first + 1)
    return int((last - low) * per_row / (span / timedelta(days=1)))


def _moment(db: sqlite3.Connection, seq: int) -> datetime:
    stamp = db.execute("SELECT ts FROM events WHERE seq = ?", (seq,)).fetchone()[0]
    return datetime.fromisoformat(stamp)


class DiskWatch:
    """The disk alert's state for one journal: ``check`` says when it changes."""

    def __init__(self, journal: Path, min_free_days: int,
                 free_space: FreeSpace = statvfs_free) -> None:
        self.journal = journal
        self.min_free_days = min_free_days
        self.free_space = free_space
        self.raised = False

    def check(self) -> facts.DiskAlert | None:
        """A ``disk_alert`` raised when the days left fell below the threshold, cleared when
        they are back above it; None when nothing changed. No rate known (too little
        history, or rows stamped before the rows they follow: the clock stepped back) says
        nothing of the days left, so it changes nothing."""
        budget = estimate(self.journal, self.free_space)
        days = budget.days_left
        if days is None:
            return None
        short = days < self.min_free_days
        if short == self.raised:
            return None
        self.raised = short
        return facts.DiskAlert(
            state="raised" if short else "cleared", days_left=f"{days:.1f}",
            free_bytes=budget.free_bytes, bytes_per_day=budget.bytes_per_day,
            min_free_days=self.min_free_days, folder=str(self.journal.resolve().parent))
