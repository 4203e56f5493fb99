"""No event carries a number JSON cannot hold: NaN and Infinity are refused where a fact is
read from outside (a row, a message, the journal check's result) and where one is written, so
the journal, the events file and the floor feed hold JSON only."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from controller.events.codec import EventSchemaError, decode, encode
from controller.events.facts import JournalVerified
from controller.events.stream import TableEvent
from controller.journal import Journal

PASSED: dict[str, Any] = {"last_seq": 1, "last_hash": "ab" * 32, "rows": 1, "seconds": 0.5,
          "finished": "2026-12-03T04:30:00.000000Z", "finding": ""}


@pytest.mark.parametrize("number", [math.nan, math.inf, -math.inf])
def test_a_fact_read_with_a_number_json_cannot_hold_is_refused_naming_the_field(
    number: float,
) -> None:
    with pytest.raises(EventSchemaError, match=r"journal_verified.*seconds = (nan|inf|-inf) "
                       "is not a finite number"):
        decode("journal_verified", {**PASSED, "seconds": number})


def test_the_json_words_for_them_are_refused_as_read(tmp_path: Path) -> None:
    """Python's json reads NaN and Infinity: the codec does not let them through."""
    for word in ("NaN", "Infinity", "-Infinity"):
        text = json.dumps(PASSED).replace('"seconds": 0.5', f'"seconds": {word}')
        with pytest.raises(EventSchemaError, match="is not a finite number"):
            decode("journal_verified", json.loads(text))


def test_a_fact_holding_one_is_never_journaled(tmp_path: Path) -> None:
    fact = JournalVerified(**{**PASSED, "seconds": math.nan})
    with pytest.raises(EventSchemaError, match="seconds = nan is not a finite number"):
        encode(fact)
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        with pytest.raises(EventSchemaError):
            journal.append(TableEvent(1, "2026-12-03T09:30:00.000000Z", "t1", 0, 0, fact))
        journal.commit()
        assert journal.last_seq == 0
