"""SIGKILL a headless table at random moments: the journal brings it back exactly."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from controller.journal.verify import self_test
from controller.roads import Hand, Roads
from tests.support.journal import has_event, kill, log_path, rows, start_table, wait_for
from tests.support.table import PIN, PIN_HASH

SEED = 20240611
# 30 cards a second keeps each life dealing while the test watches the journal grow; the kills
# are placed by what the journal holds, never by the clock, so a slow or busy machine only
# makes the test take longer.
SIM = f"sim://?seed={SEED}&rate=30"
FAST = f"sim://?seed={SEED}&rate=0"
KILLS = 100
# Every fifth life is killed as soon as it starts (while Python starts or the journal is
# replayed); the others once the journal has grown by 1 to 8 events (a card, or a round).
AT_START = 5
MOST_GROWTH = 8

pytestmark = pytest.mark.timeout(600)


def run_to_end(journal: Path, driver: str) -> None:
    process = start_table(journal, driver)
    assert process.wait(timeout=60) == 0, log_path(journal).read_text()[-2000:]


def events_of(journal: Path) -> list[tuple[Any, ...]]:
    """Every event as recorded, less its time stamp."""
    return rows(journal, "SELECT seq, type, table_id, shoe, round, data FROM events ORDER BY seq")


def roads_of(journal: Path) -> dict[str, Any]:
    """The roads and statistics of the journal's results, in round order."""
    results = [json.loads(data) for (data,) in rows(
        journal, "SELECT data FROM rounds JOIN events USING (seq) WHERE status = 'result' "
                 "ORDER BY rounds.shoe, rounds.round")]
    return Roads.from_hands(Hand(r["winner"], r["player_pair"], r["banker_pair"], r["natural"])
                            for r in results).to_json()


def last_seq(journal: Path) -> int:
    try:
        return rows(journal, "SELECT max(seq) FROM events")[0][0] or 0
    except sqlite3.OperationalError:  # not there yet, or its table not yet made
        return 0


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    journal = tmp_path_factory.mktemp("straight") / "table.db"
    run_to_end(journal, FAST)
    return journal


def test_a_table_killed_a_hundred_times_ends_with_the_same_journal(tmp_path: Path,
                                                                   uninterrupted: Path) -> None:
    journal = tmp_path / "table.db"
    chance = random.Random(SEED)
    mid_deal = 0
    for life in range(KILLS):
        before = last_seq(journal)
        process = start_table(journal, SIM)
        if life % AT_START:
            target = before + chance.randint(1, MOST_GROWTH)
            wait_for(lambda target=target: last_seq(journal) >= target, timeout=120)
            assert process.poll() is None, "the shoe ended before the kills did"
        kill(process)
        mid_deal += last_seq(journal) > before
    assert not has_event(journal, "shoe_ended")  # every life was killed within the one shoe
    assert mid_deal >= KILLS - KILLS // AT_START, f"only {mid_deal} kills came after dealing"
    run_to_end(journal, FAST)  # the rate is not part of the shoe: the same cards follow

    assert self_test(journal).finding is None
    expected = events_of(uninterrupted)
    assert events_of(journal) == expected  # every card once, every derived event, same seq
    cards = rows(journal, "SELECT data FROM events WHERE type IN ('reveal', 'burn', 'card')")
    assert len(cards) == len(rows(uninterrupted, "SELECT 1 FROM events WHERE type IN "
                                                 "('reveal', 'burn', 'card')"))
    per_round = rows(journal, "SELECT shoe, round, count(*) FROM events WHERE type IN "
                              "('round_result', 'round_voided') GROUP BY shoe, round")
    assert per_round and all(count == 1 for _, _, count in per_round)
    assert roads_of(journal) == roads_of(uninterrupted)


# Nine 2S where eight decks hold eight: the ninth (banker's third card) puts the table on hold.
HOLD_SHOE = "sim://?script=2S,2S,2S,CUT,2S,2S,2S,2S,2S,2S"
HOLD_KILLS = 20


def test_a_hold_survives_kills_and_a_supervisor_clears_it_afterwards(tmp_path: Path) -> None:
    journal = tmp_path / "table.db"
    process = start_table(journal, HOLD_SHOE)
    wait_for(lambda: has_event(journal, "hold"))
    kill(process)
    chance = random.Random(SEED)
    for _ in range(HOLD_KILLS):
        process = start_table(journal, HOLD_SHOE)
        time.sleep(chance.uniform(0.05, 0.4))
        kill(process)
        assert [kind for (kind,) in rows(journal, "SELECT type FROM events WHERE type IN "
                                                  "('hold', 'card', 'round_result')")] == [
            "card"] * 5 + ["hold"]
        assert rows(journal, "SELECT data FROM events WHERE type = 'state' ORDER BY seq DESC "
                             "LIMIT 1")[0][0].find('"state":"hold"') >= 0

    config = tmp_path / "table.toml"
    config.write_text(f'[supervisor]\npin_hash = "{PIN_HASH}"\n', encoding="utf-8")
    process = start_table(journal, HOLD_SHOE, "--config", str(config), stdin=subprocess.PIPE)
    assert process.stdin is not None
    process.stdin.write(f"accept pin={PIN} by=alice\n".encode())
    process.stdin.flush()
    try:
        assert process.wait(timeout=20) == 0, log_path(journal).read_text()[-2000:]
    finally:
        process.stdin.close()
    (result,) = rows(journal, "SELECT data FROM events WHERE type = 'round_result'")
    assert json.loads(result[0])["banker"] == ["2S", "2S", "2S"]
    assert len(rows(journal, "SELECT 1 FROM events WHERE type = 'hold'")) == 1
    assert self_test(journal).finding is None
