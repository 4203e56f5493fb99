"""Which rows a restart reads: the shoe in play, the inputs that started it, its roads and the
last shoe's settings, and the scanner's last word before them. Found by short scans back from
the journal's end, so the cost does not grow with the journal; the start-up check proves
these same rows (controller.journal.start_check)."""

from __future__ import annotations

import sqlite3

from controller.events.facts import EventType

_END = 2**63 - 1  # SQLite's largest integer: before the end


def of_type(type_: EventType) -> str:
    """The SQL term for rows of ``type_``, its name a literal: a partial index on that type
    (controller.journal.schema) is used only for a term that matches its own WHERE."""
    return f"type = '{EventType(type_)}'"  # an EventType: a name of letters and underscores


def last_seq_of(connection: sqlite3.Connection, type_: EventType,
                before: int = _END) -> int | None:
    """The seq of the last event of ``type_`` before seq ``before``: from its partial index
    (``scanner``, ``journal_verified``, ``journal_archived``, ``disk_alert``), else a reverse
    scan of the rowid table that stops at the first match (the others come once a shoe at
    least)."""
    row = connection.execute(f"SELECT seq FROM events WHERE {of_type(type_)} AND seq < ? "
                             "ORDER BY seq DESC LIMIT 1", (before,)).fetchone()
    return row[0] if row else None


def restart_rows(connection: sqlite3.Connection) -> tuple[int | None, int]:
    """(the last ``scanner`` row before the run, or None; the run's first row): the events
    from the earliest of the last ``shoe_ended``, ``shoe_started`` and ``roads_cleared`` on.
    Before the first shoe ended, the inputs that confirmed it come before its
    ``shoe_started``: then everything (one shoe at most)."""
    ended = last_seq_of(connection, EventType.SHOE_ENDED)
    start = 1
    if ended is not None:
        others = (last_seq_of(connection, kind)
                  for kind in (EventType.SHOE_STARTED, EventType.ROADS_CLEARED))
        start = min((ended, *(seq for seq in others if seq)))
    return last_seq_of(connection, EventType.SCANNER, before=start), start
