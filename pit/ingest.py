"""The pit's subscription to every table's feed: a persistent session (MQTT 5: clean start
off and a session expiry; 3.1.1: clean session off) at QoS 1, so that what the broker kept
while the pit was away arrives; each message acknowledged only once it is kept
(pit/keeping.py). A broker not up yet is waited for (pit/broker_link.py); a cluster's nodes
are tried in turn, the session resuming on the next."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from controller.feed.credentials import use_credentials
from controller.feed.mqtt_versions import VERSIONS
from controller.feed.nodes import fail_over
from pit.broker_link import RETRY, BrokerLink
from pit.errors import PitError
from pit.floor import Floor
from pit.keeping import Keeping
from pit.settings import PitSettings

SESSION_EXPIRY = 7 * 24 * 3600  # seconds the broker keeps the pit's queue while it is away
LEAVES = ("events", "state", "status", "heartbeat")


@dataclass(frozen=True)
class Ingest:
    """The running subscription."""

    client: mqtt.Client
    keeping: Keeping
    # Set once the broker granted the subscriptions: from then on nothing sent is missed.
    subscribed: threading.Event = field(default_factory=threading.Event)

    def stop(self) -> None:
        """Off the broker, and no retry of the store left to fire on a closed store."""
        self.client.disconnect()
        self.client.loop_stop()
        self.keeping.close()


def start_ingest(settings: PitSettings, floor: Floor,
                 link: BrokerLink | None = None) -> Ingest:
    broker = settings.broker
    link = link or BrokerLink(broker.url, broker.client_id, floor.clock, broker.protocol)
    v5 = broker.protocol == "5"
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=broker.client_id,
                         protocol=VERSIONS[broker.protocol],
                         clean_session=None if v5 else False, manual_ack=True)
    keeping = Keeping(floor, client)
    ingest = Ingest(client, keeping)
    try:
        use_credentials(client, broker)
    except (OSError, ValueError) as error:  # names a file, never the password in it
        raise PitError(f"pit: cannot use the TLS or password files: {error}") from None

    def on_connect(c: mqtt.Client, _u: object, flags: mqtt.ConnectFlags, reason: ReasonCode,
                   _p: object) -> None:
        if link.connected(c, reason):
            keeping.connected(flags.session_present)
            c.subscribe([(broker.topic("+", leaf), 1) for leaf in LEAVES])

    client.on_connect = on_connect
    client.on_connect_fail = lambda _c, _u: link.unreachable("no connection")
    client.on_disconnect = lambda c, _u, flags, reason, _p: link.disconnected(c, flags, reason)
    client.on_message = lambda _c, _u, message: keeping.take(message)
    client.on_subscribe = lambda _c, _u, _m, _r, _p: ingest.subscribed.set()
    client.reconnect_delay_set(*RETRY)
    fail_over(client, broker.nodes)
    session: dict[str, Any] = {}  # 3.1.1 keeps the session by clean_session, given above
    if v5:
        properties = Properties(PacketTypes.CONNECT)
        properties.SessionExpiryInterval = SESSION_EXPIRY
        session = {"clean_start": False, "properties": properties}
    try:
        client.connect(broker.host, broker.port, keepalive=30, **session)
    except OSError as error:  # not up yet (the pit booted first): paho's loop keeps trying
        link.unreachable(error.strerror or str(error))
        client.connect_async(broker.host, broker.port, keepalive=30, **session)
    client.loop_start()
    return ingest
