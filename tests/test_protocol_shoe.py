"""The smart-shoe wire protocol, fed bytes directly (no I/O)."""

from typing import Any, cast

import pytest

from drivers.base import (
    CardRead,
    CutCardSeen,
    Misread,
    OutOfSequence,
    ShoeShuffled,
)
from drivers.protocol import Parsed
from drivers.shoe_protocol import (
    SHOE_FRAMES,
    FrameError,
    ShoeProtocol,
    checksum,
    decode_frame,
    encode_frame,
)


def cards(parsed: Parsed) -> list[CardRead]:
    """``parsed``'s events, every one a card read."""
    read = [event for event in parsed.events if isinstance(event, CardRead)]
    assert read == parsed.events, parsed.events
    return read


def test_checksum_is_the_xor_of_the_body_in_upper_case_hex() -> None:
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
def test_malformed_frames_say_what_is_wrong(line: bytes, reason: str) -> None:
    with pytest.raises(FrameError, match=reason):
        decode_frame(line)


def test_a_card_is_delivered_and_acknowledged_only_when_the_controller_says_so() -> None:
    shoe = ShoeProtocol()
    parsed = shoe.feed(b"$C,7,AS*" + checksum(b"C,7,AS").encode() + b"\r\n", now=2.0)
    (card,) = parsed.events
    assert card == CardRead("AS", b"$C,7,AS*" + checksum(b"C,7,AS").encode(), 2.0, seq=7)
    assert parsed.replies == []
    assert shoe.acknowledge(card) == encode_frame("A", 7)


def test_a_resend_is_delivered_once_and_reacknowledged_when_the_ack_was_lost() -> None:
    shoe = ShoeProtocol()
    frame = encode_frame("C", 3, "9D")
    (card,) = cards(shoe.feed(frame, now=1.0))
    again = shoe.feed(frame, now=1.1)  # not yet acknowledged: stay silent
    assert again.events == [] and again.replies == []
    shoe.acknowledge(card)
    again = shoe.feed(frame, now=1.2)  # the $A was lost: answer it again
    assert again.events == [] and again.replies == [encode_frame("A", 3)]


def test_seq_wraps_from_999_to_0() -> None:
    shoe = ShoeProtocol()
    first = cards(shoe.feed(encode_frame("C", 999, "2C"), now=1.0))
    second = cards(shoe.feed(encode_frame("C", 0, "3C"), now=1.0))
    assert [event.code for event in first + second] == ["2C", "3C"]


def test_a_bad_frame_is_refused_and_three_in_a_row_are_a_misread() -> None:
    shoe = ShoeProtocol()
    shoe.feed(encode_frame("C", 4, "KH"), now=1.0)
    bad = b"$C,5,QH*00\r\n"
    first = shoe.feed(bad, now=1.0)
    assert first.events == [] and first.replies == [encode_frame("N", 5)]
    assert shoe.feed(b"noise\r\n", now=1.0).replies == [encode_frame("N", 5)]  # seq guessed
    third = shoe.feed(bad, now=1.0)
    assert third.events == [Misread(b"$C,5,QH*00", 1.0)]
    good = shoe.feed(encode_frame("C", 5, "QH"), now=1.0)
    assert [event.code for event in cards(good)] == ["QH"]


def test_a_good_frame_resets_the_bad_frame_count() -> None:
    shoe = ShoeProtocol()
    shoe.feed(b"junk\r\njunk\r\n", now=1.0)
    shoe.feed(encode_frame("C", 0, "AS"), now=1.0)
    assert shoe.feed(b"junk\r\n", now=1.0).events == []


def test_the_shoes_no_read_is_acknowledged_by_the_driver_the_cut_card_by_the_controller() -> None:
    # The cut card must survive a crash between its arrival and its journaling: the shoe
    # keeps resending it until the controller has recorded it.
    shoe = ShoeProtocol()
    cut_frame = encode_frame("C", 2, "CUT")
    parsed = shoe.feed(encode_frame("M", 1) + cut_frame, now=1.0)
    cut = CutCardSeen(cut_frame.strip(), 1.0)
    assert parsed.events == [Misread(encode_frame("M", 1).strip(), 1.0), cut]
    assert parsed.replies == [encode_frame("A", 1)]
    assert shoe.feed(cut_frame, now=1.1).replies == []  # resent, not yet recorded
    assert shoe.acknowledge(cut) == encode_frame("A", 2)
    assert shoe.feed(cut_frame, now=1.2).replies == [encode_frame("A", 2)]


def test_a_new_shoe_frame_is_delivered_and_acknowledged_once_recorded() -> None:
    shoe = ShoeProtocol()
    frame = encode_frame("S", 40)
    assert frame == b"$S,40*" + checksum(b"S,40").encode() + b"\r\n"
    parsed = shoe.feed(frame, now=3.0)
    shuffled = ShoeShuffled(frame.strip(), 3.0)
    assert parsed.events == [shuffled] and parsed.replies == []
    assert shoe.acknowledge(shuffled) == encode_frame("A", 40)
    assert [event.code for event in cards(shoe.feed(encode_frame("C", 41, "7C"), 3.1))] == ["7C"]


