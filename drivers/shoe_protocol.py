"""The ``shoe`` wire protocol: a smart shoe sending NMEA-style frames with checksums.

Frames are ``$<body>*<XX>\\r\\n`` where XX is the upper-case hex XOR of every byte between
``$`` and ``*``. Shoe to controller:

- ``$C,<seq>,<code>`` a card (``code`` is a card code or ``CUT``);
- ``$M,<seq>`` the shoe's own no-read;
- ``$S,<seq>`` a freshly shuffled shoe is loaded.

Controller to shoe:

- ``$A,<seq>`` acknowledged: the frame is safely recorded, send the next;
- ``$N,<seq>`` bad checksum or bad frame: send it again.

``seq`` runs 0-999 and wraps; the shoe resends a frame until it is acknowledged. The driver
judges each good frame by its seq against the last one delivered (docs/protocol.md has the
table): the next seq (or any seq ahead, within half the ring) is new and delivered; the last
frame again is a resend, answered ``$A`` if already recorded and never delivered twice; an
older seq is answered ``$A`` and dropped; the last seq with other content is a conflict, a
misread and never a second card. Right after the port (re)opens, seq 0 is a power-cycled
shoe, so it is new. Cards, the cut card and ``$S`` are acknowledged by the controller once
recorded; ``$M`` and conflicts by the driver, since there is nothing for the shoe to keep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drivers.base import CardRead, CutCardSeen, Misread, Recordable, ShoeShuffled
from drivers.card_codes import CardCodeError, parse_card_code
from drivers.protocol import Parsed, WireProtocol

SEQ_MODULO = 1000
HALF_RING = SEQ_MODULO // 2
BAD_FRAMES_FOR_MISREAD = 3
CUT = "CUT"
_FIELD_COUNTS = {"C": 3, "M": 2, "S": 2, "A": 2, "N": 2}
SHOE_FRAMES = ("C", "M", "S")  # what a shoe sends; A and N go the other way
_SEQ = re.compile(rb"^\$[A-Z],(\d{1,3})[,*]")


class FrameError(ValueError):
    """A line that is not a well-formed frame; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Frame:
    kind: str  # C, M, S, A or N
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
        self._last: Frame | None = None  # the frame last delivered (or primed)
        self._seen: set[bytes] = set()  # every frame read under its seq: again is a resend
        self._last_acked = False
        self._reopened = True  # no good frame yet since the port (re)opened
        self._bad_in_row = 0
        self._rescan_due = False  # the last thing delivered is a misread not yet answered

    def connection_reset(self) -> None:
        super().connection_reset()
        self._reopened = True

    def prime(self, last_recorded: bytes) -> None:
        raw = last_recorded.rstrip(b"\r\n")
        try:
            frame = decode_frame(raw)
        except FrameError:
            return  # not a shoe frame (a scanner's read, a card typed in): nothing to resend
        if frame.kind in SHOE_FRAMES:
            self._last, self._seen, self._last_acked = frame, {raw}, True

    def feed(self, data: bytes, now: float) -> Parsed:
        parsed = Parsed()
        for raw, overlong in self.lines.feed(data):
            try:
                if overlong:
                    raise FrameError("line too long")
                frame = decode_frame(raw)
                if frame.kind not in SHOE_FRAMES:
                    raise FrameError(f"a shoe does not send ${frame.kind} frames")
            except FrameError:
                self._bad_frame(raw, now, parsed)
                continue
            self._bad_in_row = 0
            self._rescan_due = False
            self._good_frame(frame, raw, now, parsed)
        return parsed

    def _good_frame(self, frame: Frame, raw: bytes, now: float, parsed: Parsed) -> None:
        reopened, self._reopened = self._reopened, False
        last = self._last
        if last is None or (reopened and frame.seq == 0):  # first ever, or power-cycled
            self._deliver(frame, raw, now, parsed)
        elif raw in self._seen:  # a resend: the shoe has not seen our $A
            if self._last_acked:
                parsed.replies.append(encode_frame("A", frame.seq))
        elif frame.seq == last.seq:  # two readings under one number: count neither twice
            self._seen.add(raw)
            self._last_acked = True
            self._misread(raw, now, parsed)
            parsed.replies.append(encode_frame("A", frame.seq))
        elif (frame.seq - last.seq) % SEQ_MODULO > HALF_RING:  # behind: recorded long ago
            parsed.replies.append(encode_frame("A", frame.seq))
        else:  # the next frame, or one further ahead: a card that may be real is delivered
            self._deliver(frame, raw, now, parsed)

    def _deliver(self, frame: Frame, raw: bytes, now: float, parsed: Parsed) -> None:
        self._last, self._seen, self._last_acked = frame, {raw}, False
        if frame.kind == "M":
            self._last_acked = True
            self._misread(raw, now, parsed)
            parsed.replies.append(encode_frame("A", frame.seq))
        elif frame.kind == "S":
            parsed.events.append(ShoeShuffled(raw, now))
        elif frame.code == CUT:
            parsed.events.append(CutCardSeen(raw, now))
        else:
            parsed.events.append(CardRead(frame.code or "", raw, now, frame.seq))

    def _misread(self, raw: bytes, now: float, parsed: Parsed) -> None:
        parsed.events.append(Misread(raw, now))
        self._rescan_due = True

    def _bad_frame(self, raw: bytes, now: float, parsed: Parsed) -> None:
        match = _SEQ.match(raw)
        seq = int(match.group(1)) if match else self._expected_seq()
        parsed.replies.append(encode_frame("N", seq))
        self._bad_in_row += 1
        if self._bad_in_row == BAD_FRAMES_FOR_MISREAD:
            self._bad_in_row = 0
            self._misread(raw, now, parsed)

    def _expected_seq(self) -> int:
        """The seq of the frame the shoe is most likely (re)sending."""
        return 0 if self._last is None else (self._last.seq + 1) % SEQ_MODULO

    def acknowledge(self, event: Recordable) -> bytes:
        raw = event.raw.rstrip(b"\r\n")
        try:
            seq = decode_frame(raw).seq
        except FrameError:
            return b""  # not a frame of ours
        if raw in self._seen:
            self._last_acked = True
        return encode_frame("A", seq)

    def rescan(self) -> bytes:
        """Ask for the pending frame at once rather than after the shoe's timeout, once per
        misread: after a good frame there is nothing to read again."""
        if not self._rescan_due:
            return b""
        self._rescan_due = False
        return encode_frame("N", self._expected_seq())
