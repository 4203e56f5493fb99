"""Surveillance: each bet's exact return from the shoe that is left, published off the card
path; alerts and auto-closure at the right round; unknown burns; scanner health."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import cast

import pytest

from controller.events import facts
from controller.events.codec import check_values, decode
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.game.cards import RANK_POINTS
from controller.game.profiles import ProfileError, SurveillanceTerms, load_profile, parse_profile
from controller.journal import Journal
from controller.service.app import open_table
from controller.surveillance.exposure import ExposureComputed, ExposureWatch
from controller.surveillance.worker import ExposureWorker, ShoeSnapshot, SurveillanceSubscriber
from controller.table.commands import Action, Command
from controller.table.config import TableConfig
from controller.table.controller import TableController
from controller.table.recovery import replay
from controller.view.scanner_health import ScannerHealth
from drivers.base import CardRead, Misread
from tests.support.surveillance import (
    LUCKY_SIX_PROFILE,
    ORDER,
    SurveilledTable,
    engine_rtp,
    known_cards,
    run_watched_table,
)


@pytest.fixture
def table() -> Iterator[SurveilledTable]:
    table = SurveilledTable()
    yield table
    table.close()


def test_each_exposure_equals_the_odds_engine_for_the_cards_known_out(
    table: SurveilledTable
) -> None:
    table.new_shoe()
    for code in ORDER:
        table.deal(code)
        exposure = table.last("exposure")
        before = table.events[: table.events.index(exposure)]
        removed = known_cards(before)
        assert exposure.fields["cards_left"] == 52 - len(removed)
        assert {bet: Decimal(rtp) for bet, rtp in exposure.fields["rtp"].items()} == engine_rtp(
            table.controller.profile, removed)
        # It follows the card it was computed for: every card has its exposure.
        assert removed[-1] == code
    assert [e.fields["cards_left"] for e in table.of_type("exposure")] == list(
        range(52, 52 - len(ORDER) - 1, -1))


def _round_of_first_betting_closed_after(table: SurveilledTable, event: TableEvent) -> int:
    after = table.events[table.events.index(event):]
    return next(e for e in after if e.type == "betting_closed").round


def _watched_profile(tmp_path: Path, extra: str) -> str:
    path = tmp_path / "watched.toml"
    path.write_text(Path(LUCKY_SIX_PROFILE).read_text() + extra)
    return str(path)


def test_lucky_six_alert_and_auto_close_fire_at_the_right_round_and_clear_again(
    tmp_path: Path
) -> None:
    # Cleared once the return stayed under 1 - 0.005 for 3 cards (one deck has few to spare).
    table = SurveilledTable(_watched_profile(tmp_path, "clear_cards = 3\n"))
    try:
        _check_lucky_six_alert_and_closure(table)
    finally:
        table.close()


def _check_lucky_six_alert_and_closure(table: SurveilledTable) -> None:
    profile = table.controller.profile
    table.new_shoe()
    removed: list[str] = []
    crossed_up = crossed_down = None
    below_for = 0  # cards in a row with the return under the threshold less the margin
    for code in ORDER:
        table.deal(code)
        removed.append(code)
        rtp = engine_rtp(profile, removed)["lucky_six"]
        below_for = below_for + 1 if rtp < Decimal("0.995") else 0
        if rtp > Decimal(1) and crossed_up is None:
            crossed_up = len(table.events)
        elif below_for > 3 and crossed_up is not None and crossed_down is None:
            crossed_down = len(table.events)
    assert crossed_up is not None and crossed_down is not None
    raised, cleared = [e for e in table.of_type("exposure_alert") if e.fields["bet"] == "lucky_six"]
    assert (raised.fields["bet"], raised.fields["state"], raised.fields["closed"]) == (
        "lucky_six", "raised", True)
    assert Decimal(raised.fields["rtp"]) > 1 and raised.fields["alert_rtp"] == "1.0"
    assert (cleared.fields["bet"], cleared.fields["state"]) == ("lucky_six", "cleared")
    # Raised by the card that pushed it over, cleared by the third card after the one that
    # took it under the margin (not before: the alert does not flap).
    assert table.events.index(raised) < crossed_up
    clearing_card = max(i for i, e in enumerate(table.events[:crossed_down])
                        if e.type in ("reveal", "burn", "card"))
    assert clearing_card < table.events.index(cleared) < crossed_down
    first_closed = _round_of_first_betting_closed_after(table, raised)
    first_open_again = _round_of_first_betting_closed_after(table, cleared)
    for result in table.of_type("round_result"):
        closed = first_closed <= result.round < first_open_again
        assert (result.fields["bets"]["lucky_six"]["outcome"] == "closed") == closed, result.round
        assert "lucky_six" not in result.fields["winning_bets"] or not closed
    for betting_closed in table.of_type("betting_closed"):
        closed = first_closed <= betting_closed.round < first_open_again
        assert ("lucky_six" in betting_closed.fields["closed_bets"]) == closed
    assert first_open_again > first_closed
    for event in table.events:
        check_values(event.type, event.fields)


def test_without_auto_close_the_alert_is_raised_but_the_bet_stays_open(tmp_path: Path) -> None:
    text = Path(LUCKY_SIX_PROFILE).read_text().replace(
        "auto_close = true", "auto_close = false")
    path = tmp_path / "watched.toml"
    path.write_text(text)
    table = SurveilledTable(str(path))
    try:
        table.new_shoe()
        table.deal(" ".join(ORDER[:30]))  # no six out yet
        alerts = [e for e in table.of_type("exposure_alert") if e.fields["bet"] == "lucky_six"]
        assert [e.fields["state"] for e in alerts] == ["raised"]
        assert alerts[0].fields["closed"] is False
        assert all(r.fields["bets"]["lucky_six"]["outcome"] != "closed"
                   for r in table.of_type("round_result"))
    finally:
        table.close()


def test_unread_burn_cards_stay_in_the_composition() -> None:
    table = SurveilledTable(burn_scanned=False)
    try:
        table.new_shoe()
        table.deal("9S")  # nine burns, which the scanner does not see
        table.command("confirm_burn")
        assert [e.fields["card"] for e in table.of_type("burn")] == [None] * 9
        table.deal("2H 3D")
        exposures = table.of_type("exposure")
        # After the burns the shoe is as after the reveal card: nothing was guessed.
        assert exposures[-1].fields["cards_left"] == 49
        assert {bet: Decimal(v) for bet, v in exposures[-1].fields["rtp"].items()} == engine_rtp(
            table.controller.profile, ["9S", "2H", "3D"])
    finally:
        table.close()


def test_an_exposure_for_a_shoe_since_ended_is_not_published(table: SurveilledTable) -> None:
    table.new_shoe()
    table.deal("AS 2C")
    stale = table.submitted
    table.supervisor("new_shoe", reason="test")
    table.controller.handle(ExposureComputed(1, 50, {"lucky_six": Decimal("1.5")}))
    assert stale == [] and not table.of_type("exposure_alert")


def test_a_replay_of_the_journal_closes_the_same_bets(table: SurveilledTable) -> None:
    table.new_shoe()
    table.deal(" ".join(ORDER[:30]))
    assert "lucky_six" in table.controller.rounds.exposure_watch.closed
    twin = TableController(table.config, table.controller.profile, table.bus.__class__("t"))
    replay(twin, table.events)
    assert twin.rounds.exposure_watch.raised == table.controller.rounds.exposure_watch.raised
    assert twin.rounds.exposure_watch.closed == table.controller.rounds.exposure_watch.closed


def test_misreads_above_the_profile_level_raise_a_scanner_alert(table: SurveilledTable) -> None:
    table.new_shoe()
    table.deal("AS 2C 3C")
    table.controller.handle(Misread(b"\x16??"))
    table.settle()
    assert not table.of_type("scanner_alert")  # 1 per 100 cards is the level, not above it
    table.controller.handle(Misread(b"\x16!!"))
    table.settle()
    table.deal("4C")
    (alert,) = table.of_type("scanner_alert")
    assert alert.fields == {"misreads": 2, "cards": 3, "per_hundred": "2.00", "level": "1"}


def test_a_surveillance_table_with_a_bad_value_is_refused_naming_the_key() -> None:
    base = 'name = "x"\ndecks = 8\ncommission = "5%"\n[limits]\nmin = "1"\nmax = "10"\n' \
           '[bets]\nplayer = { pays = "1:1" }\n[surveillance]\n'
    with pytest.raises(ProfileError, match=r"site.toml: surveillance.alert_rtp = '3': expected a "
                       r"number .* 0.5 to 2"):
        parse_profile(base + 'alert_rtp = "3"\n', "site.toml")
    with pytest.raises(ProfileError,
                       match=r"surveillance\.auto_close = 'yes': expected true or false"):
        parse_profile(base + 'auto_close = "yes"\n', "site.toml")
    with pytest.raises(ProfileError, match=r"surveillance\.alert: unknown key"):
        parse_profile(base + 'alert = "1"\n', "site.toml")
    terms = parse_profile(base + 'misread_alert_per_100 = 3\n', "site.toml").surveillance
    assert terms is not None
    assert (terms.alert_rtp, terms.auto_close, terms.misread_alert_per_100) == (
        Decimal(1), False, Decimal(3))
    assert parse_profile(base.removesuffix("[surveillance]\n"), "x").surveillance is None


def test_a_profile_without_surveillance_publishes_no_exposure() -> None:
    table = SurveilledTable("classic")
    try:
        table.new_shoe()
        table.deal("AS 2C 3C 4C 5C 6C 7C")
        table.controller.handle(Misread(b"??"))
        table.controller.handle(Misread(b"??"))
        table.settle()
        assert not {"exposure", "exposure_alert", "scanner_alert"} & {
            e.type for e in table.events}
    finally:
        table.close()


def test_the_scripted_order_is_one_deck_of_real_cards() -> None:
    assert len(set(ORDER)) == len(ORDER) and all(c[0] in RANK_POINTS for c in ORDER)


def test_a_running_table_journals_each_exposure_in_order_off_the_card_path(tmp_path: Path) -> None:
    """A whole 8-deck shoe from the simulated shoe, dealt as fast as it goes, through
    ``open_table``, the worker and the runner's queue: every exposure in the journal, numbered
    in order, equals the engine's for cards known out before it (the latest when the worker
    took it: a burst of cards supersedes), and the shoe is played to its end."""
    profile_path = tmp_path / "watched.toml"
    profile_path.write_text(Path(LUCKY_SIX_PROFILE).read_text().replace("decks = 1", "decks = 8"))
    config = TableConfig(driver_url="sim://?seed=5&rate=0", profile=str(profile_path),
                         journal_path=str(tmp_path / "journal.sqlite"))
    table = open_table(config, stop_after_shoes=1)
    try:
        assert table.exposure is not None
        table.exposure.ready(60)  # as at a real table: up long before the first card
        table.runner.run()
    finally:
        table.close()
    assert config.journal_path is not None
    journal = Journal.open(config.journal_path)
    try:
        events = list(journal.iter_events(1))
    finally:
        journal.close()
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    exposures = [i for i, e in enumerate(events) if e.type == "exposure"]
    assert exposures and events[-1].type in ("shoe_ended", "state")
    profile = load_profile(profile_path)
    for index in exposures:
        exposure = events[index]
        removed = known_cards(events[:index])
        # Computed for these cards or, superseded by a later card, for fewer: never more.
        assert exposure.fields["cards_left"] >= 416 - len(removed)
        computed_for = removed[: 416 - exposure.fields["cards_left"]]
        assert {bet: Decimal(v) for bet, v in exposure.fields["rtp"].items()} == engine_rtp(
            profile, computed_for)


def test_a_shoe_dealt_at_rate_0_from_the_command_line_journals_its_exposure(tmp_path: Path) -> None:
    """``run`` on a simulated shoe as fast as it goes: the whole shoe is dealt in a fraction
    of a second, less than surveillance's child process takes to start. The first card waits
    for it, so the shoe's returns are computed from its start and published over it."""
    _, events = run_watched_table(tmp_path, seed=5, shoes=1)
    exposures = [event.fields["cards_left"] for event in events if event.type == "exposure"]
    assert 416 in exposures  # the full shoe's returns, before its first card was known
    assert len(exposures) >= 2 and min(exposures) < 416  # and more as the shoe went on
    assert "shoe_ended" in [event.type for event in events]


