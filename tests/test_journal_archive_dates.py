"""``journal archive --before DATE``: a date with a UTC offset is that moment, wherever the
table's clock or time zone stands, and the archive record states it as the journal states
every time, in UTC (docs/journal.md, "Archive and retention")."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from controller.journal.archive_file import records
from controller.journal.verify import open_read_only
from tests.support.journal import generated_journal_fixtures, rows
from ui.cli import main

generated, journal = generated_journal_fixtures(1)


def shoe_ends(journal: Path) -> list[datetime]:
    return [datetime.fromisoformat(ts) for (ts,) in rows(
        journal, "SELECT ts FROM events WHERE type = 'shoe_ended' ORDER BY seq")]


def test_a_date_with_an_offset_is_that_moment(journal: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    ends = shoe_ends(journal)
    # A moment a minute after a shoe's end, with shoes ending in the five hours after it.
    cut = ends[len(ends) // 2] + timedelta(minutes=1)
    assert any(cut < end < cut + timedelta(hours=5) for end in ends)
    local = cut.astimezone(timezone(timedelta(hours=5)))
    assert main(["journal", "archive", str(journal), "--before", local.isoformat(),
                 "--to", str(tmp_path / "archive")]) == 0
    [(data,)] = rows(journal, "SELECT data FROM events WHERE type = 'journal_archived'")
    record = json.loads(data)
    assert datetime.fromisoformat(record["before"]) == cut
    assert record["before"].endswith("Z")  # as every time in the journal
    [archived] = sorted((tmp_path / "archive").glob("*.sqlite3"))
    moved = shoe_ends(archived)
    kept = shoe_ends(journal)
    assert moved and max(moved) < cut
    assert min(kept) > cut - timedelta(hours=1)  # only the shoe in play at the cut, at most
    # The archive's own summary says the same moment.
    [(before,)] = rows(archived, "SELECT before FROM archive")
    assert datetime.fromisoformat(before) == cut
    with open_read_only(journal) as db:
        assert records(db)[0][1].before == record["before"]


def test_a_date_without_an_offset_is_utc(journal: Path, tmp_path: Path) -> None:
    ends = shoe_ends(journal)
    cut = ends[len(ends) // 2] + timedelta(minutes=1)
    naive = cut.astimezone(UTC).replace(tzinfo=None).isoformat()
    assert main(["journal", "archive", str(journal), "--before", naive,
                 "--to", str(tmp_path / "archive")]) == 0
    [(data,)] = rows(journal, "SELECT data FROM events WHERE type = 'journal_archived'")
    assert datetime.fromisoformat(json.loads(data)["before"]) == cut
