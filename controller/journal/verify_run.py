"""A full verify run (``baccarat-table journal verify``, and the table's daily check in its
child process: controller.journal.daily_check): every check, timed, and its result as a
``journal_verified`` fact. The run never writes the journal: a table may hold it."""

from __future__ import annotations

import time
from contextlib import closing
from dataclasses import replace
from pathlib import Path

from controller.events.facts import JournalVerified
from controller.events.stream import utc_timestamp
from controller.journal.archive_file import summary
from controller.journal.archive_verify import ArchiveSet, verify_archives
from controller.journal.verify import Report, open_read_only, self_test


def verify_journal(path: Path, archives_folder: Path | None = None
                   ) -> tuple[Report, JournalVerified, ArchiveSet | None]:
    """The full check of the journal at ``path`` and of its archives with it (in the folder
    their records name, or ``archives_folder``: a damaged or missing archive fails the check
    as the journal's own rows would); its result; and the archives checked (None when
    ``path`` is an archive itself, or the journal failed before them)."""
    started = time.monotonic()
    report, archives = self_test(path), None
    if report.finding is None or report.finding.end_unchecked:
        with closing(open_read_only(path)) as connection:
            is_archive = summary(connection) is not None
        if not is_archive:
            archives = verify_archives(path, archives_folder)
            report = replace(report, finding=archives.finding or report.finding)
    result = JournalVerified(
        last_seq=report.last_seq, last_hash=report.head_hash.hex(), rows=report.rows,
        seconds=round(time.monotonic() - started, 3), finished=utc_timestamp(),
        finding="" if report.finding is None else str(report.finding))
    return report, result, archives
