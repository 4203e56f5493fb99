"""Where the MQTT broker is and how to log in to it: the table's ``[feed]`` (docs/feed.md) and
the pit's ``[pit]`` (docs/pit.md) say it with the same keys, read here into one
``BrokerSettings``.

The password is never held in a settings file: ``password_file`` names a file read when the
client connects (and once when the settings are read, so a bad one stops the start), and no
error line, log line or event shows its content.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from common.errors import UserError
from common.settings import HIDDEN, SettingsReader
from common.url import join_nodes, split_nodes
from common.user_paths import read_password

DEFAULT_PREFIX = "baccarat"
PORTS = {"mqtt": 1883, "mqtts": 8883}
URL_EXPECTED = ("mqtt://HOST[:PORT] or mqtts://HOST[:PORT], or a cluster's nodes: "
                "mqtt://HOST[:PORT],HOST[:PORT],...")
PROTOCOLS = ("5", "3.1.1")  # the MQTT versions the feed and the pit speak

# key -> what is expected (for the error line); the broker's URL has a key of its own in each
# section (``[feed] url``, ``[pit] broker``)
KEYS: dict[str, str] = {
    "ca_file": "a path to the CA certificate(s) the broker's certificate is checked against",
    "cert_file": "a path to the client certificate (PEM)",
    "key_file": "a path to the client certificate's private key (PEM)",
    "username": "a user name",
    "password_file": "a path to a file holding the password",
    "client_id": "an MQTT client id",
    "topic_prefix": "a topic prefix such as 'casino/floor1'",
    "protocol": "the MQTT version: \"5\" or \"3.1.1\"",
}


@dataclass(frozen=True)
class BrokerSettings:
    host: str
    port: int
    tls: bool
    client_id: str
    topic_prefix: str = DEFAULT_PREFIX
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    username: str | None = None
    password_file: str | None = None
    protocol: str = "5"
    more_nodes: tuple[tuple[str, int], ...] = ()  # a cluster's other nodes, tried in turn

    @property
    def nodes(self) -> tuple[tuple[str, int], ...]:
        return ((self.host, self.port), *self.more_nodes)

    @property
    def url(self) -> str:
        """The broker as logs and status lines show it: no user, no password."""
        return join_nodes("mqtts" if self.tls else "mqtt", self.nodes)

    def topic(self, table: str, leaf: str) -> str:
        """``table``'s topic ``leaf`` (``+`` for every table)."""
        return f"{self.topic_prefix}/{table}/{leaf}"

    def password(self) -> str | None:
        """The password, read from its file (when a client is set up)."""
        if self.password_file is None:
            return None
        return read_password(self.password_file, "password_file")


def read_broker(reader: SettingsReader, data: Mapping[str, Any], section: str, url_key: str,
                url: str, client_id: str) -> BrokerSettings:
    """The broker keys of ``data``, the table ``section`` of a settings file whose key
    ``url_key`` holds the broker's URL (``url`` when it is absent), checked; ``client_id`` is
    the default client id. Other keys are the caller's to check."""
    def key(name: str) -> str:
        return f"{section}.{name}"

    for name in (url_key, *KEYS):
        if name in data:
            reader.text(data, key(name), KEYS.get(name, URL_EXPECTED))
    tls, ((host, port), *more) = _split(reader, key(url_key), data.get(url_key, url))
    protocol = data.get("protocol", "5")
    if protocol not in PROTOCOLS:
        raise reader.expected(key("protocol"), KEYS["protocol"], protocol)
    files = {name: reader.file(data, key(name), KEYS[name])
             for name in ("ca_file", "cert_file", "key_file") if name in data}
    if "password_file" in data:  # refused now, not when the client connects
        files["password_file"] = reader.password_file(data, key("password_file"),
                                                      KEYS["password_file"])
    if ("cert_file" in files) != ("key_file" in files):
        missing = "key_file" if "cert_file" in files else "cert_file"
        raise reader.fail(key(missing), "missing: a client certificate needs both cert_file "
                          "and key_file")
    if not tls:
        for name in ("ca_file", "cert_file"):
            if name in files:
                raise reader.fail(key(name), f"needs an mqtts:// {url_key} (TLS)", files[name])
    if ("username" in data) != ("password_file" in files):
        missing = "password_file" if "username" in data else "username"
        raise reader.fail(key(missing), "missing: username and password_file go together")
    client_id = data.get("client_id", client_id)
    if not (client_id.isascii() and client_id.isprintable()):
        raise reader.expected(key("client_id"), "printable ASCII characters", client_id)
    prefix = data.get("topic_prefix", DEFAULT_PREFIX)
    # MQTT's wildcards, and what NATS refuses in a topic (a . or a space: docs/feed.md)
    if any(mark in prefix for mark in "+#.\0 ") or prefix.startswith("/") or \
            prefix.endswith("/"):
        raise reader.expected(key("topic_prefix"), "topic levels without +, #, ., spaces or a "
                              "leading or trailing /", prefix)
    return BrokerSettings(host, port, tls, client_id, prefix, files.get("ca_file"),
                          files.get("cert_file"), files.get("key_file"), data.get("username"),
                          files.get("password_file"), protocol, tuple(more))


def _split(reader: SettingsReader, key: str, url: str) -> tuple[bool, list[tuple[str, int]]]:
    """Whether TLS is on, and each node's (host, port) in the order given."""
    # Not shown if it may hold a user and password (before the @): they would be in the error
    # line and the log.
    value = HIDDEN if "@" in url else url
    try:
        every = split_nodes(url)
    except UserError as error:
        raise reader.fail(key, str(error), value) from None
    nodes = []
    for parts in every:
        if parts.username is not None or parts.password is not None:
            raise reader.fail(key, "holds a user or password: use username and password_file "
                              "instead", HIDDEN)
        if parts.scheme not in PORTS:
            raise reader.expected(key, URL_EXPECTED, value)
        if parts.path not in ("", "/") or parts.query or parts.fragment:
            raise reader.fail(key, "expected no path or query after the host and port (topics "
                              "come from topic_prefix)", value)
        if not parts.hostname:
            raise reader.expected(key, "a host name or address", value)
        nodes.append((parts.hostname, parts.port or PORTS[parts.scheme]))
    return every[0].scheme == "mqtts", nodes
