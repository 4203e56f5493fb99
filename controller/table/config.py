"""The table config file (TOML): table id, profile, driver, betting mode, PIN hash, paths, and
a site's own card-reader format (``[reader]``, drivers.custom_format).

Every key is checked at start: an unknown section or key, or a value of the wrong type or out
of range, is refused with the file, the key, the value and the reason (common.settings).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from common.broker import KEYS as BROKER_KEYS
from common.broker import URL_EXPECTED, BrokerSettings, read_broker
from common.errors import UserError
from common.settings import HIDDEN, SettingsError, SettingsReader, read_toml
from common.user_paths import read_text
from controller.game.profiles import load_profile, looks_like_path
from controller.table.supervisor import check_pin_hash
from controller.table.table_id import TOPIC_MARKS, table_id_problem
from drivers.custom_format import CustomFormat, custom_format

DEFAULT_DRIVER = "sim://?rate=4"  # a watchable demo: four cards a second


@dataclass(frozen=True)
class TableConfig:
    table_id: str = "table-1"
    profile: str = "classic"
    betting: str = "land"  # land: open until the first card; live: a countdown
    betting_seconds: float = 15.0
    burn_scanned: bool = True
    new_shoe_resets_roads: bool = True
    language: str = "en"
    driver_url: str = DEFAULT_DRIVER
    journal_path: str | None = None
    events_path: str | None = None
    pin_hash: str | None = None
    feed: BrokerSettings | None = None  # None: no floor feed (the default)
    keep_days: int | None = None  # None: the live journal keeps everything (the default)
    archive_dir: str | None = None  # None: "archive" beside the journal
    min_free_days: int = 30  # the disk alert's threshold, in days of journal writes
    reader: CustomFormat | None = None  # [reader]: the format serial://...?protocol=custom reads

    @property
    def live(self) -> bool:
        return self.betting == "live"


class ConfigError(SettingsError):
    """A config file that cannot be used; the message names the file, the key and the value."""


LANGUAGES = ("en", "zh", "el", "ru", "ar")
BETTING_SECONDS = (1, 600)  # a live countdown from one second to ten minutes
# Regulators ask that at least 90 days of play stay in the live journal; past a century the
# cut-off date is before the year 1 (an OverflowError at every start): a typo either way.
KEEP_DAYS = (90, 36_500)

# (section, key) -> (field, expected type(s), description of what is expected)
_KEYS: dict[tuple[str, str], tuple[str, tuple[type, ...], str]] = {
    ("table", "id"): ("table_id", (str,), "a table id string"),
    ("table", "profile"): ("profile", (str,), "a profile name or a path to a profile file"),
    ("table", "betting"): ("betting", (str,), "'land' or 'live'"),
    ("table", "betting_seconds"): ("betting_seconds", (int, float),
                                    f"seconds, {BETTING_SECONDS[0]} to {BETTING_SECONDS[1]}"),
    ("table", "burn_scanned"): ("burn_scanned", (bool,), "true or false"),
    ("table", "new_shoe_resets_roads"): ("new_shoe_resets_roads", (bool,), "true or false"),
    ("table", "language"): ("language", (str,), "one of en, zh, el, ru, ar"),
    ("driver", "url"): ("driver_url", (str,), "a driver URL such as sim:// or serial:///dev/..."),
    ("journal", "path"): ("journal_path", (str,), "a path to the journal database"),
    ("journal", "keep_days"): ("keep_days", (int,),
                               f"whole days, {KEEP_DAYS[0]} to {KEEP_DAYS[1]}"),
    ("journal", "archive_dir"): ("archive_dir", (str,), "a folder for the journal's archives"),
    ("journal", "min_free_days"): ("min_free_days", (int,), "whole days, 0 or more"),
    ("events", "path"): ("events_path", (str,), "a path for JSON-lines events, or -"),
    ("supervisor", "pin_hash"): ("pin_hash", (str,), "a PIN hash from 'baccarat-table hash-pin'"),
}


def load_config(path: str | Path) -> TableConfig:
    """Read and check a table config file; each message names it by its absolute path."""
    path = Path(path).absolute()
    document = read_toml(read_text(path, "config"), str(path), ConfigError)
    # Every path in the file is taken from the file's folder, wherever the program is started
    # from (an absolute one stays as it is): three tables whose configs each say
    # path = "journal.sqlite3" keep three journals. Absolute, so each message names the file.
    reader = SettingsReader(str(path), path.parent, ConfigError)
    values: dict[str, Any] = {}
    sections = sorted({section for section, _ in _KEYS} | {"feed", "reader"})
    reader.only(document, "", sections, "section")
    for section, table in document.items():
        if not isinstance(table, dict):
            raise reader.expected(section, f"a [{section}] table", table)
        for key, value in table.items():
            if isinstance(value, str) and "\0" in value:  # no path or name can hold one
                raise reader.fail(f"{section}.{key}", "holds a NUL byte (\\u0000)")
        if section in ("feed", "reader"):
            continue  # each checked as a whole below (the feed once the table id is known)
        reader.only(table, section, [k for s, k in _KEYS if s == section])
        for key in table:
            name, types, expected = _KEYS[section, key]
            values[name] = reader.get(table, f"{section}.{key}", types, expected)
    folder = path.parent
    profile = values.get("profile")
    if profile is not None and looks_like_path(profile):
        values["profile"] = str(folder / profile)
    if profile is not None:
        _check_profile(reader, values["profile"])
    for name in ("journal_path", "events_path", "archive_dir"):
        if values.get(name, "-").strip() not in ("", "-"):  # "-": standard output; "": refused
            values[name] = str(folder / values[name])
    config = TableConfig(**values)
    _check_values(reader, config)
    if "feed" in document:
        config = replace(config, feed=_feed(reader, document["feed"], config.table_id))
    if "reader" in document:
        config = replace(config, reader=custom_format(document["reader"], reader))
    return config


def _check_profile(reader: SettingsReader, profile: str) -> None:
    """Refuse a misspelt name or an unusable file at the key that names it."""
    try:
        load_profile(profile)
    except UserError as error:  # a ProfileError, or its file unreadable
        raise reader.fail("table.profile", str(error), profile) from None


def _feed(reader: SettingsReader, section: dict[str, Any], table_id: str) -> BrokerSettings:
    """``[feed]``: the broker (common.broker), the table's client id by default."""
    reader.only(section, "feed", ("url", *BROKER_KEYS))
    if "url" not in section:
        raise reader.fail("feed.url", f"missing: expected {URL_EXPECTED} (leave out [feed] for "
                          "no feed)")
    if any(mark in table_id for mark in TOPIC_MARKS):
        raise reader.fail("feed.url", f"the table id {table_id!r} cannot name an MQTT topic "
                          "level (no +, #, /, . or space): change table.id")
    return read_broker(reader, section, "feed", "url", section["url"], table_id)


