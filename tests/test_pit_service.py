"""``baccarat-table pit`` as a service, in its own process against a real Mosquitto: one pit
to a store, a bad store in one line, a broker waited for, a client id taken said once, a
clean stop on SIGTERM with a page open, and where it listens."""

from __future__ import annotations

import signal
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion
from selenium.webdriver.remote.webdriver import WebDriver

from tests.support.feed import Broker, needs_mosquitto
from tests.support.journal import wait_for
from tests.support.pit import Pit, browser
from tests.test_pit import needs_chromium, publish_chain

pytestmark = needs_mosquitto


@pytest.fixture
def pit(tmp_path: Path, broker: Broker) -> Iterator[Pit]:
    pit = Pit(tmp_path, broker)
    pit.start()
    yield pit
    pit.stop()


def refused(pit: Pit, *options: str) -> subprocess.CompletedProcess[bytes]:
    """The pit run to its end (it must end by itself), its output kept apart from the log."""
    process = pit.launch(*options)
    process.wait(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode)


def last_lines(pit: Pit, count: int) -> list[str]:
    return pit.log().splitlines()[-count:]


def test_a_second_pit_on_the_same_store_is_refused_in_one_line(pit: Pit, broker: Broker,
                                                               tmp_path: Path) -> None:
    second = Pit(tmp_path, broker, client_id="pit-second", users="second-users")
    before = second.log()
    ended = refused(second)
    told = second.log()[len(before):]
    assert ended.returncode == 2
    assert pit.process is not None  # started by the fixture
    assert told == (f"baccarat-table pit: error: {tmp_path / 'pit.sqlite'}: in use by another "
                    f"pit (process {pit.process.pid}): one pit to a store; stop that one, or "
                    "give this one a --store of its own\n")
    assert pit.get("/api/status")["broker"]["state"] == "connected"  # the first one goes on


def test_a_store_that_is_not_a_database_is_one_line(broker: Broker, tmp_path: Path) -> None:
    (tmp_path / "pit.sqlite").write_bytes(b"these are my notes, not a database\n" * 200)
    pit = Pit(tmp_path, broker)
    ended = refused(pit)
    assert ended.returncode == 2
    (line,) = pit.log().splitlines()
    assert line.startswith(f"baccarat-table pit: error: {tmp_path / 'pit.sqlite'}: not the "
                           "pit's store (an SQLite database): ")


def test_a_port_in_use_is_one_line(broker: Broker, tmp_path: Path) -> None:
    pit = Pit(tmp_path, broker)
    with socket.create_server(("127.0.0.1", pit.port)):  # another program has the port
        ended = refused(pit)
    assert ended.returncode == 2
    assert pit.log().splitlines() == [
        f"baccarat-table pit: error: pit: cannot listen on 127.0.0.1:{pit.port}: Address "
        "already in use"]


@needs_chromium
def test_a_broker_not_up_yet_is_waited_for_and_the_pit_says_where_it_listens(
        tmp_path: Path) -> None:
    broker = Broker(tmp_path)  # not started: the pit's machine came up first
    pit = Pit(tmp_path, broker)
    pit.start()
    driver = browser(tmp_path, pit)
    try:
        assert f"pit: listening on http://127.0.0.1:{pit.port} " in pit.log()
        status = pit.get("/api/status")["broker"]
        assert status["state"] == "unreachable" and status["url"] == broker.url
        assert pit.log().count("does not answer") == 1
        driver.get(pit.url + "/")  # the floor page says so, not LIVE
        wait_for(lambda: "THE BROKER DOES NOT ANSWER" in header(driver), timeout=20)
        broker.start()
        wait_for(lambda: pit.get("/api/status")["broker"]["state"] == "connected", timeout=30)
        wait_for(lambda: header(driver) == "LIVE", timeout=20)
        publish_chain(broker, "t1", [{"type": "betting_open", "state": "betting",
                                      "closed_bets": []}])
        wait_for(lambda: "t1" in pit.tables(), timeout=20)
        assert "pit: connected to the broker at " in pit.log()
    finally:
        driver.quit()
        pit.stop()
        broker.stop()


def header(driver: WebDriver) -> str:
    return driver.find_element("id", "connection").text


def test_a_client_id_taken_by_another_client_is_said_once_and_not_fought_for(
        pit: Pit, broker: Broker) -> None:
    wait_for(lambda: pit.get("/api/status")["broker"]["state"] == "connected", timeout=20)
    dropped: list[object] = []
    other = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=pit.client_id,
                        protocol=MQTTProtocolVersion.MQTTv5)
    other.on_disconnect = lambda _c, _u, _f, reason, _p: dropped.append(reason)
    other.connect("127.0.0.1", broker.port)
    other.loop_start()
    try:
        wait_for(lambda: pit.get("/api/status")["broker"]["state"] == "taken", timeout=30)
        status = pit.get("/api/status")["broker"]
        assert status["retry_seconds"] == 300 and status["taken_over"] == 1
        assert pit.log().count("this pit's client id 'pit-test'") == 1
        # Told by the broker (MQTT reason 142), or by its closing the connection again and
        # again unasked (Mosquitto before 2.0.15 does not say why).
        assert "session taken over" in pit.log() or "without saying why" in pit.log()
        wait_for(other.is_connected, timeout=20)
        dropped.clear()
        for n in range(5):  # the other client goes on with its session: nobody takes it back
            other.publish("baccarat/x/probe", str(n), qos=1).wait_for_publish(10)
        assert dropped == [] and pit.get("/api/status")["broker"]["state"] == "taken"
        assert pit.log().count("this pit's client id 'pit-test'") == 1
    finally:
        other.disconnect()
        other.loop_stop()


@needs_chromium
def test_sigterm_with_a_page_open_stops_the_pit_cleanly(pit: Pit, tmp_path: Path) -> None:
    driver = browser(tmp_path, pit)
    try:
        driver.get(pit.url + "/")
        wait_for(lambda: driver.find_element("id", "connection").text == "LIVE", timeout=20)
        assert pit.process is not None  # started by the fixture
        pit.process.send_signal(signal.SIGTERM)
        assert pit.process.wait(timeout=20) == 0
    finally:
        driver.quit()
    log = pit.log()
    assert "ERROR" not in log and "Traceback" not in log, log
    assert last_lines(pit, 1) == ["pit: stopped"]
    assert not (tmp_path / "pit.sqlite-wal").exists()  # the store closed: its log folded in
    pit.start()  # and the store is free for the next pit
    assert pit.get("/api/status")["broker"]["client_id"] == "pit-test"
