"""Verified checkpoints: what a full ``journal verify`` proved, so later starts need not prove
it again.

A full verify ends in a result (a ``journal_verified`` fact: the last row it reached, that
row's hash, the rows, how long, and what failed if anything). The verify run writes it to
``PATH.verified`` beside the journal, replaced whole (written, synced, renamed): it may run
while a table holds the journal, and the table is the journal's one writer. The table picks
the file up and journals it (controller.journal.verify_watch), so the result is a row of the
hash chain, as tamper-evident as any other, and on the floor feed. A passing result once
journaled is a *checkpoint*: a start checks the chain from its row on (controller.journal.
start_check), and every full verify checks that each checkpoint's row still holds the hash it
names.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.events.codec import EventSchemaError, decode, encode
from controller.events.facts import EventType, JournalVerified
from controller.journal.restart_range import of_type
from controller.journal.side_file import replace_json

log = logging.getLogger(__name__)

SUFFIX = ".verified"
_NEWEST_FIRST = (f"SELECT seq, data FROM events WHERE {of_type(EventType.JOURNAL_VERIFIED)} "
                 "ORDER BY seq DESC")


@dataclass(frozen=True)
class Checkpoint:
    """A journaled, passing verify: row ``seq`` says rows 1 to ``last_seq`` were verified,
    ``last_seq`` holding ``last_hash``."""

    seq: int
    last_seq: int
    last_hash: bytes
    finished: str


def result_path(journal: Path) -> Path:
    real = journal.resolve()
    return real.with_name(real.name + SUFFIX)


def write_result(journal: Path, result: JournalVerified) -> None:
    """``PATH.verified`` replaced whole: a reader sees the old result or the new, never half."""
    replace_json(result_path(journal), encode(result))


def read_result(journal: Path) -> JournalVerified | None:
    """The result beside ``journal``; None if there is none. A damaged one is logged and read
    as none: the next daily verify writes a good one."""
    path = result_path(journal)
    try:
        fact = decode(EventType.JOURNAL_VERIFIED, json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, EventSchemaError) as error:
        log.warning("journal: %s is unreadable (%s); it is not journaled", path, error)
        return None
    assert isinstance(fact, JournalVerified)
    return fact


def checkpoint_of(seq: int, data: str) -> Checkpoint | None:
    """The checkpoint a ``journal_verified`` row ``seq`` (its data text) makes: None for a
    failed verify."""
    try:
        fields: dict[str, Any] = json.loads(data)
        if fields.get("finding"):
            return None
        return Checkpoint(seq, fields["last_seq"], bytes.fromhex(fields["last_hash"]),
                          fields["finished"])
    except (ValueError, KeyError, TypeError, AttributeError):  # a row changed: the chain says so
        return None


def newest_checkpoint(connection: sqlite3.Connection) -> Checkpoint | None:
    """The newest journaled checkpoint, from the index of ``journal_verified`` rows."""
    for seq, data in connection.execute(_NEWEST_FIRST):
        checkpoint = checkpoint_of(seq, data)
        if checkpoint is not None:
            return checkpoint
    return None


class CheckpointsSeen:
    """The rows of a full verify's walk, passed through, keeping the checkpoints among them."""

    def __init__(self, rows: Iterable[tuple[Any, ...]]) -> None:
        self._rows = rows
        self.checkpoints: list[Checkpoint] = []

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for row in self._rows:
            if row[2] == EventType.JOURNAL_VERIFIED:
                checkpoint = checkpoint_of(row[0], row[6])
                if checkpoint is not None:
                    self.checkpoints.append(checkpoint)
            yield row
