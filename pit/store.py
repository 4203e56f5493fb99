"""The pit's own SQLite store: every table's events once each, the alerts and who
acknowledged them.

A table's journal started anew (seq 1 again, docs/feed.md) is a new ``journal`` number for that
table, so its rows never collide with the old journal's. Written from the ingest thread only;
the web side reads through a connection of its own.

One pit to a store: an open store holds an exclusive lock on ``<store>.lock`` beside it (the
kernel lets it go when the pit ends, however it ends), and a second pit is refused in one line.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.feed.message import ENVELOPE
from pit.errors import PitError
from pit.severity import severity

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL, journal INTEGER NOT NULL, seq INTEGER NOT NULL,
    type TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (table_id, journal, seq));
CREATE TABLE IF NOT EXISTS apart (
    id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, seq INTEGER, reason TEXT NOT NULL,
    body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chains (
    table_id TEXT PRIMARY KEY, journal INTEGER NOT NULL, last_seq INTEGER NOT NULL,
    last_hash TEXT, first_hash TEXT);
CREATE TABLE IF NOT EXISTS alerts (
    id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, kind TEXT NOT NULL, seq INTEGER,
    message TEXT NOT NULL, raised TEXT NOT NULL,
    acked_by TEXT, acked_at TEXT, note TEXT);
CREATE INDEX IF NOT EXISTS open_alerts ON alerts (acked_at, table_id);
CREATE TABLE IF NOT EXISTS logins (
    at TEXT NOT NULL, user TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY, user TEXT NOT NULL, csrf TEXT NOT NULL,
    expires TEXT NOT NULL);
"""
APART_KEPT = 100  # messages kept apart, per table: the newest (a flood of junk stays small)
PAST_SHOWN = 200  # acknowledged alerts the queue shows below the open ones


@dataclass(frozen=True)
class Chain:
    """Where a table's stream stands: the journal number and the check's anchor."""

    journal: int = 1
    last_seq: int = 0
    last_hash: str | None = None
    first_hash: str | None = None


@dataclass(frozen=True)
class Alert:
    id: int
    table: str
    kind: str
    seq: int | None
    message: str
    raised: str
    acked_by: str | None = None
    acked_at: str | None = None
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "table": self.table, "kind": self.kind, "seq": self.seq,
                "message": self.message, "raised": self.raised, "open": self.acked_at is None,
                "severity": severity(self.kind),
                "acked_by": self.acked_by, "acked_at": self.acked_at, "note": self.note}


