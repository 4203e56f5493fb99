"""The check every start makes, in a time that does not grow with the journal.

The daily full verify (controller.journal.verify, ``check_everything``) proves the whole
journal and leaves a verified checkpoint in it (controller.journal.checkpoint). A start, and
every read-only command that reads rows (``history``, ``shoe-report``), then proves only:

- SQLite's cheap checks: the file is an SQLite database and a journal of a schema this
  program reads, its tables are there, its size is whole pages (all of them, when no WAL
  holds newer ones) and its free list fits in it;
- the newest checkpoint: the row it names still holds the hash it names;
- the chain from that row to the end: every row's hash and link, so nothing after the last
  full verify was changed, inserted, moved or deleted;
- the rows a restart rebuilds the table from (the shoe in play, controller.journal.
  restart_range), chained to the checkpoint when they began before it, and the scanner's
  last row before them (its own hash and the next row's link);
- the journal's end against the head file.

A journal without a checkpoint gets the full check. What only the full check proves: SQLite's
integrity check over every page, and the rows before the newest checkpoint that a restart
does not read (docs/journal.md, "What each start proves").
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from controller.journal.chain import GENESIS
from controller.journal.checkpoint import newest_checkpoint
from controller.journal.head import Head
from controller.journal.restart_range import restart_rows
from controller.journal.verify import (
    ROWS,
    Finding,
    Report,
    check_chain,
    check_everything,
    check_head,
    checked_start,
    checkpoint_mismatch,
    hash_of,
    recorded_as,
    tested,
)

_ROWS_BETWEEN = ROWS.replace("ORDER BY", "WHERE seq BETWEEN ? AND ? ORDER BY")
_END = 2**63 - 1


def start_test(path: Path) -> Report:
    """The start-up check (above) on a read-only connection; ``finding`` is the first failure
    or None. ``rows``: the rows whose hashes it checked."""
    return tested(path, _check_bounded)


def _check_bounded(connection: sqlite3.Connection, head: Head | str) -> Report:
    checkpoint = newest_checkpoint(connection)
    if checkpoint is None:
        return check_everything(connection, head)
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    start = checked_start(connection, version)
    if isinstance(start, Finding):
        return Report(0, 0, GENESIS, version, start)
    first, link = start
    # The walk goes on from the checkpoint; from the live journal's first row when an
    # archive took the checkpoint's row (a --before later than the last daily check).
    after = ((checkpoint.last_seq, checkpoint.last_hash) if checkpoint.last_seq >= first
             else (first - 1, link))
    finding = checkpoint_mismatch([checkpoint] if after[0] == checkpoint.last_seq else [],
                                  hash_of(connection))
    if finding is not None:
        return Report(0, 0, GENESIS, version, finding)
    checked, finding = _check_restart_rows(connection, after[0])
    if finding is not None:
        return Report(checked, 0, GENESIS, version, finding)
    rows, last_seq, last_hash, finding = check_chain(
        connection.execute(_ROWS_BETWEEN, (after[0] + 1, _END)), recorded_as(connection),
        after=after)
    if finding is None:
        finding = check_head(head, last_seq, last_seq, last_hash, hash_of(connection))
    return Report(checked + rows, last_seq, last_hash, version, finding)


def _check_restart_rows(connection: sqlite3.Connection, verified_to: int
                        ) -> tuple[int, Finding | None]:
    """The rows a restart reads up to row ``verified_to`` (the checkpoint's): the run up to
    it, whose chain must arrive at the checkpoint's hash, and the lone scanner row (its hash,
    the next link)."""
    scanner, start = restart_rows(connection)
    spans = []
    if start <= verified_to:
        spans.append((start, verified_to))
    if scanner is not None and scanner < min(start, verified_to + 1):
        spans.append((scanner, scanner + 1))
    checked = 0
    for first, last in spans:
        rows, _, _, finding = check_chain(
            connection.execute(_ROWS_BETWEEN, (first, last)), recorded_as(connection),
            after=(first - 1, _prev_hash(connection, first)))
        checked += rows
        if finding is not None:
            return checked, finding
    return checked, None


def _prev_hash(connection: sqlite3.Connection, seq: int) -> bytes:
    """The link row ``seq`` holds to the row before it: where a walk from it starts."""
    row = connection.execute("SELECT prev_hash FROM events WHERE seq = ?", (seq,)).fetchone()
    return row[0] if row else GENESIS  # no such row: the walk says it was deleted
