"""``journal archive --to`` a folder it cannot write, or a disk that fills while it copies:
one line saying so, exit 1, the live journal as it was and nothing left in the folder
(docs/journal.md, "Archive and retention")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.journal import generated_journal_fixtures, rows
from tests.test_journal_archive import days_ago
from tests.test_journal_faults import small_disk
from tests.test_user_mistakes import read_only  # noqa: F401 (a fixture)
from ui.cli import main

generated, journal = generated_journal_fixtures(1)


def refused(capsys: pytest.CaptureFixture[str], journal: Path, folder: Path) -> str:
    before = rows(journal, "SELECT count(*), max(seq) FROM events")
    capsys.readouterr()
    assert main(["journal", "archive", str(journal), "--before", days_ago(0.25),
                 "--to", str(folder)]) == 1
    error = capsys.readouterr().err
    assert "Traceback" not in error and len(error.strip().splitlines()) == 1, error
    assert rows(journal, "SELECT count(*), max(seq) FROM events") == before
    return error


def test_a_read_only_folder_is_one_line(journal: Path, read_only: Path,  # noqa: F811
                                        capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(capsys, journal, read_only)
    assert f"cannot write the archive in {read_only}" in error
    assert "Read-only file system" in error
    assert list(read_only.iterdir()) == []


def test_a_disk_that_fills_is_one_line_and_leaves_nothing(
        journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with small_disk(tmp_path / "disk", "256k") as disk:
        error = refused(capsys, journal, disk)
        assert f"cannot write the archive in {disk}" in error
        assert "full" in error
        assert list(disk.iterdir()) == []
    # With room, the same command makes the archive.
    assert main(["journal", "archive", str(journal), "--before", days_ago(0.25),
                 "--to", str(tmp_path / "roomy")]) == 0
