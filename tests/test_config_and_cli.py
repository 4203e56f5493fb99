"""The table config file, the headless run command and the state diagram."""

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from controller.table.commands import Command
from controller.table.config import ConfigError, TableConfig, load_config
from controller.table.diagram import ROUND_PARTS, STOP_PARTS, Move, parts, state_diagram_markdown
from controller.table.machine import ROUND_HOLDS, ROUND_TRANSITIONS, STOP_TRANSITIONS
from controller.table.supervisor import hash_pin, verify_pin
from ui.cli import main
from ui.headless import parse_command

ROOT = Path(__file__).resolve().parent.parent
# A stored PIN hash of the right shape with the iterations to fill in.
SALT_AND_HASH = "pbkdf2_sha256${}$" + "a" * 32 + "$" + "b" * 64


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_example_config_loads() -> None:
    config = load_config(ROOT / "systemd" / "table.toml.example")
    assert config.driver_url.startswith("serial://")


def test_a_full_config_is_read(tmp_path: Path) -> None:
    pin_hash = hash_pin("1357", iterations=10_000)
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
    assert config.pin_hash is not None
    assert not config.burn_scanned and verify_pin("1357", config.pin_hash)
    assert not verify_pin("1358", config.pin_hash)


@pytest.mark.parametrize(("text", "expected"), [
    ("[table]\nid = 7\n", "table.id = 7: expected a table id string"),
    ("[table]\ncolour = 'red'\n", "table.colour: unknown key (valid: id, profile"),
    ("[tabel]\nid = 'x'\n", "tabel: unknown section (valid: driver, events, feed"),
    ("[table]\nbetting = 'online'\n", "table.betting = 'online': expected 'land' or 'live'"),
    ("[table]\nburn_scanned = 1\n", "table.burn_scanned = 1: expected true or false"),
    ("[supervisor]\npin_hash = '1234'\n", "supervisor.pin_hash (value not shown): expected "
     "'pbkdf2_sha256$<iterations>$<salt>$<hash>'"),
    ("[table\n", "not valid TOML"),
    ("[table]\nid = ''\n", "table.id = '': expected a table id; it is empty"),
    ("[table]\nid = '   '\n", "table.id = '   ': expected a table id; it is empty"),
    ('[table]\nid = "T\\u0007"\n', "table.id = 'T\\x07': expected a table id without control"),
    ("[table]\nid = ' T1'\n", "without leading or trailing spaces"),
    (f"[table]\nid = '{'T' * 33}'\n", "expected a table id of at most 32 characters"),
    ("[table]\nbetting_seconds = 0.5\n", "table.betting_seconds = 0.5: expected 1 to 600 seconds"),
    ("[table]\nbetting_seconds = 601\n", "table.betting_seconds = 601: expected 1 to 600"),
    ("[table]\nbetting_seconds = -inf\n", "table.betting_seconds = -inf: expected 1 to 600"),
    ("[journal]\npath = ''\n", "journal.path = '': expected a path; leave the key out for none"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(9_999)}'\n",
     "iterations 9999: expected 10,000 to 1,000,000 (the default is 200,000)"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(10**9)}'\n",
     "iterations 1000000000: expected 10,000 to 1,000,000"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(200_000).replace('$' + 'a' * 32, '$aa')}'"
     "\n", "the salt has 2 hex digits, expected 32 (16 bytes)"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(200_000)[:-2]}'\n",
     "the hash has 62 hex digits, expected 64 (32 bytes)"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(200_000).upper()}'\n",
     "in lower-case hex"),
    ("[journal]\nkeep_days = 36501\n", "journal.keep_days = 36501: expected 90 to 36500 days"),
    ("[journal]\nmin_free_days = -1\n", "journal.min_free_days = -1: expected 0 days or more"),
])
def test_a_bad_config_is_refused_with_file_key_and_reason(tmp_path: Path, text: str,
                                                          expected: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(path) in str(caught.value) and expected in str(caught.value)


# Values that passed the old check and then failed at run time: an overflow when betting opens
# (inf, 1e10), betting that closes at once (nan), a PIN check that crashes (0 iterations) or
# outlasts the watchdog (10**12 iterations).
@pytest.mark.parametrize(("text", "shown"), [
    ("[table]\nbetting_seconds = inf\n", "table.betting_seconds = inf: expected 1 to 600 seconds"),
    ("[table]\nbetting_seconds = 1e10\n",
     "table.betting_seconds = 10000000000.0: expected 1 to 600 seconds"),
    ("[table]\nbetting_seconds = nan\n", "table.betting_seconds = nan: expected 1 to 600 seconds"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(0)}'\n",
     "supervisor.pin_hash (value not shown): iterations 0: expected 10,000 to 1,000,000"),
    (f"[supervisor]\npin_hash = '{SALT_AND_HASH.format(10**12)}'\n",
     "iterations 1000000000000: expected 10,000 to 1,000,000"),
    ("[table]\nid = ''\n", "table.id = '': expected a table id; it is empty"),
    ("[table]\nbetting = 'online'\n", "table.betting = 'online': expected 'land' or 'live'"),
])
def test_run_refuses_a_bad_config_with_one_clear_line(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str], text: str,
                                                      shown: str) -> None:
    path = write(tmp_path, text)
    assert main(["run", "--headless", "--config", str(path)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"baccarat-table run: error: {path}: ") and shown in line
    assert "aaaa" not in line and "bbbb" not in line  # no part of a PIN hash in any log


def test_a_retention_past_what_a_date_can_hold_is_refused_in_one_line_not_a_restart_loop(
        tmp_path: Path) -> None:
    # keep_days = 999999 passed the check, then every start died with OverflowError (exit 1:
    # systemd restarts it for ever); it is refused where it is read (exit 2, one line).
    config = write(tmp_path, '[journal]\npath = "journal.sqlite3"\nkeep_days = 999999\n')
    done = subprocess.run([sys.executable, "-m", "ui.cli", "run", "--headless", "--config",
                           str(config), "--driver", "sim://?rate=0", "--shoes", "1"],
                          cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        f"baccarat-table run: error: {config}: journal.keep_days = 999999: expected 90 to "
        "36500 days: a shorter retention is refused (regulators ask that much play to stay "
        "recallable), a longer one is a typo; leave the key out to keep everything"]


def test_config_values_at_their_bounds_are_taken(tmp_path: Path) -> None:
    for days, free in ((90, 0), (36500, 2**63 - 1)):
        config = load_config(write(tmp_path, f"[journal]\nkeep_days = {days}\n"
                                   f"min_free_days = {free}\n"))
        assert (config.keep_days, config.min_free_days) == (days, free)
    for seconds, iterations in ((1, 10_000), (600, 1_000_000)):
        config = load_config(write(tmp_path, f"""
[table]
id = "Baccarat 7 · 百家乐"
betting_seconds = {seconds}
[supervisor]
pin_hash = "{SALT_AND_HASH.format(iterations)}"
"""))
        assert config.betting_seconds == seconds
    # what 'baccarat-table hash-pin' writes, with its default iterations
    assert load_config(write(tmp_path, f'[supervisor]\npin_hash = "{hash_pin("1357")}"\n'))


def test_headless_run_plays_a_shoe_prints_rounds_and_writes_events(tmp_path: Path) -> None:
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


def test_typed_operator_commands() -> None:
    command = parse_command("void pin=2468 by=anna misdeal on seat 3")
    assert isinstance(command, Command)
    assert (command.action, command.pin, command.by, command.reason) == (
        "void_round", "2468", "anna", "misdeal on seat 3")
    card = parse_command("card 10h")
    assert isinstance(card, Command) and card.card == "10h"
    assert parse_command("  ") is None and parse_command("history") == "history"
    with pytest.raises(ValueError, match="'dance'"):
        parse_command("dance")


def test_the_state_diagram_in_the_docs_is_current() -> None:
    committed = (ROOT / "docs" / "state-machine.md").read_text(encoding="utf-8")
    assert committed == state_diagram_markdown(), (
        "docs/state-machine.md is stale: run baccarat-table state-diagram --output "
        "docs/state-machine.md")


def test_sigterm_stops_a_headless_table_cleanly(tmp_path: Path) -> None:
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
    assert table.stderr is not None
    assert table.wait(timeout=10) == 0, table.stderr.read()
    lines = events_path.read_text().splitlines()
    assert all(json.loads(line)["seq"] for line in lines)  # every line whole


def test_under_systemd_a_table_keeps_its_journal_in_the_state_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from ui.commands.run import table_config

    args = argparse.Namespace(config=None, driver=None, profile=None, journal=None, events=None)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    assert table_config(args).journal_path is None
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    assert table_config(args).journal_path == str(tmp_path / "journal.sqlite3")


def test_a_site_profile_named_in_the_config_is_found_beside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from controller.game.profiles import load_profile

    shipped = load_profile("classic")
    (tmp_path / "site.toml").write_text(
        (ROOT / "controller" / "game" / "profiles" / "classic.toml").read_text().replace(
            f'name = "{shipped.name}"', 'name = "site"'), encoding="utf-8")
    config = load_config(write(tmp_path, '[table]\nprofile = "site.toml"\n'))
    monkeypatch.chdir("/")
    assert load_profile(config.profile).name == "site"


def site_profile(folder: Path, relative: str, name: str) -> None:
    """A copy of the classic profile named ``name``, at ``folder / relative``."""
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    classic = (ROOT / "controller" / "game" / "profiles" / "classic.toml").read_text()
    path.write_text(classic.replace('name = "classic"', f'name = "{name}"'), encoding="utf-8")


def test_a_relative_profile_path_without_toml_is_taken_from_the_config_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from controller.game.profiles import load_profile

    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    site_profile(site, "profiles/high-limit", "beside the config")
    site_profile(elsewhere, "profiles/high-limit", "in the working directory")
    config = load_config(write(site, '[table]\nprofile = "profiles/high-limit"\n'))
    monkeypatch.chdir(elsewhere)
    assert load_profile(config.profile).name == "beside the config"


def test_a_bare_name_is_only_ever_a_shipped_profile(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    site_profile(tmp_path, "high-limit", "in the working directory")
    monkeypatch.chdir(tmp_path)
    # Refused as the config is read, naming the file and the key (not only when the table
    # opens the profile).
    config_file = write(tmp_path, '[table]\nprofile = "high-limit"\n')
    with pytest.raises(ConfigError) as refused:
        load_config(config_file)
    assert str(refused.value).startswith(f"{config_file}: table.profile = 'high-limit': "
                                         "unknown profile 'high-limit': expected one of big-win, ")
    assert str(refused.value).endswith("(with a / or ending in .toml)")
    assert load_config(write(tmp_path, '[table]\nprofile = "classic"\n')).profile == "classic"


@pytest.mark.parametrize("shoes", ["0", "-1", "many"])
def test_run_refuses_a_shoe_count_below_one_instead_of_running_forever(
        capsys: pytest.CaptureFixture[str], shoes: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["run", "--headless", "--shoes", shoes])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"baccarat-table run: error: argument --shoes: expected a whole number, at least 1, "
        f"got '{shoes}'")


def test_run_help_names_the_driver_it_deals_from_by_default(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    text = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert f"card source (default: the config's, else {TableConfig().driver_url})" in text


@pytest.mark.parametrize(("transitions", "predicates", "tabled"), [
    (ROUND_TRANSITIONS, ROUND_PARTS, ROUND_HOLDS), (STOP_TRANSITIONS, STOP_PARTS, [])])
def test_the_state_diagrams_draw_every_move_once_in_parts_small_enough_to_read(
        transitions: list[Move], predicates: Sequence[tuple[str, Callable[[Move], bool]]],
        tabled: list[Move]) -> None:
    """The round machine in one diagram was a tangle of crossing edges: each part now has a
    dozen or so moves, and together with the table of held cards they hold every move once."""
    drawn = [move for _, moves in parts(transitions, predicates) for move in moves]
    for move in transitions:
        assert sum(move is other for other in [*drawn, *tabled]) == 1, move
    assert all(len(moves) <= 16 for _, moves in parts(transitions, predicates))
