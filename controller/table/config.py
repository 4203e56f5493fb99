"""The table config file (TOML): table id, profile, driver, betting mode, PIN hash, paths, and
a site's own card-reader format (``[reader]``, drivers.custom_format).

Every key is checked at start: an unknown section or key, or a value of the wrong type or out
of range, is refused with the file, the key and the reason.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from controller.game.profiles import load_profile, looks_like_path
from controller.table.feed_settings import FeedSettings, FeedSettingsError, parse_feed
from controller.table.supervisor import check_pin_hash
from controller.table.table_id import table_id_problem
from drivers.custom_format import CustomFormat, ReaderFormatError, custom_format
from drivers.errors import UserError
from drivers.user_paths import read_text

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
    feed: FeedSettings | None = None  # None: no floor feed (the default)
    keep_days: int | None = None  # None: the live journal keeps everything (the default)
    archive_dir: str | None = None  # None: "archive" beside the journal
    min_free_days: int = 30  # the disk alert's threshold, in days of journal writes
    reader: CustomFormat | None = None  # [reader]: the format serial://...?protocol=custom reads

    @property
    def live(self) -> bool:
        return self.betting == "live"


class ConfigError(UserError):
    """A config file that cannot be used; the message names the file and the key."""


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
    try:
        document = tomllib.loads(read_text(path, "config"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML: {error}") from error
    values: dict[str, Any] = {}
    sections = sorted({section for section, _ in _KEYS} | {"feed", "reader"})
    for section, table in document.items():
        if section not in sections:
            raise ConfigError(f"{path}: unknown section [{section}] (valid: {', '.join(sections)})")
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: {section} must be a [{section}] table")
        for key, value in table.items():
            if isinstance(value, str) and "\0" in value:  # no path or name can hold one
                raise ConfigError(f"{path}: {section}.{key}: holds a NUL byte (\\u0000)")
        if section in ("feed", "reader"):
            continue  # each checked as a whole below (the feed once the table id is known)
        for key, value in table.items():
            spec = _KEYS.get((section, key))
            if spec is None:
                valid = ", ".join(k for s, k in _KEYS if s == section)
                raise ConfigError(f"{path}: unknown key {section}.{key} (valid: {valid})")
            name, types, expected = spec
            if not isinstance(value, types) or (bool in types) != isinstance(value, bool):
                raise ConfigError(f"{path}: {section}.{key} = {shown(value)}: expected {expected}")
            values[name] = value
    # Every path in the file is taken from the file's folder, wherever the program is started
    # from (an absolute one stays as it is): three tables whose configs each say
    # path = "journal.sqlite3" keep three journals. Absolute, so each message names the file.
    folder = path.parent
    profile = values.get("profile")
    if profile is not None and looks_like_path(profile):
        values["profile"] = str(folder / profile)
    if profile is not None:
        _check_profile(path, values["profile"])
    for name in ("journal_path", "events_path", "archive_dir"):
        if values.get(name, "-").strip() not in ("", "-"):  # "-": standard output; "": refused
            values[name] = str(folder / values[name])
    config = TableConfig(**values)
    _check_values(path, config)
    if "feed" in document:
        config = replace(config, feed=_feed(path, document["feed"], config.table_id))
    if "reader" in document:
        config = replace(config, reader=_reader(path, document["reader"]))
    return config


def _reader(path: Path, section: dict[str, Any]) -> CustomFormat:
    try:
        return custom_format(section)
    except ReaderFormatError as error:
        value = "" if error.value is None else f" = {shown(error.value)}"
        raise ConfigError(f"{path}: reader.{error.key}{value}: {error.reason}") from None


def _check_profile(path: Path, profile: str) -> None:
    """Refuse a misspelt name or an unusable file at the key that names it."""
    try:
        load_profile(profile)
    except UserError as error:  # a ProfileError, or its file unreadable
        raise ConfigError(f"{path}: table.profile = {shown(profile)}: {error}") from None


def _feed(path: Path, section: dict[str, Any], table_id: str) -> FeedSettings:
    try:
        return parse_feed(section, table_id, path.parent)
    except FeedSettingsError as error:
        value = f" = {shown(error.value)}" if error.shown and error.value is not None else ""
        raise ConfigError(f"{path}: feed.{error.key}{value}: {error.reason}") from None


def shown(value: Any) -> str:
    """``value`` as the error line shows it: its repr, cut short so the line stays one line."""
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text)} characters)"


def _check_values(path: Path, config: TableConfig) -> None:
    def refuse(key: str, value: Any, reason: str) -> None:
        raise ConfigError(f"{path}: {key} = {shown(value)}: {reason}")

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
            raise ConfigError(f"{path}: supervisor.pin_hash (value not shown): {error}") from None