def _event(body: str) -> dict[str, Any]:
    """An event as kept: its envelope and its fields in ``data`` (docs/feed.md). One kept
    before the fields had an object of their own is given one."""
    event: dict[str, Any] = json.loads(body)
    if "data" in event:
        return event
    return {**{name: event.pop(name) for name in ENVELOPE}, "data": event}


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()  # one connection, shared by ingest and web threads
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._claim = claimed(path)
        except OSError as error:
            raise PitError(f"{path}: cannot use it as the pit's store: "
                           f"{error.strerror or error}") from None
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as error:
            os.close(self._claim)
            raise PitError(f"{path}: not the pit's store (an SQLite database): {error}") \
                from None

    def close(self) -> None:
        with self._lock:
            self._db.close()
            os.close(self._claim)  # and with it the lock

    def chains(self) -> dict[str, Chain]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM chains").fetchall()
        return {row[0]: Chain(*row[1:]) for row in rows}

    def keep(self, table: str, chain: Chain, events: list[dict[str, Any]]) -> None:
        """A table's events and its chain after them, in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?)",
                [(table, chain.journal, event["seq"], event["type"],
                  json.dumps(event, separators=(",", ":"), ensure_ascii=False))
                 for event in events])
            self._db.execute("INSERT OR REPLACE INTO chains VALUES (?, ?, ?, ?, ?)",
                             (table, chain.journal, chain.last_seq, chain.last_hash,
                              chain.first_hash))

    def set_apart(self, table: str, seq: int | None, reason: str, body: str) -> None:
        """A message refused as an event (the codec refused it, or a conflict): kept apart,
        never replayed or drawn, for whoever looks into it."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO apart (table_id, seq, reason, body) VALUES (?,?,?,?)",
                             (table, seq, reason, body))
            self._db.execute("DELETE FROM apart WHERE table_id = ? AND id NOT IN (SELECT id "
                             "FROM apart WHERE table_id = ? ORDER BY id DESC LIMIT ?)",
                             (table, table, APART_KEPT))

    def apart(self, table: str) -> list[tuple[int | None, str, str]]:
        """The messages of ``table`` kept apart (seq, why, the message), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT seq, reason, body FROM apart WHERE table_id = ? "
                                    "ORDER BY id", (table,)).fetchall()
        return [tuple(row) for row in rows]

    def journal_events(self, table: str, journal: int) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT body FROM events WHERE table_id = ? AND journal = ? "
                                    "ORDER BY seq", (table, journal)).fetchall()
        return [_event(body) for (body,) in rows]

    def newest_events(self, table: str, journal: int, count: int) -> list[dict[str, Any]]:
        """The newest ``count`` events of a journal, in seq order."""
        with self._lock:
            rows = self._db.execute("SELECT body FROM events WHERE table_id = ? AND journal = ? "
                                    "ORDER BY seq DESC LIMIT ?", (table, journal, count)).fetchall()
        return [_event(body) for (body,) in reversed(rows)]

    def raise_alert(self, table: str, kind: str, seq: int | None, message: str,
                    raised: str) -> Alert:
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO alerts (table_id, kind, seq, message, raised) VALUES (?,?,?,?,?)",
                (table, kind, seq, message, raised))
        assert cursor.lastrowid is not None
        return Alert(cursor.lastrowid, table, kind, seq, message, raised)

    def alerts(self, table: str | None = None, open_only: bool = False,
               limit: int = 500) -> list[Alert]:
        """Newest first."""
        where = ["1"]
        values: list[Any] = []
        if table is not None:
            where.append("table_id = ?")
            values.append(table)
        if open_only:
            where.append("acked_at IS NULL")
        with self._lock:
            rows = self._db.execute(
                f"SELECT * FROM alerts WHERE {' AND '.join(where)} ORDER BY id DESC LIMIT ?",
                (*values, limit)).fetchall()
        return [Alert(*row) for row in rows]

    def alerts_version(self) -> tuple[int, int]:
        """The newest alert's id and how many are open: changes when one is raised or
        acknowledged (both read from indexes, however many alerts there are)."""
        with self._lock:
            newest = self._db.execute("SELECT max(id) FROM alerts").fetchone()[0]
            open_ = self._db.execute(
                "SELECT count(*) FROM alerts WHERE acked_at IS NULL").fetchone()[0]
        return newest or 0, open_

    def queue(self, past: int = PAST_SHOWN) -> list[Alert]:
        """Every open alert, then the ``past`` last acknowledged, newest acknowledgement first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM alerts WHERE acked_at IS NULL ORDER BY id").fetchall()
            rows += self._db.execute(
                "SELECT * FROM alerts WHERE acked_at IS NOT NULL ORDER BY acked_at DESC, id DESC "
                "LIMIT ?", (past,)).fetchall()
        return [Alert(*row) for row in rows]

    def acknowledge(self, alert_id: int, by: str, at: str, note: str | None) -> Alert | None:
        """The open alert ``alert_id`` acknowledged; None when there is no such open alert
        (an acknowledgement stands: a second one does not replace it)."""
        with self._lock:
            self._db.execute("UPDATE alerts SET acked_by = ?, acked_at = ?, note = ? "
                             "WHERE id = ? AND acked_at IS NULL", (by, at, note, alert_id))
            changed = self._db.execute("SELECT changes()").fetchone()[0]
            row = self._db.execute("SELECT * FROM alerts WHERE id = ?", (alert_id,)).fetchone()
        return Alert(*row) if changed and row else None

    def log_login(self, at: str, user: str, outcome: str) -> None:
        """A login's outcome (signed in, wrong password, locked out, signed out), kept."""
        with self._lock:
            self._db.execute("INSERT INTO logins VALUES (?, ?, ?)", (at, user, outcome))

    def sessions(self) -> list[tuple[str, str, str, str]]:
        """The sessions kept (token hash, user, CSRF token, expiry), so that a restarted pit
        keeps its users logged in."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM sessions").fetchall()
        return [tuple(row) for row in rows]

    def keep_session(self, token_hash: str, user: str, csrf: str, expires: str) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO sessions VALUES (?, ?, ?, ?)",
                             (token_hash, user, csrf, expires))

    def end_sessions(self, token_hashes: list[str]) -> None:
        with self._lock:
            self._db.executemany("DELETE FROM sessions WHERE token_hash = ?",
                                 [(token_hash,) for token_hash in token_hashes])


def claimed(path: Path) -> int:
    """The store's lock file, open and locked for this pit alone; PitError naming the pit
    that holds it when another does."""
    lock = path.with_name(path.name + ".lock")
    descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(descriptor, 32).decode("ascii", "replace").strip() or "?"
        os.close(descriptor)
        raise PitError(f"{path}: in use by another pit (process {holder}): one pit to a "
                       "store; stop that one, or give this one a --store of its own") from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, f"{os.getpid()}\n".encode())
    return descriptor
