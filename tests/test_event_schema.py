"""One event schema: what the table publishes, what docs/events.md says and what consumers
handle are the same names."""

import re
from pathlib import Path

import pytest

from controller.events.codec import SCHEMA, EventSchemaError, check_values, decode, encode
from controller.events.facts import FACTS
from controller.table.commands import TimerExpired
from drivers.base import Connected, Disconnected, Misread
from tests.support.table import Table

DOC = Path(__file__).resolve().parent.parent / "docs" / "events.md"


def documented() -> dict[str, set[str]]:
    """Each type in the doc's table with the field names it lists (a backticked name outside
    parentheses; the parentheses explain)."""
    types = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not re.fullmatch(r"`[a-z_]+`", cells[0]):
            continue
        fields = cells[1]
        while re.search(r"\([^()]*\)", fields):
            fields = re.sub(r"\([^()]*\)", "", fields)
        types[cells[0].strip("`")] = set(re.findall(r"`([a-z_]+)`", fields))
    return types


def test_docs_events_md_lists_every_type_and_field_of_the_schema() -> None:
    assert documented() == {name: set(spec.names) for name, spec in SCHEMA.items()}


def test_a_row_of_an_unknown_type_or_without_a_field_is_refused_where_it_is_read() -> None:
    with pytest.raises(EventSchemaError, match="unknown event type 'shoe_end'"):
        decode("shoe_end", {"rounds": 3, "reason": "cut card"})
    with pytest.raises(EventSchemaError, match="'shoe_ended': missing reason"):
        decode("shoe_ended", {"rounds": 3, "raeson": "cut card"})


def test_every_fact_of_a_busy_shoe_goes_to_the_wire_and_back_unchanged() -> None:
    table = busy_shoe()
    assert {type(event.fact) for event in table.events} <= set(FACTS.values())
    for event in table.events:
        assert decode(event.type, encode(event.fact)) == event.fact


def busy_shoe() -> Table:
    """A live shoe with most of what can happen in one: misreads, a reader away, a hold, a
    void, a wrong PIN, an early end."""
    table = Table(profile="live", betting="live")
    table.start_shoe()
    table.controller.handle(TimerExpired())  # the countdown ends: no more bets
    table.deal("9S KH")
    table.controller.handle(Misread(b"\x16junk"))
    table.controller.handle(Disconnected("unplugged"))
    table.command("manual_card", card="TC")
    table.controller.handle(Connected())
    table.deal("2D CUT")
    table.command("pause", reason="break")
    table.deal("5S")  # held
    table.supervisor("void_round", reason="dealt in a pause")
    table.command("void_round", pin="0000", reason="guess")
    table.command("resume")
    table.supervisor("new_shoe", reason="end of session")
    return table


def test_every_event_of_a_busy_shoe_has_fields_of_the_schemas_kinds() -> None:
    table = busy_shoe()
    assert {event.type for event in table.events} >= {
        "shoe_started", "reveal", "burn", "card", "misread", "scanner", "operator_action",
        "round_result", "cut_card", "hold", "hold_cleared", "round_voided", "action_refused",
        "shoe_ended", "betting_open", "state"}
    for event in table.events:
        check_values(event.type, event.fields)
