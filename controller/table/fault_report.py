"""A failure's traceback goes to a report file for the engineers, never onto the dealer's or the
technician's screen, which get one line naming the file."""

from __future__ import annotations

import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path


def write_fault_report(error: BaseException, folder: Path | None) -> Path:
    """Write ``error``'s traceback to ``folder`` (the journal's, or the temp dir) and return
    the file's path."""
    folder = folder or Path(tempfile.gettempdir())
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    path = folder / f"baccarat-table-fault-{stamp}.txt"
    path.write_text("".join(traceback.format_exception(error)), encoding="utf-8")
    return path
