"""What the table is doing, told to systemd as ``STATUS=`` lines (``systemctl status``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from controller.events import facts
from controller.events.states import TableState
from controller.events.stream import TableEvent
from controller.service.sd_notify import SystemdNotifier

# The self-test reads about 30 MB of journal a second here; allow a slower disk three times as
# long, on top of the unit's own TimeoutStartSec.
JOURNAL_CHECK_BYTES_PER_SECOND = 10_000_000
START_ALLOWANCE_SECONDS = 60


def allow_time_for_journal_check(notifier: SystemdNotifier, journal_path: str | None) -> None:
    """Before READY the self-test reads the whole journal, which grows for as long as the table
    plays: tell systemd how long to wait, so a big journal is not killed as a hung start."""
    if journal_path is None:
        return
    # Its file and WAL (a path that names a folder is refused when the journal opens).
    parts = (Path(journal_path), Path(f"{journal_path}-wal"))
    size = sum(part.stat().st_size for part in parts if part.is_file())
    seconds = START_ALLOWANCE_SECONDS + size / JOURNAL_CHECK_BYTES_PER_SECOND
    notifier.notify(f"EXTEND_TIMEOUT_USEC={int(seconds * 1_000_000)}",
                    f"STATUS=checking the journal ({size / 1_000_000:.0f} MB)")


class ServiceStatus:
    """A subscriber that sends a one-line status when the table's situation changes: a round
    in play, a hold, a pause, the scanner, the end of a shoe (not every card). A disk alert
    stands at the end of every line until it is cleared."""

    def __init__(self, notifier: SystemdNotifier) -> None:
        self.notifier = notifier
        self.disk: str | None = None  # the disk alert standing
        self._last = ""

    def prime(self, events: Iterable[TableEvent]) -> None:
        """The table as the journal left it (its view's events): a disk alert raised at start
        stands from the first line."""
        for event in events:
            if isinstance(event.fact, facts.DiskAlert):
                self(event)

    def __call__(self, event: TableEvent) -> None:
        if isinstance(event.fact, facts.DiskAlert):
            self.disk = disk_text(event.fact) if event.fact.state == "raised" else None
            text: str | None = self._last
        else:
            text = describe(event)
        if text is None:
            return
        self._last = text
        line = "; ".join(filter(None, (text, self.disk)))
        if line:
            self.notifier.status(line)


def disk_text(alert: facts.DiskAlert) -> str:
    return (f"DISK: {alert.days_left} days of journal space left in {alert.folder} (below "
            f"{alert.min_free_days}; docs/journal.md, 'Disk budget')")


def describe(event: TableEvent) -> str | None:
    where = f"shoe {event.shoe} round {event.round}"
    match event.fact:
        case facts.BettingOpen():
            return f"{where}: in play"
        case facts.Hold(code=code, message=message):
            return f"{where}: HOLD {code}: {message}"
        case facts.HoldCleared(by=by, action=action):
            return f"{where}: hold cleared by {by} ({action})"
        case facts.State(state=TableState.PAUSED):
            return f"{where}: paused"
        case facts.Scanner(status=status):
            return f"{where}: scanner {status}"
        case facts.ShoeEnded(rounds=rounds):
            return f"shoe {event.shoe} ended after {rounds} rounds: awaiting the shuffle"
    return None
