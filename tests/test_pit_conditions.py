"""Alerts as conditions: one alert for each open condition at a table (a hold, an offline
spell, a silence, a feed problem...), updated while it lasts and raised once across repeats
and pit restarts; the queue grouped by table with an acknowledge-all, filtered, each alert
linking to its table and event. A real Mosquitto, a real SQLite store, the pit's own web
server and headless Chromium."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from controller.game.profiles import load_profile
from pit.users import Users
from pit.watch import Watch
from tests.support.clock import ManualWallClock
from tests.support.feed import Broker, Mqtt311Only, needs_mosquitto
from tests.support.journal import wait_for
from tests.support.pit import browser, log_in
from tests.support.pit_alerts import (
    PASSWORD,
    READER,
    START,
    USER,
    Client,
    LivePit,
    Table,
    live_pit,
    module_broker,
)
from tests.test_pit import needs_chromium
from tests.test_pit_alerts import a_hold, open_rows, seq_of, tables

pytestmark = needs_mosquitto
__all__ = ["live_pit", "module_broker", "tables"]

def viewer_and_supervisor(pit: LivePit) -> tuple[Client, Client]:
    """Two browsers' worth of HTTP logged in: a viewer's (a new user) and the supervisor's."""
    Users(pit.users_file).add("vic", PASSWORD, "viewer")
    viewer, supervisor = pit.client(), pit.client()
    viewer.log_in("vic", PASSWORD)
    supervisor.log_in()
    return viewer, supervisor


CARDS = ["AS", "KD", "7H", "2C", "9S", "TD", "4H", "QC", "5D", "8S"]


