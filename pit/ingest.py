"""The pit's subscription to every table's feed: a persistent MQTT 5 session (clean start off,
a session expiry) at QoS 1, so that what the broker kept while the pit was away arrives; each
message acknowledged only once it is kept (pit/keeping.py). A broker not up yet is waited for
(pit/broker_link.py)."""

from __future__ import annotations

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from controller.feed.credentials import use_credentials
from pit.broker_link import RETRY, BrokerLink
from pit.errors import PitError
from pit.floor import Floor
from pit.keeping import Keeping
from pit.settings import PitSettings

SESSION_EXPIRY = 7 * 24 * 3600  # seconds the broker keeps the pit's queue while it is away
LEAVES = ("events", "state", "status")


def start_ingest(settings: PitSettings, floor: Floor,
                 link: BrokerLink | None = None) -> mqtt.Client:
    broker = settings.broker
    link = link or BrokerLink(broker.url, broker.client_id, floor.clock)
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=broker.client_id,
                         protocol=MQTTProtocolVersion.MQTTv5, manual_ack=True)
    keeping = Keeping(floor, client)
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
    client.reconnect_delay_set(*RETRY)
    properties = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
    properties.SessionExpiryInterval = SESSION_EXPIRY
    try:
        client.connect(broker.host, broker.port, keepalive=30, clean_start=False,
                       properties=properties)
    except OSError as error:  # not up yet (the pit booted first): paho's loop keeps trying
        link.unreachable(error.strerror or str(error))
        client.connect_async(broker.host, broker.port, keepalive=30, clean_start=False,
                             properties=properties)
    client.loop_start()
    return client
