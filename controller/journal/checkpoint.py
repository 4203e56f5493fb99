"""Verified checkpoints: what a full ``journal verify`` proved, so later starts need not prove
it again.

A full verify ends in a result (a ``journal_verified`` fact: the last row it reached, that
row's hash, the rows, how long, and what failed if anything). The table runs it itself, in a
child process, and journals the result (controller.journal.daily_check), so the result is a
row of the hash chain, as tamper-evident as any other, and on the floor feed. A passing result
once journaled is a *checkpoint*: a start checks the chain from its row on (controller.
journal.start_check), and every full verify checks that each checkpoint's row still holds the
hash it names.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from controller.events.facts import EventType
from controller.journal.restart_range import of_type

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
