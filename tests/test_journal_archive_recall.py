"""``history --shoe S`` and ``shoe-report --shoe S`` of an archived shoe read it from its
archive only when that file is the archive the live journal recorded (its first and last
rows' hashes): another file in its place is refused in one line naming it, exit 2; an archive
moved away is said to be archived, and where, not "no rounds" (docs/journal.md, "Archive and
retention")."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.journal.head import head_path
from tests.support.journal import generated_journal_fixtures
from tests.test_journal_archive import (
    DAYS,
    archive_cli,
    archives_in,
    days_ago,
    put_another_archive_in_place,
)
from ui.cli import main

generated, journal = generated_journal_fixtures(DAYS)


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    assert main(list(argv)) == 2
    said = capsys.readouterr()
    assert said.out == "" and len(said.err.strip().splitlines()) == 1, said.err
    return said.err


def recalls(journal: Path, tmp_path: Path) -> list[tuple[str, ...]]:
    return [("history", "--journal", str(journal), "--shoe", "3"),
            ("shoe-report", "--journal", str(journal), "--shoe", "3",
             "--out", str(tmp_path / "shoe3.html"))]


def test_another_file_in_the_archives_place_is_refused_naming_it(
    journal: Path, generated: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert archive_cli(journal, tmp_path / "archive", days_ago(1)) == 0
    [archived] = archives_in(tmp_path / "archive")
    put_another_archive_in_place(generated, archived, tmp_path)
    for argv in recalls(journal, tmp_path):
        error = refused(capsys, *argv)
        assert f"{archived}: not the archive {journal} recorded" in error
        assert "hash" in error
    assert not (tmp_path / "shoe3.html").exists()
    # A file that is no journal at all in its place: the same, naming it.
    archived.write_bytes(b"not a database" * 100)
    for argv in recalls(journal, tmp_path):
        assert f"{archived}: not the archive {journal} recorded" in refused(capsys, *argv)


def test_an_archive_moved_away_is_said_archived_and_where(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert archive_cli(journal, tmp_path / "archive", days_ago(1)) == 0
    [archived] = archives_in(tmp_path / "archive")
    offline = tmp_path / "offline"
    offline.mkdir()
    for part in (archived, head_path(archived)):
        part.rename(offline / part.name)
    for argv in recalls(journal, tmp_path):
        error = refused(capsys, *argv)
        assert f"shoe 3 was archived to {archived}" in error
        assert "is not there" in error and "--archives" in error
    # Named where it went, it is read from there.
    capsys.readouterr()
    assert main(["history", "--journal", str(journal), "--shoe", "3", "--archives",
                 str(offline)]) == 0
    said = capsys.readouterr()
    assert said.err == f"shoe 3 was archived: reading {offline / archived.name}\n"
    assert said.out.strip() and said.out != "no rounds\n"
    assert main(["shoe-report", "--journal", str(journal), "--shoe", "3", "--archives",
                 str(offline), "--out", str(tmp_path / "shoe3.html")]) == 0
    assert "shoe 3" in (tmp_path / "shoe3.html").read_text()
