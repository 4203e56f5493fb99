"""``baccarat-table broker-access``: the files it writes, read by a real Mosquitto started with
the configuration docs/deployment.md gives. A table writes only its own topics, a pit reads
every table's and writes nothing, a stranger is refused; and a real table, with the feed
settings the command printed, publishes its events to the pit."""

from __future__ import annotations

import signal
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from tests.support.feed import (
    CLI,
    Broker,
    Subscriber,
    feed_config,
    needs_mosquitto,
    table_process,
)
from tests.support.journal import ROOT, wait_for

pytestmark = needs_mosquitto


def broker_access(folder: Path, *arguments: str) -> str:
    """The command run as a person would, on the files in ``folder``; its output."""
    done = subprocess.run([*CLI, "broker-access", *arguments, "--passwords",
                           str(folder / "passwd"), "--acl", str(folder / "acl")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def settings_lines(output: str) -> list[str]:
    """The config lines the command printed for the table or the pit (after its section)."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line in ("[feed]", "[pit]"))
    return [line for line in lines[start + 1:] if " = " in line]


def secured_broker(folder: Path) -> Broker:
    """Mosquitto as docs/deployment.md sets it up: no anonymous client, the two files."""
    broker = Broker(folder, extra=f"allow_anonymous false\npassword_file {folder}/passwd\n"
                    f"acl_file {folder}/acl\nuse_username_as_clientid true")
    broker.start()
    return broker


class Login:
    """A client with a broker login, which publishes at QoS 1."""

    def __init__(self, broker: Broker, name: str, password: str | None) -> None:
        self.refused: list[str] = []
        self.connected = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"c-{name}",
                                  protocol=MQTTProtocolVersion.MQTTv5)
        if password is not None:
            self.client.username_pw_set(name, password)
        self.client.on_connect = self._on_connect
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def _on_connect(
            self, _c: mqtt.Client, _u: object, _f: mqtt.ConnectFlags, reason: ReasonCode,
            _p: Properties | None) -> None:
        if reason.is_failure:
            self.refused.append(str(reason))
        else:
            self.connected.set()

    def publish(self, topic: str, payload: bytes) -> None:
        assert self.connected.wait(20)
        self.client.publish(topic, payload, qos=1).wait_for_publish(10)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def logins(tmp_path: Path) -> dict[str, str]:
    """Tables A and B and a pit, each with its login; their passwords."""
    passwords: dict[str, str] = {}
    for kind, name in (("table", "A"), ("table", "B"), ("pit", "pit")):
        broker_access(tmp_path, f"add-{kind}", name, "--out", str(tmp_path / f"{name}.pw"))
        passwords[name] = (tmp_path / f"{name}.pw").read_text().strip()
    return passwords


@pytest.fixture
def broker(tmp_path: Path, logins: dict[str, str]) -> Iterator[Broker]:
    broker = secured_broker(tmp_path)
    yield broker
    broker.stop()


def test_a_table_writes_only_its_own_topics_and_the_pit_only_reads(
        broker: Broker, logins: dict[str, str]) -> None:
    pit = Subscriber(broker, "baccarat/#", username="pit", password=logins["pit"])
    wait_for(lambda: "pit 1 baccarat/#" in broker.log(), timeout=20)
    table_a = Login(broker, "A", logins["A"])
    try:
        table_a.publish("baccarat/A/events", b"a1")
        table_a.publish("baccarat/B/events", b"A posing as B")
        for topic in ("baccarat/A/events", "baccarat/pit/events"):  # the pit's own client
            pit.client.publish(topic, b"the pit posing as a table", qos=1).wait_for_publish(10)
        # The broker routes each message before it acknowledges it: once A's next one is in,
        # anything let through before it would be in too.
        table_a.publish("baccarat/A/events", b"a2")
        wait_for(lambda: len(pit.messages) >= 2, timeout=20)
        assert [(topic, payload) for topic, payload, _ in pit.messages] == [
            ("baccarat/A/events", b"a1"), ("baccarat/A/events", b"a2")]
    finally:
        table_a.close()
        pit.close()


@pytest.mark.parametrize(("name", "password"), [
    ("stranger", None), ("A", "not A's password"), ("nobody", "a guess")])
def test_a_client_without_a_login_is_refused(
        broker: Broker, name: str, password: str | None) -> None:
    stranger = Login(broker, name, password)
    try:
        wait_for(lambda: stranger.refused, timeout=20)
        assert not stranger.connected.is_set()
    finally:
        stranger.close()


def test_a_removed_login_is_refused_once_the_broker_reloads(
        tmp_path: Path, broker: Broker, logins: dict[str, str]) -> None:
    broker_access(tmp_path, "remove", "B")
    assert broker_access(tmp_path, "list").splitlines() == ["pit pit baccarat/#",
                                                             "A table baccarat/A/#"]
    assert broker.process is not None  # started by the fixture
    broker.process.send_signal(signal.SIGHUP)  # systemctl reload mosquitto
    wait_for(lambda: "Reloading config" in broker.log(), timeout=20)
    table_b = Login(broker, "B", logins["B"])
    try:
        wait_for(lambda: table_b.refused, timeout=20)
    finally:
        table_b.close()


def test_a_table_with_the_printed_feed_settings_publishes_its_events_to_the_pit(
        tmp_path: Path, logins: dict[str, str]) -> None:
    output = broker_access(tmp_path, "add-table", "T-07", "--out", str(tmp_path / "t7.pw"))
    assert settings_lines(output) == ['username = "T-07"', f'password_file = "{tmp_path}/t7.pw"']
    broker = secured_broker(tmp_path)
    pit = Subscriber(broker, "baccarat/+/events", username="pit", password=logins["pit"])
    config = feed_config(tmp_path, broker, "T-07", "\n".join(settings_lines(output)) + "\n")
    table = table_process(config, tmp_path / "t7.sqlite", "sim://?seed=5&rate=0")
    try:
        wait_for(lambda: pit.seqs()[:3] == [1, 2, 3], timeout=60)
        assert {event["table"] for event in pit.events()} == {"T-07"}
    finally:
        table.terminate()
        table.wait(timeout=30)
        pit.close()
        broker.stop()


def test_a_name_the_broker_cannot_take_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([*CLI, "broker-access", "add-table", "A/B", "--passwords",
                           str(tmp_path / "passwd"), "--acl", str(tmp_path / "acl")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "baccarat-table broker-access: error: table 'A/B': expected a table id without +, "
        "#, /, . or a space (it is one level of the feed's topics)"]
    assert not (tmp_path / "acl").exists()


def test_a_password_the_command_did_not_write_is_kept_and_a_foreign_acl_refused(
        tmp_path: Path) -> None:
    (tmp_path / "passwd").write_text("back-office:$7$101$c2FsdA==$aGFzaA==\n")
    broker_access(tmp_path, "add-table", "A", "--out", str(tmp_path / "A.pw"))
    assert (tmp_path / "passwd").read_text().splitlines()[0] == (
        "back-office:$7$101$c2FsdA==$aGFzaA==")
    acl = tmp_path / "acl"
    acl.write_text(acl.read_text() + "pattern write baccarat/%u/#\n")
    done = subprocess.run([*CLI, "broker-access", "list", "--passwords",
                           str(tmp_path / "passwd"), "--acl", str(acl)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"{acl}, line 8: not as broker-access writes it: 'pattern write baccarat/%u/#'" \
        in done.stderr
