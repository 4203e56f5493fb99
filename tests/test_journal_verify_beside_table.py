"""`journal verify` beside a table that is writing the journal: the daily check runs beside a
live table by design (docs/journal.md), so rows the table commits while the check reads never
fail it. The interleaving is made, not waited for: the table's commits are injected at the
moments the check reads the head file. A real journal written by the table's own writer."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from controller.events.facts import Scanner
from controller.events.stream import TableEvent
from controller.journal import Journal, verify
from controller.journal.head import BOUND_AHEAD, Head, read_head
from controller.journal.start_check import start_test
from controller.journal.verify import Report, self_test


def commit_rows(journal: Journal, count: int) -> None:
    """The table commits ``count`` more rows, one input at a time."""
    for _ in range(count):
        seq = journal.last_seq + 1
        journal.append(TableEvent(seq, "2026-12-03T09:30:00.000000Z", "t1", 0, 0,
                                  Scanner(status="connected")))
        journal.commit()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Journal]:
    journal = Journal.open(tmp_path / "journal.sqlite3")
    commit_rows(journal, 10)
    yield journal
    journal.close()


@pytest.mark.parametrize("check", [self_test, start_test], ids=["full", "start"])
def test_rows_committed_while_the_check_reads_never_fail_it(
        live: Journal, monkeypatch: pytest.MonkeyPatch, check: Callable[[Path], Report]) -> None:
    """After each read of the head file the table commits more rows than the head's bound
    runs ahead: whichever moment the check takes the database at, its end checks."""

    def read_then_commit(path: Path) -> Head | None:
        head = read_head(path)
        commit_rows(live, BOUND_AHEAD + 10)
        return head

    monkeypatch.setattr(verify, "read_head", read_then_commit)
    report = check(live.path)
    assert report.finding is None, report.finding
    assert 10 <= report.last_seq < live.last_seq  # it checked the journal as it was at one moment


def test_a_head_file_lowered_is_still_found(live: Journal) -> None:
    """What the end check is for still holds: a head file replaced by an older one."""
    old = live.path.with_name(live.path.name + ".head").read_bytes()
    commit_rows(live, BOUND_AHEAD + 10)
    live.close()
    live.path.with_name(live.path.name + ".head").write_bytes(old)
    finding = self_test(live.path).finding
    assert finding is not None and finding.check == "end"
    assert "lowered or replaced" in finding.message
