"""The journal's schema and its migrations.

``PRAGMA user_version`` holds the schema version: migration ``n`` (1-based) takes a journal from
version ``n - 1`` to ``n``. A journal newer than this program is refused, never downgraded.
The ``events`` table is the record (hash-chained); ``shoes`` and ``rounds`` index it, with a
unique shoe number and a unique (shoe, round) so no shoe or round can be stored twice; four
partial indexes find the last ``scanner``, ``journal_verified``, ``journal_archived`` and
``disk_alert`` rows at once.
"""

from __future__ import annotations

import sqlite3

# "BACC" in ASCII: tells a journal from any other SQLite file.
APPLICATION_ID = 0x42414343

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE events (
        seq INTEGER PRIMARY KEY CHECK (seq > 0),
        ts TEXT NOT NULL,
        type TEXT NOT NULL,
        table_id TEXT NOT NULL,
        shoe INTEGER NOT NULL,
        round INTEGER NOT NULL,
        data TEXT NOT NULL,
        prev_hash BLOB NOT NULL CHECK (length(prev_hash) = 32),
        hash BLOB NOT NULL CHECK (length(hash) = 32)
    );
    CREATE TABLE shoes (
        shoe INTEGER PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE REFERENCES events (seq),
        profile TEXT NOT NULL,
        decks INTEGER NOT NULL
    );
    CREATE TABLE rounds (
        shoe INTEGER NOT NULL REFERENCES shoes (shoe),
        round INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('result', 'void')),
        winner TEXT,
        seq INTEGER NOT NULL UNIQUE REFERENCES events (seq),
        PRIMARY KEY (shoe, round)
    ) WITHOUT ROWID;
    """,
    # Rare rows a start looks back for however far they are (the scanner's last word before
    # the shoe in play, the newest verified checkpoint, the newest archive record): an index
    # entry for each such row only, so the look back does not scan the journal. A query names
    # the type as a literal, as the index's WHERE does, or SQLite cannot use it
    # (controller.journal.restart_range).
    """
    CREATE INDEX events_scanner ON events (seq) WHERE type = 'scanner';
    CREATE INDEX events_journal_verified ON events (seq) WHERE type = 'journal_verified';
    CREATE INDEX events_journal_archived ON events (seq) WHERE type = 'journal_archived';
    """,
    # The newest ``disk_alert``, however far back: whether one raised still stands at a start
    # (controller.table.restart, ``resume``), so that a restart does not raise it again.
    """
    CREATE INDEX events_disk_alert ON events (seq) WHERE type = 'disk_alert';
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(connection: sqlite3.Connection, version: int,
            migrations: tuple[str, ...] = MIGRATIONS) -> None:
    """Bring a journal at ``version`` up to the last migration, one transaction per step."""
    for number in range(version + 1, len(migrations) + 1):
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in migrations[number - 1].split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {number}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
