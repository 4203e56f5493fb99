"""A controller driven by hand, one item at a time, for the controller tests."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from controller.events.stream import EventBus, TableEvent
from controller.game.profiles import load_profile
from controller.journal import Journal
from controller.table.commands import Action, Command
from controller.table.config import TableConfig
from controller.table.controller import TableController
from controller.table.supervisor import hash_pin
from drivers.base import (
    CardRead,
    Connected,
    CutCardSeen,
    Disconnected,
    Driver,
    EventSink,
    Recordable,
)

PIN = "2468"
PIN_HASH = hash_pin(PIN, iterations=10_000)  # the fewest a config file may give
# The classic bets with one deck: the simulated shoe deals the profile's decks.
ONE_DECK = str(Path(__file__).parents[1] / "data" / "one-deck.toml")


class RecordingDriver(Driver):
    """A driver the test feeds by hand; it records what the controller asked of it."""

    def __init__(self, sink: EventSink = lambda event: None) -> None:
        super().__init__(sink)
        self.calls: list[tuple[str, object]] = []

    def start(self) -> None:
        pass

    def acknowledge(self, event: Recordable) -> None:
        self.calls.append(("acknowledge", getattr(event, "code", event.kind)))

    def request_rescan(self) -> None:
        self.calls.append(("request_rescan", None))

    def _close(self) -> None:
        pass


class Table:
    journal: Journal  # when tests.support.journal.play journaled it

    def __init__(self, profile: str = "classic", *, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time, **config: Any) -> None:
        self.config = replace(TableConfig(pin_hash=PIN_HASH), profile=profile, **config)
        self.bus = EventBus("test-table", wall=wall)
        self.events: list[TableEvent] = []
        self.bus.subscribe(self.events.append)
        self.driver = RecordingDriver()
        self.controller = TableController(self.config, load_profile(profile), self.bus,
                                          self.driver, clock=clock)

    @property
    def state(self) -> str:
        return self.controller.state

    def deal(self, codes: str) -> None:
        for code in codes.split():
            if code == "CUT":
                self.controller.handle(CutCardSeen())
            else:
                self.controller.handle(CardRead(code, code.encode()))

    def new_shoe(self) -> None:
        """The dealer confirms a new, shuffled shoe."""
        self.command("new_shoe")

    def start_shoe(self, reveal: str = "3H", burns: str = "2S 2H 2D") -> None:
        """Confirm a new shoe, reveal a card and burn as many cards as it says."""
        self.new_shoe()
        self.deal(f"{reveal} {burns}")

    def type_while_reader_down(self, code: str) -> None:
        """The reader is unplugged, the dealer types ``code``, the reader comes back."""
        self.controller.handle(Disconnected("USB unplugged"))
        self.command("manual_card", card=code)
        self.controller.handle(Connected())

    def command(self, action: str, **fields: Any) -> None:
        self.controller.handle(Command(Action(action), **fields))

    def supervisor(self, action: str, **fields: Any) -> None:
        self.command(action, by="sup", pin=PIN, **fields)

    def of_type(self, kind: str) -> list[TableEvent]:
        return [event for event in self.events if event.type == kind]

    def last(self, kind: str) -> TableEvent:
        return self.of_type(kind)[-1]