CHILD_SCRIPT = """
import os, sys, time
from controller.surveillance.worker import ExposureWorker
if __name__ == "__main__":
    worker = ExposureWorker(lambda item: None)
    worker.ready(120)
    print(" ".join(str(child.pid) for child in worker._pool._processes.values()), flush=True)
    time.sleep(600)
"""


def test_the_exposure_child_process_ends_when_the_table_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "table.py"
    script.write_text(CHILD_SCRIPT)
    table = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                             cwd=Path(__file__).parent.parent, text=True)
    assert table.stdout is not None
    try:
        (child,) = map(int, table.stdout.readline().split())
        assert Path(f"/proc/{child}").exists()
    finally:
        table.kill()  # SIGKILL: nothing of the table's runs
        table.wait()
    deadline = time.monotonic() + 30  # not a timing claim: a bound so the test cannot hang
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(child), "the exposure child outlived its table"


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except FileNotFoundError:
        return False
    return state != "Z"


def _event(kind: str, seq: int, ts: str, **data: object) -> TableEvent:
    return TableEvent(seq, ts, "t", 1, 1, decode(kind, data))


def test_scanner_health_counts_misreads_rescans_their_time_and_disconnects() -> None:
    health = ScannerHealth()
    for event in (
        _event("reveal", 1, "2026-11-30T10:00:00.000000Z", card="AS", burn=1, raw="AS",
               source="reader", cards_left=415),
        _event("misread", 2, "2026-11-30T10:00:01.000000Z", raw="?", raw_hex="3f", count=3,
               position="burn"),
        _event("misread", 3, "2026-11-30T10:00:02.000000Z", raw="?", raw_hex="3f", count=1,
               position="burn"),
        _event("burn", 4, "2026-11-30T10:00:03.500000Z", card="2C", burn_left=0, raw="2C",
               source="reader", cards_left=414),
        _event("card", 5, "2026-11-30T10:00:04.000000Z", card="KD", position="player1",
               raw="", source="manual", cards_left=413),
        _event("scanner", 6, "2026-11-30T10:00:05.000000Z", status="disconnected"),
    ):
        health.apply(event)
    # Typed cards are not the scanner's; the rescan took from the first misread to the read.
    assert (health.cards, health.misreads, health.rescans, health.disconnects) == (2, 4, 2, 1)
    assert health.rescan_seconds == [2.5]
    assert health.per_100 == Decimal("4.00")  # over at least 100 cards
    assert health.rescans_per_card == Decimal("1.000")


