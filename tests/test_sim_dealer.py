"""The simulated shoe's dealer: it follows the table's public events (holds while live bets are
taken, in a hold or a pause; reshuffles when the shoe ends), continues its shoe after a
restart, and no event ever shows a card before it is dealt."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import controller.service.app as app
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.service.sim_dealer import SimulatedDealer
from controller.table.commands import TimerExpired
from controller.table.config import TableConfig
from drivers import open_driver
from drivers.base import CardRead, Driver, DriverEvent, EventSink
from drivers.card_codes import ALL_CODES
from drivers.custom_format import CustomFormat
from tests.support.table import ONE_DECK, Table

pytestmark = pytest.mark.timeout(120)

ROUND = "9S,KH,TC,2D"  # player 9, banker 2: two cards each
START = "3H,2S,2H,2D"  # the reveal card 3 and its three burn cards


class SimTable(Table):
    """A table on a real simulated shoe (rate 0), run by hand: what the shoe deals waits in
    ``inbox`` until ``run()`` hands it to the controller."""

    def __init__(self, script: str, **config: Any) -> None:
        super().__init__(**config)
        self.inbox: list[object] = []
        self.sim = open_driver(f"sim://?script={script}", self.inbox.append)
        self.controller.driver = self.sim
        self.bus.subscribe(SimulatedDealer(self.sim))
        self.sim.start()

    def run(self, most: int = 1000) -> None:
        """Handle what the shoe deals until it deals nothing more (or ``most`` items)."""
        for _ in range(most):
            if not self.inbox:
                return
            self.controller.handle(self.inbox.pop(0))

    def cards(self) -> list[str]:
        return [event.fields["card"] for event in self.events
                if event.type in ("reveal", "burn", "card")]


def test_live_betting_holds_the_simulated_dealer_until_the_countdown_ends() -> None:
    table = SimTable(f"{START},{ROUND}", betting="live")
    table.run()
    assert table.state == "betting" and not table.inbox and not table.of_type("card")
    table.controller.handle(TimerExpired())
    table.run()
    assert "hold" not in [event.type for event in table.events]
    assert table.last("round_result").fields["player"] == ["9S", "TC"]


def test_a_hold_stops_the_simulated_dealer_until_a_supervisor_clears_it() -> None:
    # Classic's eight decks hold eight aces of spades: the ninth puts the table on hold.
    table = SimTable(f"{START},{','.join(['AS'] * 9)},KD")
    table.run()
    assert table.state == "hold" and table.last("hold").fields["code"] == "impossible_card"
    assert "KD" not in table.cards() and not table.inbox
    table.supervisor("accept_card")
    table.run()
    assert table.cards()[-2:] == ["AS", "KD"]  # the held ace, then the next card
    assert len(table.of_type("hold")) == 1


def test_the_simulated_dealer_reshuffles_when_the_shoe_ends() -> None:
    table = SimTable(f"{START},CUT,{ROUND}")  # the cut card before round 1: one round
    table.run(most=30)
    started = table.of_type("shoe_started")
    assert [event.shoe for event in started[:2]] == [1, 2]
    assert {event.fields["by"] for event in started} == {"shoe"}
    assert table.of_type("shoe_ended")[0].seq < started[1].seq


# -- no card before it is dealt ---------------------------------------------------------------

CARD_CODE = re.compile(r"[A2-9TJQK][SHDC]")
SEED = 918273645  # unlike any count or number a table publishes


def card_codes(value: object) -> list[str]:
    """Every card code anywhere in an event's data: fields, lists, nested objects."""
    if isinstance(value, str):
        return [value] if CARD_CODE.fullmatch(value) else []
    if isinstance(value, dict):
        return [code for item in value.values() for code in card_codes(item)]
    if isinstance(value, list | tuple):
        return [code for item in value for code in card_codes(item)]
    return []


