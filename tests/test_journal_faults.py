"""The journal under faults: a full or read-only disk, a file deleted or swapped while in use,
a missing or lowered head file, a second table through another path, set-aside misuse.

Each test asserts what a technician sees: the exit status and its one line, `journal verify`'s
verdict, the rows in the journal. A full or read-only disk is a real small file system
(tmpfs, mounted when the tests run as root) or, for a read-only journal as another user,
file permissions.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from controller.events.facts import OperatorAction, State
from controller.journal import Journal, JournalError
from controller.journal.head import head_path
from controller.journal.verify import self_test
from controller.service.app import open_table
from controller.table.config import TableConfig
from tests.support.journal import ROOT, has_event, last_seq, play, rows, wait_for
from ui.cli import main
from ui.commands.run import REFUSED

SHOE = "sim://?seed=7&rate=0"


def run_table(journal: Path, *extra: str, driver: str = SHOE,
              timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """A headless table in its own process, to the end of one shoe or until it stops."""
    return subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver", driver,
         "--journal", str(journal), "--shoes", "1", *extra],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, timeout=timeout)


def said(done: subprocess.CompletedProcess[str]) -> str:
    """What the table said to the technician: its lines, less the log's INFO lines."""
    lines = [line for line in done.stderr.splitlines() if " INFO " not in line]
    assert "Traceback" not in done.stderr, done.stderr
    assert len(lines) == 1, done.stderr
    return lines[0]


@contextmanager
def small_disk(where: Path, size: str) -> Iterator[Path]:
    """A file system of ``size`` at ``where`` (tmpfs; needs root, else the test is skipped)."""
    where.mkdir()
    mounted = os.geteuid() == 0 and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
        capture_output=True).returncode == 0
    if not mounted:
        pytest.skip("a small file system needs root (mount -t tmpfs)")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=True)


def fill(disk: Path, leave: int) -> Path:
    """Take all but about ``leave`` bytes of the disk with a file."""
    filler = disk / "filler"
    status = os.statvfs(disk)
    filler.write_bytes(bytes(max(0, status.f_bavail * status.f_frsize - leave)))
    return filler


# -- a full disk -----------------------------------------------------------------------------

def test_a_full_disk_stops_the_table_with_one_line_and_it_resumes_once_there_is_room(
    tmp_path: Path
) -> None:
    with small_disk(tmp_path / "disk", "2m") as disk:
        journal = disk / "table.db"
        filler = fill(disk, 200_000)
        done = run_table(journal)
        assert done.returncode == 3
        line = said(done)
        assert line.startswith(f"baccarat-table run: the table stopped dealing: journal {journal}")
        assert "database or disk is full" in line and "free space" in line
        stopped_at = last_seq(journal)
        assert stopped_at > 50 and self_test(journal).finding is None

        for _ in range(2):  # still full: each start refuses or stops the same way, never crashes
            again = run_table(journal)
            assert again.returncode == 3 and "database or disk is full" in said(again)
            assert self_test(journal).finding is None

        filler.unlink()
        assert run_table(journal).returncode == 0
        # the shoe played to its end, each round once, and the record checks
        played = [number for (number,) in rows(journal, "SELECT round FROM rounds ORDER BY seq")]
        assert played == list(range(1, len(played) + 1)) and len(played) > 50
        assert rows(journal, "SELECT count(*) FROM events WHERE type = 'shoe_ended'") == [(1,)]
        assert self_test(journal).finding is None


