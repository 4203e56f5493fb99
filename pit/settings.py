"""The pit's settings: ``[pit]`` in a TOML config, each overridable on the command line.

Every key is checked when the pit starts; a bad one stops it with one line naming the file, the
key and the value, or the option (common.settings). The broker's keys are the table feed's
(common.broker): the password is never in the config, ``password_file`` names a file read
when the pit starts and when it connects.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.broker import KEYS as BROKER_KEYS
from common.broker import URL_EXPECTED, BrokerSettings, read_broker
from common.settings import SettingsReader, read_toml
from common.user_paths import read_text

DEFAULT_BROKER = "mqtt://127.0.0.1:1883"  # a broker on the pit's own machine
DEFAULT_CLIENT_ID = "baccarat-pit"
DEFAULT_LISTEN = "127.0.0.1:8080"
DEFAULT_TARGET = 70  # hands an hour: a land-based table at a steady pace
DEFAULT_SILENT_AFTER = 90  # seconds: longer than a hand takes at a land-based table
DEFAULT_PACE_BAND = 25  # percent either side of the target
# seconds without a word from an online table (its heartbeat comes every 10 s) before the pit
# calls it offline: a clustered broker does not always send its will (docs/pit.md)
DEFAULT_OFFLINE_AFTER = 30
# seconds a table's will may say offline before that is an alert: a broker cluster moving its
# leaders drops tables for a few seconds, and nobody need act on a table back that soon
DEFAULT_OFFLINE_ALERT_AFTER = 15
STATE_DIRECTORY = Path(os.environ.get("STATE_DIRECTORY", "/var/lib/baccarat-pit"))

KEYS: dict[str, str] = {
    "broker": URL_EXPECTED,
    **BROKER_KEYS,
    "listen": "HOST:PORT",
    "store": "a path to the pit's SQLite store",
    "target_hands_per_hour": "a whole number from 1 to 1000, or a table of them: default = N, "
                             "TABLE = N",
    "users_file": "a path to the pit users' file (baccarat-table pit-user add)",
    "silent_after_seconds": "a whole number of seconds from 1 to 86400",
    "pace_band_percent": "a whole number of percent from 1 to 100",
    "offline_after_seconds": "a whole number of seconds from 15 to 86400 (the heartbeat "
                             "comes every 10 s)",
    "offline_alert_after_seconds": "a whole number of seconds from 0 to 3600 (0: the alert "
                                   "with the will)",
}
_WHOLE_NUMBERS = {"silent_after_seconds": (1, 24 * 3600),
                  "offline_after_seconds": (15, 24 * 3600),
                  "offline_alert_after_seconds": (0, 3600), "pace_band_percent": (1, 100)}
HANDS_PER_HOUR = (1, 1000)  # a table deals some 70 an hour: more than 1000 is a typo
OPTIONS = {"users_file": "--users"}  # the option of a key, where it is not --key-name


@dataclass(frozen=True)
class PitSettings:
    broker: BrokerSettings
    listen_host: str = "127.0.0.1"
    listen_port: int = 8080
    store: Path = STATE_DIRECTORY / "pit.sqlite"
    target_default: int = DEFAULT_TARGET
    targets: dict[str, int] = field(default_factory=dict)  # per table
    users_file: Path = STATE_DIRECTORY / "users"
    silent_after_seconds: int = DEFAULT_SILENT_AFTER
    pace_band_percent: int = DEFAULT_PACE_BAND
    offline_after_seconds: int = DEFAULT_OFFLINE_AFTER
    offline_alert_after_seconds: int = DEFAULT_OFFLINE_ALERT_AFTER

    def target(self, table: str) -> int:
        return self.targets.get(table, self.target_default)


def load_settings(config: str | None, overrides: dict[str, Any]) -> PitSettings:
    """``[pit]`` of ``config`` (when given), then ``overrides`` (the options given, by key),
    checked; each error names the file and the key, or the option (common.settings)."""
    given = {key: value for key, value in overrides.items() if value is not None}
    options = {key: OPTIONS.get(key, f"--{key.replace('_', '-')}") for key in given}
    section: dict[str, Any] = {}
    reader = SettingsReader("", Path.cwd(), options=options)
    if config is not None:
        path = Path(config)
        document = read_toml(read_text(path, "config"), str(path))
        reader = SettingsReader(str(path), path.parent, options=options)
        section = dict(reader.table(document, "pit", KEYS)) if "pit" in document else {}
    section |= given
    listen_host, listen_port = _listen(reader, section)
    values: dict[str, Any] = {
        "broker": read_broker(reader, section, "pit", "broker", DEFAULT_BROKER,
                              DEFAULT_CLIENT_ID),
        "listen_host": listen_host, "listen_port": listen_port}
    for key in ("store", "users_file"):
        if key in section:
            values[key] = reader.path(section, f"pit.{key}", KEYS[key])
    for key, (low, high) in _WHOLE_NUMBERS.items():
        if key in section:
            values[key] = reader.whole(section, f"pit.{key}", low, high, KEYS[key])
    if "target_hands_per_hour" in section:
        values |= _targets(reader, section)
    return PitSettings(**values)


def _listen(reader: SettingsReader, section: dict[str, Any]) -> tuple[str, int]:
    text = reader.text(section, "pit.listen", KEYS["listen"]) if "listen" in section \
        else DEFAULT_LISTEN
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise reader.expected("pit.listen", KEYS["listen"], text)
    return host.strip("[]"), int(port)


def _targets(reader: SettingsReader, section: dict[str, Any]) -> dict[str, Any]:
    """``target_hands_per_hour``: one number, or one for each table and a default."""
    key, expected = "pit.target_hands_per_hour", KEYS["target_hands_per_hour"]
    given = section[key.rsplit(".", 1)[-1]]
    if not isinstance(given, dict):
        return {"target_default": reader.whole(section, key, *HANDS_PER_HOUR, expected)}
    targets = {table: reader.whole_value(f"{key}.{table}", hands, *HANDS_PER_HOUR, expected)
               for table, hands in given.items()}
    default = targets.pop("default", DEFAULT_TARGET)
    return {"target_default": default, "targets": targets}
