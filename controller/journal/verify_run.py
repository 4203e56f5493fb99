"""A full verify run (``baccarat-table journal verify``, the daily timer's): every check, timed,
and its result left beside the journal for the table to journal (controller.journal.
checkpoint). The run itself never writes the journal: a table may hold it."""

from __future__ import annotations

import time
from pathlib import Path

from controller.events.facts import JournalVerified
from controller.events.stream import utc_timestamp
from controller.journal.checkpoint import result_path, write_result
from controller.journal.verify import Report, self_test


def verify_and_record(path: Path) -> tuple[Report, JournalVerified, str | None]:
    """The full check of the journal at ``path``; its result, written to ``PATH.verified``;
    and why the result could not be written, if it could not (a copy in a read-only folder:
    the check still stands, only no checkpoint comes of it)."""
    started = time.monotonic()
    report = self_test(path)
    result = JournalVerified(
        last_seq=report.last_seq, last_hash=report.head_hash.hex(), rows=report.rows,
        seconds=round(time.monotonic() - started, 3), finished=utc_timestamp(),
        finding="" if report.finding is None else str(report.finding))
    try:
        write_result(path, result)
    except OSError as error:
        return report, result, f"cannot write {result_path(path)}: {error.strerror}"
    return report, result, None
