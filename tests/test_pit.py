"""The pit against a real Mosquitto and real table processes on the simulated shoe."""

from __future__ import annotations

import json
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from controller.events import facts
from controller.events.recall import rounds as recall_rounds
from controller.journal.recall import reading
from controller.journal.store import read_events
from controller.roads import DERIVED_NAMES, Hand, Roads
from tests.support.feed import (
    Broker,
    feed_config,
    needs_mosquitto,
    stop_tables,
    table_process,
)
from tests.support.feed_messages import Chain
from tests.support.journal import rows, wait_for
from tests.support.pit import Pit, browser

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = needs_mosquitto
needs_chromium = pytest.mark.skipif(
    not (Path("/usr/bin/chromium").exists() and Path("/usr/bin/chromedriver").exists()),
    reason="no chromium/chromedriver: install the Debian packages (make test does)")

# The floor fixture's folder, broker, pit and table processes (t1, t2).
Floor = tuple[Path, Broker, Pit, dict[str, subprocess.Popen[bytes]]]
HOSTILE = "<img src=x onerror=document.title='owned'>"


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    folder = tmp_path_factory.mktemp("pit")
    broker = Broker(folder)
    broker.start()
    pit = Pit(folder, broker)
    # Its offline alert with the will: the grace before it is tested on the test's own clock
    # (test_pit_live.py), not waited out here.
    config = folder / "pit.toml"
    config.write_text("[pit]\noffline_alert_after_seconds = 0\n", encoding="utf-8")
    pit.start("--config", str(config))
    tables = {name: table_process(feed_config(folder, broker, name), folder / f"{name}.db",
                                  f"sim://?seed={seed}&rate=20")
              for seed, name in enumerate(("t1", "t2"), start=3)}
    yield folder, broker, pit, tables
    stop_tables(list(tables.values()))
    pit.stop()
    broker.stop()


def test_the_floor_lists_every_live_table_and_its_rounds_as_they_finish(floor: Floor) -> None:
    _, _, pit, _ = floor
    wait_for(lambda: {"t1", "t2"} <= set(pit.tables()), timeout=30)
    wait_for(lambda: all(t["last_result"] for t in pit.tables().values()), timeout=60)
    first = pit.tables()["t1"]
    assert first["status"] == "online"
    assert first["last_result"]["winner"] in ("player", "banker", "tie")
    wait_for(lambda: pit.tables()["t1"]["round"] > first["round"], timeout=60)
    rounds = pit.get("/api/tables/t1/rounds?last=3")
    assert 1 <= len(rounds) <= 3
    latest = rounds[-1]
    assert latest["table"] == "t1" and latest["status"] in ("result", "void")
    assert all(card["card"] for card in latest["cards"])
    detail = pit.get("/api/tables/t1")  # its roads, from the project's roads code
    assert detail["roads"]["bead_plate"][-1]["winner"] == detail["last_result"]["winner"]
    assert detail["roads"]["stats"]["hands"] == len(detail["roads"]["bead_plate"])
    assert detail["phase_words"] and detail["phase_words"] == next(
        tile["phase_words"] for tile in pit.get("/api/tables") if tile["table"] == "t1")


@needs_chromium
def test_a_table_killed_turns_offline_on_the_floor_page_with_an_alert(floor: Floor) -> None:
    folder, _, pit, tables = floor
    wait_for(lambda: pit.tables().get("t2", {}).get("status") == "online", timeout=30)
    driver = browser(folder, pit)
    try:
        driver.get(pit.url + "/")
        wait_for(lambda: "ONLINE" in tile_text(driver, "t2"), timeout=30)
        tables["t2"].send_signal(signal.SIGKILL)
        tables["t2"].wait(timeout=10)
        # The broker publishes the last will after the keep-alive runs out.
        wait_for(lambda: "OFFLINE" in tile_text(driver, "t2"), timeout=90)
        assert "alerts 1" in tile_text(driver, "t2")
    finally:
        driver.quit()
    assert pit.tables()["t2"]["status"] == "offline"
    alerts = pit.get("/api/alerts")
    assert any(a["table"] == "t2" and a["kind"] == "offline" and a["open"] for a in alerts)


@pytest.mark.owns_leftovers("the pit it restarts is the floor fixture's, stopped with it")
def test_the_pit_restarted_mid_shoe_has_every_round_it_missed(floor: Floor) -> None:
    folder, _, pit, _ = floor
    wait_for(lambda: pit.tables().get("t1", {}).get("seq", 0) > 0, timeout=30)
    pit.stop()
    away_from = last_seq(folder / "t1.db")
    wait_for(lambda: rounds_until(folder / "t1.db", last_seq(folder / "t1.db")) >
             rounds_until(folder / "t1.db", away_from), timeout=60)  # rounds the pit missed
    pit.start()
    upto = last_seq(folder / "t1.db")
    wait_for(lambda: pit.tables()["t1"]["seq"] >= upto, timeout=30)
    seen = [r for r in pit.get("/api/tables/t1/rounds?last=1000") if r["seq"] <= upto]
    assert len(seen) == rounds_until(folder / "t1.db", upto)


