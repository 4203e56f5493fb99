"""The surveillance subscriber and its worker thread: off the card path.

The subscriber runs on the controller's thread with every event (after it is journaled) and
does only cheap things: it follows which cards left the shoe, hands the worker the newest
composition, and counts the scanner's record. The worker computes the exact returns (about a
millisecond or more) in its own thread; a newer composition supersedes one still waiting, and
the result goes back on the runner's queue, so the controller publishes ``exposure`` on its
own thread, in order, and a card never waits for a computation.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from controller.events import facts
from controller.events.due import FactDue
from controller.events.stream import TableEvent
from controller.game.cards import ShoeComposition
from controller.game.odds import event_probabilities
from controller.game.profiles import Profile
from controller.surveillance.exposure import ExposureComputed, exposure_of
from controller.surveillance.hysteresis import Hysteresis
from controller.surveillance.integrity_worker import (
    AlertJournaled,
    CardOut,
    IntegrityWorker,
    ShoeBegins,
    ShoeEnds,
)
from controller.view.scanner_health import ScannerHealth

log = logging.getLogger(__name__)
# The events that take a known card out of the shoe (an unread burn has no card: it stays in).
# At most one result this often: each is an input the table journals, so a burst of cards
# (a reader's backlog, a replayed stream) is not doubled; a dealer's cards come a second apart.
MIN_GAP = 0.05
# A child that has not answered in this long is stopped (SIGSTOP) or hung: a computation takes
# milliseconds, the child's start about a second. It is killed and replaced, so exposure goes
# on and closing the table never waits on it.
STALL_AFTER = 10.0


@dataclass(frozen=True, slots=True)
class ShoeSnapshot:
    """What the worker needs: the shoe, its profile and the cards known to have left it."""

    shoe: int
    profile: Profile
    decks: int
    removed: tuple[str, ...]


class ExposureWorker:
    """One thread computing the newest posted snapshot's returns and submitting them.

    The arithmetic itself runs in a child process: computed in this process, it held the
    interpreter's lock for about a millisecond per card and slowed the controller's thread
    (docs/performance.md, "Surveillance"); the thread only waits for the child, lock released.
    """

    def __init__(self, submit: Callable[[ExposureComputed], None], min_gap: float = MIN_GAP,
                 stall_after: float = STALL_AFTER) -> None:
        self._submit = submit
        self._min_gap = min_gap
        self._stall_after = stall_after
        self._pool: ProcessPoolExecutor | None = None  # made by the worker's thread
        self._pool_made = threading.Event()
        self._wake = threading.Condition()
        self._pending: ShoeSnapshot | None = None
        self._waiting = False  # for work: only then does a post wake the thread
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="exposure", daemon=True)
        self._thread.start()

    def post(self, snapshot: ShoeSnapshot) -> None:
        """Compute ``snapshot`` next, in place of any snapshot still waiting."""
        with self._wake:
            self._pending = snapshot
            if self._waiting:  # woken in the gap, it would only take the lock for nothing
                self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        # Bounded: a computation in hand gives up after the stall bound.
        self._thread.join(self._stall_after + 1)
        if self._pool is not None:
            _end_child(self._pool, grace=1.0)

    def ready(self, timeout: float | None = None) -> None:
        """Wait until the child process is up (it starts with the table; about a second);
        TimeoutError if it is not up within ``timeout`` seconds."""
        if not self._pool_made.wait(timeout) or self._pool is None:
            raise TimeoutError("the exposure worker's thread has not made its child process")
        self._pool.submit(_warm_up).result(timeout)

    def _start_child(self) -> ProcessPoolExecutor:
        self._pool = _child()
        self._pool.submit(_warm_up)  # the child starts now, not at the first card
        return self._pool

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is waiting or being computed (for tests and the benchmark)."""
        with self._wake:
            return self._wake.wait_for(lambda: self._pending is None and not self._busy,
                                       timeout)

    def _run(self) -> None:
        self._start_child()
        self._pool_made.set()
        while True:
            with self._wake:
                self._waiting = True
                self._wake.wait_for(lambda: self._pending is not None or self._closed)
                self._waiting = False
                if self._closed:
                    return
                snapshot, self._pending, self._busy = self._pending, None, True
            self._compute(snapshot)
            with self._wake:  # the gap: a composition posted meanwhile supersedes
                self._wake.wait_for(lambda: self._closed, self._min_gap)

    def _compute(self, snapshot: ShoeSnapshot | None) -> None:
        if snapshot is not None:
            try:
                assert self._pool is not None
                result = self._pool.submit(exposure_of, snapshot.shoe, snapshot.profile,
                                           snapshot.decks, snapshot.removed
                                           ).result(self._stall_after)
                if result is not None:
                    self._submit(result)
            except BrokenProcessPool:  # the child was killed: the next composition gets a new one
                log.error("exposure: the child process died computing shoe %d; starting "
                          "another", snapshot.shoe)
                assert self._pool is not None
                self._pool.shutdown(wait=False)
                self._start_child()
            except TimeoutError:  # stopped (SIGSTOP) or hung: it would silence exposure
                log.error("exposure: the child process did not answer in %g s computing shoe "
                          "%d (stopped or hung); killing it and starting another",
                          self._stall_after, snapshot.shoe)
                assert self._pool is not None
                _end_child(self._pool, grace=0)
                self._start_child()
                with self._wake:  # computed again by the new child, unless superseded
                    self._pending = self._pending or snapshot
            except Exception:  # a bug here must not stop surveillance for the rest of the day
                log.exception("exposure: could not compute shoe %d", snapshot.shoe)
        with self._wake:
            self._busy = False
            self._wake.notify_all()


