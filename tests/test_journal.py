"""The journal on real SQLite files: what it records, its self-test, tampering, the commands."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from controller.events.stream import TableEvent
from controller.journal import Journal, JournalError
from controller.journal.chain import row_hash
from controller.journal.head import head_path, read_head
from controller.journal.schema import MIGRATIONS, SCHEMA_VERSION, migrate
from controller.journal.verify import self_test
from controller.service.app import open_table
from controller.table.config import TableConfig
from tests.support.journal import ROUNDS, play
from tests.support.table import Table
from ui.cli import main


def execute(path: Path, *statements: str) -> None:
    connection = sqlite3.connect(path)
    try:
        for statement in statements:
            connection.execute(statement)
        connection.commit()
    finally:
        connection.close()


def finding(path: Path) -> Any:
    # A Finding or None; Any, as the tests read its fields where they expect one.
    return self_test(path).finding


# -- what is recorded ------------------------------------------------------------------------

def test_every_event_is_recorded_in_order_and_read_back_equal(tmp_path: Path) -> None:
    table = play(tmp_path / "table.db")
    table.journal.commit()
    recorded = table.journal.events()
    assert [e.to_dict() for e in recorded] == [
        json.loads(e.to_json()) for e in table.events]
    table.journal.close()


def test_cards_are_committed_before_anyone_sees_them(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    table = play(path)
    seen: list[int] = []

    # what another process could read at that moment
    def committed_count(event: TableEvent) -> None:
        if event.type == "card":
            connection = sqlite3.connect(path)
            seen.append(connection.execute(
                "SELECT count(*) FROM events WHERE seq = ?", (event.seq,)).fetchone()[0])
            connection.close()

    table.bus.subscribe(committed_count)
    table.deal("2C")
    assert seen == [1]
    table.journal.close()


def test_a_round_or_shoe_cannot_be_stored_twice(journal_file: Path) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        execute(journal_file, "INSERT INTO rounds SELECT shoe, round, status, winner, seq + 1000"
                              " FROM rounds LIMIT 1")
    with pytest.raises(sqlite3.IntegrityError):
        execute(journal_file, "PRAGMA foreign_keys = ON",
                "INSERT INTO rounds VALUES (7, 1, 'result', 'player', 1)")


def test_a_new_journal_has_the_current_schema(journal_file: Path) -> None:
    connection = sqlite3.connect(journal_file)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert [row[0] for row in connection.execute(
        "SELECT status FROM rounds ORDER BY round")] == ["result"] * 3 + ["void"]
    connection.close()


def test_migrations_run_in_order_and_keep_the_rows(journal_file: Path) -> None:
    connection = sqlite3.connect(journal_file, isolation_level=None)
    rows = connection.execute("SELECT count(*) FROM events").fetchone()[0]
    later = (*MIGRATIONS, "CREATE TABLE notes (seq INTEGER REFERENCES events (seq), text TEXT)")
    migrate(connection, SCHEMA_VERSION, later)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert connection.execute("SELECT count(*) FROM events").fetchone()[0] == rows
    connection.close()


def test_a_journal_from_a_newer_program_is_refused(journal_file: Path) -> None:
    execute(journal_file, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(JournalError, match="schema version"):
        Journal.open(journal_file)


def test_a_second_table_cannot_open_a_journal_in_use(tmp_path: Path) -> None:
    table = play(tmp_path / "table.db")
    with pytest.raises(JournalError, match="in use"):
        Journal.open(tmp_path / "table.db")
    table.journal.close()


# -- tampering -------------------------------------------------------------------------------

def test_an_intact_journal_verifies(journal_file: Path) -> None:
    report = self_test(journal_file)
    assert report.finding is None and report.rows == report.last_seq > 40


def test_an_edited_row_is_named(journal_file: Path) -> None:
    execute(journal_file, "UPDATE events SET data = replace(data, '\"9S\"', '\"9H\"') "
                          "WHERE seq = (SELECT min(seq) FROM events WHERE type = 'card')")
    first_card = self_test_rows(journal_file, "card")[0]
    result = finding(journal_file)
    assert (result.check, result.seq) == ("chain", first_card)
    assert "changed" in result.message


def test_a_deleted_row_is_named(journal_file: Path) -> None:
    execute(journal_file, "DELETE FROM rounds WHERE seq = 20", "DELETE FROM events WHERE seq = 20")
    result = finding(journal_file)
    assert (result.check, result.seq) == ("chain", 20) and "row 20 deleted" in result.message


def test_swapped_rows_are_named(journal_file: Path) -> None:
    columns = "ts, type, table_id, shoe, round, data, prev_hash, hash"
    execute(journal_file,
            f"CREATE TEMP TABLE keep AS SELECT seq, {columns} FROM events WHERE seq IN (30, 31)",
            *[f"UPDATE events SET {c} = (SELECT {c} FROM keep WHERE seq = 61 - events.seq) "
              "WHERE seq IN (30, 31)" for c in columns.split(", ")])
    result = finding(journal_file)
    assert (result.check, result.seq) == ("chain", 30) and "moved" in result.message


def test_an_inserted_row_is_named(journal_file: Path) -> None:
    last = self_test(journal_file).last_seq
    execute(journal_file, "INSERT INTO events SELECT seq + 1, ts, type, table_id, shoe, round, "
                          f"data, hash, hash FROM events WHERE seq = {last}")
    result = finding(journal_file)
    assert (result.check, result.seq) == ("chain", last + 1)


def test_rows_cut_off_the_end_are_named_by_the_head_file(journal_file: Path) -> None:
    last = self_test(journal_file).last_seq
    execute(journal_file, f"DELETE FROM events WHERE seq > {last - 3}")
    result = finding(journal_file)
    assert (result.check, result.seq) == ("head", last - 2)
    assert f"rows {last - 2} to {last} deleted" in result.message


def test_a_truncated_wal_on_a_copy_of_a_live_journal_is_named(tmp_path: Path) -> None:
    live = tmp_path / "live" / "table.db"
    live.parent.mkdir()
    table = play(live)
    table.journal.commit()
    committed = table.journal.last_seq
    copy = tmp_path / "copy" / "table.db"
    copy.parent.mkdir()
    for suffix in ("", "-wal", ".head"):
        shutil.copy(f"{live}{suffix}", f"{copy}{suffix}")
    wal = Path(f"{copy}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])  # the last frame torn: its transaction is gone
    result = finding(copy)
    assert result.check == "head" and result.seq <= committed
    assert f"row {committed} was committed" in result.message
    table.journal.close()


def test_a_deleted_journal_is_not_silently_started_afresh(journal_file: Path) -> None:
    journal_file.unlink()
    with pytest.raises(JournalError, match="journal is missing"):
        Journal.open(journal_file)


def self_test_rows(path: Path, type_: str) -> list[int]:
    connection = sqlite3.connect(path)
    seqs = [seq for (seq,) in connection.execute(
        "SELECT seq FROM events WHERE type = ? ORDER BY seq", (type_,))]
    connection.close()
    return seqs


# -- refusing a bad journal ------------------------------------------------------------------

def corrupt(path: Path) -> bytes:
    data = bytearray(path.read_bytes())
    data[len(data) // 2: len(data) // 2 + 300] = b"\xff" * 300
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_corrupted_journal_is_refused_at_start_and_left_untouched(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = corrupt(journal_file)
    config = replace(TableConfig(), journal_path=str(journal_file), driver_url="sim://?seed=1")
    with pytest.raises(JournalError) as refused:
        open_table(config)
    assert refused.value.reason
    assert journal_file.read_bytes() == before
    assert main(["run", "--headless", "--journal", str(journal_file)]) == 3
    assert "refuses to play" in capsys.readouterr().err
    assert journal_file.read_bytes() == before
    assert main(["journal", "verify", str(journal_file)]) == 1


def test_a_file_that_is_not_a_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    path.write_text("a shopping list\n")
    with pytest.raises(JournalError, match="not an SQLite database"):
        Journal.open(path)
    assert path.read_text() == "a shopping list\n"


def test_set_aside_keeps_the_failed_journal_read_only_and_a_new_one_starts(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corrupt(journal_file)
    assert main(["journal", "set-aside", str(journal_file)]) == 0
    (kept,) = journal_file.parent.glob("table.db.failed-????????T??????Z")
    assert not kept.stat().st_mode & 0o222
    assert head_path(kept).exists() and not journal_file.exists()
    Journal.open(journal_file).close()
    head = read_head(journal_file)
    assert head is not None and head.seq == 0


# -- recovery through open_table -------------------------------------------------------------

def test_open_table_resumes_mid_round_and_records_a_profile_change(journal_file: Path) -> None:
    config = replace(TableConfig(), journal_path=str(journal_file), driver_url="sim://?script=CUT")
    table = open_table(replace(config, profile="no-commission"))
    try:
        controller = table.controller
        assert (controller.state, controller.round_number) == ("player2", 5)
        round_ = controller.rounds.round
        assert round_ is not None and [card.code for card in round_.dealt] == ["4S", "4D"]
        assert table.journal is not None
        last = table.journal.events()[-1]
        assert last.type == "config_changed"
        assert last.fields["before"]["profile"] == "classic"
        assert last.fields["after"]["profile"] == "no-commission"
        assert any(event.type == "shoe_started" for event in table.view_events)
    finally:
        table.close()
    assert finding(journal_file) is None


# -- history and export ----------------------------------------------------------------------

def test_history_json_lists_rounds_card_by_card(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "--journal", str(journal_file), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert [r["status"] for r in played] == ["result"] * 3 + ["void"]
    first = played[0]
    assert (first["shoe"], first["round"], first["player"], first["banker"]) == (
        1, 1, ["9S", "TC"], ["KH", "2D"])
    assert (first["player_total"], first["banker_total"], first["winner"]) == (9, 2, "player")
    assert first["winning_bets"] == ["player"]
    assert [c["position"] for c in first["cards"]] == ["player1", "banker1", "player2",
                                                       "banker2"]
    void = played[3]
    assert void["void"]["by"] == "sup" and void["void"]["reason"] == "misdeal"
    assert void["player"] == ["9H"] and void["banker"] == ["9D"]
    assert [a["action"] for a in void["actions"]] == ["void_round"]


def test_history_text_last_and_shoe(journal_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--journal", str(journal_file), "--last", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("shoe 1 round 4") and "VOID by sup: misdeal" in out
    assert main(["history", "--journal", str(journal_file), "--shoe", "2"]) == 0
    assert capsys.readouterr().out.strip() == "no rounds"


def test_export_csv_and_jsonl_carry_every_row_and_rechain(
    journal_file: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["journal", "export", str(journal_file), "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["seq"] for row in lines] == list(range(1, len(lines) + 1))
    for row in lines:  # an auditor can check the chain from the export alone
        digest = row_hash(bytes.fromhex(row["prev_hash"]), row["seq"], row["ts"], row["type"],
                          row["table"], row["shoe"], row["round"], row["data"])
        assert digest.hex() == row["hash"]
    out = tmp_path / "audit.csv"
    assert main(["journal", "export", str(journal_file), "--format", "csv", "--output",
                 str(out)]) == 0
    table = list(csv.DictReader(io.StringIO(out.read_text())))
    assert len(table) == len(lines) and table[1]["type"] == "shoe_started"


def test_verify_reports_ok_with_the_head_hash(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "verify", str(journal_file)]) == 0
    out = capsys.readouterr().out
    assert "ok:" in out and self_test(journal_file).head_hash.hex() in out


def test_a_restart_reads_the_shoe_in_play_not_the_whole_history(tmp_path: Path) -> None:
    from controller.table.recovery import replay
    from drivers.base import Disconnected

    table = Table()
    journal = Journal.open(tmp_path / "table.db")
    table.bus.store = journal
    table.start_shoe()
    table.deal("CUT " + ROUNDS.split("2S 3C")[0])  # round 1 is the last: the shoe ends
    table.controller.handle(Disconnected("unplugged between shoes"))
    table.new_shoe()
    table.command("manual_card", card="4H")  # the next shoe's reveal, entered by hand
    restart = journal.restart_events()
    assert len(restart) < len(journal.events())
    assert restart[0].type == "shoe_ended" and restart[0].shoe == 1
    twin = Table()
    replay(twin.controller, restart)
    assert (twin.controller.shoe_number, twin.controller.rounds.burn_left) == (2, 4)
    assert twin.state == table.state == "paused"  # still waiting for the reader
    assert twin.controller.rounds.state == "burning"
    journal.close()
