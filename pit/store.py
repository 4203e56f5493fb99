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

from controller.events.stream import ENVELOPE
from pit.conditions import LASTING, MAX_DETAIL, MAX_DETAILS
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
CREATE TABLE IF NOT EXISTS retired (
    table_id TEXT PRIMARY KEY, by TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS logins (
    at TEXT NOT NULL, user TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY, user TEXT NOT NULL, csrf TEXT NOT NULL,
    expires TEXT NOT NULL);
"""
# The columns added to a store's alerts since the first (pit/conditions.py): while ``ended`` is
# NULL the condition lasts, and a repeat updates the alert (``repeats``, ``last_seq``,
# ``updated``, ``details``, a JSON list of the newest details).
ALERT_COLUMNS = {"ended": "TEXT", "repeats": "INTEGER NOT NULL DEFAULT 0", "last_seq": "INTEGER",
                 "updated": "TEXT", "details": "TEXT NOT NULL DEFAULT '[]'"}
CONDITIONS_INDEX = ("CREATE INDEX IF NOT EXISTS lasting ON alerts (table_id, kind) "
                    "WHERE ended IS NULL")
# A write the store could not make (a full disk: "database or disk is full", an I/O error):
# nothing of it was kept, and the same write may succeed later (pit/keeping.py).
WRITE_FAILED = (sqlite3.OperationalError, OSError)
APART_KEPT = 100  # messages kept apart, per table: the newest (a flood of junk stays small)
PAST_SHOWN = 200  # acknowledged alerts the queue shows below the open ones
LASTING_SQL = ", ".join(f"'{kind}'" for kind in sorted(LASTING))


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
    ended: str | None = None  # when its condition ended; None while it lasts
    repeats: int = 0  # times it was raised again while its condition lasted
    last_seq: int | None = None  # the seq of the latest repeat
    updated: str | None = None  # the time of the latest repeat
    details: str = "[]"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "table": self.table, "kind": self.kind, "seq": self.seq,
                "message": self.message, "raised": self.raised, "open": self.acked_at is None,
                "severity": severity(self.kind),
                "acked_by": self.acked_by, "acked_at": self.acked_at, "note": self.note,
                "lasting": self.ended is None, "ended": self.ended, "repeats": self.repeats,
                "last_seq": self.last_seq, "updated": self.updated,
                "details": json.loads(self.details)}


@dataclass
class Unwritable:
    """The store has been refusing writes since ``since`` (the pit's time), the first time for
    ``why``; ``waiting`` messages wait for it, unacknowledged (pit/keeping.py)."""

    since: str
    why: str
    waiting: int = 0


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
        self._alert_changes = 0
        self.unwritable: Unwritable | None = None  # set and cleared by pit/keeping.py
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
            present = {row[1] for row in self._db.execute("PRAGMA table_info(alerts)")}
            for name, kind in ALERT_COLUMNS.items():
                if name not in present:  # a store made before alerts were conditions
                    self._db.execute(f"ALTER TABLE alerts ADD COLUMN {name} {kind}")
            if not present.issuperset(ALERT_COLUMNS):
                # Its alerts had no conditions: the acknowledged have ended.
                self._db.execute("UPDATE alerts SET ended = acked_at WHERE acked_at IS NOT NULL")
            self._db.execute(CONDITIONS_INDEX)
        except sqlite3.Error as error:
            os.close(self._claim)
            raise PitError(f"{path}: not the pit's store (an SQLite database): {error}") \
                from None

    def close(self) -> None:
        with self._lock:
            self._db.close()
            os.close(self._claim)  # and with it the lock

    def status(self) -> dict[str, Any]:
        """For ``GET /api/status``: ``ok``, or ``failing`` since when, why and how many
        messages wait."""
        trouble = self.unwritable
        if trouble is None:
            return {"state": "ok", "path": str(self.path)}
        return {"state": "failing", "path": str(self.path), "since": trouble.since,
                "detail": trouble.why, "waiting": trouble.waiting}

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

    def event(self, table: str, seq: int) -> dict[str, Any] | None:
        """The table's event ``seq`` (of its newest journal that has one), or None."""
        with self._lock:
            row = self._db.execute("SELECT body FROM events WHERE table_id = ? AND seq = ? "
                                   "ORDER BY journal DESC LIMIT 1", (table, seq)).fetchone()
        return None if row is None else _event(row[0])

    def newest_events(self, table: str, journal: int, count: int) -> list[dict[str, Any]]:
        """The newest ``count`` events of a journal, in seq order."""
        with self._lock:
            rows = self._db.execute("SELECT body FROM events WHERE table_id = ? AND journal = ? "
                                    "ORDER BY seq DESC LIMIT ?", (table, journal, count)).fetchall()
        return [_event(body) for (body,) in reversed(rows)]

    def raise_alert(self, table: str, kind: str, seq: int | None, message: str,
                    raised: str, detail: str | None = None) -> Alert | None:
        """A new alert for the condition ``kind`` at ``table``; or, while one lasts, that one
        updated (None: nobody is told anew). The same seq again (a pit restarted, a message
        repeated) changes nothing."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            row = self._db.execute("SELECT id, seq, last_seq, details FROM alerts WHERE "
                                   "table_id = ? AND kind = ? AND ended IS NULL "
                                   "ORDER BY id DESC LIMIT 1", (table, kind)).fetchone()
            if row is None:
                details = [] if detail is None else [detail[:MAX_DETAIL]]
                cursor = self._db.execute(
                    "INSERT INTO alerts (table_id, kind, seq, message, raised, details) "
                    "VALUES (?,?,?,?,?,?)", (table, kind, seq, message, raised,
                                             json.dumps(details)))
                assert cursor.lastrowid is not None
                self._alert_changes += 1
                return Alert(cursor.lastrowid, table, kind, seq, message, raised,
                             details=json.dumps(details))
            alert_id, first, last, kept = row
            if seq is not None and seq in (first, last):
                return None
            self._alert_changes += 1
            details = json.loads(kept)
            if detail is not None:
                details = [*details, detail[:MAX_DETAIL]][-MAX_DETAILS:]
            self._db.execute("UPDATE alerts SET repeats = repeats + 1, last_seq = ?, "
                             "updated = ?, details = ? WHERE id = ?",
                             (seq, raised, json.dumps(details), alert_id))
        return None

    def end_condition(self, table: str, kind: str, at: str) -> bool:
        """The lasting condition ``kind`` at ``table`` is over (the table is back online, its
        hold cleared...): the next one is a new alert. Whether one was lasting."""
        with self._lock:
            self._db.execute("UPDATE alerts SET ended = ? WHERE table_id = ? AND kind = ? "
                             "AND ended IS NULL", (at, table, kind))
            ended = bool(self._db.execute("SELECT changes()").fetchone()[0])
            self._alert_changes += ended
        return ended

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

    def alerts_version(self) -> int:
        """Counts the changes to the alerts (one raised, updated, acknowledged or ended): the
        live queue pages are sent the queue when it moved."""
        return self._alert_changes

    def lasting(self) -> set[tuple[str, str]]:
        """The (table, kind) of every condition that lasts, for a restarted pit to go on
        from (a silence it told before it stopped ends when the table is heard again)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT DISTINCT table_id, kind FROM alerts WHERE ended IS NULL").fetchall()
        return {(table, kind) for table, kind in rows}

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
        acknowledged = self._acknowledge("id = ?", alert_id, by, at, note)
        return acknowledged[0] if acknowledged else None

    def acknowledge_table(self, table: str, by: str, at: str, note: str | None) -> list[Alert]:
        """Every open alert of ``table`` acknowledged at once (those it had)."""
        return self._acknowledge("table_id = ?", table, by, at, note)

    def _acknowledge(self, which: str, value: object, by: str, at: str,
                     note: str | None) -> list[Alert]:
        # A lasting condition's alert stays lasting (a repeat updates it, nobody is told
        # anew); any other ends with its acknowledgement (pit/conditions.py).
        with self._lock, self._db:
            self._db.execute("BEGIN")
            ids = [row[0] for row in self._db.execute(
                f"SELECT id FROM alerts WHERE {which} AND acked_at IS NULL", (value,))]
            self._db.executemany(
                "UPDATE alerts SET acked_by = ?, acked_at = ?, note = ?, ended = CASE WHEN "
                f"kind IN ({LASTING_SQL}) THEN ended ELSE coalesce(ended, ?) END "
                "WHERE id = ?", [(by, at, note, at, alert_id) for alert_id in ids])
            rows = [self._db.execute("SELECT * FROM alerts WHERE id = ?", (alert_id,)).fetchone()
                    for alert_id in ids]
            self._alert_changes += bool(ids)
        return [Alert(*row) for row in rows]

    def retire(self, table: str, by: str, at: str) -> None:
        """A table id taken off the floor by ``by`` (kept: who and when), until it publishes
        again."""
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO retired VALUES (?, ?, ?)", (table, by, at))

    def unretire(self, table: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM retired WHERE table_id = ?", (table,))

    def retired(self) -> dict[str, tuple[str, str]]:
        """Each retired table id: who retired it, and when."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM retired").fetchall()
        return {table: (by, at) for table, by, at in rows}

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
