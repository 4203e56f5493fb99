"""Every event type the table publishes and the fields each carries, in one place.

Other systems read these names (the journal, the event file, the display, a floor feed), so
they change only by adding. ``EventBus.publish`` refuses an event whose type or fields are not
here (a typo fails where it is made, not in some consumer), docs/events.md is checked against
this table by the tests, and a consumer's handlers are named from ``EventType``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import NoneType, UnionType
from typing import Any


class EventType(StrEnum):
    STATE = "state"
    SHOE_SHUFFLED = "shoe_shuffled"
    SHOE_STARTED = "shoe_started"
    ROADS_CLEARED = "roads_cleared"
    REVEAL = "reveal"
    BURN = "burn"
    PROMPT = "prompt"
    BETTING_OPEN = "betting_open"
    BETTING_CLOSED = "betting_closed"
    CARD = "card"
    DUPLICATE_CARD = "duplicate_card"
    MISREAD = "misread"
    CUT_CARD = "cut_card"
    ROUND_RESULT = "round_result"
    ROUND_VOIDED = "round_voided"
    HOLD = "hold"
    HOLD_CLEARED = "hold_cleared"
    SCANNER = "scanner"
    OPERATOR_ACTION = "operator_action"
    ACTION_REFUSED = "action_refused"
    SHOE_ENDED = "shoe_ended"
    CONFIG_CHANGED = "config_changed"
    JOURNAL_END_ACCEPTED = "journal_end_accepted"
    EXPOSURE = "exposure"
    EXPOSURE_ALERT = "exposure_alert"
    SCANNER_ALERT = "scanner_alert"


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    kind: type | UnionType  # what its JSON value is, as Python sees it once decoded
    optional: bool = False  # present only where it applies


class EventSchemaError(ValueError):
    """An event that is not in the schema: names the type and the fields that are wrong."""


class EventSpec:
    """One event type's fields: all of them, and those every event of the type has."""

    def __init__(self, type_: EventType, fields: tuple[Field, ...]) -> None:
        self.type = type_
        self.fields = fields
        self.names = frozenset(field.name for field in fields)
        self.required = frozenset(field.name for field in fields if not field.optional)


def _spec(type_: EventType, *fields: Field) -> EventSpec:
    return EventSpec(type_, fields)


# A card read also carries what was read, where from, and what is left in the shoe.
_READ = (Field("raw", str), Field("source", str), Field("cards_left", int),
         Field("frame_seq", int, optional=True), Field("from_hold", bool, optional=True))
_WHO = (Field("action", str), Field("by", str), Field("reason", str))
# Where the table came to rest, said by the input's last fact when it is one of these (a card,
# the opening of betting) instead of in a ``state`` event of its own: one row, not two, a card.
_RESTS = Field("state", str, optional=True)

