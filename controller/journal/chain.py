"""The hash chain: each row's hash covers its content and the hash of the row before it.

``hash = SHA-256(previous hash || content)``, where the content is the canonical JSON of the
envelope ``[seq, ts, type, table, shoe, round]`` followed by the canonical JSON of the event's
data (keys sorted, no spaces). Changing, removing, inserting or moving any row breaks the chain
from that row on; the first row of a journal links to ``GENESIS``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = bytes(32)
# Built once: json.dumps with non-default options builds a new encoder on every call, and the
# journal encodes two documents per event. Same output as json.dumps with these options.
_encode_sorted = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode
_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def canonical_data(data: dict[str, Any]) -> str:
    """The stored (and hashed) text of an event's data."""
    return _encode_sorted(data)


def row_hash(
    previous: bytes, seq: int, ts: str, type_: str, table: str, shoe: int, round_: int, data: str
) -> bytes:
    """The hash of one row, ``data`` being its canonical data text."""
    envelope = _encode([seq, ts, type_, table, shoe, round_])
    return hashlib.sha256(previous + envelope.encode() + data.encode()).digest()
