"""Restarts that must not change the past: a shoe in play keeps the exact rules it started
with (the profile file edited mid-shoe applies from the next shoe), and the supervisor
lockout survives a shoe's end and a restart. Every restart here is a real one: the journal is
a SQLite file, closed and opened again by ``open_table``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from controller.events.facts import ShoeStarted
from controller.events.stream import TableEvent
from controller.game.profiles import (
    load_profile,
    profile_from_terms,
    shipped_profiles,
)
from controller.journal import Journal, JournalError
from controller.service.app import Table as OpenTable
from controller.service.app import open_table
from controller.table.commands import Action, Command
from controller.table.config import TableConfig
from controller.table.restart import replay_checked
from controller.table.runner import TableRunner
from drivers.base import CardRead, CutCardSeen
from tests.support.table import PIN, PIN_HASH, Table
from ui.cli import main

SITE = """\
name = "site"
decks = {decks}
commission = "5%"

[limits]
min = "1"
max = "500"

[bets]
player = {{ pays = "1:1" }}
banker = {{ pays = "1:1" }}
tie = {{ pays = "{tie}" }}
player_pair = {{ pays = "11:1", max = "50" }}
"""
START = "3H 2S 2H 2D"  # the reveal card 3 and its three burn cards
ROUND = "9S KH TC 2D"  # player 9S TC = 9, banker KH 2D = 2
TIE = "9S TC KH 9D"  # player 9S KH = 9, banker TC 9D = 9


def site_profile(folder: Path, decks: int = 8, tie: str = "8:1") -> Path:
    path = folder / "site.toml"
    path.write_text(SITE.format(decks=decks, tie=tie), encoding="utf-8")
    return path


def deal(table: Table | OpenTable, codes: str) -> None:
    for code in codes.split():
        item = CutCardSeen() if code == "CUT" else CardRead(code, code.encode())
        table.controller.handle(item)


def supervisor(table: Table | OpenTable, action: str, **fields: Any) -> None:
    table.controller.handle(Command(Action(action), by="sup", pin=PIN, **fields))


def journaled(journal: Path, profile: Path, *steps: str) -> None:
    """A table on ``profile`` that plays ``steps`` (cards) into ``journal``, then stops."""
    table = Table(profile=str(profile))
    store = Journal.open(journal)
    table.bus.store = store
    table.new_shoe()
    for codes in steps:
        deal(table, codes)
    store.close()


def restarted(journal: Path, profile: Path) -> OpenTable:
    """The table started again on the same journal and profile file (a real restart), its
    monotonic clock standing still."""
    config = TableConfig(table_id="test-table", profile=str(profile), journal_path=str(journal),
                         pin_hash=PIN_HASH, driver_url="sim://?script=CUT")
    return open_table(config, exposure=False, clock=lambda: 5000.0)


def of_type(journal: Path, kind: str) -> list[TableEvent]:
    with Journal.open(journal) as store:
        return [event for event in store.events() if event.type == kind]


# -- 5: the profile file edited in place mid-shoe (8 decks -> 1) ------------------------------

def test_a_deck_count_edited_mid_shoe_leaves_the_shoe_in_play_where_it_was(tmp_path: Path) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path)
    # Six rounds of the same four cards: more of a kind than one deck holds.
    journaled(journal, profile, START, *[ROUND] * 6)
    site_profile(tmp_path, decks=1)
    table = restarted(journal, profile)
    try:
        controller = table.controller
        assert (controller.shoe_number, controller.round_number, controller.state) == (
            1, 7, "betting")
        assert controller.profile.decks == 8 and not controller.stops.held
        deal(table, "9S KH")  # round 7 goes on under the shoe's own 8 decks
        supervisor(table, "void_round", reason="misdeal")
        supervisor(table, "new_shoe", reason="end of session")
        assert controller.state == "shoe_ended"
        table.controller.handle(Command(Action.NEW_SHOE))
        assert controller.profile.decks == 1  # the edited file, from the next shoe
    finally:
        table.close()
    (change,) = of_type(journal, "config_changed")
    assert change.fields["applies_from"] == "next shoe"
    assert change.fields["before"]["profile_terms"]["decks"] == 8
    assert change.fields["after"]["profile_terms"]["decks"] == 1
    assert [event.round for event in of_type(journal, "round_voided")] == [7]
    assert [event.fields["decks"] for event in of_type(journal, "shoe_started")] == [8, 1]


def test_voids_after_restarts_on_the_edited_file_never_stop_the_table(tmp_path: Path) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path)
    journaled(journal, profile, START, *[ROUND] * 6)
    site_profile(tmp_path, decks=1)
    for round_number in (7, 8, 9):
        table = restarted(journal, profile)
        try:
            assert table.controller.round_number == round_number
            assert table.controller.profile.decks == 8
            deal(table, "9S KH")
            supervisor(table, "void_round", reason="misdeal")
        finally:
            table.close()
    assert [event.round for event in of_type(journal, "round_voided")] == [7, 8, 9]


# -- 6: a pay edited mid-shoe -----------------------------------------------------------------

def test_a_pay_edited_mid_shoe_applies_from_the_next_shoe_and_is_recorded(tmp_path: Path) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path, tie="8:1")
    journaled(journal, profile, START, ROUND)
    site_profile(tmp_path, tie="9:1")
    table = restarted(journal, profile)
    try:
        deal(table, TIE)  # round 2 of the shoe in play
        supervisor(table, "new_shoe", reason="end of session")
        table.controller.handle(Command(Action.NEW_SHOE))
        deal(table, START + " " + TIE)  # round 1 of the next shoe
    finally:
        table.close()
    first, second = (event.fields["pays"] for event in of_type(journal, "round_result")[1:])
    assert first["tie"] == "8:1" and second["tie"] == "9:1"
    (change,) = of_type(journal, "config_changed")
    assert change.fields["applies_from"] == "next shoe"
    assert change.fields["before"]["profile"] == change.fields["after"]["profile"] == "site"
    before, after = (change.fields[side]["profile_terms"] for side in ("before", "after"))
    assert [bet["pays"] for bet in before["bets"] if bet["bet"] == "tie"] == [{"pays": "8:1"}]
    assert [bet["pays"] for bet in after["bets"] if bet["bet"] == "tie"] == [{"pays": "9:1"}]


def test_a_profile_written_another_way_with_the_same_terms_records_no_change(
        tmp_path: Path) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path)
    journaled(journal, profile, START, ROUND)
    same = profile.read_text().replace('"8:1"', '"8.0:1"').replace('"5%"', '"5.00%"')
    profile.write_text("# a comment added, the same terms spelt otherwise\n" + same)
    restarted(journal, profile).close()
    assert not of_type(journal, "config_changed")


def test_a_shoe_in_play_needs_no_profile_file_at_restart(tmp_path: Path) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path, tie="8:1")
    journaled(journal, profile, START, ROUND)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = site_profile(elsewhere, tie="9:1")
    profile.unlink()
    table = restarted(journal, moved)  # the config now names another file
    try:
        deal(table, TIE)
    finally:
        table.close()
    assert of_type(journal, "round_result")[-1].fields["pays"]["tie"] == "8:1"


@pytest.mark.parametrize("name", shipped_profiles())
def test_the_recorded_terms_rebuild_each_shipped_profile_exactly(name: str) -> None:
    profile = load_profile(name)
    rebuilt = profile_from_terms(profile.terms(), profile.source)
    assert rebuilt == profile and list(rebuilt.bets) == list(profile.bets)


def test_a_journal_from_before_the_terms_replays_under_the_file_only_if_it_still_fits(
        tmp_path: Path) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path)
    journaled(journal, profile, START, *[ROUND] * 5)
    with Journal.open(journal) as store:  # as an older table wrote it: no profile_terms
        events = [event._replace(fact=replace(event.fact, profile_terms=None))
                  if isinstance(event.fact, ShoeStarted) else event for event in store.events()]
        twin = Table(profile=str(profile))
        replay_checked(twin.controller, events, store)
        assert twin.controller.round_number == 6
        site_profile(tmp_path, decks=1)
        twin = Table(profile=str(profile))
        with pytest.raises(JournalError) as refused:
            replay_checked(twin.controller, events, store)
    assert refused.value.reason.startswith(
        f"shoe 1 started with 8 decks under profile 'site'; {profile} now says decks = 1")
    assert refused.value.advice.startswith("put the profile file back as it was")


# -- 7: the supervisor lockout across a shoe's end and a restart; an empty PIN ----------------

def _wrong_pins(table: OpenTable | Table, count: int) -> None:
    for _ in range(count):
        table.controller.handle(Command(Action.CLEAR_ROADS, by="guesser", pin="0000"))


def across_a_shoe_end(folder: Path, before_end: Callable[[OpenTable], None],
                      after_restart: Callable[[OpenTable], None]) -> Path:
    """A shoe with ``before_end`` done in its last round, a restart once it ended, then
    ``after_restart``: the journal."""
    journal, profile = folder / "table.db", site_profile(folder)
    table = restarted(journal, profile)
    try:
        table.controller.handle(Command(Action.NEW_SHOE))
        deal(table, START + " CUT")
        before_end(table)
        deal(table, ROUND)  # the last round: the shoe ends
        assert table.controller.state == "shoe_ended"
    finally:
        table.close()
    table = restarted(journal, profile)
    try:
        after_restart(table)
    finally:
        table.close()
    return journal


def test_a_lockout_started_before_the_shoe_ended_survives_a_restart(tmp_path: Path) -> None:
    journal = across_a_shoe_end(tmp_path, lambda table: _wrong_pins(table, 5),
                                lambda table: supervisor(table, "clear_roads"))
    refused = of_type(journal, "action_refused")[-1].fields
    assert refused["by"] == "sup" and "locked" in refused["reason"]
    assert len(of_type(journal, "roads_cleared")) == 1  # the new shoe's only


def test_wrong_pins_before_the_shoe_ended_still_count_after_a_restart(tmp_path: Path) -> None:
    def fifth_then_right(table: OpenTable) -> None:
        _wrong_pins(table, 1)  # the fifth in a row
        supervisor(table, "clear_roads")

    journal = across_a_shoe_end(tmp_path, lambda table: _wrong_pins(table, 4), fifth_then_right)
    assert of_type(journal, "action_refused")[-2].fields.get("locked_until") is not None
    assert "locked" in of_type(journal, "action_refused")[-1].fields["reason"]


def test_a_right_pin_before_the_shoe_ended_ends_the_run_of_wrong_ones(tmp_path: Path) -> None:
    def four_then_right(table: OpenTable) -> None:
        _wrong_pins(table, 4)
        supervisor(table, "clear_roads")

    journal = across_a_shoe_end(tmp_path, four_then_right, four_then_right)
    assert of_type(journal, "operator_action")[-1].fields["action"] == "clear_roads"
    assert not any("locked_until" in event.fields for event in of_type(journal, "action_refused"))


@pytest.mark.parametrize("blank", ["", "   "])
def test_an_empty_pin_is_refused_for_what_it_is_and_never_counted(blank: str) -> None:
    table = Table()
    table.start_shoe()
    runner = TableRunner(table.controller)
    for _ in range(10):  # as typed: ``clear pin=`` in headless mode, OK on an empty PIN dialog
        runner.submit(Command(Action.CLEAR_ROADS, by="sup", pin=blank))
    runner.submit(Command(Action.CLEAR_ROADS, by="sup", pin=PIN))
    runner.stop()
    runner.run()
    refusals = table.of_type("action_refused")
    assert len(refusals) == 10
    for refusal in refusals:
        assert refusal.fields["reason"].startswith("empty PIN")
        assert "wrong_pin" not in refusal.fields
    assert table.last("operator_action").fields["action"] == "clear_roads"


# -- the net: a replay that would not come back to where the journal stopped -----------------

def test_a_replay_that_cannot_come_back_to_the_journals_round_refuses_to_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal, profile = tmp_path / "table.db", site_profile(tmp_path)
    journaled(journal, profile, START, *[ROUND] * 3)  # the burn cards were read
    rows_before = len(of_type(journal, "round_result"))
    config = tmp_path / "table.toml"
    config.write_text(f'[table]\nid = "test-table"\nprofile = "{profile}"\nburn_scanned = false\n'
                      f'[journal]\npath = "{journal}"\n', encoding="utf-8")
    assert main(["run", "--headless", "--config", str(config), "--driver", "sim://?script=CUT",
                 "--shoes", "1"]) == 3
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1 and "the table refuses to play" in error[0]
    assert "comes to shoe 1 round 0, but it goes on to shoe 1 round 4" in error[0]
    assert len(of_type(journal, "round_result")) == rows_before
    assert not of_type(journal, "config_changed")
