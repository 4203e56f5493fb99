"""What a table looks like from the outside, rebuilt from its events alone.

The display, the headless printer and any other consumer keep a ``TableView`` and ``apply``
each event to it: nothing reaches into the controller, so a consumer in another thread or
process sees exactly what the event stream says.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from controller.events.schema import rests_in
from controller.events.stream import TableEvent
from controller.game.cards import Card
from controller.game.rules import hand_total
from controller.roads import Hand, Roads, RoadsChange

RECALL_ROUNDS = 10


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
    state: str = "awaiting_shuffle"
    shoe: int = 0
    round: int = 0
    profile: str = ""
    decks: int = 0
    cards_left: int | None = None
    reveal: str | None = None
    burn: int = 0
    burn_left: int = 0
    last_round: int | None = None
    player: list[str] = field(default_factory=list)
    banker: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    closed_bets: list[str] = field(default_factory=list)
    betting_seconds: float | None = None
    hold: dict[str, Any] | None = None
    paused: bool = False
    scanner: str = "connected"
    misread: dict[str, Any] | None = None
    refusal: dict[str, Any] | None = None  # the last refused action: action, by, reason
    recent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=RECALL_ROUNDS))
    last_change: RoadsChange | None = None

    @property
    def player_total(self) -> int | None:
        return hand_total([Card(code) for code in self.player]) if self.player else None

    @property
    def banker_total(self) -> int | None:
        return hand_total([Card(code) for code in self.banker]) if self.banker else None

    @property
    def next_card(self) -> str | None:
        """The position the table waits for (``player3`` ...), or None between deals."""
        state = self.state
        if state == "betting":
            return None
        return state if state[:-1] in ("player", "banker") else None

    def apply(self, event: TableEvent) -> None:
        handler = getattr(self, f"_on_{event.type}", None)
        if handler is not None:
            handler(event)
        state = rests_in(event.type, event.data)
        if state is not None:
            self._rest(state)
        self.table, self.shoe, self.round = event.table, event.shoe, event.round

    def _rest(self, state: str) -> None:
        """The table came to rest in ``state`` (a ``state`` event, or a fact that says it)."""
        self.state = state
        self.paused = state == "paused"
        if state != "hold":
            self.hold = None

    def _on_shoe_started(self, event: TableEvent) -> None:
        self.profile = event.data["profile"]
        self.decks = event.data["decks"]
        self.last_round = None
        self.result = self.misread = None
        self.player, self.banker = [], []
        self.streaks = Streaks()

    def _on_reveal(self, event: TableEvent) -> None:
        self.reveal = event.data["card"]
        self.misread = None
        self.burn = self.burn_left = event.data["burn"]
        self.cards_left = event.data["cards_left"]

    def _on_burn(self, event: TableEvent) -> None:
        self.burn_left = event.data["burn_left"]
        self.cards_left = event.data.get("cards_left", self.cards_left)
        self.misread = None  # the burn card was read after all

    def _on_betting_open(self, event: TableEvent) -> None:
        self.player, self.banker = [], []
        self.closed_bets = event.data["closed_bets"]
        self.betting_seconds = event.data.get("seconds")
        self.misread = None

    def _on_betting_closed(self, event: TableEvent) -> None:
        self.betting_seconds = None
        self.closed_bets = event.data["closed_bets"]  # surveillance may have closed more
        self.result = None

    def _on_card(self, event: TableEvent) -> None:
        hand = self.player if event.data["position"].startswith("player") else self.banker
        hand.append(event.data["card"])
        self.cards_left = event.data["cards_left"]
        self.misread = None

    def _on_misread(self, event: TableEvent) -> None:
        self.misread = event.data

    def _on_cut_card(self, event: TableEvent) -> None:
        self.last_round = event.data["last_round"]

    def _on_round_result(self, event: TableEvent) -> None:
        self.result = event.data
        data = event.data
        self.streaks.add(data["winner"])
        self.last_change = self.roads.add(Hand.from_round_result(data))
        self.recent.append({"shoe": event.shoe, "round": event.round, "status": "result", **data})

    def _on_round_voided(self, event: TableEvent) -> None:
        self.recent.append({"shoe": event.shoe, "round": event.round, "status": "void",
                            **event.data})
        self.player, self.banker = [], []

    def _on_roads_cleared(self, event: TableEvent) -> None:
        self.last_change = self.roads.clear()
        self.streaks = Streaks()

    def _on_hold(self, event: TableEvent) -> None:
        self.hold = event.data

    def _on_hold_cleared(self, event: TableEvent) -> None:
        self.hold = None

    def _on_scanner(self, event: TableEvent) -> None:
        self.scanner = event.data["status"]

    def _on_action_refused(self, event: TableEvent) -> None:
        self.refusal = event.data
