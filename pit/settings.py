"""The pit's settings: ``[pit]`` in a TOML config, each overridable on the command line.

Every key is checked when the pit starts; a bad one stops it with one line naming the file and
the key. Like the table's feed, the password is never in the config: ``password_file`` names a
file read when the pit connects.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from drivers.errors import UserError
from drivers.url import join_nodes, split_nodes
from pit.errors import PitError

PORTS = {"mqtt": 1883, "mqtts": 8883}
DEFAULT_PREFIX = "baccarat"
DEFAULT_LISTEN = "127.0.0.1:8080"
DEFAULT_TARGET = 70  # hands an hour: a land-based table at a steady pace
DEFAULT_SILENT_AFTER = 90  # seconds: longer than a hand takes at a land-based table
DEFAULT_PACE_BAND = 25  # percent either side of the target
# seconds without a word from an online table (its heartbeat comes every 10 s) before the pit
# calls it offline: a clustered broker does not always send its will (docs/pit.md)
DEFAULT_OFFLINE_AFTER = 30
PROTOCOLS = ("5", "3.1.1")
STATE_DIRECTORY = Path(os.environ.get("STATE_DIRECTORY", "/var/lib/baccarat-pit"))

KEYS: dict[str, str] = {
    "broker": "mqtt://HOST[:PORT] or mqtts://HOST[:PORT], or a cluster's nodes: "
              "mqtt://HOST[:PORT],HOST[:PORT],...",
    "protocol": "the MQTT version: \"5\" or \"3.1.1\"",
    "ca_file": "a path to the CA certificate(s) the broker's certificate is checked against",
    "cert_file": "a path to the pit's client certificate (PEM)",
    "key_file": "a path to the client certificate's private key (PEM)",
    "username": "a user name",
    "password_file": "a path to a file holding the password",
    "client_id": "an MQTT client id",
    "topic_prefix": "a topic prefix such as 'casino/floor1'",
    "listen": "HOST:PORT",
    "store": "a path to the pit's SQLite store",
    "target_hands_per_hour": "a whole number from 1 to 1000, or a table of them: default = N, "
                             "TABLE = N",
    "users_file": "a path to the pit users' file (baccarat-table pit-user add)",
    "silent_after_seconds": "a whole number of seconds from 1 to 86400",
    "pace_band_percent": "a whole number of percent from 1 to 100",
    "offline_after_seconds": "a whole number of seconds from 15 to 86400 (the heartbeat "
                             "comes every 10 s)",
}
_WHOLE_NUMBERS = {"silent_after_seconds": range(1, 24 * 3600 + 1),
                  "offline_after_seconds": range(15, 24 * 3600 + 1),
                  "pace_band_percent": range(1, 101)}
HANDS_PER_HOUR = range(1, 1001)  # a table deals some 70 an hour: more than 1000 is a typo
_FILES = ("ca_file", "cert_file", "key_file", "password_file")


@dataclass(frozen=True)
class PitSettings:
    host: str = "127.0.0.1"
    port: int = 1883
    tls: bool = False
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    username: str | None = None
    password_file: str | None = None
    client_id: str = "baccarat-pit"
    topic_prefix: str = DEFAULT_PREFIX
    listen_host: str = "127.0.0.1"
    listen_port: int = 8080
    store: Path = STATE_DIRECTORY / "pit.sqlite"
    target_default: int = DEFAULT_TARGET
    targets: dict[str, int] = field(default_factory=dict)  # per table
    users_file: Path = STATE_DIRECTORY / "users"
    silent_after_seconds: int = DEFAULT_SILENT_AFTER
    pace_band_percent: int = DEFAULT_PACE_BAND
    offline_after_seconds: int = DEFAULT_OFFLINE_AFTER
    protocol: str = "5"
    more_nodes: tuple[tuple[str, int], ...] = ()  # a cluster's other nodes, tried in turn

    @property
    def nodes(self) -> tuple[tuple[str, int], ...]:
        return ((self.host, self.port), *self.more_nodes)

    @property
    def broker_url(self) -> str:
        return join_nodes("mqtts" if self.tls else "mqtt", self.nodes)

    def target(self, table: str) -> int:
        return self.targets.get(table, self.target_default)

    def topic(self, leaf: str) -> str:
        return f"{self.topic_prefix}/+/{leaf}"

    def password(self) -> str | None:
        if self.password_file is None:
            return None
        return Path(self.password_file).read_text(encoding="utf-8").rstrip("\r\n")


def load_settings(config: str | None, overrides: dict[str, Any]) -> PitSettings:
    """``[pit]`` of ``config`` (when given), then ``overrides`` (the options given, by key),
    checked. ``where`` in each error is the file and key, or the option."""
    section: dict[str, tuple[Any, str, Path]] = {}  # key -> (value, where, base folder)
    if config is not None:
        path = Path(config)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise PitError(f"{path}: not TOML: {error}") from None
        for key, value in data.get("pit", {}).items():
            section[key] = (value, f"{path}: pit.{key}", path.parent)
    for key, value in overrides.items():
        if value is not None:
            section[key] = (value, f"--{key.replace('_', '-')}", Path.cwd())
    return _checked(section)


def _checked(section: dict[str, tuple[Any, str, Path]]) -> PitSettings:
    settings = PitSettings()
    for key, (value, where, base) in section.items():
        if key not in KEYS:
            raise PitError(f"{where}: unknown key (valid: {', '.join(KEYS)})")
        settings = _apply(settings, key, value, where, base)
    if (settings.cert_file is None) != (settings.key_file is None):
        raise PitError("pit: cert_file and key_file go together")
    if (settings.username is None) != (settings.password_file is None):
        raise PitError("pit: username and password_file go together")
    if not settings.tls and (settings.ca_file or settings.cert_file):
        raise PitError("pit: ca_file and cert_file need an mqtts:// broker")
    return settings


def _apply(settings: PitSettings, key: str, value: Any, where: str, base: Path) -> PitSettings:
    if key == "target_hands_per_hour":
        return _targets(settings, value, where)
    if key in _WHOLE_NUMBERS:
        if isinstance(value, bool) or not isinstance(value, int) \
                or value not in _WHOLE_NUMBERS[key]:
            raise PitError(f"{where}: expected {KEYS[key]}, got {value!r}")
    elif not isinstance(value, str) or not value.strip():
        raise PitError(f"{where}: expected {KEYS[key]}, got {value!r}")
    elif key == "broker":
        tls, ((host, port), *more) = _broker(value, where)
        return replace(settings, tls=tls, host=host, port=port, more_nodes=tuple(more))
    elif key == "protocol" and value not in PROTOCOLS:
        raise PitError(f"{where}: expected {KEYS[key]}, got {value!r}")
    if key == "listen":
        listen_host, _, listen_port = value.rpartition(":")
        if not listen_host or not listen_port.isdigit() or not 0 < int(listen_port) < 65536:
            raise PitError(f"{where}: expected {KEYS[key]}, got {value!r}")
        return replace(settings, listen_host=listen_host.strip("[]"),
                       listen_port=int(listen_port))
    if key == "topic_prefix" and (any(mark in value for mark in "+#. \0")
                                  or value.startswith("/") or value.endswith("/")):
        raise PitError(f"{where}: expected topic levels without +, #, ., spaces or a leading "
                       f"or trailing /, got {value!r}")
    if key in _FILES:
        path = base / value
        if not path.is_file() or not os.access(path, os.R_OK):
            raise PitError(f"{where}: no readable file at {path}")
        value = str(path)
    elif key in ("store", "users_file"):
        value = base / value
    changes: dict[str, Any] = {key: value}
    return replace(settings, **changes)


def _targets(settings: PitSettings, value: Any, where: str) -> PitSettings:
    given = value if isinstance(value, dict) else {"default": value}
    targets: dict[str, int] = {}
    for table, hands in given.items():
        if isinstance(hands, bool) or not isinstance(hands, int) or hands not in HANDS_PER_HOUR:
            raise PitError(f"{where}: expected {KEYS['target_hands_per_hour']}, got {hands!r} "
                           f"for {table!r}")
        targets[table] = hands
    default = targets.pop("default", settings.target_default)
    return replace(settings, target_default=default, targets=targets)


def _broker(url: str, where: str) -> tuple[bool, list[tuple[str, int]]]:
    """Whether TLS is on, and each node's (host, port)."""
    try:
        nodes = split_nodes(url)
    except UserError as error:
        shown = f", got {url!r}" if "@" not in url else ""  # a password is never echoed
        raise PitError(f"{where}: {error}{shown}") from None
    found: list[tuple[str, int]] = []
    for parts in nodes:
        if parts.scheme not in PORTS:
            raise PitError(f"{where}: expected {KEYS['broker']}, got {url!r}")
        if parts.username is not None or parts.password is not None:
            raise PitError(f"{where}: holds a user or password: use username and "
                           "password_file")
        if not parts.hostname or parts.path not in ("", "/"):
            raise PitError(f"{where}: expected {KEYS['broker']}, got {url!r}")
        found.append((parts.hostname, parts.port or PORTS[parts.scheme]))
    return nodes[0].scheme == "mqtts", found
