"""The MQTT versions the feed and the pit speak (``protocol`` in ``[feed]`` and ``[pit]``), and
how a broker says it speaks none of them."""

from __future__ import annotations

from paho.mqtt.enums import MQTTProtocolVersion

VERSIONS = {"5": MQTTProtocolVersion.MQTTv5, "3.1.1": MQTTProtocolVersion.MQTTv311}
UNSUPPORTED_PROTOCOL = (1, 132)  # CONNACK codes: 3.1.1's and 5's "unacceptable version"


def version_name(protocol: MQTTProtocolVersion) -> str:
    return "MQTT 5" if protocol == MQTTProtocolVersion.MQTTv5 else "MQTT 3.1.1"
