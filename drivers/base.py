"""The one small interface between the controller and any card source.

A driver is opened from a URL (see ``drivers.open_driver``) with a *sink*: a callable the
driver calls, from its own reader thread, with each event in the order it happened. The sink
must be cheap and thread-safe (the controller passes its queue's ``put``).

Events:

- ``CardRead``: a card was read (canonical code, raw bytes, monotonic time).
- ``Misread``: something was read that is not a card; the dealer must rescan. A driver never
  invents a card: anything it cannot read is a misread.
- ``CutCardSeen``: the cut card came out of the shoe.
- ``Connected`` / ``Disconnected``: the device appeared or went away (with the reason).

``drivers.open_driver(url, sink)`` returns the driver *unstarted*, so that a snapshot can be
restored first; ``start()`` starts delivering. A driver is also a context manager (start on
enter, close on exit).

The controller may call ``request_rescan()``, ``acknowledge(event)`` once a card is safely
recorded (a driver acknowledges the cut card and the device's own no-reads itself, so
acknowledging a ``CutCardSeen`` is allowed and harmless, as is acknowledging twice),
``set_dealing(allowed)`` to tell a simulated dealer to wait (live betting), and
``close()``, which is safe to call twice and after a failed start.

Simulated and recorded shoes can say where they are (``snapshot()``) and be put back there
(``restore()``), so that a restarted controller continues the same shoe; hardware returns None
and ignores it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar


def _now() -> float:
    return time.monotonic()


@dataclass(frozen=True, slots=True)
class CardRead:
    kind: ClassVar[str] = "card"
    code: str
    raw: bytes = b""
    at: float = field(default_factory=_now)
    seq: int | None = None  # the frame's sequence number (smart shoe), None for scanners


@dataclass(frozen=True, slots=True)
class Misread:
    kind: ClassVar[str] = "misread"
    raw: bytes = b""
    at: float = field(default_factory=_now)


@dataclass(frozen=True, slots=True)
class CutCardSeen:
    kind: ClassVar[str] = "cut_card"
    raw: bytes = b""
    at: float = field(default_factory=_now)


@dataclass(frozen=True, slots=True)
class Connected:
    kind: ClassVar[str] = "connected"
    at: float = field(default_factory=_now)


@dataclass(frozen=True, slots=True)
class Disconnected:
    kind: ClassVar[str] = "disconnected"
    reason: str = ""
    at: float = field(default_factory=_now)


DriverEvent = CardRead | Misread | CutCardSeen | Connected | Disconnected
EventSink = Callable[[DriverEvent], None]


class DriverError(ValueError):
    """A driver could not be opened: bad URL, unknown option, unreadable file. A ValueError,
    so the command line shows it as one clean error line."""


class Driver:
    """Base class of every card source. Subclasses override ``start`` and ``_close`` and any
    of the optional hooks that mean something for their hardware."""

    def __init__(self, sink: EventSink) -> None:
        self._sink = sink
        self._closed = False

    def start(self) -> None:
        """Start delivering events (starts the reader thread)."""
        raise NotImplementedError

    def request_rescan(self) -> None:
        """Ask the device to read the current card again (after a misread)."""

    def acknowledge(self, event: CardRead | CutCardSeen) -> None:
        """Tell the device ``event`` is safely recorded (a smart shoe waits for this)."""

    def set_dealing(self, allowed: bool) -> None:
        """Whether cards may be dealt now; only a simulated dealer can honour it."""

    def new_shoe(self) -> None:
        """The dealer starts a new shoe (a simulated shoe reshuffles)."""

    def snapshot(self) -> dict[str, Any] | None:
        """Where a simulated shoe is, as JSON-able data; None for hardware."""
        return None

    def restore(self, snapshot: dict[str, Any], cards_taken: int, cut_seen: bool) -> None:
        """Put a simulated shoe back at a position taken from ``snapshot()``."""

    def close(self) -> None:
        """Stop the reader and release the device. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._close()

    def _close(self) -> None:
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Driver:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
