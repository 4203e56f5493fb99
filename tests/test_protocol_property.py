"""Malformed input of any kind, in any chunking, never crashes or stalls a protocol.

For arbitrary bytes cut into arbitrary chunks, each protocol must: not raise; give the same
events and replies as for the bytes in one piece; hold no more than one line in memory;
deliver only real card codes; and, after a line end, read the next good line correctly.
"""

import contextlib
import itertools
from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.base import (
    CardRead,
    CutCardSeen,
    DeviceFault,
    Misread,
    OutOfSequence,
    ShoeShuffled,
)
from drivers.card_codes import ALL_CODES
from drivers.protocol import WireProtocol
from drivers.scanner_protocol import ScannerProtocol
from drivers.shoe_protocol import (
    SEQ_MODULO,
    FrameError,
    ShoeProtocol,
    decode_frame,
    encode_frame,
)

MAX_LINE = 64
# What a wire protocol delivers, each with the line it was read from (no connection events).
WireEvent = CardRead | Misread | CutCardSeen | ShoeShuffled | OutOfSequence | DeviceFault
noise = st.binary(max_size=300) | st.lists(
    st.sampled_from([b"AS", b"\r", b"\n", b"$C,1,AS*60", b"CUT", b"NR", b"*", b",", b"\xff"]),
    max_size=40,
).map(b"".join)

cut_points = st.lists(st.integers(min_value=0), max_size=20)


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts})
    edges = [0, *points, len(data)]
    return [data[start:end] for start, end in itertools.pairwise(edges)]


def run(protocol: WireProtocol, chunks: list[bytes]) -> tuple[list[WireEvent], list[bytes]]:
    events: list[WireEvent] = []
    replies: list[bytes] = []
    for chunk in chunks:
        parsed = protocol.feed(chunk, now=0.0)
        events += cast(list[WireEvent], parsed.events)
        replies += parsed.replies
        assert protocol.lines.pending <= MAX_LINE
    return events, replies


def signature(events: list[WireEvent]) -> list[tuple[str, str | None, bytes]]:
    return [(event.kind, getattr(event, "code", None), event.raw) for event in events]


@settings(max_examples=300, deadline=None)
@given(data=noise, cuts=cut_points, code=st.sampled_from(ALL_CODES))
def test_scanner_survives_anything_and_recovers(data: bytes, cuts: list[int], code: str) -> None:
    stream = data + b"\r\n" + code.encode() + b"\r\n"
    # debounce=0: recovery must not depend on what the noise happened to read.
    whole = run(ScannerProtocol(debounce=0, max_line=MAX_LINE), [stream])
    pieces = run(ScannerProtocol(debounce=0, max_line=MAX_LINE), chunked(stream, cuts))
    assert signature(whole[0]) == signature(pieces[0]) and whole[1] == pieces[1]
    events = whole[0]
    assert all(event.code in ALL_CODES for event in events if isinstance(event, CardRead))
    assert all(len(event.raw) <= MAX_LINE for event in events)
    assert isinstance(events[-1], CardRead) and events[-1].code == code
    assert whole[1] == []  # a rescan trigger goes out only when the controller asks


def next_seq(data: bytes) -> int:
    seqs = []
    for event in run(ShoeProtocol(max_line=MAX_LINE), [data + b"\r\n"])[0]:
        with contextlib.suppress(FrameError):
            seqs.append(decode_frame(event.raw).seq)
    return (seqs[-1] + 1) % SEQ_MODULO if seqs else 0


@settings(max_examples=300, deadline=None)
@given(data=noise, cuts=cut_points, code=st.sampled_from(ALL_CODES))
def test_shoe_survives_anything_and_recovers(data: bytes, cuts: list[int], code: str) -> None:
    # The seq after the last frame the noise delivered: the shoe's next frame.
    stream = data + b"\r\n" + encode_frame("C", next_seq(data), code)
    whole = run(ShoeProtocol(max_line=MAX_LINE), [stream])
    pieces = run(ShoeProtocol(max_line=MAX_LINE), chunked(stream, cuts))
    assert signature(whole[0]) == signature(pieces[0]) and whole[1] == pieces[1]
    events = whole[0]
    assert all(event.code in ALL_CODES for event in events if isinstance(event, CardRead))
    assert isinstance(events[-1], CardRead) and events[-1].code == code
