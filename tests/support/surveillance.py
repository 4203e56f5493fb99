"""A hand-driven table with its surveillance running: the real worker thread, whose results
are handed to the controller after every input, as the runner's queue would."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from controller.events.stream import TableEvent
from controller.game.cards import Card, ShoeComposition
from controller.game.odds import analyse
from controller.game.profiles import Profile
from controller.journal import Journal
from controller.surveillance.exposure import RTP_PLACES
from controller.surveillance.worker import ExposureWorker, SurveillanceSubscriber
from drivers.base import Misread
from drivers.card_codes import SUITS
from tests.support.table import Table

LUCKY_SIX_PROFILE = str(Path(__file__).parents[1] / "data" / "one-deck-lucky-six.toml")

# One deck: the reveal card AS burns one card; then every card but the sixes, so Lucky Six
# turns in the player's favour; then the sixes come out and it falls back.
NO_SIXES = [rank + suit for rank in "A234578 9TJQK".replace(" ", "") for suit in SUITS]
SIXES = ["6" + suit for suit in SUITS]
ORDER = ["AS", "2C", *[c for c in NO_SIXES if c[0] in "A23457" and c not in ("AS", "2C")],
         *[c for c in NO_SIXES if c[0] in "89"], *SIXES, *[c for c in NO_SIXES if c[0] in "TJ"]]


class SurveilledTable(Table):
    def __init__(self, profile: str = LUCKY_SIX_PROFILE, **config: Any) -> None:
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

    def play_order(self, cards: int) -> None:
        """A new shoe dealt from ``ORDER`` up to its card ``cards``, with one misread after the
        20th card (Lucky Six is closed by then)."""
        self.new_shoe()
        self.deal(" ".join(ORDER[:20]))
        self.controller.handle(Misread(b"\x16??"))
        self.settle()
        self.deal(" ".join(ORDER[20:cards]))


def engine_rtp(profile: Profile, removed: list[str]) -> dict[str, Decimal]:
    """The odds engine's returns, rounded as published, after ``removed`` left a full shoe."""
    odds = analyse(ShoeComposition(profile.decks, map(Card, removed)), profile)
    return {bet: (Decimal(o.rtp.numerator) / Decimal(o.rtp.denominator)).quantize(RTP_PLACES)
            for bet, o in odds.bets.items()}


def known_cards(events: list[TableEvent]) -> list[str]:
    return [e.fields["card"] for e in events
            if e.type in ("reveal", "burn", "card") and e.fields.get("card") is not None]


def run_watched_table(tmp_path: Path, seed: int, shoes: int) -> tuple[Path, list[TableEvent]]:
    """``run`` on an 8-deck simulated shoe as fast as it goes, Lucky Six watched, for
    ``shoes`` shoes: its journal and every event of those shoes."""
    profile = tmp_path / "watched.toml"
    profile.write_text(Path(LUCKY_SIX_PROFILE).read_text().replace("decks = 1", "decks = 8"))
    journal = tmp_path / "journal.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver",
         f"sim://?seed={seed}&rate=0", "--profile", str(profile), "--journal", str(journal),
         "--shoes", str(shoes)],
        cwd=Path(__file__).parents[2], stdin=subprocess.DEVNULL, capture_output=True,
        text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    reopened = Journal.open(journal)
    try:
        return journal, [e for shoe in range(1, shoes + 1) for e in reopened.iter_events(shoe)]
    finally:
        reopened.close()
