"""What a feed message carries, and a receiver's check of a table's stream (no broker)."""

from __future__ import annotations

import json

from controller.events.facts import Prompt
from controller.events.stream import TableEvent
from controller.feed.message import ChainCheck, event_message
from controller.journal.chain import GENESIS, canonical_data, row_hash


def chained(count: int, start: bytes = GENESIS, tag: str = "a") -> list[dict]:
    """``count`` journaled prompts as the relay publishes them."""
    messages, previous = [], start
    for seq in range(1, count + 1):
        event = TableEvent(seq, "2026-11-30T12:00:00.000000Z", "t1", 1, 0,
                           Prompt(message=f"{tag}{seq}"))
        digest = row_hash(previous, seq, event.ts, event.type, event.table, event.shoe,
                          event.round, canonical_data(event.fields))
        messages.append(json.loads(event_message(event.envelope, event.fields, previous,
                                                 digest)))
        previous = digest
    return messages


def test_a_simulated_shoes_snapshot_in_an_older_journal_is_withheld_and_named():
    envelope = {"type": "shoe_started", "seq": 2, "ts": "2026-11-30T12:00:00.000000Z",
                "table": "t1", "shoe": 1, "round": 0}
    row = {"decks": 8, "profile": "classic", "profile_source": "classic", "betting": "land",
           "by": "shoe", "snapshot": {"order": ["AS", "KD"]}}
    message = json.loads(event_message(envelope, row, GENESIS, bytes(range(32))))
    assert "snapshot" not in message and "AS" not in json.dumps(message)
    assert message["withheld"] == ["snapshot"] and message["seq"] == 2
    assert message["prev_hash"] == "00" * 32 and message["hash"] == bytes(range(32)).hex()


def test_repeats_are_dropped_and_an_intact_stream_has_no_problem():
    check = ChainCheck()
    first, second, third = chained(3)
    verdicts = [check.check(m) for m in (first, second, first, second, third, third)]
    assert [v.keep for v in verdicts] == [True, True, False, False, True, False]
    assert all(not v.problems for v in verdicts)
    assert (check.last_seq, check.last_hash) == (3, third["hash"])


def test_a_changed_field_and_a_new_journal_are_named():
    check = ChainCheck()
    old = chained(2)
    for message in old:
        check.check(message)
    tampered = chained(3)[2] | {"data": {"message": "changed"}}
    assert check.check(tampered).problems == ["hash of seq 3 does not match its content"]
    restarted = check.check(chained(1, tag="b")[0])  # a journal set aside and begun anew
    assert restarted.keep and restarted.problems == [
        "a new journal starts at seq 1 after seq 3"]
