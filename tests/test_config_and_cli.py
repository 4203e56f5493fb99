"""The table config file, the headless run command and the state diagram."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from controller.config import ConfigError, load_config
from controller.diagram import state_diagram_markdown
from controller.supervisor import hash_pin, verify_pin
from ui.cli import main
from ui.headless import parse_command

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_example_config_loads():
    config = load_config(ROOT / "systemd" / "table.toml.example")
    assert config.driver_url.startswith("serial://")


def test_a_full_config_is_read(tmp_path):
    pin_hash = hash_pin("1357", iterations=1000)
    config = load_config(write(tmp_path, f"""
[table]
id = "T07"
profile = "live"
betting = "live"
betting_seconds = 20
burn_scanned = false
[driver]
url = "sim://?seed=3"
[supervisor]
pin_hash = "{pin_hash}"
"""))
    assert (config.table_id, config.profile, config.live, config.betting_seconds) == (
        "T07", "live", True, 20)
    assert not config.burn_scanned and verify_pin("1357", config.pin_hash)
    assert not verify_pin("1358", config.pin_hash)


@pytest.mark.parametrize(("text", "expected"), [
    ("[table]\nid = 7\n", "table.id = 7: expected a table id string"),
    ("[table]\ncolour = 'red'\n", "unknown key table.colour (valid: id, profile"),
    ("[tabel]\nid = 'x'\n", "unknown section [tabel]"),
    ("[table]\nbetting = 'online'\n", "table.betting = 'online': expected 'land' or 'live'"),
    ("[table]\nburn_scanned = 1\n", "table.burn_scanned = 1: expected true or false"),
    ("[supervisor]\npin_hash = '1234'\n", "supervisor.pin_hash = '1234'"),
    ("[table\n", "not valid TOML"),
])
def test_a_bad_config_is_refused_with_file_key_and_reason(tmp_path, text, expected):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(path) in str(caught.value) and expected in str(caught.value)


def test_run_refuses_a_bad_config_with_one_clear_line(tmp_path, capsys):
    path = write(tmp_path, "[table]\nbetting = 'online'\n")
    assert main(["run", "--headless", "--config", str(path)]) == 2
    assert "table.betting" in capsys.readouterr().err


def test_headless_run_plays_a_shoe_prints_rounds_and_writes_events(tmp_path):
    events_path = tmp_path / "events.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--shoes", "1",
         "--driver", "sim://?seed=11&rate=0", "--events", str(events_path)],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    round_lines = [line for line in lines
                   if " round " in line and ("WINS" in line or "TIE" in line)]
    assert len(round_lines) > 60
    assert any(line.startswith("== shoe 1 ended") for line in lines)
    records = [json.loads(line) for line in events_path.read_text().splitlines()]
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
    results = [r for r in records if r["type"] == "round_result"]
    assert len(results) == len(round_lines)
    expected = {"player", "banker", "winner", "winning_bets", "pays", "table", "ts"}
    assert expected <= results[0].keys()


def test_typed_operator_commands():
    command = parse_command("void pin=2468 by=anna misdeal on seat 3")
    assert (command.action, command.pin, command.by, command.reason) == (
        "void_round", "2468", "anna", "misdeal on seat 3")
    assert parse_command("card 10h").card == "10h"
    assert parse_command("  ") is None and parse_command("history") == "history"
    with pytest.raises(ValueError, match="'dance'"):
        parse_command("dance")


def test_the_state_diagram_in_the_docs_is_current():
    committed = (ROOT / "docs" / "state-machine.md").read_text(encoding="utf-8")
    assert committed == state_diagram_markdown(), (
        "docs/state-machine.md is stale: run baccarat-table state-diagram --output "
        "docs/state-machine.md")


def test_sigterm_stops_a_headless_table_cleanly(tmp_path):
    import signal
    import time

    events_path = tmp_path / "events.jsonl"
    table = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver", "sim://?seed=4&rate=40",
         "--events", str(events_path)],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (
            not events_path.exists() or '"type":"card"' not in events_path.read_text()):
        time.sleep(0.05)
    table.send_signal(signal.SIGTERM)
    assert table.wait(timeout=10) == 0, table.stderr.read()
    lines = events_path.read_text().splitlines()
    assert all(json.loads(line)["seq"] for line in lines)  # every line whole


def test_under_systemd_a_table_keeps_its_journal_in_the_state_directory(tmp_path, monkeypatch):
    import argparse

    from ui.commands.run import table_config

    args = argparse.Namespace(config=None, driver=None, profile=None, journal=None, events=None)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    assert table_config(args).journal_path is None
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    assert table_config(args).journal_path == str(tmp_path / "journal.sqlite3")


def test_a_site_profile_named_in_the_config_is_found_beside_it(tmp_path, monkeypatch):
    from controller.profiles import load_profile

    shipped = load_profile("classic")
    (tmp_path / "site.toml").write_text(
        (ROOT / "controller" / "profiles" / "classic.toml").read_text().replace(
            f'name = "{shipped.name}"', 'name = "site"'), encoding="utf-8")
    config = load_config(write(tmp_path, '[table]\nprofile = "site.toml"\n'))
    monkeypatch.chdir("/")
    assert load_profile(config.profile).name == "site"
