"""Settings read key by key: the table's config file (``[table]``, ``[journal]``, ``[feed]``,
``[reader]`` ...), the pit's ``[pit]`` and its options, and the table profiles all go through
``SettingsReader``, so that every error names the file, the key and the value one way::

    /etc/baccarat/table.toml: journal.keep_days = 30: expected 90 to 36500 days
    /etc/baccarat/table.toml: feed.url: missing: expected mqtt://HOST[:PORT] ...
    --listen = 'nowhere': expected HOST:PORT

The value is shown as Python writes it, cut short (``shown``); a value that may hold a secret
is not shown, and the line says so (``supervisor.pin_hash (value not shown): ...``). An option
standing in for a key is named as the option, without the file.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from common.errors import UserError
from common.user_paths import PathError, read_password

HIDDEN = object()  # a value given but not to be shown (it may hold a secret)
_NONE = object()  # no value to show: the key is missing, or its value is not the point


class SettingsError(UserError):
    """A setting that cannot be used; the message names the file, the key and the value
    (module docstring). ``key`` and ``reason`` are also kept apart."""

    def __init__(self, message: str, key: str = "", reason: str = "") -> None:
        super().__init__(message)
        self.key, self.reason = key, reason


def shown(value: Any) -> str:
    """``value`` as an error line shows it: its repr, cut short so the line stays one line."""
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text)} characters)"


def read_toml(text: str, source: str, error: type[SettingsError] = SettingsError
              ) -> dict[str, Any]:
    """The TOML document ``text``; ``error`` naming ``source`` and the line if it is not one."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{source}: not valid TOML: {problem}") from None


class SettingsReader:
    """Reads the tables of one settings file. Keys are written in full (``bets.tie.pays``) and
    looked up by their last part in the table passed with them. ``base`` is the folder a
    relative path is taken from (the file's); ``options`` the keys given on the command line
    instead, each with its option (named so, their paths taken from the working folder);
    ``error`` the class raised."""

    def __init__(self, source: str, base: Path | None = None,
                 error: type[SettingsError] = SettingsError,
                 options: Mapping[str, str] | None = None) -> None:
        self.source, self.error = source, error
        self.base = Path.cwd() if base is None else base
        self.options = options or {}

    def fail(self, key: str, reason: str, value: Any = _NONE) -> SettingsError:
        """The error for ``key``: ``value`` shown unless left out or HIDDEN."""
        name = key.rsplit(".", 1)[-1]
        label = self.options.get(name, key)
        if value is HIDDEN:
            label += " (value not shown)"
        elif value is not _NONE:
            label += f" = {shown(value)}"
        where = f"{self.source}: " if self.source and name not in self.options else ""
        return self.error(f"{where}{label}: {reason}", key, reason)

    def expected(self, key: str, expected: str, value: Any) -> SettingsError:
        """``expected`` was not given: ``value`` is wrong, or missing when None."""
        if value is None:
            return self.fail(key, f"missing: expected {expected}")
        return self.fail(key, f"expected {expected}", value)

    def unknown(self, key: str, what: str, known: Iterable[str]) -> SettingsError:
        return self.fail(key, f"unknown {what} (valid: {', '.join(known)})")

    def table(self, data: Mapping[str, Any], key: str, known: Iterable[str],
              what: str = "key") -> Mapping[str, Any]:
        """The table ``key``; an error for it missing, not a table, or holding a key not in
        ``known`` (``what`` such a key is: a key, a bet)."""
        value = data.get(key.rsplit(".", 1)[-1])
        if not isinstance(value, dict):
            raise self.expected(key, "a table", value)
        known = tuple(known)
        self.only(value, key, known, what)
        return value

    def only(self, data: Mapping[str, Any], key: str, known: Collection[str],
             what: str = "key") -> None:
        """An error for the first key of the table ``key`` not in ``known``."""
        for inner in data:
            if inner not in known:
                raise self.unknown(f"{key}.{inner}" if key else inner, what, known)

    def get(self, data: Mapping[str, Any], key: str, kind: type | tuple[type, ...],
            expected: str) -> Any:
        """The value of ``key``, of ``kind`` (true and false only when ``kind`` is bool)."""
        return self.of_kind(key, data.get(key.rsplit(".", 1)[-1]), kind, expected)

    def of_kind(self, key: str, value: Any, kind: type | tuple[type, ...], expected: str) -> Any:
        """``value``, the value of ``key``, if it is of ``kind`` (as ``get``)."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or isinstance(value, bool) != (bool in kinds):
            raise self.expected(key, expected, value)
        return value

    def text(self, data: Mapping[str, Any], key: str, expected: str) -> str:
        """A string that is not blank."""
        value: str = self.get(data, key, str, expected)
        if not value.strip():
            raise self.expected(key, expected, value)
        return value

    def whole(self, data: Mapping[str, Any], key: str, low: int, high: int,
              expected: str | None = None) -> int:
        """A whole number from ``low`` to ``high``."""
        return self.whole_value(key, data.get(key.rsplit(".", 1)[-1]), low, high, expected)

    def whole_value(self, key: str, value: Any, low: int, high: int,
                    expected: str | None = None) -> int:
        """``value``, the value of ``key``, if it is a whole number from ``low`` to ``high``."""
        expected = expected or f"a whole number {low} to {high}"
        number: int = self.of_kind(key, value, int, expected)
        if not low <= number <= high:
            raise self.expected(key, expected, number)
        return number

    def whole_or(self, data: Mapping[str, Any], key: str, bounds: tuple[int, int],
                 default: int) -> int:
        """A whole number within ``bounds``, or ``default`` when the key is absent."""
        return self.whole(data, key, *bounds) if key.rsplit(".", 1)[-1] in data else default

    def path(self, data: Mapping[str, Any], key: str, expected: str) -> Path:
        """A path, taken from the file's folder (an option's from the working folder)."""
        name = key.rsplit(".", 1)[-1]
        return (Path.cwd() if name in self.options else self.base) / self.text(
            data, key, expected)

    def file(self, data: Mapping[str, Any], key: str, expected: str) -> str:
        """The path of a file this user can read, as ``path`` takes it."""
        path = self.path(data, key, expected)
        if not path.is_file():
            raise self.fail(key, "no such file", str(path))
        if not os.access(path, os.R_OK):
            raise self.fail(key, "cannot be read by this user", str(path))
        return str(path)

    def password_file(self, data: Mapping[str, Any], key: str, expected: str) -> str:
        """A file holding a password that can be read now (``read_password``); an error names
        the file, never its content."""
        path = self.file(data, key, expected)
        try:
            read_password(path, key)
        except PathError as error:
            raise self.fail(key, error.reason, path) from None
        return path
