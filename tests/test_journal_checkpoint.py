"""Verified checkpoints: the table's own daily full check, run in its child process and its
result journaled, a start that proves only the rows since the newest one (and the shoe it
rebuilds, and the end against the head file), a failed daily check raised as an alert, and no
checkpoint from anything but the table's own check (docs/journal.md, "What each start proves",
"Who can make a checkpoint"). Real tables on the simulated shoe, real child processes, real
SQLite files."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from controller.events import facts
from controller.events.due import FactDue
from controller.journal import Journal, JournalError
from controller.journal.daily_check import CheckFailedToRun, DailyCheck, result_of
from controller.journal.restart_range import restart_rows
from controller.journal.start_check import start_test
from controller.journal.verify import self_test
from controller.journal.verify_run import verify_journal
from controller.service.app import open_table
from controller.table.config import TableConfig
from tests.test_service_notify import run_under_notify_socket
from ui.cli import main

DRIVER = "sim://?seed=3&rate=0"


def config(path: Path) -> TableConfig:
    return TableConfig(driver_url=DRIVER, journal_path=str(path))


def play(path: Path, shoes: int) -> None:
    """``shoes`` more shoes on the table."""
    open_table(config(path), stop_after_shoes=shoes, exposure=False).run()


def checked(path: Path, *due: FactDue) -> None:
    """A table started, its daily check run at once (its child process, as every day) and
    journaled, then stopped; ``due``: results handed to its loop before the check's."""
    table = open_table(config(path), exposure=False)
    for result in due:
        table.runner.submit(result)
    assert table.journal_check is not None
    table.journal_check.check_now()
    table.runner.stop()  # queued after the result
    table.run()


def verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["journal", "verify", str(path)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def journaled_results(path: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(path) as connection:
        return [json.loads(data) for (data,) in connection.execute(
            "SELECT data FROM events WHERE type = 'journal_verified' ORDER BY seq")]


def change_data(path: Path, seq: int) -> None:
    """Someone edits a row's data in place (its hash left as it was)."""
    connection = sqlite3.connect(path)
    with connection:
        changed = connection.execute(
            "UPDATE events SET data = replace(data, '}', ',\"x\":1}') WHERE seq = ?", (seq,))
        assert changed.rowcount == 1
    connection.close()


@pytest.fixture
def checkpointed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, Any]]:
    """Two shoes, the table's daily check, then a third shoe: the journal's newest checkpoint
    names the end of shoe 2."""
    path = tmp_path / "journal.sqlite3"
    play(path, 2)
    checked(path)
    play(path, 1)
    [checkpoint] = journaled_results(path)
    return path, checkpoint


def test_the_tables_daily_check_is_journaled_as_a_checkpoint(
        checkpointed: tuple[Path, dict[str, Any]]) -> None:
    path, checkpoint = checkpointed
    with sqlite3.connect(path) as connection:
        last_seq, = connection.execute("SELECT max(seq) FROM events").fetchone()
        at_checkpoint, = connection.execute("SELECT hash FROM events WHERE seq = ?",
                                            (checkpoint["last_seq"],)).fetchone()
    assert checkpoint["finding"] == "" and checkpoint["rows"] == checkpoint["last_seq"]
    assert checkpoint["last_hash"] == at_checkpoint.hex()
    assert checkpoint["last_seq"] < last_seq  # the third shoe came after it
    # The start after it checked the rows since the checkpoint, not the whole journal.
    report = start_test(path)
    assert report.finding is None and report.last_seq == last_seq
    assert report.rows < last_seq - checkpoint["last_seq"] + 50
    # A start journals nothing of its own: only a check the table ran.
    play(path, 1)
    assert len(journaled_results(path)) == 1


