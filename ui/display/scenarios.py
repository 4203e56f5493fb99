"""Scripted and simulated shoes played through a real table, for screenshots and tests.

A scenario plays a table on the ``sim://`` driver until it ends or goes quiet and returns its
events; ``events_upto`` cuts a played shoe at a chosen moment (the middle of a round).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from controller.events import facts
from controller.events.stream import TableEvent
from controller.game.profiles import Profile, load_profile
from controller.service.app import open_table
from controller.table.config import TableConfig

QUIET_SECONDS = 0.5  # a scripted table that stops dealing is done after this long


@dataclass(frozen=True)
class Scenario:
    description: str
    config: TableConfig
    # Which of the played events to show: all of them, or up to a moment.
    cut: Callable[[list[TableEvent]], list[TableEvent]] = list
    # A screen opened over the display: "help", "recall", "surveillance" or "void".
    screen: str | None = None


def before_card(round_: int, position: str) -> Callable[[list[TableEvent]], list[TableEvent]]:
    """Keep the events before the first card dealt to ``position`` from ``round_`` on: the
    table is waiting for that card."""

    def cut(events: list[TableEvent]) -> list[TableEvent]:
        for index, event in enumerate(events):
            if (isinstance(event.fact, facts.CardDealt) and event.round >= round_
                    and event.fact.position == position):
                return events[:index]
        return events

    return cut


def then(cut: Callable[[list[TableEvent]], list[TableEvent]],
         *more: facts.Fact) -> Callable[[list[TableEvent]], list[TableEvent]]:
    """After ``cut``, the events the table would send next (a misread, a reader unplugged):
    things a simulated shoe does not do on its own."""

    def cut_then(events: list[TableEvent]) -> list[TableEvent]:
        shown = cut(events)
        for fact in more:
            last = shown[-1]
            shown.append(TableEvent(last.seq + 1, last.ts, last.table, last.shoe, last.round,
                                    fact))
        return shown

    return cut_then


def betting_open(round_: int, seconds: float) -> Callable[[list[TableEvent]], list[TableEvent]]:
    """Up to the opening of ``round_``'s bets, on a live table (a countdown of ``seconds``)."""

    def cut(events: list[TableEvent]) -> list[TableEvent]:
        index = next(i for i, event in enumerate(events)
                     if isinstance(event.fact, facts.BettingOpen) and event.round == round_)
        opened = events[index]  # it says the table is at rest in betting (its ``state``)
        assert isinstance(opened.fact, facts.BettingOpen)
        return [*events[:index], opened._replace(fact=replace(opened.fact, seconds=seconds))]

    return cut


def after_result_won_by(bet: str, from_round: int
                        ) -> Callable[[list[TableEvent]], list[TableEvent]]:
    """Up to the first round from ``from_round`` on whose result ``bet`` won: its banner shows."""

    def cut(events: list[TableEvent]) -> list[TableEvent]:
        for index, event in enumerate(events):
            if (isinstance(event.fact, facts.RoundResult) and event.round >= from_round
                    and bet in event.fact.winning_bets):
                return events[: index + 1]
        return events

    return cut


