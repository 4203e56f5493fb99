"""A table's events as its floor feed publishes them, chained seq by seq (docs/feed.md):
what the pit and the feed's tests read, built one way."""

from __future__ import annotations

from typing import Any

from controller.feed.message import event_message
from controller.journal.chain import GENESIS, canonical_data, row_hash

TS = "2026-12-01T20:00:00.000000Z"


class Chain:
    """The next messages of ``table``'s feed: each numbered after the last and carrying the
    hash of the row before it (``seq`` and ``prev``: where the chain stands)."""

    def __init__(self, table: str, seq: int = 0, prev: bytes = GENESIS) -> None:
        self.table, self.seq, self.prev = table, seq, prev

    def message(self, type_: str, fields: dict[str, Any], *, ts: str = TS, shoe: int = 1,
                round_: int = 1) -> bytes:
        """The payload of the next event: ``type_`` with ``fields`` as its data."""
        self.seq += 1
        digest = row_hash(self.prev, self.seq, ts, type_, self.table, shoe, round_,
                          canonical_data(fields))
        envelope = {"type": type_, "seq": self.seq, "ts": ts, "table": self.table,
                    "shoe": shoe, "round": round_}
        payload = event_message(envelope, fields, self.prev, digest)
        self.prev = digest
        return payload
