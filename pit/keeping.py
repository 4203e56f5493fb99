"""Each message acknowledged to the broker only once the pit has kept it (paho's manual
acknowledgement), so a store that cannot be written (a full disk) loses nothing.

A message is acknowledged once the floor has taken it: kept in the store, or refused and kept
apart (a hostile message is never sent again for ever). When the store refuses a write
(``WRITE_FAILED``), the message is not acknowledged and waits, and so does every message after
it, in order: the broker keeps them all for the pit's session. One ``store`` alert is raised
(at the table whose message could not be kept first) and the store's status says ``failing``;
every ``RETRY`` seconds the pit tries the waiting messages again, and once they are kept it
acknowledges them and the condition ends. The broker delivers again, first, every message not
acknowledged when the pit reconnects to its session (a pit restarted, a connection lost): those
waiting here are then dropped and taken as they come again. The messages waiting are at most
the broker's window of messages in flight to the pit (Mosquitto's ``max_inflight_messages``,
20); the rest wait in the broker's queue for the session (``max_queued_messages``).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections import deque

import paho.mqtt.client as mqtt

from pit.clock import iso
from pit.floor import Floor
from pit.store import WRITE_FAILED, Unwritable

RETRY = 5.0  # seconds between tries of the waiting messages while the store refuses writes
log = logging.getLogger("pit.store")


class Keeping:
    def __init__(self, floor: Floor, client: mqtt.Client) -> None:
        self.floor, self.client = floor, client
        self.connection = 0  # counts the connections: an acknowledgement is for its own
        self.waiting: deque[tuple[int, mqtt.MQTTMessage]] = deque()
        self.alert_table: str | None = None  # a store alert to raise, at that table
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._closed = False

    # paho's callbacks, on its network thread.
    def connected(self, session_present: bool) -> None:
        with self._lock:
            self.connection += 1
            if session_present:  # the broker delivers them again, first
                self.waiting.clear()
            elif self.waiting:  # it forgot them: kept from here, acknowledged to nobody
                self._take()

    def take(self, message: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.waiting.append((self.connection, message))
            if len(self.waiting) == 1:  # else the store refuses writes: it waits its turn
                self._take()

    # The retry's thread.
    def retry(self) -> None:
        with self._lock:
            self._timer = None
            if not self.client.is_connected():  # they come again with the connection
                return
            try:
                self._take()
            except Exception:  # the retry goes on: one fault must not leave them waiting
                log.exception("pit: trying the waiting messages again failed")
                self._again()

    def _take(self) -> None:
        """The waiting messages, in order, until one cannot be kept."""
        store, kept = self.floor.store, False
        try:
            if self.alert_table is not None:  # the alert first, once the store takes it
                self._raise(self.alert_table)
            while self.waiting:
                connection, message = self.waiting[0]
                deliver(self.floor, message)
                kept = True
                self.waiting.popleft()
                if connection == self.connection:
                    self.client.ack(message.mid, message.qos)
            if kept and store.unwritable is not None:  # over once a message was kept
                self._end()
                store.unwritable = None
                log.info("pit: the store %s is written again: the messages that waited are "
                         "kept", store.path)
        except WRITE_FAILED as error:
            self._failing(error)

    def _failing(self, error: Exception) -> None:
        store, now = self.floor.store, iso(self.floor.clock())
        if store.unwritable is None:  # a message could not be kept: the first waits
            topic, prefix = self.waiting[0][1].topic, self.floor.settings.broker.topic_prefix
            table = topic[len(prefix) + 1:].rpartition("/")[0]
            store.unwritable = Unwritable(now, str(error))
            self.alert_table = table
            log.error("pit: cannot write the store %s (%s): the messages from the broker are "
                      "not acknowledged and wait there, none lost; tried again every %g s "
                      "(free space for the store)", store.path, error, RETRY)
            with contextlib.suppress(*WRITE_FAILED):  # else raised once the store takes it
                self._raise(table)
        store.unwritable.waiting = len(self.waiting)
        self._again()

    def _raise(self, table: str) -> None:
        trouble = self.floor.store.unwritable
        assert trouble is not None
        self.floor.store.raise_alert(
            table, "store", None, f"the pit's store cannot be written ({trouble.why}) since "
            f"{trouble.since}: the floor's messages wait at the broker, unacknowledged, from "
            f"table {table}'s on; free space for {self.floor.store.path}", trouble.since)
        self.alert_table = None

    def _end(self) -> None:
        with self.floor.lock:
            tables = {table for table, kind in self.floor.store.lasting() if kind == "store"}
            for table in tables:
                self.floor.store.end_condition(table, "store", iso(self.floor.clock()))
                if table in self.floor.tables:
                    self.floor.touch(table)
        self.floor.on_change()

    def close(self) -> None:
        """No more tries (the pit stops): what waits comes again from the broker."""
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

    def _again(self) -> None:
        if self._timer is None and not self._closed:
            self._timer = threading.Timer(RETRY, self.retry)
            self._timer.daemon = True
            self._timer.start()


def deliver(floor: Floor, message: mqtt.MQTTMessage) -> None:
    """One message to the floor. A fault in handling it is logged with the message and the
    ingest goes on: paho would otherwise end its loop, and every table would go dark. A write
    the store could not make is the caller's to retry."""
    try:
        floor.on_message(message.topic, bytes(message.payload), message.retain)
    except WRITE_FAILED:
        raise
    except Exception:
        log.exception("pit: a message on %s could not be handled: %r", message.topic,
                      bytes(message.payload[:120]))
