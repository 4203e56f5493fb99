"""The journal: every event made durable in SQLite before anyone sees it.

One database per table, WAL mode with ``synchronous=FULL``. ``Journal.open`` locks the database
file (controller.journal.lock), runs the start-up check (controller.journal.start_check: the
rows since the last verified checkpoint, the shoe in play, the head file) on a read-only
connection and raises ``JournalError`` for a journal that fails it, leaving the file untouched;
the supervisor decides what happens to it (docs/journal.md). Only then does it open the file
for writing and prove, with a committed write, that it can write there.

Every failure to record or commit is a ``JournalError`` carrying SQLite's (or the OS's) own
error and the advice for a technician, after the open transaction was rolled back whole.

Durability. The event bus appends the events of one input (a card and what it caused: its
position, the round's result; a misread; an operator action ...) into one open transaction and
commits it (``commit``) before any subscriber sees them and before a smart shoe is told the
card is recorded. A crash therefore loses whole inputs or nothing, and a lost card was never
acknowledged: a smart shoe sends it again, a scanner's dealer sees no card and rescans.

Threads. The one writing connection belongs to the thread that opens the table, which also
runs its loop and closes it (controller.table.runner, controller.service.app.Table.run): SQLite
refuses its use from any other thread. Readers (recall, reports, the floor feed's relay) open
connections of their own.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from common.errors import Fault, UserError
from controller.events import facts
from controller.events.codec import decode, encode
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.journal.chain import GENESIS, canonical_data, row_hash
from controller.journal.head import (
    BOUND_AHEAD,
    HeadFile,
    HeadUnreadable,
    head_path,
    read_head,
)
from controller.journal.lock import try_lock
from controller.journal.restart_range import last_seq_of, restart_rows
from controller.journal.schema import SCHEMA_VERSION, migrate
from controller.journal.start_check import start_test

log = logging.getLogger(__name__)
T = TypeVar("T")

PAGE_SIZE = 1024  # small pages: fewer bytes written per commit (SD-card wear)

_INSERT_EVENT = ("INSERT INTO events (seq, ts, type, table_id, shoe, round, data, prev_hash, hash)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_SHOE = "INSERT INTO shoes (shoe, seq, profile, decks) VALUES (?, ?, ?, ?)"
_INSERT_ROUND = "INSERT INTO rounds (shoe, round, status, winner, seq) VALUES (?, ?, ?, ?, ?)"
_COLUMNS = "SELECT seq, ts, type, table_id, shoe, round, data FROM events"
_SELECT = f"{_COLUMNS} WHERE seq >= ? ORDER BY seq"
_SELECT_ONE = f"{_COLUMNS} WHERE seq = ?"
_SELECT_RANGE = f"{_COLUMNS} WHERE seq BETWEEN ? AND ? ORDER BY seq"
_LAST_SEQ = 2**63 - 1  # SQLite's largest integer: "to the end" in a range of seqs

# What a technician does about each kind of JournalError (docs/journal.md has the sections).
FAILED_ADVICE = ("read the reason with 'baccarat-table journal verify'; the supervisor decides "
                 "whether to set it aside (docs/journal.md, 'A journal that fails the self-test')")
END_ADVICE = ("the supervisor checks the record and accepts its end with 'baccarat-table journal "
              "accept-end --by NAME' (docs/journal.md, 'A missing or lowered head file')")
IN_USE_ADVICE = ("another table process has it open: stop that one first ('systemctl status "
                 "baccarat-table' shows the service); never set aside or delete a journal in use")
UNWRITABLE_ADVICE = ("make the disk, the journal, its folder and its .head file writable by the "
                     "table's user, then start again (docs/journal.md, 'A journal it cannot "
                     "write')")
FULL_ADVICE = ("free space on the disk that holds it, then start again: the table resumes where "
               "it stopped (docs/journal.md, 'A journal it cannot write')")
REFUSED_ADVICE = ("a program fault kept from the record: start again to resume from the last row "
                  "recorded, and report this line")
GONE_ADVICE = ("find out what removed it before starting again: the rows written since are lost "
               "and the next start refuses the journal (docs/journal.md, 'A journal deleted "
               "while in use')")


class JournalError(Fault):
    """The journal cannot be used. ``reason`` is one line for the display and the log;
    ``advice`` says what a technician does about it."""

    def __init__(self, path: Path | str, reason: str, seq: int | None = None,
                 advice: str = FAILED_ADVICE) -> None:
        super().__init__(f"journal {path}: {reason}")
        self.path = Path(path)
        self.reason = reason
        self.seq = seq
        self.advice = advice


class Journal:
    """An open journal. Use ``Journal.open``; one writer per file (a lock enforces it)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, last_seq: int,
                 last_hash: bytes, head: HeadFile, lock: int) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = connection
        self._head = head
        self._lock = lock  # the database file itself, locked: whatever path names it
        self._seq, self._hash = last_seq, last_hash  # the last row appended
        self._committed = (last_seq, last_hash)  # the last row committed
        self._bound = last_seq  # how far the synced head file lets the journal run
        self._pending = False
        real = path.resolve()
        self._files = {name: _identity(name) for name in (real, real.with_name(real.name + "-wal"))}

    @property
    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise JournalError(self.path, "closed")
        return self._db

    @classmethod
    def open(cls, path: str | Path, allow_unchecked_end: bool = False) -> Journal:
        """Lock, self-test and open the journal at ``path`` (creating it if absent), and
        prove it can be written. ``allow_unchecked_end``: the supervisor has accepted that a
        missing or lowered head file leaves the end unchecked (``journal accept-end``)."""
        path = Path(path).absolute()  # every message names the file opened, wherever from
        if path.is_dir():  # `.` or `/`: a person's mistake, not a journal that failed
            raise UserError(f"journal {path}: is a folder: name the journal's file")
        real = path.resolve()  # a symlink names the same journal; SQLite resolves it too
        if not _has_content(real):
            _refuse_if_deleted(real)  # before anything is created in its place
        if not os.access(real.parent, os.W_OK | os.X_OK):  # SQLite makes its WAL there
            problem = "is read-only" if real.parent.is_dir() else "does not exist"
            raise JournalError(path, f"cannot write it: its folder {real.parent} {problem}",
                               advice=UNWRITABLE_ADVICE)
        lock = _lock(path, real)
        head = connection = None
        try:
            head = _writable(path, lambda: HeadFile(real))
            if _has_content(real):
                seq, digest = _self_test(real, allow_unchecked_end)
            else:
                seq, digest = 0, GENESIS
            connection = _writable(path, lambda: _connect(real))
            _writable(path, lambda: head.write(seq, digest, seq, sync=True))
            journal = cls(path, connection, seq, digest, head, lock)
        except BaseException:
            if connection is not None:
                connection.close()
            if head is not None:
                head.close()
            os.close(lock)
            raise
        return journal

    @property
    def last_seq(self) -> int:
        return self._seq

    @property
    def head_hash(self) -> bytes:
        return self._hash

    def append(self, event: TableEvent) -> None:
        """Record ``event`` in the open transaction (``commit`` makes it durable)."""
        self.append_all((event,))

    def append_all(self, events: Sequence[TableEvent]) -> None:
        """Record ``events``, in order, in the open transaction: one input's (the bus's)."""
        rows = []
        seq, previous = self._seq, self._hash
        for event in events:
            if event.seq != seq + 1:
                raise JournalError(self.path, f"event {event.seq} ({event.type}) out of "
                                   f"sequence: the last row is {seq}", event.seq)
            data = canonical_data(encode(event.fact))
            digest = row_hash(previous, event.seq, event.ts, event.type, event.table,
                              event.shoe, event.round, data)
            rows.append((event.seq, event.ts, event.type, event.table, event.shoe, event.round,
                         data, previous, digest))
            seq, previous = event.seq, digest
        db = self._connection
        event = events[0]  # named by an error, until the index names the one it refused
        try:
            if not self._pending:
                db.execute("BEGIN IMMEDIATE")
                self._pending = True
            db.executemany(_INSERT_EVENT, rows)
            for event in events:
                self._index(event)
            self._seq, self._hash = seq, previous
        except sqlite3.IntegrityError as error:  # a shoe or round recorded twice
            self.rollback()
            raise JournalError(self.path, f"refused event {event.seq} ({event.type}): {error}",
                               event.seq, REFUSED_ADVICE) from error
        except sqlite3.Error as error:
            self.rollback()
            raise unwritable(self.path, f"cannot record event {event.seq} ({event.type})",
                             error) from error

    def _index(self, event: TableEvent) -> None:
        db = self._connection
        match event.fact:
            case facts.ShoeStarted(profile=profile, decks=decks):
                db.execute(_INSERT_SHOE, (event.shoe, event.seq, profile, decks))
            case facts.RoundResult(winner=winner):
                db.execute(_INSERT_ROUND, (event.shoe, event.round, "result", winner, event.seq))
            case facts.RoundVoided():
                db.execute(_INSERT_ROUND, (event.shoe, event.round, "void", None, event.seq))

    def commit(self) -> None:
        """Make every appended event durable (a no-op when none is waiting). On failure
        everything appended since the last commit is rolled back and JournalError says why."""
        if not self._pending:
            return
        first, last = self._committed[0] + 1, self._seq
        events = f"event {first}" if first == last else f"events {first} to {last}"
        try:
            passing_bound = self._seq > self._bound
            self._check_in_place(everything=passing_bound)
            if passing_bound:  # first move the synced bound past this commit
                self._bound = self._seq + BOUND_AHEAD
                self._head.write(*self._committed, self._bound, sync=True)
            self._connection.execute("COMMIT")
        except JournalError:
            self.rollback()
            raise
        except (sqlite3.Error, OSError) as error:
            self.rollback()
            raise unwritable(self.path, f"cannot commit {events}", error) from error
        self._pending = False
        self._committed = (self._seq, self._hash)
        try:
            self._head.write(self._seq, self._hash, self._bound)
        except OSError as error:  # the synced bound already allows this commit: carry on
            log.warning("journal %s: cannot update %s: %s", self.path, self._head.path, error)

    def rollback(self) -> None:
        """Drop everything appended since the last commit (an input that failed half-way)."""
        if self._db is not None and self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error as error:  # the table stops on the error that led here
                log.error("journal %s: rollback failed: %s", self.path, error)
        self._pending = False
        self._seq, self._hash = self._committed

    def _check_in_place(self, everything: bool) -> None:
        """A journal deleted (or replaced) under a running table takes every later row with
        it: stop at the next commit instead of writing into a file nobody will read. Either
        leaves the open database file with no name, which one ``fstat`` of it shows at every
        commit (cheaper than a ``stat`` by path); the paths of the database, its WAL and head
        file (moved away, replaced) are checked when the bound moves."""
        gone = os.fstat(self._lock).st_nlink == 0
        if everything:
            gone = gone or self._head.deleted() or any(
                _identity(name) != identity for name, identity in self._files.items())
        if gone:
            raise JournalError(self.path, "the journal file was deleted or replaced while in "
                               "use", self._committed[0] + 1, GONE_ADVICE)

    def events(self, since_seq: int = 1) -> list[TableEvent]:
        """The recorded events from ``since_seq`` on, in order."""
        return read_events(self._connection, since_seq)

    def iter_events(self, since_seq: int = 1) -> Iterator[TableEvent]:
        """The same, read as they are used: a year of events need not fit in memory."""
        return iter_events(self._connection, since_seq)

    def event(self, seq: int) -> TableEvent | None:
        """The event recorded as ``seq``, if there is one."""
        row = self._connection.execute(_SELECT_ONE, (seq,)).fetchone()
        return _event(row) if row else None

    def last_of(self, type_: EventType) -> TableEvent | None:
        """The last event of ``type_`` (a scan back from the end that stops at it)."""
        seq = last_seq_of(self._connection, type_)
        return self.event(seq) if seq is not None else None

    def restart_events(self) -> list[TableEvent]:
        """What a restart needs, not the whole history (months of play would not fit in
        memory): the shoe in play, the inputs that started it, its roads, the settings of the
        last shoe, after the last ``scanner`` event before them (whether the reader was still
        away): controller.journal.restart_range."""
        scanner, start = restart_rows(self._connection)
        before = self.event(scanner) if scanner else None  # that one row, however far back
        return ([before] if before else []) + read_events(self._connection, start)

    def drop_through(self, seq: int) -> None:
        """Delete the rows up to ``seq`` (and their index rows) in the open transaction, with
        the event appended to it that records where they went (controller.journal.archive)."""
        if not self._pending:
            raise JournalError(self.path, "rows are only dropped with the record of where they "
                               "went", seq, REFUSED_ADVICE)
        try:
            for table in ("rounds", "shoes", "events"):  # the indexes first: they refer on
                self._connection.execute(f"DELETE FROM {table} WHERE seq <= ?", (seq,))
        except sqlite3.Error as error:
            self.rollback()
            raise unwritable(self.path, f"cannot drop rows up to {seq}", error) from error

    def reclaim_space(self, rewrite: bool = True) -> None:
        """Give the pages of dropped rows back to the file system: with ``rewrite``, a VACUUM
        that rewrites the whole file (an incremental vacuum where that is on). Without, the
        free pages are only reused by later rows. Outside a transaction; a crash leaves it
        undone. (Incremental vacuum is not turned on: its pointer map would cost every
        commit a quarter more bytes at the disk.)"""
        db = self._connection
        try:
            if db.execute("PRAGMA auto_vacuum").fetchone()[0] == 2:  # incremental
                # A script: execute() would step the pragma once, freeing one page
                db.executescript("PRAGMA incremental_vacuum;")
            elif rewrite:
                db.execute("VACUUM")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the WAL holds what moved
        except sqlite3.Error as error:
            raise unwritable(self.path, "cannot reclaim the space of archived rows",
                             error) from error

    def close(self) -> None:
        """Commit what waits and close; safe to call twice."""
        if self._db is None:
            return
        try:
            self.commit()
        finally:
            self._db.close()
            self._db = None
            try:  # a table stopped cleanly leaves its exact head on disk
                self._head.write(*self._committed, self._committed[0], sync=True)
            except OSError as error:  # closing must not hide the error that led here
                log.error("journal %s: cannot sync %s: %s", self.path, self._head.path, error)
            finally:
                self._head.close()
            os.close(self._lock)  # last: closing any descriptor of the file drops SQLite's locks

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def read_events(connection: sqlite3.Connection, since_seq: int = 1) -> list[TableEvent]:
    """The events stored in a journal database from ``since_seq`` on, in order."""
    return list(iter_events(connection, since_seq))


