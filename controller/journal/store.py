"""The journal: every event made durable in SQLite before anyone sees it.

One database per table, WAL mode with ``synchronous=FULL``. ``Journal.open`` runs the self-test
(controller.journal.verify) on a read-only connection first and raises ``JournalError`` for a
journal that fails it, leaving the file untouched; the supervisor decides what happens to it
(``baccarat-table journal set-aside``).

Durability. The event bus appends the events of one input (a card and what it caused: its
position, the round's result; a misread; an operator action ...) into one open transaction and
commits it (``commit``) before any subscriber sees them and before a smart shoe is told the
card is recorded. A crash therefore loses whole inputs or nothing, and a lost card was never
acknowledged: a smart shoe sends it again, a scanner's dealer sees no card and rescans.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from controller.events import TableEvent
from controller.journal.chain import GENESIS, canonical_data, row_hash
from controller.journal.head import HeadFile, head_path, read_head
from controller.journal.schema import SCHEMA_VERSION, migrate
from controller.journal.verify import open_read_only, self_test

PAGE_SIZE = 1024  # small pages: fewer bytes written per commit (SD-card wear)

_INSERT_EVENT = ("INSERT INTO events (seq, ts, type, table_id, shoe, round, data, prev_hash, hash)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_SHOE = "INSERT INTO shoes (shoe, seq, profile, decks) VALUES (?, ?, ?, ?)"
_INSERT_ROUND = "INSERT INTO rounds (shoe, round, status, winner, seq) VALUES (?, ?, ?, ?, ?)"
_SELECT = ("SELECT seq, ts, type, table_id, shoe, round, data FROM events WHERE seq >= ?"
           " ORDER BY seq")


class JournalError(RuntimeError):
    """The journal cannot be used. ``reason`` is one line for the display and the log."""

    def __init__(self, path: Path | str, reason: str, seq: int | None = None) -> None:
        super().__init__(f"journal {path}: {reason}")
        self.path = Path(path)
        self.reason = reason
        self.seq = seq


class Journal:
    """An open journal. Use ``Journal.open``; one writer per file (a lock enforces it)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, last_seq: int,
                 last_hash: bytes, head: HeadFile | None) -> None:
        self.path = path
        self._db = connection
        self._head = head
        self._seq, self._hash = last_seq, last_hash  # the last row appended
        self._committed = (last_seq, last_hash)  # the last row committed
        self._pending = False

    @classmethod
    def open(cls, path: str | Path, readonly: bool = False) -> Journal:
        """Self-test the journal at ``path`` (creating it if absent) and open it."""
        path = Path(path)
        if readonly:
            seq, digest = _self_test(path)
            return cls(path, open_read_only(path), seq, digest, head=None)
        try:
            head = HeadFile(path)  # first: a second table on this journal stops here
        except BlockingIOError:
            raise JournalError(path, "in use by another table process") from None
        try:
            seq, digest = _self_test(path) if _has_content(path) else _new_journal(path)
            journal = cls(path, _connect(path), seq, digest, head=head)
        except BaseException:
            head.close()
            raise
        head.write(seq, digest)
        return journal

    @property
    def last_seq(self) -> int:
        return self._seq

    @property
    def head_hash(self) -> bytes:
        return self._hash

    def append(self, event: TableEvent) -> None:
        """Record ``event`` in the open transaction (``commit`` makes it durable)."""
        if self._head is None:
            raise JournalError(self.path, "opened read-only")
        if event.seq != self._seq + 1:
            raise JournalError(self.path, f"event {event.seq} ({event.type}) out of sequence: "
                               f"the last row is {self._seq}", event.seq)
        data = canonical_data(event.data)
        digest = row_hash(self._hash, event.seq, event.ts, event.type, event.table, event.shoe,
                          event.round, data)
        db = self._db
        try:
            if not self._pending:
                db.execute("BEGIN IMMEDIATE")
                self._pending = True
            db.execute(_INSERT_EVENT, (event.seq, event.ts, event.type, event.table, event.shoe,
                                       event.round, data, self._hash, digest))
            self._index(event)
            self._seq, self._hash = event.seq, digest
        except sqlite3.Error as error:
            self._rollback()
            raise JournalError(self.path, f"cannot record event {event.seq} ({event.type}): "
                               f"{error}", event.seq) from error

    def _index(self, event: TableEvent) -> None:
        if event.type == "shoe_started":
            self._db.execute(_INSERT_SHOE, (event.shoe, event.seq, event.data.get("profile", ""),
                                            event.data.get("decks", 0)))
        elif event.type == "round_result":
            self._db.execute(_INSERT_ROUND, (event.shoe, event.round, "result",
                                             event.data.get("winner"), event.seq))
        elif event.type == "round_voided":
            self._db.execute(_INSERT_ROUND, (event.shoe, event.round, "void", None, event.seq))

    def commit(self) -> None:
        """Make every appended event durable (a no-op when none is waiting)."""
        if not self._pending:
            return
        self._db.execute("COMMIT")
        self._pending = False
        self._committed = (self._seq, self._hash)
        self._head.write(self._seq, self._hash)

    def _rollback(self) -> None:
        if self._pending:
            self._db.execute("ROLLBACK")
            self._pending = False
        self._seq, self._hash = self._committed

    def events(self, since_seq: int = 1) -> list[TableEvent]:
        """The recorded events from ``since_seq`` on, in order."""
        return read_events(self._db, since_seq)

    def restart_events(self) -> list[TableEvent]:
        """What a restart needs, not the whole history (months of play would not fit in
        memory): the events from the earlier of the last ``shoe_ended`` and ``roads_cleared``
        on (the shoe in play, the inputs that started it, its roads),
        after the last ``scanner`` event before them (whether the reader was still away)."""
        # Before the first shoe ended, the inputs that confirmed it come before its
        # shoe_started: read from the beginning (one shoe at most).
        ended = self._last_seq_of("shoe_ended") or 1
        start = min(ended, self._last_seq_of("roads_cleared") or ended)
        scanner = self._last_seq_of("scanner", before=start)
        head = read_events(self._db, scanner)[:1] if scanner else []
        return head + read_events(self._db, start)

    def _last_seq_of(self, type_: str, before: int | None = None) -> int | None:
        # A reverse scan of the rowid table that stops at the first match: near the end.
        row = self._db.execute(
            "SELECT seq FROM events WHERE type = ? AND seq < ? ORDER BY seq DESC LIMIT 1",
            (type_, before if before is not None else self._seq + 1)).fetchone()
        return row[0] if row else None

    def close(self) -> None:
        """Commit what waits and close; safe to call twice."""
        if self._db is None:
            return
        if self._head is not None:
            self.commit()
            self._head.close()
        self._db.close()
        self._db = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def read_events(connection: sqlite3.Connection, since_seq: int = 1) -> list[TableEvent]:
    """The events stored in a journal database from ``since_seq`` on, in order."""
    return [TableEvent(type_, seq, ts, table, shoe, round_, json.loads(data))
            for seq, ts, type_, table, shoe, round_, data
            in connection.execute(_SELECT, (since_seq,))]


def _has_content(path: Path) -> bool:
    return path.exists() and path.stat().st_size > 0


def _new_journal(path: Path) -> tuple[int, bytes]:
    """Start from nothing, unless the head file says rows were committed here: then the
    journal was deleted, which is refused like any other tampering."""
    head = read_head(path)
    if head is not None and head.seq > 0:
        raise JournalError(path, f"head check failed: the journal is missing but row {head.seq} "
                           f"was committed to it ({head_path(path)})", 1)
    return 0, GENESIS


def _self_test(path: Path) -> tuple[int, bytes]:
    """The last row's seq and hash of a journal that passes the self-test."""
    if not _has_content(path):
        raise JournalError(path, "no journal there")
    report = self_test(path)
    if report.finding is not None:
        raise JournalError(path, str(report.finding), report.finding.seq)
    return report.last_seq, report.head_hash


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute(f"PRAGMA page_size = {PAGE_SIZE}")  # only takes on a new file
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version < SCHEMA_VERSION:
        migrate(connection, version)
    return connection
