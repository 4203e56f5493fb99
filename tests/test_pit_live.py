"""The floor's live stream as a page receives it: a pit's floor and its broadcaster in this
process, fed the feed's messages, with a real SQLite store."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from controller.events.codec import encode
from controller.events.facts import DiskAlert, JournalVerified
from pit.floor import Floor
from pit.live import Client, Live
from pit.phases import phase_words
from pit.settings import load_settings
from pit.store import Store
from pit.watch import Watch
from tests.support.clock import ManualWallClock
from tests.support.feed_messages import Chain
from tests.support.pit_alerts import START


class Feed:
    """Chained events of several tables, as their feeds publish them."""

    def __init__(self, floor: Floor) -> None:
        self.floor = floor
        self.chains: dict[str, Chain] = {}

    def status(self, table: str, status: str) -> None:
        self.floor.on_message(f"baccarat/{table}/status", status.encode())

    def state(self, table: str, state: str) -> None:
        self.event(table, "state", 1, {"state": state, "previous": "awaiting_shuffle"})

    def event(self, table: str, kind: str, round_: int, fields: dict[str, Any]) -> None:
        ts = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
        chain = self.chains.setdefault(table, Chain(table))
        self.floor.on_message(f"baccarat/{table}/events",
                              chain.message(kind, fields, ts=ts, round_=round_))

    def round(self, table: str, round_: int, player: list[str], banker: list[str],
              between: int = 0, **unlike: object) -> None:
        """A round card by card and its result, then ``between`` exposure events."""
        for position, card in [*zip(("player1", "player2"), player, strict=True),
                               *zip(("banker1", "banker2"), banker, strict=True)]:
            self.event(table, "card", round_, {"card": card, "raw": card, "source": "reader",
                                               "cards_left": 300, "position": position})
        self.event(table, "round_result", round_, {
            "player": player, "banker": banker, "player_total": 9, "banker_total": 0,
            "winner": "player", "player_pair": False, "banker_pair": False,
            "player_natural": True, "banker_natural": False, "natural": True,
            "banker_six_cards": None, "winning_bets": ["player"], "pushed_bets": [],
            "pays": {"player": "1"}, "bets": {}, **unlike})
        for _ in range(between):
            self.event(table, "exposure", round_, {"rtp": {"player_pair": "0.95"},
                                                   "cards_left": 300})


def tiles_sent(live: Live, page: Client) -> dict[str, dict[str, Any]]:
    live.broadcast()
    return taken(page)


async def until(condition: Callable[[], bool]) -> None:
    """Let the broadcaster run until ``condition`` holds; TimeoutError if it never does (a
    deadline for a stuck broadcaster, not a pause the test counts on)."""
    async with asyncio.timeout(10):
        while not condition():
            await asyncio.sleep(0.01)


def taken(page: Client) -> dict[str, dict[str, Any]]:
    """The tiles in the messages a floor page has been sent, the latest of each table."""
    sent: dict[str, dict[str, Any]] = {}
    while not page.queue.empty():
        message = page.queue.get_nowait()
        data = next(line for line in message.splitlines() if line.startswith("data: "))
        sent.update({tile["table"]: tile for tile in json.loads(data[6:])["tiles"]})
    return sent


def test_a_table_found_silent_turns_silent_on_the_floor_page_and_comes_first(
        tmp_path: Path) -> None:
    clock = ManualWallClock(START)
    floor = Floor(load_settings(None, {"silent_after_seconds": 60}),
                  Store(tmp_path / "pit.sqlite3"), clock)
    live, page, feed, watch = Live(floor), Client(None), Feed(floor), Watch(floor)
    live.clients.add(page)
    for table, phase in (("t1", "betting"), ("t2", "betting"), ("t3", "hold")):
        feed.status(table, "online")
        feed.state(table, phase)
    first = tiles_sent(live, page)
    assert not any(silent(tile) for tile in first.values())
    clock.advance(61)
    feed.state("t2", "player1")  # t2 deals on; t1 says nothing; t3 holds (quiet by nature)
    watch.check()
    later = tiles_sent(live, page)
    assert silent(later["t1"]) and not silent(later["t2"])
    assert floor.tile("t1")["status"] == "online"  # the table's own word, beside the pit's
    assert later["t1"]["attention"] > later["t2"]["attention"]
    assert "t3" not in later or not silent(later["t3"])
    feed.state("t1", "player1")  # it speaks again
    watch.check()
    assert not silent(tiles_sent(live, page)["t1"])


def test_a_table_dropped_for_seconds_is_offline_on_its_tile_and_raises_no_alert(
        tmp_path: Path) -> None:
    """A broker cluster moving its leaders drops tables and sends their wills; they are back
    within seconds. The tile says offline at once; the alert waits for
    ``offline_alert_after_seconds`` (15), then is raised once, and counted on the tile."""
    clock = ManualWallClock(START)
    store = Store(tmp_path / "pit.sqlite3")
    floor = Floor(load_settings(None, {}), store, clock)
    live, page, feed, watch = Live(floor), Client(None), Feed(floor), Watch(floor)
    live.clients.add(page)
    for table in ("t1", "t2"):
        feed.status(table, "online")
        feed.state(table, "betting")
    tiles_sent(live, page)
    feed.status("t1", "offline")  # dropped...
    feed.status("t2", "offline")  # ... and this one is gone for good
    assert "OFFLINE" in tiles_sent(live, page)["t1"]["html"].upper()
    clock.advance(6)
    watch.check()
    feed.status("t1", "online")  # back
    clock.advance(9)  # 15 s since t2's will
    watch.check()
    assert [(alert.table, alert.kind) for alert in store.alerts("t1")] == []
    assert [(alert.table, alert.message) for alert in store.alerts("t2", open_only=True)] == [
        ("t2", "table t2 went offline")]
    assert floor.tile("t2")["open_alerts"] == 1 and "t2" in tiles_sent(live, page)
    clock.advance(600)
    watch.check()
    assert len(store.alerts("t2")) == 1  # once


def test_a_pit_set_to_alert_with_the_will_raises_the_offline_alert_at_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "pit.sqlite3")
    floor = Floor(load_settings(None, {"offline_alert_after_seconds": 0}), store,
                  ManualWallClock(START))
    feed = Feed(floor)
    feed.status("t1", "online")
    feed.state("t1", "betting")
    feed.status("t1", "offline")
    assert [alert.message for alert in store.alerts("t1")] == ["table t1 went offline"]


def silent(tile: dict[str, Any]) -> bool:
    """Whether the tile a floor page was sent shows its table silent (amber)."""
    html: str = tile["html"]
    return html.startswith('<a class="tile silent')


def test_the_last_rounds_are_whole_however_many_events_lie_between_them(tmp_path: Path) -> None:
    floor = Floor(load_settings(None, {}), Store(tmp_path / "pit.sqlite3"))
    feed = Feed(floor)
    hands = [(["9C", "KH"], ["2D", "8S"]), (["4H", "5S"], ["TD", "JC"]),
             (["AS", "8D"], ["QH", "KD"]), (["7C", "2H"], ["3S", "7D"])]
    for number, (player, banker) in enumerate(hands, start=1):
        feed.round("t1", number, player, banker, between=150)  # a long wait between
    recalled = floor.rounds("t1", 3)
    assert [(r["round"], r["player"], r["banker"]) for r in recalled] == [
        (n, player, banker) for n, (player, banker) in enumerate(hands, start=1)][-3:]
    assert len(floor.rounds("t1", 10)) == 4  # all there are


def test_an_event_the_pit_cannot_read_is_told_and_kept_apart_and_the_table_goes_on(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "pit.sqlite3")
    floor = Floor(load_settings(None, {}), store)
    feed = Feed(floor)
    feed.state("t1", "betting")
    feed.event("t1", "round_result", 1, {"player": ["9C", "KH"], "banker": ["2D", "8S"]})
    feed.round("t1", 2, ["9C", "KH"], ["2D", "8S"], pays="1:1")  # a pays that is no mapping
    feed.round("t1", 3, ["4H", "5S"], ["TD", "JC"])
    # One feed alert while it is open (pit/conditions.py), each problem listed in it.
    (alert,) = [alert.to_json() for alert in store.alerts("t1") if alert.kind == "feed"]
    assert (alert["seq"], alert["last_seq"], alert["repeats"]) == (2, 7, 1)
    assert alert["details"] == [
        "table t1: event 2 not drawn, the pit cannot read it: event "
        "'round_result': missing banker_natural, banker_pair, banker_six_cards, "
        "banker_total, bets, natural, pays, player_natural, player_pair, player_total, "
        "pushed_bets, winner, winning_bets",
        "table t1: event 7 not drawn, the pit cannot read it: event "
        "'round_result': pays = '1:1' is not a JSON object"]
    assert [event["seq"] for event in store.journal_events("t1", 1)] == [
        seq for seq in range(1, 13) if seq not in (2, 7)]
    assert [seq for seq, _, _ in store.apart("t1")] == [2, 7]  # kept apart, not as events
    assert [r["round"] for r in floor.rounds("t1", 10)] == [3]
    assert floor.tile("t1")["last_result"]["player"] == ["4H", "5S"]
    again = Floor(load_settings(None, {}), store)  # the pit restarted reads its store whole
    assert again.tile("t1")["last_result"]["player"] == ["4H", "5S"]


def test_a_failed_journal_check_and_a_short_disk_are_alerts_on_the_floor(tmp_path: Path) -> None:
    store = Store(tmp_path / "pit.sqlite3")
    feed = Feed(Floor(load_settings(None, {}), store))
    feed.state("t1", "betting")
    passed = JournalVerified(last_seq=1, last_hash="ab" * 32, rows=1, seconds=0.5,
                             finished="2026-12-02T04:30:09Z", finding="")
    feed.event("t1", "journal_verified", 0, encode(passed))
    failed = replace(passed, finding="chain check failed: row 1 (state) was changed")
    feed.event("t1", "journal_verified", 0, encode(failed))
    short = DiskAlert(state="raised", days_left="12.5", free_bytes=10**9,
                      bytes_per_day=8 * 10**7, min_free_days=30, folder="/var/lib/baccarat")
    feed.event("t1", "disk_alert", 0, encode(short))
    feed.event("t1", "disk_alert", 0, encode(replace(short, state="cleared")))
    assert sorted((alert.kind, alert.seq, alert.message) for alert in store.alerts("t1")) == [
        ("disk", 4, "disk: 12.5 days of journal space left (below 30)"),
        ("journal", 3, "journal: the full check failed: chain check failed: row 1 (state) "
                       "was changed")]


def test_a_table_whose_page_cannot_be_made_stops_no_other_page(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    floor = Floor(load_settings(None, {}), Store(tmp_path / "pit.sqlite3"))
    live, feed = Live(floor), Feed(floor)
    feed.state("odd", "betting")
    feed.state("t1", "betting")
    floor_page, odd_page = Client(None), Client("odd")
    live.clients.update((floor_page, odd_page))
    detail = floor.detail

    def failing(table: str) -> dict[str, Any]:
        if table == "odd":
            raise KeyError("a fault in the pit's own code")
        return detail(table)

    monkeypatch.setattr(floor, "detail", failing)

    phase = f'<div class="phase">{phase_words("player1")}</div>'
    seen: dict[str, dict[str, Any]] = {}

    def t1_moved_on() -> bool:
        seen.update(taken(floor_page))
        return phase in seen.get("t1", {}).get("html", "")

    async def meanwhile() -> None:
        async with live.running(None):
            feed.round("odd", 1, ["9C", "KH"], ["2D", "8S"])
            await until(lambda: "a broadcast failed" in caplog.text)
            taken(floor_page)
            feed.state("t1", "player1")  # the floor goes on
            await until(t1_moved_on)

    asyncio.run(meanwhile())


def test_a_shoes_integrity_summary_is_no_chain_alert_and_keeps_both_its_shoes(
        tmp_path: Path) -> None:
    """``shoe_integrity`` names the shoe it sums up, which a field of the envelope is named
    like too: on the floor that once was a tampered chain and a "missing shoe" at every
    shoe's end."""
    store = Store(tmp_path / "pit.sqlite3")
    floor = Floor(load_settings(None, {}), store)
    feed = Feed(floor)
    feed.state("t1", "awaiting_shuffle")
    feed.event("t1", "shoe_integrity", 0, {
        "shoe": 7, "cards": 410, "compared_shoes": [6, 5], "longest_run": 3,
        "longest_run_shoe": 6, "longest_run_reversed": False, "chance": "0.41", "alerts": [],
        "ranks": {"A": 32}, "suits": {"S": 104}, "per_rank": 32, "per_suit": 104})
    assert store.alerts("t1") == []
    kept = store.journal_events("t1", 1)[-1]
    assert (kept["shoe"], kept["data"]["shoe"]) == (1, 7)


