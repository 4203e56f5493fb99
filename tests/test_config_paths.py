"""Where a table's files are: a relative path in a config is taken from the config's folder
(every one of them), every message about a file names the absolute path it opened, a file
that is not a journal is called so by every command, and two outputs naming one file are
refused before either is opened. Each command runs in its own process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from controller.journal.head import head_path
from pit.store import Store
from tests.support.journal import play, rows
from tests.support.table import ONE_DECK
from tests.test_user_mistakes import one_line_error

ROOT = Path(__file__).resolve().parent.parent
INSTALLED_CONFIG = Path("/etc/baccarat-table/table.toml")


def command(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=cwd,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen",
                               "PYTHONPATH": str(ROOT)})


def test_three_tables_whose_configs_say_the_same_relative_journal_keep_three_journals(
        tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"  # where the service manager starts them all
    elsewhere.mkdir()
    for number in (1, 2, 3):
        folder = tmp_path / f"t{number}"
        folder.mkdir()
        (folder / "table.toml").write_text(
            f'[table]\nid = "t{number}"\nprofile = "{ONE_DECK}"\n'
            f'[driver]\nurl = "sim://?seed={number}&rate=0"\n'
            '[journal]\npath = "journal.sqlite3"\n[events]\npath = "events.jsonl"\n',
            encoding="utf-8")
        done = command("run", "--headless", "--config", str(folder / "table.toml"), "--shoes",
                       "1", cwd=elsewhere)
        assert done.returncode == 0, done.stderr
    for number in (1, 2, 3):
        folder = tmp_path / f"t{number}"
        assert rows(folder / "journal.sqlite3", "SELECT DISTINCT table_id FROM events") == [
            (f"t{number}",)]
        assert f'"table":"t{number}"' in (folder / "events.jsonl").read_text()
    assert list(elsewhere.iterdir()) == []


def test_a_relative_journal_is_named_by_its_absolute_path_in_a_refusal(tmp_path: Path) -> None:
    config = tmp_path / "site" / "table.toml"
    config.parent.mkdir()
    config.write_text('[journal]\npath = "missing/journal.sqlite3"\n', encoding="utf-8")
    done = command("run", "--headless", "--config", "site/table.toml", "--driver",
                   "sim://?rate=0", "--shoes", "1", cwd=tmp_path)
    assert done.returncode == 3, done.stderr
    assert (f"journal {tmp_path}/site/missing/journal.sqlite3: cannot write it: its folder "
            f"{tmp_path}/site/missing does not exist") in done.stderr
    # The command line's relative path is the current folder's, named absolutely all the same.
    done = command("run", "--headless", "--journal", "gone/journal.sqlite3", "--driver",
                   "sim://?rate=0", "--shoes", "1", cwd=tmp_path)
    assert done.returncode == 3, done.stderr
    assert f"journal {tmp_path}/gone/journal.sqlite3: cannot write it" in done.stderr
    done = command("history", "--journal", "gone.sqlite3", cwd=tmp_path)
    one_line_error(done, "history", f"no journal at {tmp_path}/gone.sqlite3")
    done = command("run", "--headless", "--events", "gone/events.jsonl", "--driver",
                   "sim://?rate=0", "--shoes", "1", cwd=tmp_path)
    one_line_error(done, "run", f"events file {tmp_path}/gone/events.jsonl: cannot write it")


@pytest.mark.skipif(INSTALLED_CONFIG.exists(), reason="this machine has a table config")
def test_feed_tail_without_a_config_says_there_is_none() -> None:
    done = command("feed", "tail")
    line = one_line_error(done, "feed", f"no config at {INSTALLED_CONFIG}", "--config")
    assert "no [feed] section" not in line


def test_every_command_calls_an_sqlite_file_that_is_not_a_journal_what_verify_calls_it(
        tmp_path: Path) -> None:
    store = tmp_path / "pit.sqlite3"
    Store(store)  # the pit's own store: SQLite, with an events table, no journal
    said = "not a baccarat-table journal (application id 0x0)"
    verified = command("journal", "verify", str(store))
    assert verified.returncode == 1 and said in verified.stderr
    for name, args in (("history", ("--journal", str(store))),
                       ("shoe-report", ("--journal", str(store), "--shoe", "1")),
                       ("journal", ("export", str(store))),
                       ("feed", ("status", str(store)))):
        one_line_error(command(name, *args), name, f"{store}: {said}")


@pytest.mark.parametrize("events", ["{j}", "{j}.head", "{link}", "{j}-wal"])
def test_an_events_file_naming_the_journal_is_refused_before_either_is_opened(tmp_path: Path,
                                                                             events: str) -> None:
    journal = tmp_path / "table.db"
    play(journal).journal.close()
    link = tmp_path / "events.jsonl"
    os.link(journal, link)  # another name, the same file
    events = events.format(j=journal, link=link)
    before = {path: path.read_bytes() for path in (journal, head_path(journal))}
    done = command("run", "--headless", "--journal", str(journal), "--events", events,
                   "--driver", "sim://?rate=0", "--shoes", "1")
    one_line_error(done, "run", f"events file {events}: ", f"journal {journal}", "name another")
    assert {path: path.read_bytes() for path in before} == before
