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
from typing import Any

from controller.journal.chain import canonical_data, row_hash

ENVELOPE = ("type", "seq", "ts", "table", "shoe", "round")
LINK = ("prev_hash", "hash", "withheld")
# A simulated shoe's snapshot held the order of every card still in it: never on the feed.
# The table no longer records it, but journals written before still do.
FEED_WITHHELD: dict[str, tuple[str, ...]] = {"shoe_started": ("snapshot",)}
HEX_HASH = re.compile(r"[0-9a-f]{64}")
# What a receiver needs of a message before it can check it: the envelope, the fields and the
# link.
_SHAPE: dict[str, type] = {"type": str, "seq": int, "ts": str, "table": str, "shoe": int,
                           "round": int, "data": dict, "prev_hash": str, "hash": str}


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


def message_problem(message: object) -> str | None:
    """Why ``message`` (decoded JSON) is not an event a receiver can check, or None: an
    envelope or link field or ``data`` missing or of another type, a hash that is not 64 hex
    digits."""
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
