"""The smart-shoe wire protocol, fed bytes directly (no I/O)."""

import pytest

from drivers.base import CardRead, CutCardSeen, Misread
from drivers.shoe_protocol import (
    FrameError,
    ShoeProtocol,
    checksum,
    decode_frame,
    encode_frame,
)


def test_checksum_is_the_xor_of_the_body_in_upper_case_hex():
    # 0x43 ^ 0x2C ^ 0x31 ^ 0x2C ^ 0x41 ^ 0x53 (C , 1 , A S) -> 0x60
    assert checksum(b"C,1,AS") == "60"
    assert encode_frame("C", 1, "AS") == b"$C,1,AS*60\r\n"
    assert encode_frame("A", 1000) == b"$A,0*" + checksum(b"A,0").encode() + b"\r\n"


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"C,1,AS*60", "start with"),
        (b"$C,1,AS", "checksum at the end"),
        (b"$C,1,AS*62", "should be 60"),
        (b"$C,1,AS*6a", "checksum"),
        (b"$C,1000,AS*" + checksum(b"C,1000,AS").encode(), "0-999"),
        (b"$C,1,ZZ*" + checksum(b"C,1,ZZ").encode(), "bad card code"),
        (b"$X,1*" + checksum(b"X,1").encode(), "unknown frame type"),
    ],
)
def test_malformed_frames_say_what_is_wrong(line, reason):
    with pytest.raises(FrameError, match=reason):
        decode_frame(line)


def test_a_card_is_delivered_and_acknowledged_only_when_the_controller_says_so():
    shoe = ShoeProtocol()
    parsed = shoe.feed(b"$C,7,AS*" + checksum(b"C,7,AS").encode() + b"\r\n", now=2.0)
    (card,) = parsed.events
    assert card == CardRead("AS", b"$C,7,AS*" + checksum(b"C,7,AS").encode(), 2.0)
    assert parsed.replies == []
    assert shoe.acknowledge(card) == encode_frame("A", 7)


def test_a_resend_is_delivered_once_and_reacknowledged_when_the_ack_was_lost():
    shoe = ShoeProtocol()
    frame = encode_frame("C", 3, "9D")
    (card,) = shoe.feed(frame, now=1.0).events
    again = shoe.feed(frame, now=1.1)  # not yet acknowledged: stay silent
    assert again.events == [] and again.replies == []
    shoe.acknowledge(card)
    again = shoe.feed(frame, now=1.2)  # the $A was lost: answer it again
    assert again.events == [] and again.replies == [encode_frame("A", 3)]


def test_seq_wraps_from_999_to_0():
    shoe = ShoeProtocol()
    first = shoe.feed(encode_frame("C", 999, "2C"), now=1.0).events
    second = shoe.feed(encode_frame("C", 0, "3C"), now=1.0).events
    assert [event.code for event in first + second] == ["2C", "3C"]


def test_a_bad_frame_is_refused_and_three_in_a_row_are_a_misread():
    shoe = ShoeProtocol()
    shoe.feed(encode_frame("C", 4, "KH"), now=1.0)
    bad = b"$C,5,QH*00\r\n"
    first = shoe.feed(bad, now=1.0)
    assert first.events == [] and first.replies == [encode_frame("N", 5)]
    assert shoe.feed(b"noise\r\n", now=1.0).replies == [encode_frame("N", 5)]  # seq guessed
    third = shoe.feed(bad, now=1.0)
    assert third.events == [Misread(b"$C,5,QH*00", 1.0)]
    good = shoe.feed(encode_frame("C", 5, "QH"), now=1.0)
    assert [event.code for event in good.events] == ["QH"]


def test_a_good_frame_resets_the_bad_frame_count():
    shoe = ShoeProtocol()
    shoe.feed(b"junk\r\njunk\r\n", now=1.0)
    shoe.feed(encode_frame("C", 0, "AS"), now=1.0)
    assert shoe.feed(b"junk\r\n", now=1.0).events == []


def test_the_shoes_no_read_and_the_cut_card_are_acknowledged_by_the_driver():
    shoe = ShoeProtocol()
    parsed = shoe.feed(encode_frame("M", 1) + encode_frame("C", 2, "CUT"), now=1.0)
    assert parsed.events == [
        Misread(encode_frame("M", 1).strip(), 1.0),
        CutCardSeen(encode_frame("C", 2, "CUT").strip(), 1.0),
    ]
    assert parsed.replies == [encode_frame("A", 1), encode_frame("A", 2)]
    assert shoe.feed(encode_frame("C", 2, "CUT"), now=1.0).replies == [encode_frame("A", 2)]


def test_frames_the_controller_sends_are_bad_frames_from_a_shoe():
    parsed = ShoeProtocol().feed(encode_frame("A", 1), now=1.0)
    assert parsed.events == [] and parsed.replies == [encode_frame("N", 1)]


def test_rescan_asks_for_the_pending_frame():
    shoe = ShoeProtocol()
    shoe.feed(encode_frame("C", 41, "5S"), now=1.0)
    assert shoe.rescan() == encode_frame("N", 42)


def test_the_same_seq_with_another_card_is_a_new_card():
    # A shoe that was power-cycled numbers from 0 again.
    shoe = ShoeProtocol()
    (card,) = shoe.feed(encode_frame("C", 0, "AS"), now=1.0).events
    shoe.acknowledge(card)
    shoe.connection_reset()
    assert [event.code for event in shoe.feed(encode_frame("C", 0, "KD"), now=2.0).events] == [
        "KD"
    ]