def test_a_restarted_table_computes_the_shoe_in_play_once_from_the_journal(
    table: SurveilledTable
) -> None:
    table.new_shoe()
    table.deal("AS 2C 3C 4D 5H")

    class Recorder(ExposureWorker):
        """Keeps each snapshot posted: no thread, no child process."""

        def __init__(self) -> None:
            self.posted: list[ShoeSnapshot] = []

        def post(self, snapshot: ShoeSnapshot) -> None:
            self.posted.append(snapshot)

    recorder = Recorder()
    subscriber = SurveillanceSubscriber(recorder, table.submitted.append,
                                        lambda: table.controller.profile)
    subscriber.prime(table.events)
    (snapshot,) = recorder.posted  # not once per journaled card: the shoe as it is now
    assert (snapshot.shoe, snapshot.decks, snapshot.removed) == (
        1, 1, ("AS", "2C", "3C", "4D", "5H"))
    assert not table.submitted  # no scanner alert asked again for the past


def test_a_killed_exposure_child_is_replaced_and_surveillance_goes_on(
    table: SurveilledTable
) -> None:
    table.new_shoe()
    table.deal("AS 2C")
    # Both there by now: the exposures of the cards above were computed in the child.
    (child,) = cast(ProcessPoolExecutor, table.worker._pool)._processes.values()
    os.kill(cast(int, child.pid), signal.SIGKILL)
    table.deal("3C")  # its computation meets the dead child
    table.deal("4D")
    assert table.last("exposure").fields["cards_left"] == 48


