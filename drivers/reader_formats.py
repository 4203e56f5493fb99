"""Listen-only card readers: the line formats of shoes and scanners casinos already own.

These devices only talk: no acknowledgement, no resend, no sequence numbers, no rescan
trigger, and they never report a new shoe or the cut card (the dealer does, at the table).
Each format is a pure parser like the scanner and shoe protocols (fed bytes in any chunking,
no I/O), and can also write what the device would send, for the emulator. Every token is
case-insensitive; whatever a format cannot read is a misread with its raw bytes, never a
default card. docs/protocol.md has the grammars, with a worked example each.

- ``suit-number``: a suit letter (``A`` spades, ``H`` hearts, ``C`` clubs, ``D`` diamonds)
  then a two-digit rank ``01``-``13``; ``D12`` is the queen of diamonds.
- ``checksum-hex``: ``*0D``, a suit hex digit (0 hearts, 1 diamonds, 2 clubs, 3 spades), a
  rank hex digit (1 ace ... A ten, B J, C Q, D K) and two hex digits: the sum of the four
  bytes after ``*`` modulo 256. ``*0D21D7`` is the ace of clubs.
- ``index``: four digits ``0000``-``0051``, suit block (clubs, hearts, diamonds, spades)
  times 13 plus rank - 1. ``0051`` is the king of spades.
"""

from __future__ import annotations

from drivers.base import CardRead, DeviceFault, Misread
from drivers.card_codes import RANKS
from drivers.protocol import Parsed, WireProtocol

ReaderEvent = CardRead | Misread | DeviceFault


class ListenOnlyReader(WireProtocol):
    """A device that only talks: nothing is written back to it, and a misread is passed
    again by the dealer. ``encode`` and ``unreadable`` are what it sends, for the emulator."""

    rescans_on_request = False

    def encode(self, code: str) -> bytes:
        """The record the device sends for the card ``code`` (canonical)."""
        raise NotImplementedError

    def unreadable(self) -> bytes:
        """A record the device sends that this format reads as a misread."""
        raise NotImplementedError


class LineReader(ListenOnlyReader):
    """One record a line (CR, LF or CRLF); ``read`` decides what each line is."""

    def feed(self, data: bytes, now: float) -> Parsed:
        parsed = Parsed()
        for raw, overlong in self.lines.feed(data):
            parsed.events.append(Misread(raw, now) if overlong else self.read(raw, now))
        return parsed

    def read(self, raw: bytes, now: float) -> ReaderEvent:
        code = self.decode(text) if (text := ascii_text(raw)) is not None else None
        return Misread(raw, now) if code is None else CardRead(code, raw, now)

    def decode(self, text: str) -> str | None:
        """The card code in one line (upper case, blanks stripped), or None."""
        raise NotImplementedError


def ascii_text(raw: bytes) -> str | None:
    """``raw`` as upper-case text without surrounding blanks, or None if not ASCII."""
    return raw.decode("ascii").strip().upper() if raw.isascii() else None


def rank_number(code: str) -> int:
    """1 for an ace ... 13 for a king."""
    return RANKS.index(code[0]) + 1


SUIT_LETTERS = {"A": "S", "H": "H", "C": "C", "D": "D"}  # A is spades in this family
LETTER_OF = {suit: letter for letter, suit in SUIT_LETTERS.items()}


class SuitNumberReader(LineReader):
    def decode(self, text: str) -> str | None:
        suit, number = SUIT_LETTERS.get(text[:1]), text[1:]
        if suit is None or len(number) != 2 or not number.isdigit():
            return None
        return RANKS[int(number) - 1] + suit if 1 <= int(number) <= 13 else None

    def encode(self, code: str) -> bytes:
        return f"{LETTER_OF[code[1]]}{rank_number(code):02d}\r\n".encode("ascii")

    def unreadable(self) -> bytes:
        return b"D14\r\n"  # no rank 14


class ChecksumHexReader(LineReader):
    SUIT_DIGITS = "HDCS"  # 0 hearts, 1 diamonds, 2 clubs, 3 spades
    HEAD = "*0D"

    def read(self, raw: bytes, now: float) -> ReaderEvent:
        # The sum is of the bytes as sent (the hex digits of the sum itself in either case).
        sent = raw.strip()
        if not (raw.isascii() and len(sent) == 7
                and checksum(sent[1:5].decode("ascii")) == sent[5:].decode("ascii").upper()):
            return Misread(raw, now)
        return super().read(raw, now)

    def decode(self, text: str) -> str | None:
        suit, rank = text[3], text[4]
        if not text.startswith(self.HEAD) or suit not in "0123" or rank not in "123456789ABCD":
            return None
        return RANKS[int(rank, 16) - 1] + self.SUIT_DIGITS[int(suit)]

    def encode(self, code: str) -> bytes:
        body = f"0D{self.SUIT_DIGITS.index(code[1])}{rank_number(code):X}"
        return f"*{body}{checksum(body)}\r\n".encode("ascii")

    def unreadable(self) -> bytes:
        good = self.encode("AC")
        return good[:5] + b"00\r\n"  # the ace of clubs with a wrong checksum


def checksum(body: str) -> str:
    """Two upper-case hex digits: the sum of ``body``'s bytes modulo 256."""
    return f"{sum(body.encode('ascii')) % 256:02X}"


class IndexReader(LineReader):
    SUIT_BLOCKS = "CHDS"  # clubs, hearts, diamonds, spades

    def decode(self, text: str) -> str | None:
        if len(text) != 4 or not text.isdigit() or int(text) > 51:
            return None
        block, rank = divmod(int(text), 13)
        return RANKS[rank] + self.SUIT_BLOCKS[block]

    def encode(self, code: str) -> bytes:
        index = self.SUIT_BLOCKS.index(code[1]) * 13 + rank_number(code) - 1
        return f"{index:04d}\r\n".encode("ascii")

    def unreadable(self) -> bytes:
        return b"0052\r\n"
