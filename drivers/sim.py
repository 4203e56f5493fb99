"""The simulated shoe (``sim://``) and the fixed-list dealer behind scripts and replays.

It deals the way a smart shoe does, so the controller needs no special case:

- every shoe it deals starts with ``ShoeShuffled`` (at a fresh start and after each
  ``new_shoe()``, not when ``restore()`` puts it back mid-shoe), acknowledged like a card;
- the next card comes only after the controller acknowledged the last one, or, after a
  misread, after it asked for a rescan; the cut card needs neither (acknowledging it is
  harmless);
- with ``rate`` > 0 cards are also at least ``1/rate`` seconds apart, dealt from the
  driver's own thread; with ``rate`` 0 ("as fast as the controller takes them") there is no
  thread: the next card is dealt in the thread that acknowledges the last one, so the
  controller's own speed is what counts, not thread switches;
- ``set_dealing(False)`` holds the dealer (the betting countdown) until ``set_dealing(True)``;
- it never deals past the end of the shoe: ``new_shoe()`` starts the next one;
- an injected misread is followed, after the rescan, by the same card read correctly.

``snapshot()`` and ``restore()`` let a restarted controller continue the same shoe.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from drivers.base import (
    CardRead,
    CutCardSeen,
    Driver,
    DriverError,
    DriverEvent,
    EventSink,
    Misread,
    Recordable,
    ShoeShuffled,
)
from drivers.shoe_order import (
    CUT,
    DECK_SIZE,
    NO_READ,
    build_shoe,
    check_cut,
    is_card,
    parse_items,
    shoe_random,
)
from drivers.url import DriverUrl

SIM_OPTIONS = {
    "decks": "1-8, default 8",
    "seed": "whole number for a reproducible shoe, default a secure shuffle",
    "rate": "cards per second, 0 = as fast as acknowledged (default)",
    "misread": "probability 0-0.5 of a misread before a card, default 0",
    "cut": "cut card this many cards from the end (at least 6), default random in the last deck",
    "script": "comma-separated items to deal instead (card codes, NR, CUT)",
}
_RESCAN = "rescan"  # what the dealer waits for after a misread
SHUFFLED_RAW = b"SHUFFLED"  # the raw bytes of the simulated shoe's ShoeShuffled


class SimDriver(Driver):
    def __init__(
        self,
        sink: EventSink,
        *,
        decks: int = 8,
        seed: int | None = None,
        cut: int | None = None,
        script: list[str] | None = None,
        rate: float = 0.0,
        misread: float = 0.0,
    ) -> None:
        super().__init__(sink)
        if cut is not None:
            try:
                check_cut(cut, decks)
            except ValueError as error:
                raise DriverError(str(error)) from None
        self.decks, self.seed, self.cut, self.script = decks, seed, cut, script
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self.misread = misread
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._started = False
        self._pumping = False
        self._dealing = True
        self._start_shoe(0, None)

    # -- the shoe ---------------------------------------------------------------------------

    def _start_shoe(self, number: int, order: list[str] | None) -> None:
        self._shoe = number
        if order is None:
            order = self._make_order(number)
        self._order = order
        self._position = 0
        self._announce = True  # ShoeShuffled is due before the first card
        self._awaiting: object = None  # the event to acknowledge, or _RESCAN
        self._misread_done = False  # an injected misread already preceded this card
        self._misread_rng = shoe_random(self.seed, number, "misread")
        self._next_time = 0.0

    def _make_order(self, number: int) -> list[str]:
        if self.script is not None:
            return list(self.script)
        return build_shoe(self.decks, shoe_random(self.seed, number), self.cut)

    def snapshot(self) -> dict[str, Any]:
        with self._cond:
            data: dict[str, Any] = {"shoe": self._shoe}
            if self.script is None and self.seed is not None:
                data.update(decks=self.decks, cut=self.cut, seed=self.seed)
            else:
                data["order"] = list(self._order)
            return data

    def restore(self, snapshot: dict[str, Any], cards_taken: int, cut_seen: bool) -> None:
        try:
            number = int(snapshot["shoe"])
            if "order" in snapshot:
                order = parse_items([str(item) for item in snapshot["order"]])
            else:
                self.decks, self.cut = int(snapshot["decks"]), snapshot["cut"]
                self.seed = int(snapshot["seed"])
                order = None
        except (KeyError, TypeError, ValueError) as error:
            raise DriverError(f"not a simulated-shoe snapshot: {snapshot!r} ({error})") from None
        with self._cond:
            self._start_shoe(number, order)
            self._position = _position_after(self._order, cards_taken, cut_seen)
            self._announce = self._position == 0  # mid-shoe, the table knows the shoe
        self._wake()

    def new_shoe(self) -> None:
        with self._cond:
            self._start_shoe(self._shoe + 1, None)
        self._wake()

    # -- flow control -----------------------------------------------------------------------

    def acknowledge(self, event: Recordable) -> None:
        with self._cond:
            if self._awaiting is not None and self._awaiting == event:
                self._awaiting = None
        self._wake()

    def request_rescan(self) -> None:
        with self._cond:
            if self._awaiting is _RESCAN:
                self._awaiting = None
        self._wake()

    def set_dealing(self, allowed: bool) -> None:
        with self._cond:
            self._dealing = allowed
        self._wake()

    def _blocked(self) -> bool:
        return (
            not self._dealing
            or self._awaiting is not None
            or (self._position >= len(self._order) and not self._announce)
        )

    def _wake(self) -> None:
        """Something changed that may let the dealer deal: wake its thread or, with no
        thread (rate 0), deal here until it must wait again."""
        if self._thread is not None:
            with self._cond:
                self._cond.notify_all()
            return
        if not self._started or self._pumping:
            return  # the caller further up this stack deals the next card
        self._pumping = True
        try:
            while True:
                with self._cond:
                    if self._closed or self._blocked():
                        return
                    event = self._deal_one()
                self._sink(event)
        finally:
            self._pumping = False

    # -- the dealer thread ------------------------------------------------------------------

    def start(self) -> None:
        self._started = True
        if self.interval == 0:
            self._wake()
            return
        self._thread = threading.Thread(target=self._deal_loop, name="sim-shoe", daemon=True)
        self._thread.start()

    def _deal_loop(self) -> None:
        while True:
            with self._cond:
                event = self._wait_for_next()
                if event is None:
                    return
            self._sink(event)  # outside the lock: the sink may acknowledge at once

    def _wait_for_next(self) -> DriverEvent | None:
        """Block until the next event may be dealt; None once closed."""
        while not self._closed:
            delay = self._next_time - time.monotonic()
            if self._blocked():
                self._cond.wait()
            elif delay > 0:
                self._cond.wait(delay)
            else:
                self._next_time = time.monotonic() + self.interval
                return self._deal_one()
        return None

    def _deal_one(self) -> DriverEvent:
        if self._announce:
            self._announce = False
            shuffled = ShoeShuffled(SHUFFLED_RAW)
            self._awaiting = shuffled
            return shuffled
        item = self._order[self._position]
        if item == CUT:
            self._position += 1
            return CutCardSeen(b"CUT")
        inject = (
            self.misread > 0
            and not self._misread_done
            and self._misread_rng.random() < self.misread
        )
        if item == NO_READ or inject:
            self._misread_done = inject
            if item == NO_READ:
                self._position += 1
            self._awaiting = _RESCAN
            return Misread(NO_READ.encode())
        self._position += 1
        self._misread_done = False
        event = CardRead(item, item.encode())
        self._awaiting = event
        return event

    def _close(self) -> None:
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()


def _position_after(order: list[str], cards_taken: int, cut_seen: bool) -> int:
    """Where dealing resumes once ``cards_taken`` cards (and maybe the cut card) are out."""
    position, taken = 0, 0
    while taken < cards_taken:
        if position >= len(order):
            raise DriverError(f"cannot restore: {cards_taken} cards taken, the shoe has {taken}")
        taken += is_card(order[position])
        position += 1
    cut_at = order.index(CUT) if CUT in order else None
    if cut_at is not None:
        upcoming = order[position:cut_at]
        if cut_seen and any(is_card(item) for item in upcoming):
            raise DriverError(
                f"cannot restore: the cut card comes after card {cards_taken + 1} or later "
                "in this shoe, but it is recorded as seen"
            )
        if not cut_seen and cut_at < position:
            raise DriverError(
                f"cannot restore: the cut card came out before card {cards_taken}, "
                "but it is not recorded as seen"
            )
        if cut_seen and cut_at >= position:
            position = cut_at + 1
    return position


def sim_from_url(url: DriverUrl, sink: EventSink) -> SimDriver:
    url.check_options(SIM_OPTIONS)
    rate = url.number("rate", 0.0, 0.0, 1000.0)
    if "script" in url.options:
        others = sorted(set(url.options) - {"script", "rate"})
        if others:
            raise DriverError(f"driver URL {url.text!r}: script= cannot be combined with {others}")
        try:
            script = parse_items(url.options["script"].split(","))
        except ValueError as error:
            raise DriverError(f"driver URL {url.text!r}: script: {error}") from None
        return SimDriver(sink, script=script, rate=rate)
    decks = url.integer("decks", 8, 1, 8) or 8
    return SimDriver(
        sink,
        decks=decks,
        seed=url.integer("seed", None, 0, 2**63),
        cut=url.integer("cut", None, 1, decks * DECK_SIZE),
        rate=rate,
        misread=url.number("misread", 0.0, 0.0, 0.5),
    )
