"""The broker's TLS and login set on an MQTT client, from the feed's or the pit's settings."""

from __future__ import annotations

import paho.mqtt.client as mqtt

from common.broker import BrokerSettings


def use_credentials(client: mqtt.Client, settings: BrokerSettings) -> None:
    """TLS and the user name and password, where the settings ask for them. OSError or
    ValueError when a file cannot be used: the message names the file, never the password."""
    if settings.tls:
        client.tls_set(ca_certs=settings.ca_file, certfile=settings.cert_file,
                       keyfile=settings.key_file)
    if settings.username is not None:
        client.username_pw_set(settings.username, settings.password())