def _child() -> ProcessPoolExecutor:
    """One child process for the arithmetic; spawned: a fork would copy the state of the
    driver's and the display's threads."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_follow_parent, initargs=(os.getpid(),))


def _end_child(pool: ProcessPoolExecutor, grace: float) -> None:
    """Shut ``pool`` down without waiting on its child: a child that has not ended after
    ``grace`` seconds (stopped, hung) is killed. The pool's own shutdown would wait forever."""
    children = list(pool._processes.values())  # the executor has no public list of them
    pool.shutdown(wait=False, cancel_futures=True)
    deadline = time.monotonic() + grace
    for child in children:
        child.join(max(0.0, deadline - time.monotonic()))
        if child.is_alive():
            child.kill()
            child.join(1)


def _follow_parent(parent: int) -> None:
    """In the child: end when the table's process is gone (killed, it closes nothing)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _warm_up() -> None:
    """Import and build the odds engine's tables in the child (65 ms the first time)."""
    event_probabilities(ShoeComposition())


def summary_owed(events: Sequence[TableEvent]) -> int | None:
    """The last shoe that ends in ``events``, if no ``shoe_integrity`` of its follows: the
    table stopped between the two (only the last shoe's can be missing so; an older journal's
    shoes, from before the summary was made, are owed nothing)."""
    owed = None
    for event in events:
        if isinstance(event.fact, facts.ShoeEnded):
            owed = event.shoe
        elif isinstance(event.fact, facts.ShoeIntegrity) and event.fact.shoe == owed:
            owed = None
    return owed


class SurveillanceSubscriber:
    """A bus subscriber: feeds the worker each new composition and the integrity check each
    card, and asks the controller to raise a scanner alert when the shoe's misread rate passes
    the profile's level."""

    def __init__(self, worker: ExposureWorker | None, submit: Callable[[object], None],
                 profile: Callable[[], Profile], integrity: IntegrityWorker | None = None,
                 *, in_step: bool = False) -> None:
        self.worker = worker
        # Each composition's returns computed before the table goes on: only for the
        # display's scenarios, whose pictures must come out the same on every run.
        self.in_step = in_step
        self.integrity = integrity
        self.submit = submit
        self.profile = profile  # the shoe in play's, read on the controller's thread
        self.shoe = 0
        self.decks = 0
        self.removed: list[str] = []
        self.health = ScannerHealth()
        self.scanner_alert = Hysteresis()
        self._priming = False
        self._owed: int | None = None  # the shoe ended without its summary, while priming

    def prime(self, events: Iterable[TableEvent]) -> None:
        """Catch up with the journal's events at start, then compute the shoe in play. The
        last shoe that ended there without its ``shoe_integrity`` (the table stopped before the
        summary, made a moment after the end, was journaled) has it made again from its
        journaled cards: the table owes it."""
        events = list(events)
        self._owed = summary_owed(events)
        self._priming = True
        try:
            for event in events:
                self(event)
        finally:
            self._priming, self._owed = False, None
        if self.shoe:
            self._post()

    def __call__(self, event: TableEvent) -> None:
        fact = event.fact
        if isinstance(fact, facts.ShoeStarted):
            self.shoe, self.decks, self.removed = event.shoe, fact.decks, []
            self.health, self.scanner_alert = ScannerHealth(), Hysteresis()
            self._post()
            terms = self.profile().surveillance
            if self.integrity is not None and terms is not None:
                self.integrity.post(ShoeBegins(event.shoe, fact.decks, terms.carried_run_cards,
                                               terms.compare_shoes))
            return
        if not self.shoe:
            return
        match fact:
            case facts.Reveal(card=str() as card) | facts.Burn(card=str() as card) | (
                    facts.CardDealt(card=str() as card)):  # out of the shoe
                self.removed.append(card)
                self._post()
                if self.integrity is not None:
                    self.integrity.post(CardOut(card, quiet=self._priming))
            case facts.ShoeEnded() if self.integrity is not None:
                quiet = self._priming and event.shoe != self._owed
                self.integrity.post(ShoeEnds(event.shoe, quiet=quiet))
            case facts.IntegrityAlert() if self._priming and self.integrity is not None:
                self.integrity.post(AlertJournaled(fact))
            case facts.ScannerAlert():
                self.scanner_alert.raised = True
        self.health.apply(event)
        self._watch_scanner()

    def _post(self) -> None:
        if self.worker is not None and not self._priming and self.profile().surveillance:
            self.worker.post(ShoeSnapshot(self.shoe, self.profile(), self.decks,
                                          tuple(self.removed)))
            if self.in_step:
                self.worker.idle()

    def _watch_scanner(self) -> None:
        terms = self.profile().surveillance
        if terms is None:
            return
        health = self.health
        # As fractions of the cards read, so the margin is the return's (0.005: 0.5 per 100).
        change = self.scanner_alert.update(health.per_100 / 100,
                                           terms.misread_alert_per_100 / 100,
                                           terms.clear_margin, terms.clear_cards, health.cards)
        if change == "raised" and not self._priming:
            self.submit(FactDue(facts.ScannerAlert(
                misreads=health.misreads, cards=health.cards, per_hundred=str(health.per_100),
                level=str(terms.misread_alert_per_100)), self.shoe))
