"""Driver URLs: ``scheme://path?option=value&...``, checked against what the scheme accepts.

Every mistake is a DriverError that names the bad part and lists the valid choices, so a
typo in a configuration file is fixed from the message alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl

from common.errors import UserError
from common.url import split_url
from drivers.base import DriverError


@dataclass(frozen=True, slots=True)
class DriverUrl:
    """A parsed driver URL; ``options`` holds the raw text of each ``option=value``."""

    text: str
    scheme: str
    path: str
    options: Mapping[str, str]

    @classmethod
    def parse(cls, text: str) -> DriverUrl:
        try:
            parts = split_url(text)
        except UserError as error:
            raise DriverError(f"driver URL {text!r}: {error}") from None
        if not parts.scheme or "://" not in text:
            raise DriverError(f"driver URL {text!r} has no scheme (expected scheme://...)")
        options: dict[str, str] = {}
        for name, value in parse_qsl(parts.query, keep_blank_values=True):
            if name in options:
                raise DriverError(f"driver URL {text!r}: option {name!r} given twice")
            options[name] = value
        # serial:///dev/ttyUSB0 has an empty host; replay://shoe.txt puts a relative path there.
        return cls(text, parts.scheme.lower(), parts.netloc + parts.path, options)

    def with_defaults(self, defaults: Mapping[str, str]) -> DriverUrl:
        """The URL with ``defaults`` for the options it does not give; errors still quote the
        URL as it was typed."""
        return DriverUrl(self.text, self.scheme, self.path, {**defaults, **self.options})

    def check_options(self, valid: Mapping[str, str]) -> None:
        """Raise DriverError for the first option not in ``valid`` (name -> help)."""
        for name in self.options:
            if name not in valid:
                listing = ", ".join(f"{key} ({meaning})" for key, meaning in valid.items())
                raise DriverError(
                    f"driver URL {self.text!r}: unknown option {name!r} for {self.scheme}://; "
                    f"valid options: {listing or 'none'}"
                )

    def _bad(self, name: str, expected: str) -> DriverError:
        return DriverError(
            f"driver URL {self.text!r}: option {name}={self.options[name]!r} is not {expected}"
        )

    def integer(self, name: str, default: int | None, low: int, high: int) -> int | None:
        if name not in self.options:
            return default
        try:
            value = int(self.options[name])
        except ValueError:
            raise self._bad(name, f"a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise self._bad(name, f"a whole number from {low} to {high}")
        return value

    def number(self, name: str, default: float, low: float, high: float) -> float:
        if name not in self.options:
            return default
        try:
            value = float(self.options[name])
        except ValueError:
            raise self._bad(name, f"a number from {low:g} to {high:g}") from None
        if not low <= value <= high:  # also rejects nan
            raise self._bad(name, f"a number from {low:g} to {high:g}")
        return value

    def choice(self, name: str, default: str, choices: tuple[str, ...]) -> str:
        value = self.options.get(name, default)
        if value not in choices:
            raise self._bad(name, f"one of {', '.join(choices)}")
        return value

    def hex_bytes(self, name: str, default: bytes) -> bytes:
        if name not in self.options:
            return default
        try:
            value = bytes.fromhex(self.options[name])
        except ValueError:
            raise self._bad(name, "hex bytes such as 16540D") from None
        if not value:
            raise self._bad(name, "hex bytes such as 16540D")
        return value

    def text_value(self, name: str, default: str) -> str:
        value = self.options.get(name, default)
        if not value or not value.isascii() or not value.isprintable():
            raise self._bad(name, "printable ASCII text")
        return value
