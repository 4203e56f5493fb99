"""The event stream: every fact the controller learns is one event.

Events are made durable first, then handed to every subscriber in the order they subscribed:
the display, the event file, a floor feed. The bus works one *input* at a time (a card, a
misread, an operator action): ``publish`` checks each fact as it is made, and ``flush``, at the
end of the input, numbers and stamps them, journals them in one transaction, commits it and only
then delivers them, in the thread that owns the table (controller.table.runner). So a card and
everything it caused (its position, the round's result) are durable together, before anyone
sees them and before a smart shoe is told the card is safely recorded. Subscribers never feed
back into the card path; one that raises is logged and the others still get the event.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import IO, Any, NamedTuple, Protocol

from common.errors import UserError
from common.user_paths import open_output
from controller.events.codec import encode
from controller.events.facts import EventType, Fact, Resting, State

log = logging.getLogger(__name__)


# What every event has beside its fact's fields (docs/events.md, "Envelope"), in this order:
# the journal's columns, the events file's first keys and the feed message's.
ENVELOPE = ("type", "seq", "ts", "table", "shoe", "round")


class TableEvent(NamedTuple):
    """One fact and its envelope (docs/events.md). A NamedTuple: immutable and cheap to make,
    since a hand makes about eight of them."""

    seq: int
    ts: str
    table: str
    shoe: int
    round: int
    fact: Fact

    @property
    def type(self) -> EventType:
        return self.fact.TYPE

    @property
    def fields(self) -> dict[str, Any]:
        """The fact's fields as the wire has them (controller.events.codec)."""
        return encode(self.fact)

    @property
    def envelope(self) -> dict[str, Any]:
        """What every event has (docs/events.md, "Envelope")."""
        return {"type": str(self.type), **{name: getattr(self, name) for name in ENVELOPE[1:]}}

    def to_dict(self) -> dict[str, Any]:
        """The event as the events file has it: envelope and fields."""
        return {**self.envelope, **self.fields}

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


