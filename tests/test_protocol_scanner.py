"""The scanner wire protocol, fed bytes directly (no I/O)."""

from drivers.base import CardRead, CutCardSeen, Misread
from drivers.protocol import Parsed
from drivers.scanner_protocol import DEFAULT_RESCAN, ScannerProtocol


def kinds(parsed: Parsed) -> list[tuple[str, str | None]]:
    return [(event.kind, getattr(event, "code", None)) for event in parsed.events]


def test_cards_cut_and_every_line_ending() -> None:
    parsed = ScannerProtocol().feed(b"AS\r10h\nkd\r\nCUT\r\n", now=1.0)
    assert kinds(parsed) == [("card", "AS"), ("card", "TH"), ("card", "KD"), ("cut_card", None)]
    card = parsed.events[1]
    assert isinstance(card, CardRead) and card.raw == b"10h"
    assert parsed.replies == []


def test_no_read_and_unknown_lines_are_misreads_and_one_rescan_answers_the_burst() -> None:
    scanner = ScannerProtocol()
    parsed = scanner.feed(b"NR\r\nZZ\r\n\xff\xfe\r\n", now=1.0)
    misreads = [event for event in parsed.events if isinstance(event, Misread)]
    assert misreads == parsed.events  # every one a misread
    assert [event.raw for event in misreads] == [b"NR", b"ZZ", b"\xff\xfe"]
    assert parsed.replies == []  # the trigger waits until the controller has recorded them
    assert [scanner.rescan() for _ in parsed.events] == [bytes.fromhex("16540D"), b"", b""]


def test_configured_no_read_text_and_rescan_trigger() -> None:
    protocol = ScannerProtocol(rescan=b"\x1bR", no_read="NOREAD")
    parsed = protocol.feed(b"NOREAD\r\n", now=1.0)
    assert isinstance(parsed.events[0], Misread)
    assert protocol.rescan() == b"\x1bR"


def test_a_line_split_across_reads_is_one_card() -> None:
    protocol = ScannerProtocol()
    assert protocol.feed(b"Q", now=1.0).events == []
    assert protocol.feed(b"H\r", now=1.0).events == [CardRead("QH", b"QH", 1.0)]
    assert protocol.feed(b"\n", now=1.0).events == []  # the LF of a split CRLF


def test_identical_reads_within_the_debounce_window_are_one_read() -> None:
    protocol = ScannerProtocol(debounce=0.3)
    assert len(protocol.feed(b"AS\r\n", now=10.0).events) == 1
    assert protocol.feed(b"AS\r\n", now=10.2).events == []
    assert protocol.feed(b"AS\r\n", now=10.45).events == []  # each repeat extends the window
    assert len(protocol.feed(b"AS\r\n", now=10.8).events) == 1
    assert len(protocol.feed(b"AH\r\n", now=10.81).events) == 1  # a different card is new


def test_debounce_survives_a_misread_in_between() -> None:
    protocol = ScannerProtocol(debounce=0.3)
    protocol.feed(b"AS\r\n", now=1.0)
    parsed = protocol.feed(b"garbage\r\nAS\r\n", now=1.1)
    assert [event.kind for event in parsed.events] == ["misread"]


def test_cut_card_is_debounced_too() -> None:
    parsed = ScannerProtocol().feed(b"CUT\r\nCUT\r\n", now=1.0)
    assert parsed.events == [CutCardSeen(b"CUT", 1.0)]


def test_an_overlong_line_is_one_misread_and_the_next_line_reads() -> None:
    protocol = ScannerProtocol(max_line=8)
    parsed = protocol.feed(b"X" * 30, now=1.0)
    (misread,) = parsed.events
    assert isinstance(misread, Misread) and misread.raw == b"X" * 8
    parsed = protocol.feed(b"X" * 30 + b"\r\n9C\r\n", now=1.0)
    assert kinds(parsed) == [("card", "9C")]
    assert protocol.lines.pending == 0
    assert parsed.replies == []
    assert DEFAULT_RESCAN == b"\x16T\r"


def test_a_card_that_read_well_is_never_followed_by_a_trigger_for_itself() -> None:
    scanner = ScannerProtocol()
    scanner.feed(b"garbage\r\n", 1.0)
    assert scanner.rescan() == DEFAULT_RESCAN
    scanner.feed(b"more garbage\r\n5H\r\n", 1.1)
    assert scanner.rescan() == b""  # a late request for the misread: 5H read well
    scanner.feed(b"garbage\r\n5H\r\n", 1.2)  # a debounced repeat read well too
    assert scanner.rescan() == b""
    scanner.feed(b"garbage\r\n", 1.3)
    assert scanner.rescan() == DEFAULT_RESCAN
