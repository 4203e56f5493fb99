"""The integrity check's thread: off the card path, like exposure's worker.

The surveillance subscriber posts each shoe's start, its known cards and its end; the thread
runs them through the IntegrityDetector in order and submits what it finds to the runner's
queue, so the controller publishes ``integrity_alert`` and ``shoe_integrity`` on its own
thread and a card never waits for the comparison.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from controller.events import facts
from controller.events.due import FactDue
from controller.surveillance.integrity import (
    IntegrityDetector,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ShoeBegins:
    shoe: int
    decks: int
    carried_run_cards: int
    compare_shoes: int


@dataclass(frozen=True, slots=True)
class CardOut:
    code: str
    quiet: bool  # replayed from the journal at a restart: its alerts were journaled then


@dataclass(frozen=True, slots=True)
class ShoeEnds:
    shoe: int
    quiet: bool  # replayed, and its summary is journaled


@dataclass(frozen=True, slots=True)
class AlertJournaled:
    """An alert of the shoe in play replayed from the journal: the shoe's summary lists it,
    though the comparison it came from (with shoes before the restart) is not made again."""

    alert: facts.IntegrityAlert


Step = ShoeBegins | CardOut | ShoeEnds | AlertJournaled


class IntegrityWorker:
    """One thread running the detector over the steps posted, in order."""

    def __init__(self, submit: Callable[[object], None]) -> None:
        self._submit = submit
        self._steps: queue.SimpleQueue[Step | None] = queue.SimpleQueue()
        self._done = threading.Condition()
        self._posted = self._taken = 0
        self.detector: IntegrityDetector | None = None  # made at the first shoe's settings
        self._thread = threading.Thread(target=self._run, name="integrity", daemon=True)
        self._thread.start()

    def post(self, step: Step) -> None:
        self._posted += 1
        self._steps.put(step)

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until every step posted has been taken (for tests and the benchmark)."""
        posted = self._posted
        with self._done:
            return self._done.wait_for(lambda: self._taken >= posted, timeout)

    def close(self) -> None:
        self._steps.put(None)
        self._thread.join()

    def _run(self) -> None:
        while (step := self._steps.get()) is not None:
            try:
                self._take(step)
            except Exception:  # a bug here must not stop surveillance for the rest of the day
                log.exception("integrity: could not take %r", step)
            with self._done:
                self._taken += 1
                self._done.notify_all()

    def _take(self, step: Step) -> None:
        match step:
            case ShoeBegins(shoe=shoe, decks=decks):
                if self.detector is None:
                    self.detector = IntegrityDetector(decks, step.carried_run_cards,
                                                      step.compare_shoes)
                # A profile changed between shoes applies from the shoe it starts.
                self.detector.carried_run_cards = step.carried_run_cards
                self.detector.earlier = deque(self.detector.earlier, maxlen=step.compare_shoes)
                self.detector.new_shoe(shoe, decks)
            case CardOut(code=code, quiet=quiet) if self.detector is not None:
                detector = self.detector
                for alert in detector.card(code):
                    if not quiet:
                        self._submit(FactDue(alert, detector.shoe))
            case AlertJournaled(alert=alert) if self.detector is not None:
                if alert not in self.detector.alerts:  # a composition alert is found again
                    self.detector.alerts.append(alert)
            case ShoeEnds(shoe=shoe, quiet=quiet) if (
                    self.detector is not None and self.detector.shoe == shoe and not quiet):
                self._submit(FactDue(self.detector.summary()))
