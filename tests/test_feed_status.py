"""``feed status`` reading ``JOURNAL.feed``: a record of the right shape with a value of the
wrong kind is one line naming the file, the key and the value (docs/feed.md)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from controller.feed.outbox import ack_path
from tests.support.feed import CLI
from tests.support.journal import ROOT, play


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    path = tmp_path / "t1.db"
    play(path).journal.close()
    return path


def status(journal: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, "feed", "status", str(journal)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(("record", "shown"), [
    ('{"acked_seq": null}', "acked_seq = None: expected a whole number, 0 or more"),
    ('{"acked_seq": 1e999}', "acked_seq = inf: expected a whole number, 0 or more"),
    ('{"acked_seq": NaN}', "acked_seq = nan: expected a whole number, 0 or more"),
    ('{"acked_seq": -4}', "acked_seq = -4: expected a whole number, 0 or more"),
    ('{"acked_seq": true}', "acked_seq = True: expected a whole number, 0 or more"),
    ('{"acked_seq": 3, "connection": ["up"]}', "connection = ['up']: expected a string"),
    ('{"acked_seq": 3, "pid": 2.5}', "pid = 2.5: expected a whole number, 0 or more"),
    ('{"acked_seq": 3, "colour": "red"}', "'colour': not a key of the feed's record"),
    ('[3]', "expected a JSON object"),
    ('{"acked_seq": 3', "not JSON"),
])
def test_a_record_with_a_value_of_the_wrong_kind_is_one_line_naming_it(journal: Path, record: str,
                                                                       shown: str) -> None:
    ack_path(journal).write_text(record, encoding="utf-8")
    done = status(journal)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith(f"baccarat-table feed: error: {ack_path(journal)}: ")
    assert shown in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert "inf" not in done.stdout and "nan" not in done.stdout.lower()


def test_a_good_record_is_shown(journal: Path) -> None:
    ack_path(journal).write_text(json.dumps(
        {"acked_seq": 3, "acked_hash": "", "broker": "mqtt://127.0.0.1:1883",
         "connection": "stopped", "since": "2026-12-03T09:00:00.000000Z", "pid": 0}),
        encoding="utf-8")
    done = status(journal)
    assert done.returncode == 0, done.stderr
    assert "last acknowledged seq: 3\n" in done.stdout
    assert "connection: table not running (last: stopped)" in done.stdout
