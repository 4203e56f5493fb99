"""Helpers for the journal tests: run a headless table in a child process, read a journal."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from controller.journal import Journal
from controller.journal.head import head_path
from tests.support.table import Table
from ui.headless import START

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = "9S KH TC 2D  2S 3C 3H 4C 5D  2S KS 3H 5H 5C AD"


def play(path: Path, extra: str = "") -> Table:
    """Three rounds, a void and the start of a fifth, journaled at ``path``."""
    table = Table()
    journal = Journal.open(path)
    table.bus.store = journal
    table.start_shoe()
    table.deal(ROUNDS + " 9H 9D")
    table.supervisor("void_round", reason="misdeal")
    table.deal("4S 4D" + extra)
    table.journal = journal
    return table


def table_command(journal: Path, driver: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver", driver,
            "--journal", str(journal), "--shoes", "1", *extra]


def start_table(journal: Path, driver: str, *extra: str,
                stdin: int | None = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    """The table's standard error goes to JOURNAL.log (a pipe nobody reads could fill up), its
    standard output to JOURNAL.out."""
    with log_path(journal).open("ab") as log, out_path(journal).open("ab") as out:
        return subprocess.Popen(table_command(journal, driver, *extra), cwd=ROOT, stdin=stdin,
                                stdout=out, stderr=log)


def out_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".out")


def started(journal: Path, times: int = 1) -> bool:
    """The headless table has said it is in text mode ``times`` times: it has opened its
    journal and its driver and answers SIGTERM by stopping cleanly."""
    return out_path(journal).read_text(encoding="utf-8").count(START) >= times


def log_path(journal: Path) -> Path:
    return journal.with_name(journal.name + ".log")


def kill(process: subprocess.Popen[Any]) -> None:
    """SIGKILL: no handler runs, nothing is flushed or committed."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
    process.wait()


def wait_for(predicate: Callable[..., object], timeout: float = 10.0) -> None:
    # Called with no arguments; `...` lets a lambda bind its loop's variables as defaults.
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def rows(journal: Path, sql: str) -> list[tuple[Any, ...]]:
    connection = sqlite3.connect(f"{journal.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def last_seq(journal: Path) -> int:
    """The journal's last seq; 0 while the table has not made it (or its tables) yet."""
    try:
        return rows(journal, "SELECT max(seq) FROM events")[0][0] or 0
    except sqlite3.OperationalError:
        return 0


def has_event(journal: Path, type_: str) -> bool:
    try:
        return bool(rows(journal, f"SELECT 1 FROM events WHERE type = '{type_}' LIMIT 1"))
    except sqlite3.OperationalError:  # not created yet
        return False


def generated_journal(folder: Path, days: float, ending: datetime | None = None) -> Path:
    """A journal of ``days`` of dealing in ``folder``, its last row about ``ending`` (now)
    (benchmarks/journal_generator.py: a real table's shoes, repeated)."""
    from benchmarks.journal_generator import template_shoes, write_journal

    path = folder / "journal.sqlite3"
    write_journal(path, days, template_shoes(folder), ending)
    return path


def copy_journal(source: Path, folder: Path) -> Path:
    """A copy of the journal at ``source`` in ``folder``, with its head file."""
    path = folder / source.name
    for part, copy in ((source, path), (head_path(source), head_path(path))):
        shutil.copy(part, copy)
    return path


def generated_journal_fixtures(days: float) -> tuple[object, object]:
    """Fixtures for a test module: ``generated``, a journal of ``days`` made once per module,
    and ``journal``, a copy of it for each test."""

    @pytest.fixture(scope="module")
    def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
        return generated_journal(tmp_path_factory.mktemp("generated"), days)

    @pytest.fixture
    def journal(generated: Path, tmp_path: Path) -> Path:
        return copy_journal(generated, tmp_path)

    return generated, journal
