"""The anchor the journaled benchmarks are measured against: the least a durable, tamper-evident
record needs. One SQLite table in WAL mode with ``synchronous=FULL``, each row hash-chained to
the one before (SHA-256 of the previous hash and the row's JSON), one transaction per commit.

It deliberately leaves out everything else the real journal does (schema checks, indexes of
shoes and rounds, the ``.head`` file, the lock): the ratio of a real figure to one measured on
this is what the table's machinery costs on top of the job itself.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any


class MinimalJournal:
    def __init__(self, path: Path) -> None:
        # isolation_level=None: transactions are ours (BEGIN ... COMMIT), as in the real journal.
        self.connection = sqlite3.connect(path, isolation_level=None)
        # The journal's page size, so that the two differ in machinery, not in storage.
        self.connection.execute("PRAGMA page_size = 1024")
        self.connection.execute("PRAGMA journal_mode = WAL")
        self.connection.execute("PRAGMA synchronous = FULL")
        self.connection.execute(
            "CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, data TEXT, hash BLOB)")
        self.seq = 0
        self.previous = bytes(32)
        self.in_transaction = False

    def append(self, event: dict[str, Any]) -> str:
        """Add one hash-chained row (in the open transaction, or a new one); its JSON text."""
        if not self.in_transaction:
            self.connection.execute("BEGIN")
            self.in_transaction = True
        self.seq += 1
        text = json.dumps({"seq": self.seq, **event}, separators=(",", ":"))
        self.previous = hashlib.sha256(self.previous + text.encode()).digest()
        self.connection.execute("INSERT INTO events VALUES (?, ?, ?)",
                                (self.seq, text, self.previous))
        return text

    def commit(self) -> None:
        """Make the open transaction durable (one fsync of the WAL)."""
        self.connection.execute("COMMIT")
        self.in_transaction = False

    def close(self) -> None:
        self.connection.close()


def commit_seconds(directory: Path, count: int) -> float:
    """Median seconds for one hash-chained card row committed alone, in ``directory``."""
    journal = MinimalJournal(directory / "anchor.sqlite3")
    times = []
    try:
        for index in range(count):
            started = time.perf_counter()
            journal.append({"type": "card", "card": "KD", "index": index})
            journal.commit()
            times.append(time.perf_counter() - started)
    finally:
        journal.close()
    return statistics.median(times)
