"""A clock the test moves by hand: tests own their clock, never sleep to wait for one."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta


class ManualClock:
    """Monotonic seconds that move only when the test says (``now = ...``, ``advance``).

    It counts its readings, so a test can wait until a thread has looked at the time it set
    (``read_twice``) before asserting what that thread did not do."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now
        self._reads = 0
        self._read = threading.Condition()

    def __call__(self) -> float:
        with self._read:
            self._reads += 1
            self._read.notify_all()
            return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def read_twice(self, timeout: float = 10.0) -> None:
        """Return once the clock has been read twice from now on: the first may be a reading
        taken just before the test changed something; the second comes after. The timeout
        only bounds a broken test, it is no timing claim."""
        with self._read:
            wanted = self._reads + 2
            deadline = time.monotonic() + timeout
            while self._reads < wanted:
                left = deadline - time.monotonic()
                assert left > 0, "nothing read the clock"
                self._read.wait(left)


class ManualWallClock:
    """The wall clock (an aware ``datetime``) that moves only when the test says: the pit's
    clock, whose times the pages and alerts show."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