@needs_chromium
@pytest.mark.owns_leftovers("the pit it restarts is the floor fixture's, stopped with it")
def test_the_table_page_draws_its_roads_and_rounds_and_catches_up_after_a_pit_restart(
        floor: Floor) -> None:
    folder, _, pit, _ = floor
    journal = folder / "t1.db"
    driver = browser(folder, pit)
    try:
        driver.get(pit.url + "/tables/t1")
        wait_for(lambda: page_of_table(driver)["seq"] > 0, timeout=30)
        pit.stop()
        wait_for(lambda: "RECONNECTING" in driver.find_element("id", "connection").text,
                 timeout=20)
        away_from = last_seq(journal)
        wait_for(lambda: rounds_until(journal, last_seq(journal)) >
                 rounds_until(journal, away_from) + 2, timeout=60)  # rounds the pit missed
        pit.start()
        upto = last_seq(journal)
        # The page reconnects by itself and draws what the pit caught up on.
        wait_for(lambda: page_of_table(driver)["seq"] >= upto, timeout=30)
        shown = page_of_table(driver)
    finally:
        driver.quit()
    with reading(journal) as connection:
        events = [e for e in read_events(connection) if e.seq <= shown["seq"]]
    roads = Roads()  # the roads of the shoe in play, as the table's journal has them
    for event in events:
        match event.fact:
            case facts.RoundResult() as result:
                roads.add(Hand(result.winner, result.player_pair, result.banker_pair,
                               result.natural))
            case facts.RoadsCleared():
                roads.clear()
    assert roads.hands() > 0
    assert shown["bead_plate"] == [[c.col, c.row, c.winner] for c in roads.bead_plate()]
    assert shown["big_road"] == [[c.col, c.row, c.winner or "tie"] for c in roads.big_road()]
    for name in DERIVED_NAMES:
        assert shown[name] == [[m.col, m.row, m.color] for m in roads.derived_road(name)]
    assert shown["ask"] == {winner: [marks[name] for name in DERIVED_NAMES]
                            for winner, marks in roads.ask().items()}
    assert shown["hands"] == str(roads.hands())
    last_ten = recall_rounds(events)[-10:][::-1]
    assert shown["rounds"] == [[f"{r['shoe']}/{r['round']}", [card_face(c) for c in r["player"]],
                                [card_face(c) for c in r["banker"]]] for r in last_ten]


PAGE_OF_TABLE = """
const marks = svg => [...svg.querySelectorAll('g[data-col]')]
  .map(g => [Number(g.dataset.col), Number(g.dataset.row), g.dataset.mark]);
const page = {seq: Number(document.body.dataset.seq || 0), ask: {}};
for (const svg of document.querySelectorAll('.road-box svg.road')) {
  page[svg.dataset.road] = marks(svg);
}
for (const row of document.querySelectorAll('.ask-row')) {
  page.ask[row.dataset.winner] = [...row.querySelectorAll('svg.road')]
    .map(svg => { const m = marks(svg); return m.length ? m[0][2] : null; });
}
const hands = document.querySelector('#stats td');
page.hands = hands ? hands.innerText : '';
page.rounds = [...document.querySelectorAll('#rounds tbody tr[data-round]')].map(tr =>
  [tr.dataset.round, ...[...tr.querySelectorAll('td.cards')]
    .map(td => [...td.querySelectorAll('.card')].map(c => c.innerText))]);
return page;
"""


def page_of_table(driver: WebDriver) -> dict[str, Any]:
    """The table page's roads, ask road, hands and rounds as drawn, read in one step."""
    page: dict[str, Any] = driver.execute_script(PAGE_OF_TABLE)
    return page


def card_face(code: str) -> str:
    """A card as the page shows it: 'TH' is 10♥."""
    rank = "10" if code[:-1] == "T" else code[:-1]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def last_seq(journal: Path) -> int:
    seq: int = rows(journal, "SELECT max(seq) FROM events")[0][0]
    return seq


def rounds_until(journal: Path, seq: int) -> int:
    count: int = rows(journal, "SELECT count(*) FROM events WHERE type IN ('round_result', "
                      f"'round_voided') AND seq <= {seq}")[0][0]
    return count



