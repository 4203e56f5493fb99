"""The floor feed against a real Mosquitto: every journaled event reaches a subscriber, in
order, through an outage, a killed table and a restart; the retained state, the last will,
bad credentials and bad settings (docs/feed.md)."""

from __future__ import annotations

import json
import signal
import subprocess

import pytest

from controller.config import ConfigError, load_config
from controller.feed.message import ChainCheck
from controller.feed.outbox import read_record
from tests.feed_support import (
    CLI,
    ROOT,
    Broker,
    Subscriber,
    feed_config,
    needs_mosquitto,
    retained,
    table_process,
)
from tests.journal_support import kill, last_seq, rows, wait_for

pytestmark = [needs_mosquitto, pytest.mark.timeout(300)]
SEED = 20261130


@pytest.fixture
def broker(tmp_path):
    folder = tmp_path / "broker"
    folder.mkdir()
    running = Broker(folder)
    running.start()
    yield running
    running.stop()


def received_in_order(seqs: list[int], last: int) -> None:
    """Every seq 1..last arrived; a seq arriving again was one already received (a repeat),
    never one that jumps ahead of a missing one."""
    highest = 0
    for seq in seqs:
        assert seq <= highest + 1, f"seq {seq} arrived after {highest}: {seqs}"
        highest = max(highest, seq)
    assert highest == last


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0


def test_events_arrive_in_order_with_their_seqs_and_chain(broker, tmp_path):
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
    assert "snapshot" not in started and started["withheld"] == ["snapshot"]
    assert not any("pin" in key for event in events for key in event)


def test_retained_state_and_status_online_then_offline_by_last_will(broker, tmp_path):
    journal = tmp_path / "t1.db"
    table = table_process(feed_config(tmp_path, broker), journal, f"sim://?seed={SEED}&rate=40")
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


def test_outage_kill_and_restart_every_journaled_seq_arrives_in_order(broker, tmp_path):
    subscriber = Subscriber(broker, "baccarat/t1/events")
    journal = tmp_path / "t1.db"
    config = feed_config(tmp_path, broker)
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
    assert record.acked_seq == last and record.connection == "stopped"


def _status(journal) -> str:
    record = read_record(journal)
    return record.connection if record else ""


def test_wrong_credentials_give_a_clear_status_and_the_table_plays_on(tmp_path):
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


@pytest.mark.parametrize(("feed", "named"), [
    ('url = "http://broker"', "feed.url = 'http://broker': expected mqtt://"),
    ('url = "mqtt://pit:secret@broker"', "feed.url: holds a user or password"),
    ('url = "mqtt://broker"\nusername = "pit"', "feed.password_file: missing"),
    ('url = "mqtts://broker"\ncert_file = "missing.pem"', "feed.cert_file = "),
    ('url = "mqtt://broker"\ntopic_prefix = "casino/#"', "feed.topic_prefix = 'casino/#'"),
    ('url = "mqtt://broker:99999"', "feed.url = 'mqtt://broker:99999': expected a port"),
    ('url = "mqtt://broker"\nqos = 2', "feed.qos = 2: unknown key"),
    ('topic_prefix = "casino"', "feed.url: missing"),
])
def test_bad_feed_settings_are_refused_naming_the_key(tmp_path, feed, named):
    path = tmp_path / "table.toml"
    path.write_text(f"[feed]\n{feed}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert named in str(refused.value) and str(path) in str(refused.value)
    assert "secret" not in str(refused.value)


def test_no_feed_section_means_no_feed(tmp_path):
    path = tmp_path / "table.toml"
    path.write_text('[table]\nid = "t9"\n', encoding="utf-8")
    assert load_config(path).feed is None
