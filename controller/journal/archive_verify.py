"""``journal verify`` over archives and the live journal as one chain.

The live journal's self-test proves its own rows, from the first it still holds, link to the
hash its newest ``journal_archived`` record names (controller.journal.archive_file). This
module goes on from there: every archive any record names (in the live journal or in an
archive) must be where the record says (or in the folder given instead), pass its own
self-test, hold exactly the rows, first link and last hash its record names, and together the
archives must cover the rows from 1 to the live journal's first without a gap, each linking
to the one before. A removed, replaced or edited archive is a finding naming it.
"""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from controller.events.facts import JournalArchived
from controller.journal.archive_file import records, summary
from controller.journal.chain import GENESIS
from controller.journal.verify import Finding, open_read_only, self_test


@dataclass(frozen=True)
class ArchiveSet:
    """The archives found and checked, oldest first, and the first failure or None."""

    files: list[tuple[Path, JournalArchived]]
    finding: Finding | None

    @property
    def rows(self) -> int:
        return sum(record.rows for _, record in self.files)


def verify_archives(journal: Path, folder: Path | None = None) -> ArchiveSet:
    """Check every archive made from the journal at ``journal`` (which passed its own
    self-test); ``folder``: look for the archive files there instead of where they were
    written."""
    pending = _records_of(journal)
    seen: dict[int, tuple[Path, JournalArchived]] = {}
    while pending:
        record = pending.pop()
        if record.first_seq in seen:
            continue
        path = (folder or Path(record.folder)) / record.file
        finding = _check_one(path, record)
        if finding is not None:
            return ArchiveSet(sorted(seen.values(), key=_first), finding)
        seen[record.first_seq] = (path, record)
        pending.extend(_records_of(path))
    files = sorted(seen.values(), key=_first)
    return ArchiveSet(files, _gap(files, journal))


def _first(item: tuple[Path, JournalArchived]) -> int:
    return item[1].first_seq


def _records_of(path: Path) -> list[JournalArchived]:
    with closing(open_read_only(path)) as db:
        return [record for _, record in records(db)]


def _check_one(path: Path, record: JournalArchived) -> Finding | None:
    what = f"archive {path} (rows {record.first_seq} to {record.last_seq})"
    if not path.is_file():
        return Finding("archive", f"{what} is missing", record.first_seq)
    report = self_test(path)
    if report.finding is not None:
        return Finding("archive", f"{what}: {report.finding}", report.finding.seq)
    with closing(open_read_only(path)) as db:
        own = summary(db)
    held = (report.rows, report.last_seq, report.head_hash.hex(),
            own.first_prev_hash.hex() if own else None)
    named = (record.rows, record.last_seq, record.last_hash, record.first_prev_hash)
    if held != named:
        return Finding("archive", f"{what} is not the archive recorded: it holds "
                       f"{report.rows} rows to row {report.last_seq}, last hash "
                       f"{report.head_hash.hex()[:16]}..., the record names {record.rows} "
                       f"rows to row {record.last_seq}, last hash {record.last_hash[:16]}...",
                       record.first_seq)
    return None


def _gap(files: list[tuple[Path, JournalArchived]], journal: Path) -> Finding | None:
    """The archives must run from row 1 to the live journal's first row, each linking on."""
    seq, digest = 1, GENESIS.hex()
    for path, record in files:
        if record.first_seq != seq or record.first_prev_hash != digest:
            return Finding("archive", f"rows {seq} to {record.first_seq - 1} are in no archive "
                           f"(the next, {path}, starts at row {record.first_seq})"
                           if record.first_seq > seq else
                           f"archive {path} does not follow row {seq - 1}", seq)
        seq, digest = record.last_seq + 1, record.last_hash
    with closing(open_read_only(journal)) as db:
        first = db.execute("SELECT min(seq) FROM events").fetchone()[0] or 1
    if first != seq:
        return Finding("archive", f"rows {seq} to {first - 1} are in no archive", seq)
    return None
