"""Recall that follows the archive records: ``history --shoe S`` and ``shoe-report --shoe S``
of a shoe moved out of the live journal read it from its archive file (docs/journal.md,
"Archive and retention").

A file is read as an archive only when it is the one the record names: its first row links to
the hash the record names and its last row is the record's last, hash and all (two row reads;
``journal verify`` checks every row). Another file under its name (another table's archive,
a copy of other rows) is refused, naming it, and so is an archive that is not where its record
says: the shoe is archived, not missing.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from common.errors import UserError
from controller.events.facts import JournalArchived
from controller.journal.archive_file import records
from controller.journal.verify import open_read_only

_ENDS = ("SELECT (SELECT seq FROM events ORDER BY seq LIMIT 1), "
         "(SELECT prev_hash FROM events ORDER BY seq LIMIT 1), "
         "(SELECT seq FROM events ORDER BY seq DESC LIMIT 1), "
         "(SELECT hash FROM events ORDER BY seq DESC LIMIT 1)")


def holding_shoe(journal: Path, shoe: int, folder: Path | None = None) -> Path:
    """The file that holds shoe ``shoe``: ``journal`` itself, or the archive its records (or
    those of the archives they name, for older ones) say it went to, found in ``folder`` when
    given (archives moved there), else where it was written; ``journal`` when no record names
    it (the caller says the shoe is not there). UserError when the archive that holds it is
    not there, or is not the archive recorded."""
    return _find(journal, shoe, folder) or journal


def _find(path: Path, shoe: int, folder: Path | None) -> Path | None:
    with closing(open_read_only(path)) as db:
        if db.execute("SELECT 1 FROM shoes WHERE shoe = ?", (shoe,)).fetchone():
            return path
        found = [record for _, record in records(db)]
    away: tuple[Path, JournalArchived] | None = None  # an archive that may hold it, not there
    for record in reversed(found):  # newest first
        if shoe > record.last_shoe:
            continue
        archive = (folder or Path(record.folder)) / record.file
        if not archive.is_file():
            away = away or (archive, record)
            continue
        check_recorded(archive, record, path)
        held = _find(archive, shoe, folder)  # there, or in an older archive it names
        if held is not None:
            return held
    if away is not None:
        archive, record = away
        raise UserError(f"shoe {shoe} was archived to {archive} (rows {record.first_seq} to "
                        f"{record.last_seq}, shoes {record.first_shoe} to {record.last_shoe}), "
                        "which is not there: name the folder it was moved to with --archives "
                        "DIR")
    return None


def check_recorded(archive: Path, record: JournalArchived, journal: Path) -> None:
    """UserError, naming ``archive``, unless its first and last rows are those ``record``
    (kept in ``journal``) names."""
    named = (record.first_seq, record.first_prev_hash, record.last_seq, record.last_hash)
    try:
        with closing(open_read_only(archive)) as db:
            first, link, last, digest = db.execute(_ENDS).fetchone()
    except sqlite3.DatabaseError as error:
        held = f"SQLite cannot read it ({error})"
    else:
        if first is not None and (first, link.hex(), last, digest.hex()) == named:
            return
        held = (f"it holds rows {first} to {last}, linked to {link.hex()[:16]}..., last hash "
                f"{digest.hex()[:16]}..." if first is not None else "it holds no rows")
    raise UserError(f"{archive}: not the archive {journal} recorded: {held}, where the record "
                    f"names rows {record.first_seq} to {record.last_seq}, linked to "
                    f"{record.first_prev_hash[:16]}..., last hash {record.last_hash[:16]}...: "
                    "put the recorded archive back ('journal verify' checks it)")
