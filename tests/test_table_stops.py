"""A table that cannot go on stops the documented way, never hangs: an events file on a full
disk (/dev/full) stops it with one line and exit status 3 (docs/deployment.md), with or
without a journal, and the journal it leaves checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.journal import ROOT
from ui.cli import main
from ui.commands.run import REFUSED

FULL = Path("/dev/full")


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize("journal", [False, True], ids=["without a journal", "with a journal"])
def test_an_events_file_on_a_full_disk_stops_the_table_with_one_line(
        tmp_path: Path, journal: bool, capsys: pytest.CaptureFixture[str]) -> None:
    extra = ["--journal", str(tmp_path / "table.db")] if journal else []
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--driver", "sim://?seed=7&rate=0",
         "--events", str(FULL), "--shoes", "1", *extra], cwd=ROOT, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60)
    said = [line for line in done.stderr.splitlines() if " INFO " not in line]
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == REFUSED, done.stderr
    assert said == [said[0]] and said[0].startswith(
        f"baccarat-table run: the table stopped dealing: events file {FULL}: cannot write "
        "event 1 (shoe_shuffled): No space left on device; what to do: free space"), said
    if journal:
        assert main(["journal", "verify", str(tmp_path / "table.db")]) == 0