def iter_events(connection: sqlite3.Connection, since_seq: int = 1) -> Iterator[TableEvent]:
    """The same, one at a time."""
    return iter_events_between(connection, since_seq)


def iter_events_between(connection: sqlite3.Connection, first: int,
                        last: int | None = None) -> Iterator[TableEvent]:
    """The events from seq ``first`` to ``last`` (to the end when None), one at a time: a
    range of the primary key, so only those rows are read."""
    for row in connection.execute(_SELECT_RANGE, (first, _LAST_SEQ if last is None else last)):
        yield _event(row)


def _event(row: tuple[Any, ...]) -> TableEvent:
    seq, ts, type_, table, shoe, round_, data = row
    return TableEvent(seq, ts, table, shoe, round_, decode(type_, json.loads(data)))


def _has_content(path: Path) -> bool:
    return path.exists() and path.stat().st_size > 0


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_dev, status.st_ino


def _lock(path: Path, real: Path) -> int:
    """The database file, open and locked against a second writer: the lock is on the file
    itself, so a symlink or a hard link to it is refused too. Kept open until ``close``."""
    descriptor = _writable(path, lambda: os.open(real, os.O_RDWR | os.O_CREAT, 0o644))
    if not try_lock(descriptor):
        os.close(descriptor)
        raise in_use(path)
    return descriptor


