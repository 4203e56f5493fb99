"""Verified checkpoints: the full verify's result journaled by the table, a start that proves
only the rows since the newest one (and the shoe it rebuilds, and the end against the head
file), and a failed daily check raised as an alert (docs/journal.md, "What each start
proves"). Real tables on the simulated shoe, real SQLite files."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from controller.events import facts
from controller.journal import Journal, JournalError
from controller.journal.checkpoint import result_path
from controller.journal.restart_range import restart_rows
from controller.journal.start_check import start_test
from controller.journal.verify import self_test
from controller.service.app import open_table
from controller.table.config import TableConfig
from tests.test_service_notify import run_under_notify_socket
from ui.cli import main

DRIVER = "sim://?seed=3&rate=0"


def config(path: Path) -> TableConfig:
    return TableConfig(driver_url=DRIVER, journal_path=str(path))


def play(path: Path, shoes: int) -> None:
    """``shoes`` more shoes on the table (which journals the last verify's result, if any, as
    it starts)."""
    open_table(config(path), stop_after_shoes=shoes, exposure=False).run()


def journal_the_result(path: Path) -> None:
    """A table started and stopped again at once: it journals the last verify's result."""
    table = open_table(config(path), exposure=False)
    table.runner.stop()  # queued after the result
    table.run()


def verify(path: Path, capsys) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["journal", "verify", str(path)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def journaled_results(path: Path) -> list[dict]:
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
def checkpointed(tmp_path: Path, capsys) -> tuple[Path, dict]:
    """Two shoes, a full verify, then a third shoe whose start journals the verify's result:
    the journal's newest checkpoint names the end of shoe 2."""
    path = tmp_path / "journal.sqlite3"
    play(path, 2)
    status, _ = verify(path, capsys)
    assert status == 0
    play(path, 1)
    [checkpoint] = journaled_results(path)
    return path, checkpoint


def test_a_full_verify_is_journaled_by_the_table_as_a_checkpoint(checkpointed):
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
    # Journaled once: a table started again does not journal the same result twice.
    play(path, 1)
    assert len(journaled_results(path)) == 1


def test_a_start_after_a_checkpoint_does_not_read_the_rows_before_it(checkpointed, capsys):
    path, checkpoint = checkpointed
    assert checkpoint["last_seq"] > 100
    change_data(path, 100)  # shoe 1: before the checkpoint, and not the shoe a restart rebuilds
    assert start_test(path).finding is None
    Journal.open(path).close()  # the table starts
    finding = self_test(path).finding  # the full check (the daily timer's) finds it
    assert finding is not None and finding.check == "chain" and finding.seq == 100
    status, out = verify(path, capsys)
    assert status == 1 and "FAILED (row 100)" in out


def test_a_start_refuses_a_row_changed_after_the_checkpoint(checkpointed):
    path, checkpoint = checkpointed
    changed = checkpoint["last_seq"] + 20
    change_data(path, changed)
    with pytest.raises(JournalError, match=f"row {changed} .* was changed"):
        Journal.open(path)


def test_a_start_checks_the_shoe_it_rebuilds_even_before_the_checkpoint(tmp_path, capsys):
    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    verify(path, capsys)
    journal_the_result(path)
    [checkpoint] = journaled_results(path)
    with sqlite3.connect(path) as connection:
        _, start = restart_rows(connection)
    assert start < checkpoint["last_seq"]  # a restart replays rows the checkpoint covers
    change_data(path, start + 1)
    with pytest.raises(JournalError, match=f"row {start + 1} .* was changed"):
        Journal.open(path)


def test_a_tampered_checkpoint_is_found(checkpointed, capsys):
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


def test_a_checkpoint_whose_row_holds_another_hash_is_found(checkpointed, capsys):
    path, checkpoint = checkpointed
    named = checkpoint["last_seq"]
    with sqlite3.connect(path) as connection:  # the named row's hash rewritten
        connection.execute("UPDATE events SET hash = zeroblob(32) WHERE seq = ?", (named,))
    finding = start_test(path).finding
    assert finding is not None and finding.check == "checkpoint" and finding.seq == named
    assert f"row {named} does not hold the hash the verify of" in finding.message
    with pytest.raises(JournalError, match="checkpoint check failed"):
        Journal.open(path)


def test_a_false_result_file_is_journaled_as_a_failed_check(tmp_path, capsys):
    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    verify(path, capsys)
    result = json.loads(result_path(path).read_text())
    result["last_hash"] = "ab" * 32  # names a hash no row holds
    result_path(path).write_text(json.dumps(result))
    journal_the_result(path)
    [journaled] = journaled_results(path)
    assert journaled["finding"].startswith(f"checkpoint check failed: row {result['last_seq']} "
                                           "does not hold the hash journal.sqlite3.verified")
    assert start_test(path).rows == self_test(path).rows  # no checkpoint: the full check


def failed_daily_check(tmp_path: Path, capsys) -> Path:
    """A journal whose full check failed (a row of shoe 1 edited after a checkpoint), the
    failure left for the table to journal."""
    path = tmp_path / "journal.sqlite3"
    play(path, 2)
    verify(path, capsys)
    play(path, 1)
    change_data(path, 100)
    status, _ = verify(path, capsys)
    assert status == 1
    return path


def test_a_failed_daily_check_stands_in_the_service_status(tmp_path, capsys):
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


def test_a_failed_daily_check_stands_in_the_display_header_after_a_restart(tmp_path, capsys,
                                                                            qtbot):
    from ui.display.window import DisplayWindow

    path = failed_daily_check(tmp_path, capsys)
    play(path, 1)  # the failure journaled during this shoe
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


def test_history_and_shoe_report_read_a_checkpointed_journal(checkpointed, capsys, tmp_path):
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


def test_a_running_table_takes_each_new_result_within_its_poll(tmp_path, capsys):
    from controller.journal.verify_watch import VerifyResultDue, VerifyResultWatcher
    from tests.journal_support import wait_for

    path = tmp_path / "journal.sqlite3"
    play(path, 1)
    received: list[object] = []  # what the table's loop would be handed
    watcher = VerifyResultWatcher(path, received.append, None, poll=0.05)
    watcher.start()
    try:
        assert received == []  # no verify yet
        verify(path, capsys)  # the timer's run, while the table runs
        wait_for(lambda: len(received) == 1)
        verify(path, capsys)  # the next day's
        wait_for(lambda: len(received) == 2)
    finally:
        watcher.close()
    first, second = received
    assert isinstance(first, VerifyResultDue) and isinstance(second, VerifyResultDue)
    assert first.fact.finding == "" and first.fact.finished < second.fact.finished


def archive_all_but_the_last_shoe(path: Path, folder: Path) -> None:
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%S")
    assert main(["journal", "archive", str(path), "--before", tomorrow, "--to",
                 str(folder)]) == 0


def test_a_start_after_an_archive_took_the_checkpoints_row_checks_from_the_live_journal(
        checkpointed, tmp_path, capsys):
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
        checkpointed, tmp_path, capsys):
    path, _ = checkpointed
    archive_all_but_the_last_shoe(path, tmp_path / "archive")
    [archived] = (tmp_path / "archive").glob("journal-*.sqlite3")
    archived.unlink()
    status, out = verify(path, capsys)
    assert status == 1 and str(archived) in out, out
    journal_the_result(path)
    assert str(archived) in journaled_results(path)[-1]["finding"]