class Witness:
    """Sees what the simulated shoe deals and every event the table publishes, and records
    any event naming a card the shoe had not dealt, or the seed its order comes from."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.dealt: Counter[str] = Counter()
        self.events: list[TableEvent] = []
        self.leaks: list[str] = []
        opened = open_driver

        def open_watched(url: str, sink: EventSink, defaults: Mapping[str, str] | None = None,
                         custom: CustomFormat | None = None) -> Driver:
            def watched(item: DriverEvent) -> None:
                if isinstance(item, CardRead):
                    self.dealt[item.code] += 1
                sink(item)
            return opened(url, watched, defaults, custom)

        monkeypatch.setattr(app, "open_driver", open_watched)

    def __call__(self, event: TableEvent) -> None:
        self.events.append(event)
        # ``raw`` repeats, as read, the card the event carries.
        named = card_codes({key: value for key, value in event.fields.items() if key != "raw"})
        undealt = Counter(named) - self.dealt
        if undealt:
            self.leaks.append(f"{event.type} {event.seq} names {sorted(undealt)} before dealt")
        if str(SEED) in json.dumps(event.fields):
            self.leaks.append(f"{event.type} {event.seq} carries the seed")

    def reader_cards(self) -> list[str]:
        return [event.fields["card"] for event in self.events if event.type in (
            "reveal", "burn", "card", "hold") and event.fields.get("source") == "reader"]


def play(config: TableConfig, witness: Witness, stop_after_cards: int | None = None,
         shoes: int = 1) -> None:
    """Run the table until ``shoes`` shoes end, or until ``stop_after_cards`` cards were
    recorded in this run (then stop as a crash would: what the shoe dealt since is lost)."""
    table = app.open_table(config, subscribers=(witness,), stop_after_shoes=shoes)
    recorded = []

    def count(event: TableEvent) -> None:
        if event.type in ("reveal", "burn", "card"):
            recorded.append(event)
            if len(recorded) == stop_after_cards:
                # Right after this input, as a crash would: stop() queues behind the inputs a
                # rate-0 shoe has already put in the inbox, which a loaded machine may let
                # reach the shoe's end first.
                table.runner._stopping = True

    table.bus.subscribe(count)
    try:
        table.runner.run()
    finally:
        table.close()


@pytest.mark.parametrize("seed", [f"seed={SEED}&", ""])
def test_no_event_of_a_simulated_shoe_names_a_card_before_it_is_dealt(
    monkeypatch: pytest.MonkeyPatch, seed: str
) -> None:
    witness = Witness(monkeypatch)
    play(TableConfig(driver_url=f"sim://?{seed}misread=0.05&rate=0"), witness)
    assert [event.type for event in witness.events].count(EventType.ROUND_RESULT) > 60
    assert witness.events[-1].type in ("shoe_ended", "state")
    assert witness.leaks == []


@pytest.mark.parametrize("seed", [f"seed={SEED}&", ""])
def test_a_restarted_simulated_shoe_carries_on_with_the_cards_still_in_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seed: str) -> None:
    config = replace(TableConfig(driver_url=f"sim://?{seed}cut=20&rate=0", profile=ONE_DECK),
                     journal_path=str(tmp_path / "table.db"))
    witness = Witness(monkeypatch)
    for stop_after_cards in (9, 14, 1, None):  # three restarts mid-shoe, then to its end
        play(config, witness, stop_after_cards)
    assert witness.leaks == []
    assert [event.shoe for event in witness.events if event.type == "shoe_started"] == [1]
    cards = witness.reader_cards()
    assert Counter(cards) <= Counter(ALL_CODES)  # one deck: no card twice
    kinds = [event.type for event in witness.events]
    before_cut = witness.events[:kinds.index(EventType.CUT_CARD)]
    assert len([event for event in before_cut if event.type in ("reveal", "burn", "card")]) == 32


def test_a_seeded_shoe_restarted_between_and_within_shoes_deals_what_it_would_have(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"sim://?seed={SEED}&cut=20&rate=0"
    straight = Witness(monkeypatch)
    play(TableConfig(driver_url=url, profile=ONE_DECK, journal_path=str(tmp_path / "straight.db")),
         straight, shoes=3)
    config = TableConfig(driver_url=url, profile=ONE_DECK, journal_path=str(tmp_path / "table.db"))
    restarted = Witness(monkeypatch)
    # Shoe 1 interrupted, shoe 2 whole (a restart before and after it), shoe 3 interrupted.
    for stop_after_cards in (5, None, None, 12, None):
        play(config, restarted, stop_after_cards)
    assert restarted.reader_cards() == straight.reader_cards()
    assert [event.shoe for event in restarted.events if event.type == "shoe_started"] == [
        1, 2, 3]


# -- the shoe's decks: the profile's, everywhere ----------------------------------------------

def test_a_sim_url_whose_decks_conflict_with_the_profiles_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str]
) -> None:
    from ui.cli import main

    assert main(["run", "--headless", "--driver", "sim://?decks=2&rate=0", "--shoes", "1"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error
    assert "decks=2 conflicts with the profile's decks = 8 (classic.toml)" in error


@pytest.mark.parametrize("seed", [f"seed={SEED}&", ""])
def test_a_shoe_restarted_under_a_profile_of_other_decks_is_dealt_with_its_own(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, seed: str) -> None:
    """Shoe 1 started on one deck; the table restarts under an eight-deck profile: shoe 1
    keeps its one deck to its end (as every event counts it), shoe 2 has eight."""
    journal = str(tmp_path / "table.db")
    # The cut card 32 cards in, so the first run's nine cards stop inside shoe 1 whatever the
    # shuffle (a random cut in a one-deck shoe may come out after its first round).
    url = f"sim://?{seed}cut=20&rate=0"
    witness = Witness(monkeypatch)
    play(TableConfig(driver_url=url, profile=ONE_DECK, journal_path=journal), witness, 9)
    play(TableConfig(driver_url=url, journal_path=journal), witness, shoes=2)
    assert witness.leaks == []
    assert "hold" not in [event.type for event in witness.events]
    started = [event for event in witness.events if event.type == "shoe_started"]
    assert [(event.shoe, event.fields["decks"]) for event in started] == [(1, 1), (2, 8)]
    for shoe, decks in ((1, 1), (2, 8)):
        cards = Counter(event.fields["card"] for event in witness.events if event.shoe == shoe
                        and event.type in ("reveal", "burn", "card"))
        assert max(cards.values()) <= decks
        assert sum(cards.values()) > (decks - 1) * 52  # the shoe's own size, dealt to its cut
