"""The events file (`run --events FILE`) across crashes: every journaled event once, in order.

Real headless tables in their own processes, killed with SIGKILL at moments counted by what
the journal holds, then restarted.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.journal import (
    ROOT,
    kill,
    last_seq,
    log_path,
    play,
    rows,
    start_table,
    wait_for,
)
from ui.cli import main

SEED = 20261130
SLOW = f"sim://?seed={SEED}&rate=30"
FAST = f"sim://?seed={SEED}&rate=0"

pytestmark = pytest.mark.timeout(300)


def file_events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run_to_end(journal: Path, *extra: str) -> None:
    process = start_table(journal, FAST, *extra)
    assert process.wait(timeout=120) == 0, log_path(journal).read_text()[-2000:]


def test_after_kills_the_file_holds_every_journaled_event_once_in_order(tmp_path: Path) -> None:
    journal, events = tmp_path / "table.db", tmp_path / "events.jsonl"
    run_to_end(journal, "--events", str(events))  # shoe 1, played straight through
    # Shoe 2 with another profile: config_changed is journaled at start, outside the live
    # event stream.
    options = ("--events", str(events), "--profile", "no-commission")
    chance = random.Random(SEED)
    for life in range(12):
        target = last_seq(journal) + chance.randint(5, 40)
        process = start_table(journal, SLOW, *options)
        wait_for(lambda target=target: last_seq(journal) >= target, timeout=60)
        kill(process)
        if life == 4:  # as if killed after commits but before their lines were written
            lines = events.read_text(encoding="utf-8").splitlines(keepends=True)
            events.write_text("".join(lines[:-3]), encoding="utf-8")
        if life == 8:  # as if killed in the middle of writing a line
            with events.open("a", encoding="utf-8") as stream:
                stream.write('{"type":"card","seq":')
    run_to_end(journal, *options)

    written = file_events(events)
    recorded = rows(journal, "SELECT seq, type, ts FROM events ORDER BY seq")
    assert [e["seq"] for e in written] == list(range(1, last_seq(journal) + 1))
    assert [(e["seq"], e["type"], e["ts"]) for e in written] == recorded
    assert [e["type"] for e in written].count("config_changed") == 1
    assert [e["type"] for e in written].count("shoe_ended") == 2


def run_without_journal(events: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--shoes", "1", "--driver", FAST,
         "--events", str(events)],
        cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_without_a_journal_seq_goes_on_after_the_file_and_is_never_reused(tmp_path: Path) -> None:
    events = tmp_path / "events.jsonl"
    run_without_journal(events)
    first = len(file_events(events))
    with events.open("a", encoding="utf-8") as stream:  # a line torn by a crash
        stream.write(f'{{"type":"card","seq":{first + 1},"ts":"2026-')
    run_without_journal(events)
    seqs = [e["seq"] for e in file_events(events)]
    assert seqs[:first] == list(range(1, first + 1))
    assert seqs[first:] == list(range(first + 2, len(seqs) + 2))  # the torn seq is not reused


def test_an_events_file_of_another_journal_is_refused(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    journal, events = tmp_path / "table.db", tmp_path / "events.jsonl"
    play(journal).journal.close()
    events.write_text('{"type":"card","seq":5,"ts":"2020-01-01T00:00:00.000000Z"}\n')
    assert main(["run", "--headless", "--journal", str(journal), "--events", str(events)]) == 3
    (line,) = refusal(capsys)
    assert str(events) in line and "belongs to another journal" in line
    events.write_text('{"type":"card","seq":5}\nnot an event\n')
    assert main(["run", "--headless", "--journal", str(journal), "--events", str(events)]) == 3
    (line,) = refusal(capsys)
    assert "its last line (byte 24) is not an event" in line and "not an event'" in line


def refusal(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines the table said, less the log's INFO lines."""
    return [line for line in capsys.readouterr().err.splitlines() if " INFO " not in line]


def refused_run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ui.cli", "run", "--headless", "--shoes", "1",
                           "--driver", FAST, *args], cwd=ROOT, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("content", [
    b"not an event, and no final newline",  # no whole line: nothing says it is an events file
    b"some notes\nnot an event either",  # its one whole line is not an event
    # An event of another journal, then a torn line: refused for the journal, the tail kept.
    b'{"type":"card","seq":5,"ts":"2020-01-01T00:00:00.000000Z"}\n{"type":"ca',
])
def test_a_file_the_table_refuses_as_its_events_file_is_not_changed(tmp_path: Path,
                                                                    content: bytes) -> None:
    journal, events = tmp_path / "table.db", tmp_path / "notes.txt"
    play(journal).journal.close()
    events.write_bytes(content)
    done = refused_run("--journal", str(journal), "--events", str(events))
    assert done.returncode == 3, done.stderr
    assert f"events file {events}" in done.stderr
    assert events.read_bytes() == content