def test_a_store_kept_before_the_fields_had_their_own_object_is_read(tmp_path: Path) -> None:
    path = tmp_path / "pit.sqlite3"
    store = Store(path)
    feed = Feed(Floor(load_settings(None, {}), store))
    feed.round("t1", 1, ["9C", "KH"], ["2D", "8S"])
    store.close()
    with sqlite3.connect(path) as db:  # each body as an older pit kept it: fields beside
        for rowid, body in db.execute("SELECT rowid, body FROM events").fetchall():
            event = json.loads(body)
            fields = event.pop("data")
            db.execute("UPDATE events SET body = ? WHERE rowid = ?",
                       (json.dumps({**event, **fields}), rowid))
    assert "data" not in json.loads(db_body(path))
    floor = Floor(load_settings(None, {}), Store(path))
    assert floor.tile("t1")["last_result"]["player"] == ["9C", "KH"]
    assert [r["round"] for r in floor.rounds("t1", 10)] == [1]


def db_body(path: Path) -> str:
    with sqlite3.connect(path) as db:
        body: str = db.execute("SELECT body FROM events ORDER BY seq DESC").fetchone()[0]
        return body


def test_the_tile_takes_its_limits_from_the_shoes_recorded_terms_not_a_profile_of_that_name(
        tmp_path: Path) -> None:
    from controller.game.profiles import load_profile

    floor = Floor(load_settings(None, {}), Store(tmp_path / "pit.sqlite3"))
    feed = Feed(floor)
    terms = load_profile("classic").terms()
    terms["name"] = "our-own"  # a site's own profile, not on the pit's machine
    for bet in terms["bets"]:
        if bet["bet"] == "banker":
            bet["min"], bet["max"] = "25", "7500"
    started = {"decks": 8, "profile_source": "site", "betting": "land", "by": "dealer"}
    feed.event("t1", "shoe_started", 0, {**started, "profile": "our-own",
                                         "profile_terms": terms})
    assert floor.tile("t1")["limits"] == "25–7500"
    feed.event("t2", "shoe_started", 0, {**started, "profile": "classic"})  # recorded none
    assert floor.tile("t2")["limits"] is None


def test_the_scanner_health_counts_misreads_as_surveillance_and_the_display_do(
        tmp_path: Path) -> None:
    """A burst of misreads is one event with its count: the table page says how many, as
    the display's surveillance panel and the shoe report do (it once said 1)."""
    floor = Floor(load_settings(None, {}), Store(tmp_path / "pit.sqlite3"))
    feed = Feed(floor)
    feed.event("t1", "misread", 1, {"raw": "??", "raw_hex": "3f3f", "count": 3,
                                    "position": "player1"})
    feed.round("t1", 1, ["9C", "KH"], ["2D", "8S"])  # four cards the reader read
    assert floor.detail("t1")["scanner"] == {"status": "connected", "cards_read": 4,
                                             "misreads": 3, "alert": None}
