"""Every fact type through the journal, the table's relay, a real Mosquitto and ``feed tail
--verify``, and back: the hash the receiver recomputes is the journal's, and the event it
prints decodes to the fact journaled, envelope and fields both whole (a field named like the
envelope, ``shoe`` of ``shoe_integrity``, once lost one of them and raised a false tamper
alarm at every shoe's end)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import typing
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from types import UnionType
from typing import Any

import pytest

from common.broker import BrokerSettings
from controller.events.codec import check_values, decode
from controller.events.facts import FACTS, Fact, ShoeStarted
from controller.events.stream import ENVELOPE, TableEvent
from controller.feed.message import recomputed_hash
from controller.feed.relay import FeedRelay
from controller.game.profiles import load_profile
from controller.journal import Journal
from tests.support.feed import CLI, ROOT, Broker, Subscriber, feed_config, needs_mosquitto
from tests.support.journal import rows, wait_for

pytestmark = [needs_mosquitto, pytest.mark.timeout(120)]
SHOE = 4  # the envelope's shoe: not the 3 every whole-number field of the facts holds


def sample(hint: Any) -> Any:
    """A value of the type ``hint``: every field set, optional ones too."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (UnionType, typing.Union):
        return sample(next(arg for arg in args if arg is not type(None)))
    if origin is typing.Literal:
        return args[0]
    if origin in (tuple, list):
        return origin((sample(args[0]),))
    if origin is not None and issubclass(origin, Mapping):
        return {"k": sample(args[1])}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return next(iter(hint)).value
    return {str: "s", int: 3, bool: True, float: 1.5}.get(hint, "v")  # Any: a string


def every_fact() -> list[Fact]:
    made = []
    for cls in FACTS.values():
        hints = typing.get_type_hints(cls)
        made.append(cls(**{field.name: sample(hints[field.name])
                           for field in dataclasses.fields(cls)}))
    # The relay rebuilds the table's picture from them: a shoe's terms must be a profile's.
    return [dataclasses.replace(fact, profile_terms=load_profile("classic").terms())
            if isinstance(fact, ShoeStarted) else fact for fact in made]


def test_the_facts_cover_a_field_named_like_the_envelope() -> None:
    """The test below would prove little if no fact had such a field."""
    names = {field.name for cls in FACTS.values() for field in dataclasses.fields(cls)}
    assert names & set(ENVELOPE) == {"shoe"}


def test_every_fact_type_reaches_feed_tail_verify_with_its_hash_and_comes_back_equal(
    tmp_path: Path
) -> None:
    facts = every_fact()
    events = [TableEvent(seq, f"2026-12-03T09:00:{seq:02d}.000000Z", "t6", SHOE, seq, fact)
              for seq, fact in enumerate(facts, start=1)]
    journal_path = tmp_path / "t6.db"
    journal = Journal.open(journal_path)
    journal.append_all(events)
    journal.commit()
    journal.close()
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Broker(folder)
    broker.start()
    tail = subprocess.Popen([*CLI, "feed", "tail", "--config", str(feed_config(tmp_path, broker,
                                                                               "t6")),
                             "--verify", "--count", str(len(events))],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    raw = Subscriber(broker, "baccarat/t6/events")
    relay = None
    try:
        wait_for(lambda: broker.log().count(" baccarat/t6/events") >= 2, timeout=30)
        relay = FeedRelay(BrokerSettings("127.0.0.1", broker.port, False, "t6"), journal_path,
                          "t6")
        relay.start()
        out, err = tail.communicate(timeout=60)
        wait_for(lambda: len(raw.events()) >= len(events), timeout=30)
    finally:
        if tail.poll() is None:
            tail.kill()
        if relay is not None:
            relay.stop()
        raw.close()
        broker.stop()
    assert tail.returncode == 0, err
    assert err == ""  # --verify found nothing: every hash recomputed is the journal's
    hashes = {seq: digest.hex()
              for seq, digest in rows(journal_path, "SELECT seq, hash FROM events")}
    assert [recomputed_hash(message) for message in raw.events()] == [
        hashes[message["seq"]] for message in raw.events()]
    printed = [json.loads(line) for line in out.splitlines()]
    assert len(printed) == len(events)
    for event, shown in zip(events, printed, strict=True):
        envelope = {name: shown[name] for name in ENVELOPE}
        assert envelope == {"type": event.type, "seq": event.seq, "ts": event.ts,
                            "table": "t6", "shoe": SHOE, "round": event.round}
        check_values(shown["type"], shown["data"])  # as a consumer checks it
        assert decode(shown["type"], shown["data"]) == event.fact
