"""The simulated shoe's dealer: it watches the table's public events, as a dealer watches
the table, and deals or waits accordingly.

``SimulatedDealer(sim)`` is an event-bus subscriber (any callable taking an event with
``.type``, ``.shoe`` and ``.data``; this package may not import the controller's event
class). It holds the simulated shoe

- while live betting is open (``betting_open`` with ``seconds`` until ``betting_closed``),
- while the table is in a hold or paused (the state it comes to rest in),

numbers its shoes as the table does (``shoe_started``) and reshuffles when a shoe ends
(``shoe_ended``). Fed the journal's events at a restart, it is where the table is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from drivers.sim import SimDriver

STOPPED_STATES = ("hold", "paused")
# The states in which a betting round can still be open: it stays open through a hold or a
# pause; any other state means it is over, whether or not ``betting_closed`` said so.
BETTING_STATES = ("betting", *STOPPED_STATES)
# The events whose ``state`` says where the table came to rest (docs/events.md; the same as
# controller.events.schema.rests_in, which this package may not import).
SAYS_STATE = frozenset(("state", "reveal", "burn", "card", "betting_open"))


class TableFact(Protocol):
    """What the dealer reads of an event (controller.events.stream.TableEvent has it)."""

    @property
    def type(self) -> str: ...

    @property
    def shoe(self) -> int: ...

    @property
    def data(self) -> Mapping[str, Any]: ...


class SimulatedDealer:
    def __init__(self, sim: SimDriver) -> None:
        self.sim = sim
        self.stopped = False
        self.live_betting = False
        self.holding = False  # what the shoe was last told

    def __call__(self, event: TableFact) -> None:
        kind, data = event.type, event.data
        if kind == "shoe_started":
            self.sim.number_shoe(event.shoe, data["decks"])
            return
        if kind == "shoe_ended":
            self.sim.reshuffle()
            return
        if kind == "betting_open":
            self.live_betting = "seconds" in data  # a land table's bets are placed by hand
        elif kind == "betting_closed":
            self.live_betting = False
        elif kind not in SAYS_STATE:
            return
        state = data.get("state")
        if state is not None:
            self.stopped = state in STOPPED_STATES
            self.live_betting = self.live_betting and state in BETTING_STATES
        if self.holding != (self.stopped or self.live_betting):
            self.holding = not self.holding
            self.sim.hold_dealing(self.holding)
