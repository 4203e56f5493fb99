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
- ``DeviceFault``: the device reports an alarm or a warning of its own (a listen-only shoe's
  ``tagged`` records): recorded and shown, never a card.
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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from common.errors import UserError


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
class DeviceFault:
    """The device reports a fault of its own: an ``alarm`` with its text, or a ``warning``
    code. Not a card and nothing to rescan: the table records it and shows it."""

    kind: ClassVar[str] = "device_fault"
    raw: bytes = b""
    level: str = "alarm"  # alarm, warning
    message: str = ""
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


DriverEvent = (CardRead | Misread | CutCardSeen | ShoeShuffled | OutOfSequence | DeviceFault
               | Connected | Disconnected)
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
        self._misreads: Misread | None = None  # a run of misreads held back (``_deliver``)

    def _deliver(self, events: Iterable[DriverEvent], more_may_follow: bool = False) -> None:
        """Hand ``events`` to the table, misreads in a row as one (a burst of garbage is one
        misread and one rescan, not thousands, and the good card after it is not kept
        waiting). A run that ends ``events`` is held back while ``more_may_follow``, until the
        next events or ``_line_quiet``. Every backend delivers through here, from one thread."""
        for event in events:
            if isinstance(event, Misread):
                self._misreads = (event if self._misreads is None
                                  else self._misreads.followed_by(event))
                continue
            self._line_quiet()
            self._sink(event)
        if not more_may_follow:
            self._line_quiet()

    def _line_quiet(self) -> None:
        """Nothing more came for now: a run of misreads held back goes to the table."""
        if self._misreads is not None:
            burst, self._misreads = self._misreads, None
            self._sink(burst)

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

    @property
    def rescans_on_request(self) -> bool:
        """True when ``request_rescan`` makes the device read the card again (a scanner's
        trigger, a smart shoe's resend, the simulated shoe); False for a listen-only reader,
        which has no trigger: the dealer passes the card again."""
        return True

    # What the table did, for a device that deals by itself (the simulated shoe): told to
    # every driver by the table's events (controller.service.sim_dealer); real hardware, which
    # a dealer deals from, needs none of it.

    def number_shoe(self, number: int, decks: int | None = None) -> None:
        """The table started its shoe ``number``, of ``decks`` decks."""

    def reshuffle(self) -> None:
        """The table's shoe is over: a new one is to be shuffled."""

    def hold_dealing(self, held: bool) -> None:
        """The table cannot take a card now (``True``: stopped, or taking live bets), or can
        again (``False``)."""

    def resume_shoe(self, shoe_number: int, dealt_cards: Sequence[str], cut_seen: bool,
                    ) -> str | None:
        """At a restart: the table's shoe ``shoe_number`` is in play with ``dealt_cards`` read
        from it (and the cut card, if ``cut_seen``); a note for the log if the device cannot
        go on from there."""
        return None

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
