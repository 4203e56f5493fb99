"""``[feed]`` in the table config: off by default, every bad setting refused at start with the
file and the key named, and no secret in the line."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from controller.table.config import ConfigError, load_config
from tests.support.feed import CLI, free_port
from tests.support.journal import ROOT


@pytest.mark.parametrize(("feed", "named"), [
    ('url = "http://broker"', "feed.url = 'http://broker': expected mqtt://"),
    ('url = "mqtt://pit:secret@broker"', "feed.url (value not shown): holds a user or password"),
    ('url = "mqtt://broker"\nusername = "pit"', "feed.password_file: missing"),
    ('url = "mqtts://broker"\ncert_file = "missing.pem"', "feed.cert_file = "),
    ('url = "mqtt://broker"\ntopic_prefix = "casino/#"', "feed.topic_prefix = 'casino/#'"),
    ('url = "mqtt://broker:99999"', "feed.url = 'mqtt://broker:99999': expected a port"),
    ('url = "mqtt://broker"\nqos = 2', "feed.qos: unknown key (valid: url, ca_file"),
    ('topic_prefix = "casino"', "feed.url: missing"),
    ('url = "mqtt://broker"\nprotocol = "3"', "feed.protocol = '3': expected the MQTT version"),
    ('url = "mqtt://broker"\ntopic_prefix = "casino.floor1"',
     "feed.topic_prefix = 'casino.floor1': expected topic levels without +, #, ., spaces"),
    ('url = "mqtt://a:1883,,c:1883"', "feed.url = 'mqtt://a:1883,,c:1883': node 2 is empty"),
    ('url = "mqtt://a:1883,b:0"', "feed.url = 'mqtt://a:1883,b:0': node 2 ('b:0'): expected a "
     "port"),
    ('url = "mqtt://a,pit:secret@b"', "feed.url (value not shown): holds a user or password"),
])
def test_bad_feed_settings_are_refused_naming_the_key(tmp_path: Path, feed: str,
                                                      named: str) -> None:
    path = tmp_path / "table.toml"
    path.write_text(f"[feed]\n{feed}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert named in str(refused.value) and str(path) in str(refused.value)
    assert "secret" not in str(refused.value)


def test_no_feed_section_means_no_feed(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[table]\nid = "t9"\n', encoding="utf-8")
    assert load_config(path).feed is None


def test_a_good_feed_section_is_read_with_paths_from_the_configs_folder(tmp_path: Path) -> None:
    (tmp_path / "password").write_text("s3cret\n", encoding="utf-8")
    path = tmp_path / "table.toml"
    path.write_text('[table]\nid = "t7"\n[feed]\nurl = "mqtt://broker.floor:1884"\n'
                    'username = "t7"\npassword_file = "password"\ntopic_prefix = "casino/f1"\n',
                    encoding="utf-8")
    feed = load_config(path).feed
    assert feed is not None
    assert (feed.host, feed.port, feed.tls, feed.client_id) == ("broker.floor", 1884, False, "t7")
    assert feed.topic("t7", "events") == "casino/f1/t7/events"
    assert feed.password() == "s3cret" and "s3cret" not in repr(feed)
    assert feed.url == "mqtt://broker.floor:1884"


def test_a_feed_without_a_journal_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[feed]\nurl = "mqtt://127.0.0.1:1"\n', encoding="utf-8")
    done = subprocess.run([*CLI, "run", "--headless", "--config", str(path), "--driver",
                           "sim://?rate=0"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"baccarat-table run: error: {path}: [feed] needs a journal ([journal] path or "
        "--journal): the feed publishes what the journal holds")
    assert "Traceback" not in done.stderr


def test_tail_names_a_broker_it_cannot_reach(tmp_path: Path) -> None:
    port = free_port()  # nothing listens there
    path = tmp_path / "table.toml"
    path.write_text(f'[feed]\nurl = "mqtt://127.0.0.1:{port}"\n', encoding="utf-8")
    done = subprocess.run([*CLI, "feed", "tail", "--config", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == (f"baccarat-table feed: error: cannot reach the broker at "
                           f"mqtt://127.0.0.1:{port}: Connection refused\n")


@pytest.mark.parametrize("command", [["run", "--headless", "--journal", "{folder}/t.db"],
                                     ["feed", "tail"]])
def test_a_password_file_that_is_not_utf_8_is_named_and_no_byte_of_it_shown(
        tmp_path: Path, command: list[str]) -> None:
    secret = "pässwörd".encode("latin-1")  # ä and ö alone: not UTF-8
    (tmp_path / "password").write_bytes(secret + b"\n")
    path = tmp_path / "table.toml"
    path.write_text('[table]\nid = "t7"\n[feed]\nurl = "mqtt://127.0.0.1:1"\n'
                    'username = "t7"\npassword_file = "password"\n', encoding="utf-8")
    arguments = [part.format(folder=tmp_path) for part in command]
    done = subprocess.run([*CLI, *arguments, "--config", str(path), "--driver", "sim://?rate=0"]
                          if command[0] == "run" else [*CLI, *arguments, "--config", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    line = done.stderr.strip().splitlines()[-1]
    assert line.endswith(f"{path}: feed.password_file = '{tmp_path / 'password'}': not UTF-8 "
                         "text (its content is the password: not shown)")
    assert "0xe4" not in line and "position" not in line


@pytest.mark.parametrize(("table", "shown"), [
    ("t\t1", "'t\\t1': expected a table id without control characters"),
    ("T" * 70_000, "expected a table id of at most 32 characters"),
    (" t1", "expected a table id without leading or trailing spaces"),
    ("t1/events", "expected a table id without +, #, /, . or a space"),
    ("pit 1", "expected a table id without +, #, /, . or a space"),
    ("floor1.t1", "expected a table id without +, #, /, . or a space"),
    ("", "expected a table id; it is empty"),
])
def test_tail_refuses_a_table_id_the_tables_config_refuses_in_one_line(tmp_path: Path, table: str,
                                                                       shown: str) -> None:
    """The same rule as ``[table] id`` with the feed on, before the broker is asked (a tab
    had paho loop for ever on "Malformed packet"; 70,000 characters, a thread traceback)."""
    path = tmp_path / "table.toml"
    path.write_text(f'[feed]\nurl = "mqtt://127.0.0.1:{free_port()}"\n', encoding="utf-8")
    done = subprocess.run([*CLI, "feed", "tail", "--config", str(path), "--table", table],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and len(done.stderr) < 300, done.stderr
    assert done.stderr.startswith("baccarat-table feed: error: --table ")
    assert shown in done.stderr


def test_a_clusters_nodes_and_the_mqtt_version_are_read(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[table]\nid = "t7"\n[feed]\nurl = "mqtt://10.0.0.1,10.0.0.2:1884,[::1]"\n'
                    'protocol = "3.1.1"\n', encoding="utf-8")
    feed = load_config(path).feed
    assert feed is not None
    assert feed.nodes == (("10.0.0.1", 1883), ("10.0.0.2", 1884), ("::1", 1883))
    assert feed.url == "mqtt://10.0.0.1:1883,10.0.0.2:1884,[::1]:1883"  # as status shows it
    assert feed.protocol == "3.1.1"


@pytest.mark.parametrize("table", ["floor1.t1", "pit 1"])
def test_a_table_id_nats_cannot_carry_in_a_topic_stops_the_table_naming_the_key(tmp_path: Path,
                                                                                table: str) -> None:
    path = tmp_path / "table.toml"
    path.write_text(f'[table]\nid = "{table}"\n[feed]\nurl = "mqtt://broker"\n',
                    encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert "change table.id" in str(refused.value) and repr(table) in str(refused.value)
