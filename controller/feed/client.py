"""A paho client set up from ``[feed]``: the MQTT version, TLS, client certificate and login,
and a cluster's nodes tried in turn; used by the relay and by ``feed tail``."""

from __future__ import annotations

import ssl

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion

from common.broker import BrokerSettings
from common.errors import UserError
from controller.feed.credentials import use_credentials
from controller.feed.mqtt_versions import VERSIONS
from controller.feed.nodes import fail_over


class FeedError(UserError):
    """The feed cannot start (a certificate or password file it cannot use): one line."""


def make_client(settings: BrokerSettings, client_id: str,
                protocol: MQTTProtocolVersion | None = None) -> mqtt.Client:
    """A client speaking ``settings.protocol`` (or ``protocol``), without a kept session: the
    relay publishes again from the journal, and ``feed tail`` reads what comes."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                         protocol=protocol or VERSIONS[settings.protocol])
    try:
        use_credentials(client, settings)
    except (OSError, ValueError) as error:  # names a file, never the password in it
        raise FeedError(f"feed: cannot use the TLS or password files: {error}") from None
    fail_over(client, settings.nodes)
    return client


def connect_failure(settings: BrokerSettings, error: BaseException | None) -> str:
    """Why a connection to the broker failed, for status, log and stderr: a TLS failure (a
    wrong CA, a certificate the broker refuses) named as one, never as an unreachable broker."""
    if isinstance(error, ssl.SSLError):
        verify = getattr(error, "verify_message", None)  # why the certificate was not trusted
        reason = f"certificate verify failed: {verify}" if verify else (
            error.reason or error.strerror)
        return (f"TLS with the broker at {settings.url} failed: {reason or error}; check "
                "feed.ca_file, feed.cert_file and feed.key_file against the broker's")
    detail = (getattr(error, "strerror", None) or str(error)) if error is not None else ""
    return f"cannot reach the broker at {settings.url}" + (f": {detail}" if detail else "")
