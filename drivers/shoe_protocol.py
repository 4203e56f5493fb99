"""The ``shoe`` wire protocol: a smart shoe sending NMEA-style frames with checksums.

Frames are ``$<body>*<XX>\\r\\n`` where XX is the upper-case hex XOR of every byte between
``$`` and ``*``. Shoe to controller:

- ``$C,<seq>,<code>`` a card (``code`` is a card code or ``CUT``);
- ``$M,<seq>`` the shoe's own no-read.

Controller to shoe:

- ``$A,<seq>`` acknowledged: the card is safely recorded, send the next;
- ``$N,<seq>`` bad checksum or bad frame: send it again.

``seq`` runs 0-999 and wraps. The shoe resends a frame until it is acknowledged, so a frame
identical to the one just delivered is a resend: it is delivered once, and answered again
with ``$A`` if the controller had already acknowledged it (the first ``$A`` was lost). The
same seq with another card is a new card: a shoe that was power-cycled starts again at 0. Three bad
frames in a row are a misread. The driver itself acknowledges the cut card and ``$M``,
since the controller has nothing to record for them but the event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drivers.base import CardRead, CutCardSeen, Misread
from drivers.card_codes import CardCodeError, parse_card_code
from drivers.protocol import Parsed, WireProtocol

SEQ_MODULO = 1000
BAD_FRAMES_FOR_MISREAD = 3
CUT = "CUT"
_FIELD_COUNTS = {"C": 3, "M": 2, "A": 2, "N": 2}
_SEQ = re.compile(rb"^\$[A-Z],(\d{1,3})[,*]")


class FrameError(ValueError):
    """A line that is not a well-formed frame; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Frame:
    kind: str  # C, M, A or N
    seq: int
    code: str | None = None  # canonical card code or CUT, for C frames


def checksum(body: bytes) -> str:
    """Two upper-case hex digits: the XOR of every byte of ``body``."""
    value = 0
    for byte in body:
        value ^= byte
    return f"{value:02X}"


def encode_frame(kind: str, seq: int, code: str | None = None) -> bytes:
    body = f"{kind},{seq % SEQ_MODULO}" + (f",{code}" if code is not None else "")
    data = body.encode("ascii")
    return b"$" + data + b"*" + checksum(data).encode("ascii") + b"\r\n"


def decode_frame(line: bytes) -> Frame:
    """The frame in one line (without its line end); raises FrameError saying why not."""
    if not line.startswith(b"$"):
        raise FrameError("does not start with $")
    if len(line) < 4 or line[-3:-2] != b"*":
        raise FrameError("no *XX checksum at the end")
    body, given = line[1:-3], line[-2:]
    if given != checksum(body).encode("ascii"):
        raise FrameError(f"checksum {given!r} should be {checksum(body)}")
    if not body.isascii():
        raise FrameError("non-ASCII body")
    fields = body.decode("ascii").split(",")
    kind = fields[0]
    if _FIELD_COUNTS.get(kind) != len(fields):
        raise FrameError(f"unknown frame type or wrong field count in {body!r}")
    seq_text = fields[1]
    if not (seq_text.isdigit() and seq_text.isascii() and len(seq_text) <= 3):
        raise FrameError(f"sequence number {seq_text!r} is not 0-999")
    code = None
    if kind == "C":
        code = fields[2]
        if code != CUT:
            try:
                code = parse_card_code(code)
            except CardCodeError as error:
                raise FrameError(str(error)) from None
    return Frame(kind, int(seq_text), code)


class ShoeProtocol(WireProtocol):
    """The controller's side of the shoe protocol."""

    def __init__(self, max_line: int = 64) -> None:
        super().__init__(max_line)
        self._last_seq: int | None = None  # the seq last delivered (card, cut or no-read)
        self._last_raw = b""  # and its frame: the same seq with other content is a new card
        self._last_acked = False
        self._bad_in_row = 0

    def feed(self, data: bytes, now: float) -> Parsed:
        parsed = Parsed()
        for raw, overlong in self.lines.feed(data):
            try:
                if overlong:
                    raise FrameError("line too long")
                frame = decode_frame(raw)
                if frame.kind not in ("C", "M"):
                    raise FrameError(f"a shoe does not send ${frame.kind} frames")
            except FrameError:
                self._bad_frame(raw, now, parsed)
                continue
            self._bad_in_row = 0
            self._good_frame(frame, raw, now, parsed)
        return parsed

    def _good_frame(self, frame: Frame, raw: bytes, now: float, parsed: Parsed) -> None:
        if raw == self._last_raw:  # a resend of what was delivered
            if self._last_acked:
                parsed.replies.append(encode_frame("A", frame.seq))
            return
        self._last_seq, self._last_raw, self._last_acked = frame.seq, raw, False
        if frame.kind == "M":
            parsed.events.append(Misread(raw, now))
        elif frame.code == CUT:
            parsed.events.append(CutCardSeen(raw, now))
        else:
            parsed.events.append(CardRead(frame.code or "", raw, now))
            return
        self._last_acked = True
        parsed.replies.append(encode_frame("A", frame.seq))

    def _bad_frame(self, raw: bytes, now: float, parsed: Parsed) -> None:
        match = _SEQ.match(raw)
        if match:
            seq = int(match.group(1))
        else:  # the frame the shoe is most likely (re)sending
            seq = 0 if self._last_seq is None else (self._last_seq + 1) % SEQ_MODULO
        parsed.replies.append(encode_frame("N", seq))
        self._bad_in_row += 1
        if self._bad_in_row == BAD_FRAMES_FOR_MISREAD:
            self._bad_in_row = 0
            parsed.events.append(Misread(raw, now))

    def acknowledge(self, event: CardRead | CutCardSeen) -> bytes:
        try:
            seq = decode_frame(event.raw.rstrip(b"\r\n")).seq
        except FrameError:
            return b""  # not a frame of ours
        if seq == self._last_seq:
            self._last_acked = True
        return encode_frame("A", seq)

    def rescan(self) -> bytes:
        """Ask for the pending frame again rather than waiting for the shoe's timeout."""
        seq = 0 if self._last_seq is None else (self._last_seq + 1) % SEQ_MODULO
        return encode_frame("N", seq)
