"""The ``shoe`` wire protocol: a smart shoe sending NMEA-style frames with checksums.

Frames are ``$<body>*<XX>\\r\\n`` where XX is the upper-case hex XOR of every byte between
``$`` and ``*``. Shoe to controller:

- ``$C,<seq>,<code>`` a card (``code`` is a card code or ``CUT``);
- ``$M,<seq>`` the shoe's own no-read;
- ``$S,<seq>`` a freshly shuffled shoe is loaded.

Controller to shoe:

- ``$A,<seq>`` acknowledged: the frame is safely recorded, send the next;
- ``$N,<seq>`` bad checksum or bad frame: send it again.

``seq`` runs 0-999 and wraps; the shoe resends a frame until it is acknowledged and sends
the next (seq + 1) only then. The driver judges each good frame by its seq against the last one
read (docs/protocol.md has the table): the last frame again is a resend, answered ``$A`` if
already recorded and never delivered twice; the next seq is new and delivered; so is seq 0 as
the first frame after the port (re)opened, a shoe power-cycled while away. Anything else (a seq
that goes back, jumps ahead, or repeats the last with other content) cannot be placed: it is
delivered after an ``OutOfSequence`` naming both numbers, so the table records it and holds,
and the numbering goes on from it. Cards, the cut card and ``$S`` are acknowledged by the
controller once recorded; ``$M`` by the driver, since there is nothing for the shoe to keep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from common.errors import DataError
from drivers.base import (
    CardRead,
    CutCardSeen,
    Misread,
    OutOfSequence,
    Recordable,
    ShoeShuffled,
)
from drivers.card_codes import CUT, CardCodeError, parse_card_code
from drivers.protocol import Parsed, WireProtocol

SEQ_MODULO = 1000
HALF_RING = SEQ_MODULO // 2
BAD_FRAMES_FOR_MISREAD = 3
_FIELD_COUNTS = {"C": 3, "M": 2, "S": 2, "A": 2, "N": 2}
SHOE_FRAMES = ("C", "M", "S")  # what a shoe sends; A and N go the other way
_SEQ = re.compile(rb"^\$[A-Z],(\d{1,3})[,*]")


class FrameError(DataError):
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
        self._seen: set[bytes] = set()  # every frame read under the last seq: again is a resend
        self._last_acked = False
        self._reopened = True  # no good frame yet since the port (re)opened
        # The port reopened and no card came since: the shoe's next card, if it continues the
        # numbering, may be the frame it kept while away.
        self._resuming = False
        self._bad_in_row = 0
        self._rescan_due = False  # the last thing delivered is a misread not yet answered

    def connection_reset(self) -> None:
        super().connection_reset()
        self._reopened = True
        self._resuming = self._last is not None

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
        # A resend first, whatever its seq: seq 0 again after a reopen is the same frame.
        if raw in self._seen:  # the shoe has not seen our $A
            if self._last_acked:
                parsed.replies.append(encode_frame("A", frame.seq))
            return
        if last is not None and frame.seq != (last.seq + 1) % SEQ_MODULO:
            self._resuming = False
            if not (reopened and frame.seq == 0):  # 0 after a reopen: power-cycled while away
                parsed.events.append(OutOfSequence(raw, _out_of_sequence(frame, last), now))
        self._deliver(frame, raw, now, parsed)

    def _deliver(self, frame: Frame, raw: bytes, now: float, parsed: Parsed) -> None:
        if self._last is not None and frame.seq == self._last.seq:
            self._seen.add(raw)  # a second reading under one number: both are its readings
        else:
            self._seen = {raw}
        self._last, self._last_acked = frame, False
        if frame.kind == "M":
            self._last_acked = True
            self._misread(raw, now, parsed)
            parsed.replies.append(encode_frame("A", frame.seq))
        elif frame.kind == "S":
            parsed.events.append(ShoeShuffled(raw, now))
        elif frame.code == CUT:
            parsed.events.append(CutCardSeen(raw, now))
        else:
            kept, self._resuming = self._resuming, False
            parsed.events.append(CardRead(frame.code or "", raw, now, frame.seq,
                                          first_after_reconnect=kept))

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


def _out_of_sequence(frame: Frame, last: Frame) -> str:
    """Why ``frame`` cannot follow ``last``, for the hold a supervisor reads."""
    expected = (last.seq + 1) % SEQ_MODULO
    if frame.seq == last.seq:
        why = "a second, different frame under the last one's number"
    elif (frame.seq - last.seq) % SEQ_MODULO > HALF_RING:
        why = "its numbering went back, as after a reset"
    elif frame.seq == (expected + 1) % SEQ_MODULO:
        why = f"frame {expected} never came"
    else:
        why = f"frames {expected} to {(frame.seq - 1) % SEQ_MODULO} never came"
    return (f"the shoe's frame {frame.seq} cannot follow its frame {last.seq} (the next is "
            f"{expected}): {why}")
