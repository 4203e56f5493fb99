"""The journal's self-test: is this our file, is SQLite happy with it, is the chain whole.

Run on a read-only connection, so a journal that fails is left exactly as it was. The full
check (``self_test``) backs ``baccarat-table journal verify``, the table's daily check, and a
start on a journal with no verified checkpoint yet; its parts also make the start-up check,
which proves only what changed since the newest checkpoint (controller.journal.start_check).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.journal.archive_file import ChainStartUnknown, chain_start
from controller.journal.chain import GENESIS, row_hash
from controller.journal.checkpoint import Checkpoint, CheckpointsSeen
from controller.journal.head import Head, HeadUnreadable, head_path, read_head
from controller.journal.schema import APPLICATION_ID, SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"
_TABLES = ("events", "rounds", "shoes")
ROWS = "SELECT seq, ts, type, table_id, shoe, round, data, prev_hash, hash FROM events ORDER BY seq"


@dataclass(frozen=True)
class Finding:
    """Why a journal cannot be trusted: which check failed and, for the chain, which row."""

    check: str  # file, integrity, schema, chain, checkpoint, head; "end": the end unchecked
    message: str
    seq: int | None = None

    @property
    def end_unchecked(self) -> bool:
        """Only the end is in doubt: every row and link is fine, but the head file that
        would show rows cut off the end is missing, unreadable or lower than the journal."""
        return self.check == "end"

    def __str__(self) -> str:
        return f"{self.check} check failed: {self.message}"


@dataclass(frozen=True)
class Report:
    rows: int
    last_seq: int
    head_hash: bytes
    version: int
    finding: Finding | None


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that cannot change the journal (SQLite may add PATH-shm beside it)."""
    uri = path.resolve().as_uri()
    connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
    try:
        connection.execute("PRAGMA schema_version")  # opening is lazy: read the file now
    except sqlite3.OperationalError:
        connection.close()
        if Path(f"{path.resolve()}-wal").exists():
            raise
        # A read-only disk or folder, where SQLite cannot make PATH-shm: no table can write
        # there either, and without a WAL the database file holds every row.
        connection = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
    return connection


def check_file(path: Path) -> Finding | None:
    """Before SQLite touches it: a file that is not an SQLite database at all."""
    with path.open("rb") as stream:
        magic = stream.read(len(SQLITE_MAGIC))
    if magic != SQLITE_MAGIC:
        return Finding("file", f"{path} is not an SQLite database (starts with {magic[:16]!r})")
    return None


def self_test(path: Path) -> Report:
    """Every check, on a read-only connection; ``finding`` is the first failure or None."""
    return tested(path, check_everything)


DatabaseCheck = Callable[[sqlite3.Connection, "Head | str"], Report]


def tested(path: Path, check_database: DatabaseCheck) -> Report:
    """``check_database`` run on a read-only connection to the journal at ``path``, after the
    file and the head file are read; a file SQLite cannot read is an ``integrity`` finding."""
    finding = check_file(path)
    if finding is not None:
        return Report(0, 0, GENESIS, 0, finding)
    try:  # a damaged file (cut short, a page of zeros) may fail as soon as it is opened
        connection = open_read_only(path)
        try:
            return check_database(connection, head_of_snapshot(connection, path))
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return Report(0, 0, GENESIS, 0, Finding("integrity", f"SQLite cannot read it: {error}"))


def head_of_snapshot(connection: sqlite3.Connection, path: Path) -> Head | str:
    """Begin the one read transaction the whole check runs in, and read the head file around
    the moment it takes the database: a live table commits a row, then writes the head, and
    syncs a bound before any commit passes it. So the head read before holds a row the
    snapshot has, the bound read after is one the snapshot has not passed: together they
    judge the snapshot as a stopped table's head file would, however many rows the table
    commits meanwhile (each alone fails a busy journal now and then)."""
    connection.execute("BEGIN")
    before = head_or_why_not(path)
    connection.execute("SELECT count(*) FROM sqlite_master")  # the snapshot is taken here
    after = head_or_why_not(path)
    if isinstance(before, Head) and isinstance(after, Head):
        return Head(before.seq, before.hash, max(before.bound, after.bound))
    return before


