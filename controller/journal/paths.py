"""Where a table's journal lives, and setting a failed one aside."""

from __future__ import annotations

import os
import stat
from datetime import UTC, datetime
from pathlib import Path

from controller.journal.head import head_path
from controller.journal.lock import try_lock
from controller.journal.store import JournalError, in_use
from controller.journal.verify import self_test

FILE_NAME = "journal.sqlite3"
INSTALLED_STATE = Path("/var/lib/baccarat-table")
_SIDE_FILES = ("-wal", "-shm")


def default_journal_path() -> Path:
    """Under systemd, $STATE_DIRECTORY/journal.sqlite3; else where the installer puts it."""
    state = os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    return (Path(state) if state else INSTALLED_STATE) / FILE_NAME


def journal_files(path: Path) -> list[Path]:
    """The files a journal at ``path`` is kept in: the database, SQLite's WAL and shared
    memory and the head file."""
    return [path, *(path.with_name(path.name + side) for side in _SIDE_FILES), head_path(path)]


def set_aside(path: Path, force: bool = False, now: datetime | None = None) -> Path:
    """Rename the journal (with its WAL and head file) to PATH.failed-<UTC time>, read-only,
    so the next start begins a new journal while the old one is kept for inspection. Refused
    while a table has it open, and for a journal that passes its self-test unless ``force``."""
    real = path.resolve()
    if not real.is_file():
        raise FileNotFoundError(f"no journal at {path}")
    descriptor = os.open(real, os.O_RDONLY)
    try:
        if not try_lock(descriptor):  # held until the files are renamed
            raise in_use(path)
        if not force and self_test(real).finding is None:
            raise JournalError(path, "it passes its self-test: setting it aside would start the "
                               "table on a new, empty journal", advice="keep it; if the "
                               "supervisor wants a new journal all the same, add --force")
        return _rename_read_only(real, now or datetime.now(UTC))
    finally:
        os.close(descriptor)


def _rename_read_only(path: Path, now: datetime) -> Path:
    target = path.with_name(f"{path.name}.failed-{now.strftime('%Y%m%dT%H%M%SZ')}")
    if target.exists():
        raise FileExistsError(f"{target} already exists")
    moves = [(path, target)]
    moves += [(path.with_name(path.name + side), target.with_name(target.name + side))
              for side in _SIDE_FILES]
    moves.append((head_path(path), head_path(target)))
    for source, destination in moves:
        if source.exists():
            source.rename(destination)
            destination.chmod(stat.S_IMODE(destination.stat().st_mode) & ~0o222)
    return target
