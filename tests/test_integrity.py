"""Shoe integrity: carried runs, repeated shoes and impossible compositions found in the dealt
order; none on ordinary shuffled shoes."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from controller.events import facts
from controller.events.codec import encode
from controller.events.due import FactDue
from controller.journal import Journal
from controller.service.app import open_table
from controller.surveillance.integrity import IntegrityDetector
from controller.surveillance.run_chance import carried_run_chance
from controller.table.config import TableConfig
from drivers.card_codes import CUT
from drivers.shoe_order import build_shoe, shoe_random
from tests.support.surveillance import LUCKY_SIX_PROFILE, run_watched_table
from tests.support.table import Table
from tests.test_emulator_cli import play_to_the_end
from tests.test_restart_keeps_the_past import deal as deal_cards

DECKS = 8


def shoe(seed: int, number: int) -> list[str]:
    return [item for item in build_shoe(DECKS, shoe_random(seed, number)) if item != CUT]


def deal(detector: IntegrityDetector, number: int,
         order: list[str]) -> list[facts.IntegrityAlert]:
    detector.new_shoe(number, DECKS)
    return [alert for card in order for alert in detector.card(card)]


def test_200_seeded_shuffled_shoes_raise_no_integrity_alert() -> None:
    detector = IntegrityDetector(DECKS)
    alerts = [alert for number in range(1, 201) for alert in deal(detector, number, shoe(26,
                                                                                          number))]
    assert alerts == []
    # ... and each shoe's longest carried run is short, as the computed chance says.
    assert detector.longest is not None and detector.longest.cards < 8


@pytest.mark.parametrize("length", [16, 24, 40])
@pytest.mark.parametrize("is_reversed", [False, True])
def test_a_slug_carried_from_the_last_shoe_is_found_where_it_is(length: int,
                                                                is_reversed: bool) -> None:
    rng = random.Random(f"slug:{length}:{is_reversed}")
    detector = IntegrityDetector(DECKS)
    last = shoe(7, 1)
    deal(detector, 1, last)
    start = rng.randrange(len(last) - length)
    slug = last[start:start + length]
    if is_reversed:
        slug.reverse()
    fresh = shoe(7, 2)
    at = rng.randrange(len(fresh) - length)
    order = fresh[:at] + slug + fresh[at + length:]
    alerts = deal(detector, 2, order)
    carried = [a for a in alerts if a.kind == "carried_run"]
    assert len(carried) == 1
    (alert,) = carried
    assert (alert.earlier_shoe, alert.first_card, alert.cards, alert.reversed) == (
        1, at + 1, 16, is_reversed)
    assert alert.earlier_first_card == (start + length if is_reversed else start + 1)
    summary = detector.summary()
    assert summary.longest_run >= length and summary.longest_run_shoe == 1
    assert float(summary.chance) < 1e-15


def test_a_replayed_shoe_is_a_repeated_shoe_after_30_cards() -> None:
    detector = IntegrityDetector(DECKS)
    order = shoe(3, 1)
    deal(detector, 1, order)
    detector.new_shoe(2, DECKS)
    kinds = [(len(detector.order), a.kind) for card in order[:40] for a in detector.card(card)]
    assert kinds == [(16, "carried_run"), (30, "repeated_shoe")]


def test_a_shoe_from_ten_shoes_ago_is_still_compared_and_eleven_is_not() -> None:
    detector = IntegrityDetector(DECKS, compare_shoes=10)
    old = shoe(5, 1)
    deal(detector, 1, old)
    for number in range(2, 11):
        deal(detector, number, shoe(5, number))
    assert [a.earlier_shoe for a in deal(detector, 11, old[:20])] == [1]
    assert deal(detector, 12, shoe(5, 12)) == []
    assert [a.earlier_shoe for a in deal(detector, 13, old[:20])] == [11]


def test_more_of_a_card_than_the_decks_hold_is_a_composition_alert() -> None:
    detector = IntegrityDetector(DECKS)
    detector.new_shoe(1, DECKS)
    alerts = [a for _ in range(DECKS + 1) for a in detector.card("QH")]
    assert [(a.kind, a.card, a.cards, a.first_card) for a in alerts] == [
        ("composition", "QH", 9, 9)]
    summary = detector.summary()
    assert summary.ranks["Q"] == 9 and summary.suits["H"] == 9 and summary.per_rank == 32


def test_the_chance_of_a_carried_run_matches_a_simulation() -> None:
    # Against one earlier shoe, either way: a run of 4 or more in about 4.5 % of random pairs,
    # one of 3 or more in about 91 %.
    rng = random.Random(1)
    pairs = 100
    longest = []
    for _ in range(pairs):
        detector = IntegrityDetector(DECKS, compare_shoes=1)
        deal(detector, 1, shoe(rng.randrange(10**9), 1))
        deal(detector, 2, shoe(rng.randrange(10**9), 2))
        assert detector.longest is not None
        longest.append(detector.longest.cards)
    for cards in (3, 4):
        share = sum(length >= cards for length in longest) / pairs
        assert share == pytest.approx(carried_run_chance(cards, 416, 416, 1), abs=0.08)


@pytest.mark.timeout(120)
def test_slugs_of_16_24_and_40_cards_fed_through_a_real_pty_are_all_found(tmp_path: Path) -> None:
    rng = random.Random("slugs through a pty")
    last, order = shoe(11, 1), shoe(11, 2)
    slugs = []  # (where in this shoe, where in the last, length), one in each third
    for third, length in enumerate((16, 24, 40)):
        at = third * 138 + rng.randrange(138 - length)
        start = rng.randrange(len(last) - length)
        order[at:at + length] = last[start:start + length]
        slugs.append((at + 1, start + 1, length))
    link = tmp_path / "shoe"
    emulator = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "emulate-shoe", "--protocol", "shoe", "--interval",
         "0", "--link", str(link), "--script", ",".join(order)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert emulator.stdout is not None
        assert emulator.stdout.readline().startswith("/dev/pts/")
        read = [item for item in play_to_the_end(link, "shoe") if item not in ("NEW", CUT)]
    finally:
        emulator.wait(10)
    assert read == order  # every card came through the serial driver
    detector = IntegrityDetector(DECKS)
    deal(detector, 1, last)
    alerts = [a for a in deal(detector, 2, read) if a.kind == "carried_run"]
    assert [(a.first_card, a.earlier_first_card) for a in alerts] == [
        (at, start) for at, start, _ in slugs]
    assert detector.summary().longest_run >= 40


def test_a_real_table_journals_each_shoes_integrity_and_no_alert_on_shuffled_shoes(
        tmp_path: Path) -> None:
    journal, events = run_watched_table(tmp_path, seed=9, shoes=3)
    assert not [e for e in events if e.type == "integrity_alert"]
    summaries = {e.fields["shoe"]: e.fields for e in events if e.type == "shoe_integrity"}
    assert [summaries[shoe]["compared_shoes"] for shoe in (1, 2, 3)] == [[], [1], [2, 1]]
    second = summaries[2]
    assert 0 < second["longest_run"] < 8 and second["longest_run_shoe"] == 1
    assert sum(second["ranks"].values()) == second["cards"] == sum(second["suits"].values())
    assert second["per_rank"] == 32 and 0 < float(second["chance"]) <= 1
    # shoe-report prints it as the shoe's integrity section.
    page = tmp_path / "report.html"
    shown = subprocess.run(
        [sys.executable, "-m", "ui.cli", "shoe-report", "--journal", str(journal), "--shoe",
         "2", "--out", str(page)], capture_output=True, text=True, timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert shown.returncode == 0, shown.stderr
    text = page.read_text()
    assert "<h2>Integrity</h2>" in text
    assert (f"Longest carried run: {second['longest_run']} cards, from shoe 1"
            f"{' reversed' if second['longest_run_reversed'] else ''}; chance of one that "
            f"long by chance: {second['chance']}") in text
    assert "No integrity alert." in text and "(the decks hold 32 each)" in text


def test_a_summary_lost_to_a_kill_at_the_shoes_end_is_made_at_the_next_start(
        tmp_path: Path) -> None:
    # The journal a kill leaves the moment shoe_ended is written: the shoe, its end, no summary
    # (the hand-driven table runs no integrity check, as a killed one never got to).
    journal = tmp_path / "journal.sqlite3"
    dealt = Table(profile=LUCKY_SIX_PROFILE)
    store = Journal.open(journal)
    dealt.bus.store = store
    dealt.start_shoe(reveal="3H", burns="4S 4H 4D")
    deal_cards(dealt, "9S KH TC 2D")
    # An alert the killed table raised, comparing with a shoe it dealt before (the restarted
    # one has no earlier shoe to find it again): the summary lists it all the same.
    carried = facts.IntegrityAlert(kind="carried_run", earlier_shoe=7, first_card=1,
                                   earlier_first_card=30, cards=8, card=None, reversed=False)
    dealt.controller.handle(FactDue(carried, shoe=1))
    deal_cards(dealt, "2S 3C CUT 5H 4C")
    assert dealt.state == "shoe_ended"
    store.close()
    config = TableConfig(table_id="test-table", profile=LUCKY_SIX_PROFILE,
                         journal_path=str(journal), driver_url="sim://?script=CUT")
    table = open_table(config, exposure=False)  # the restart
    assert table.integrity is not None and table.integrity.idle(60)
    table.runner.stop()
    table.run()  # takes what is queued, then stops and closes
    with Journal.open(journal) as reopened:
        summaries = [e.fields for e in reopened.events() if e.type == "shoe_integrity"]
        known = [e for e in reopened.iter_events(1) if e.type in ("reveal", "burn", "card")]
    assert [(s["shoe"], s["cards"]) for s in summaries] == [(1, len(known))] == [(1, 12)]
    assert summaries[0]["ranks"]["4"] == 4 and summaries[0]["per_rank"] == 4
    assert summaries[0]["alerts"] == [encode(carried)]
