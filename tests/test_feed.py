"""The floor feed against a real Mosquitto: every journaled event reaches a subscriber, in
order, through an outage, a killed table and a restart; the retained state, the last will,
bad credentials and bad settings (docs/feed.md)."""

from __future__ import annotations

import json
import signal
import subprocess
from collections.abc import Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from controller.feed.chain_check import ChainCheck
from controller.feed.message import recomputed_hash
from controller.feed.outbox import read_record
from tests.support.feed import (
    CLI,
    ROOT,
    Broker,
    Mqtt311Only,
    Subscriber,
    feed_config,
    free_port,
    needs_mosquitto,
    retained,
    table_process,
)
from tests.support.journal import kill, last_seq, rows, wait_for

pytestmark = [needs_mosquitto, pytest.mark.timeout(300)]
SEED = 20261130


def received_in_order(seqs: list[int], last: int) -> None:
    """Every seq 1..last arrived; a seq arriving again was one already received (a repeat),
    never one that jumps ahead of a missing one."""
    highest = 0
    for seq in seqs:
        assert seq <= highest + 1, f"seq {seq} arrived after {highest}: {seqs}"
        highest = max(highest, seq)
    assert highest == last


def stop(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0


# The feed's MQTT versions ([feed] protocol): the tests of what differs between them (the will,
# retained messages, reconnecting) run on both.
PROTOCOLS = pytest.mark.parametrize("protocol", ["5", "3.1.1"])


def on(protocol: str) -> str:
    """The [feed] line that picks ``protocol``."""
    return f'protocol = "{protocol}"\n'


def test_events_arrive_in_order_with_their_seqs_and_chain(broker: Broker, tmp_path: Path) -> None:
    subscriber = Subscriber(broker, "baccarat/t1/#")
    journal = tmp_path / "t1.db"
    table = table_process(feed_config(tmp_path, broker), journal, f"sim://?seed={SEED}&rate=0")
    wait_for(lambda: rows(journal, "SELECT 1 FROM events WHERE type = 'shoe_ended'")
             if last_seq(journal) else False, timeout=120)
    stop(table)
    last = last_seq(journal)
    wait_for(lambda: subscriber.seqs()[-1:] == [last], timeout=30)
    subscriber.close()

    events = subscriber.events()
    assert [event["seq"] for event in events] == list(range(1, last + 1))
    journaled = rows(journal, "SELECT seq, type, ts, hex(hash) FROM events ORDER BY seq")
    assert [(e["seq"], e["type"], e["ts"], e["hash"].upper()) for e in events] == journaled
    check = ChainCheck()
    assert all(check.check(event).problems == [] for event in events)
    started = next(event for event in events if event["type"] == "shoe_started")
    assert "snapshot" not in started["data"] and "withheld" not in started
    assert not any("pin" in key for event in events for key in [*event, *event["data"]])
    # A sign of life for the pit, whatever the will does (a clustered broker may not send it).
    assert any(topic == "baccarat/t1/heartbeat" for topic, _, _ in subscriber.messages)


@PROTOCOLS
def test_retained_state_and_status_online_then_offline_by_last_will(broker: Broker, tmp_path: Path,
                                                                   protocol: str) -> None:
    journal = tmp_path / "t1.db"
    table = table_process(feed_config(tmp_path, broker, extra=on(protocol)), journal,
                          f"sim://?seed={SEED}&rate=40")
    wait_for(lambda: rows(journal, "SELECT count(*) FROM rounds")[0][0] >= 2
             if last_seq(journal) else False, timeout=60)
    assert retained(broker, "baccarat/t1/status") == b"online"
    state = json.loads(retained(broker, "baccarat/t1/state"))
    assert state["table"] == "t1" and state["shoe"] == 1 and state["round"] >= 1
    assert state["roads"]["hands"] >= 1 and state["phase"] not in ("player1", "banker1")
    kill(table)  # SIGKILL: no goodbye; the broker publishes the will
    wait_for(lambda: retained(broker, "baccarat/t1/status") == b"offline", timeout=30)
    # The state a newcomer gets names the table as it last came to rest, after a hand.
    shown = json.loads(retained(broker, "baccarat/t1/state"))
    assert shown["seq"] <= last_seq(journal)
    hands = rows(journal, f"SELECT count(*) FROM rounds WHERE seq <= {shown['seq']}")[0][0]
    assert shown["roads"]["hands"] == hands
    assert f"connected (MQTT {protocol})" in _status_log(journal)


@PROTOCOLS
def test_outage_kill_and_restart_every_journaled_seq_arrives_in_order(
        broker: Broker, tmp_path: Path, protocol: str) -> None:
    subscriber = Subscriber(broker, "baccarat/t1/events")
    journal = tmp_path / "t1.db"
    config = feed_config(tmp_path, broker, extra=on(protocol))
    first = table_process(config, journal, f"sim://?seed={SEED}&rate=60")
    wait_for(lambda: len(subscriber.seqs()) >= 20, timeout=60)  # live, before the outage
    broker.stop()
    before = rows(journal, "SELECT count(*) FROM rounds")[0][0]
    wait_for(lambda: rows(journal, "SELECT count(*) FROM rounds")[0][0] >= before + 50,
             timeout=120)
    kill(first)
    second = table_process(config, journal, f"sim://?seed={SEED}&rate=5")
    wait_for(lambda: getattr(read_record(journal), "pid", 0) == second.pid, timeout=60)
    broker.start()
    wait_for(lambda: subscriber.seqs() and subscriber.seqs()[-1] >= last_seq(journal) - 5,
             timeout=120)
    stop(second)
    last = last_seq(journal)
    wait_for(lambda: max(subscriber.seqs()) == last, timeout=60)
    subscriber.close()
    received_in_order(subscriber.seqs(), last)
    record = read_record(journal)
    assert record is not None
    assert record.acked_seq == last and record.connection == "stopped"


def _status(journal: Path) -> str:
    record = read_record(journal)
    return record.connection if record else ""


def _status_log(journal: Path) -> str:
    """What the relay said in the table's log."""
    return journal.with_name(journal.name + ".log").read_text(encoding="utf-8")


def test_wrong_credentials_give_a_clear_status_and_the_table_plays_on(tmp_path: Path) -> None:
    folder = tmp_path / "broker"
    folder.mkdir()
    passwords = folder / "passwords"
    subprocess.run(["mosquitto_passwd", "-c", "-b", str(passwords), "pit", "right"], check=True)
    locked = Broker(folder, extra=f"allow_anonymous false\npassword_file {passwords}")
    locked.start()
    try:
        (tmp_path / "password").write_text("wrong\n", encoding="utf-8")
        config = feed_config(tmp_path, locked, extra='username = "pit"\n'
                             'password_file = "password"\n')
        journal = tmp_path / "t1.db"
        table = table_process(config, journal, f"sim://?seed={SEED}&rate=40")
        wait_for(lambda: "refused by the broker" in _status(journal), timeout=60)
        dealt = last_seq(journal)
        wait_for(lambda: last_seq(journal) > dealt + 10, timeout=60)  # dealing goes on
        status = subprocess.run([*CLI, "feed", "status", "--config", str(config),
                                 str(journal)], cwd=ROOT, capture_output=True, text=True,
                                timeout=60)
        assert status.returncode == 0, status.stderr
        assert ("refused by the broker: Not authorized; check feed.username and "
                "feed.password_file") in status.stdout
        assert "events waiting" in status.stdout and "last acknowledged seq: 0" in status.stdout
        stop(table)
        log = journal.with_name(journal.name + ".log").read_text()
        assert "wrong" not in log and "Traceback" not in log
    finally:
        locked.stop()


def make_certificates(folder: Path) -> dict[str, str]:
    """A throwaway CA, a server certificate for 127.0.0.1 and a client certificate."""
    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test-ca",
            "-keyout", "ca.key", "-out", "ca.pem")
    for name, extra in (("server", "subjectAltName=IP:127.0.0.1"), ("client", "")):
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name}", "-keyout",
                f"{name}.key", "-out", f"{name}.csr")
        (folder / f"{name}.ext").write_text(extra + "\n", encoding="utf-8")
        openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
                "-CAcreateserial", "-days", "2", "-out", f"{name}.pem",
                *(("-extfile", f"{name}.ext") if extra else ()))
    return {name: str(folder / name) for name in ("ca.pem", "server.pem", "server.key",
                                                  "client.pem", "client.key")}


