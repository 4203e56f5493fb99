"""The supervisor's way past a journal whose end could not be checked (a head file missing,
unreadable or lower than the journal): a ``journal_end_accepted`` event, after which the head
file names the journal's last row again and the table starts."""

from __future__ import annotations

from pathlib import Path

from controller.events.facts import JournalEndAccepted
from controller.events.stream import EventBus, TableEvent
from controller.journal.store import FAILED_ADVICE, Journal, JournalError
from controller.journal.verify import self_test


def accept_end(path: Path, by: str, reason: str) -> TableEvent:
    """Record that ``by`` accepts the journal's end as it is, and why; the event recorded."""
    finding = self_test(path.resolve()).finding
    if finding is None:
        raise JournalError(path, "its end checks: there is nothing to accept",
                           advice="start the table")
    if not finding.end_unchecked:
        raise JournalError(path, str(finding), finding.seq, FAILED_ADVICE)
    with Journal.open(path, allow_unchecked_end=True) as journal:
        last = journal.event(journal.last_seq)
        table, shoe, round_ = (last.table, last.shoe, last.round) if last else ("", 0, 0)
        recorded: list[TableEvent] = []
        bus = EventBus(table, journal, journal.last_seq + 1)
        bus.subscribe(recorded.append)
        bus.publish(JournalEndAccepted(by=by, reason=reason, finding=finding.message), shoe,
                    round_)
        bus.flush()
    return recorded[0]