def in_use(path: Path) -> JournalError:
    return JournalError(path, "in use by another table process", advice=IN_USE_ADVICE)


def _writable(path: Path, step: Callable[[], T]) -> T:
    """``step`` done, or JournalError naming what stops the table writing its journal."""
    try:
        return step()
    except (OSError, sqlite3.Error) as error:
        raise unwritable(path, "cannot write it", error) from None


def unwritable(path: Path, what: str, error: OSError | sqlite3.Error) -> JournalError:
    """JournalError for a write that failed: the real error, and the advice that fits it."""
    if isinstance(error, OSError):
        where = f" ({error.filename})" if error.filename else ""
        full = error.errno in (errno.ENOSPC, errno.EDQUOT)
        return JournalError(path, f"{what}: {error.strerror}{where}",
                            advice=FULL_ADVICE if full else UNWRITABLE_ADVICE)
    full = getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
    return JournalError(path, f"{what}: {error}",
                        advice=FULL_ADVICE if full else UNWRITABLE_ADVICE)


def _refuse_if_deleted(path: Path) -> None:
    """No journal there: a new one starts, unless the head file says rows were committed to
    it; then the journal was deleted, which is refused like any other tampering."""
    try:
        head = read_head(path)
    except HeadUnreadable as error:
        raise JournalError(path, f"head check failed: the journal is missing and {error}",
                           1) from None
    if head is not None and head.seq > 0:
        raise JournalError(path, f"head check failed: the journal is missing but row {head.seq} "
                           f"was committed to it ({head_path(path)})", 1)


def _self_test(path: Path, allow_unchecked_end: bool) -> tuple[int, bytes]:
    """The last row's seq and hash of a journal that passes the start-up check."""
    report = start_test(path)
    finding = report.finding
    if finding is not None and not (allow_unchecked_end and finding.end_unchecked):
        raise JournalError(path, str(finding), finding.seq,
                           END_ADVICE if finding.end_unchecked else FAILED_ADVICE)
    return report.last_seq, report.head_hash


def _connect(path: Path) -> sqlite3.Connection:
    """The writing connection, once it has proved it can write: a journal on a full or
    read-only disk is refused at start, not on the first card."""
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # only takes on a new file
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            migrate(connection, version)
        # A real write, committed: rewrites page 1 into the WAL (creating it if need be).
        connection.execute("BEGIN IMMEDIATE")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        connection.close()
        raise
    return connection