def head_or_why_not(path: Path) -> Head | str:
    try:
        head = read_head(path)
    except HeadUnreadable as error:
        return str(error)
    return head if head is not None else f"the head file {head_path(path)} is missing or empty"


def check_everything(connection: sqlite3.Connection, head: Head | str) -> Report:
    """The full check (``journal verify``, the table's daily check): SQLite's integrity check over
    every page, the schema, every row's hash and link, every checkpoint, the head file."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    problems = [row[0] for row in connection.execute("PRAGMA integrity_check(5)")]
    if problems != ["ok"]:
        # SQLite's lines (some hold several) as one: a finding is one line of the log
        lines = (line for problem in problems for line in str(problem).splitlines())
        return Report(0, 0, GENESIS, version, Finding("integrity", "; ".join(lines)))
    start = checked_start(connection, version)
    if isinstance(start, Finding):
        return Report(0, 0, GENESIS, version, start)
    first, link = start
    seen = CheckpointsSeen(connection.execute(ROWS))
    rows, last_seq, last_hash, finding = check_chain(seen, recorded_as(connection),
                                                     after=(first - 1, link))
    if finding is None:  # a checkpoint's row an archive took is the archive's to prove
        finding = checkpoint_mismatch(
            [checkpoint for checkpoint in seen.checkpoints if checkpoint.last_seq >= first],
            hash_of(connection))
    if finding is None:
        finding = check_head(head, rows, last_seq, last_hash, hash_of(connection))
    return Report(rows, last_seq, last_hash, version, finding)


def checked_start(connection: sqlite3.Connection, version: int) -> Finding | tuple[int, bytes]:
    """The schema and SQLite's cheap checks, then where the chain starts: the first row's seq
    and the hash it links to (row 1 and the genesis hash, or the first row an archive left:
    controller.journal.archive_file); or the first failure."""
    finding = check_schema(connection, version) or cheap_sqlite_checks(connection)
    if finding is not None:
        return finding
    try:
        return chain_start(connection)
    except ChainStartUnknown as error:
        return Finding("chain", str(error), error.seq)


def check_schema(connection: sqlite3.Connection, version: int) -> Finding | None:
    """Is it a journal (its application id), of a schema version this program reads."""
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    if application_id != APPLICATION_ID:
        return Finding(
            "schema", f"not a baccarat-table journal (application id {application_id:#x})")
    if not 1 <= version <= SCHEMA_VERSION:
        return Finding(
            "schema", f"schema version {version}; this program reads 1 to {SCHEMA_VERSION}")
    return None


def cheap_sqlite_checks(connection: sqlite3.Connection) -> Finding | None:
    """What SQLite's header and catalogue say, in constant time: the journal's tables are
    there, the file is whole pages (as many as the database counts when no WAL holds newer
    ones) and the free list fits. No page beyond those a start reads is read: SQLite's
    integrity check over every page is the daily verify's, which makes these checks too: a
    file cut short by a few bytes of zeros reads to SQLite as whole."""
    names = {row[0] for row in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [name for name in _TABLES if name not in names]
    if missing:
        return Finding("schema", f"its tables {', '.join(missing)} are missing")
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    free = connection.execute("PRAGMA freelist_count").fetchone()[0]
    real = Path(connection.execute("PRAGMA database_list").fetchone()[2])
    size = real.stat().st_size
    wal = Path(f"{real}-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    if size % page_size:
        return Finding("integrity", f"the file is {size} bytes, not a whole number of "
                       f"{page_size}-byte pages: it was cut short or added to")
    if wal_size == 0 and size != pages * page_size:
        return Finding("integrity", f"the file holds {size // page_size} pages but the "
                       f"database counts {pages}: it was cut short or added to")
    if free > pages:
        return Finding("integrity", f"its free list counts {free} pages of {pages}")
    return None


def recorded_as(connection: sqlite3.Connection) -> Callable[[bytes], int | None]:
    """The seq of the row holding a hash (an index-less search: only after a broken row)."""
    def seq_of(digest: bytes) -> int | None:
        found = connection.execute("SELECT seq FROM events WHERE hash = ?", (digest,)).fetchone()
        return found[0] if found else None
    return seq_of


def hash_of(connection: sqlite3.Connection) -> Callable[[int], bytes | None]:
    """The hash row ``seq`` holds; row 0 is the chain's start."""
    def digest_of(seq: int) -> bytes | None:
        found = connection.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
        return found[0] if found else GENESIS if seq == 0 else None
    return digest_of


