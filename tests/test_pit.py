"""The pit against a real Mosquitto and real table processes on the simulated shoe."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from tests.feed_support import Broker, feed_config, needs_mosquitto, table_process
from tests.journal_support import rows, wait_for
from tests.pit_support import Pit, browser

pytestmark = needs_mosquitto


@pytest.fixture(scope="module")
def floor(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pit")
    broker = Broker(folder)
    broker.start()
    pit = Pit(folder, broker)
    pit.start()
    tables = {name: table_process(feed_config(folder, broker, name), folder / f"{name}.db",
                                  f"sim://?seed={seed}&rate=20")
              for seed, name in enumerate(("t1", "t2"), start=3)}
    yield folder, broker, pit, tables
    for table in tables.values():
        if table.poll() is None:
            table.send_signal(signal.SIGTERM)
            table.wait(timeout=20)
    pit.stop()
    broker.stop()


def test_the_floor_lists_every_live_table_and_its_rounds_as_they_finish(floor):
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


def test_a_table_killed_turns_offline_with_an_alert(floor):
    _, _, pit, tables = floor
    wait_for(lambda: pit.tables().get("t2", {}).get("status") == "online", timeout=30)
    tables["t2"].send_signal(signal.SIGKILL)
    tables["t2"].wait(timeout=10)
    # The broker publishes the last will after the keep-alive runs out.
    wait_for(lambda: pit.tables()["t2"]["status"] == "offline", timeout=90)
    alerts = pit.get("/api/alerts")
    assert any(a["table"] == "t2" and a["kind"] == "offline" and a["open"] for a in alerts)


def test_the_pit_restarted_mid_shoe_has_every_round_it_missed(floor):
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


def last_seq(journal) -> int:
    return rows(journal, "SELECT max(seq) FROM events")[0][0]


def rounds_until(journal, seq: int) -> int:
    return rows(journal, "SELECT count(*) FROM events WHERE type IN ('round_result', "
                f"'round_voided') AND seq <= {seq}")[0][0]


needs_chromium = pytest.mark.skipif(
    not (Path("/usr/bin/chromium").exists() and Path("/usr/bin/chromedriver").exists()),
    reason="no chromium/chromedriver: install the Debian packages (make test does)")

HOSTILE = "<img src=x onerror=document.title='owned'>"


@needs_chromium
def test_the_floor_page_shows_tiles_change_and_table_text_as_text(floor):
    folder, broker, pit, _ = floor
    publish_event(broker, HOSTILE, {"type": "hold", "seq": 1, "ts": "2026-12-01T20:00:00Z",
                                    "table": HOSTILE, "shoe": 1, "round": 1,
                                    "code": "impossible_card", "message": HOSTILE,
                                    "card": "AS", "raw": "AS", "source": "reader",
                                    "prev_hash": "0" * 64, "hash": "1" * 64})
    driver = browser(folder)
    try:
        driver.get(pit.url + "/")
        wait_for(lambda: tile_text(driver, "t1") and tile_text(driver, HOSTILE), timeout=30)
        before = tile_text(driver, "t1")
        wait_for(lambda: tile_text(driver, "t1") != before, timeout=60)
        assert HOSTILE in tile_text(driver, HOSTILE)  # shown as text ...
        assert not driver.find_elements("css selector", ".floor img")  # ... never as markup
        assert driver.title != "owned"
        driver.save_screenshot(str(folder / "floor.png"))
    finally:
        driver.quit()


def tile_text(driver, table: str) -> str:
    """The tile's text as shown (read in one step: the page redraws its tiles)."""
    return driver.execute_script(
        "const t = [...document.querySelectorAll('.tile')]"
        ".find(e => e.dataset.table === arguments[0]); return t ? t.innerText : '';", table)


def publish_event(broker, table: str, event: dict) -> None:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="hostile-publisher")
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    client.publish(f"baccarat/{table}/events", json.dumps(event), qos=1).wait_for_publish(10)
    client.disconnect()
    client.loop_stop()
