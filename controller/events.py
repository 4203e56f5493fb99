"""The event stream: every fact the controller learns is one event.

Events are made durable first, then handed to every subscriber in the order they subscribed:
the display, the event file, a floor feed. The bus works one *input* at a time (a card, a
misread, an operator action): ``publish`` journals each event as it is made, and ``flush``,
at the end of the input, commits them in one transaction and only then delivers them. So a
card and everything it caused (its position, the round's result) are durable together, before
anyone sees them and before a smart shoe is told the card is safely recorded. Subscribers never
feed back into the card path; one that raises is logged and the others still get the event.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TextIO

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

    def append(self, event: TableEvent) -> None:
        """Record ``event`` in the open transaction."""

    def commit(self) -> None:
        """Make everything appended durable."""


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
        """Make and record an event; subscribers get it at the next ``flush``."""
        event = TableEvent(type_, self.next_seq, utc_timestamp(), self.table, shoe, round_, data)
        if self.store is not None:
            self.store.append(event)  # a journal failure stops here, before anyone sees it
        self.next_seq += 1
        self._undelivered.append(event)
        return event

    def flush(self) -> None:
        """End of an input: commit what it published, then hand it to the subscribers."""
        if not self._undelivered:
            return
        if self.store is not None:
            self.store.commit()
        events, self._undelivered = self._undelivered, []
        for event in events:
            for subscriber in self._subscribers:
                try:
                    subscriber(event)
                except Exception:
                    log.exception("event subscriber %r failed on %s #%d", subscriber,
                                  event.type, event.seq)


class EventFile:
    """A subscriber that writes each event as one JSON line (``--events FILE`` or ``-``)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def __call__(self, event: TableEvent) -> None:
        self._stream.write(event.to_json() + "\n")
        self._stream.flush()
