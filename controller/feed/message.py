"""What one event looks like on the feed, and what a receiver checks in it.

A message is the journal's row: the event's envelope as docs/events.md defines it (``type``,
``seq``, ``ts``, ``table``, ``shoe``, ``round``), its fields in ``data`` (a JSON object, exactly
as the journal hashed them), and its hash-chain link: ``prev_hash`` and ``hash``, hex. The
fields are an object of their own so that no field can take an envelope's name
(``shoe_integrity`` has a ``shoe`` of its own). A field that must not leave the table
(``FEED_WITHHELD``) is left out of ``data`` and named in ``withheld``: the receiver still checks
the link, but cannot recompute that row's hash.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from common.errors import DataError
from controller.events.codec import check_values, decode
from controller.events.stream import ENVELOPE, TableEvent
from controller.journal.chain import canonical_data, row_hash

LINK = ("prev_hash", "hash", "withheld")
# A simulated shoe's snapshot held the order of every card still in it: never on the feed.
# The table no longer records it, but journals written before still do.
FEED_WITHHELD: dict[str, tuple[str, ...]] = {"shoe_started": ("snapshot",)}
HEX_HASH = re.compile(r"[0-9a-f]{64}")
# A table's largest event (a shoe_started with its profile's terms) is a few kB: a message
# hundreds of times that is no table's, and is refused unread.
MAX_MESSAGE = 256 * 1024
# seq, shoe and round: whole numbers SQLite (the journal, the pit's store) can hold.
MAX_NUMBER = 2**63 - 1
# What a receiver needs of a message before it can check it: the envelope, the fields and the
# link.
_SHAPE: dict[str, type] = {**dict(zip(ENVELOPE, (str, int, str, str, int, int), strict=True)),
                           "data": dict, "prev_hash": str, "hash": str}


def event_message(envelope: Mapping[str, Any], data: Mapping[str, Any], prev_hash: bytes,
                  digest: bytes) -> bytes:
    """The payload for a journaled event: its ``envelope`` (``TableEvent.envelope``), its
    fields as the journal's row holds them (``data``) and its row's two hashes."""
    withheld = [name for name in FEED_WITHHELD.get(envelope["type"], ()) if name in data]
    message: dict[str, Any] = {name: envelope[name] for name in ENVELOPE}
    message["data"] = {name: value for name, value in data.items() if name not in withheld}
    message["prev_hash"], message["hash"] = prev_hash.hex(), digest.hex()
    if withheld:
        message["withheld"] = withheld
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


def event_of(message: Mapping[str, Any]) -> dict[str, Any]:
    """The event a checked message carries: its envelope and ``data``, without the link."""
    return {key: value for key, value in message.items() if key not in LINK}


def table_event(event: Mapping[str, Any]) -> TableEvent:
    """The typed event a checked message carries (or an event kept from one: its envelope
    and ``data``), each field of the kind its fact has; EventSchemaError saying why not (a
    type the codec does not know, a field missing or of another kind)."""
    fact = decode(event["type"], event["data"])
    check_values(event["type"], event["data"])
    return TableEvent._make([*(event[name] for name in ENVELOPE[1:]), fact])


class MessageError(DataError):
    """A payload that is not an event a receiver can check: says why, never quoting it."""


def read_message(payload: bytes) -> dict[str, Any]:
    """One payload of a table's ``events`` topic as the message it must be; MessageError
    saying why not (too large, not JSON, NaN or an infinity anywhere, ``message_problem``)."""
    if len(payload) > MAX_MESSAGE:
        raise MessageError(f"{len(payload)} bytes, more than any table sends ({MAX_MESSAGE})")
    try:
        message = json.loads(payload, parse_constant=_no_constant)
    except RecursionError:
        raise MessageError("JSON nested too deep") from None
    except ValueError as error:  # not JSON, not UTF-8, or a constant JSON has not
        raise MessageError(str(error)) from None
    problem = message_problem(message)
    if problem is not None:
        raise MessageError(problem)
    return message  # type: ignore[no-any-return]  # message_problem: an object


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is no JSON number")


def time_problem(ts: object) -> str | None:
    """Why ``ts`` is not an event's time (ISO 8601 with its zone, as the table writes it)."""
    if not isinstance(ts, str):
        return f"ts is a JSON {type(ts).__name__}, not a time"
    try:
        at = datetime.fromisoformat(ts)
    except ValueError:
        return f"ts {ts[:40]!r} is not a time"
    if at.utcoffset() is None:
        return f"ts {ts[:40]!r} has no zone"
    return None


def message_problem(message: object) -> str | None:
    """Why ``message`` (decoded JSON) is not an event a receiver can check, or None: an
    envelope or link field or ``data`` missing or of another type, a hash that is not 64 hex
    digits, a number out of range, a ``ts`` that is not a time with its zone."""
    if not isinstance(message, dict):
        return f"a JSON {type(message).__name__}, not an object"
    for name, kind in _SHAPE.items():
        if name not in message:
            return f"no {name}"
        value = message[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"{name} is a JSON {type(value).__name__}, not a {kind.__name__}"
    for name in ("prev_hash", "hash"):
        if not HEX_HASH.fullmatch(message[name]):
            return f"{name} is not 64 lower-case hex digits"
    if message["seq"] < 1:
        return "seq is not 1 or more"
    for name in ("seq", "shoe", "round"):
        if not 0 <= message[name] <= MAX_NUMBER:
            return f"{name} is out of range"
    problem = time_problem(message["ts"])
    if problem is not None:
        return problem
    withheld = message.get("withheld")
    if withheld is not None and not (
            isinstance(withheld, list) and all(isinstance(name, str) for name in withheld)):
        return "withheld is not a list of field names"
    return None


def recomputed_hash(message: dict[str, Any]) -> str:
    """The row hash the journal computed, from a message's content (docs/journal.md)."""
    return row_hash(bytes.fromhex(message["prev_hash"]), message["seq"], message["ts"],
                    message["type"], message["table"], message["shoe"], message["round"],
                    canonical_data(message["data"])).hex()
