"""The ``custom`` reader format: a site's own line format, given in the table's config.

The ``[reader]`` section (docs/protocol.md, "Adding a custom format") holds a regular
expression with the named groups ``rank`` and ``suit``, matched against each whole line
(blanks around it ignored, case-insensitive), maps from the device's tokens to ranks and
suits, optional ``no_read`` and ``alarm`` expressions, and an optional ``template``: how the
device writes a card, for the emulator, and checked at start by reading every card written
through it back. A format that cannot be compiled, leaves a rank or suit without a token or
maps two tokens to one card is refused, naming the key and its value (``ReaderFormatError``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from common.errors import UserError
from common.settings import SettingsError, SettingsReader
from drivers.base import CardRead, DeviceFault, Misread
from drivers.card_codes import ALL_CODES, RANKS, SUITS
from drivers.reader_formats import LineReader, ReaderEvent

KEYS = ("pattern", "ranks", "suits", "no_read", "alarm", "template")
NO_READ_RECORD = "??"  # what the emulator sends for a no-read, unless no_read matches it


class ReaderFormatError(SettingsError):
    """A ``[reader]`` key that cannot be used: the message names the key and its value."""


@dataclass(frozen=True)
class CustomFormat:
    pattern: re.Pattern[str]
    ranks: Mapping[str, str]  # the device's token (as the config writes it) -> rank
    suits: Mapping[str, str]  # -> suit (S H D C)
    no_read: re.Pattern[str] | None = None
    alarm: re.Pattern[str] | None = None
    template: str | None = None


def custom_format(section: Mapping[str, object],
                  reader: SettingsReader | None = None) -> CustomFormat:
    """The format a ``[reader]`` section describes; an error naming the bad key, raised by
    ``reader`` (the config file's) when given, else a ReaderFormatError."""
    read = reader or SettingsReader("", error=ReaderFormatError)
    read.only(section, "reader", KEYS)
    if "pattern" not in section:
        raise read.fail("reader.pattern", "missing: a regular expression with the named groups "
                        "(?P<rank>...) and (?P<suit>...)")
    pattern = _expression(read, section, "pattern")
    assert pattern is not None
    missing = [name for name in ("rank", "suit") if name not in pattern.groupindex]
    if missing:
        raise read.fail("reader.pattern", "needs the named groups (?P<rank>...) and "
                        f"(?P<suit>...); no {' or '.join(missing)} group", pattern.pattern)
    template = section.get("template")
    if template is not None and not (isinstance(template, str) and template.isascii()
                                     and "{rank}" in template and "{suit}" in template):
        raise read.expected("reader.template", "ASCII text holding {rank} and {suit}, like "
                            "'{suit}{rank}'", template)
    found = CustomFormat(
        pattern, _tokens(read, section, "ranks", RANKS, {"10": "T"}),
        _tokens(read, section, "suits", SUITS), _expression(read, section, "no_read"),
        _expression(read, section, "alarm"), template)
    if template is not None:
        _check_template(read, found)
    return found


def _expression(read: SettingsReader, section: Mapping[str, object], key: str
                ) -> re.Pattern[str] | None:
    if key not in section:
        return None
    text: str = read.text(section, f"reader.{key}", "a regular expression (text)")
    try:
        return re.compile(text, re.IGNORECASE)
    except re.error as error:
        raise read.fail(f"reader.{key}", f"cannot be compiled: {error}", text) from None


def _tokens(read: SettingsReader, section: Mapping[str, object], key: str, values: str,
            aliases: Mapping[str, str] | None = None) -> dict[str, str]:
    """The map ``key`` (token -> one of ``values``), each value with exactly one token;
    without the key, each value is its own token."""
    given = section.get(key)
    if given is None:
        return {value: value for value in values}
    if not isinstance(given, Mapping) or not given:
        raise read.expected(f"reader.{key}", f"a table of tokens, like {{ \"1\" = "
                            f"\"{values[0]}\" }}", given)

    def refuse(reason: str) -> SettingsError:
        return read.fail(f"reader.{key}", reason, dict(given))

    tokens: dict[str, str] = {}
    written: dict[str, str] = {}  # each token as the config writes it, for the messages
    for token, value in given.items():
        canonical = str(value).strip().upper() if isinstance(value, str) else ""
        canonical = (aliases or {}).get(canonical, canonical)
        if len(canonical) != 1 or canonical not in values:
            raise refuse(f"token {token!r} maps to {value!r}, not one of {' '.join(values)}")
        upper = token.strip().upper()
        if not upper or not upper.isascii():
            raise refuse(f"token {token!r}: expected ASCII text")
        if upper in tokens:
            raise refuse(f"token {token!r} given twice (tokens are case-insensitive)")
        twin = next((other for other, known in tokens.items() if known == canonical), None)
        if twin is not None:
            raise refuse(f"maps {written[twin]!r} and {token!r} to one {key[:-1]} {canonical}: "
                         "each needs a token of its own")
        tokens[upper], written[upper] = canonical, token
    left = [value for value in values if value not in tokens.values()]
    if left:
        raise refuse(f"no token for {' '.join(left)}")
    return {written[upper]: value for upper, value in tokens.items()}


def _check_template(read: SettingsReader, spec: CustomFormat) -> None:
    """Every card written through the template must read back as itself."""
    reader = CustomReader(spec)
    for code in ALL_CODES:
        written = reader.encode(code)
        event = reader.read(written.rstrip(b"\r\n"), 0.0)
        got = event.code if isinstance(event, CardRead) else "no card"
        if got != code:
            raise read.fail("reader.template", f"writes {code} as "
                            f"{written.strip().decode('ascii', 'replace')!r}, which the format "
                            f"reads as {got}", spec.template)


class CustomReader(LineReader):
    """Each line: a no-read, an alarm, a card by ``pattern``, or else a misread."""

    def __init__(self, spec: CustomFormat) -> None:
        super().__init__()
        self.spec = spec
        self._rank_token = {rank: token for token, rank in spec.ranks.items()}
        self._suit_token = {suit: token for token, suit in spec.suits.items()}
        # Tokens are case-insensitive (custom_format refused two that differ only in case).
        self._ranks = {token.strip().upper(): rank for token, rank in spec.ranks.items()}
        self._suits = {token.strip().upper(): suit for token, suit in spec.suits.items()}

    def read(self, raw: bytes, now: float) -> ReaderEvent:
        if not raw.isascii():
            return Misread(raw, now)
        text = raw.decode("ascii").strip()
        spec = self.spec
        if spec.no_read is not None and spec.no_read.fullmatch(text):
            return Misread(raw, now)
        if spec.alarm is not None and (alarm := spec.alarm.fullmatch(text)):
            told = alarm.groupdict().get("text")
            return DeviceFault(raw, "alarm", (told or text).strip(), now)
        card = spec.pattern.fullmatch(text)
        if card is None:
            return Misread(raw, now)
        rank = self._ranks.get((card["rank"] or "").strip().upper())
        suit = self._suits.get((card["suit"] or "").strip().upper())
        return Misread(raw, now) if rank is None or suit is None else CardRead(
            rank + suit, raw, now)

    def encode(self, code: str) -> bytes:
        template = self.spec.template
        if template is None:
            raise UserError("the [reader] section has no template: the emulator cannot write "
                            "this format")
        written = template.replace("{rank}", self._rank_token[code[0]]).replace(
            "{suit}", self._suit_token[code[1]])
        return written.encode("ascii") + b"\r\n"

    def unreadable(self) -> bytes:
        return NO_READ_RECORD.encode("ascii") + b"\r\n"