SCHEMA: dict[str, EventSpec] = {spec.type: spec for spec in (
    _spec(EventType.STATE, Field("state", str), Field("previous", str)),
    _spec(EventType.SHOE_SHUFFLED, Field("raw", str)),
    _spec(EventType.SHOE_STARTED, Field("decks", int), Field("profile", str),
          Field("profile_source", str), Field("betting", str), Field("by", str),
          # Older journals' shoes lack it (controller.table.recovery.shoe_settings).
          Field("profile_terms", dict)),
    _spec(EventType.ROADS_CLEARED, Field("reason", str)),
    _spec(EventType.REVEAL, Field("card", str), Field("burn", int), *_READ, _RESTS),
    # A burn the dealer confirmed by hand (the scanner cannot see burns) was read by nobody.
    _spec(EventType.BURN, Field("card", str | NoneType), Field("burn_left", int),
          Field("cards_left", int), Field("raw", str, optional=True),
          Field("source", str, optional=True), Field("frame_seq", int, optional=True),
          Field("from_hold", bool, optional=True), _RESTS),
    _spec(EventType.PROMPT, Field("message", str)),
    _spec(EventType.BETTING_OPEN, Field("closed_bets", list),
          Field("seconds", int | float, optional=True), _RESTS),
    _spec(EventType.BETTING_CLOSED, Field("reason", str), Field("closed_bets", list)),
    _spec(EventType.CARD, Field("card", str), Field("position", str), *_READ, _RESTS),
    _spec(EventType.DUPLICATE_CARD, Field("card", str), Field("raw", str),
          Field("frame_seq", int, optional=True), Field("reason", str)),
    _spec(EventType.MISREAD, Field("raw", str), Field("raw_hex", str), Field("count", int),
          Field("last_raw_hex", str, optional=True), Field("position", str)),
    _spec(EventType.CUT_CARD, Field("last_round", int), Field("raw", str)),
    _spec(EventType.ROUND_RESULT, Field("player", list), Field("banker", list),
          Field("player_total", int), Field("banker_total", int), Field("winner", str),
          Field("player_pair", bool), Field("banker_pair", bool),
          Field("player_natural", bool), Field("banker_natural", bool), Field("natural", bool),
          Field("banker_six_cards", int | NoneType), Field("winning_bets", list),
          Field("pushed_bets", list), Field("pays", dict), Field("bets", dict)),
    _spec(EventType.ROUND_VOIDED, Field("reason", str), Field("by", str),
          Field("discarded", list), Field("refund", bool)),
    _spec(EventType.HOLD, Field("code", str), Field("message", str),
          Field("card", str | NoneType), Field("raw", str), Field("source", str),
          Field("frame_seq", int, optional=True)),
    _spec(EventType.HOLD_CLEARED, Field("by", str), Field("action", str),
          Field("discarded", list, optional=True)),
    _spec(EventType.SCANNER, Field("status", str), Field("reason", str, optional=True)),
    _spec(EventType.OPERATOR_ACTION, *_WHO, Field("card", str, optional=True)),
    _spec(EventType.ACTION_REFUSED, *_WHO, Field("wrong_pin", bool, optional=True),
          Field("locked_until", float, optional=True)),
    _spec(EventType.SHOE_ENDED, Field("rounds", int), Field("reason", str),
          Field("wrong_pins", int, optional=True), Field("locked_until", float, optional=True)),
    _spec(EventType.CONFIG_CHANGED, Field("before", dict), Field("after", dict),
          Field("applies_from", str)),
    _spec(EventType.JOURNAL_END_ACCEPTED, Field("by", str), Field("reason", str),
          Field("finding", str)),
    # Surveillance (docs/surveillance.md): returns are decimal strings, exact to RTP_PLACES.
    _spec(EventType.EXPOSURE, Field("rtp", dict), Field("cards_left", int)),
    _spec(EventType.EXPOSURE_ALERT, Field("bet", str), Field("state", str), Field("rtp", str),
          Field("alert_rtp", str), Field("closed", bool)),
    _spec(EventType.SCANNER_ALERT, Field("misreads", int), Field("cards", int),
          Field("per_hundred", str), Field("level", str)),
)}

# The facts that may carry the state the table came to rest in (``_RESTS``).
RESTING_FACTS = frozenset(type_ for type_, spec in SCHEMA.items()
                          if _RESTS in spec.fields)


def rests_in(type_: str, data: Mapping[str, Any]) -> str | None:
    """The state an event says the table came to rest in: a ``state`` event's, or the one a
    card or the opening of betting carries; None when it says nothing of it."""
    if type_ == EventType.STATE or type_ in RESTING_FACTS:
        state: str | None = data.get("state")
        return state
    return None


def check_event(type_: str, data: Mapping[str, Any]) -> None:
    """Raise EventSchemaError unless ``type_`` is known and ``data`` has exactly its fields
    (the optional ones where they apply). Names only, so it is cheap on every publish."""
    spec = SCHEMA.get(type_)
    if spec is None:
        raise EventSchemaError(f"unknown event type {type_!r} (controller/events/schema.py)")
    keys = data.keys()
    if spec.required <= keys <= spec.names:
        return
    missing = sorted(spec.required - keys)
    unknown = sorted(keys - spec.names)
    raise EventSchemaError(f"event {type_!r}: " + "; ".join(
        part for part in (missing and f"missing {', '.join(missing)}",
                          unknown and f"unknown {', '.join(unknown)}") if part))


def check_values(type_: str, data: Mapping[str, Any]) -> None:
    """Raise EventSchemaError when a field's value is not of its kind (for the tests and a
    consumer's own checks; ``check_event`` must pass first)."""
    for field in SCHEMA[type_].fields:
        if field.name in data and not isinstance(data[field.name], field.kind):
            raise EventSchemaError(f"event {type_!r}: {field.name} = {data[field.name]!r} is "
                                   f"not {field.kind}")
