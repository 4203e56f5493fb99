"""``journal archive``: complete old shoes moved out of the live journal into a verified
archive file, the two checked as one chain, read back by history, export and shoe-report,
and a power cut at any point of it losing nothing (docs/journal.md, "Archive and retention")."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from controller.feed.outbox import FeedRecord, write_record
from controller.journal import Journal
from controller.journal.archive_verify import verify_archives
from controller.journal.head import head_path
from controller.journal.verify import self_test
from controller.service.app import open_table
from controller.service.retention import keep_retention
from controller.table.config import TableConfig
from tests.support.journal import (
    ROOT,
    generated_journal,
    generated_journal_fixtures,
    kill,
    rows,
)
from ui.cli import main

DAYS = 3


generated, journal = generated_journal_fixtures(DAYS)


def days_ago(days: float) -> str:
    return (datetime.now(UTC) - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S")


def archive_cli(journal: Path, folder: Path, before: str, *extra: str) -> int:
    return main(["journal", "archive", str(journal), "--before", before, "--to", str(folder),
                 *extra])


def output(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def exported(path: Path) -> list[dict[str, Any]]:
    lines = subprocess.run([sys.executable, "-m", "ui.cli", "journal", "export", str(path)],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in lines.splitlines()]


def archives_in(folder: Path) -> list[Path]:
    return sorted(folder.glob("journal-*.sqlite3"))


def test_archived_shoes_are_read_back_by_history_export_verify_and_shoe_report(
        journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before_rows = exported(journal)
    shoe_before = output(capsys, "history", "--journal", str(journal), "--shoe", "3", "--json")
    last_ten = output(capsys, "history", "--journal", str(journal), "--last", "10", "--json")
    folder = tmp_path / "archive"

    assert archive_cli(journal, folder, days_ago(1)) == 0
    said = capsys.readouterr().out
    [archived] = archives_in(folder)
    assert f"moved to {archived}" in said

    # The archive reads like any journal, the live one still shows its last rounds.
    assert output(capsys, "history", "--journal", str(archived), "--shoe", "3",
                  "--json") == shoe_before
    assert output(capsys, "history", "--journal", str(journal), "--last", "10",
                  "--json") == last_ten
    # Asked of the live journal, a shoe archived is read from its archive, saying so.
    capsys.readouterr()
    assert main(["history", "--journal", str(journal), "--shoe", "3", "--json"]) == 0
    followed = capsys.readouterr()
    assert followed.out == shoe_before
    assert followed.err == f"shoe 3 was archived: reading {archived}\n"
    # Every row is in one of the two, once, with its hashes; the live journal adds the record.
    archive_rows, live_rows = exported(archived), exported(journal)
    assert archive_rows + live_rows[:-1] == before_rows
    record = live_rows[-1]
    assert record["type"] == "journal_archived"
    assert live_rows[0]["prev_hash"] == archive_rows[-1]["hash"]
    data = json.loads(record["data"])
    assert (data["file"], data["first_seq"], data["last_seq"], data["rows"]) == (
        archived.name, 1, archive_rows[-1]["seq"], len(archive_rows))
    assert data["last_hash"] == archive_rows[-1]["hash"]
    # One chain, archive and live journal.
    verified = output(capsys, "journal", "verify", str(journal))
    assert f"with 1 archive(s), {len(archive_rows)} rows from row 1, one chain" in verified
    assert "an archive of rows 1 to" in output(capsys, "journal", "verify", str(archived))
    report = tmp_path / "shoe3.html"
    assert "shoe 3," in output(capsys, "shoe-report", "--journal", str(archived), "--shoe", "3",
                               "--out", str(report))
    assert "shoe 3" in report.read_text()
    followed_report = tmp_path / "followed.html"
    assert "shoe 3," in output(capsys, "shoe-report", "--journal", str(journal), "--shoe", "3",
                               "--out", str(followed_report))
    assert followed_report.read_text() == report.read_text()
    # Smaller: the pages of the moved rows went back to the file system.
    assert journal.stat().st_size < archived.stat().st_size


def play_a_shoe(journal: Path) -> None:
    table = open_table(TableConfig(driver_url="sim://?seed=5&rate=0", journal_path=str(journal)),
                       stop_after_shoes=1, exposure=False)
    table.run()


def test_a_table_starts_on_an_archived_journal_where_it_stopped(
    journal: Path, tmp_path: Path
) -> None:
    last_before = rows(journal, "SELECT max(seq), max(shoe) FROM events")[0]
    assert archive_cli(journal, tmp_path / "archive", days_ago(1)) == 0
    play_a_shoe(journal)
    shoes = rows(journal, "SELECT shoe FROM events WHERE type = 'shoe_started' ORDER BY seq")
    assert shoes[-1][0] == last_before[1] + 1  # the next shoe, numbered on
    assert self_test(journal).finding is None
    assert verify_archives(journal).finding is None


def test_archiving_again_adds_an_archive_to_the_same_chain(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "archive"
    assert archive_cli(journal, folder, days_ago(2)) == 0
    assert archive_cli(journal, folder, days_ago(1)) == 0
    first, second = archives_in(folder)
    assert "with 2 archive(s)" in output(capsys, "journal", "verify", str(journal))
    for archived in (first, second):
        shoe = rows(archived, "SELECT max(shoe) FROM shoes")[0][0]
        assert output(capsys, "history", "--journal", str(journal), "--shoe", str(shoe)) == (
            output(capsys, "history", "--journal", str(archived), "--shoe", str(shoe)))
        assert "no rounds" not in output(capsys, "history", "--journal", str(archived),
                                         "--shoe", str(shoe))
    # Nothing more to move: said, and nothing changes.
    assert archive_cli(journal, folder, days_ago(1)) == 0
    assert "nothing to archive" in capsys.readouterr().out
    assert archives_in(folder) == [first, second]


def verify_fails(capsys: pytest.CaptureFixture[str], journal: Path, *extra: str) -> str:
    capsys.readouterr()
    assert main(["journal", "verify", str(journal), *extra]) == 1
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1
    return error


def test_verify_names_a_removed_or_moved_archive(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "archive"
    assert archive_cli(journal, folder, days_ago(1)) == 0
    [archived] = archives_in(folder)
    elsewhere = tmp_path / "offline"
    elsewhere.mkdir()
    for part in (archived, head_path(archived)):
        part.rename(elsewhere / part.name)
    assert f"archive {archived} (rows 1 to" in verify_fails(capsys, journal)
    assert "is missing" in verify_fails(capsys, journal)
    # Moved to offline storage: named there, it verifies.
    assert "one chain" in output(capsys, "journal", "verify", str(journal),
                                 "--archives", str(elsewhere))


def test_verify_names_a_tampered_or_replaced_archive(
    journal: Path, generated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "archive"
    assert archive_cli(journal, folder, days_ago(1)) == 0
    [archived] = archives_in(folder)
    with sqlite3.connect(archived) as db:
        db.execute("UPDATE events SET data = replace(data, 'banker', 'player') WHERE seq = 500")
    assert "chain check failed: row 500" in verify_fails(capsys, journal)

    put_another_archive_in_place(generated, archived, tmp_path)
    assert self_test(archived).finding is None
    assert "is not the archive recorded" in verify_fails(capsys, journal)


def put_another_archive_in_place(generated: Path, archived: Path, folder: Path) -> None:
    """Another copy of the journal, archived to a day earlier (fewer rows, shoe 3 among them),
    put in the place of ``archived``: it verifies alone, but is not the archive recorded."""
    other = folder / "other" / "journal.sqlite3"
    other.parent.mkdir()
    shutil.copy(generated, other)
    shutil.copy(head_path(generated), head_path(other))
    assert archive_cli(other, folder / "other-archive", days_ago(2)) == 0
    [smaller] = archives_in(folder / "other-archive")
    shutil.copy(smaller, archived)
    shutil.copy(head_path(smaller), head_path(archived))


def test_rows_cut_off_either_end_of_an_archived_journal_are_still_caught(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert archive_cli(journal, tmp_path / "archive", days_ago(1)) == 0
    play_a_shoe(journal)  # the table goes on after the archive record
    first, last = rows(journal, "SELECT min(seq), max(seq) FROM events")[0]
    cut_tail = tmp_path / "cut-tail.sqlite3"
    shutil.copy(journal, cut_tail)
    shutil.copy(head_path(journal), head_path(cut_tail))
    with sqlite3.connect(cut_tail) as db:
        db.execute("DELETE FROM events WHERE seq > ?", (last - 3,))
    assert f"head check failed: rows {last - 2} to {last} deleted" in verify_fails(capsys,
                                                                                   cut_tail)
    with sqlite3.connect(journal) as db:  # the front, with no record saying where it went
        db.execute("DELETE FROM rounds WHERE seq < ?", (first + 400,))
        db.execute("DELETE FROM shoes WHERE seq < ?", (first + 400,))
        db.execute("DELETE FROM events WHERE seq < ?", (first + 400,))
    assert (f"chain check failed: rows {first} to {first + 399} deleted"
            in verify_fails(capsys, journal))


def acknowledge(journal: Path, seq: int) -> None:
    [(digest,)] = rows(journal, f"SELECT hash FROM events WHERE seq = {seq}")
    write_record(journal, FeedRecord(acked_seq=seq, acked_hash=digest.hex()))


def test_rows_the_feed_has_not_had_acknowledged_are_not_archived(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "archive"
    acknowledge(journal, 5000)
    assert archive_cli(journal, folder, days_ago(1)) == 0
    [archived] = archives_in(folder)
    last = rows(archived, "SELECT max(seq) FROM events")[0][0]
    assert last < 5000  # shoes up to the acknowledged row, not one row further
    assert rows(journal, "SELECT min(seq) FROM events")[0][0] == last + 1
    assert rows(journal, "SELECT count(*) FROM events WHERE seq = 5000") == [(1,)]


def test_a_configured_feed_with_nothing_acknowledged_keeps_everything(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "table.toml"
    config.write_text('[feed]\nurl = "mqtt://127.0.0.1:1"\n')
    assert archive_cli(journal, tmp_path / "archive", days_ago(1), "--config", str(config)) == 0
    assert "nothing to archive" in capsys.readouterr().out
    assert rows(journal, "SELECT min(seq) FROM events") == [(1,)]


def test_archive_is_refused_in_one_line_while_a_table_has_the_journal(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Journal.open(journal):
        assert archive_cli(journal, tmp_path / "archive", days_ago(1)) == 1
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1
    assert "in use by another table process" in error
    assert not archives_in(tmp_path / "archive")


def test_a_bad_date_is_one_line_naming_it(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        archive_cli(journal, tmp_path / "archive", "last tuesday")
    assert stopped.value.code == 2
    assert "--before: expected a date (2026-03-01) or a time" in capsys.readouterr().err


def archive_process(journal: Path, folder: Path, before: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "ui.cli", "journal", "archive", str(journal),
                             "--before", before, "--to", str(folder)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def all_rows(journal: Path, folder: Path) -> list[tuple[Any, ...]]:
    """Every row of the journal's archives (those its records name: a run cut short may leave
    one that none does, which the next run replaces) and the journal, except the records."""
    found = []
    for path in [*(path for path, _ in verify_archives(journal, folder).files), journal]:
        found += rows(path, "SELECT seq, hash FROM events WHERE type != 'journal_archived' "
                            "ORDER BY seq")
    return found


def test_a_power_cut_during_archive_loses_nothing(journal: Path, tmp_path: Path) -> None:
    """SIGKILL at random moments of an archive run (from the interpreter's start to after the
    end): the journal and archive always verify as one chain with every row once, and a
    second run completes the move or finds nothing to do."""
    before = days_ago(1)
    original = rows(journal, "SELECT seq, hash FROM events ORDER BY seq")
    pristine = tmp_path / "pristine"
    pristine.mkdir()
    for part in (journal, head_path(journal)):
        shutil.copy(part, pristine / part.name)
    started = time.monotonic()
    assert archive_process(journal, tmp_path / "timed", before).wait() == 0
    whole = time.monotonic() - started
    outcomes = set()
    for attempt in range(8):
        for part in (journal, head_path(journal)):
            shutil.copy(pristine / part.name, part)
        for side in ("-wal", "-shm"):
            Path(f"{journal}{side}").unlink(missing_ok=True)
        folder = tmp_path / f"archive-{attempt}"
        process = archive_process(journal, folder, before)
        time.sleep(random.uniform(0.3, 1.1) * whole)
        outcomes.add("finished" if process.poll() is not None else "killed")
        kill(process)
        assert self_test(journal).finding is None, attempt
        assert verify_archives(journal, folder).finding is None, attempt
        assert all_rows(journal, folder) == original  # nothing lost, nothing twice
        assert archive_process(journal, folder, before).wait() == 0
        assert self_test(journal).finding is None
        assert verify_archives(journal, folder).finding is None
        assert all_rows(journal, folder) == original
        assert len(archives_in(folder)) == 1
        assert not list(folder.glob("*.partial*"))
    assert "killed" in outcomes


def test_keep_days_archives_at_start_what_is_older_to_the_archive_folder(journal: Path) -> None:
    config = TableConfig(journal_path=str(journal), keep_days=90)
    with Journal.open(journal) as live:  # as the table has it at start
        moved = keep_retention(live, config, now=datetime.now(UTC) + timedelta(days=89))
    assert moved is not None
    assert moved.path.parent == journal.parent / "archive"  # beside the journal by default
    ended = rows(moved.path, "SELECT max(ts) FROM events WHERE type = 'shoe_ended'")[0][0]
    assert ended < days_ago(1)
    assert verify_archives(journal).finding is None


def test_a_retention_shorter_than_90_days_is_refused_at_start_in_one_line(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "table.toml"
    config.write_text(f'[journal]\npath = "{journal}"\nkeep_days = 30\n')
    assert main(["run", "--headless", "--config", str(config)]) == 2
    error = capsys.readouterr().err.strip()
    assert len(error.splitlines()) == 1
    assert (f"{config}: journal.keep_days = 30: expected 90 to 36500 days: a shorter retention "
            "is refused") in error
    assert rows(journal, "SELECT min(seq) FROM events") == [(1,)]


def test_another_tables_archive_in_the_same_folder_is_never_deleted(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two tables' journals of the same name, archived into one folder: the second may not
    take the first one's archive for an unfinished one of its own."""
    folder = tmp_path / "shared"
    assert archive_cli(journal, folder, days_ago(1)) == 0
    [first_tables] = archives_in(folder)
    kept = first_tables.read_bytes()
    (tmp_path / "other").mkdir()
    # another table's journal: the same shoes a second earlier, so other hashes
    other = generated_journal(tmp_path / "other", DAYS, datetime.now(UTC) - timedelta(seconds=1))
    capsys.readouterr()
    assert archive_cli(other, folder, days_ago(1)) == 1
    assert "another journal's archive has this name" in capsys.readouterr().err
    assert first_tables.read_bytes() == kept
