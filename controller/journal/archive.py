"""Moving complete old shoes out of the live journal into a verified archive file
(``journal archive``, ``[journal] keep_days``; docs/journal.md, "Archive and retention").

The archive is a prefix of the chain: rows ``first..last`` of the live journal, cut just before
a shoe's ``shoe_started``, so that every shoe in it is whole and the live journal's first row
links to its last. In this order, so that a power cut anywhere loses nothing:

1. the rows are copied into ``NAME.partial`` (a transaction of its own, synced), with its
   summary and its own head file; the copy is verified like any journal, and compared with
   the live rows' last hash and count;
2. it is renamed to its final name and the folder synced;
3. one transaction of the live journal appends the ``journal_archived`` record and deletes the
   archived rows: both happen or neither;
4. the freed pages go back to the file system (``Journal.reclaim_space``: a VACUUM; at a
   table's start none, and later rows reuse them).

A crash before 3 leaves the live journal as it was and an archive that nothing names (the next
run deletes it and starts again); after 3 it is done, and the next run only reclaims the space
if 4 did not finish. The table is the only writer: this runs on a ``Journal`` its caller has
open, so a table running on the journal makes ``Journal.open`` refuse first.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from controller.events.facts import EventType, JournalArchived
from controller.events.stream import TableEvent, utc_timestamp
from controller.journal.archive_file import SUMMARY_TABLE
from controller.journal.head import HeadFile, head_path
from controller.journal.schema import migrate
from controller.journal.store import FAILED_ADVICE, Journal, JournalError
from controller.journal.verify import open_read_only, self_test

_PARTIAL = ".partial"
_SQLITE_SIDE_FILES = ("-journal", "-wal", "-shm")
_WRITE_ADVICE = ("make the archive folder writable, or free space on its disk (or name another "
                 "folder); the live journal is as it was")
_NEWEST = "SELECT seq FROM events WHERE type = ? ORDER BY seq DESC LIMIT 1"


@dataclass(frozen=True)
class Plan:
    """The rows to archive: ``first_seq`` to ``last_seq``, shoes ``first_shoe`` to
    ``last_shoe``."""

    first_seq: int
    last_seq: int
    first_prev_hash: bytes
    last_hash: bytes
    first_shoe: int
    last_shoe: int

    @property
    def rows(self) -> int:
        return self.last_seq - self.first_seq + 1


@dataclass(frozen=True)
class Archived:
    """An archive made: its file and the record the live journal keeps of it."""

    path: Path
    record: JournalArchived


def archive(journal: Journal, before: datetime, folder: Path, acked_seq: int | None = None,
            rewrite: bool = True) -> Archived | None:
    """Move every complete shoe that ended before ``before`` (a moment with its offset; and
    only rows up to the one before ``acked_seq``, the last row the floor feed's broker
    acknowledged, when a feed is in use) out of ``journal`` into an archive file in
    ``folder``; None when there is none to move. ``rewrite``: the live file is rewritten to
    give the space back (``Journal.reclaim_space``); without, later rows reuse it."""
    folder = folder.resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JournalError(journal.path, f"cannot make the archive folder {folder}: "
                           f"{_said(error)}; nothing was moved", advice=_WRITE_ADVICE) from None
    stamp = utc_timestamp(before)  # the journal's own form: its stamps compare as text
    with closing(open_read_only(journal.path)) as db:
        first = db.execute("SELECT min(seq) FROM events").fetchone()[0]
        plan = None if first is None else plan_cut(db, stamp, acked_seq)
        freed = db.execute("PRAGMA freelist_count").fetchone()[0]
        if first is not None:
            remove_unfinished(folder, journal.path, first, db)
    if plan is None:
        if freed:  # an archive made by a run cut short before it reclaimed the space
            journal.reclaim_space(rewrite)
        return None
    target = folder / archive_name(journal.path, plan)
    write_archive(target, journal.path, plan, stamp)
    record = JournalArchived(
        file=target.name, folder=str(folder), first_seq=plan.first_seq,
        last_seq=plan.last_seq, first_prev_hash=plan.first_prev_hash.hex(),
        last_hash=plan.last_hash.hex(), rows=plan.rows, first_shoe=plan.first_shoe,
        last_shoe=plan.last_shoe, before=stamp)
    last = journal.event(journal.last_seq)
    assert last is not None  # a plan needs rows after the cut
    journal.append(TableEvent(journal.last_seq + 1, utc_timestamp(), last.table, last.shoe,
                              last.round, record))
    journal.drop_through(plan.last_seq)
    journal.commit()
    journal.reclaim_space(rewrite)
    return Archived(target, record)


def plan_cut(db: sqlite3.Connection, before: str, acked_seq: int | None) -> Plan | None:
    """The longest prefix of the journal that is whole shoes, all ended before ``before``,
    that a restart does not read (controller.journal.store, ``restart_events``: from the last
    shoe's end, shoe start or roads reset on), whose last shoe's integrity summary is in it,
    that ends with the reader connected (a restart would not know it was away) and that the
    feed has had acknowledged; None when no shoe qualifies."""
    first = db.execute("SELECT min(seq) FROM events").fetchone()[0]
    limits = [_newest(db, kind) for kind in
              (EventType.SHOE_ENDED, EventType.SHOE_STARTED, EventType.ROADS_CLEARED)]
    limit = min(seq for seq in limits if seq is not None) - 1 if any(limits) else 0
    if acked_seq is not None:
        limit = min(limit, acked_seq - 1)  # the acknowledged row stays: the relay resumes there
    starts = db.execute("SELECT shoe, seq FROM shoes ORDER BY seq").fetchall()
    for index in range(len(starts) - 1, 0, -1):
        shoe, start = starts[index]
        cut = start - 1
        if cut > limit or cut < first:
            continue
        ended = db.execute(
            "SELECT ts FROM events WHERE type = ? AND seq BETWEEN ? AND ? ORDER BY seq DESC "
            "LIMIT 1", (EventType.SHOE_ENDED, starts[index - 1][1], cut)).fetchone()
        if ended is None or ended[0] >= before:
            continue
        following = starts[index + 1][1] if index + 1 < len(starts) else None
        if _integrity_after(db, shoe, start, following) or _reader_away(db, cut):
            continue
        hashes = db.execute("SELECT prev_hash FROM events WHERE seq = ?", (first,)).fetchone()
        last_hash = db.execute("SELECT hash FROM events WHERE seq = ?", (cut,)).fetchone()
        first_shoe = db.execute("SELECT min(shoe) FROM shoes").fetchone()[0]
        return Plan(first, cut, hashes[0], last_hash[0], first_shoe, starts[index - 1][0])
    return None


def _newest(db: sqlite3.Connection, type_: str) -> int | None:
    row = db.execute(_NEWEST, (type_,)).fetchone()
    return row[0] if row else None


def _integrity_after(db: sqlite3.Connection, shoe: int, start: int,
                     following: int | None) -> bool:
    """Whether an earlier shoe's ``shoe_integrity`` (made off the card path after its end)
    came after shoe ``shoe`` started: it would be cut off from its shoe."""
    return db.execute(
        "SELECT 1 FROM events WHERE type = ? AND seq > ? AND seq < ? "
        "AND json_extract(data, '$.shoe') < ? LIMIT 1",
        (EventType.SHOE_INTEGRITY, start, following or 2**63 - 1, shoe)).fetchone() is not None


def _reader_away(db: sqlite3.Connection, cut: int) -> bool:
    row = db.execute("SELECT json_extract(data, '$.status') FROM events WHERE type = ? AND "
                     "seq <= ? ORDER BY seq DESC LIMIT 1", (EventType.SCANNER, cut)).fetchone()
    return row is not None and row[0] == "disconnected"


def archive_name(journal: Path, plan: Plan) -> str:
    return f"{journal.resolve().stem}-{plan.first_seq:012d}-{plan.last_seq:012d}.sqlite3"


def remove_unfinished(folder: Path, journal: Path, first_seq: int,
                      db: sqlite3.Connection) -> None:
    """What a run cut short left: archives of rows the live journal (``db``) still holds, from
    its first row on. Nothing names them and their rows are all still in the journal, which
    is checked row for row by the last one's hash before a file is deleted: another table's
    archive of the same name (one folder shared by two tables) is never touched, and one in
    the way is refused (``write_archive``)."""
    pattern = f"{journal.resolve().stem}-{first_seq:012d}-*.sqlite3*"
    for left in sorted(folder.glob(pattern), reverse=True):  # a head before its database
        archive_file = left.with_name(left.name.removesuffix(".head"))
        if archive_file.name.endswith(_PARTIAL) or _copy_of_live(archive_file, db):
            left.unlink()


def _copy_of_live(path: Path, db: sqlite3.Connection) -> bool:
    """Whether the archive file at ``path`` ends with a row the live journal holds, hash and
    all (so every row of it is in the journal, the chain being whole)."""
    try:
        with closing(open_read_only(path)) as archived:
            last = archived.execute(
                "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    except sqlite3.Error:
        return False
    return last is not None and db.execute(
        "SELECT 1 FROM events WHERE seq = ? AND hash = ?", last).fetchone() is not None


def write_archive(target: Path, journal: Path, plan: Plan, before: str) -> None:
    """Copy the plan's rows into ``target`` (made under a temporary name, synced, verified,
    then renamed); JournalError, with the live journal untouched and nothing left in the
    folder, if the copy cannot be written (a read-only folder, a full disk) or does not
    verify."""
    partial = target.with_name(target.name + _PARTIAL)
    if target.exists():  # left by remove_unfinished: not a copy of this journal's rows
        raise JournalError(target, "another journal's archive has this name: give each table "
                           "an archive folder of its own", advice="name another folder")
    try:
        _remove(partial)
        _copy_rows(partial, journal, plan, before)
        _check_copy(partial, plan)
        os.replace(head_path(partial), head_path(target))
        os.replace(partial, target)
        _sync_folder(target.parent)
    except (OSError, sqlite3.Error) as error:
        _remove(partial)
        raise JournalError(journal, f"cannot write the archive in {target.parent}: "
                           f"{_said(error)}; nothing was moved", advice=_WRITE_ADVICE) from None
    except JournalError:
        _remove(partial)
        raise


def _copy_rows(partial: Path, journal: Path, plan: Plan, before: str) -> None:
    partial.touch()  # SQLite would say only "unable to open database file" of a read-only one
    with closing(sqlite3.connect(partial, isolation_level=None)) as db:
        db.execute("PRAGMA synchronous = FULL")
        migrate(db, 0)
        db.execute("ATTACH DATABASE ? AS live", (f"{journal.resolve().as_uri()}?mode=ro",))
        span = (plan.first_seq, plan.last_seq)
        db.execute("BEGIN IMMEDIATE")
        db.execute(SUMMARY_TABLE)
        for table in ("events", "shoes", "rounds"):
            db.execute(f"INSERT INTO main.{table} SELECT * FROM live.{table} "
                       "WHERE seq BETWEEN ? AND ?", span)
        db.execute("INSERT INTO archive VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (plan.first_seq, plan.first_prev_hash, plan.last_seq, plan.last_hash,
                    plan.rows, str(journal.resolve()), utc_timestamp(), before))
        db.execute("COMMIT")
        db.execute("DETACH DATABASE live")
    head = HeadFile(partial.resolve())
    try:
        head.write(plan.last_seq, plan.last_hash, plan.last_seq, sync=True)
    finally:
        head.close()


def _remove(partial: Path) -> None:
    """The unfinished copy and every file SQLite or the head made beside it, if there."""
    for left in (partial, head_path(partial),
                 *(partial.with_name(partial.name + side) for side in _SQLITE_SIDE_FILES)):
        if left.exists():  # unlink of a missing file still fails on a read-only disk
            left.unlink()


def _said(error: OSError | sqlite3.Error) -> str:
    """The cause in a few words: ``Read-only file system``, ``database or disk is full``."""
    return (error.strerror or str(error)) if isinstance(error, OSError) else str(error)


def _check_copy(partial: Path, plan: Plan) -> None:
    report = self_test(partial)
    problem = str(report.finding) if report.finding is not None else None
    if problem is None and (report.rows, report.last_seq, report.head_hash) != (
            plan.rows, plan.last_seq, plan.last_hash):
        problem = (f"it holds {report.rows} rows to row {report.last_seq}, not the "
                   f"{plan.rows} to row {plan.last_seq} copied")
    if problem is not None:
        raise JournalError(partial, f"the archive written does not verify: {problem}; "
                           "nothing was moved", advice=FAILED_ADVICE)


def _sync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
