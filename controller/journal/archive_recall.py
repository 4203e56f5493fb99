"""Recall that follows the archive records: ``history --shoe S`` and ``shoe-report --shoe S``
of a shoe moved out of the live journal read it from its archive file (docs/journal.md,
"Archive and retention")."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from controller.journal.archive_file import records
from controller.journal.verify import open_read_only


def holding_shoe(journal: Path, shoe: int) -> Path:
    """The file that holds shoe ``shoe``: ``journal`` itself, or the archive its records (or
    those of the archives they name, for older ones) say it went to; ``journal`` when none
    does (the caller says the shoe is not there)."""
    return _find(journal, shoe) or journal


def _find(path: Path, shoe: int) -> Path | None:
    with closing(open_read_only(path)) as db:
        if db.execute("SELECT 1 FROM shoes WHERE shoe = ?", (shoe,)).fetchone():
            return path
        found = [record for _, record in records(db)]
    for record in reversed(found):  # newest first
        archive = Path(record.folder) / record.file
        if shoe <= record.last_shoe and archive.is_file():
            held = _find(archive, shoe)  # there, or in an older archive it names
            if held is not None:
                return held
    return None
