"""Where a table's journal lives, and setting a failed one aside."""

from __future__ import annotations

import os
import stat
from datetime import UTC, datetime
from pathlib import Path

from controller.journal.head import head_path

FILE_NAME = "journal.sqlite3"
INSTALLED_STATE = Path("/var/lib/baccarat-table")
_SIDE_FILES = ("-wal", "-shm")


def default_journal_path() -> Path:
    """Under systemd, $STATE_DIRECTORY/journal.sqlite3; else where the installer puts it."""
    state = os.environ.get("STATE_DIRECTORY", "").split(":")[0]
    return (Path(state) if state else INSTALLED_STATE) / FILE_NAME


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename the journal (with its WAL and head file) to PATH.failed-<UTC time>, read-only,
    so the next start begins a new journal while the old one is kept for inspection."""
    if not path.exists():
        raise FileNotFoundError(f"no journal at {path}")
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.failed-{stamp}")
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