def test_a_start_after_a_checkpoint_does_not_read_the_rows_before_it(
        checkpointed: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    path, checkpoint = checkpointed
    assert checkpoint["last_seq"] > 100
    change_data(path, 100)  # shoe 1: before the checkpoint, and not the shoe a restart rebuilds
    assert start_test(path).finding is None
    Journal.open(path).close()  # the table starts
    finding = self_test(path).finding  # the full check (the daily timer's) finds it
    assert finding is not None and finding.check == "chain" and finding.seq == 100
    status, out = verify(path, capsys)
    assert status == 1 and "FAILED (row 100)" in out


def test_a_start_refuses_a_row_changed_after_the_checkpoint(
        checkpointed: tuple[Path, dict[str, Any]]) -> None:
    path, checkpoint = checkpointed
    changed = checkpoint["last_seq"] + 20
    change_data(path, changed)
    with pytest.raises(JournalError, match=f"row {changed} .* was changed"):
        Journal.open(path)


def test_a_start_checks_the_shoe_it_rebuilds_even_before_the_checkpoint(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    checked(path)
    [checkpoint] = journaled_results(path)
    with sqlite3.connect(path) as connection:
        _, start = restart_rows(connection)
    assert start < checkpoint["last_seq"]  # a restart replays rows the checkpoint covers
    change_data(path, start + 1)
    with pytest.raises(JournalError, match=f"row {start + 1} .* was changed"):
        Journal.open(path)


def test_a_tampered_checkpoint_is_found(checkpointed: tuple[Path, dict[str, Any]],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path, checkpoint = checkpointed
    # The checkpoint's own row edited to name another hash: it no longer matches its row, and
    # its own hash no longer matches its content.
    with sqlite3.connect(path) as connection:
        seq, = connection.execute(
            "SELECT seq FROM events WHERE type = 'journal_verified'").fetchone()
        connection.execute("UPDATE events SET data = replace(data, ?, ?) WHERE seq = ?",
                           (checkpoint["last_hash"], "00" * 32, seq))
    with pytest.raises(JournalError, match=f"checkpoint check failed: row {checkpoint['last_seq']} "
                       f"does not hold the hash .* \\(row {seq}\\)"):
        Journal.open(path)
    status, out = verify(path, capsys)
    assert status == 1 and f"FAILED (row {seq})" in out


def test_a_checkpoint_whose_row_holds_another_hash_is_found(
        checkpointed: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    path, checkpoint = checkpointed
    named = checkpoint["last_seq"]
    with sqlite3.connect(path) as connection:  # the named row's hash rewritten
        connection.execute("UPDATE events SET hash = zeroblob(32) WHERE seq = ?", (named,))
    finding = start_test(path).finding
    assert finding is not None and finding.check == "checkpoint" and finding.seq == named
    assert f"row {named} does not hold the hash the verify of" in finding.message
    with pytest.raises(JournalError, match="checkpoint check failed"):
        Journal.open(path)


def last_row(path: Path) -> tuple[int, bytes]:
    with sqlite3.connect(path) as connection:
        row: tuple[int, bytes] = connection.execute(
            "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        return row


def leave_result_file(path: Path, **fields: object) -> Path:
    """A ``PATH.verified`` beside the journal, as the daily check of earlier versions left it
    for the table to journal, or as anyone who can write the folder can."""
    seq, digest = last_row(path)
    result = {"last_seq": seq, "last_hash": digest.hex(), "rows": seq, "seconds": 1.0,
              "finished": "2026-12-03T04:30:00.000000Z", "finding": "", **fields}
    file = path.with_name(path.name + ".verified")
    file.write_text(json.dumps(result))
    return file


def test_a_result_file_no_check_of_the_tables_wrote_makes_no_checkpoint(tmp_path: Path) -> None:
    """Naming a real row and its hash, it would let a start skip a row edited since: the
    table journals its own checks only, so the edit is refused as without the file."""
    path = tmp_path / "journal.sqlite3"
    play(path, 2)
    leave_result_file(path)
    play(path, 1)
    leave_result_file(path, seconds=float("nan"))  # nor one that is not JSON
    play(path, 1)
    assert journaled_results(path) == []
    change_data(path, 100)  # after the last real check (there was none)
    with pytest.raises(JournalError, match=r"row 100 .* was changed"):
        Journal.open(path)


def test_a_check_stamped_in_the_future_hides_no_later_failure(
        checkpointed: tuple[Path, dict[str, Any]]) -> None:
    """A check whose clock ran a day fast (or a forged time): the next check's failure is
    journaled and raised all the same. Results are taken in the order the checks end."""
    path, _ = checkpointed
    _, result, _ = verify_journal(path)
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    checked(path, FactDue(replace(result, finished=tomorrow)))
    play(path, 1)
    change_data(path, 100)
    checked(path)
    results = journaled_results(path)
    assert [result["finished"] == tomorrow for result in results] == [False, True, False, False]
    assert results[-1]["finding"].startswith("chain check failed: row 100 (")
    assert results[-1]["finished"] < tomorrow
    table = open_table(config(path), exposure=False)  # a restart still raises it
    table.close()
    [last] = [event for event in table.view_events if event.type == "journal_verified"][-1:]
    assert isinstance(last.fact, facts.JournalVerified)
    assert last.fact.finding.startswith("chain check failed: row 100 (")


def test_a_check_whose_child_says_no_result_journals_nothing() -> None:
    """What the child prints is read as strictly as any row: NaN is no number."""
    line = json.dumps({"last_seq": 1, "last_hash": "ab" * 32, "rows": 1, "finished": "",
                       "finding": ""})[:-1] + ', "seconds": NaN}'
    with pytest.raises(CheckFailedToRun, match="seconds = nan is not a finite number"):
        result_of(line.encode())
    for said in (b"Traceback (most recent call last):", b"[1]",
                 line.replace("NaN", "1").replace('"rows": 1', '"rows": "all"').encode()):
        with pytest.raises(CheckFailedToRun, match="is not one"):
            result_of(said)


def failed_daily_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A journal whose daily check failed (a row of shoe 1 edited after a checkpoint), the
    failure journaled by the table."""
    path = tmp_path / "journal.sqlite3"
    play(path, 2)
    checked(path)
    play(path, 1)
    change_data(path, 100)
    status, _ = verify(path, capsys)  # by hand, it says the same
    assert status == 1
    checked(path)
    return path


def test_a_failed_daily_check_stands_in_the_service_status(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = failed_daily_check(tmp_path, capsys)
    done, messages = run_under_notify_socket(
        tmp_path, "--driver", DRIVER, "--shoes", "1", "--journal", str(path))
    assert done.returncode == 0, done.stderr  # the table deals on: an alert, not a refusal
    statuses = [line for message in messages for line in message.splitlines()
                if line.startswith("STATUS=")]
    alert = "ALERT: JOURNAL CHECK FAILED: chain check failed: row 100 ("
    raised = next(index for index, line in enumerate(statuses) if alert in line)
    # From then on every line leads with it, whatever the table is doing.
    after = statuses[raised:]
    assert any("in play" in line for line in after)
    assert all(line.startswith(f"STATUS={alert}") for line in after)
    # Journaled, so it stands after a restart too, until a later check passes.
    done, messages = run_under_notify_socket(
        tmp_path, "--driver", DRIVER, "--shoes", "1", "--journal", str(path))
    ready = next(i for i, m in enumerate(messages) if "READY=1" in m)
    assert any(alert in message for message in messages[ready:])


def test_a_failed_daily_check_stands_in_the_display_header_after_a_restart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], qtbot: QtBot) -> None:
    from ui.display.window import DisplayWindow

    path = failed_daily_check(tmp_path, capsys)
    assert journaled_results(path)[-1]["finding"].startswith("chain check failed: row 100")
    table = open_table(config(path), exposure=False)  # a restart
    try:
        window = DisplayWindow()
        qtbot.addWidget(window)
        window.prime(table.view_events)
    finally:
        table.close()
    field = window.status.fields["verify"]
    assert not field.isHidden()
    assert field.text().startswith("JOURNAL CHECK FAILED: chain check failed: row 100 (")
    # A later check that passes clears it.
    passed = facts.JournalVerified(last_seq=1, last_hash="", rows=1, seconds=0.0,
                                   finished="", finding="")
    last = table.view_events[-1]
    window.on_events([last._replace(seq=last.seq + 1, fact=passed)])
    assert field.isHidden()


def test_history_and_shoe_report_read_a_checkpointed_journal(
        checkpointed: tuple[Path, dict[str, Any]], capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    path, checkpoint = checkpointed
    capsys.readouterr()
    assert main(["history", "--journal", str(path), "--last", "3", "--json"]) == 0
    captured = capsys.readouterr()
    rounds = json.loads(captured.out)
    assert len(rounds) == 3 and captured.err == ""
    assert rounds[-1]["shoe"] == 3
    assert main(["history", "--journal", str(path), "--shoe", "1", "--json"]) == 0
    assert {record["shoe"] for record in json.loads(capsys.readouterr().out)} == {1}
    # A row before the checkpoint edited: not what these commands prove (the daily check does).
    change_data(path, 100)
    assert main(["history", "--journal", str(path), "--last", "3"]) == 0
    assert "warning" not in capsys.readouterr().err
    report = tmp_path / "shoe.png"
    assert main(["shoe-report", "--journal", str(path), "--shoe", "3",
                 "--out", str(report)]) == 0
    assert report.stat().st_size > 0 and "warning" not in capsys.readouterr().err
    # A row after it edited: they say so, as a start would refuse it.
    changed = checkpoint["last_seq"] + 20
    change_data(path, changed)
    assert main(["history", "--journal", str(path), "--last", "3"]) == 0
    assert f"row {changed} " in capsys.readouterr().err


def test_a_running_table_checks_its_journal_again_and_again(tmp_path: Path) -> None:
    from tests.support.journal import wait_for

    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    received: list[object] = []  # what the table's loop would be handed
    check = DailyCheck(path, received.append, first=0.0, every=0.0)
    check.start()
    try:
        wait_for(lambda: len(received) >= 2, timeout=60)
    finally:
        check.close()
    first, second = received[:2]
    assert isinstance(first, FactDue) and isinstance(second, FactDue)
    assert isinstance(first.fact, facts.JournalVerified)
    assert first.fact.finding == "" and first.fact.last_seq == last_row(path)[0]


def test_a_stopped_table_starts_no_check(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    check = DailyCheck(path, lambda item: None, first=3600.0)
    check.start()
    check.close()
    with pytest.raises(CheckFailedToRun, match="stopping"):
        check.check_now()


def archive_all_but_the_last_shoe(path: Path, folder: Path) -> None:
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%S")
    assert main(["journal", "archive", str(path), "--before", tomorrow, "--to",
                 str(folder)]) == 0


def test_a_start_after_an_archive_took_the_checkpoints_row_checks_from_the_live_journal(
        checkpointed: tuple[Path, dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, checkpoint = checkpointed
    archive_all_but_the_last_shoe(path, tmp_path / "archive")
    with sqlite3.connect(path) as connection:
        first, = connection.execute("SELECT min(seq) FROM events").fetchone()
    assert first > checkpoint["last_seq"]  # the checkpoint's row is in the archive now
    assert start_test(path).finding is None
    play(path, 1)  # the table starts and plays on
    status, out = verify(path, capsys)
    assert status == 0 and "with 1 archive(s)" in out, out


def test_the_daily_check_fails_on_a_missing_archive_and_the_table_journals_it(
        checkpointed: tuple[Path, dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = checkpointed
    archive_all_but_the_last_shoe(path, tmp_path / "archive")
    [archived] = (tmp_path / "archive").glob("journal-*.sqlite3")
    archived.unlink()
    status, out = verify(path, capsys)
    assert status == 1 and str(archived) in out, out
    checked(path)
    assert str(archived) in journaled_results(path)[-1]["finding"]


def test_after_an_archive_took_the_checkpoints_row_nothing_old_is_journaled_again(
        checkpointed: tuple[Path, dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """An earlier version's result file names the checkpoint's row, which an archive then
    took: a start journals no failed check for it, and the table's next check passes, journal
    and archive one chain."""
    path, checkpoint = checkpointed
    leave_result_file(path, last_seq=checkpoint["last_seq"], last_hash=checkpoint["last_hash"])
    play(path, 1)  # the checkpoint's own row goes with the archive too
    archive_all_but_the_last_shoe(path, tmp_path / "archive")
    play(path, 1)
    assert [result["finding"] for result in journaled_results(path)] == []
    checked(path)
    [result] = journaled_results(path)
    assert result["finding"] == "" and result["rows"] < result["last_seq"]


def test_the_check_runs_at_the_lowest_cpu_priority(tmp_path: Path) -> None:
    """The card path always comes first: the child lowers itself to nice 19 before it reads."""
    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    done = subprocess.run(
        [sys.executable, "-c", "import os, sys; from controller.journal.check_child import main; "
         "main(sys.argv[1:]); print(os.nice(0))", str(path)],
        capture_output=True, text=True, timeout=60, check=True)
    result, nice = done.stdout.splitlines()
    assert result_of(result.encode()).finding == "" and nice == "19"