def test_an_exposure_rides_on_the_next_cards_commit_or_goes_out_on_its_own_soon_after() -> None:
    import threading

    from controller.events.stream import EventBus
    from controller.table.runner import TableRunner
    from tests.support.table import PIN_HASH

    config = TableConfig(profile=LUCKY_SIX_PROFILE, pin_hash=PIN_HASH)
    bus = EventBus("t1")
    delivered: list[TableEvent] = []
    bus.subscribe(delivered.append)
    controller = TableController(config, load_profile(LUCKY_SIX_PROFILE), bus)
    runner = TableRunner(controller)
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    try:
        runner.submit(Command(Action.NEW_SHOE))
        runner.submit(ExposureComputed(1, 52, {"lucky_six": Decimal("0.9")}))
        runner.submit(CardRead("AS", b"AS"))
        deadline = time.monotonic() + 10
        while len([e for e in delivered if e.type == "reveal"]) < 1:
            assert time.monotonic() < deadline, "the card never came out"
            time.sleep(0.01)
        kinds = [event.type for event in delivered]
        # one commit, in seq order
        assert kinds.index(EventType.EXPOSURE) < kinds.index(EventType.REVEAL)
        runner.submit(ExposureComputed(1, 51, {"lucky_six": Decimal("0.95")}))
        while len([e for e in delivered if e.type == "exposure"]) < 2:  # no other input comes
            assert time.monotonic() < deadline, "the exposure waited for an input forever"
            time.sleep(0.01)
    finally:
        runner.stop()
        thread.join(5)


