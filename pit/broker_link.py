"""The pit's link to the broker, as its log and ``GET /api/status`` tell it: connecting,
connected, unreachable (the pit keeps trying: a broker that boots after the pit is waited
for), refused (the broker turned the login away), or the pit's client id taken by another
client.

MQTT 5 says why the broker ended a connection: reason code 142, "Session taken over", means
another client connected with the pit's client id (two pits with one ``client_id``). A broker
that closes the connection without saying why (Mosquitto before 2.0.15 does so on a takeover)
shows the same by closing it again and again right after taking it: ``FIGHT_LOSSES`` times
within ``FIGHT_WINDOW``. Fighting for the id would steal the session back every second, each
pit missing much of the feed; so the pit says so once and steps aside, trying again only after
``TAKEN_RETRY`` seconds.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.reasoncodes import ReasonCode

from controller.feed.mqtt_versions import UNSUPPORTED_PROTOCOL
from pit.clock import Clock, iso

RETRY = (1, 10)  # seconds between tries to reach the broker: the first, and at most
TAKEN_RETRY = 300  # seconds the pit steps aside when another client took its client id
SESSION_TAKEN_OVER = 142  # MQTT 5 DISCONNECT reason code
FIGHT_LOSSES = 3  # connections closed by the broker unasked ...
FIGHT_WINDOW = timedelta(seconds=60)  # ... within this: another client has the pit's id

log = logging.getLogger("pit.broker")


class BrokerLink:
    def __init__(self, url: str, client_id: str, clock: Clock, protocol: str = "5") -> None:
        self.url, self.client_id, self.clock, self.protocol = url, client_id, clock, protocol
        self.state, self.detail = "connecting", ""
        self.since = clock()
        self.taken_over = 0  # times another client took the pit's client id
        self._losses: list[datetime] = []  # when the broker last closed a connection unasked
        self._lock = threading.Lock()
        self.on_change: Callable[[], None] = lambda: None  # called after the state changes

    def status(self) -> dict[str, Any]:
        with self._lock:
            status = {"state": self.state, "since": iso(self.since), "detail": self.detail,
                      "url": self.url, "client_id": self.client_id,
                      "taken_over": self.taken_over}
            if self.state == "taken":
                status["retry_seconds"] = TAKEN_RETRY
            return status

    def _become(self, state: str, detail: str) -> bool:
        """Whether the state changed (then it is worth a line in the log)."""
        with self._lock:
            changed = state != self.state
            if changed:
                self.state, self.since = state, self.clock()
            self.detail = detail
        if changed:
            self.on_change()
        return changed

    # paho's callbacks, on its network thread.
    def connected(self, client: mqtt.Client, reason: ReasonCode) -> bool:
        """Whether the broker took the pit's login (then it subscribes)."""
        if reason.is_failure and reason.value in UNSUPPORTED_PROTOCOL:
            if self._become("refused", str(reason)):
                log.warning("pit: the broker at %s refused MQTT %s: %s (see protocol); "
                            "trying again every %d s", self.url, self.protocol, reason,
                            RETRY[1])
            return False
        if reason.is_failure:
            if self._become("refused", str(reason)):
                log.warning("pit: the broker at %s refused the pit: %s (check username, "
                            "password_file and the broker's ACL); trying again every %d s",
                            self.url, reason, RETRY[1])
            return False
        after = self.state
        client.reconnect_delay_set(*RETRY)
        if self._become("connected", "") and after != "taken":
            log.info("pit: connected to the broker at %s as client id %r", self.url,
                     self.client_id)
        return True

    def unreachable(self, why: str) -> None:
        if self.state != "taken" and self._become("unreachable", why):
            log.warning("pit: the broker at %s does not answer (%s): trying again every %d s "
                        "meanwhile; the pages are served", self.url, why, RETRY[1])

    def disconnected(self, client: mqtt.Client, flags: mqtt.DisconnectFlags,
                     reason: ReasonCode) -> None:
        if reason == SESSION_TAKEN_OVER:
            self._taken(client, "the broker said so: MQTT reason 142, session taken over")
            return
        if self.state != "connected" or reason == 0:
            return
        now = self.clock()
        self._losses = [at for at in self._losses if now - at < FIGHT_WINDOW] + [now]
        if len(self._losses) >= FIGHT_LOSSES and not flags.is_disconnect_packet_from_server:
            self._losses = []
            self._taken(client, f"the broker closed the connection {FIGHT_LOSSES} times within "
                        f"{FIGHT_WINDOW.seconds} s, each time right after taking it, without "
                        "saying why (as Mosquitto before 2.0.15 does on a takeover)")
            return
        self._become("unreachable", str(reason))
        log.warning("pit: lost the broker at %s (%s): reconnecting", self.url, reason)

    def _taken(self, client: mqtt.Client, how: str) -> None:
        client.reconnect_delay_set(TAKEN_RETRY, TAKEN_RETRY)
        with self._lock:
            self.taken_over += 1
            first = self.taken_over == 1
        self._become("taken", f"another client connected as {self.client_id!r}: {how}")
        if first:  # once: the status counts the times after it
            log.warning("pit: another client is connected to the broker at %s with this pit's "
                        "client id %r (%s): is a second pit running with the same client_id? "
                        "This pit steps aside and tries again every %d s; give each pit a "
                        "client_id of its own", self.url, self.client_id, how, TAKEN_RETRY)
