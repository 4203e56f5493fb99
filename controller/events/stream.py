"""The event stream: every fact the controller learns is one event.

Events are made durable first, then handed to every subscriber in the order they subscribed:
the display, the event file, a floor feed. The bus works one *input* at a time (a card, a
misread, an operator action): ``publish`` checks, numbers and stamps each event as it is made,
and ``flush``, at the end of the input, journals them in one transaction, commits it and only
then delivers them. So a card and everything it caused (its position, the round's result) are
durable together, before anyone sees them and before a smart shoe is told the card is safely
recorded. Subscribers never feed back into the card path; one that raises is logged and the
others still get the event.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, BinaryIO, NamedTuple, Protocol, TextIO

from controller.events.schema import check_event
from drivers.errors import UserError

log = logging.getLogger(__name__)


class TableEvent(NamedTuple):
    """One fact. ``data`` holds the type's own fields (see docs/events.md). A NamedTuple:
    immutable and cheap to make, since a hand makes about fifteen of them."""

    type: str
    seq: int
    ts: str
    table: str
    shoe: int
    round: int
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "seq": self.seq,
            "ts": self.ts,
            "table": self.table,
            "shoe": self.shoe,
            "round": self.round,
            **self.data,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)


Subscriber = Callable[[TableEvent], None]


class EventStore(Protocol):
    """Where events are made durable before anyone else sees them (the journal)."""

    def append_all(self, events: Sequence[TableEvent]) -> None:
        """Record ``events``, in order, in the open transaction."""

    def commit(self) -> None:
        """Make everything appended durable; on failure roll it back and raise."""

    def rollback(self) -> None:
        """Drop everything appended since the last commit."""


_second_text: tuple[int, str] = (-1, "")


def utc_timestamp() -> str:
    """Now as ISO 8601 UTC with microseconds: ``2026-11-29T11:14:06.046686Z``."""
    global _second_text
    now = time.time()
    second = int(now)
    if second != _second_text[0]:  # formatting the date and time once a second is enough
        _second_text = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
    return f"{_second_text[1]}.{int((now - second) * 1_000_000):06d}Z"


class EventBus:
    """Numbers, stamps, journals and distributes events."""

    def __init__(self, table: str, store: EventStore | None = None, next_seq: int = 1) -> None:
        self.table = table
        self.store = store
        self.next_seq = next_seq
        self._subscribers: list[Subscriber] = []
        self._undelivered: list[TableEvent] = []

    def subscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.append(subscriber)

    def publish(self, type_: str, shoe: int, round_: int, **data: Any) -> TableEvent:
        """Make an event; it is journaled and delivered at the next ``flush``."""
        check_event(type_, data)
        event = TableEvent(type_, self.next_seq, utc_timestamp(), self.table, shoe, round_, data)
        self.next_seq += 1
        self._undelivered.append(event)
        return event

    def last_waiting(self) -> TableEvent | None:
        """The last event published since the last ``flush``, if any."""
        return self._undelivered[-1] if self._undelivered else None

    def amend_last(self, **fields: Any) -> None:
        """Add ``fields`` to the last event waiting (nobody has seen it yet)."""
        last = self._undelivered[-1]
        data = {**last.data, **fields}
        check_event(last.type, data)
        self._undelivered[-1] = last._replace(data=data)

    def flush(self) -> None:
        """End of an input: journal and commit what it published, then hand it to the
        subscribers. A journal failure stops here, before anyone sees any of it."""
        if not self._undelivered:
            return
        if self.store is not None:
            try:
                self.store.append_all(self._undelivered)
                self.store.commit()
            except BaseException:
                self.rollback()
                raise
        events, self._undelivered = self._undelivered, []
        for event in events:
            for subscriber in self._subscribers:
                try:
                    subscriber(event)
                except EventFileError:  # the event file would lack it: the table stops
                    raise
                except Exception:
                    log.exception("event subscriber %r failed on %s #%d", subscriber,
                                  event.type, event.seq)

    def rollback(self) -> None:
        """An input failed half-way: forget what it published (nobody has seen it), roll the
        store back and number the next event as if none of it had happened."""
        if self._undelivered:
            self.next_seq = self._undelivered[0].seq
            self._undelivered = []
        if self.store is not None:
            self.store.rollback()


class EventFileError(UserError):
    """The event file cannot be continued; the message names the file and what is wrong."""

    advice = ("free space on its disk (or name another file), then start again: with a "
              "journal the table first writes the events the file lacks (docs/events.md)")


class EventFile:
    """A subscriber that writes each event as one JSON line (``--events FILE`` or ``-``).

    The file holds every event once, in seq order, across restarts: ``open`` cuts off a line
    torn by a crash and reads the seq of the last whole line; the table then writes the
    journal's events after it (controller.service.app) before any new one, and never writes an event
    at or below it again.
    """

    def __init__(self, stream: TextIO, last: dict[str, Any] | None = None,
                 torn_seq: int = 0, path: str = "-") -> None:
        self._stream = stream
        self.path = path
        self._failed = False  # a write failed: the table stops on it, reported once
        self.live_only = stream is sys.stdout  # cannot be read back, so cannot catch up
        self.last = last  # the last whole line, as read at open
        self.last_seq: int = last["seq"] if last else 0
        # Where a table without a journal numbers on: after every seq the file ever held,
        # even one only partly written (a reader may have seen it).
        self.next_seq = max(self.last_seq, torn_seq) + 1

    @classmethod
    def open(cls, path: str) -> EventFile:
        if path == "-":
            return cls(sys.stdout)
        with open(path, "a+b") as raw:
            last, torn_seq = _repair_and_read_last(raw, path)
        return cls(open(path, "a", encoding="utf-8"), last, torn_seq, path)

    def __call__(self, event: TableEvent) -> None:
        """Write ``event``; EventFileError when the file cannot take it (a full disk): the bus
        stops the table on it rather than go on with a file that lacks events."""
        if event.seq <= self.last_seq:
            return  # already written before a restart
        try:
            self._stream.write(event.to_json() + "\n")
            self._stream.flush()
        except OSError as error:
            self._failed = True
            raise EventFileError(f"events file {self.path}: cannot write event {event.seq} "
                                 f"({event.type}): {error.strerror}") from None
        self.last_seq = event.seq

    def close(self) -> None:
        if self.live_only:
            return
        try:
            self._stream.close()
        except OSError as error:
            if not self._failed:  # else the failed write was reported already
                log.error("events file %s: %s", self.path, error.strerror)


_SEQ_FIELD = re.compile(rb'"seq":(\d+)')


def _repair_and_read_last(raw: BinaryIO, path: str) -> tuple[dict[str, Any] | None, int]:
    """The file's last whole line as an event, and the seq of a line torn after it (0 if
    none). The torn part (a crash in the middle of a write) is cut off and logged."""
    size = raw.seek(0, os.SEEK_END)
    end = _last_newline(raw, size)
    torn_seq = 0
    if end + 1 < size:
        raw.seek(end + 1)
        torn = raw.read()
        found = _SEQ_FIELD.search(torn)
        torn_seq = int(found.group(1)) if found else 0
        log.warning("events file %s: cut off a line torn by a crash: %r", path, torn)
        raw.truncate(end + 1)
    if end < 0:
        return None, torn_seq
    begin = _last_newline(raw, end)
    raw.seek(begin + 1)
    line = raw.read(end - begin - 1)
    try:
        last = json.loads(line)
        if not isinstance(last.get("seq"), int):
            raise ValueError("no integer seq")
    except (ValueError, AttributeError) as error:
        raise EventFileError(f"events file {path}: its last line (byte {begin + 1}) is not an "
                             f"event ({error}): {line[:120]!r}; move the file away or name "
                             "another") from None
    return last, torn_seq


def _last_newline(raw: BinaryIO, before: int) -> int:
    """The offset of the last newline before offset ``before``, or -1."""
    position = before
    while position > 0:
        start = max(0, position - 65536)
        raw.seek(start)
        found = raw.read(position - start).rfind(b"\n")
        if found >= 0:
            return start + found
        position = start
    return -1
