"""The relay: the journal's events published to the broker, in seq order, at QoS 1.

It runs beside the table, never in its way. The table's only part is ``notify`` (a bus
subscriber that sets a flag); everything else happens on the relay's thread and paho's network
thread: reading the journal on a read-only connection of its own, publishing, counting the
broker's acknowledgements and writing the last acknowledged seq to ``PATH.feed``. A broker
that is down or slow leaves events waiting in the journal, across restarts and power cuts;
when it answers again they drain in order, as fast as it acknowledges them.

Delivery is at least once: a message whose acknowledgement was lost (a dropped connection, a
killed table, an acknowledgement not yet written down) is published again, with the same seq,
and the receiver drops the repeat (docs/feed.md).
"""

from __future__ import annotations

import json
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import MQTTProtocolVersion
from paho.mqtt.reasoncodes import ReasonCode

from common.broker import BrokerSettings
from controller.events.codec import decode
from controller.events.stream import EventBus, TableEvent, utc_timestamp
from controller.feed.client import (
    FeedError,
    connect_failure,
    make_client,
)
from controller.feed.message import event_message
from controller.feed.mqtt_versions import UNSUPPORTED_PROTOCOL, VERSIONS, version_name
from controller.feed.outbox import FeedRecord, Outbox, read_record, write_record
from controller.feed.state import at_rest, table_state
from controller.view.table_view import TableView

log = logging.getLogger(__name__)

BATCH = 25  # rows read and published at a time
DRAIN_PAUSE = 0.002  # seconds between batches of a backlog, the interpreter lock let go
WINDOW = 1000  # published but not yet acknowledged, at most (the rest wait in the journal)
POLL = 1.0  # seconds: the journal is read at least this often, notified or not
# Seconds the relay lets pass after it is woken before it reads and publishes: the display
# paints the card meanwhile, which the relay's work in this process (the interpreter's lock)
# held back by a millisecond or more (docs/performance.md, "Display").
SETTLE = 0.015
COUNT_EVERY = 0.5  # seconds between counts of the events waiting (for status and display)
RECORD_EVERY = 1.0  # seconds between writes of PATH.feed while acknowledgements come in
STOP_WAIT = 2.0  # seconds a clean stop gives the broker to take the "offline" status
RECONNECT_MAX = 10  # seconds: the longest wait between attempts while the broker is away
REFUSED_RETRY = 5.0  # seconds before publishing again after the broker refused an event
LOGIN_REFUSED = (4, 5, 134, 135)  # CONNACK codes: bad user name or password, not authorized
LOGIN_ADVICE = "check feed.username and feed.password_file against the broker's; retrying"
# Seconds between the table's heartbeats while connected: a clustered broker does not send a
# table's will when the node holding its connection dies, so the pit tells a table gone by
# the silence (pit offline_after_seconds, docs/feed.md).
HEARTBEAT = 10.0


