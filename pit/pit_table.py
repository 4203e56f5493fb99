"""One table as the pit keeps it: the controller's own ``TableView`` (controller.view), folded
from the same typed facts as the dealer display's (the phase, the shoe, its rounds and roads
with their EZ badges, the hold, the shoe's recorded profile and its limits), and beside it
only what the pit keeps of its own: the scanner's health over the shoe, surveillance's
exposure course, the times of the results (the pace) and what the retained state message
said of a table whose events came before the pit did."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from controller.events import facts
from controller.events.codec import encode
from controller.events.facts import rests_in
from controller.events.states import TableState
from controller.events.stream import TableEvent
from controller.view.scanner_health import ScannerHealth
from controller.view.table_view import TableView, result_summary

EXPOSURE_COURSE = 400  # exposure points kept for the course over a shoe (a shoe has ~416 cards)


@dataclass
class PitTable:
    view: TableView = field(default_factory=TableView)
    rested: bool = False  # a fact or the state message has said where the table rests
    state_hold: dict[str, str] | None = None  # the retained state message's hold
    health: ScannerHealth = field(default_factory=ScannerHealth)  # of the shoe
    scanner_alert: facts.ScannerAlert | None = None  # the shoe's latest
    exposure_course: deque[dict[str, Any]] = field(
        default_factory=lambda: deque(maxlen=EXPOSURE_COURSE))
    results_at: deque[datetime] = field(default_factory=deque)  # round results, for the pace

    def apply(self, event: TableEvent) -> None:
        """One typed event, in seq order; raises (ValueError, TypeError, AttributeError) on
        fields that cannot be folded, before anything changed."""
        result_at = (datetime.fromisoformat(event.ts)  # the envelope's, for the pace
                     if isinstance(event.fact, facts.RoundResult) else None)
        self.view.apply(event)
        self.rested = self.rested or rests_in(event.fact) is not None
        if result_at is not None:
            self.results_at.append(result_at)
        match event.fact:
            case facts.ShoeStarted():
                self.health, self.scanner_alert = ScannerHealth(), None
                self.exposure_course.clear()
            case facts.ScannerAlert() as alert:
                self.scanner_alert = alert
            case facts.Exposure(rtp=rtp, cards_left=cards_left):
                self.exposure_course.append({"cards_left": cards_left, "rtp": rtp})
        self.health.apply(event)

    def rest(self, state: dict[str, Any]) -> None:
        """The retained ``state`` message (checked): the phase, the hold and the scanner of a
        table whose events came before."""
        if "phase" in state:
            self.view.rest(state["phase"])
            self.rested = True
        self.view.scanner = state.get("scanner", self.view.scanner)
        self.state_hold = state.get("hold", self.state_hold)

    def hands_since(self, since: datetime) -> int:
        while self.results_at and self.results_at[0] < since:
            self.results_at.popleft()
        return len(self.results_at)

    @property
    def phase(self) -> str | None:
        """Where the table rests; None until a fact or the state message has said it."""
        return self.view.state if self.rested else None

    @property
    def hold(self) -> dict[str, str] | None:
        hold = self.view.hold
        if hold is not None:
            return {"code": hold.code, "message": hold.message}
        return self.state_hold if self.view.state == TableState.HOLD else None

    @property
    def limits(self) -> str | None:
        """The shoe's banker limits as text, from the terms its shoe_started recorded (a
        site's own profile too, and as they were then); None for a shoe that recorded none."""
        rules = self.view.rules
        banker = None if rules is None else rules.bets.get("banker")
        return None if banker is None else f"{banker.min_stake}–{banker.max_stake}"

    @property
    def last_result(self) -> dict[str, Any] | None:
        result = self.view.last_result
        return None if result is None else result_summary(result)

    @property
    def exposure(self) -> Any:
        """Surveillance's latest returns of the shoe, bet by bet (None before any)."""
        return self.exposure_course[-1]["rtp"] if self.exposure_course else None

    def scanner(self) -> dict[str, Any]:
        alert = self.scanner_alert
        return {"status": self.view.scanner, "cards_read": self.health.cards,
                "misreads": self.health.misreads,
                "alert": None if alert is None else encode(alert)}
