"""The floor: every table as the pit keeps it (pit/pit_table.py: the controller's own view of a
table) and its chain check, fed by the feed's messages, raising the alerts the pit supervisor
must acknowledge."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from controller.events import facts
from controller.events.codec import EventSchemaError
from controller.events.facts import EventType
from controller.events.recall import rounds
from controller.events.stream import TableEvent
from controller.feed.chain_check import ChainCheck
from controller.feed.message import (
    MAX_MESSAGE,
    MessageError,
    event_of,
    read_message,
    table_event,
)
from pit.clock import Clock, iso, utc_now
from pit.phases import phase_words
from pit.pit_table import PitTable
from pit.settings import PitSettings
from pit.store import WRITE_FAILED, Alert, Chain, Store

STATUSES = ("online", "offline")  # what a table's status topic holds (docs/feed.md)
# The events after which a table's roads, or its finished rounds, are drawn anew.
ROADS_EVENTS = frozenset((EventType.ROUND_RESULT, EventType.ROADS_CLEARED))
ROUNDS_EVENTS = frozenset((EventType.ROUND_RESULT, EventType.ROUND_VOIDED))
MAX_HEARD = 10_000  # table ids heard with no event kept (a flood of made-up ones stays small)
EVENTS_A_ROUND = 40  # a generous guess (about 15 is usual), for reading the last rounds


def typed(event: dict[str, Any]) -> TableEvent | str:
    """The typed event, decoded once, or why the pit cannot read it (a type it does not know,
    a field missing or of the wrong kind): such an event is kept apart and told, never drawn
    or recalled."""
    try:
        return table_event(event)
    except EventSchemaError as error:
        return str(error)


def folded(seen: PitTable, event: TableEvent) -> str | None:
    """Folds ``event`` into ``seen``; why it cannot (a shoe's terms that are no profile, a
    result's cards that are no cards: the table is left as it was), or None."""
    try:
        seen.apply(event)
    except (ValueError, TypeError, AttributeError) as error:
        return f"event {str(event.type)!r}: {error}"
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
    seen: PitTable = field(default_factory=PitTable)  # the table as the pit has seen it
    check: ChainCheck = field(default_factory=ChainCheck)
    journal: int = 1
    status: str = "unknown"  # online / offline as the table's retained status says
    seq: int = 0
    heard_at: datetime | None = None  # the pit's time of the table's last message
    alive_at: datetime | None = None  # ... or heartbeat (pit/watch.py: offline when long ago)
    lapsed: str = ""  # why the pit, not the table's status, calls it offline (nothing heard)
    online_since: datetime | None = None  # the pit's time it last saw the table come online
    offline_since: datetime | None = None  # the pit's time it saw the table go offline
    offline_told: bool = False  # its offline alert raised (at once, or once the spell lasts)
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
        self.tables: dict[str, TableRecord] = {}  # the floor: tables that published an event
        # Ids heard only on their status or state topics (a retained message costs a stray
        # publisher nothing): kept, not shown, until their first event.
        self.heard: dict[str, TableRecord] = {}
        self.lock = threading.Lock()
        self.version = 0  # counts the floor's changes; the live pages send what came since
        self.on_change: Callable[[], None] = lambda: None  # called after each change
        self.removed = 0  # Floor.version when a table last left the floor (retired)
        self.retired = set(store.retired())
        for table, chain in store.chains().items():
            if table not in self.retired:
                self._load(table, chain)
        for table, kind in store.lasting():  # a silence told before a restart ends when heard
            if kind == "silent" and table in self.tables:
                self.tables[table].silent = True

    def _load(self, table: str, chain: Chain) -> None:
        """The table's chain and view as its store has them (it is on the floor: it has
        published events)."""
        record = self._listed(table)
        record.journal, record.seq = chain.journal, chain.last_seq
        record.check = ChainCheck(chain.last_seq, chain.last_hash, chain.first_hash)
        record.seen = PitTable()
        for kept in self.store.journal_events(table, chain.journal):
            try:  # a row kept before events were checked whole never stops a restart
                event = typed(kept)
            except (KeyError, TypeError, ValueError):
                continue
            if isinstance(event, TableEvent):
                folded(record.seen, event)

    def _record(self, table: str) -> TableRecord:
        """The table's record, on the floor or only heard of (then kept, the newest
        ``MAX_HEARD``)."""
        record = self.tables.get(table) or self.heard.get(table)
        if record is None:
            record = self.heard[table] = TableRecord()
            if len(self.heard) > MAX_HEARD:
                del self.heard[next(iter(self.heard))]
        return record

    def _listed(self, table: str) -> TableRecord:
        """The table's record, put on the floor (it published an event) with what it said
        before."""
        if table not in self.tables:
            self._record(table)  # made among the heard, when it is new
            self.tables[table] = self.heard.pop(table)
        return self.tables[table]

    def unlisted(self) -> int:
        """How many table ids were heard with no event: not on the floor."""
        return len(self.heard)

    def on_message(self, topic: str, payload: bytes, retained: bool = False) -> None:
        """One message of ``<prefix>/<table>/events|state|status|heartbeat``. A table is on the
        floor from its first message on ``events``: an id heard only on ``status``, ``state``
        or ``heartbeat`` is kept aside. A retired table's retained messages (sent again at
        every start) leave it retired; any other brings it back."""
        table, _, leaf = topic[len(self.settings.broker.topic_prefix) + 1:].rpartition("/")
        roads = rounds = False
        with self.lock:
            if table in self.retired:
                if retained:
                    return
                self.retired.discard(table)
                self.store.unretire(table)
            if leaf == "events":
                self._listed(table)
            record = self._record(table)
            record.alive_at = self.clock()
            if record.lapsed and leaf != "status":  # heard after the pit called it offline
                self.mark_status(table, "online")
            elif leaf == "heartbeat":  # a sign of life, nothing to draw
                return
            if leaf != "heartbeat":
                record.heard_at = self.clock()
            try:
                if leaf == "status":
                    self._status(table, payload)
                elif leaf == "events":
                    roads, rounds = self._event(table, payload)
                elif leaf == "state":
                    self._state(table, payload)
            except WRITE_FAILED:
                # Not kept (a full disk): the table as its store has it, so that the message,
                # delivered again (pit/keeping.py), is taken anew rather than as a repeat.
                self._load(table, self.store.chains().get(table, Chain()))
                raise
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

    def _status(self, table: str, payload: bytes) -> None:
        """The table's status message: ``online``, or its will's ``offline``; anything else
        (retained, it would come back at every start) is told, never drawn."""
        status = payload.decode("ascii", "replace")
        if status not in STATUSES:
            self._alert(table, "feed", None, f"table {table}: a status message refused "
                        f"(expected {' or '.join(STATUSES)}): {payload[:80]!r}")
            return
        self.mark_status(table, status)

    def mark_status(self, table: str, status: str, lapsed: str = "") -> None:
        """The table's ``status``; ``lapsed`` says why the pit calls it offline itself."""
        record = self._record(table)
        record.lapsed = lapsed
        if status == "offline" and record.status != "offline":
            record.offline_since, record.offline_told = self.clock(), False
        if status == "online" and record.status != "online":
            record.online_since = self.clock()
            record.offline_since = None
            self.store.end_condition(table, "offline", iso(self.clock()))
        record.status = status
        if status == "offline":
            self.tell_offline(table, record)

    def tell_offline(self, table: str, record: TableRecord) -> bool:
        """The offline alert, once a spell has lasted ``offline_alert_after_seconds`` (checked
        again by pit/watch.py); at once when the pit itself called the table offline, having
        heard nothing for longer than that already. Whether it raised the alert now."""
        if record.offline_told or record.offline_since is None:
            return False
        lasted = (self.clock() - record.offline_since).total_seconds()
        if not record.lapsed and lasted < self.settings.offline_alert_after_seconds:
            return False
        record.offline_told = True
        self._alert(table, "offline", record.seq, f"table {table} went offline" + (
            f": {record.lapsed}" if record.lapsed else ""))
        return True

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
        self._record(table).seen.rest(state)

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
            record.seen = PitTable()
        for finding in verdict.problems:
            self._alert(table, "chain", message["seq"], f"table {table}: {finding}")
        # None (a repeat, a message held apart), or this one and those held it links to.
        events = [event_of(kept) for kept in verdict.messages]
        record.seq = record.check.last_seq
        chain = Chain(record.journal, record.check.last_seq, record.check.last_hash,
                      record.check.first_hash)
        kept, drawn = [], []
        for event in events:  # each decoded once and folded into the table's view
            read = typed(event)
            why = read if isinstance(read, str) else folded(record.seen, read)
            if why is None and isinstance(read, TableEvent):
                kept.append(event)
                drawn.append(read)
                continue
            # Kept apart, not as an event: never replayed, never drawn; the chain goes on.
            told = (f"table {table}: event {event['seq']} not drawn, the pit cannot read "
                    f"it: {why}")
            self.store.set_apart(table, event["seq"], told, json.dumps(event))
            self._alert(table, "feed", event["seq"], told)
        roads = rounds = verdict.new_journal
        for read in drawn:
            self._event_alerts(table, read)
            roads = roads or read.type in ROADS_EVENTS
            rounds = rounds or read.type in ROUNDS_EVENTS
        if events:  # last: kept only once its alerts are (a failed write loses none)
            self.store.keep(table, chain, kept)
        return roads, rounds

    def _event_alerts(self, table: str, event: TableEvent) -> None:
        seq = event.seq
        match event.fact:
            case facts.Hold() as hold:  # one alert a hold, however many cards pass meanwhile
                self._alert(table, "hold", seq, f"hold: {hold.code}: {hold.message}",
                            f"seq {seq}: {hold.card or hold.raw}: {hold.message}")
            case facts.HoldCleared():
                self.store.end_condition(table, "hold", iso(self.clock()))
            case facts.ExposureAlert(state="raised") as alert:
                self._alert(table, "exposure", seq, f"{alert.bet} returns {alert.rtp} "
                            f"(alert above {alert.alert_rtp})")
            case facts.ScannerAlert() as alert:
                self._alert(table, "scanner", seq, f"scanner: {alert.misreads} misreads in "
                            f"{alert.cards} cards ({alert.per_hundred} per 100)")
            case facts.Scanner(status="disconnected"):
                self._alert(table, "scanner", seq, "card reader disconnected")
            case facts.IntegrityAlert() as alert:
                earlier = ("" if alert.earlier_shoe is None
                           else f" of shoe {alert.earlier_shoe}")
                self._alert(table, "integrity", seq, f"integrity: {alert.kind}, "
                            f"{alert.cards} cards{earlier}")
            case facts.JournalEndAccepted() as accepted:
                self._alert(table, "journal", seq, f"journal: {accepted.by} accepted an end "
                            f"that could not be checked ({accepted.finding}): "
                            f"{accepted.reason}")
            case facts.JournalVerified(finding=finding) if finding:
                self._alert(table, "journal", seq, f"journal: the full check failed: {finding}")
            case facts.DiskAlert(state="raised") as alert:
                self._alert(table, "disk", seq, f"disk: {alert.days_left} days of journal "
                            f"space left (below {alert.min_free_days})")

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

    def retire_dark(self, days: int, by: str) -> list[str]:
        """A supervisor retires at once every table not online whose last event is more than
        ``days`` old by the table's own clock (or that kept none): tables gone for good. Each
        is kept with who and when, as one retired alone."""
        before = self.clock() - timedelta(days=days)
        with self.lock:
            dark = [table for table, record in self.tables.items()
                    if record.status != "online" and not any(
                        _after(event, before) for event in
                        self.store.newest_events(table, record.journal, 1))]
        return [table for table in dark if self.retire(table, by)]

    # What the pages and the API show.
    def tile(self, table: str) -> dict[str, Any]:
        record = self.tables[table]
        seen = record.seen
        since = self.clock() - timedelta(hours=1)
        return {"table": table, "status": record.status, "phase": seen.phase,
                "phase_words": phase_words(seen.phase), "shoe": seen.view.shoe,
                "round": seen.view.round, "profile": seen.view.profile,
                "limits": seen.limits, "last_result": seen.last_result,
                "hands_last_hour": seen.hands_since(since),
                "target_hands_per_hour": self.settings.target(table),
                "open_alerts": len(self.store.alerts(table, open_only=True)),
                "seq": record.seq, "silent": record.silent, "hold": seen.hold,
                "offline_since": record.offline_since and iso(record.offline_since),
                "offline_why": record.lapsed}

    def tiles(self) -> list[dict[str, Any]]:
        with self.lock:
            return [self.tile(table) for table in sorted(self.tables)]

    def detail(self, table: str) -> dict[str, Any]:
        """The table page's content: the tile, all the roads and the ask road, the hold,
        the scanner's health and surveillance's exposure course."""
        with self.lock:
            seen = self.tables[table].seen
            return {**self.tile(table), "roads": seen.view.roads.to_json(),
                    "cards_left": seen.view.cards_left, "scanner": seen.scanner(),
                    "exposure": seen.exposure, "exposure_course": list(seen.exposure_course)}

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
            found = rounds(event for event in map(typed, kept)
                           if isinstance(event, TableEvent))
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


def _after(event: dict[str, Any], moment: datetime) -> bool:
    """Whether the event's time is after ``moment`` (a row kept before times were checked,
    without a zone, is not)."""
    try:
        return datetime.fromisoformat(event["ts"]) > moment
    except (TypeError, ValueError):
        return False