def test_tls_with_a_client_certificate(tmp_path: Path) -> None:
    folder = tmp_path / "broker"
    folder.mkdir()
    files = make_certificates(folder)
    secured = Broker(folder, tls=True, extra=(
        f"allow_anonymous true\ncafile {files['ca.pem']}\ncertfile {files['server.pem']}\n"
        f"keyfile {files['server.key']}\nrequire_certificate true"))
    secured.start()
    try:
        tls = {"ca_certs": files["ca.pem"], "certfile": files["client.pem"],
               "keyfile": files["client.key"]}
        subscriber = Subscriber(secured, "baccarat/t1/events", tls=tls)
        config = feed_config(tmp_path, secured, extra=(
            f'ca_file = "{files["ca.pem"]}"\ncert_file = "{files["client.pem"]}"\n'
            f'key_file = "{files["client.key"]}"\n'))
        journal = tmp_path / "t1.db"
        table = table_process(config, journal, f"sim://?seed={SEED}&rate=40")
        wait_for(lambda: len(subscriber.seqs()) >= 30, timeout=60)
        stop(table)
        wait_for(lambda: subscriber.seqs()[-1] == last_seq(journal), timeout=30)
        subscriber.close()
        assert subscriber.seqs() == list(range(1, last_seq(journal) + 1))
        assert _status(journal) == "stopped"
    finally:
        secured.stop()


