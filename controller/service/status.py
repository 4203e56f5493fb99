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
    """Before READY the start-up check reads the whole journal when it has no verified
    checkpoint yet (docs/journal.md), and a journal grows for as long as the table plays: tell
    systemd how long to wait, so a big journal is not killed as a hung start."""
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
    in play, a hold, a pause, the scanner, the end of a shoe (not every card). A failed full
    check of the journal stands at the head of every line until a later check passes; a disk
    alert at its end until it is cleared."""

    def __init__(self, notifier: SystemdNotifier) -> None:
        self.notifier = notifier
        self.alert = ""  # a failed full check of the journal
        self.disk = ""  # the journal's disk short of room
        self._last = ""

    def prime(self, events: Iterable[TableEvent]) -> None:
        """Take the standing alerts from the journal's picture of the table (after a restart)."""
        for event in events:
            self._standing(event)
        if self.alert or self.disk:
            self.notifier.status(self.line(self._last))

    def __call__(self, event: TableEvent) -> None:
        changed = self._standing(event)
        text = describe(event)
        if text is not None or changed:
            self.notifier.status(self.line(text or self._last))

    def line(self, text: str) -> str:
        """``text`` between the standing alerts, if there are any; the line to show."""
        self._last = text
        return " | ".join(part for part in (self.alert, text, self.disk) if part)

    def _standing(self, event: TableEvent) -> bool:
        """Take a standing alert from ``event``; whether it was one."""
        match event.fact:
            case facts.JournalVerified(finding=finding):
                self.alert = f"ALERT: JOURNAL CHECK FAILED: {finding}" if finding else ""
            case facts.DiskAlert(state=state) as alert:
                self.disk = disk_text(alert) if state == "raised" else ""
            case _:
                return False
        return True


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