def utc_timestamp(moment: datetime | None = None) -> str:
    """Now (or ``moment``, which says its offset) as ISO 8601 UTC with microseconds, as the
    journal stamps every event: ``2026-11-29T11:14:06.046686Z``."""
    if moment is not None and moment.tzinfo is None:
        raise ValueError(f"{moment.isoformat()}: a moment without a UTC offset")
    return (moment or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class _Draft(NamedTuple):
    """A fact an input has made, not yet numbered, stamped or seen by anyone."""

    fact: Fact
    shoe: int
    round: int


class EventBus:
    """Numbers, stamps, journals and distributes events, one input at a time.

    ``publish`` keeps a fact as a draft of the input in hand; ``flush``, at the input's end,
    numbers and stamps the facts, journals them in one transaction, commits it and only then
    hands them to the subscribers. Before that, ``rested`` says where the input left the table
    (in its last fact, or in a ``state`` event). An event is made once, whole, and never
    changed after.
    """

    def __init__(self, table: str, store: EventStore | None = None, next_seq: int = 1,
                 wall: Callable[[], float] = time.time) -> None:
        self.table = table
        self.store = store
        self.next_seq = next_seq
        self.wall = wall  # Unix seconds: the events' stamps
        self._subscribers: list[Subscriber] = []
        self._drafts: list[_Draft] = []

    def subscribe(self, subscriber: Subscriber) -> None:
        self._subscribers.append(subscriber)

    def publish(self, fact: Fact, shoe: int, round_: int) -> None:
        """A fact of the input in hand: journaled and delivered at the next ``flush``."""
        self._drafts.append(_Draft(fact, shoe, round_))

    @property
    def waiting(self) -> int:
        """How many facts wait for the next ``flush``."""
        return len(self._drafts)

    def rested(self, state: str, previous: str, since: int, shoe: int, round_: int) -> None:
        """The input whose facts are those from ``since`` (a ``waiting`` count) left the table
        at rest in ``state``: said by its last fact when that is a card or the opening of
        betting (docs/events.md, ``state``), else by a ``state`` event of its own."""
        last = self._drafts[-1] if len(self._drafts) > since else None
        if last is not None and isinstance(last.fact, Resting):
            self._drafts[-1] = last._replace(fact=replace(last.fact, state=state))
        else:
            self.publish(State(state=state, previous=previous), shoe, round_)

    def flush(self) -> None:
        """End of an input: number, stamp, journal and commit what it published, then hand it
        to the subscribers. A journal failure stops here, before anyone sees any of it."""
        if not self._drafts:
            return
        ts = utc_timestamp(datetime.fromtimestamp(self.wall(), UTC))
        events = [TableEvent(seq, ts, self.table, draft.shoe, draft.round, draft.fact)
                  for seq, draft in enumerate(self._drafts, self.next_seq)]
        self._drafts = []
        if self.store is not None:
            try:
                self.store.append_all(events)
                self.store.commit()
            except BaseException:
                self.store.rollback()
                raise
        self.next_seq += len(events)
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
        """An input failed half-way: forget what it published (nobody has seen it) and roll
        the store back; the next event is numbered as if none of it had happened."""
        self._drafts = []
        if self.store is not None:
            self.store.rollback()


class EventFileError(UserError):
    """The event file cannot be continued; the message names the file and what is wrong."""

    advice = ("free space on its disk (or name another file), then start again: with a "
              "journal the table first writes the events the file lacks (docs/events.md)")


class EventFile:
    """A subscriber that writes each event as one JSON line (``--events FILE`` or ``-``).

    The file holds every event once, in seq order, across restarts: ``open`` cuts off a line
    torn by a crash (once the file is accepted) and reads the seq of the last whole line; the
    table then writes the journal's events after it (controller.service.app) before any new
    one, and never writes an event at or below it again.
    """

    def __init__(self, stream: IO[str], last: dict[str, Any] | None = None,
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
    def open(cls, path: str,
             check_last: Callable[[dict[str, Any] | None], None] | None = None) -> EventFile:
        """The file at ``path`` (created if absent), continued after its last whole line;
        ``check_last`` may refuse that line (EventFileError). A torn line after it is cut off
        only once the file is accepted: a file the table refuses is left as it was."""
        if path == "-":
            return cls(sys.stdout)
        with open_output(path, "events file", "a+b") as raw:
            last, torn_from = _read_last(raw, path)
            if check_last is not None:
                check_last(last)
            torn_seq = _cut_torn_line(raw, path, torn_from)
        return cls(open_output(path, "events file", "a", encoding="utf-8"), last, torn_seq,
                   path)

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


def _read_last(raw: IO[bytes], path: str) -> tuple[dict[str, Any] | None, int]:
    """The file's last whole line as an event, and the offset where a line torn by a crash
    begins after it (the file's size if none). Changes nothing; EventFileError if the file
    is not an events file."""
    size = raw.seek(0, os.SEEK_END)
    end = _last_newline(raw, size)
    if end < 0:  # no whole line: only the start of an event torn by a crash may stand here
        raw.seek(0)
        start = raw.read(min(size, 120))
        if size and not _begins_like_an_event(start):
            raise EventFileError(f"events file {path}: it holds no whole line and does not "
                                 f"begin like an event: {start!r}; move the file away or name "
                                 "another")
        return None, 0
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
    return last, end + 1


def _begins_like_an_event(start: bytes) -> bool:
    """True for the first bytes of an event line as ``to_json`` writes it, or for zeros (a
    power loss can leave the file's new length with no data in it yet)."""
    return start.startswith(b"{") or not start.strip(b"\0")


def _cut_torn_line(raw: IO[bytes], path: str, torn_from: int) -> int:
    """Cut off the line torn by a crash from offset ``torn_from`` on, logging it; the seq it
    shows (0 if none: a reader may have seen it, so it is not used again)."""
    size = raw.seek(0, os.SEEK_END)  # read no further: a device (/dev/full) never ends
    if size <= torn_from:
        return 0
    raw.seek(torn_from)
    torn = raw.read(size - torn_from)
    log.warning("events file %s: cut off a line torn by a crash: %r", path, torn)
    raw.truncate(torn_from)
    found = _SEQ_FIELD.search(torn)
    return int(found.group(1)) if found else 0


def _last_newline(raw: IO[bytes], before: int) -> int:
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
