"""One publisher on the broker against the floor: messages no table sends, through a real
Mosquitto into the pit's own floor, store and web side. None may blind, freeze or break the
floor, another table, a page or a restart; each is a `feed` or `chain` alert naming the table
and the seq, and the table's real stream goes on being kept and drawn."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Protocol

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from controller.feed.message import MAX_MESSAGE
from controller.journal.chain import canonical_data, row_hash
from pit.floor import Floor
from tests.support.feed import Broker, needs_mosquitto
from tests.support.journal import wait_for
from tests.support.pit_alerts import LivePit, Table, live_pit, module_broker, online_t1

pytestmark = needs_mosquitto
__all__ = ["live_pit", "module_broker", "online_t1"]


class Publish(Protocol):
    """What `rogue` gives a test: publish on any table's topic."""

    def __call__(self, topic: str, payload: bytes, retain: bool = False) -> None: ...


@pytest.fixture
def rogue(broker: Broker) -> Iterator[Publish]:
    """Any client that can write a table's topics."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="rogue")
    client.connect("127.0.0.1", broker.port)
    client.loop_start()

    def publish(topic: str, payload: bytes, retain: bool = False) -> None:
        client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(10)

    yield publish
    for table in ("t1", "t2"):
        publish(f"baccarat/{table}/state", b"", retain=True)
    client.disconnect()
    client.loop_stop()


def chained(table: Table, type_: str = "state", ts: str | None = None,
            shoe: object = 1, **fields: object) -> tuple[bytes, bytes]:
    """A message that links to ``table``'s last, as a forger who read the feed makes it:
    its payload and its hash (the table's own chain is not moved on)."""
    seq, ts = table.seq + 1, ts or "2026-12-01T20:00:01.000000Z"
    fields = fields or {"state": "betting", "previous": "awaiting_shuffle"}
    digest = row_hash(table.prev, seq, ts, type_, table.table,
                      shoe if isinstance(shoe, int) else 0, 1, canonical_data(fields))
    message = {"type": type_, "seq": seq, "ts": ts, "table": table.table, "shoe": shoe,
               "round": 1, "data": fields, "prev_hash": table.prev.hex(),
               "hash": digest.hex()}
    return json.dumps(message).encode(), digest


RESULT = {"player": ["9C", "TH"], "banker": ["5C", "2H"], "player_total": 9, "banker_total": 7,
          "winner": "player", "player_pair": False, "banker_pair": False,
          "player_natural": True, "banker_natural": False, "natural": True,
          "banker_six_cards": None, "winning_bets": ["player"], "pushed_bets": [], "pays": {},
          "bets": {}}


def feed_alerts(pit: LivePit, kind: str = "feed") -> list[dict[str, Any]]:
    return [a for a in pit.alerts(kind) if a["table"] == "t1"]


def dealt_on(pit: LivePit, table: Table, round_: int) -> None:
    """The table's real stream goes on, and is kept and drawn."""
    table.result(pit.clock(), round_)
    wait_for(lambda: pit.reader().json("/api/tables/t1").get("round") == round_, timeout=20)


def restarted(pit: LivePit) -> Floor:
    return Floor(pit.settings, pit.store, pit.clock)


@pytest.mark.parametrize(("ts", "shoe", "why"), [
    ("yesterday", 1, "ts 'yesterday' is not a time"),
    ("2026-12-01T20:00:01", 1, "ts '2026-12-01T20:00:01' has no zone"),
    (None, "NaN", "NaN is no JSON number"),
])
def test_an_event_with_a_bad_time_or_number_is_refused_and_breaks_nothing(
        pit: LivePit, t1: Table, rogue: Publish, ts: str | None, shoe: int | str,
        why: str) -> None:
    t1.result(pit.clock(), 1)
    payload, _ = chained(t1, ts=ts, shoe=0)
    if shoe == "NaN":
        payload = payload.replace(b'"shoe": 0', b'"shoe": NaN')
    rogue("baccarat/t1/events", payload)
    wait_for(lambda: feed_alerts(pit), timeout=20)
    (alert,) = feed_alerts(pit)
    assert alert["seq"] == 2 and why in alert["message"] and "t1" in alert["message"]
    assert [e["seq"] for e in pit.store.journal_events("t1", 1)] == [1]
    assert pit.reader().request("/api/tables").status == 200
    dealt_on(pit, t1, 2)
    assert restarted(pit).tile("t1")["round"] == 2


def test_an_event_the_codec_refuses_is_told_and_kept_apart_never_an_event(
    pit: LivePit, t1: Table
) -> None:
    t1.event("round_result", pit.clock(), player=["9C", "KH"], pays="1:1")
    wait_for(lambda: feed_alerts(pit), timeout=20)
    (alert,) = feed_alerts(pit)
    assert alert["seq"] == 1 and "missing" in alert["message"]
    assert pit.store.journal_events("t1", 1) == []
    assert [(seq, why[:30]) for seq, why, _ in pit.store.apart("t1")] == [
        (1, alert["message"][:30])]
    dealt_on(pit, t1, 2)  # the chain went on through it: no gap
    assert feed_alerts(pit, "chain") == []


@pytest.mark.parametrize("phase", [5, ["betting"], {"a": 1}])
def test_a_retained_state_with_a_phase_no_table_sends_takes_nothing_down(
        pit: LivePit, t1: Table, rogue: Publish, phase: object) -> None:
    t1.event("state", pit.clock(), state="betting", previous="awaiting_shuffle")
    wait_for(lambda: "t1" in pit.floor.tables, timeout=20)  # on the floor: it sent an event
    rogue("baccarat/t1/state", json.dumps({"phase": phase}).encode(), retain=True)
    wait_for(lambda: feed_alerts(pit), timeout=20)
    assert "phase" in feed_alerts(pit)[0]["message"]
    assert pit.reader().request("/api/tables").status == 200
    assert pit.reader().request("/api/tables/t1").status == 200
    pit.clock.advance(pit.settings.silent_after_seconds + 1)
    pit.watch.check()  # the watch goes on, and still finds the table silent
    assert [a["table"] for a in pit.alerts("silent")] == ["t1"]


def test_a_status_no_table_sends_is_refused_and_the_tile_keeps_its_status(
    pit: LivePit, t1: Table, rogue: Publish
) -> None:
    """A table says only ``online`` or its will's ``offline``: anything else on its status
    topic (retained, so it would come back at every pit start) is a feed alert, never drawn."""
    t1.event("state", pit.clock(), state="betting", previous="awaiting_shuffle")
    wait_for(lambda: "t1" in pit.floor.tables and pit.floor.tables["t1"].status == "online",
             timeout=20)
    rogue("baccarat/t1/status", b"<b>on fire</b>" * 100, retain=True)
    wait_for(lambda: feed_alerts(pit), timeout=20)
    assert "status" in feed_alerts(pit)[0]["message"]
    assert pit.floor.tables["t1"].status == "online"
    rogue("baccarat/t1/status", b"online", retain=True)


def test_a_huge_message_is_refused_unread_said_once_and_never_copied(
    pit: LivePit, t1: Table, rogue: Publish
) -> None:
    huge = b'{"type":"state","data":"' + b"x" * (2 * MAX_MESSAGE) + b'"}'
    rogue("baccarat/t1/events", huge)
    rogue("baccarat/t1/events", huge)
    rogue("baccarat/t1/state", huge)
    dealt_on(pit, t1, 1)
    (alert,) = feed_alerts(pit)
    assert "more than any table sends" in alert["message"] and len(alert["message"]) < 300
    assert pit.store.apart("t1") == []
    assert pit.reader().request("/api/alerts").status == 200


def test_a_seq_far_ahead_is_held_apart_and_the_real_stream_is_drawn(
    pit: LivePit, t1: Table, rogue: Publish
) -> None:
    t1.result(pit.clock(), 1)
    payload, _ = chained(t1)
    far = json.loads(payload)
    far["seq"] = 1_000_000
    far["hash"] = row_hash(bytes.fromhex(far["prev_hash"]), far["seq"], far["ts"], far["type"],
                           "t1", 1, 1, canonical_data(far["data"])).hex()
    rogue("baccarat/t1/events", json.dumps(far).encode())
    wait_for(lambda: feed_alerts(pit, "chain"), timeout=20)
    (alert,) = feed_alerts(pit, "chain")
    assert alert["seq"] == 1_000_000 and "held apart" in alert["message"]
    for round_ in (2, 3):
        dealt_on(pit, t1, round_)
    assert [e["seq"] for e in pit.store.journal_events("t1", 1)] == [1, 2, 3]
    assert pit.reader().json("/api/tables/t1")["seq"] == 3


def test_a_forged_next_seq_is_a_conflict_both_kept_apart_the_first_drawn(
    pit: LivePit, t1: Table, rogue: Publish
) -> None:
    t1.result(pit.clock(), 1)
    forged = chained(
        t1, "round_result", player=["AS", "KH"], banker=["5C", "2H"], player_total=1,
        banker_total=7, winner="banker", player_pair=False, banker_pair=False,
        player_natural=False, banker_natural=False, natural=False,
        banker_six_cards=None, winning_bets=["banker"], pushed_bets=[], pays={}, bets={})[0]
    rogue("baccarat/t1/events", forged)
    wait_for(lambda: pit.reader().json("/api/tables/t1").get("seq") == 2, timeout=20)
    t1.result(pit.clock(), 2)  # the table's real seq 2
    wait_for(lambda: feed_alerts(pit, "chain"), timeout=20)
    (alert,) = feed_alerts(pit, "chain")
    assert alert["seq"] == 2 and "conflict" in alert["message"]
    tile = pit.reader().json("/api/tables/t1")
    assert tile["last_result"]["winner"] == "banker"  # the first drawn
    kept = pit.store.journal_events("t1", 1)
    assert [e["data"]["winner"] for e in kept] == ["player", "banker"]
    ((seq, why, body),) = pit.store.apart("t1")  # the other kept apart, with why
    assert seq == 2 and "conflict" in why and json.loads(body)["data"]["winner"] == "player"


@pytest.mark.parametrize(("type_", "fields", "why"), [
    ("shoe_started", {"decks": 8, "profile": "ours", "profile_source": "site",
                      "betting": "land", "by": "dealer", "profile_terms": {"name": "ours"}},
     "shoe 1's recorded profile"),
    ("round_result", {**RESULT, "player": ["ZZ", "KH"], "bets": {"dragon_7": "40"}},
     "bad card code 'ZZ'"),
    ("round_result", {**RESULT, "banker": [7, None], "bets": {"panda_8": "25"}}, "'int'"),
])
def test_fields_the_tables_view_cannot_fold_are_told_kept_apart_and_change_nothing(
        pit: LivePit, t1: Table, type_: str, fields: dict[str, Any], why: str) -> None:
    """Of the right kinds, so the codec takes them, but no table's: a shoe's terms that are
    no profile, a result's cards that are no cards (an EZ table badges its hands by them)."""
    t1.result(pit.clock(), 1)
    wait_for(lambda: pit.reader().json("/api/tables/t1").get("seq") == 1, timeout=20)
    before = pit.reader().json("/api/tables/t1")
    t1.event(type_, pit.clock(), **fields)
    wait_for(lambda: feed_alerts(pit), timeout=20)
    (alert,) = feed_alerts(pit)
    assert alert["seq"] == 2 and "not drawn, the pit cannot read it" in alert["message"]
    assert why in alert["message"]
    assert [seq for seq, _, _ in pit.store.apart("t1")] == [2]
    # Nothing else moved: its round, its shoe, its roads, its limits.
    assert pit.reader().json("/api/tables/t1") == {**before, "seq": 2, "open_alerts": 1}
    dealt_on(pit, t1, 2)  # the chain went on through it
    assert restarted(pit).tile("t1")["round"] == 2