def tailed(
        broker: Broker, tmp_path: Path, count: int,
        events: list[dict[str, Any]]) -> tuple[str, str]:
    """What ``feed tail --verify --count N`` prints (out, err) when a fake table publishes
    ``events`` on t1's topic."""
    tail = subprocess.Popen([*CLI, "feed", "tail", "--config", str(feed_config(tmp_path, broker)),
                             "--verify", "--count", str(count)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    publisher = None
    try:
        wait_for(lambda: "-tail-" in broker.log() and " baccarat/t1/events" in broker.log(),
                 timeout=30)
        publisher = Subscriber(broker, "unused/topic", client_id="fake-table")
        for event in events:
            publisher.client.publish("baccarat/t1/events", json.dumps(event),
                                     qos=1).wait_for_publish()
        out, err = tail.communicate(timeout=60)
    finally:
        if publisher is not None:
            publisher.close()
        if tail.poll() is None:
            tail.kill()
    assert tail.returncode == 0, err
    return out, err


def test_tail_prints_each_event_once_and_verify_names_a_gap_and_a_broken_link(
        broker: Broker, tmp_path: Path) -> None:
    sent = [{"type": "prompt", "seq": seq, "ts": "2026-11-30T12:00:00.000000Z", "table": "t1",
             "shoe": 1, "round": 0, "data": {"message": f"m{seq}"}} for seq in (1, 2, 4, 5, 6, 7)]
    previous = "0" * 64
    for event in sent:
        # 3 never comes; 6 links to no 5 the receiver has: each held apart until the next
        # message links to it
        event["prev_hash"] = "e" * 64 if event["seq"] == 6 else previous
        event["hash"] = previous = recomputed_hash(event)
    # seq 2 twice, 3 missing
    out, err = tailed(broker, tmp_path, 6, [sent[0], sent[1], sent[1], *sent[2:]])
    assert [json.loads(line)["seq"] for line in out.splitlines()] == [1, 2, 4, 5, 6, 7]
    assert "prev_hash" not in out
    assert err.splitlines() == [f"baccarat-table feed tail: table t1: {line}" for line in (
        "seq 4 held apart until a message follows it: it is 2 ahead of seq 2, the last kept",
        "gap: seq 3 missing",
        "seq 6 held apart until a message follows it: its prev_hash is not the hash of seq 5",
        f"chain broken at seq 6: prev_hash {'e' * 64} is not the hash of seq 5 "
        f"({sent[3]['hash']})")]


def test_a_broker_without_mqtt_5_gets_every_event_over_3_1_1(
        broker: Broker, tmp_path: Path) -> None:
    subscriber = Subscriber(broker, "baccarat/t1/events")
    old_broker = Mqtt311Only(broker)
    try:
        config = tmp_path / "t1.toml"
        config.write_text(f'[table]\nid = "t1"\n[feed]\nurl = "{old_broker.url}"\n',
                          encoding="utf-8")
        journal = tmp_path / "t1.db"
        table = table_process(config, journal, f"sim://?seed={SEED}&rate=40")
        wait_for(lambda: _status(journal) == "connected (MQTT 3.1.1)", timeout=60)
        wait_for(lambda: len(subscriber.seqs()) >= 20, timeout=60)
        stop(table)
        wait_for(lambda: subscriber.seqs()[-1] == last_seq(journal), timeout=30)
        assert subscriber.seqs() == list(range(1, last_seq(journal) + 1))
        assert old_broker.refused >= 1
    finally:
        subscriber.close()
        old_broker.close()


def test_tail_told_mqtt_5_by_a_broker_without_it_says_so_naming_the_url_and_the_version(
        broker: Broker, tmp_path: Path) -> None:
    old_broker = Mqtt311Only(broker)
    try:
        config = feed_config(tmp_path, old_broker, extra=on("5"))
        done = subprocess.run([*CLI, "feed", "tail", "--config", str(config)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    finally:
        old_broker.close()
    assert done.returncode == 2
    assert done.stderr.startswith(f"baccarat-table feed: error: the broker at "
                                  f"{old_broker.url} refused MQTT 5: "), done.stderr
    assert len(done.stderr.splitlines()) == 1


def chained_events(seqs: Iterable[int], table: str = "t1") -> list[dict[str, Any]]:
    """Events of ``table`` as a table publishes them, each linked to the one before."""
    events, previous = [], "0" * 64
    for seq in seqs:
        event = {"type": "prompt", "seq": seq, "ts": "2026-11-30T12:00:00.000000Z",
                 "table": table, "shoe": 1, "round": 0, "data": {"message": f"m{seq}"},
                 "prev_hash": previous}
        event["hash"] = previous = recomputed_hash(event)
        events.append(event)
    return events


def test_tail_verify_rides_out_a_broker_restart_and_reports_stray_messages(
        broker: Broker, tmp_path: Path) -> None:
    config = feed_config(tmp_path, broker)
    tail = subprocess.Popen([*CLI, "feed", "tail", "--config", str(config), "--verify",
                             "--count", "4"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)

    def subscriptions() -> int:
        return broker.log().count(" baccarat/t1/events")

    def publish(*payloads: str) -> None:
        publisher = Subscriber(broker, "unused/topic", client_id=f"fake-{len(payloads)}")
        for payload in payloads:
            publisher.client.publish("baccarat/t1/events", payload, qos=1).wait_for_publish()
        publisher.close()

    try:
        wait_for(lambda: subscriptions() >= 1, timeout=30)
        before = subscriptions()
        first, second, third, fourth = (json.dumps(event) for event in chained_events(range(1, 5)))
        publish(first, second)
        broker.stop()
        broker.start()
        # Subscribed again, by itself (under load paho may connect more than once meanwhile).
        wait_for(lambda: subscriptions() > before, timeout=60)
        stray = chained_events([3])[0]
        no_link = {key: value for key, value in stray.items() if key != "prev_hash"}
        publish(json.dumps(no_link), json.dumps({**stray, "hash": "not hex"}),
                json.dumps({**stray, "table": ["t1"]}), json.dumps([1, 2]), third, fourth)
        out, err = tail.communicate(timeout=60)
    finally:
        if tail.poll() is None:
            tail.kill()
    assert tail.returncode == 0, err
    assert [json.loads(line)["seq"] for line in out.splitlines()] == [1, 2, 3, 4]
    assert "Traceback" not in err
    lines = err.splitlines()
    assert any("lost the broker at mqtt://127.0.0.1" in line for line in lines), err
    assert any("connected again to the broker" in line for line in lines), err
    assert any("not an event (no prev_hash)" in line for line in lines), err
    assert any("not an event (hash is not 64 lower-case hex digits)" in line
               for line in lines), err
    assert any("not an event (table is a JSON list, not a str)" in line for line in lines), err
    assert any("not an event (a JSON list, not an object)" in line for line in lines), err
    assert "chain broken" not in err and "gap" not in err


def test_tail_outlives_a_write_to_a_connection_the_broker_has_just_closed(
        broker: Broker, tmp_path: Path) -> None:
    """The kernel sends SIGPIPE to a process that writes on a connection its peer has reset:
    paho does so when the broker goes away while an acknowledgement is on its way (the cause
    of a tail that died silently across a broker restart). The tail must take it as a lost
    connection, never die of it."""
    config = feed_config(tmp_path, broker)
    tail = subprocess.Popen([*CLI, "feed", "tail", "--config", str(config), "--count", "1"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: " baccarat/t1/events" in broker.log(), timeout=30)
        tail.send_signal(signal.SIGPIPE)  # as the kernel does on such a write
        publisher = Subscriber(broker, "unused/topic", client_id="fake")
        publisher.client.publish("baccarat/t1/events", json.dumps(chained_events([1])[0]),
                                 qos=1).wait_for_publish()
        publisher.close()
        out, err = tail.communicate(timeout=60)
    finally:
        if tail.poll() is None:
            tail.kill()
    assert tail.returncode == 0, err
    assert [json.loads(line)["seq"] for line in out.splitlines()] == [1]


def test_a_cluster_url_whose_first_node_is_down_goes_to_the_next_for_table_and_tail(
        broker: Broker, tmp_path: Path) -> None:
    """Each node in turn: the relay and feed tail alike pass a node that does not answer."""
    cluster = SimpleNamespace(url=f"mqtt://127.0.0.1:{free_port()},127.0.0.1:{broker.port}")
    config = feed_config(tmp_path, cluster)
    journal = tmp_path / "t1.db"
    tail = subprocess.Popen([*CLI, "feed", "tail", "--config", str(config), "--count", "3"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: " baccarat/t1/events" in broker.log(), timeout=30)
        table = table_process(config, journal, f"sim://?seed={SEED}&rate=20")
        out, err = tail.communicate(timeout=60)
        wait_for(lambda: _status(journal) == "connected (MQTT 5)", timeout=30)
        stop(table)
    finally:
        if tail.poll() is None:
            tail.kill()
    assert tail.returncode == 0, err
    assert [json.loads(line)["seq"] for line in out.splitlines()] == [1, 2, 3]
    assert getattr(read_record(journal), "broker", "") == cluster.url


def test_tail_piped_into_a_reader_that_stops_reading_ends_quietly(
        broker: Broker, tmp_path: Path) -> None:
    # As `baccarat-table feed tail | head -1` does: no traceback, no complaint.
    config = feed_config(tmp_path, broker)
    tail = subprocess.Popen([*CLI, "feed", "tail", "--config", str(config)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: " baccarat/t1/events" in broker.log(), timeout=30)
        publisher = Subscriber(broker, "unused/topic", client_id="fake")
        for event in chained_events(range(1, 401)):  # more than a pipe holds
            publisher.client.publish("baccarat/t1/events", json.dumps(event), qos=1)
        assert tail.stdout is not None and tail.stderr is not None
        tail.stdout.readline()
        tail.stdout.close()
        tail.wait(timeout=60)
        publisher.close()
    finally:
        if tail.poll() is None:
            tail.kill()
    assert tail.stderr.read() == b""


def test_status_says_connected_again_once_the_broker_takes_events_it_refused(
        tmp_path: Path) -> None:
    folder = tmp_path / "broker"
    folder.mkdir()
    acl = folder / "acl"
    acl.write_text("topic read #\n", encoding="utf-8")  # the table may not publish
    guarded = Broker(folder, extra=f"allow_anonymous true\nacl_file {acl}")
    guarded.start()
    try:
        config = feed_config(tmp_path, guarded)
        journal = tmp_path / "t1.db"
        table = table_process(config, journal, f"sim://?seed={SEED}&rate=20")
        wait_for(lambda: "the broker refused event" in _status(journal), timeout=60)
        acl.write_text("topic readwrite #\n", encoding="utf-8")
        assert guarded.process is not None
        guarded.process.send_signal(signal.SIGHUP)  # Mosquitto reads its ACL again
        wait_for(lambda: getattr(read_record(journal), "acked_seq", 0) > 0, timeout=60)
        wait_for(lambda: _status(journal) == "connected (MQTT 5)", timeout=30)
        status = subprocess.run([*CLI, "feed", "status", "--config", str(config),
                                 str(journal)], cwd=ROOT, capture_output=True, text=True,
                                timeout=60)
        assert "connection: connected (MQTT 5)" in status.stdout, status.stdout
        assert "refused" not in status.stdout
        stop(table)
    finally:
        guarded.stop()


def test_a_wrong_ca_is_named_as_a_tls_failure_in_status_and_log(tmp_path: Path) -> None:
    folder = tmp_path / "broker"
    folder.mkdir()
    files = make_certificates(folder)
    other = tmp_path / "other-ca"
    other.mkdir()
    wrong_ca = make_certificates(other)["ca.pem"]  # a CA that did not sign the broker's
    secured = Broker(folder, tls=True, extra=(
        f"allow_anonymous true\ncafile {files['ca.pem']}\ncertfile {files['server.pem']}\n"
        f"keyfile {files['server.key']}"))
    secured.start()
    try:
        config = feed_config(tmp_path, secured, extra=f'ca_file = "{wrong_ca}"\n')
        journal = tmp_path / "t1.db"
        table = table_process(config, journal, f"sim://?seed={SEED}&rate=40")
        wait_for(lambda: "TLS" in _status(journal), timeout=60)
        status = subprocess.run([*CLI, "feed", "status", "--config", str(config),
                                 str(journal)], cwd=ROOT, capture_output=True, text=True,
                                timeout=60)
        expected = (f"TLS with the broker at {secured.url} failed: certificate verify failed: "
                    "self-signed certificate in certificate chain; check feed.ca_file")
        assert expected in status.stdout, status.stdout
        stop(table)
        log = journal.with_name(journal.name + ".log").read_text()
        assert expected in log and "cannot reach" not in log
    finally:
        secured.stop()


def test_tail_verify_holds_a_message_far_ahead_apart_and_goes_on_checking_the_real_stream(
        broker: Broker, tmp_path: Path) -> None:
    """A rogue or broken publisher's seq 1,000,000 once became the head: every real event
    after it was dropped as a repeat, without a word."""
    real = chained_events(range(1, 6))
    rogue = chained_events([1_000_000])[0]
    other_two = {**real[1], "data": {"message": "forged"}}
    other_two["hash"] = recomputed_hash(other_two)  # seq 2 again, with another hash
    out, err = tailed(broker, tmp_path, 5,
                      [real[0], real[1], rogue, real[2], other_two, real[3], real[4]])
    assert [json.loads(line)["seq"] for line in out.splitlines()] == [1, 2, 3, 4, 5]
    assert "forged" not in out
    assert "table t1: seq 1000000 held apart" in err
    assert f"table t1: conflict: seq 2 again with another hash ({other_two['hash']})" in err
    assert "gap" not in err and "chain broken" not in err
