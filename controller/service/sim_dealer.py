"""The simulated shoe's dealer: it watches the table's public events, as a dealer watches
the table, and deals or waits accordingly.

``SimulatedDealer(driver)`` is an event-bus subscriber, attached for every driver: it tells the
driver what the table did (drivers.base.Driver: ``number_shoe``, ``reshuffle``,
``hold_dealing``), which only a device that deals by itself acts on. It holds the simulated
shoe

- while live betting is open (``betting_open`` with ``seconds`` until ``betting_closed``),
- while the table is in a hold or paused (the state it comes to rest in),

numbers its shoes as the table does (``shoe_started``) and reshuffles when a shoe ends
(``shoe_ended``). Fed the journal's events at a restart, it is where the table is.
"""

from __future__ import annotations

from controller.events import facts
from controller.events.facts import rests_in
from controller.events.states import BETTING_OR_STOPPED, STOPPED
from controller.events.stream import TableEvent
from drivers.base import Driver


class SimulatedDealer:
    def __init__(self, sim: Driver) -> None:
        self.sim = sim
        self.stopped = False
        self.live_betting = False
        self.holding = False  # what the shoe was last told

    def __call__(self, event: TableEvent) -> None:
        match event.fact:
            case facts.ShoeStarted():
                self.sim.number_shoe(event.shoe, event.fact.decks)
                return
            case facts.ShoeEnded():
                self.sim.reshuffle()
                return
            case facts.BettingOpen(seconds=seconds):
                self.live_betting = seconds is not None  # a land table's bets are placed by hand
            case facts.BettingClosed():
                self.live_betting = False
        state = rests_in(event.fact)
        if state is not None:
            self.stopped = state in STOPPED
            # Betting stays open through a hold or a pause; any other state means it is over,
            # whether or not ``betting_closed`` said so.
            self.live_betting = self.live_betting and state in BETTING_OR_STOPPED
        if self.holding != (self.stopped or self.live_betting):
            self.holding = not self.holding
            self.sim.hold_dealing(self.holding)
