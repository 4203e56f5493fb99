"""What an archived journal looks like, and where a journal's hash chain starts.

An archive file (``journal archive``, controller.journal.archive) is an SQLite file of the
journal's schema holding a run of rows moved out of the live journal, with a head file of its
own and one more table, ``archive``: its summary (first and last seq, the hash its first row
links to, the last row's hash, the rows). The live journal keeps, chained among its rows, a
``journal_archived`` event for every archive made from it.

So a journal whose first row is not row 1 says itself where its chain starts: an archive by
its summary, the live journal by its newest ``journal_archived`` record, whose last archived
row must be the row just before its first. Rows cut off the front with no such record are
rows deleted, and the self-test says so (controller.journal.verify).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from common.errors import DataError
from controller.events import facts
from controller.events.codec import decode
from controller.events.facts import EventType
from controller.journal.chain import GENESIS
from controller.journal.restart_range import of_type

SUMMARY_TABLE = """
CREATE TABLE archive (
    first_seq INTEGER NOT NULL,
    first_prev_hash BLOB NOT NULL CHECK (length(first_prev_hash) = 32),
    last_seq INTEGER NOT NULL,
    last_hash BLOB NOT NULL CHECK (length(last_hash) = 32),
    rows INTEGER NOT NULL,
    source TEXT NOT NULL,
    made TEXT NOT NULL,
    before TEXT NOT NULL
)"""
_SUMMARY = "SELECT first_seq, first_prev_hash, last_seq, last_hash, rows FROM archive"
_RECORDS = "SELECT seq, data FROM events WHERE type = ? ORDER BY seq"
# The type a literal, as the partial index's WHERE has it (controller.journal.schema).
_NEWEST_RECORD = (f"SELECT seq, data FROM events WHERE {of_type(EventType.JOURNAL_ARCHIVED)} "
                  "ORDER BY seq DESC LIMIT 1")


@dataclass(frozen=True)
class Summary:
    """An archive file's own account of the rows it holds."""

    first_seq: int
    first_prev_hash: bytes
    last_seq: int
    last_hash: bytes
    rows: int


def summary(connection: sqlite3.Connection) -> Summary | None:
    """The archive summary of the database, or None for a live journal (no ``archive``)."""
    has_table = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'archive'").fetchone()
    if has_table is None:
        return None
    row = connection.execute(_SUMMARY).fetchone()
    return None if row is None else Summary(*row)


def records(connection: sqlite3.Connection) -> list[tuple[int, facts.JournalArchived]]:
    """Every ``journal_archived`` record in the database, oldest first, with its seq."""
    return [(seq, _record(data)) for seq, data in
            connection.execute(_RECORDS, (EventType.JOURNAL_ARCHIVED,))]


def _record(data: str) -> facts.JournalArchived:
    fact = decode(EventType.JOURNAL_ARCHIVED, json.loads(data))
    assert isinstance(fact, facts.JournalArchived)
    return fact


class ChainStartUnknown(DataError):
    """Rows are missing before the first and nothing in the file accounts for them."""

    def __init__(self, message: str, seq: int) -> None:
        super().__init__(message)
        self.seq = seq


def chain_start(connection: sqlite3.Connection) -> tuple[int, bytes]:
    """The seq the database's first row must have and the hash it must link to:
    ``(1, GENESIS)`` for a journal never archived; ChainStartUnknown when it starts later
    and neither an archive summary nor a ``journal_archived`` record says why."""
    first = connection.execute("SELECT min(seq) FROM events").fetchone()[0]
    if first is None or first == 1:
        return 1, GENESIS
    own = summary(connection)
    if own is not None:
        if own.first_seq != first:
            raise ChainStartUnknown(f"its first row is {first} but its archive summary says "
                                    f"it starts at row {own.first_seq}", own.first_seq)
        return first, own.first_prev_hash
    newest = connection.execute(_NEWEST_RECORD).fetchone()
    if newest is None:
        raise ChainStartUnknown(_deleted(1, first, "no journal_archived record says where "
                                         "they went"), 1)
    seq, data = newest
    record = _record(data)
    if record.last_seq != first - 1:
        raise ChainStartUnknown(_deleted(record.last_seq + 1, first, f"the last archive "
                                         f"(row {seq}) moved rows up to {record.last_seq}"),
                                record.last_seq + 1)
    return first, bytes.fromhex(record.last_hash)


def _deleted(missing_from: int, first: int, why: str) -> str:
    rows = (f"row {missing_from}" if missing_from == first - 1
            else f"rows {missing_from} to {first - 1}")
    return f"{rows} deleted: row {first} is the first, and {why}"
