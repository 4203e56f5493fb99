"""Test helper: a sink that records driver events and waits for them."""

from __future__ import annotations

import queue
from typing import TypeVar

from drivers.base import DriverEvent

E = TypeVar("E", bound=DriverEvent)


class EventLog:
    """Pass ``log.put`` as the sink; ``next()`` returns events in order, failing on timeout."""

    def __init__(self) -> None:
        self._queue: queue.Queue[DriverEvent] = queue.Queue()

    def put(self, event: DriverEvent) -> None:
        self._queue.put(event)

    def next(self, timeout: float = 5.0) -> DriverEvent:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no driver event within {timeout} s") from None

    def next_as(self, kind: type[E], timeout: float = 5.0) -> E:
        """The next event, which must be a ``kind``."""
        event = self.next(timeout)
        assert isinstance(event, kind), f"expected a {kind.__name__}, got {event!r}"
        return event

    def next_of(self, kind: type[E], timeout: float = 5.0) -> E:
        """The next event that is a ``kind``, skipping others."""
        while True:
            event = self.next(timeout)
            if isinstance(event, kind):
                return event

    def poll(self, timeout: float) -> DriverEvent | None:
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def quiet(self, seconds: float = 0.2) -> bool:
        """True when no event arrives within ``seconds``."""
        return self.poll(seconds) is None
