"""Reading a journal for recall (``history``, ``shoe-report``, ``journal export``): read-only,
only the rows a command shows, and a damaged file (cut short, a page of zeros) reported as a
``JournalError`` naming SQLite's complaint instead of its exception.

The rows are found through the ``shoes`` and ``rounds`` indexes and read as one range of seqs,
so a year's journal is never held in memory to show one round or one shoe.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from controller.events import facts
from controller.events.stream import TableEvent
from controller.journal.store import FAILED_ADVICE, JournalError, iter_events_between
from controller.journal.verify import open_read_only


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the journal at ``path``; an SQLite error while it is open or
    read in the block (a damaged file) becomes a JournalError naming the file."""
    try:
        connection = open_read_only(path)
        try:
            yield connection
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise unreadable(path, error) from None


def unreadable(path: Path, error: sqlite3.DatabaseError) -> JournalError:
    return JournalError(path, f"SQLite cannot read it: {error}", advice=FAILED_ADVICE)


def round_events(connection: sqlite3.Connection, last: int | None = None,
                 shoe: int | None = None) -> tuple[set[int], Iterator[TableEvent]]:
    """The seqs of the finished rounds to show (the last ``last`` of shoe ``shoe``; all when
    None) and the events they are made of, oldest first: the range from just after the round
    before them to the last of them. Events of other rounds in that range (other shoes' or
    none) come too; the caller keeps the rounds whose seq is in the set."""
    where, params = ("WHERE shoe = ?", (shoe,)) if shoe is not None else ("", ())
    limit = "" if last is None else f" LIMIT {last + 1}"  # one more: where the first begins
    seqs = [row[0] for row in connection.execute(
        f"SELECT seq FROM rounds {where} ORDER BY seq DESC{limit}", params)]
    shown = seqs if last is None else seqs[:last]
    if not shown:
        return set(), iter(())
    if len(seqs) > len(shown):
        after = seqs[-1]
    elif shoe is not None:
        after = _scalar(connection, "SELECT seq FROM shoes WHERE shoe = ?", shoe) or 0
    else:
        after = 0
    return set(shown), iter_events_between(connection, after + 1, shown[0])


def shoe_numbers(connection: sqlite3.Connection) -> tuple[int, int] | None:
    """The first and last shoe that started in the journal, or None."""
    first, last = connection.execute("SELECT min(shoe), max(shoe) FROM shoes").fetchone()
    return None if first is None else (first, last)


def shoe_events(connection: sqlite3.Connection, shoe: int) -> Iterator[TableEvent]:
    """The events from shoe ``shoe``'s ``shoe_started`` to the next shoe's (none if it never
    started), and its ``shoe_integrity``, which the integrity check makes off the card path
    after the shoe's end, maybe once the next shoe has started."""
    start = _scalar(connection, "SELECT seq FROM shoes WHERE shoe = ?", shoe)
    if start is None:
        return iter(())
    end = _scalar(connection, "SELECT min(seq) FROM shoes WHERE seq > ?", start)
    after_next = None if end is None else _scalar(
        connection, "SELECT min(seq) FROM shoes WHERE seq > ?", end)
    rows = iter_events_between(connection, start,
                               after_next - 1 if after_next is not None else None)
    return (event for event in rows if end is None or event.seq < end or (
        isinstance(event.fact, facts.ShoeIntegrity) and event.fact.shoe == shoe))


def _scalar(connection: sqlite3.Connection, sql: str, *params: object) -> int | None:
    row = connection.execute(sql, params).fetchone()
    return row[0] if row else None