SEEDED_SHOE = "sim://?seed=2024&rate=0"
# Three Dragon 7s by round 43 and a Panda 8 (round 8).
EZ_SHOE = "sim://?seed=88&rate=0"
# Nine burns take all eight aces of spades; the player's first card is dealt, then a ninth
# ace of spades cannot come from the shoe: a hold, with a card on the felt.
IMPOSSIBLE_CARD = "sim://?script=9S,AS,AS,AS,AS,AS,AS,AS,AS,2C,KD,AS&rate=0"
# The live profile with its returns watched: the surveillance panel has a shoe's exposure.
WATCHED_PROFILE = str(Path(__file__).parent / "scenario_profiles" / "live-watched.toml")
SCENARIOS = {
    "shoe": Scenario("a full simulated shoe (seed 2024), classic profile",
                     TableConfig(driver_url=SEEDED_SHOE)),
    "round": Scenario("the seeded shoe from round 40, waiting for a player's third card",
                      TableConfig(driver_url=SEEDED_SHOE), before_card(40, "player3")),
    "live": Scenario("the seeded shoe on the live profile (side bets close late)",
                     TableConfig(driver_url=SEEDED_SHOE, profile="live"),
                     before_card(62, "player2")),
    "ez": Scenario("EZ Baccarat (seed 88): round 43's Dragon 7, the roads' Dragon 7 and Panda 8 "
                   "badges", TableConfig(driver_url=EZ_SHOE, profile="ez-baccarat"),
                   after_result_won_by("dragon_7", 40)),
    "hold": Scenario("a card that cannot come from the shoe, after the player's first: the "
                     "table holds",
                     TableConfig(driver_url=IMPOSSIBLE_CARD)),
    "betting": Scenario("the live profile taking bets for round 20, its countdown running",
                        TableConfig(driver_url=SEEDED_SHOE, profile="live"),
                        betting_open(20, 15)),
    "rescan": Scenario("the reader misreads the player's third card in round 40",
                       TableConfig(driver_url=SEEDED_SHOE),
                       then(before_card(40, "player3"), facts.Misread(
                           raw="?H", raw_hex="3f48", count=1, position="player3"))),
    "disconnected": Scenario("the card reader is unplugged while round 30's bets are taken",
                             TableConfig(driver_url=SEEDED_SHOE),
                             then(before_card(30, "player1"),
                                  facts.Scanner(status="disconnected", reason="unplugged"),
                                  facts.State(state="paused", previous="betting"))),
    "help": Scenario("the operator keys (F1) over the played shoe",
                     TableConfig(driver_url=SEEDED_SHOE), screen="help"),
    "recall": Scenario("the last ten rounds (H) over the played shoe",
                       TableConfig(driver_url=SEEDED_SHOE), screen="recall"),
    "void": Scenario("the void's reason asked (V) in round 40",
                     TableConfig(driver_url=SEEDED_SHOE), before_card(40, "player3"),
                     screen="void"),
    "surveillance": Scenario("the surveillance panel (S) over the seeded shoe played on the "
                             "live profile with its returns watched, at round 70's bets",
                             TableConfig(driver_url=SEEDED_SHOE, profile=WATCHED_PROFILE),
                             before_card(70, "player1"), screen="surveillance"),
}


def play(config: TableConfig, timeout: float = 30.0) -> list[TableEvent]:
    """Play one shoe (or until the script stops dealing) and return every event."""
    events: list[TableEvent] = []
    arrived = threading.Event()

    def collect(event: TableEvent) -> None:
        events.append(event)
        arrived.set()

    # Surveillance in step with the cards: each card's returns, so a picture is the same on
    # every run.
    table = open_table(config, subscribers=(collect,), stop_after_shoes=1,
                       exposure_in_step=True)
    thread = threading.Thread(target=table.runner.run, name="scenario-runner", daemon=True)
    thread.start()
    try:
        waited = 0.0
        while thread.is_alive() and waited < timeout:
            arrived.clear()
            if not arrived.wait(QUIET_SECONDS):
                break  # nothing for a while: the script is over
            waited += QUIET_SECONDS / 10
    finally:
        table.runner.stop()
        thread.join(timeout=5)
        table.close()
    return events


def scenario_profile(name: str) -> Profile:
    return load_profile(SCENARIOS[name].config.profile)


def scenario_events(name: str) -> list[TableEvent]:
    """The events of scenario ``name``; ValueError naming the known ones otherwise."""
    if name not in SCENARIOS:
        raise ValueError(f"unknown scenario {name!r} (known: {', '.join(SCENARIOS)})")
    scenario = SCENARIOS[name]
    return scenario.cut(play(scenario.config))
