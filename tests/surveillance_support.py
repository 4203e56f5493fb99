"""A hand-driven table with its surveillance running: the real worker thread, whose results
are handed to the controller after every input, as the runner's queue would."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from controller.events.stream import TableEvent
from controller.game.cards import Card, ShoeComposition
from controller.game.odds import analyse
from controller.game.profiles import Profile
from controller.surveillance.exposure import RTP_PLACES
from controller.surveillance.worker import ExposureWorker, SurveillanceSubscriber
from tests.table_harness import Table

LUCKY_SIX_PROFILE = str(Path(__file__).parent / "data" / "one-deck-lucky-six.toml")


class SurveilledTable(Table):
    def __init__(self, profile: str = LUCKY_SIX_PROFILE, **config: object) -> None:
        super().__init__(profile, **config)
        self.submitted: list[object] = []
        # No gap between results: the tests wait for each card's (the gap only spaces them).
        self.worker = ExposureWorker(self.submitted.append, min_gap=0)
        self.bus.subscribe(SurveillanceSubscriber(self.worker, self.submitted.append,
                                                  lambda: self.controller.profile))

    def settle(self) -> None:
        """Wait for the worker, then let the controller take what it submitted."""
        while True:
            assert self.worker.idle(timeout=60), "the exposure worker is stuck"
            if not self.submitted:
                return
            items, self.submitted[:] = list(self.submitted), []
            for item in items:
                self.controller.handle(item)
            self.controller.flush_waiting()  # as the runner's timer would, a moment later

    def deal(self, codes: str) -> None:
        for code in codes.split():
            super().deal(code)
            self.settle()

    def command(self, action: str, **fields: object) -> None:
        super().command(action, **fields)
        self.settle()

    def close(self) -> None:
        self.worker.close()


def engine_rtp(profile: Profile, removed: list[str]) -> dict[str, Decimal]:
    """The odds engine's returns, rounded as published, after ``removed`` left a full shoe."""
    odds = analyse(ShoeComposition(profile.decks, map(Card, removed)), profile)
    return {bet: (Decimal(o.rtp.numerator) / Decimal(o.rtp.denominator)).quantize(RTP_PLACES)
            for bet, o in odds.bets.items()}


def known_cards(events: list[TableEvent]) -> list[str]:
    return [e.data["card"] for e in events
            if e.type in ("reveal", "burn", "card") and e.data.get("card") is not None]
