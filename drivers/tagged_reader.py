"""The ``tagged`` reader format: records inside a byte stream, with no line ends.

Each record is `` [MODE]<BODY> `` (blanks between records are ignored). MODE is the shoe's
operating mode, ``Game``, ``Manual Burn Cards`` or ``GameAlarm`` (not a burn: which card is a
burn the table knows from where the shoe stands). BODY is:

- ``Card:XY``: a card, rank then suit (``4S``, ``TH``, ``10C``) or suit then rank (``H3``);
- ``Game``: a card the shoe could not read (a misread);
- ``Alarm:TEXT``: a device alarm with its text (a ``DeviceFault``);
- ``W0xNN``: a device warning code (a ``DeviceFault``), also without a ``[MODE]``.

Every token is case-insensitive. Anything else is a misread with its raw bytes. A record is
never longer than ``MAX_RECORD`` bytes; bytes that are no record (noise, a record broken
off) are one misread up to where the next record may start (``[``, or a ``<`` other than the
one after a broken record's own mode), at most ``MAX_RECORD`` of them kept, so memory stays
bounded and the stream recovers at the next record whatever the chunking.
"""

from __future__ import annotations

import re

from drivers.base import CardRead, DeviceFault, Misread
from drivers.card_codes import CardCodeError, parse_card_code
from drivers.protocol import Parsed
from drivers.reader_formats import ListenOnlyReader, ReaderEvent

MAX_MODE, MAX_BODY = 24, 32
MAX_RECORD = MAX_MODE + MAX_BODY + 4  # [ ] < >
CARD_MODES = ("GAME", "MANUAL BURN CARDS")
MODES = (*CARD_MODES, "GAMEALARM")
_FREE = rb"[^\[\]<>]"  # a mode's or a body's byte
RECORD = re.compile(rb"(?:\[(%s{0,%d})\])?<(%s{0,%d})>" % (_FREE, MAX_MODE, _FREE, MAX_BODY))
# The beginning of a record whose end has not come yet.
OPENING = re.compile(rb"\[%s{0,%d}(?:\](?:<%s{0,%d})?)?|<%s{0,%d}"
                     % (_FREE, MAX_MODE, _FREE, MAX_BODY, _FREE, MAX_BODY))
_STARTS = re.compile(rb"[\[<]")
_MODE = re.compile(rb"\[%s{0,%d}\]<" % (_FREE, MAX_MODE))  # a record's mode and its body's <
_BLANKS = b" \t\r\n"
WARNING = re.compile(r"W0X[0-9A-F]{2}")


class TaggedReader(ListenOnlyReader):
    def __init__(self) -> None:
        super().__init__(MAX_RECORD)
        self._pending = b""
        self._skipping = False  # inside noise longer than MAX_RECORD, already reported

    def connection_reset(self) -> None:
        super().connection_reset()
        self._pending, self._skipping = b"", False

    @property
    def pending(self) -> int:
        """Bytes held while waiting for the rest of a record (never more than MAX_RECORD)."""
        return len(self._pending)

    def feed(self, data: bytes, now: float) -> Parsed:
        parsed = Parsed()
        buffer = self._pending + data
        while buffer:
            if self._skipping:  # the rest of noise already reported: up to the next record
                start = _STARTS.search(buffer)
                if start is None:
                    buffer = b""
                    break
                buffer, self._skipping = buffer[start.start():], False
            buffer = buffer.lstrip(_BLANKS)
            record = RECORD.match(buffer)
            if record is not None:
                parsed.events.append(self.read(record[0], now))
                buffer = buffer[record.end():]
                continue
            if not buffer or OPENING.fullmatch(buffer):
                break  # the rest of the record is still to come
            head = _MODE.match(buffer)  # a record broken off in its body: its < is no start
            start = _STARTS.search(buffer, head.end() if head else 1)
            if start is not None:  # noise, or a record broken off, before the next record
                parsed.events.append(Misread(buffer[: min(start.start(), MAX_RECORD)], now))
                buffer = buffer[start.start():]
            elif len(buffer) > MAX_RECORD:  # noise too long to keep: report it, skip the rest
                parsed.events.append(Misread(buffer[:MAX_RECORD], now))
                buffer, self._skipping = b"", True
            else:
                break  # noise with no record after it yet
        self._pending = buffer
        return parsed

    def read(self, raw: bytes, now: float) -> ReaderEvent:
        """The event of one whole record."""
        record = RECORD.fullmatch(raw)
        if record is None or not raw.isascii():
            return Misread(raw, now)
        mode = None if record[1] is None else record[1].decode("ascii").strip().upper()
        body = record[2].decode("ascii").strip()
        kind, _, value = body.partition(":")
        kind = kind.strip().upper()
        if WARNING.fullmatch(body.upper()) and mode in (None, *MODES):
            return DeviceFault(raw, "warning", body, now)
        if mode not in MODES:
            return Misread(raw, now)
        if kind == "ALARM":
            return DeviceFault(raw, "alarm", value.strip(), now)
        if kind == "CARD" and mode in CARD_MODES:
            code = card_of(value)
            if code is not None:
                return CardRead(code, raw, now)
        return Misread(raw, now)  # <Game> (the shoe's own no-read) and anything else

    def encode(self, code: str) -> bytes:
        rank = "10" if code[0] == "T" else code[0]
        return f" [Game]<Card:{rank}{code[1]}> ".encode("ascii")

    def unreadable(self) -> bytes:
        return b" [Game]<Game> "


def card_of(text: str) -> str | None:
    """The card in ``XY``: rank then suit, or suit then rank; None if neither."""
    text = text.strip().upper()
    for candidate in (text, text[1:] + text[:1]):
        try:
            return parse_card_code(candidate)
        except CardCodeError:
            continue
    return None
