"""A paho client set up from ``[feed]``: TLS, client certificate and login, used by the relay
and by ``feed tail``."""

from __future__ import annotations

import ssl

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTProtocolVersion

from controller.feed.credentials import use_credentials
from drivers.broker import BrokerSettings
from drivers.errors import UserError


class FeedError(UserError):
    """The feed cannot start (a certificate or password file it cannot use): one line."""


def make_client(settings: BrokerSettings, client_id: str,
                protocol: MQTTProtocolVersion = MQTTProtocolVersion.MQTTv5) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=protocol)
    try:
        use_credentials(client, settings)
    except (OSError, ValueError) as error:  # names a file, never the password in it
        raise FeedError(f"feed: cannot use the TLS or password files: {error}") from None
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