def checkpoint_mismatch(checkpoints: Iterable[Checkpoint],
                        hash_of: Callable[[int], bytes | None]) -> Finding | None:
    """A verified checkpoint names a row and its hash: the row must still hold that hash (a
    checkpoint that does not match is tampering, with the row or with the checkpoint)."""
    for checkpoint in checkpoints:
        held = hash_of(checkpoint.last_seq)
        if held == checkpoint.last_hash:
            continue
        what = "is missing" if held is None else "does not hold the hash"
        return Finding("checkpoint", f"row {checkpoint.last_seq} {what} the verify of "
                       f"{checkpoint.finished} recorded (row {checkpoint.seq}): the row was "
                       "rewritten or deleted since, or the checkpoint is false",
                       checkpoint.last_seq)
    return None


def check_chain(
    rows: Iterable[tuple[Any, ...]], recorded_as: Callable[[bytes], int | None],
    after: tuple[int, bytes] = (0, GENESIS),
) -> tuple[int, int, bytes, Finding | None]:
    """Walk the rows in seq order: (rows, last seq, last hash, first broken row or None).
    ``recorded_as(hash)`` is the seq of the row now holding that hash, to tell a row moved
    from one edited. ``after``: the seq and hash of the row the first one must follow (the
    chain's start, the last row an archive took, or a verified checkpoint)."""
    expected_seq, previous, count = after[0] + 1, after[1], 0
    for seq, ts, type_, table, shoe, round_, data, prev_hash, stored in rows:
        computed = row_hash(prev_hash, seq, ts, type_, table, shoe, round_, data)
        if computed != stored:
            origin = recorded_as(prev_hash)
            if origin is not None and origin != seq - 1:
                return count, seq - 1, previous, Finding(
                    "chain", f"row {seq} was moved: it was recorded after row {origin}", seq)
            return count, seq - 1, previous, Finding(
                "chain", f"row {seq} ({type_}) was changed: its hash does not match its content",
                seq)
        if seq > expected_seq:
            missing = f"row {expected_seq}" if seq == expected_seq + 1 else (
                f"rows {expected_seq} to {seq - 1}")
            return count, expected_seq - 1, previous, Finding(
                "chain", f"{missing} deleted: row {seq} follows row {expected_seq - 1}",
                expected_seq)
        if prev_hash != previous:
            return count, seq - 1, previous, Finding(
                "chain", f"row {seq} ({type_}) was inserted or moved: it does not follow "
                f"row {seq - 1}", seq)
        expected_seq, previous, count = seq + 1, stored, count + 1
    return count, expected_seq - 1, previous, None


def check_head(head: Head | str, rows: int, last_seq: int, last_hash: bytes,
               hash_of: Callable[[int], bytes | None]) -> Finding | None:
    """The head file names the last row committed: the journal must end there, or (after a
    crash) between it and the head's bound. ``head`` is a str saying why there is none;
    ``hash_of(seq)`` is the hash row ``seq`` holds."""
    if isinstance(head, str):
        if rows == 0:  # a brand-new journal: nothing committed, nothing to cut off
            return None
        return Finding("end", f"{head}: the end of the journal could not be checked (rows cut "
                       f"off after row {last_seq} would go unnoticed)", last_seq)
    if last_seq < head.seq:
        missing = f"row {last_seq + 1}" if head.seq == last_seq + 1 else (
            f"rows {last_seq + 1} to {head.seq}")
        return Finding("head", f"{missing} deleted: the journal ends at row {last_seq} but row "
                       f"{head.seq} was committed (the database or its WAL was cut short)",
                       last_seq + 1)
    if (last_hash if last_seq == head.seq else hash_of(head.seq)) != head.hash:
        return Finding("head", f"row {head.seq} was rewritten, or the head file changed: the "
                       "row's hash is not the one committed", head.seq)
    if last_seq > head.bound:
        return Finding("end", f"the head file names row {head.seq} but the journal goes on to "
                       f"row {last_seq}: it was lowered or replaced, so the end of the journal "
                       "could not be checked (rows cut off the end would go unnoticed)",
                       head.bound + 1)
    return None