@needs_chromium
def test_the_floor_page_shows_tiles_change_and_table_text_as_text(floor: Floor) -> None:
    folder, broker, pit, _ = floor
    publish_event(broker, HOSTILE, {"type": "hold", "seq": 1, "ts": "2026-12-01T20:00:00Z",
                                    "table": HOSTILE, "shoe": 1, "round": 1,
                                    "data": {"code": "impossible_card", "message": HOSTILE,
                                             "card": "AS", "raw": "AS", "source": "reader"},
                                    "prev_hash": "0" * 64, "hash": "1" * 64})
    driver = browser(folder, pit)
    try:
        driver.get(pit.url + "/")
        wait_for(lambda: tile_text(driver, "t1") and tile_text(driver, HOSTILE), timeout=30)
        driver.execute_script("window.sameLoad = true")
        for _ in range(3):  # rounds finish: the tile follows, the page is never reloaded
            before = tile_text(driver, "t1")
            wait_for(lambda seen=before: tile_text(driver, "t1") != seen, timeout=60)
        assert driver.execute_script("return window.sameLoad") is True
        # Its updates came by its open event stream: the page never asked the API.
        fetched = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        assert not [path for path in fetched if path.startswith("/api/")]
        assert driver.execute_script(
            "return stream instanceof EventSource && stream.readyState === EventSource.OPEN "
            "&& new URL(stream.url).pathname") == "/api/live"
        # What needs the supervisor first: t2 is offline with its alert, the hostile table
        # holds with one, t1 deals.
        assert [t for t in tile_order(driver) if t in ("t1", "t2", HOSTILE)] == [
            "t2", HOSTILE, "t1"]
        assert HOSTILE in tile_text(driver, HOSTILE)  # shown as text ...
        assert not driver.find_elements("css selector", ".floor img")  # ... never as markup
        driver.get(f"{pit.url}/tables/{quote(HOSTILE, safe='')}")  # and on its own page
        wait_for(lambda: HOSTILE in driver.find_element("id", "alerts").text, timeout=30)
        assert HOSTILE in driver.find_element("id", "table").text
        assert not driver.find_elements("css selector", "main img, header img")
        assert driver.title != "owned"
    finally:
        driver.quit()


@needs_chromium
def test_the_table_page_shows_the_scanner_and_the_exposure_course_of_a_watched_table(
        floor: Floor) -> None:
    folder, broker, pit, _ = floor
    courses = [{"player_pair": "0.951234", "lucky_six": rtp, "banker": "0.989000"}
               for rtp in ("0.870000", "0.940000", "1.021000")]
    publish_chain(broker, "watched", [
        *({"type": "exposure", "rtp": rtp, "cards_left": 300 - 20 * n}
          for n, rtp in enumerate(courses)),
        {"type": "scanner_alert", "misreads": 3, "cards": 120, "per_hundred": "2.5",
         "level": "2"},
        {"type": "scanner", "status": "disconnected", "reason": "unplugged"}])
    wait_for(lambda: pit.tables().get("watched", {}).get("seq") == 5, timeout=30)
    driver = browser(folder, pit)
    try:
        driver.get(pit.url + "/tables/watched")
        wait_for(lambda: driver.find_element("id", "surveillance").is_displayed(), timeout=30)
        chart = driver.find_element("id", "exposure")
        # The side bets' courses (not the main bets'), each named with its return now.
        assert len(chart.find_elements("css selector", "polyline")) == 2
        assert "lucky six 1.021" in chart.text and "player pair 0.951" in chart.text
        scanner = driver.find_element("id", "scanner").text
        assert "card reader disconnected" in scanner
        assert "3 misreads in 120 cards" in scanner
    finally:
        driver.quit()


def publish_chain(broker: Broker, table: str, events: list[dict[str, Any]]) -> None:
    """Events of a table of its own, chained as its feed would publish them."""
    chain = Chain(table)
    payloads = [chain.message(fields["type"], {key: value for key, value in fields.items()
                                               if key != "type"}) for fields in events]
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"{table}-publisher")
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    client.publish(f"baccarat/{table}/status", "online", qos=1, retain=True)
    for payload in payloads:
        client.publish(f"baccarat/{table}/events", payload, qos=1).wait_for_publish(10)
    client.disconnect()
    client.loop_stop()


def tile_order(driver: WebDriver) -> list[str]:
    order: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('.tile')].map(e => e.dataset.table)")
    return order


def tile_text(driver: WebDriver, table: str) -> str:
    """The tile's text as shown (read in one step: the page redraws its tiles)."""
    text: str = driver.execute_script(
        "const t = [...document.querySelectorAll('.tile')]"
        ".find(e => e.dataset.table === arguments[0]); return t ? t.innerText : '';", table)
    return text


def publish_event(broker: Broker, table: str, event: dict[str, Any]) -> None:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="hostile-publisher")
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    client.publish(f"baccarat/{table}/events", json.dumps(event), qos=1).wait_for_publish(10)
    client.disconnect()
    client.loop_stop()