def test_a_stopped_exposure_child_is_noticed_logged_and_replaced(
    caplog: pytest.LogCaptureFixture
) -> None:
    """A child stopped with SIGSTOP would silence exposure and hang the table's end."""
    results: list[ExposureComputed] = []
    worker = ExposureWorker(results.append, min_gap=0, stall_after=1.0)
    try:
        worker.ready(timeout=60)
        assert worker._pool is not None
        (stopped,) = worker._pool._processes.values()
        assert stopped.pid is not None
        os.kill(stopped.pid, signal.SIGSTOP)
        worker.post(ShoeSnapshot(1, load_profile(LUCKY_SIX_PROFILE), 1, ("AS", "2C")))
        deadline = time.monotonic() + 60
        while not results and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [result.shoe for result in results] == [1]  # computed by the new child
        assert "did not answer in 1 s computing shoe 1" in caplog.text
        assert not stopped.is_alive()
    finally:
        worker.close()  # bounded (the stall bound, then a kill): a hang fails at the timeout
    assert not worker._thread.is_alive()
    # A child the pool spawned late sees the shutdown as it starts, and may start after the
    # first look: looked for again until none is left (the bound is for a hang, no timing).
    deadline = time.monotonic() + 30
    while (children := multiprocessing.active_children()) and time.monotonic() < deadline:
        for child in children:
            child.join(1)
    assert not multiprocessing.active_children(), "close left a child process running"


def test_a_return_wobbling_around_the_threshold_raises_one_alert_cleared_after_the_margin() -> None:
    # The flapping shoe report: the return wobbles around 1 for a while, then falls away.
    watch = ExposureWatch()
    terms = SurveillanceTerms(alert_rtp=Decimal(1), auto_close=True)
    wobble = ["1.002", "0.999", "1.001", "0.997", "1.003", "0.996", "0.998", "1.0001"]
    fall = ["0.99"] * 11
    changes = []
    for cards_left, rtp in enumerate(wobble + fall):
        exposure = ExposureComputed(1, 300 - cards_left, {"super_six": Decimal(rtp)})
        changes += [(cards_left, c.state) for c in watch.update(exposure, terms)]
        assert ("super_six" in watch.closed) == (cards_left < len(wobble) + 10)
    # Raised once; cleared on the 10th card of the fall below 0.995, not at every wobble.
    assert changes == [(0, "raised"), (len(wobble) + 10, "cleared")]


def test_a_scanner_alert_is_raised_again_only_once_the_rate_stayed_under_the_margin() -> None:
    # 8 decks, level 1 per 100: cleared below 0.5 per 100 (clear_margin 0.005) for 10 cards.
    profile = load_profile("classic")
    profile = replace(profile, surveillance=SurveillanceTerms())
    submitted: list[object] = []
    subscriber = SurveillanceSubscriber(None, submitted.append, lambda: profile)

    def send(fact: facts.Fact) -> None:
        subscriber(TableEvent(0, "2026-01-01T00:00:00Z", "t", 1, 1, fact))

    def misread() -> None:
        send(facts.Misread(raw="??", raw_hex="3f3f", count=1, position="card"))

    def deal(cards: int) -> None:
        for _ in range(cards):
            send(facts.CardDealt(card="AS", raw="AS", source="reader", cards_left=0,
                                 position="player1"))

    send(facts.ShoeStarted(decks=8, profile="classic", profile_source="", betting="land",
                           by="test"))
    misread()
    misread()
    deal(1)
    assert len(submitted) == 1  # 2 per 100: raised
    deal(249)  # 0.8 per 100: under the level, not under the margin
    misread()
    deal(1)  # 1.2 per 100: the same alert, not a second one
    assert len(submitted) == 1
    deal(349)  # 0.5 per 100 at 600 cards
    deal(20)  # under 0.5 per 100 for more than 10 cards: cleared
    for _ in range(6):
        misread()
    deal(1)  # 9 in 621: 1.45 per 100, a new alert
    assert len(submitted) == 2