def test_frames_the_controller_sends_are_bad_frames_from_a_shoe() -> None:
    parsed = ShoeProtocol().feed(encode_frame("A", 1), now=1.0)
    assert parsed.events == [] and parsed.replies == [encode_frame("N", 1)]


def test_rescan_asks_once_for_the_frame_after_a_misread_and_never_after_a_good_one() -> None:
    shoe = ShoeProtocol()
    shoe.feed(encode_frame("C", 40, "4S") + encode_frame("M", 41), now=1.0)
    assert shoe.rescan() == encode_frame("N", 42)
    assert shoe.rescan() == b""  # the controller asked again for the same misread
    shoe.feed(b"bad\r\n" * 3 + encode_frame("C", 42, "5S"), now=1.0)  # a misread, then a card
    assert shoe.rescan() == b""


def delivered(shoe: ShoeProtocol, *frames: bytes) -> tuple[list[str], list[bytes]]:
    """The codes (or kinds) ``frames`` deliver, and the replies, each card acknowledged."""
    codes, replies = [], []
    for frame in frames:
        parsed = shoe.feed(frame, now=1.0)
        replies += parsed.replies
        for event in parsed.events:
            codes.append(getattr(event, "code", event.kind))
            if isinstance(event, CardRead | CutCardSeen | ShoeShuffled):  # what is recorded
                replies.append(shoe.acknowledge(event))
    return codes, replies


def out_of_sequence(shoe: ShoeProtocol, frame: bytes) -> tuple[str, list[Any]]:
    """The reason ``frame`` cannot be placed, and the events it delivers after the notice
    (its card or its new shoe: the test reads what that one has)."""
    first, *events = shoe.feed(frame, now=1.0).events
    notice = cast(OutOfSequence, first)  # the assert below says it is one
    assert notice == OutOfSequence(frame.strip(), notice.reason, 1.0)
    return notice.reason, events


def test_a_frame_that_goes_back_is_delivered_after_a_notice_never_answered_silently() -> None:
    # A correct shoe only resends its last frame or sends the next: a seq that goes back is a
    # shoe that restarted its numbering (or misbehaves), and its card may be real.
    shoe = ShoeProtocol()
    assert delivered(shoe, encode_frame("C", 8, "KH"), encode_frame("C", 9, "KS"))[0] == [
        "KH", "KS"
    ]
    reason, events = out_of_sequence(shoe, encode_frame("C", 8, "2D"))
    assert reason == ("the shoe's frame 8 cannot follow its frame 9 (the next is 10): its "
                      "numbering went back, as after a reset")
    assert [(event.code, event.seq) for event in events] == [("2D", 8)]
    assert shoe.feed(encode_frame("C", 8, "2D"), now=1.1).replies == []  # not recorded yet
    assert shoe.acknowledge(events[0]) == encode_frame("A", 8)
    assert delivered(shoe, encode_frame("C", 9, "3D"))[0] == ["3D"]  # numbering goes on from 8


def test_where_a_frame_is_judged_around_the_ring() -> None:
    shoe = ShoeProtocol()
    delivered(shoe, encode_frame("C", 2, "AS"))
    reason, _ = out_of_sequence(shoe, encode_frame("C", 998, "KD"))  # 4 behind, across the wrap
    assert "went back" in reason
    reason, _ = out_of_sequence(shoe, encode_frame("C", 3, "QD"))  # 5 ahead, across the wrap
    assert reason.endswith("(the next is 999): frames 999 to 2 never came")
    assert delivered(shoe, encode_frame("C", 4, "JD"))[0] == ["JD"]


def test_a_forward_jump_is_delivered_after_a_notice_because_the_card_may_be_real() -> None:
    shoe = ShoeProtocol()
    delivered(shoe, encode_frame("C", 10, "AS"))
    reason, events = out_of_sequence(shoe, encode_frame("C", 12, "KD"))
    assert reason.endswith("frame 11 never came") and events[0].code == "KD"
    shoe.acknowledge(events[0])
    reason, events = out_of_sequence(shoe, encode_frame("C", 15, "QD"))
    assert reason.endswith("frames 13 to 14 never came") and events[0].code == "QD"
    shoe.acknowledge(events[0])
    assert delivered(shoe, encode_frame("C", 16, "JD"))[0] == ["JD"]


def test_the_last_seq_with_other_content_is_delivered_after_a_notice_and_counted_once() -> None:
    shoe = ShoeProtocol()
    first = encode_frame("C", 5, "9H")
    (card,) = cards(shoe.feed(first, now=1.0))
    shoe.acknowledge(card)
    conflict = encode_frame("C", 5, "9D")
    reason, (other,) = out_of_sequence(shoe, conflict)
    assert "a second, different frame under the last one's number" in reason
    assert other.code == "9D"  # the table holds it: a supervisor decides which is real
    assert shoe.feed(conflict, now=1.2).events == []  # its resend is not a second card
    assert shoe.acknowledge(other) == encode_frame("A", 5)
    assert shoe.feed(first, now=1.3) == Parsed([], [encode_frame("A", 5)])  # nor is the first
    assert [event.code for event in cards(shoe.feed(encode_frame("C", 6, "2C"), 1.4))] == ["2C"]