def _check_values(reader: SettingsReader, config: TableConfig) -> None:
    def refuse(key: str, value: Any, reason: str) -> None:
        raise reader.fail(key, reason, value)

    reason = table_id_problem(config.table_id)
    if reason:
        refuse("table.id", config.table_id, reason)
    if config.betting not in ("land", "live"):
        refuse("table.betting", config.betting, "expected 'land' or 'live'")
    low, high = BETTING_SECONDS
    # Not "<= 0": inf and nan pass that, and overflow or close betting at once at run time.
    if not (math.isfinite(config.betting_seconds) and low <= config.betting_seconds <= high):
        refuse("table.betting_seconds", config.betting_seconds,
               f"expected {low} to {high} seconds")
    if config.language not in LANGUAGES:
        refuse("table.language", config.language, f"expected one of {', '.join(LANGUAGES)}")
    for key, value in (("journal.path", config.journal_path),
                       ("events.path", config.events_path),
                       ("journal.archive_dir", config.archive_dir)):
        if value is not None and not value.strip():
            # An empty path would quietly mean "no journal" (or no events file).
            refuse(key, value, "expected a path; leave the key out for none")
    low, high = KEEP_DAYS
    if config.keep_days is not None and not low <= config.keep_days <= high:
        refuse("journal.keep_days", config.keep_days,
               f"expected {low} to {high} days: a shorter retention is refused (regulators ask "
               "that much play to stay recallable), a longer one is a typo; leave the key out "
               "to keep everything")
    # No upper bound: it is only compared with the days the disk has room for, which any
    # whole number can be (more than a disk holds raises the alert at once, as meant).
    if config.min_free_days < 0:
        refuse("journal.min_free_days", config.min_free_days, "expected 0 days or more")
    if config.pin_hash is not None:
        try:
            check_pin_hash(config.pin_hash)
        except ValueError as error:
            # Not echoed: even part of a real hash lets a 4-digit PIN be found offline.
            raise reader.fail("supervisor.pin_hash", str(error), HIDDEN) from None