def test_a_commit_that_fails_rolls_back_whole_and_nobody_sees_the_input(tmp_path: Path) -> None:
    table = play(tmp_path / "table.db")
    journal = table.journal
    seen = len(table.events)
    db = journal._db
    assert db is not None
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages + 2}")  # the disk fills up soon
    with pytest.raises(JournalError, match="database or disk is full") as failed:
        for _ in range(200):
            table.deal("2C")
    assert "free space" in failed.value.advice
    assert len(table.events) > seen  # some cards went in before the disk was full
    # What was seen is exactly what is durable; the failed input is gone whole.
    assert [e.seq for e in table.events] == list(range(1, journal.last_seq + 1))
    assert table.bus.next_seq == journal.last_seq + 1
    journal.close()
    assert self_test(tmp_path / "table.db").finding is None
    assert last_seq(tmp_path / "table.db") == table.events[-1].seq


# -- a read-only journal ---------------------------------------------------------------------

@contextmanager
def read_only(directory: Path) -> Iterator[None]:
    """Make ``directory`` and what is in it read-only for the table: a read-only mount when
    the tests run as root (who may write any file), else file permissions."""
    if os.geteuid() == 0:
        subprocess.run(["mount", "-o", "remount,ro", str(directory)], check=True)
        try:
            yield
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(directory)], check=True)
    else:
        for path in directory.iterdir():
            path.chmod(0o444)
        directory.chmod(0o555)
        try:
            yield
        finally:
            directory.chmod(0o755)


def test_a_read_only_journal_is_refused_at_start_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with own_disk(tmp_path / "disk") as disk:
        journal = disk / "table.db"
        play(journal).journal.close()
        before = journal.read_bytes()
        with read_only(disk):
            assert main(["run", "--headless", "--journal", str(journal)]) == 3
            (line,) = capsys.readouterr().err.strip().splitlines()
            assert line.startswith("baccarat-table run: the table refuses to play: journal "
                                   f"{journal}: cannot write it")
            assert "writable" in line
            assert main(["journal", "verify", str(journal)]) == 0  # nothing is wrong with it
        assert journal.read_bytes() == before


@contextmanager
def own_disk(where: Path) -> Iterator[Path]:
    """A small file system of its own as root (to be remounted read-only), else a folder."""
    if os.geteuid() == 0:
        with small_disk(where, "4m") as disk:
            yield disk
    else:
        where.mkdir()
        yield where


# -- a journal deleted while in use ----------------------------------------------------------

def test_a_journal_deleted_while_the_table_runs_stops_it_at_the_next_commit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.db"
    table = play(path)
    committed = table.journal.last_seq
    for name in (path, Path(f"{path}-wal")):
        name.unlink()
    with pytest.raises(JournalError, match="deleted or replaced while in use") as stopped:
        table.deal("2C")
    assert "find out what removed it" in stopped.value.advice
    assert table.events[-1].seq == committed  # the card after it was not shown
    table.journal.close()
    # The next start refuses (the head file names rows), with one line; it never starts afresh.
    assert main(["run", "--headless", "--journal", str(path)]) == 3
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert f"the journal is missing but row {committed} was committed" in line


def test_a_journal_replaced_while_in_use_stops_the_table(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    table = play(path)
    other = tmp_path / "other.db"
    other.write_bytes(path.read_bytes())
    other.replace(path)
    with pytest.raises(JournalError, match="deleted or replaced"):
        table.deal("2C")
    table.journal.close()


def test_a_headless_table_whose_journal_is_deleted_exits_3_with_one_line(tmp_path: Path) -> None:
    journal = tmp_path / "table.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver",
         "sim://?seed=3&rate=20", "--journal", str(journal)],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True)
    assert process.stderr is not None
    try:
        # The file exists a moment before its tables do: wait for rows, not for the file.
        wait_for(lambda: has_event(journal, "card") and last_seq(journal) > 10, timeout=60)
        for name in (journal, Path(f"{journal}-wal")):
            name.unlink()
        assert process.wait(timeout=60) == 3
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    line = said(subprocess.CompletedProcess([], process.returncode, "", process.stderr.read()))
    assert "the table stopped dealing" in line and "deleted or replaced while in use" in line


# -- the head file ---------------------------------------------------------------------------

