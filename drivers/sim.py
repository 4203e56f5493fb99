"""The simulated shoe (``sim://``) and the fixed-list dealer behind scripts and replays.

It deals the way a smart shoe does, so the controller needs no special case:

- every shoe it deals starts with ``ShoeShuffled`` (at a fresh start and after each
  ``reshuffle()``, not when ``resume_shoe()`` continues a shoe the table knows),
  acknowledged like a card;
- the next card comes only after the controller acknowledged the last one, or, after a
  misread, after it asked for a rescan; the cut card needs neither (acknowledging it is
  harmless);
- with ``rate`` > 0 cards are also at least ``1/rate`` seconds apart on ``clock`` (monotonic
  seconds; tests inject their own), dealt from the driver's own thread; with ``rate`` 0 ("as
  fast as the controller takes them") there is no thread: the next card is dealt in the
  thread that acknowledges the last one, so the controller's own speed is what counts, not
  thread switches;
- ``hold_dealing(True)`` holds the dealer (the betting countdown, a hold, a pause) until
  ``hold_dealing(False)``;
- it never deals past the end of the shoe: ``reshuffle()`` starts the next one;
- an injected misread is followed, after the rescan, by the same card read correctly.

Its shoes are numbered as the table numbers them (``number_shoe``): the table's shoe *n* of a
seeded simulator is the seed's shoe *n* - 1, so it is the same shoe after any restart and the
first is the one ``emulate-shoe --seed`` deals first. These calls are the simulator's own, not
part of the Driver interface: the simulated dealer (controller.service.sim_dealer) makes them
from the table's events, and the app calls ``resume_shoe`` at a restart.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

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
from drivers.card_codes import CUT
from drivers.shoe_order import (
    DECK_SIZE,
    NO_READ,
    build_shoe,
    check_cut,
    items_left,
    parse_items,
    rest_of_shoe,
    resume_position,
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
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(sink)
        self.clock = clock
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
        self._held = False
        self._next_time = 0.0
        self._shuffle_in(1)

    # -- the shoe ---------------------------------------------------------------------------

    def _load_shoe(self, number: int) -> None:
        """Shoe ``number`` is in, none of it dealt."""
        self._shoe = number
        self._order = self._make_order(number)
        self._position = 0
        self._misread_done = False  # an injected misread already preceded this card
        self._misread_rng = shoe_random(self.seed, number - 1, "misread")

    def _shuffle_in(self, number: int) -> None:
        """Shoe ``number`` is in and to be announced before its first card."""
        self._load_shoe(number)
        self._announce = True  # ShoeShuffled is due before the first card
        self._awaiting: object = None  # the event to acknowledge, or _RESCAN

    def _make_order(self, number: int) -> list[str]:
        if self.script is not None:
            return list(self.script)
        return build_shoe(self.decks, shoe_random(self.seed, number - 1), self._cut())

    def reshuffle(self) -> None:
        """The shoe is over: shuffle the next one and announce it (``ShoeShuffled``)."""
        with self._cond:
            self._shuffle_in(self._shoe + 1)
        self._wake()

    def number_shoe(self, number: int, decks: int | None = None) -> None:
        """The table started its shoe ``number`` of ``decks`` decks (its ``shoe_started``):
        deal that shoe, if no card of the one shuffled has been dealt yet (its
        ``ShoeShuffled`` may wait for its acknowledgement). A shoe the journal shows started
        under a profile of other decks is dealt with those, as every event counts it."""
        with self._cond:
            if self._position == 0 and (number != self._shoe or decks not in (None, self.decks)):
                self.decks = decks or self.decks
                self._load_shoe(number)

    def _cut(self) -> int | None:
        """The URL's cut, unless it does not fit a shoe of the decks dealt now (random)."""
        try:
            if self.cut is not None:
                check_cut(self.cut, self.decks)
        except ValueError:
            return None
        return self.cut

    def resume_shoe(self, shoe_number: int, dealt_cards: Sequence[str], cut_seen: bool,
                    ) -> str | None:
        """Continue the table's shoe ``shoe_number``, from which the journal shows
        ``dealt_cards`` read (in order) and, if ``cut_seen``, the cut card; no
        ``ShoeShuffled``, since the table knows this shoe.

        A seeded shoe or a script continues its own order. An unseeded shoe deals the cards
        still in it in a fresh order, the cut card where it can still be. When the journal's
        cards are not how the order begins (the seed, the decks or the script changed, or the
        shoe was not dealt by this simulator), a generated shoe does the same and a script
        deals its items not yet dealt; the returned line says so, for the log."""
        with self._cond:
            self._load_shoe(shoe_number)
            self._announce, self._awaiting = False, None
            note = self._continue(shoe_number, dealt_cards, cut_seen)
        self._wake()
        return note

    def _continue(self, number: int, dealt: Sequence[str], cut_seen: bool) -> str | None:
        """Set the order and position that continue shoe ``number`` (loaded); a line for the
        log when the journal's cards do not fit its order."""
        rng = shoe_random(self.seed, number - 1, "resume")  # the system's, without a seed
        if self.seed is None and self.script is None:
            # Its order was never recorded: the rest, freshly shuffled, is as good.
            self._order = rest_of_shoe(self.decks, dealt, rng, self._cut(), cut_seen)
            return None
        try:
            self._position = resume_position(self._order, dealt, cut_seen)
            return None
        except ValueError as error:
            mismatch = (f"shoe {number}: the {len(dealt)} cards the journal shows dealt from "
                        f"it do not begin this simulator's shoe ({error})")
        if self.script is not None:
            self._order = items_left(self.script, dealt, cut_seen)
            return f"{mismatch}; dealing the script's items not yet dealt"
        self._order = rest_of_shoe(self.decks, dealt, rng, self._cut(), cut_seen)
        return f"{mismatch}; dealing the cards left in a fresh order"

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

    def hold_dealing(self, held: bool) -> None:
        """Hold the dealer (``True``) or let it deal again (``False``)."""
        with self._cond:
            self._held = held
        self._wake()

    def _blocked(self) -> bool:
        return (
            self._held
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
                self._deliver((event,))
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
            self._deliver((event,))  # outside the lock: the sink may acknowledge at once

    def _wait_for_next(self) -> DriverEvent | None:
        """Block until the next event may be dealt; None once closed."""
        while not self._closed:
            delay = self._next_time - self.clock()
            if self._blocked():
                self._cond.wait()
            elif delay > 0:
                self._cond.wait(delay)
            else:
                self._next_time = self.clock() + self.interval
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
            return CutCardSeen(CUT.encode())
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


def sim_from_url(url: DriverUrl, sink: EventSink, custom: object = None) -> SimDriver:
    """``custom`` (a reader format) does not apply: a simulated shoe has no wire format."""
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
