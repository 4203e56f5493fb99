"""The floor: every table's picture and chain check, fed by the feed's messages, raising the
alerts the pit supervisor must acknowledge."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from controller.events.codec import EventSchemaError, check_values, decode
from controller.events.facts import EventType
from controller.events.recall import rounds
from controller.events.stream import TableEvent
from controller.feed.chain_check import ChainCheck
from controller.feed.message import MAX_MESSAGE, MessageError, event_of, read_message
from pit.clock import Clock, iso, utc_now
from pit.phases import phase_words
from pit.picture import TablePicture
from pit.settings import PitSettings
from pit.store import Alert, Chain, Store

# The events after which a table's roads, or its finished rounds, are drawn anew.
ROADS_EVENTS = frozenset((EventType.ROUND_RESULT, EventType.ROADS_CLEARED))
ROUNDS_EVENTS = frozenset((EventType.ROUND_RESULT, EventType.ROUND_VOIDED))
EVENTS_A_ROUND = 40  # a generous guess (about 15 is usual), for reading the last rounds


def unreadable(event: dict[str, Any]) -> str | None:
    """Why the pit cannot read an event (a type it does not know, a field missing or of the
    wrong kind), or None: such an event is kept and told, never drawn or recalled."""
    try:
        decode(event["type"], event["data"])
        check_values(event["type"], event["data"])
    except EventSchemaError as error:
        return str(error)
    return None


def state_problem(state: object) -> str | None:
    """Why a retained ``state`` message is not one a table sends, or None."""
    if not isinstance(state, dict):
        return f"a JSON {type(state).__name__}, not an object"
    for name in ("phase", "scanner"):
        if not isinstance(state.get(name, ""), str):
            return f"its {name} is a JSON {type(state[name]).__name__}, not a string"
    hold = state.get("hold")
    if hold is not None and not (isinstance(hold, dict) and all(
            isinstance(hold.get(key), str) for key in ("code", "message"))):
        return "its hold is not an object with a code and a message"
    return None


@dataclass
class TableRecord:
    picture: TablePicture
    check: ChainCheck = field(default_factory=ChainCheck)
    journal: int = 1
    status: str = "unknown"  # online / offline as the table's retained status says
    seq: int = 0
    heard_at: datetime | None = None  # the pit's time of the table's last message
    alive_at: datetime | None = None  # ... or heartbeat (pit/watch.py: offline when long ago)
    lapsed: str = ""  # why the pit, not the table's status, calls it offline (nothing heard)
    online_since: datetime | None = None  # the pit's time it last saw the table come online
    offline_since: datetime | None = None  # the pit's time it saw the table go offline
    silent: bool = False  # online but quiet longer than a hand takes (pit/watch.py)
    too_large_told: bool = False  # a message larger than any table sends: said once
    # Floor.version when the table last changed at all, when its roads did and its rounds.
    changed: int = 0
    roads_changed: int = 0
    rounds_changed: int = 0


class Floor:
    def __init__(self, settings: PitSettings, store: Store, clock: Clock = utc_now) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self.tables: dict[str, TableRecord] = {}
        self.lock = threading.Lock()
        self.version = 0  # counts the floor's changes; the live pages send what came since
        self.on_change: Callable[[], None] = lambda: None  # called after each change
        self.removed = 0  # Floor.version when a table last left the floor (retired)
        self.retired = set(store.retired())
        for table, chain in store.chains().items():
            if table in self.retired:
                continue
            record = self._record(table)
            record.journal = chain.journal
            record.check = ChainCheck(chain.last_seq, chain.last_hash, chain.first_hash)
            record.seq = chain.last_seq
            for event in store.journal_events(table, chain.journal):
                try:  # a row kept before events were checked whole never stops a restart
                    if unreadable(event) is None:
                        record.picture.apply(event)
                except (KeyError, TypeError, ValueError):
                    continue
        for table, kind in store.lasting():  # a silence told before a restart ends when heard
            if kind == "silent" and table in self.tables:
                self.tables[table].silent = True

    def _record(self, table: str) -> TableRecord:
        record = self.tables.get(table)
        if record is None:
            record = self.tables[table] = TableRecord(TablePicture(table))
        return record

    def on_message(self, topic: str, payload: bytes, retained: bool = False) -> None:
        """One message of ``<prefix>/<table>/events|state|status|heartbeat``. A retired table's
        retained messages (sent again at every start) leave it retired; any other brings it
        back."""
        table, _, leaf = topic[len(self.settings.topic_prefix) + 1:].rpartition("/")
        roads = rounds = False
        with self.lock:
            if table in self.retired:
                if retained:
                    return
                self.retired.discard(table)
                self.store.unretire(table)
            record = self._record(table)
            record.alive_at = self.clock()
            back = bool(record.lapsed) and leaf != "status"
            if back:  # heard again after the pit called it offline: online after all
                self.mark_status(table, "online")
            elif leaf == "heartbeat":  # a sign of life, nothing to draw
                return
            if leaf != "heartbeat":
                record.heard_at = self.clock()
            if leaf == "status":
                self.mark_status(table, payload.decode("utf-8", "replace"))
            elif leaf == "events":
                roads, rounds = self._event(table, payload)
            elif leaf == "state":
                self._state(table, payload)
            self.touch(table, roads, rounds)
        self.on_change()

    def touch(self, table: str, roads: bool = False, rounds: bool = False) -> None:
        """Marks a table changed (and its roads or its finished rounds) for the live pages;
        the caller holds the lock and calls ``on_change`` after."""
        self.version += 1
        record = self._record(table)
        record.changed = self.version
        if roads:
            record.roads_changed = self.version
        if rounds:
            record.rounds_changed = self.version

    def mark_status(self, table: str, status: str, lapsed: str = "") -> None:
        """The table's ``status``; ``lapsed`` says why the pit calls it offline itself."""
        record = self._record(table)
        record.lapsed = lapsed
        if status == "offline" and record.status != "offline":
            record.offline_since = self.clock()
            self._alert(table, "offline", record.seq, f"table {table} went offline" + (
                f": {lapsed}" if lapsed else ""))
        if status == "online" and record.status != "online":
            record.online_since = self.clock()
            record.offline_since = None
            self.store.end_condition(table, "offline", iso(self.clock()))
        record.status = status

    def _too_large(self, table: str, payload: bytes) -> bool:
        """Whether ``payload`` is larger than any table sends: refused unread, said once."""
        if len(payload) <= MAX_MESSAGE:
            return False
        record = self._record(table)
        if not record.too_large_told:
            record.too_large_told = True
            self._alert(table, "feed", None, f"table {table}: a message of {len(payload)} "
                        f"bytes refused unread, more than any table sends ({MAX_MESSAGE}); "
                        "any more are refused without another alert")
        return True

    def _state(self, table: str, payload: bytes) -> None:
        if self._too_large(table, payload):
            return
        try:
            state = json.loads(payload)
        except (ValueError, RecursionError):
            problem: str | None = "not JSON"
        else:
            problem = state_problem(state)
        if problem is not None:
            self._alert(table, "feed", None, f"table {table}: a state message refused "
                        f"({problem}): {payload[:80]!r}")
            return
        self._record(table).picture.rest(state)

    def _event(self, table: str, payload: bytes) -> tuple[bool, bool]:
        """Keeps one message's events; says whether the table's roads and its finished rounds
        changed."""
        if self._too_large(table, payload):
            return False, False
        try:
            message = read_message(payload)
            if message["table"] != table:
                raise MessageError(f"table {message['table'][:40]!r} on table {table}'s topic")
        except MessageError as error:
            self._alert(table, "feed", _seq_in(payload), f"table {table}: not an event "
                        f"({error}): {payload[:80]!r}")
            return False, False
        record = self._record(table)
        verdict = record.check.check(message)
        if not verdict.messages and any(p.startswith("conflict") for p in verdict.problems):
            self.store.set_apart(table, message["seq"], "; ".join(verdict.problems),
                                 payload.decode())
        if verdict.new_journal:
            record.journal += 1
            record.picture = TablePicture(table)
        for finding in verdict.problems:
            self._alert(table, "chain", message["seq"], f"table {table}: {finding}")
        # None (a repeat, a message held apart), or this one and those held it links to.
        events = [event_of(kept) for kept in verdict.messages]
        record.seq = record.check.last_seq
        chain = Chain(record.journal, record.check.last_seq, record.check.last_hash,
                      record.check.first_hash)
        readable = []
        for event in events:
            why = unreadable(event)
            if why is None:
                readable.append(event)
                continue
            # Kept apart, not as an event: never replayed, never drawn; the chain goes on.
            told = (f"table {table}: event {event['seq']} not drawn, the pit cannot read "
                    f"it: {why}")
            self.store.set_apart(table, event["seq"], told, json.dumps(event))
            self._alert(table, "feed", event["seq"], told)
        if events:
            self.store.keep(table, chain, readable)
        roads = rounds = verdict.new_journal
        for event in readable:
            record.picture.apply(event)
            self._event_alerts(table, event)
            roads = roads or event["type"] in ROADS_EVENTS
            rounds = rounds or event["type"] in ROUNDS_EVENTS
        return roads, rounds

    def _event_alerts(self, table: str, event: dict[str, Any]) -> None:
        kind, seq, data = event["type"], event["seq"], event["data"]
        if kind == "hold":  # one alert a hold, however many cards pass while it lasts
            self._alert(table, "hold", seq, f"hold: {data['code']}: {data['message']}",
                        f"seq {seq}: {data['card'] or data['raw']}: {data['message']}")
        elif kind == "hold_cleared":
            self.store.end_condition(table, "hold", iso(self.clock()))
        elif kind == "exposure_alert" and data["state"] == "raised":
            self._alert(table, "exposure", seq, f"{data['bet']} returns {data['rtp']} "
                        f"(alert above {data['alert_rtp']})")
        elif kind == "scanner_alert":
            self._alert(table, "scanner", seq, f"scanner: {data['misreads']} misreads in "
                        f"{data['cards']} cards ({data['per_hundred']} per 100)")
        elif kind == "scanner" and data["status"] == "disconnected":
            self._alert(table, "scanner", seq, "card reader disconnected")
        elif kind == "integrity_alert":
            earlier = (f" of shoe {data['earlier_shoe']}"
                       if data.get("earlier_shoe") is not None else "")
            self._alert(table, "integrity", seq, f"integrity: {data['kind']}, "
                        f"{data['cards']} cards{earlier}")
        elif kind == "journal_end_accepted":
            self._alert(table, "journal", seq, f"journal: {data['by']} accepted an end that "
                        f"could not be checked ({data['finding']}): {data['reason']}")
        elif kind == "journal_verified" and data["finding"]:
            self._alert(table, "journal", seq, f"journal: the full check failed: "
                        f"{data['finding']}")
        elif kind == "disk_alert" and data["state"] == "raised":
            self._alert(table, "disk", seq, f"disk: {data['days_left']} days of journal space "
                        f"left (below {data['min_free_days']})")

    def _alert(self, table: str, kind: str, seq: int | None, message: str,
               detail: str | None = None) -> None:
        """Raises the condition ``kind`` at ``table``, or updates its alert while it lasts
        (pit/conditions.py); a detail (a held card, a feed's problem) is listed in it."""
        self.store.raise_alert(table, kind, seq, message, iso(self.clock()),
                               message if detail is None else detail)

    def acknowledge(self, alert_id: int, by: str, note: str | None) -> Alert | None:
        """A pit user acknowledges an open alert: its table's tile shows one open alert
        fewer on every live page (None when the alert is not open)."""
        with self.lock:
            alert = self.store.acknowledge(alert_id, by, iso(self.clock()), note)
            if alert is not None and alert.table in self.tables:
                self.touch(alert.table)
        if alert is not None:
            self.on_change()
        return alert

    def acknowledge_table(self, table: str, by: str, note: str | None) -> list[Alert]:
        """Every open alert of ``table`` acknowledged at once (those it had)."""
        with self.lock:
            alerts = self.store.acknowledge_table(table, by, iso(self.clock()), note)
            if alerts and table in self.tables:
                self.touch(table)
        if alerts:
            self.on_change()
        return alerts

    def retire(self, table: str, by: str) -> bool:
        """A supervisor takes a table id off the floor (a table gone for good, or an id
        nobody deals at), kept with who and when; it comes back when it publishes again.
        False when there is no such table on the floor."""
        with self.lock:
            if self.tables.pop(table, None) is None:
                return False
            self.retired.add(table)
            self.store.retire(table, by, iso(self.clock()))
            self.version += 1
            self.removed = self.version
        self.on_change()
        return True

    # What the pages and the API show.
    def tile(self, table: str) -> dict[str, Any]:
        record = self.tables[table]
        picture = record.picture
        since = self.clock() - timedelta(hours=1)
        return {"table": table, "status": record.status, "phase": picture.phase,
                "phase_words": phase_words(picture.phase), "shoe": picture.shoe,
                "round": picture.round, "profile": picture.profile,
                "limits": picture.limits, "last_result": picture.last_result,
                "hands_last_hour": picture.hands_since(since),
                "target_hands_per_hour": self.settings.target(table),
                "open_alerts": len(self.store.alerts(table, open_only=True)),
                "seq": record.seq, "silent": record.silent, "hold": picture.hold,
                "offline_since": record.offline_since and iso(record.offline_since),
                "offline_why": record.lapsed}

    def tiles(self) -> list[dict[str, Any]]:
        with self.lock:
            return [self.tile(table) for table in sorted(self.tables)]

    def detail(self, table: str) -> dict[str, Any]:
        """The table page's content: the tile, all the roads and the ask road, the hold,
        the scanner's health and surveillance's exposure course."""
        with self.lock:
            picture = self.tables[table].picture
            return {**self.tile(table), "roads": picture.roads.to_json(), "hold": picture.hold,
                    "cards_left": picture.cards_left,
                    "scanner": {"status": picture.scanner, "cards_read": picture.cards_read,
                                "misreads": picture.misreads, "alert": picture.scanner_alert},
                    "exposure": picture.exposure,
                    "exposure_course": list(picture.exposure_course)}

    def rounds(self, table: str, last: int) -> list[dict[str, Any]]:
        """The last ``last`` finished rounds, read from the newest events back only as far
        as they reach (a table's journal grows all week; a page asks at every round's end)."""
        if not last:
            return []
        with self.lock:
            journal = self.tables[table].journal
        newest = EVENTS_A_ROUND * (last + 1)
        while True:
            kept = self.store.newest_events(table, journal, newest)
            found = rounds(TableEvent(e["seq"], e["ts"], e["table"], e["shoe"], e["round"],
                                      decode(e["type"], e["data"]))
                           for e in kept if unreadable(e) is None)
            # The oldest round found may have begun before the events read: it must not count.
            if len(found) > last or len(kept) < newest:
                return found[-last:]
            newest *= 2


def _seq_in(payload: bytes) -> int | None:
    """The seq a refused message says it has, for its alert, when it says one."""
    try:
        seq = json.loads(payload).get("seq")
    except (ValueError, AttributeError, RecursionError):
        return None
    return seq if isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq < 2**63 \
        else None
