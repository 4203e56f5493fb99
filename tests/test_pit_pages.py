"""The pit's pages as the server renders them: the floor whole from the server and its tiles
kept by fragments over its event stream, an alert's link landing on its event, and table ids
made up by retained status kept off the floor. A real Mosquitto, the pit's own web server and
headless Chromium."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from pit.clock import iso
from pit.pages import when_text
from pit.users import Users
from tests.support.clock import ManualWallClock
from tests.support.feed import Broker, needs_mosquitto
from tests.support.journal import wait_for
from tests.support.pit import browser, log_in
from tests.support.pit_alerts import (
    PASSWORD,
    READER,
    START,
    USER,
    LivePit,
    Table,
    live_pit,
    module_broker,
)
from tests.test_pit import needs_chromium
from tests.test_pit_alerts import a_hold, seq_of, tables

if TYPE_CHECKING:
    from selenium.webdriver import Chrome

pytestmark = needs_mosquitto
__all__ = ["live_pit", "module_broker", "tables"]


def csp_refusals(driver: Chrome) -> list[str]:
    # selenium leaves get_log unannotated
    return [entry["message"]
            for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"]]


@needs_chromium
def test_the_floor_page_comes_whole_from_the_server_and_its_tiles_change_in_place(
        pit: LivePit, tables: Callable[[str], Table], tmp_path: Path) -> None:
    dealing, held = tables("p-deal"), tables("p-held")
    for table in (dealing, held):
        table.status("online")
    dealing.result(pit.clock(), 1)
    held.hold(pit.clock(), "card 7H read twice")
    wait_for(lambda: seq_of(pit, "p-deal") == 1 and seq_of(pit, "p-held") == 1, timeout=20)
    client = pit.client()
    client.log_in()
    page = client.request("/").body
    # The tiles are in the page as it comes, what needs the supervisor first.
    assert page.index('data-table="p-held"') < page.index('data-table="p-deal"')
    assert "card 7H read twice" in page and "PLAYER" in page
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/")
        log_in(driver, USER, PASSWORD)
        tile = '.tile[data-table="p-deal"]'
        wait_for(lambda: driver.find_elements("css selector", f"{tile} svg.road"), timeout=20)
        wait_for(lambda: driver.find_element("id", "connection").text == "LIVE", timeout=20)
        driver.execute_script(f"window.kept = document.querySelector('{tile}')")
        dealing.result(pit.clock(), 2)
        wait_for(lambda: driver.find_element("css selector", tile).get_attribute("data-seq")
                 == "2", timeout=20)
        # The same tile, changed where it changed: never drawn anew (no flicker, no lost focus).
        assert driver.execute_script(f"return window.kept === document.querySelector('{tile}')")
        assert "round 2" in driver.find_element("css selector", f"{tile} .meta").text
        marks = driver.find_element("css selector", f"{tile} svg.road.big_road")
        assert marks.get_attribute("data-marks") == "2"
        assert driver.find_element("css selector", ".tile").get_attribute(
            "data-table") == "p-held"
        assert csp_refusals(driver) == []
    finally:
        driver.quit()


@needs_chromium
def test_an_alerts_link_to_its_event_lands_on_that_event_on_the_table_page(
        pit: LivePit, tables: Callable[[str], Table], tmp_path: Path) -> None:
    table = tables("e1")
    table.status("online")
    for round_ in range(1, 12):
        table.result(pit.clock(), round_)
    alert = a_hold(pit, table, "card 9S read twice")
    driver = browser(tmp_path)
    try:
        driver.set_window_size(1200, 700)
        driver.get(pit.url + "/alerts")
        log_in(driver, USER, PASSWORD)
        link = f'.alert[data-alert="{alert["id"]}"] a.event'
        wait_for(lambda: driver.find_elements("css selector", link), timeout=20)
        driver.find_element("css selector", link).click()
        wait_for(lambda: "/tables/e1" in driver.current_url, timeout=20)
        wait_for(lambda: driver.execute_script("return document.readyState") == "complete",
                 timeout=20)
        assert driver.current_url.endswith(f"#event-{alert['seq']}")
        target = driver.execute_script(
            "const t = document.querySelector(':target'); if (!t) return null;"
            "const box = t.getBoundingClientRect();"
            "return [t.id, t.innerText, box.top >= 0 && box.top < innerHeight];")
        assert target is not None, "no element of the page is the link's event"
        anchor, text, in_sight = target
        assert anchor == f"event-{alert['seq']}" and in_sight
        assert "HOLD" in text and "card 9S read twice" in text and "AS" in text
        # Its time with date and zone, in the pit's own, as the queue writes times.
        assert when_text(iso(pit.clock())) in text
        assert csp_refusals(driver) == []
        # An event the pit does not have says so, on the same spot.
        driver.get(f"{pit.url}/tables/e1?event=999#event-999")
        assert "no event 999" in driver.find_element("id", "event-999").text
    finally:
        driver.quit()
    # An exposure event's fields, as everywhere, only to surveillance.
    seq = table.event("exposure", pit.clock(), rtp={"lucky_six": "1.0213"}, cards_left=300)
    wait_for(lambda: seq_of(pit, "e1") == seq, timeout=20)
    supervisor, surveillance = pit.client(), pit.client()
    supervisor.log_in()
    surveillance.log_in(READER, PASSWORD)
    assert "1.0213" in surveillance.request(f"/tables/e1?event={seq}").body
    page = supervisor.request(f"/tables/e1?event={seq}").body
    assert f'id="event-{seq}"' in page and "1.0213" not in page


@pytest.fixture
def roomy_broker(tmp_path: Path) -> Iterator[Broker]:
    """A broker that queues a flood of retained messages whole for the pit."""
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Broker(folder, extra="allow_anonymous true\nmax_queued_messages 100000\n"
                                  "max_inflight_messages 0")
    broker.start()
    yield broker
    broker.stop()


MADE_UP = 5000


@needs_chromium
def test_five_thousand_ids_made_up_by_retained_status_stay_off_the_floor(roomy_broker: Broker,
                                                                          tmp_path: Path) -> None:
    pit = LivePit(tmp_path, roomy_broker, ManualWallClock(START))
    real = [Table(roomy_broker, name) for name in ("r1", "r2")]
    try:
        for table in real:
            table.status("online")
            table.result(pit.clock(), 1)
        junk = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="made-up")
        junk.connect("127.0.0.1", roomy_broker.port)
        junk.loop_start()
        for n in range(MADE_UP):
            sent = junk.publish(f"baccarat/made-up-{n}/status", b"online", qos=1, retain=True)
        sent.wait_for_publish(60)
        junk.publish("baccarat/made-up-state/state", b'{"phase": "betting"}', qos=1,
                     retain=True).wait_for_publish(10)
        wait_for(lambda: pit.floor.unlisted() == MADE_UP + 1, timeout=60)
        assert {t["table"] for t in pit.reader().json("/api/tables")} == {"r1", "r2"}
        pit.restart()  # their retained messages come again with every start
        wait_for(lambda: pit.floor.unlisted() == MADE_UP + 1, timeout=60)
        assert {t["table"] for t in pit.reader().json("/api/tables")} == {"r1", "r2"}
        driver = browser(tmp_path)
        try:
            driver.get(pit.url + "/")
            log_in(driver, USER, PASSWORD)
            wait_for(lambda: driver.find_element("id", "connection").text == "LIVE",
                     timeout=20)
            shown = driver.execute_script(
                "return [...document.querySelectorAll('.tile')].map(t => t.dataset.table)")
            assert sorted(shown) == ["r1", "r2"]
            assert "5,001 table ids" in driver.find_element("id", "unlisted").text
        finally:
            driver.quit()
        # One that publishes an event is a table: on the floor, with its status.
        made_up = Table(roomy_broker, "made-up-7")
        made_up.result(pit.clock(), 1)
        wait_for(lambda: "made-up-7" in {t["table"] for t in
                                         pit.reader().json("/api/tables")}, timeout=20)
        assert pit.reader().json("/api/tables/made-up-7")["status"] == "online"
        assert pit.floor.unlisted() == MADE_UP
        made_up.client.disconnect()
        made_up.client.loop_stop()
        junk.disconnect()
        junk.loop_stop()
    finally:
        for table in real:
            table.close()
        pit.stop()


@needs_chromium
def test_the_table_page_comes_whole_from_the_server_and_changes_in_place(
    pit: LivePit, tables: Callable[[str], Table], tmp_path: Path
) -> None:
    table = tables("w1")
    table.status("online")
    table.result(pit.clock(), 1)
    alert = a_hold(pit, table, "card 7H read twice")
    client = pit.client()
    client.log_in()
    page = client.request("/tables/w1").body
    # Its summary, rounds, statistics, scanner and alerts are in the page as it comes.
    assert "HOLD impossible_card: card 7H read twice" in page
    assert 'data-round="1/1"' in page and "card reader connected" in page
    assert f'href="?event={alert["seq"]}#event-{alert["seq"]}"' in page
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/tables/w1")
        log_in(driver, USER, PASSWORD)
        wait_for(lambda: driver.find_elements("css selector", "#big_road svg.road"), timeout=20)
        wait_for(lambda: driver.find_element("id", "connection").text == "LIVE", timeout=20)
        driver.execute_script("window.kept = document.getElementById('scanner')")
        table.event("hold_cleared", pit.clock(), by="supervisor 7", action="void")
        table.result(pit.clock(), 2)
        wait_for(lambda: driver.execute_script("return document.body.dataset.seq")
                 == str(table.seq), timeout=20)
        rows = driver.execute_script("return [...document.querySelectorAll("
                                     "'#rounds tbody tr[data-round]')].map(r => r.dataset.round)")
        assert rows == ["1/2", "1/1"]  # newest first
        assert "HOLD" not in driver.find_element("id", "summary").text
        # What did not change stays as it was: the same element.
        assert driver.execute_script("return window.kept === document.getElementById('scanner')")
        link = driver.find_element("css selector", "#alerts a.event")
        link.click()
        wait_for(lambda: driver.execute_script(
            "const t = document.querySelector(':target'); return t && t.id") ==
            f"event-{alert['seq']}", timeout=20)
        assert csp_refusals(driver) == []
    finally:
        driver.quit()


def test_a_supervisor_retires_every_table_dark_for_days_at_once_audited(
    pit: LivePit, tables: Callable[[str], Table]
) -> None:
    gone, closed, dealing, recent = (tables(name) for name in ("d-gone", "d-closed",
                                                               "d-deal", "d-recent"))
    for table in (gone, closed, dealing):
        table.status("online")
        table.result(pit.clock(), 1)
    closed.status("offline")
    gone.status("offline")
    pit.clock.advance(40 * 86400)  # forty days on: only the dealing table is online
    recent.status("offline")
    recent.result(pit.clock(), 1)  # dark, but its last event is today's
    wait_for(lambda: seq_of(pit, "d-recent") == 1 and pit.reader().json(
        "/api/tables/d-gone")["status"] == "offline", timeout=20)
    Users(pit.users_file).add("vic", PASSWORD, "viewer")
    viewer, supervisor = pit.client(), pit.client()
    viewer.log_in("vic", PASSWORD)
    supervisor.log_in()
    assert 'id="retire-dark"' in supervisor.request("/").body
    assert 'id="retire-dark"' not in viewer.request("/").body
    form = {"csrf": supervisor.session_token(), "days": "30"}
    assert viewer.request("/floor/retire-dark", {**form, "csrf": viewer.session_token()}
                          ).status == 403
    assert supervisor.request("/floor/retire-dark", {"days": "30"}).status == 403
    assert supervisor.request("/floor/retire-dark", {**form, "days": "soon"}).status == 400
    answer = supervisor.request("/floor/retire-dark", form)
    assert answer.status == 303
    assert {t["table"] for t in pit.reader().json("/api/tables")} == {"d-deal", "d-recent"}
    at = "2027-01-10T20:00:00.000Z"  # who and when, for each
    assert pit.store.retired() == {"d-gone": (USER, at), "d-closed": (USER, at)}


@needs_chromium
def test_the_queue_changes_an_alert_in_place_and_a_note_being_typed_stays(
    pit: LivePit, tables: Callable[[str], Table], tmp_path: Path
) -> None:
    table = tables("q1")
    alert = a_hold(pit, table, "card 7H read twice")
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/alerts")
        log_in(driver, USER, PASSWORD)
        row = f'#open .alert[data-alert="{alert["id"]}"]'
        wait_for(lambda: driver.find_elements("css selector", row), timeout=20)
        note = driver.find_element("css selector", f"{row} input[name=note]")
        note.send_keys("shoe pulled, dealer")
        table.hold(pit.clock(), "card 8H not in this shoe")  # the same hold goes on
        # Read in one step: the row's changed parts are replaced as the page takes them.
        wait_for(lambda: "raised 2 times" in driver.execute_script(
            "return document.querySelector(arguments[0]).innerText", f"{row} .repeats"),
            timeout=20)
        assert driver.execute_script("return document.activeElement === arguments[0]", note)
        assert note.get_attribute("value") == "shoe pulled, dealer"
        details = driver.find_element("css selector", f"{row} .details").text
        assert "card 8H not in this shoe" in details
        form = driver.find_element("css selector", f"{row} form.ack")
        assert form.find_element("name", "csrf").get_attribute("value")  # the page's own
        assert form.find_element("name", "back").get_attribute("value") == "/alerts"
    finally:
        driver.quit()
