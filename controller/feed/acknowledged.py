"""How far the floor feed's broker has acknowledged the journal: the archive moves no row
after that (controller.journal.archive; docs/journal.md, "Archive and retention")."""

from __future__ import annotations

from pathlib import Path

from controller.feed.outbox import Outbox, read_record


def feed_acknowledged(journal: Path, feed_configured: bool) -> int | None:
    """The last seq the broker acknowledged, 0 for none yet; None when the table has no floor
    feed (none configured and no acknowledgement beside the journal), so nothing waits for
    one. An acknowledgement of another journal counts as none."""
    record = read_record(journal)
    if record is None:
        return 0 if feed_configured else None
    outbox = Outbox(journal)
    try:
        return outbox.resume_after(record)
    finally:
        outbox.close()
