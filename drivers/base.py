"""The one small interface between the controller and any card source.

A driver is opened from a URL (see ``drivers.open_driver``) with a *sink*: a callable the
driver calls, from its own reader thread, with each event in the order it happened. The sink
must be cheap and thread-safe (the controller passes its queue's ``put``).

Events:

- ``CardRead``: a card was read (canonical code, raw bytes, monotonic time, and the frame's
  sequence number for a smart shoe, with whether the shoe may have read it while it was away).
- ``Misread``: something was read that is not a card; the dealer must rescan. A driver never
  invents a card: anything it cannot read is a misread.
- ``CutCardSeen``: the cut card came out of the shoe.
- ``ShoeShuffled``: the device reports a freshly shuffled shoe loaded (a smart shoe's ``$S``,
  the simulated shoe at the start of every shoe it deals).
- ``OutOfSequence``: a smart shoe's frame whose number cannot follow the frames before it; the
  frame's own event comes next, and the table holds for a supervisor.
- ``Connected`` / ``Disconnected``: the device appeared or went away (with the reason).

``drivers.open_driver(url, sink)`` returns the driver *unstarted*, so that the last recorded
frame can be primed first; ``start()`` starts delivering. A driver is also a context manager
(start on enter, close on exit).

The controller calls ``acknowledge(event)`` once a card, the cut card or a new shoe is safely
recorded (a smart shoe and the simulated shoe wait for it; acknowledging twice is harmless),
``request_rescan()`` after recording a misread (or a burst of them), and ``close()``, which is
safe to call twice and after a failed start.

That is all real hardware needs. What the simulated shoe needs besides (when to wait, when to
reshuffle, where to continue after a restart) is its own: drivers.sim, and the simulated dealer
(controller.service.sim_dealer) that follows the table's events.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from drivers.errors import UserError


def _now() -> float:
    return time.monotonic()


@dataclass(frozen=True, slots=True)
class CardRead:
    kind: ClassVar[str] = "card"
    code: str
    raw: bytes = b""
    at: float = field(default_factory=_now)
    seq: int | None = None  # the smart shoe's frame number; None for scanners and simulators
    # A smart shoe's first card after the device came back, numbered on from the last frame
    # before it went away: the shoe may have read it while away, so a card the dealer typed
    # meanwhile may be this one.
    first_after_reconnect: bool = False


@dataclass(frozen=True, slots=True)
class Misread:
    """Something read that is not a card; ``count`` misreads in a row arrive as one (a reader
    sending garbage is one fact), ``raw`` the first's bytes and ``last_raw`` the last's."""

    kind: ClassVar[str] = "misread"
    raw: bytes = b""
    at: float = field(default_factory=_now)
    count: int = 1
    last_raw: bytes = b""

    def followed_by(self, later: Misread) -> Misread:
        """This misread and ``later`` as one."""
        return Misread(self.raw, self.at, self.count + later.count, later.last_raw or later.raw)


@dataclass(frozen=True, slots=True)
class CutCardSeen:
    kind: ClassVar[str] = "cut_card"
    raw: bytes = b""
    at: float = field(default_factory=_now)


@dataclass(frozen=True, slots=True)
class ShoeShuffled:
    kind: ClassVar[str] = "shoe_shuffled"
    raw: bytes = b""
    at: float = field(default_factory=_now)


@dataclass(frozen=True, slots=True)
class OutOfSequence:
    """A smart shoe's frame (``raw``) that neither repeats nor follows the last frame read:
    the shoe's numbering went back, jumped, or gave one number twice. ``reason`` says so in a
    sentence, quoting both numbers. The frame's own event is delivered right after it: a
    frame the table cannot place is recorded and held, never dropped or silently answered."""

    kind: ClassVar[str] = "out_of_sequence"
    raw: bytes = b""
    reason: str = ""
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


DriverEvent = (CardRead | Misread | CutCardSeen | ShoeShuffled | OutOfSequence | Connected
               | Disconnected)
# What the controller acknowledges once it is recorded.
Recordable = CardRead | CutCardSeen | ShoeShuffled
EventSink = Callable[[DriverEvent], None]


class DriverError(UserError):
    """A driver could not be opened: bad URL, unknown option, unreadable file. A UserError,
    so the command line shows it as one clean error line."""


class Driver:
    """Base class of every card source. Subclasses override ``start`` and ``_close`` and
    whichever of ``prime``, ``request_rescan`` and ``acknowledge`` their hardware needs."""

    def __init__(self, sink: EventSink) -> None:
        self._sink = sink
        self._closed = False

    def start(self) -> None:
        """Start delivering events (starts the reader thread)."""
        raise NotImplementedError

    def prime(self, last_recorded: bytes) -> None:
        """The raw bytes of something the table has durably recorded from this device (read
        from the journal at start, before ``start()``), called for each in the order recorded:
        the device's numbering goes on from the last, and a device that resends it is answered,
        not delivered again. Only a device that resends (a smart shoe) needs it."""

    def request_rescan(self) -> None:
        """Ask the device to read the current card again, if the last thing it delivered is
        a misread not yet answered: a burst of misreads gets one request, a good read none."""

    def acknowledge(self, event: Recordable) -> None:
        """Tell the device ``event`` is safely recorded (a smart shoe waits for this)."""

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
