"""A journal damaged on disk (cut short at any size, a page of zeros) and the commands that read
it: each ends the documented way, in one line, never in SQLite's traceback (docs/journal.md,
"A journal that fails the self-test"). And recall reads only the rows it shows.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from controller.events.stream import TableEvent
from controller.journal import Journal, recall
from controller.journal.head import head_path
from tests.support.journal import ROOT, ROUNDS, play, rows
from tests.support.table import Table
from ui.cli import main
from ui.commands.run import REFUSED

T = TypeVar("T")
PAGE = 1024  # the journal's page size (controller/journal/store.py)


def cut_to(size: int) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        with path.open("r+b") as file:
            file.truncate(size if size >= 0 else path.stat().st_size + size)
    damage.__name__ = f"cut to {size} bytes"
    return damage


def zero_page(number: int) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        pages = path.stat().st_size // PAGE
        with path.open("r+b") as file:
            file.seek((number % pages) * PAGE)
            file.write(bytes(PAGE))
    damage.__name__ = f"page {number} zeroed"
    return damage


DAMAGES = [cut_to(0), cut_to(50), cut_to(500), cut_to(PAGE), cut_to(2500), cut_to(4 * PAGE),
           cut_to(9 * PAGE + 300), cut_to(-1), cut_to(-PAGE),
           zero_page(0), zero_page(1), zero_page(3), zero_page(8), zero_page(-1)]


@pytest.fixture(params=DAMAGES, ids=lambda damage: damage.__name__)
def damaged(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    play(path).journal.close()
    connection = sqlite3.connect(path)  # every row in the database file, none left in a WAL
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    request.param(path)
    return path


def one_line(text: str) -> str:
    assert "Traceback" not in text, text
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


def test_verify_says_failed_and_exits_1(damaged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["journal", "verify", str(damaged)]) == 1
    captured = capsys.readouterr()
    assert "FAILED" in one_line(captured.err) and str(damaged) in captured.err


def test_run_refuses_in_one_line_with_exit_3_and_leaves_the_file(damaged: Path) -> None:
    before = damaged.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver", "sim://?seed=7&rate=0",
         "--journal", str(damaged), "--shoes", "1"], cwd=ROOT, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=120)
    said = [line for line in done.stderr.splitlines() if " INFO " not in line]
    assert done.returncode == REFUSED, done.stderr
    line = one_line("\n".join(said))
    assert line.startswith("baccarat-table run: the table refuses to play: journal ")
    assert "what to do:" in line
    assert damaged.read_bytes() == before


@pytest.mark.parametrize("command", [["history", "--journal"], ["history", "--last", "1",
                                     "--journal"], ["journal", "export"], ["shoe-report",
                                     "--out", "{out}", "--journal"]], ids=" ".join)
def test_a_command_that_reads_it_says_one_line(
    damaged: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Shown with a warning when the rows it needs still read; else one line and exit 1."""
    arguments = [part.format(out=damaged.with_name("report.png")) for part in command]
    status = main([*arguments, str(damaged)])
    err = capsys.readouterr().err
    if status == 0 and command[0] == "journal":  # an export says nothing but its rows
        assert err == ""
        return
    assert err, f"exit {status} and nothing said"
    line = one_line(err)
    if status == 0:
        assert line.startswith(f"warning: {damaged} failed its self-test: "), line
    else:
        assert status == 1
        assert f"cannot read the journal: journal {damaged}: SQLite cannot read it" in line
        assert "journal verify" in line  # what to do


def test_set_aside_works_on_it_and_the_next_table_starts_afresh(
    damaged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "set-aside", str(damaged)]) == 0
    assert not damaged.exists() and not head_path(damaged).exists()
    (kept,) = damaged.parent.glob("table.db.failed-*[0-9]Z")
    assert main(["journal", "verify", str(kept)]) == 1  # kept, still failing, for inspection
    with Journal.open(damaged) as journal:
        assert journal.last_seq == 0


# -- recall reads only what it shows ---------------------------------------------------------

@pytest.fixture(scope="module")
def many_shoes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Forty shoes of four rounds each."""
    path = tmp_path_factory.mktemp("many") / "table.db"
    table = Table()
    with Journal.open(path) as journal:
        table.bus.store = journal
        for _ in range(40):
            table.start_shoe()
            table.deal(ROUNDS + " CUT 9S KH TC 2D")
    return path


def read(path: Path, fetch: Callable[[sqlite3.Connection], T]) -> T:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return fetch(connection)
    finally:
        connection.close()


def test_the_last_round_is_read_from_its_own_rows_only(many_shoes: Path) -> None:
    total = rows(many_shoes, "SELECT count(*) FROM events")[0][0]
    last_result = rows(many_shoes, "SELECT max(seq) FROM rounds")[0][0]

    def last_round(db: sqlite3.Connection) -> tuple[set[int], list[TableEvent]]:
        seqs, events = recall.round_events(db, last=1)
        return seqs, list(events)

    shown, events = read(many_shoes, last_round)
    assert shown == {last_result}
    assert events[-1].seq == last_result and events[-1].type == "round_result"
    assert len(events) < 20 < total / 50  # one round's rows, of thousands


def test_history_last_shows_the_same_rounds_as_the_whole_history(
    many_shoes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "--journal", str(many_shoes), "--json"]) == 0
    whole = capsys.readouterr().out
    for arguments in (["--last", "3"], ["--shoe", "7"], ["--shoe", "7", "--last", "2"],
                      ["--shoe", "1", "--last", "9"]):
        assert main(["history", "--journal", str(many_shoes), "--json", *arguments]) == 0
        every, some = json.loads(whole), json.loads(capsys.readouterr().out)
        if "--shoe" in arguments:
            every = [record for record in every
                     if record["shoe"] == int(arguments[arguments.index("--shoe") + 1])]
        if "--last" in arguments:
            every = every[-int(arguments[arguments.index("--last") + 1]):]
        assert some == every and some


def test_a_shoe_is_read_from_its_own_rows_only(many_shoes: Path) -> None:
    events = read(many_shoes, lambda db: list(recall.shoe_events(db, 7)))
    assert {event.shoe for event in events} == {7}
    assert events[0].type == "shoe_started" and "shoe_ended" in {event.type for event in events}
    assert len(events) == rows(many_shoes, "SELECT count(*) FROM events WHERE shoe = 7")[0][0]
    assert read(many_shoes, recall.shoe_numbers) == (1, 40)


def test_the_last_round_of_a_healthy_journal_is_its_void(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.db"
    play(path).journal.close()
    assert main(["history", "--journal", str(path), "--last", "1"]) == 0
    assert "VOID by sup: misdeal" in capsys.readouterr().out
