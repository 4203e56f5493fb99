"""The ``[feed]`` section of the table config: where the broker is and how to log in.

Checked when the config is read, so a bad setting stops the table at start with the key named.
The password is never held in the config: ``password_file`` names a file the relay reads when
it connects, and no error line, log line or event shows its content.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.table.table_id import TOPIC_MARKS
from drivers.errors import UserError
from drivers.url import join_nodes, split_nodes

DEFAULT_PREFIX = "baccarat"
PORTS = {"mqtt": 1883, "mqtts": 8883}
PROTOCOLS = ("5", "3.1.1")  # the MQTT versions the feed speaks

# key -> what is expected (for the error line)
KEYS: dict[str, str] = {
    "url": "mqtt://HOST[:PORT] or mqtts://HOST[:PORT], or a cluster's nodes: "
           "mqtt://HOST[:PORT],HOST[:PORT],...",
    "ca_file": "a path to the CA certificate(s) the broker's certificate is checked against",
    "cert_file": "a path to the table's client certificate (PEM)",
    "key_file": "a path to the client certificate's private key (PEM)",
    "username": "a user name",
    "password_file": "a path to a file holding the password",
    "client_id": "an MQTT client id",
    "topic_prefix": "a topic prefix such as 'casino/floor1'",
    "protocol": "the MQTT version: \"5\" or \"3.1.1\"",
}
_FILES = ("ca_file", "cert_file", "key_file", "password_file")


class FeedSettingsError(ValueError):
    """A ``[feed]`` setting that cannot be used: ``key`` and a one-line ``reason``."""

    def __init__(self, key: str, reason: str, value: Any = None, shown: bool = True) -> None:
        super().__init__(f"feed.{key}: {reason}")
        self.key, self.reason, self.value, self.shown = key, reason, value, shown


@dataclass(frozen=True)
class FeedSettings:
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
        """The broker as logs and ``feed status`` show it: no user, no password."""
        return join_nodes("mqtts" if self.tls else "mqtt", self.nodes)

    def topic(self, table: str, leaf: str) -> str:
        return f"{self.topic_prefix}/{table}/{leaf}"

    def password(self) -> str | None:
        """The password, read from its file (when the relay sets up its client, at start)."""
        if self.password_file is None:
            return None
        return _read_password(self.password_file)


def parse_feed(section: dict[str, Any], table_id: str, base: Path) -> FeedSettings:
    """The ``[feed]`` table of a config file, checked; relative paths are taken from ``base``
    (the config's folder). Raises FeedSettingsError naming the first bad key."""
    for key, value in section.items():
        if key not in KEYS:
            raise FeedSettingsError(key, f"unknown key (valid: {', '.join(KEYS)})", value)
        if not isinstance(value, str) or not value.strip():
            raise FeedSettingsError(key, f"expected {KEYS[key]}", value)
    if "url" not in section:
        raise FeedSettingsError("url", f"missing: expected {KEYS['url']} (leave out [feed] for "
                                "no feed)")
    tls, nodes = _broker(section["url"])
    protocol = section.get("protocol", "5")
    if protocol not in PROTOCOLS:
        raise FeedSettingsError("protocol", f"expected {KEYS['protocol']}", protocol)
    files = {key: str(base / section[key]) for key in _FILES if key in section}
    for key, path in files.items():
        _check_readable(key, path)
    if "password_file" in files:
        _read_password(files["password_file"])  # refused now, not when the relay connects
    if ("cert_file" in files) != ("key_file" in files):
        missing = "key_file" if "cert_file" in files else "cert_file"
        raise FeedSettingsError(missing, "missing: a client certificate needs both cert_file "
                                "and key_file")
    if not tls:
        for key in ("ca_file", "cert_file"):
            if key in files:
                raise FeedSettingsError(key, "needs an mqtts:// url (TLS)", files[key])
    if ("username" in section) != ("password_file" in files):
        missing = "password_file" if "username" in section else "username"
        raise FeedSettingsError(missing, "missing: username and password_file go together")
    client_id = section.get("client_id", table_id)
    if not (client_id.isascii() and client_id.isprintable()):
        raise FeedSettingsError("client_id", "expected printable ASCII characters (the table id "
                                "is the default)", client_id)
    prefix = section.get("topic_prefix", DEFAULT_PREFIX)
    if topic_prefix_problem(prefix):
        raise FeedSettingsError("topic_prefix", f"expected {topic_prefix_problem(prefix)}",
                                prefix)
    if any(mark in table_id for mark in TOPIC_MARKS):
        raise FeedSettingsError("url", f"the table id {table_id!r} cannot name an MQTT topic "
                                "level (no +, #, /, . or space): change table.id")
    (host, port), *more = nodes
    return FeedSettings(host, port, tls, client_id, prefix, files.get("ca_file"),
                        files.get("cert_file"), files.get("key_file"), section.get("username"),
                        files.get("password_file"), protocol, tuple(more))


def topic_prefix_problem(prefix: str) -> str | None:
    """What a topic prefix (feed's or pit's) may not hold, or None: MQTT's wildcards, a
    leading or trailing /, and what NATS refuses in a topic (a . or a space)."""
    if any(mark in prefix for mark in "+#.\0 ") or prefix.startswith("/") or \
            prefix.endswith("/"):
        return "topic levels without +, #, ., spaces or a leading or trailing /"
    return None


def _broker(url: str) -> tuple[bool, list[tuple[str, int]]]:
    try:
        all_parts = split_nodes(url)
    except UserError as error:
        # Not echoed if it may hold a user and password (before the @), as below.
        raise FeedSettingsError("url", str(error), url, shown="@" not in url) from None
    nodes = []
    for parts in all_parts:
        if parts.scheme not in PORTS:
            raise FeedSettingsError("url", f"expected {KEYS['url']}", url)
        if parts.username is not None or parts.password is not None:
            # Not echoed: the password would be in the error line and the log.
            raise FeedSettingsError("url", "holds a user or password: use username and "
                                    "password_file instead", shown=False)
        if parts.path not in ("", "/") or parts.query or parts.fragment:
            raise FeedSettingsError("url", "expected no path or query after the host and "
                                    "port (topics come from topic_prefix)", url)
        if not parts.hostname:
            raise FeedSettingsError("url", "expected a host name or address", url)
        nodes.append((parts.hostname, parts.port or PORTS[parts.scheme]))
    return all_parts[0].scheme == "mqtts", nodes


def _check_readable(key: str, path: str) -> None:
    if not Path(path).is_file():
        raise FeedSettingsError(key, "no such file", path)
    if not os.access(path, os.R_OK):
        raise FeedSettingsError(key, "cannot be read by this user", path)


def _read_password(path: str) -> str:
    """The password alone in its file. An error names the file and the key, never a byte of
    the content or where in it the fault is (that would give away the password)."""
    try:
        return Path(path).read_bytes().decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        raise FeedSettingsError("password_file", f"{path} is not UTF-8 text (its content is "
                                "the password: not shown)", shown=False) from None
