"""``[journal] keep_days``: at start, before the table replays its journal, the shoes that
ended more than ``keep_days`` ago move to the archive folder (controller.journal.archive;
docs/journal.md, "Archive and retention").

At start, not at each shoe's end: the table is then the journal's only user (no relay, no
reader of its own), and a start is when a table PC that plays 18 hours a day comes up each
day. A failure to archive stops nothing: the table plays on its whole journal and the log says
why (the disk budget's alert says when space runs short).
"""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from controller.feed.acknowledged import feed_acknowledged
from controller.journal import Journal, JournalError
from controller.journal.archive import Archived, archive
from controller.table.config import TableConfig

log = logging.getLogger(__name__)
ARCHIVE_FOLDER = "archive"  # beside the journal, without [journal] archive_dir


def archive_folder(config: TableConfig, journal: Path) -> Path:
    return Path(config.archive_dir) if config.archive_dir else (
        journal.resolve().parent / ARCHIVE_FOLDER)


def keep_retention(journal: Journal, config: TableConfig,
                   now: datetime | None = None) -> Archived | None:
    """Archive what ``[journal] keep_days`` no longer keeps live; the archive made, if any."""
    if config.keep_days is None:
        return None
    before = (now or datetime.now(UTC)) - timedelta(days=config.keep_days)
    folder = archive_folder(config, journal.path)
    try:
        # No whole-file VACUUM at start (docs/journal.md): the next rows reuse the pages
        moved = archive(journal, before, folder,
                        feed_acknowledged(journal.path, config.feed is not None), rewrite=False)
    except (JournalError, OSError, sqlite3.Error) as error:
        log.error("journal %s: keeping %d days: cannot archive to %s: %s; the table plays on "
                  "with the whole journal", journal.path, config.keep_days, folder, error)
        return None
    if moved is not None:
        record = moved.record
        log.info("journal %s: kept %d days: shoes %d to %d (%d rows) moved to %s",
                 journal.path, config.keep_days, record.first_shoe, record.last_shoe,
                 record.rows, moved.path)
    return moved