class FeedRelay:
    """Publishes one table's journal. ``start`` once the journal is open, ``notify`` on each
    event (cheap, any thread), ``stop`` before the journal closes."""

    def __init__(self, settings: BrokerSettings, journal: Path, table: str,
                 view_events: Iterable[TableEvent] = ()) -> None:
        self.settings = settings
        self.journal = Path(journal)
        self.table = table
        self.connection = "connecting"  # for feed status and the display
        self.connected = False
        self.waiting = 0  # journaled events the broker has not acknowledged
        self._wake = threading.Event()
        self._stopping = False
        # paho's callbacks, as (kind, arguments...): handled on the relay's thread
        self._callbacks: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._view = TableView()
        self._view_seq = 0  # the view already holds the events up to here
        for event in view_events:
            self._view.apply(event)
            self._view_seq = event.seq
        self._published_state: dict[str, Any] | None = None
        self._protocol = VERSIONS[settings.protocol]
        self._client = self._new_client()  # bad certificates or password file: refused now
        self._thread = threading.Thread(target=self._run, name="feed-relay", daemon=True)

    # --- the table's side ---------------------------------------------------------------

    def start(self) -> None:
        self._record = read_record(self.journal) or FeedRecord()
        self._record.broker, self._record.pid = self.settings.url, os.getpid()
        self._acked, self._acked_hash = 0, ""
        self._thread.start()

    def notify(self, event: TableEvent) -> None:
        """A bus subscriber: an event is journaled; publish it soon."""
        self._wake.set()

    def stop(self) -> None:
        """Say "offline", write down the last acknowledgement and disconnect."""
        self._stopping = True
        self._wake.set()
        self._thread.join(STOP_WAIT + 3)

    # --- the relay's thread -------------------------------------------------------------

    def _topic(self, leaf: str) -> str:
        return self.settings.topic(self.table, leaf)

    def _new_client(self) -> mqtt.Client:
        client = make_client(self.settings, self.settings.client_id, self._protocol)
        client.will_set(self._topic("status"), "offline", qos=1, retain=True)
        client.reconnect_delay_set(1, RECONNECT_MAX)
        client.on_connect = lambda _c, _u, _f, code, props: self._callback("connect", code, props)
        # Called within paho's ``except OSError``: the exception is the one being handled.
        client.on_connect_fail = lambda _c, _u: self._callback("connect_fail", sys.exc_info()[1])
        client.on_disconnect = lambda _c, _u, _f, code, _p: self._callback("disconnect", code)
        client.on_publish = lambda _c, _u, mid, code, _p: self._callback("ack", mid, code)
        return client

    def _callback(self, *what: object) -> None:
        """paho's thread: hand it to the relay's thread (which alone keeps the counts)."""
        self._callbacks.put(what)
        self._wake.set()

    def _run(self) -> None:
        self._outbox = Outbox(self.journal)  # SQLite: used by the thread that opened it
        self._acked = self._outbox.resume_after(self._record)
        self._acked_hash = self._outbox.hash_of(self._acked) or ""
        self._set_connection("connecting")
        self._outstanding: dict[int, tuple[int, str]] = {}  # mid -> (seq, hash)
        self._acked_early: dict[int, str] = {}  # acknowledged out of order: seq -> hash
        self._sent = self._acked  # the last seq handed to paho
        self._retry_at = 0.0  # after a refused event, publishing waits until then
        self._connect()
        last_write = counted = beat = 0.0
        try:
            while not self._stopping:
                if self._wake.wait(POLL) and not self._stopping:
                    time.sleep(SETTLE)
                self._wake.clear()
                self._handle_callbacks()
                if self.connected and time.monotonic() >= self._retry_at:
                    self._publish_waiting()
                now = time.monotonic()
                if self.connected and now - beat >= HEARTBEAT:
                    self._client.publish(self._topic("heartbeat"), utc_timestamp(), qos=0)
                    beat = now
                if now - counted >= COUNT_EVERY:  # not per event: a broker away costs nothing
                    self.waiting = max(0, self._outbox.last_seq() - self._acked)
                    counted = now
                if self._record.acked_seq != self._acked and now - last_write >= RECORD_EVERY:
                    self._write_record()
                    last_write = now
        except Exception:
            log.exception("feed: the relay stopped; events wait in the journal")
            self._set_connection("stopped by a fault (see the log); events wait in the journal")
        finally:
            self._finish()

    def _connect(self) -> None:
        self._client.connect_async(self.settings.host, self.settings.port, keepalive=30)
        self._client.loop_start()

    def _handle_callbacks(self) -> None:
        while True:
            try:
                kind, *args = self._callbacks.get_nowait()
            except queue.Empty:
                return
            getattr(self, f"_on_{kind}")(*args)

    def _on_connect(self, code: ReasonCode, properties: object) -> None:
        if not code.is_failure:
            self.connected = True
            self._client.publish(self._topic("status"), "online", qos=1, retain=True)
            self._published_state = None  # publish the state again once at rest
            self._set_connection(self._connected())
            return
        if code.value in UNSUPPORTED_PROTOCOL and self._protocol == MQTTProtocolVersion.MQTTv5:
            self._fall_back()
            return
        if code.value in UNSUPPORTED_PROTOCOL:
            self._set_connection(f"the broker at {self.settings.url} refused "
                                 f"{version_name(self._protocol)}: {code}; retrying (see "
                                 "feed.protocol)")
            return
        advice = LOGIN_ADVICE if code.value in LOGIN_REFUSED else "retrying"
        self._set_connection(f"refused by the broker: {code}; {advice}")

    def _connected(self) -> str:
        return f"connected ({version_name(self._protocol)})"

    def _fall_back(self) -> None:
        """A broker without MQTT 5: a new 3.1.1 client, publishing again from the last
        acknowledged seq."""
        log.info("feed: %s does not speak MQTT 5; using 3.1.1", self.settings.url)
        self._client.loop_stop()
        self._client.disconnect()
        self._protocol = MQTTProtocolVersion.MQTTv311
        self._client = self._new_client()
        self._outstanding.clear()
        self._sent = self._acked
        self._connect()

    def _on_connect_fail(self, error: BaseException | None) -> None:
        self._set_connection(f"{connect_failure(self.settings, error)}; retrying")

    def _on_disconnect(self, code: ReasonCode) -> None:
        if self.connected:
            self.connected = False
            self._set_connection(f"disconnected: {code}; reconnecting")

    def _on_ack(self, mid: int, code: ReasonCode) -> None:
        sent = self._outstanding.pop(mid, None)
        if sent is None:  # a status or state message
            return
        seq, digest = sent
        if code.is_failure:  # e.g. not authorized to publish there: nothing counts as sent
            self._set_connection(f"the broker refused event {seq}: {code}; retrying")
            self._outstanding.clear()  # everything after the last acknowledged goes again
            self._acked_early.clear()
            self._sent = self._acked
            self._retry_at = time.monotonic() + REFUSED_RETRY
            return
        if self.connected and self.connection != self._connected():
            self._set_connection(self._connected())  # the broker takes events again
        self._acked_early[seq] = digest
        while self._acked + 1 in self._acked_early:
            self._acked += 1
            self._acked_hash = self._acked_early.pop(self._acked)

    def _publish_waiting(self, stopping: bool = False) -> None:
        """Publish what the journal holds after the last seq sent, while the window has room.
        A backlog goes in small batches with a pause between them: the relay shares the
        table's process, and a long run of its work would hold the interpreter lock the card
        path needs (benchmarks/feed.py, "draining a backlog meanwhile")."""
        while len(self._outstanding) < WINDOW and (stopping or not self._stopping):
            limit = min(BATCH, WINDOW - len(self._outstanding))
            rows = self._outbox.rows(self._sent, limit)
            for row in rows:
                seq, ts, type_, table, shoe, round_, data, prev_hash, digest = row
                fields = json.loads(data)  # exactly as hashed: a receiver checks the hash
                envelope = {"type": type_, "seq": seq, "ts": ts, "table": table, "shoe": shoe,
                            "round": round_}
                info = self._client.publish(
                    self._topic("events"), event_message(envelope, fields, prev_hash, digest),
                    qos=1)
                self._outstanding[info.mid] = (seq, digest.hex())
                self._sent = seq
                if seq > self._view_seq:
                    self._view.apply(TableEvent(seq, ts, table, shoe, round_,
                                                decode(type_, fields)))
                    self._view_seq = seq
            if len(rows) < limit:  # the journal's end: the table's picture is current
                self._publish_state()
                return
            time.sleep(DRAIN_PAUSE)
            self._handle_callbacks()  # acknowledgements make room in the window

    def _publish_state(self) -> None:
        if not at_rest(self._view) or self._view_seq == 0:
            return
        state = table_state(self._view, self._view_seq)
        if state != self._published_state:
            body = json.dumps(state, separators=(",", ":"), ensure_ascii=False)
            self._client.publish(self._topic("state"), body, qos=1, retain=True)
            self._published_state = state

    def _set_connection(self, text: str) -> None:
        if text != self.connection or not self._record.since:
            log.info("feed: %s", text)
            self.connection = text
            self._record.connection, self._record.since = text, utc_timestamp()
            self._write_record()

    def _write_record(self) -> None:
        self._record.acked_seq, self._record.acked_hash = self._acked, self._acked_hash
        try:
            write_record(self.journal, self._record)
        except OSError as error:  # repeats after a restart, never a loss
            log.warning("feed: cannot write the acknowledged seq: %s", error)

    def _finish(self) -> None:
        """A clean stop: what waits goes out while the broker takes it (STOP_WAIT at most),
        then the "offline" status."""
        client = self._client
        deadline = time.monotonic() + STOP_WAIT
        status = None
        # A table that stops before its first attempt to connect has an answer still waits
        # for it: a short run's events go out now rather than at the next start.
        while (self.connected or self.connection == "connecting") and (
                time.monotonic() < deadline):
            self._handle_callbacks()
            if status is None and self._acked >= self._outbox.last_seq():
                status = client.publish(self._topic("status"), "offline", qos=1, retain=True)
            elif status is None:
                self._publish_waiting(stopping=True)
            elif status.is_published():
                break
            self._wake.wait(0.05)
            self._wake.clear()
        self._handle_callbacks()
        client.disconnect()
        client.loop_stop()
        self.connected = False
        self._set_connection("stopped")
        self._write_record()
        self._outbox.close()


NEEDS_JOURNAL = ("[feed] needs a journal ([journal] path or --journal): the feed publishes "
                 "what the journal holds")


def open_feed(settings: BrokerSettings, journal: Path | None, bus: EventBus,
              view_events: Iterable[TableEvent]) -> FeedRelay:
    """The relay for a table's bus and journal, started. The journal is the outbox: without
    one there is nothing to publish from, and the table is refused at start."""
    if journal is None:
        raise FeedError(f"feed: {NEEDS_JOURNAL}")
    relay = FeedRelay(settings, journal, bus.table, view_events)
    relay.start()
    bus.subscribe(relay.notify)
    return relay