def cut_last_rows(path: Path, count: int) -> int:
    """Delete the last ``count`` rows, as someone with the file could; the new last seq."""
    last = last_seq(path)
    connection = sqlite3.connect(path)
    connection.execute("DELETE FROM rounds WHERE seq > ?", (last - count,))
    connection.execute("DELETE FROM events WHERE seq > ?", (last - count,))
    connection.commit()
    connection.close()
    return last - count


def test_rows_cut_off_with_the_head_file_deleted_are_not_passed_silently(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = cut_last_rows(journal_file, 5)
    head_path(journal_file).unlink()
    assert main(["journal", "verify", str(journal_file)]) == 1
    err = capsys.readouterr().err
    assert "the end of the journal could not be checked" in err and "missing" in err
    # the supervisor can still have everything else checked
    assert main(["journal", "verify", "--allow-unchecked-end", str(journal_file)]) == 0
    out = capsys.readouterr().out
    assert "END WAS NOT CHECKED" in out and f"last row {end}" in out
    # the table refuses, with one line saying what to do
    assert main(["run", "--headless", "--journal", str(journal_file)]) == 3
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "could not be checked" in line and "journal accept-end" in line


def hash_of(path: Path, seq: int) -> str:
    digest: str
    (digest,) = rows(path, f"SELECT hex(hash) FROM events WHERE seq = {seq}")[0]
    return digest.lower()


def test_a_lowered_head_is_not_passed_silently(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = cut_last_rows(journal_file, 5)
    head = head_path(journal_file)
    _, digest, *_ = head.read_text().split()
    head.write_text(f"{end - 3:020d} {digest}\n")  # the seq lowered, the hash left
    assert main(["journal", "verify", str(journal_file)]) == 1
    assert "or the head file changed" in capsys.readouterr().err
    head.write_text(f"{end - 3:020d} {hash_of(journal_file, end - 3)}\n")  # lowered throughout
    assert main(["journal", "verify", str(journal_file)]) == 1
    assert "lowered or replaced" in capsys.readouterr().err
    head.write_text(f"{0:020d} {bytes(32).hex()}\n")  # "nothing committed yet"
    finding = self_test(journal_file).finding
    assert finding is not None and finding.end_unchecked
    with pytest.raises(JournalError, match="could not be checked"):
        Journal.open(journal_file)


def test_the_supervisor_accepts_an_unchecked_end_and_the_table_resumes(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = cut_last_rows(journal_file, 2)
    head_path(journal_file).unlink()
    assert main(["journal", "accept-end", "--by", "alice", "--reason", "copied without its "
                 "head file", str(journal_file)]) == 0
    capsys.readouterr()
    assert main(["journal", "verify", str(journal_file)]) == 0
    (accepted,) = rows(journal_file, "SELECT seq, data FROM events WHERE type = "
                                     "'journal_end_accepted'")
    assert accepted[0] == end + 1 and '"by":"alice"' in accepted[1]
    config = replace(TableConfig(), journal_path=str(journal_file), driver_url="sim://?script=CUT")
    table = open_table(config)
    table.close()
    # accept-end is for an unchecked end only: nothing to accept now
    assert main(["journal", "accept-end", "--by", "alice", str(journal_file)]) == 1
    assert "nothing to accept" in capsys.readouterr().err


def test_accept_end_refuses_a_journal_with_rows_deleted(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cut_last_rows(journal_file, 2)  # the head file names the rows: this is not an open end
    assert main(["journal", "accept-end", "--by", "alice", str(journal_file)]) == 1
    assert "deleted" in capsys.readouterr().err


def test_a_new_journal_has_no_head_yet_and_that_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    Journal.open(path).close()
    head_path(path).unlink()
    assert self_test(path).finding is None
    Journal.open(path).close()


def test_a_head_file_of_the_first_version_still_reads(journal_file: Path) -> None:
    head = head_path(journal_file)
    seq, digest, *_ = head.read_text().split()
    head.write_text(f"{seq} {digest}\n")
    assert self_test(journal_file).finding is None


def test_after_a_power_cut_the_journal_may_run_on_to_the_heads_bound(journal_file: Path) -> None:
    """The head file is synced only with its bound: after a power cut it may name an earlier
    row than the database's last, never one past its bound."""
    end = last_seq(journal_file)
    head = head_path(journal_file)
    head.write_text(f"{end - 4:020d} {hash_of(journal_file, end - 4)} {end:020d}\n")
    assert self_test(journal_file).finding is None
    head.write_text(f"{end - 4:020d} {hash_of(journal_file, end - 4)} {end - 1:020d}\n")
    finding = self_test(journal_file).finding
    assert finding is not None and finding.end_unchecked


def test_a_table_stopped_cleanly_leaves_its_exact_head(journal_file: Path) -> None:
    (seq, digest, bound) = head_path(journal_file).read_text().split()
    assert int(seq) == int(bound) == last_seq(journal_file)
    assert digest == hash_of(journal_file, int(seq))


# -- one table per journal, whatever path names it -------------------------------------------

def test_a_second_table_through_a_symlink_or_a_hard_link_is_refused(tmp_path: Path) -> None:
    table = play(tmp_path / "table.db")
    (tmp_path / "link.db").symlink_to(tmp_path / "table.db")
    os.link(tmp_path / "table.db", tmp_path / "hard.db")
    for other in ("link.db", "hard.db"):
        with pytest.raises(JournalError, match="in use by another table process") as refused:
            Journal.open(tmp_path / other)
        assert "stop that one first" in refused.value.advice
        assert "set-aside" not in refused.value.advice.replace("set aside", "")
    table.journal.close()
    Journal.open(tmp_path / "link.db").close()  # free again


# -- set-aside -------------------------------------------------------------------------------

def test_set_aside_refuses_a_journal_in_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.db"
    table = play(path)
    assert main(["journal", "set-aside", "--force", str(path)]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "in use by another table process" in line and "systemctl status" in line
    assert path.exists() and not list(tmp_path.glob("*.failed-*"))
    table.journal.close()


def test_set_aside_refuses_a_healthy_journal_without_force(
    journal_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["journal", "set-aside", str(journal_file)]) == 1
    assert "passes its self-test" in capsys.readouterr().err
    assert journal_file.exists()
    assert main(["journal", "set-aside", "--force", str(journal_file)]) == 0
    assert not journal_file.exists() and list(journal_file.parent.glob("table.db.failed-*"))


# -- a failed input is not left half-journaled -----------------------------------------------

def test_rolling_back_an_input_leaves_no_trace_and_numbering_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    table = play(path)
    journal, bus = table.journal, table.bus
    seen, committed = len(table.events), journal.last_seq
    # An input that fails half-way (say a supervisor action that raises after its first event)
    bus.publish(OperatorAction(action="void_round", by="sup", reason="half done"), 1, 5)
    bus.publish(State(state="hold", previous="player2"), 1, 5)
    bus.rollback()
    assert (journal.last_seq, bus.next_seq) == (committed, committed + 1)
    bus.flush()  # nothing is left to commit or deliver
    assert len(table.events) == seen
    table.deal("2C")  # the next input is numbered on from the last committed row
    assert table.events[seen].seq == committed + 1
    journal.close()
    assert self_test(path).finding is None
    assert rows(path, "SELECT count(*) FROM events WHERE data LIKE '%half done%'") == [(0,)]


def test_the_service_is_not_restarted_into_the_same_refusal() -> None:
    """Exit status 3 (the table refuses until someone acts) stops systemd's restarts, which
    would only refuse again (docs/deployment.md)."""
    unit = (ROOT / "systemd" / "baccarat-table.service").read_text().splitlines()
    assert f"RestartPreventExitStatus={REFUSED}" in unit and "Restart=on-failure" in unit
