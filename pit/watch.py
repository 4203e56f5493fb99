"""The alerts no single message raises, only the time between them: a table gone silent, one
offline for longer than a broker's hiccup, and a table dealing outside its target pace. Checked
every few seconds by the service's watch thread (and by hand in the tests, with the clock moved
on)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from controller.events.states import NO_SHOE_OR_STOPPED
from pit.broker_link import BrokerLink
from pit.clock import iso
from pit.floor import Floor, TableRecord
from pit.store import WRITE_FAILED

HOUR = timedelta(hours=1)
WATCH_EVERY = 5.0  # seconds between checks: a silence is told within that of its threshold
# Phases in which a table is quiet for good reason: a shuffle takes longer than a hand, a pause
# is the supervisor's, and a hold has its own alert already.
QUIET_PHASES = NO_SHOE_OR_STOPPED


@dataclass
class Watch:
    floor: Floor
    link: BrokerLink | None = None  # the pit's own link: no table is judged while it is down
    off_pace: set[str] = field(default_factory=set)  # tables told off pace, until back in band

    def __post_init__(self) -> None:  # those told before the pit restarted, too
        self.off_pace |= {table for table, kind in self.floor.store.lasting() if kind == "pace"}

    def check(self) -> None:
        if self.floor.store.unwritable is not None:
            return  # the pit hears nothing while the messages wait (pit/keeping.py)
        now, changed = self.floor.clock(), False
        with self.floor.lock:
            for table, record in self.floor.tables.items():
                was = (record.silent, table in self.off_pace)
                if record.status == "online" and self._gone(table, record, now):
                    changed = True
                if record.status == "online":
                    self._silence(table, record, now)
                    self._pace(table, record, now)
                else:  # an offline table has its own alert; told again once it is back
                    if self.floor.tell_offline(table, record):
                        self.floor.touch(table)  # its tile counts the alert
                        changed = True
                    if record.silent:
                        self.floor.store.end_condition(table, "silent", iso(now))
                    if table in self.off_pace:
                        self.floor.store.end_condition(table, "pace", iso(now))
                    record.silent = False
                    self.off_pace.discard(table)
                if was != (record.silent, table in self.off_pace):
                    self.floor.touch(table)  # its tile (silent, open alerts) is drawn anew
                    changed = True
        if changed:
            self.floor.on_change()

    def _gone(self, table: str, record: TableRecord, now: datetime) -> bool:
        """An online table not heard of, not even its heartbeat, for offline_after_seconds
        while the pit itself was connected: offline, whatever its will (a clustered broker
        does not send a table's will when the node holding its connection dies)."""
        if self.link is None or self.link.state != "connected":
            return False
        heard = max(record.alive_at or now, self.link.since)
        limit = self.floor.settings.offline_after_seconds
        if now - heard <= timedelta(seconds=limit):
            return False
        self.floor.mark_status(table, "offline", f"not heard for {limit} s (no heartbeat)")
        self.floor.touch(table)
        return True

    def _silence(self, table: str, record: TableRecord, now: datetime) -> None:
        quiet = now - (record.heard_at or now)
        limit = timedelta(seconds=self.floor.settings.silent_after_seconds)
        seen = record.seen
        if quiet <= limit or seen.phase in QUIET_PHASES or seen.hold is not None:
            if record.silent:
                self.floor.store.end_condition(table, "silent", iso(now))
            record.silent = False
        elif not record.silent:
            record.silent = True
            self.floor.store.raise_alert(
                table, "silent", record.seq, f"table {table} silent: online, no event for "
                f"{int(quiet.total_seconds())} s", iso(now))

    def _pace(self, table: str, record: TableRecord, now: datetime) -> None:
        if record.online_since is None or now - record.online_since < HOUR:
            return
        settings = self.floor.settings
        hands = record.seen.hands_since(now - HOUR)
        target = settings.target(table)
        low = target * (100 - settings.pace_band_percent) / 100
        high = target * (100 + settings.pace_band_percent) / 100
        if low <= hands <= high:
            if table in self.off_pace:
                self.floor.store.end_condition(table, "pace", iso(now))
            self.off_pace.discard(table)
        elif table not in self.off_pace:
            self.off_pace.add(table)
            self.floor.store.raise_alert(
                table, "pace", record.seq, f"table {table}: {hands} hands in the last hour, "
                f"target {target} ({low:g} to {high:g})", iso(now))


def watch_until(watch: Watch, stop: threading.Event) -> None:
    """The service's watch thread: a check every few seconds until ``stop`` is set."""
    while not stop.wait(WATCH_EVERY):
        try:
            watch.check()
        except WRITE_FAILED:  # a full disk, told by the ingest (pit/keeping.py)
            continue
