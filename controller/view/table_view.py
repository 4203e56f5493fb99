"""What a table looks like from the outside, rebuilt from its events alone.

The display, the headless printer, the feed's state message and the pit (on another machine,
from the feed) keep a ``TableView`` and ``apply`` each event to it: nothing reaches into the
controller, so a consumer in another thread or process sees exactly what the event stream says.
A shoe's terms or a result's cards that cannot be read (the pit's facts come from the
network) raise before the view has changed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from controller.events import facts
from controller.events.facts import rests_in
from controller.events.states import DEALING, TableState
from controller.events.stream import TableEvent
from controller.game.cards import Card
from controller.game.profiles import Profile, profile_from_terms
from controller.game.rules import hand_total
from controller.roads import Hand, Roads, RoadsChange

RECALL_ROUNDS = 10


def result_summary(result: facts.RoundResult) -> dict[str, Any]:
    """A round's result as the feed's state message and the pit's tiles give it."""
    return {"winner": result.winner, "player": list(result.player),
            "banker": list(result.banker), "player_total": result.player_total,
            "banker_total": result.banker_total}


@dataclass
class Streaks:
    """Runs of wins of the shoe, as table scoreboards show them; a tie breaks no run."""

    side: str | None = None
    current: int = 0
    longest: dict[str, int] = field(default_factory=lambda: {"banker": 0, "player": 0})

    def add(self, winner: str) -> None:
        if winner not in self.longest:
            return
        self.current = self.current + 1 if winner == self.side else 1
        self.side = winner
        self.longest[winner] = max(self.longest[winner], self.current)


@dataclass
class TableView:
    roads: Roads = field(default_factory=Roads)
    streaks: Streaks = field(default_factory=Streaks)
    table: str = ""
    state: str = TableState.AWAITING_SHUFFLE  # controller.events.states (a newer one: as named)
    shoe: int = 0
    round: int = 0
    profile: str = ""
    # The shoe in play's profile, as its shoe_started recorded it (None before a shoe, or for
    # a shoe in a journal from before shoes recorded their profile's terms).
    rules: Profile | None = None
    decks: int = 0
    cards_left: int | None = None
    reveal: str | None = None
    burn: int = 0
    burn_left: int = 0
    last_round: int | None = None
    player: list[str] = field(default_factory=list)
    banker: list[str] = field(default_factory=list)
    result: facts.RoundResult | None = None
    closed_bets: tuple[str, ...] = ()
    betting_seconds: float | None = None
    hold: facts.Hold | None = None
    round_open: bool = False  # from its bets' opening to its result or void
    shoe_in_play: bool = False  # from shoe_started to shoe_ended (who may end or start one)
    paused: bool = False
    scanner: str = "connected"
    misread: facts.Misread | None = None
    # The reader's own alarm or warning, until it reads a card again or reconnects.
    device_fault: facts.DeviceFault | None = None
    refusal: facts.ActionRefused | None = None  # the last refused action
    integrity: facts.IntegrityAlert | None = None  # the shoe's latest integrity alert
    verify_failed: facts.JournalVerified | None = None  # until a later full verify passes
    disk: facts.DiskAlert | None = None  # the journal's disk is short of room, until cleared
    # The last rounds finished: round_result and round_voided events, oldest first.
    recent: deque[TableEvent] = field(default_factory=lambda: deque(maxlen=RECALL_ROUNDS))
    last_change: RoadsChange | None = None

    @property
    def player_total(self) -> int | None:
        return hand_total([Card(code) for code in self.player]) if self.player else None

    @property
    def banker_total(self) -> int | None:
        return hand_total([Card(code) for code in self.banker]) if self.banker else None

    @property
    def last_result(self) -> facts.RoundResult | None:
        """The shoe's latest result, kept while the next round is dealt (``result`` is the
        felt's: gone when the next round's bets close); None before the shoe's first."""
        for event in reversed(self.recent):
            if event.shoe != self.shoe:
                return None
            if isinstance(event.fact, facts.RoundResult):
                return event.fact
        return None

    @property
    def next_card(self) -> str | None:
        """The position the table waits for (``player3`` ...), or None between deals."""
        return self.state if self.state in DEALING else None

    def apply(self, event: TableEvent) -> None:
        self._learn(event)
        state = rests_in(event.fact)
        if state is not None:
            self.rest(state)
        self.table, self.shoe, self.round = event.table, event.shoe, event.round

    def _learn(self, event: TableEvent) -> None:
        if isinstance(event.fact, facts.Read | facts.Burn) and event.fact.source == "reader":
            self.device_fault = None  # the reader reads again
        match event.fact:
            case facts.ShoeStarted() as started:
                self.rules = None if started.profile_terms is None else profile_from_terms(
                    started.profile_terms, f"shoe {event.shoe}'s recorded profile")
                self.profile, self.decks = started.profile, started.decks
                self.integrity = None
                self.last_round = None
                self.result = self.misread = None
                self.player, self.banker = [], []
                self.streaks = Streaks()
                self.round_open = False
                self.shoe_in_play = True
            case facts.ShoeEnded():
                self.shoe_in_play = False
            case facts.Reveal() as reveal:
                self.reveal = reveal.card
                self.misread = None
                self.burn = self.burn_left = reveal.burn
                self.cards_left = reveal.cards_left
            case facts.Burn() as burn:
                self.burn_left, self.cards_left = burn.burn_left, burn.cards_left
                self.misread = None  # the burn card was read after all
            case facts.BettingOpen() as opened:
                self.player, self.banker = [], []
                self.closed_bets, self.betting_seconds = opened.closed_bets, opened.seconds
                self.misread = None
                self.round_open = True
            case facts.BettingClosed() as closed:
                self.betting_seconds = None
                self.closed_bets = closed.closed_bets  # surveillance may have closed more
                self.result = None
            case facts.CardDealt() as dealt:
                (self.player if dealt.position.startswith("player") else self.banker).append(
                    dealt.card)
                self.cards_left = dealt.cards_left
                self.misread = None
            case facts.Misread() as misread:
                self.misread = misread
            case facts.DeviceFault() as fault:
                self.device_fault = fault
            case facts.CutCard(last_round=last_round):
                self.last_round = last_round
            case facts.RoundResult() as result:
                hand = Hand.from_round_result(result)
                self.result = result
                self.round_open = False
                self.streaks.add(result.winner)
                self.last_change = self.roads.add(hand)
                self.recent.append(event)
            case facts.RoundVoided():
                self.recent.append(event)
                self.round_open = False
                self.player, self.banker = [], []
            case facts.RoadsCleared():
                self.last_change = self.roads.clear()
                self.streaks = Streaks()
            case facts.Hold() as hold:
                self.hold = hold
            case facts.HoldCleared():
                self.hold = None
            case facts.Scanner(status=status):
                self.scanner = status
                self.device_fault = None
            case facts.ActionRefused() as refusal:
                self.refusal = refusal
            case facts.IntegrityAlert() as alert:
                self.integrity = alert
            case facts.JournalVerified() as verified:
                self.verify_failed = verified if verified.finding else None
            case facts.DiskAlert() as alert:
                self.disk = alert if alert.state == "raised" else None

    def rest(self, state: str) -> None:
        """The table came to rest in ``state`` (a ``state`` event, a fact that says it, or the
        feed's retained state message)."""
        self.state = state
        self.paused = state == TableState.PAUSED
        if state != TableState.HOLD:
            self.hold = None
