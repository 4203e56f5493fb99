"""The one codec between the typed facts (controller.events.facts) and the wire: the JSON fields
of the journal's rows, the event file's lines and the floor feed's messages.

``encode`` gives a fact's fields as the wire has them: a field with a default is left out when
it is None (it does not apply), a tuple is a JSON list. ``decode`` makes the fact back from
them; a field a row does not have takes its default (rows written before it existed), a field
the fact does not know is ignored (one an older table wrote: a shoe's ``snapshot``).
``SCHEMA`` lists every type's fields, for docs/events.md and for consumers that check a
message from outside.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from types import UnionType
from typing import Any

from common.errors import DataError
from controller.events.facts import FACTS, EventType, Fact


class EventSchemaError(DataError):
    """Fields that do not make an event of their type: names the type and what is wrong."""


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    kind: type | UnionType  # what its JSON value is, as Python sees it once decoded
    optional: bool = False  # absent where it does not apply
    is_tuple: bool = False  # a JSON list, held as a tuple

    @property
    def numeric(self) -> bool:
        """Whether the field may hold a float: NaN and infinities are no JSON."""
        kinds = self.kind.__args__ if isinstance(self.kind, UnionType) else (self.kind,)
        return float in kinds


@dataclass(frozen=True, slots=True)
class EventSpec:
    """One event type's fields: all of them, and those every event of the type has."""

    type: EventType
    fields: tuple[Field, ...]

    @property
    def numeric(self) -> tuple[str, ...]:
        return tuple(field.name for field in self.fields if field.numeric)

    @property
    def names(self) -> frozenset[str]:
        return frozenset(field.name for field in self.fields)

    @property
    def required(self) -> frozenset[str]:
        return frozenset(field.name for field in self.fields if not field.optional)


def _json_kind(hint: Any) -> tuple[type | UnionType, bool]:
    """The JSON value's Python type for a field's type hint, and whether it is a tuple."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return type(typing.get_args(hint)[0]), False
    if origin is tuple:
        return list, True
    if origin is list:  # list[int]: isinstance takes the bare list only
        return list, False
    if origin in (UnionType, typing.Union):
        kinds = [_json_kind(arg)[0] for arg in typing.get_args(hint)]
        union: type | UnionType = kinds[0]
        for kind in kinds[1:]:
            union = union | kind
        return union, any(typing.get_origin(arg) is tuple for arg in typing.get_args(hint))
    if origin is not None and issubclass(origin, Mapping):
        return dict, False
    if hint is float:
        return int | float, False  # a whole number of seconds is a JSON integer
    return hint, False


def _spec(cls: type[Fact]) -> EventSpec:
    hints = typing.get_type_hints(cls)
    fields = []
    for field in dataclasses.fields(cls):
        kind, is_tuple = _json_kind(hints[field.name])
        fields.append(Field(field.name, kind, field.default is not dataclasses.MISSING,
                            is_tuple))
    return EventSpec(cls.TYPE, tuple(fields))


SCHEMA: dict[EventType, EventSpec] = {type_: _spec(cls) for type_, cls in FACTS.items()}
NUMERIC = {type_: spec.numeric for type_, spec in SCHEMA.items()}  # checked on every encode


def encode(fact: Fact) -> dict[str, Any]:
    """A fact's fields as the wire has them; EventSchemaError for a number JSON cannot hold
    (NaN, an infinity), which no journal row, events file line or feed message may carry."""
    fields: dict[str, Any] = {}
    for field in SCHEMA[fact.TYPE].fields:
        value = getattr(fact, field.name)
        if value is None and field.optional:
            continue
        fields[field.name] = list(value) if field.is_tuple and value is not None else value
    _check_finite(fact.TYPE, fields)
    return fields


def decode(type_: str, fields: Mapping[str, Any]) -> Fact:
    """The fact an event of ``type_`` with these wire fields says; EventSchemaError for an
    unknown type or a row without a field every event of the type has."""
    try:
        cls = FACTS[EventType(type_)]
    except ValueError:
        raise EventSchemaError(f"unknown event type {type_!r} "
                               "(controller/events/facts.py)") from None
    spec = SCHEMA[cls.TYPE]
    missing = sorted(spec.required - fields.keys())
    if missing:
        raise EventSchemaError(f"event {type_!r}: missing {', '.join(missing)}")
    _check_finite(type_, fields)
    values = {}
    for field in spec.fields:
        if field.name in fields:
            value = fields[field.name]
            values[field.name] = tuple(value) if field.is_tuple and value is not None else value
    return cls(**values)


def _check_finite(type_: str, fields: Mapping[str, Any]) -> None:
    """NaN and the infinities, which Python's json reads and writes but JSON has not."""
    for name in NUMERIC[EventType(type_)]:
        value = fields.get(name)
        if isinstance(value, float) and not math.isfinite(value):
            raise EventSchemaError(f"event {type_!r}: {name} = {value!r} is not a finite "
                                   "number")


def check_values(type_: str, fields: Mapping[str, Any]) -> None:
    """Raise EventSchemaError when a field's value is not of its kind (for a consumer that
    checks a message from outside, and the tests)."""
    for field in SCHEMA[EventType(type_)].fields:
        if field.name in fields and not isinstance(fields[field.name], field.kind):
            raise EventSchemaError(f"event {type_!r}: {field.name} = {fields[field.name]!r} "
                                   f"is not {json_kind(field.kind)}")


JSON_KINDS = {dict: "a JSON object", list: "a JSON array", str: "a string", bool: "true or false",
              int: "a whole number", float: "a number", type(None): "null"}


def json_kind(kind: type | UnionType) -> str:
    """A field's kind as the JSON on the wire has it, for a message naming what is wrong."""
    kinds = kind.__args__ if isinstance(kind, UnionType) else (kind,)
    return " or ".join(JSON_KINDS.get(one, one.__name__) for one in kinds)

