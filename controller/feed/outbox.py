"""The journal as the feed's outbox: its rows read in seq order after the last one the broker
acknowledged, and that acknowledgement kept durably beside it.

The relay reads through a read-only connection of its own (WAL readers never block the
table's writer, nor it them). The acknowledgement is ``PATH.feed`` beside the journal: one
JSON object, replaced whole (written, synced, renamed), holding the last acknowledged seq and
its hash, and the relay's connection state for ``feed status``. It is never in the journal,
whose chain records what happened at the table, not what a broker received. Its hash ties it
to the journal: a journal set aside and started anew does not inherit an old acknowledgement.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from dataclasses import asdict, dataclass
from pathlib import Path

from common.errors import UserError
from common.settings import shown
from controller.journal.side_file import replace_json
from controller.journal.verify import open_read_only

log = logging.getLogger(__name__)

SUFFIX = ".feed"
# seq, ts, type, table, shoe, round, data (canonical JSON), prev_hash, hash
Row = tuple[int, str, str, str, int, int, str, bytes, bytes]
_ROWS = ("SELECT seq, ts, type, table_id, shoe, round, data, prev_hash, hash FROM events "
         "WHERE seq > ? ORDER BY seq LIMIT ?")


def ack_path(journal: Path) -> Path:
    return journal.resolve().with_name(journal.resolve().name + SUFFIX)


@dataclass
class FeedRecord:
    """What ``PATH.feed`` holds."""

    acked_seq: int = 0
    acked_hash: str = ""
    broker: str = ""
    connection: str = "not started"  # connected, or why not
    since: str = ""  # when the connection state last changed (UTC)
    pid: int = 0  # the table process writing it


_KINDS: dict[str, type] = {name: type(value) for name, value in asdict(FeedRecord()).items()}


class RecordError(UserError):
    """``PATH.feed`` that is not the relay's record: names the file, the key and the value."""


def load_record(journal: Path) -> FeedRecord | None:
    """The record beside ``journal``; None if there is none. RecordError for one that cannot
    be read, is not JSON, or holds a key or value no relay writes (``null``, ``1e999``)."""
    path = ack_path(journal)
    try:
        content = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except OSError as error:
        raise RecordError(f"{path}: cannot read it: {error.strerror or error}") from None
    except ValueError as error:  # not UTF-8, or not JSON
        raise RecordError(f"{path}: not JSON ({error})") from None
    if not isinstance(content, dict):
        raise RecordError(f"{path}: expected a JSON object, not {shown(content)}")
    for key, value in content.items():
        kind = _KINDS.get(key)
        if kind is None:
            raise RecordError(f"{path}: {shown(key)}: not a key of the feed's record")
        if kind is int and not (type(value) is int and value >= 0):
            raise RecordError(f"{path}: {key} = {shown(value)}: expected a whole number, "
                              "0 or more")
        if kind is str and not isinstance(value, str):
            raise RecordError(f"{path}: {key} = {shown(value)}: expected a string")
    return FeedRecord(**content)


def read_record(journal: Path) -> FeedRecord | None:
    """The record beside ``journal``; None if there is none. A damaged one is logged and read
    as none: the feed then starts from the beginning (repeats, never a loss)."""
    try:
        return load_record(journal)
    except RecordError as error:
        log.warning("feed: %s; publishing again from the journal's start", error)
        return None


def write_record(journal: Path, record: FeedRecord) -> None:
    replace_json(ack_path(journal), asdict(record))


class Outbox:
    """The journal's rows after the acknowledged seq, read on a connection of its own."""

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self._db: sqlite3.Connection = open_read_only(journal)

    def rows(self, after: int, limit: int) -> list[Row]:
        """Up to ``limit`` rows after seq ``after``, in order."""
        return self._db.execute(_ROWS, (after, limit)).fetchall()

    def last_seq(self) -> int:
        return self._db.execute("SELECT max(seq) FROM events").fetchone()[0] or 0

    def hash_of(self, seq: int) -> str | None:
        row = self._db.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
        return row[0].hex() if row else None

    def resume_after(self, record: FeedRecord | None) -> int:
        """The seq the broker acknowledged last, if the record belongs to this journal."""
        if record is None or record.acked_seq == 0:
            return 0
        if self.hash_of(record.acked_seq) == record.acked_hash:
            return record.acked_seq
        log.warning("feed: %s acknowledges seq %d of another journal; publishing this one "
                    "from its start", ack_path(self.journal), record.acked_seq)
        return 0

    def close(self) -> None:
        self._db.close()