def test_a_hold_while_the_scanner_keeps_passing_cards_is_one_alert_listing_them(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    table = tables("h1")
    first = a_hold(pit, table, "card AS not in this shoe")
    for n in range(289):  # about two and a half minutes of a scanner passing cards
        pit.clock.advance(0.5)
        table.event("hold", pit.clock(), code="impossible_card", message="card not in shoe",
                    card=CARDS[n % 10], raw=CARDS[n % 10], source="reader")
    wait_for(lambda: seq_of(pit, "h1") == table.seq, timeout=30)
    (alert,) = pit.alerts("hold")
    assert alert["id"] == first["id"] and alert["open"] and alert["lasting"]
    assert alert["repeats"] == 289 and alert["last_seq"] == table.seq
    assert alert["updated"] == "2026-12-01T20:02:24.500Z"
    assert len(alert["details"]) == 20  # the newest held cards, each with its seq
    assert alert["details"][-1] == f"seq {table.seq}: {CARDS[288 % 10]}: card not in shoe"
    table.event("hold_cleared", pit.clock(), by="supervisor 7", action="void")
    table.hold(pit.clock(), "card 7H read twice")  # a hold of its own: a new alert
    wait_for(lambda: len(pit.alerts("hold")) == 2, timeout=20)
    assert [a["lasting"] for a in pit.alerts("hold")] == [True, False]  # newest first


def test_a_pit_restarted_does_not_raise_offline_again_for_a_table_still_offline(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    table = tables("o1")
    table.status("online")
    table.event("betting_open", pit.clock(), state="betting", closed_bets=[])
    table.status("offline")
    wait_for(lambda: pit.status("o1") == "offline", timeout=20)
    pit.offline_lasts()
    client = pit.client()
    client.log_in()
    (alert,) = pit.alerts("offline")
    client.request(f"/alerts/{alert['id']}/ack", {"csrf": client.session_token()})
    for _ in range(2):  # its retained status comes again with every start
        pit.restart()
        wait_for(lambda: "o1" in {t["table"] for t in pit.reader().json("/api/tables")},
                 timeout=20)
        wait_for(lambda: pit.reader().json("/api/tables/o1")["status"] == "offline", timeout=20)
        pit.offline_lasts()
    assert [a["id"] for a in pit.alerts("offline")] == [alert["id"]]
    table.status("online")  # the spell is over: the next is told
    wait_for(lambda: not pit.alerts("offline")[0]["lasting"], timeout=20)
    table.status("offline")
    wait_for(lambda: pit.status("o1") == "offline", timeout=20)
    pit.offline_lasts()
    assert len(pit.alerts("offline")) == 2


@pytest.mark.parametrize("protocol", ["5", "3.1.1"])
def test_a_pit_away_gets_every_event_it_missed_once_in_order_on_either_mqtt_version(
        tmp_path: Path, broker: Broker, tables: Callable[[str], Table], protocol: str) -> None:
    """Its persistent session (MQTT 5: clean start off and an expiry; 3.1.1: clean session
    off) kept what came while it was stopped; the retained status and will say the rest."""
    pit = LivePit(tmp_path, broker, ManualWallClock(START), protocol=protocol,
                  client_id=f"pit-{protocol}")
    try:
        table = tables(f"v{protocol[0]}")
        name = table.table
        table.status("online")
        table.result(pit.clock(), 1)
        wait_for(lambda: seq_of(pit, name) == 1, timeout=20)
        pit.stop()
        for round_ in (2, 3, 4):  # while the pit is away
            table.result(pit.clock(), round_)
        table.status("offline")
        pit.start()
        wait_for(lambda: seq_of(pit, name) == 4, timeout=20)
        rounds = pit.reader().json(f"/api/tables/{name}/rounds?last=10")
        assert [r["round"] for r in rounds] == [1, 2, 3, 4]
        assert pit.reader().json(f"/api/tables/{name}")["status"] == "offline"
        pit.offline_lasts()
        assert [a["kind"] for a in pit.alerts()] == ["offline"]  # no gap, no repeat
    finally:
        pit.stop()


def test_a_pit_on_mqtt_5_refused_by_a_broker_without_it_says_so_once_naming_url_and_version(
        tmp_path: Path, broker: Broker, caplog: pytest.LogCaptureFixture) -> None:
    old_broker = Mqtt311Only(broker)
    try:
        pit = LivePit(tmp_path, old_broker, ManualWallClock(START), protocol="5")
        try:
            wait_for(lambda: pit.link.state == "refused", timeout=20)
        finally:
            pit.stop()
    finally:
        old_broker.close()
    said = [r.getMessage() for r in caplog.records if "refused MQTT" in r.getMessage()]
    assert said == [f"pit: the broker at {old_broker.url} refused MQTT 5: "
                    f"{pit.link.detail} (see protocol); trying again every 10 s"]


def test_a_table_not_heard_of_for_offline_after_seconds_is_offline_and_its_tile_says_why(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    """Its will may never come (a clustered broker's node holding its connection died): the
    heartbeat's silence tells. Back online with the next word from it."""
    table = tables("b1")
    table.status("online")
    table.event("betting_open", pit.clock(), state="betting", closed_bets=[])
    wait_for(lambda: seq_of(pit, "b1") == table.seq and pit.link.state == "connected",
             timeout=20)
    watch = Watch(pit.floor, pit.link)
    pit.clock.advance(25)
    table.heartbeat(pit.clock())
    wait_for(lambda: pit.floor.tables["b1"].alive_at == pit.clock(), timeout=20)
    pit.clock.advance(29)  # 54 s since its last event, 29 since its heartbeat
    watch.check()
    assert pit.reader().json("/api/tables/b1")["status"] == "online"
    assert not pit.alerts("offline")
    pit.clock.advance(2)
    watch.check()
    tile = pit.reader().json("/api/tables/b1")
    assert (tile["status"], tile["offline_why"]) == ("offline", "not heard for 30 s (no "
                                                                "heartbeat)")
    (alert,) = pit.alerts("offline")
    assert alert["message"] == "table b1 went offline: not heard for 30 s (no heartbeat)"
    table.heartbeat(pit.clock())  # there after all
    wait_for(lambda: pit.reader().json("/api/tables/b1")["status"] == "online", timeout=20)
    assert not pit.alerts("offline")[0]["lasting"]
    assert pit.reader().json("/api/tables/b1")["offline_why"] == ""


def test_twenty_thousand_junk_messages_make_one_open_alert(pit: LivePit,
                                                           tables: Callable[[str], Table]) -> None:
    table = tables("j1")
    for n in range(20_000):  # in bursts the broker's queue for the pit holds whole
        table.client.publish("baccarat/j1/events", f"junk {n}".encode(), qos=1)
        if n % 500 == 499:
            wait_for(lambda n=n: pit.alerts("feed") and pit.alerts("feed")[0]["repeats"] == n,
                     timeout=30)
    (alert,) = pit.alerts("feed")
    assert alert["open"] and "junk 0" in alert["message"]
    assert len(alert["details"]) == 20 and "junk 19999" in alert["details"][-1]
    client = pit.client()
    client.log_in()
    assert client.request(f"/alerts/{alert['id']}/ack", {"csrf": client.session_token()}
                          ).status == 303
    table.client.publish("baccarat/j1/events", b"more junk", qos=1).wait_for_publish(10)
    wait_for(lambda: len(pit.alerts("feed")) == 2, timeout=20)  # after it, a new one


def test_a_supervisor_acknowledges_every_open_alert_of_a_table_at_once(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    a1, a2 = tables("a1"), tables("a2")
    a_hold(pit, a1)
    a1.client.publish("baccarat/a1/events", b"not an event", qos=1).wait_for_publish(10)
    a_hold(pit, a2)
    wait_for(lambda: len(pit.alerts()) == 3, timeout=20)
    viewer, client = viewer_and_supervisor(pit)
    assert viewer.request("/tables/a1/alerts/ack", {"csrf": viewer.session_token()}
                          ).status == 403
    assert client.request("/tables/a1/alerts/ack", {"note": "no token"}).status == 403
    answer = client.request("/tables/a1/alerts/ack", {"csrf": client.session_token(),
                                                      "note": "shoe changed"})
    assert answer.status == 303
    assert {(a["table"], a["open"]) for a in pit.alerts()} == {
        ("a1", False), ("a2", True)}
    assert {a["note"] for a in pit.alerts() if a["table"] == "a1"} == {"shoe changed"}
    assert {a["acked_by"] for a in pit.alerts() if a["table"] == "a1"} == {USER}
    assert client.request("/tables/a1/alerts/ack", {"csrf": client.session_token()}
                          ).status == 409


@needs_chromium
def test_the_queue_groups_by_table_filters_and_links_each_alert_to_its_event(
        pit: LivePit, tables: Callable[[str], Table], tmp_path: Path) -> None:
    hold = a_hold(pit, tables("g1"))
    a_hold(pit, tables("g2"))
    g2 = tables("g2b")
    g2.client.publish("baccarat/g2b/events", b"not an event", qos=1).wait_for_publish(10)
    wait_for(lambda: len(pit.alerts()) == 3, timeout=20)
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/alerts")
        log_in(driver, USER, PASSWORD)
        wait_for(lambda: len(open_rows(driver)) == 3, timeout=20)
        groups = driver.execute_script(
            "return [...document.querySelectorAll('#open .group')].map(g => "
            "[g.dataset.table, g.querySelectorAll('.alert').length, "
            "!!g.querySelector('form.ack.all')])")
        assert sorted(groups) == [["g1", 1, True], ["g2", 1, True], ["g2b", 1, True]]
        link = driver.find_element("css selector", f'.alert[data-alert="{hold["id"]}"] a.event')
        seq = hold["seq"]
        assert link.get_attribute("href") == f"{pit.url}/tables/g1?event={seq}#event-{seq}"
        raised = driver.find_element(
            "css selector", f'.alert[data-alert="{hold["id"]}"] .raised').text
        assert "2026" in raised and "UTC" in raised  # the date and the zone
        driver.find_element("id", "filter-severity").send_keys("urgent")
        driver.find_element("css selector", "#filters button").click()
        wait_for(lambda: "severity=urgent" in driver.current_url
                 and len(open_rows(driver)) == 2, timeout=20)
        assert not driver.find_elements("css selector", '#open .group[data-table="g2b"]')
        form = driver.find_element("css selector", '#open .group[data-table="g1"] form.ack.all')
        form.find_element("css selector", "button").click()
        wait_for(lambda: "severity=urgent" in driver.current_url
                 and len(open_rows(driver)) == 1, timeout=20)
        assert not [a for a in pit.alerts() if a["table"] == "g1" and a["open"]]
    finally:
        driver.quit()


@pytest.mark.parametrize("query", ["?kind=hold", "?table=g1", "?severity=urgent"])
def test_the_queue_api_takes_the_same_filters(pit: LivePit, tables: Callable[[str], Table],
                                              query: str) -> None:
    a_hold(pit, tables("g1"))
    a_hold(pit, tables("g3"))
    tables("g4").client.publish("baccarat/g4/events", b"junk", qos=1).wait_for_publish(10)
    wait_for(lambda: len(pit.alerts()) == 3, timeout=20)
    shown = pit.reader().json("/api/alert-queue" + query)["open"]
    expected = {"?kind=hold": {"g1", "g3"}, "?table=g1": {"g1"},
                "?severity=urgent": {"g1", "g3"}}[query]
    assert {a["table"] for a in shown} == expected




@needs_chromium
def test_the_floor_tiles_say_silent_in_amber_offline_since_when_and_why_a_table_holds(
        pit: LivePit, tables: Callable[[str], Table], tmp_path: Path) -> None:
    quiet, dark, held = tables("f-quiet"), tables("f-dark"), tables("f-held")
    for table in (quiet, dark, held):
        table.status("online")
    quiet.event("shoe_started", pit.clock(), decks=8, profile="classic",
                profile_source="shipped", betting="land", by="dealer 4",
                profile_terms=load_profile("classic").terms())  # the limits come from these
    held.hold(pit.clock(), "card 7H read twice", code="duplicate_card")
    dark.event("state", pit.clock(), state="betting", previous="awaiting_shuffle")
    dark.status("offline")
    wait_for(lambda: pit.alerts("hold") and seq_of(pit, "f-quiet") == 1
             and pit.status("f-dark") == "offline", timeout=20)
    pit.clock.advance(120)
    pit.watch.check()
    assert [a["table"] for a in pit.alerts("offline")] == ["f-dark"]
    driver: WebDriver = browser(tmp_path)
    try:
        driver.get(pit.url + "/")
        log_in(driver, USER, PASSWORD)
        wait_for(lambda: driver.find_elements("css selector", '.tile[data-table="f-held"]'),
                 timeout=20)

        def tile(table: str, part: str = "") -> WebElement:
            return driver.find_element("css selector", f'.tile[data-table="{table}"] {part}')

        wait_for(lambda: "silent" in (tile("f-quiet").get_attribute("class") or ""), timeout=20)
        amber = driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor",
                                      tile("f-quiet"))
        red = driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor",
                                    tile("f-dark"))
        assert (amber, red) == ("rgb(58, 49, 21)", "rgb(58, 29, 31)")  # amber, as docs say
        # The pit's clock and time zone: the same day, so no date.
        assert tile("f-dark", ".status").text == (
            f"OFFLINE SINCE {START.astimezone():%H:%M}")
        assert tile("f-held", ".phase").text.endswith(": card 7H read twice")
        assert "0.10–10,000.00" in tile("f-quiet", ".meta").text
        driver.get(pit.url + "/tables/f-quiet")  # and on its own page
        wait_for(lambda: "0.10–10,000.00" in driver.find_element("id", "summary").text,
                 timeout=20)
    finally:
        driver.quit()


@needs_chromium
def test_the_table_pages_road_boxes_take_the_keyboard_and_its_summary_is_a_landmark(
        pit: LivePit, tables: Callable[[str], Table], tmp_path: Path) -> None:
    a_hold(pit, tables("k1"))
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/tables/k1")
        log_in(driver, USER, PASSWORD)
        wait_for(lambda: driver.find_element("id", "summary").text, timeout=20)
        reached = driver.execute_script(
            "const boxes = [...document.querySelectorAll('.road-box')];"
            "return boxes.map(b => { b.focus(); return document.activeElement === b"
            " && b.tabIndex === 0 && !!b.getAttribute('aria-label'); });")
        assert reached == [True] * 5  # scrollable, so each is reached by Tab (axe)
        summary = driver.find_element("id", "summary")
        assert (summary.tag_name, summary.get_attribute("aria-label")) == ("section", "Summary")
        assert "card AS not in this shoe" in summary.text
    finally:
        driver.quit()


def test_a_supervisor_retires_a_table_id_until_it_publishes_again(pit: LivePit,
                                                                  tables: Callable[[str], Table],
                                                                  tmp_path: Path) -> None:
    made_up = [tables(f"junk-{n}") for n in range(3)]  # ids nobody deals at
    for table in made_up:
        table.status("online")
        table.event("state", pit.clock(), state="betting", previous="awaiting_shuffle")
    wait_for(lambda: len(pit.reader().json("/api/tables")) == 3, timeout=20)
    viewer, client = viewer_and_supervisor(pit)
    assert viewer.request("/tables/junk-0/retire", {"csrf": viewer.session_token()}
                          ).status == 403
    assert client.request("/tables/junk-0/retire", {}).status == 403  # no CSRF token
    assert 'id="retire"' in client.request("/tables/junk-0").body
    assert 'id="retire"' not in viewer.request("/tables/junk-0").body
    pit.clock.advance(60)
    answer = client.request("/tables/junk-0/retire", {"csrf": client.session_token()})
    assert answer.status == 303
    assert client.request("/tables/nothing/retire", {"csrf": client.session_token()}
                          ).status == 404
    assert {t["table"] for t in pit.reader().json("/api/tables")} == {"junk-1", "junk-2"}
    assert pit.store.retired() == {"junk-0": (USER, "2026-12-01T20:01:00.000Z")}  # audited
    pit.restart()  # its retained status comes again: it stays retired
    wait_for(lambda: {t["table"] for t in pit.reader().json("/api/tables")} == {
        "junk-1", "junk-2"}, timeout=20)
    made_up[0].event("state", pit.clock(), state="betting", previous="betting")  # back
    wait_for(lambda: "junk-0" in {t["table"] for t in pit.reader().json("/api/tables")},
             timeout=20)
    assert pit.store.retired() == {}


@needs_chromium
def test_the_exposure_charts_legend_is_whole(pit: LivePit, tables: Callable[[str], Table],
                                             tmp_path: Path) -> None:
    table = tables("x1")
    table.status("online")
    bets = ["dragon_bonus_player", "dragon_bonus_banker", "player_pair", "banker_pair",
            "perfect_pair", "either_pair", "big", "small"]
    for n, left in enumerate((416, 300, 200, 60)):
        table.event("exposure", pit.clock(), rtp={b: f"{1.05 - i * 0.01 + n * 0.001:.4f}"
                                                 for i, b in enumerate(bets)},
                    cards_left=left)
    wait_for(lambda: seq_of(pit, "x1") == table.seq, timeout=20)
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/tables/x1")
        log_in(driver, READER, PASSWORD)
        legend = '#exposure text[font-size="15"]'  # the bets' names beside their lines
        wait_for(lambda: len(driver.find_elements("css selector", legend)) == 8, timeout=20)
        outside = driver.execute_script(
            "const svg = document.querySelector('#exposure svg');"
            "const box = svg.viewBox.baseVal;"
            "return [...svg.querySelectorAll('text[font-size=\"15\"]')].filter(t => {"
            " const b = t.getBBox();"
            " return b.x < 0 || b.y < 0 || b.x + b.width > box.width"
            " || b.y + b.height > box.height; }).map(t => t.textContent);")
        assert outside == []
    finally:
        driver.quit()