def test_after_a_reconnection_seq_0_is_a_power_cycled_shoe_and_a_resend_is_not() -> None:
    shoe = ShoeProtocol()
    (card,) = cards(shoe.feed(encode_frame("C", 0, "AS"), now=1.0))
    shoe.acknowledge(card)
    delivered(shoe, encode_frame("C", 1, "5H"), encode_frame("C", 2, "6H"))
    shoe.connection_reset()
    assert delivered(shoe, encode_frame("C", 2, "6H"))[0] == []  # it kept its pending frame
    shoe.connection_reset()
    assert delivered(shoe, encode_frame("C", 0, "KD"))[0] == ["KD"]  # power-cycled: from 0
    assert delivered(shoe, encode_frame("C", 1, "QD"))[0] == ["QD"]


def test_a_shoe_that_restarts_at_0_on_an_open_port_is_recorded_after_a_notice() -> None:
    # An RS-232 shoe behind a USB adapter, power-cycled: the port never closes.
    shoe = ShoeProtocol()
    delivered(shoe, *(encode_frame("C", seq, "4S") for seq in range(55, 58)))
    reason, (shuffled,) = out_of_sequence(shoe, encode_frame("S", 0))
    assert "frame 0 cannot follow its frame 57" in reason and "went back" in reason
    assert shuffled.kind == "shoe_shuffled"
    assert shoe.feed(encode_frame("S", 0), now=1.1).replies == []  # recorded only when told
    assert shoe.acknowledge(shuffled) == encode_frame("A", 0)
    assert delivered(shoe, encode_frame("C", 1, "KD"), encode_frame("C", 2, "QD"))[0] == [
        "KD", "QD"
    ]


@pytest.mark.parametrize("primed", [False, True])
def test_seq_0_resent_after_a_reopen_is_a_resend_not_a_power_cycled_shoe(primed: bool) -> None:
    # Every thousandth frame is numbered 0. Its $A was lost to an unplug, or the table was
    # killed after journaling it (restarted, it primes the driver with it).
    shoe = ShoeProtocol()
    delivered(shoe, encode_frame("C", 999, "2C"))
    frame = encode_frame("C", 0, "9H")
    if primed:
        shoe = ShoeProtocol()
        shoe.prime(frame)
    else:
        (card,) = cards(shoe.feed(frame, now=1.0))
        shoe.acknowledge(card)
    shoe.connection_reset()
    assert shoe.feed(frame, now=2.0) == Parsed([], [encode_frame("A", 0)])
    assert delivered(shoe, encode_frame("C", 1, "3S"))[0] == ["3S"]


@pytest.mark.parametrize("before_unplug", [
    encode_frame("C", 4, "CUT"), encode_frame("M", 4), encode_frame("S", 4),
    encode_frame("C", 4, "9S"),
])
def test_the_first_card_after_a_reopen_that_continues_any_frame_may_be_the_kept_one(
        before_unplug: bytes) -> None:
    shoe = ShoeProtocol()
    delivered(shoe, encode_frame("C", 3, "2S"), before_unplug)
    shoe.connection_reset()
    delivered(shoe, before_unplug)  # resent, if its $A was lost: changes nothing
    (kept,) = cards(shoe.feed(encode_frame("C", 5, "KD"), now=2.0))
    assert (kept.code, kept.seq, kept.first_after_reconnect) == ("KD", 5, True)
    shoe.acknowledge(kept)
    (later,) = cards(shoe.feed(encode_frame("C", 6, "QD"), now=2.1))
    assert not later.first_after_reconnect


def test_a_card_after_a_power_cycle_or_out_of_sequence_is_not_a_kept_one() -> None:
    shoe = ShoeProtocol()
    delivered(shoe, encode_frame("C", 3, "2S"))
    shoe.connection_reset()
    (restarted,) = cards(shoe.feed(encode_frame("C", 0, "KD"), now=1.0))
    shoe.acknowledge(restarted)
    shoe.connection_reset()
    _, (jumped,) = out_of_sequence(shoe, encode_frame("C", 7, "QD"))
    assert not restarted.first_after_reconnect and not jumped.first_after_reconnect


def test_a_primed_frame_is_answered_not_delivered_again() -> None:
    # The PC died after journaling 9H but before its $A reached the shoe.
    shoe = ShoeProtocol()
    frame = encode_frame("C", 12, "9H")
    shoe.prime(frame)
    shoe.connection_reset()  # the serial driver opens the port
    parsed = shoe.feed(frame, now=1.0)
    assert parsed.events == [] and parsed.replies == [encode_frame("A", 12)]
    assert delivered(shoe, encode_frame("C", 13, "3S"))[0] == ["3S"]


def test_priming_with_what_is_not_a_shoe_frame_changes_nothing() -> None:
    shoe = ShoeProtocol()
    shoe.prime(b"9H")  # a scanner's read or a card typed in
    assert delivered(shoe, encode_frame("C", 12, "9H"))[0] == ["9H"]
    assert set(SHOE_FRAMES) == {"C", "M", "S"}
