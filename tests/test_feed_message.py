"""What a feed message carries, and a receiver's check of a table's stream (no broker)."""

from __future__ import annotations

import json
from typing import Any

from controller.feed.chain_check import ChainCheck, Verdict
from controller.feed.message import event_message, recomputed_hash
from controller.journal.chain import GENESIS
from tests.support.feed_messages import Chain


def chained(count: int, start: bytes = GENESIS, tag: str = "a",
            first: int = 1) -> list[dict[str, Any]]:
    """``count`` journaled prompts as the relay publishes them, from seq ``first``."""
    chain = Chain("t1", first - 1, start)
    return [json.loads(chain.message("prompt", {"message": f"{tag}{seq}"},
                                     ts="2026-11-30T12:00:00.000000Z", round_=0))
            for seq in range(first, first + count)]


def test_a_simulated_shoes_snapshot_in_an_older_journal_is_withheld_and_named() -> None:
    envelope = {"type": "shoe_started", "seq": 2, "ts": "2026-11-30T12:00:00.000000Z",
                "table": "t1", "shoe": 1, "round": 0}
    row = {"decks": 8, "profile": "classic", "profile_source": "classic", "betting": "land",
           "by": "shoe", "snapshot": {"order": ["AS", "KD"]}}
    message = json.loads(event_message(envelope, row, GENESIS, bytes(range(32))))
    assert "snapshot" not in message and "AS" not in json.dumps(message)
    assert message["withheld"] == ["snapshot"] and message["seq"] == 2
    assert message["prev_hash"] == "00" * 32 and message["hash"] == bytes(range(32)).hex()


def seqs(verdict: Verdict) -> list[int]:
    return [message["seq"] for message in verdict.messages]


def test_repeats_are_dropped_and_an_intact_stream_has_no_problem() -> None:
    check = ChainCheck()
    first, second, third = chained(3)
    verdicts = [check.check(m) for m in (first, second, first, second, third, third)]
    assert [seqs(v) for v in verdicts] == [[1], [2], [], [], [3], []]
    assert all(not v.problems for v in verdicts)
    assert (check.last_seq, check.last_hash) == (3, third["hash"])


def test_a_changed_field_is_held_apart_and_the_real_message_kept() -> None:
    check = ChainCheck()
    old = chained(4)
    for message in old[:2]:
        check.check(message)
    tampered = old[2] | {"data": {"message": "changed"}}  # the hash left as it was
    held = check.check(tampered)
    assert held.messages == [] and held.problems == [
        "seq 3 held apart until a message follows it: its hash does not match its content"]
    assert seqs(check.check(old[2])) == [3]
    following = check.check(old[3])
    assert following.messages == [old[3]] and not following.problems


def test_a_journal_begun_anew_is_a_new_record_once_its_seq_2_follows_its_seq_1() -> None:
    check = ChainCheck()
    for message in chained(3):
        check.check(message)
    new = chained(2, tag="b")  # a journal set aside and begun anew
    held = check.check(new[0])
    assert held.messages == [] and not held.new_journal
    assert held.problems == ["seq 1 held apart until a message follows it: another seq 1: a "
                             "journal begun anew, or not this table's"]
    taken = check.check(new[1])
    assert seqs(taken) == [1, 2] and taken.new_journal
    assert taken.problems == ["a new journal starts at seq 1 after seq 3"]
    assert (check.last_seq, check.first_hash) == (2, new[0]["hash"])


def test_a_message_far_ahead_is_held_apart_and_the_stream_goes_on() -> None:
    check = ChainCheck()
    real = chained(5)
    rogue = chained(1, bytes(32 * [7]), first=1_000_000)[0]  # well made, far ahead
    for message in real[:2]:
        check.check(message)
    held = check.check(rogue)
    assert held.messages == [] and held.problems == [
        "seq 1000000 held apart until a message follows it: it is 999998 ahead of seq 2, "
        "the last kept"]
    assert check.check(rogue).problems == []  # its repeat: said once
    assert [seqs(check.check(m)) for m in real[2:]] == [[3], [4], [5]]
    assert (check.last_seq, check.last_hash) == (5, real[4]["hash"])


def test_a_gap_is_kept_once_the_stream_goes_on_after_it() -> None:
    check = ChainCheck()
    real = chained(6)
    for message in real[:2]:
        check.check(message)
    held = check.check(real[4])  # 3 and 4 never arrive
    assert held.messages == [] and "it is 3 ahead of seq 2" in held.problems[0]
    taken = check.check(real[5])
    assert seqs(taken) == [5, 6] and taken.problems == ["gap: seqs 3 to 4 missing"]


def test_a_message_at_a_kept_seq_with_another_hash_is_a_conflict() -> None:
    check = ChainCheck()
    real = chained(3)
    for message in real[:2]:
        check.check(message)
    other = real[1] | {"data": {"message": "forged"}}
    other["hash"] = recomputed_hash(other)
    conflict = check.check(other)
    assert conflict.messages == [] and conflict.problems == [
        f"conflict: seq 2 again with another hash ({other['hash']}) than the one kept "
        f"({real[1]['hash']}); dropped"]
    assert seqs(check.check(real[2])) == [3]


def test_a_receiver_joining_late_keeps_the_stream_once_it_links_and_says_nothing() -> None:
    check = ChainCheck()
    real = chained(9)
    joined = [check.check(m) for m in real[6:]]
    assert [seqs(v) for v in joined] == [[], [7, 8], [9]]
    assert not any(v.problems for v in joined)


def test_a_restored_anchor_takes_what_follows_and_drops_what_came_before() -> None:
    real = chained(5)
    check = ChainCheck(3, real[2]["hash"], real[0]["hash"])
    assert [seqs(check.check(m)) for m in real] == [[], [], [], [4], [5]]
