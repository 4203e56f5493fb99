"""The listen-only reader formats, fed bytes directly (no I/O): the worked examples of
docs/protocol.md, what each cannot read, and property tests over arbitrary bytes in arbitrary
chunks (never a crash, never an invented card, the same events however the bytes are cut,
a bounded buffer, and the next good record read after any noise)."""

import itertools
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.table.config import ConfigError, load_config
from drivers import DriverError, open_driver
from drivers.base import CardRead, DeviceFault, DriverEvent, Misread, Recordable
from drivers.card_codes import ALL_CODES
from drivers.custom_format import ReaderFormatError, custom_format
from drivers.reader_formats import ListenOnlyReader, ReaderEvent
from drivers.readers import reader_for
from drivers.tagged_reader import MAX_RECORD
from tests.support.driver_events import EventLog
from tests.support.reader import RANK_NUMBERS, SITE

FIXED = ["suit-number", "tagged", "checksum-hex", "index"]


def reader(name: str) -> ListenOnlyReader:
    return reader_for(name, custom_format(SITE) if name == "custom" else None)


def read(name: str, data: bytes) -> list[ReaderEvent]:
    # Parsed holds any driver's events; a listen-only reader's are these three kinds.
    return cast(list[ReaderEvent], reader(name).feed(data, now=1.0).events)


def cards(events: Iterable[DriverEvent]) -> list[str]:
    return [event.code for event in events if isinstance(event, CardRead)]


@pytest.mark.parametrize(("name", "data", "expected"), [
    ("suit-number", b"D12\r\nA10\nc01\rH13\r\n", ["QD", "TS", "AC", "KH"]),
    ("checksum-hex", b"*0D21D7\r\n*0D0AE5\r\n*0D3DEB\r\n", ["AC", "TH", "KS"]),
    ("index", b"0000\r\n0051\r\n0013\r\n0035\r\n", ["AC", "KS", "AH", "TD"]),
    ("tagged", b" [Game]<Card:4S>  [Game]<Card:TH>  [game]<card:10c>  [Game]<Card:H3> "
               b" [Manual Burn Cards]<Card:qd> ", ["4S", "TH", "TC", "3H", "QD"]),
    ("custom", b"CARD 12-h\r\ncard 1-S\r\n", ["QH", "AS"]),
])
def test_the_worked_examples(name: str, data: bytes, expected: list[str]) -> None:
    events = read(name, data)
    assert cards(events) == expected and len(events) == len(expected)
    assert data.strip().startswith(events[0].raw) and events[0].raw  # the record as sent


@pytest.mark.parametrize(("name", "data"), [
    ("suit-number", b"D14\r\n"), ("suit-number", b"S12\r\n"), ("suit-number", b"D1\r\n"),
    ("suit-number", b"D012\r\n"), ("suit-number", b"\xc4\x8d12\r\n"),
    ("checksum-hex", b"*0D21D8\r\n"),  # the ace of clubs with a wrong checksum
    ("checksum-hex", b"*0D41D9\r\n"), ("checksum-hex", b"*0D2ED4\r\n"),
    ("checksum-hex", b"0D21D7\r\n"),
    ("index", b"0052\r\n"), ("index", b"51\r\n"), ("index", b"00051\r\n"),
    ("tagged", b" [Game]<Game> "), ("tagged", b" [Game]<Card:ZZ> "),
    ("tagged", b" [Bonus]<Card:4S> "),
    ("tagged", b" [GameAlarm]<Card:4S> "), ("tagged", b" [Game]<Card:> "),
    ("custom", b"NOREAD\r\n"), ("custom", b"CARD 14-h\r\n"), ("custom", b"CARD 12-x\r\n"),
    ("custom", b"CARD 12\r\n"),
])
def test_what_a_format_cannot_read_is_a_misread_with_its_bytes_never_a_card(name: str,
                                                                            data: bytes) -> None:
    events = read(name, data)
    assert len(events) == 1 and isinstance(events[0], Misread)
    assert events[0].raw == data.strip()


def test_tagged_alarms_and_warnings_are_device_faults_not_cards() -> None:
    events = read("tagged", b" [GameAlarm]<Alarm:Shoe empty>  [Game]<Alarm:Card jam> <W0x1F> "
                            b" [Game]<w0x2a> ")
    assert events == [
        DeviceFault(b"[GameAlarm]<Alarm:Shoe empty>", "alarm", "Shoe empty", 1.0),
        DeviceFault(b"[Game]<Alarm:Card jam>", "alarm", "Card jam", 1.0),
        DeviceFault(b"<W0x1F>", "warning", "W0x1F", 1.0),
        DeviceFault(b"[Game]<w0x2a>", "warning", "w0x2a", 1.0),
    ]


def test_a_custom_alarm_is_a_device_fault() -> None:
    assert read("custom", b"ERR door open\r\n") == [
        DeviceFault(b"ERR door open", "alarm", "door open", 1.0)]


@pytest.mark.parametrize("name", [*FIXED, "custom"])
def test_every_card_the_emulator_writes_reads_back_as_itself_and_nothing_is_written_back(
        name: str) -> None:
    device = reader(name)
    events = device.feed(b"".join(device.encode(code) for code in ALL_CODES), now=1.0).events
    assert cards(events) == list(ALL_CODES) and len(events) == len(ALL_CODES)
    assert isinstance(device.feed(device.unreadable(), now=1.0).events[0], Misread)
    assert not device.rescans_on_request and device.rescan() == b""
    assert isinstance(events[0], CardRead)  # as they all are
    assert device.acknowledge(events[0]) == b""


# -- the custom format's definition ---------------------------------------------------------

@pytest.mark.parametrize(("change", "key", "reason"), [
    ({"pattern": "CARD (?P<rank>"}, "pattern", "cannot be compiled: missing ), unterminated "
                                               "subpattern at position 5"),
    ({"pattern": r"CARD (?P<rank>\d+)"}, "pattern", "no suit group"),
    ({"ranks": {**RANK_NUMBERS, "14": "Q"}}, "ranks", "maps '12' and '14' to one rank Q"),
    ({"suits": {"s": "S", "h": "H", "d": "D", "x": "D", "c": "C"}}, "suits",
     "maps 'd' and 'x' to one suit D"),
    ({"suits": {"s": "S", "S": "H", "d": "D", "c": "C"}}, "suits", "token 'S' given twice"),
    ({"ranks": {key: value for key, value in RANK_NUMBERS.items() if key != "12"}}, "ranks",
     "no token for Q"),
    ({"ranks": {**RANK_NUMBERS, "14": "Z"}}, "ranks", "token '14' maps to 'Z'"),
    ({"no_read": "NO[READ"}, "no_read", "cannot be compiled"),
    ({"template": "{rank}{suit}"}, "template", "writes AS as '1s', which the format reads as "
                                                "no card"),
    ({"speed": 3}, "speed", "unknown key"),
])
def test_a_custom_format_that_cannot_work_is_refused_naming_the_key(change: dict[str, Any],
                                                                    key: str, reason: str) -> None:
    with pytest.raises(ReaderFormatError) as refused:
        custom_format({**SITE, **change})
    assert refused.value.key == f"reader.{key}" and reason in refused.value.reason


def test_without_maps_the_tokens_are_the_card_codes_own() -> None:
    site = custom_format({"pattern": r"(?P<suit>[SHDC])/(?P<rank>\w)"})
    assert cards(reader_for("custom", site).feed(b"H/q\r\nS/T\r\n", now=1.0).events) == [
        "QH", "TS"]


# -- property tests ---------------------------------------------------------------------------

TOKENS = [b"\r", b"\n", b" ", b"[", b"]", b"<", b">", b"Game", b"Card:", b"4S", b"Alarm:",
          b"W0x1F", b"D12", b"*0D21D7", b"0051", b"CARD 12-h", b"NOREAD", b"ERR x", b"\xff",
          b"0", b"*", b"-"]
noise = st.binary(max_size=200) | st.lists(st.sampled_from(TOKENS), max_size=60).map(b"".join)
cut_points = st.lists(st.integers(min_value=0), max_size=20)
MAX_KEPT = 64


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts})
    return [data[start:end] for start, end in itertools.pairwise([0, *points, len(data)])]


def run(device: ListenOnlyReader, chunks: Iterable[bytes]) -> list[ReaderEvent]:
    events: list[ReaderEvent] = []
    for chunk in chunks:
        parsed = device.feed(chunk, now=0.0)
        assert parsed.replies == []  # a listen-only device is never written to
        events += cast(list[ReaderEvent], parsed.events)  # as in read()
        pending = device.pending if hasattr(device, "pending") else device.lines.pending
        assert pending <= MAX_KEPT
    return events


def signature(events: Iterable[ReaderEvent]) -> list[tuple[str, str | None, bytes]]:
    return [(event.kind, getattr(event, "code", None), event.raw) for event in events]


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from([*FIXED, "custom"]), data=noise, cuts=cut_points,
       code=st.sampled_from(ALL_CODES))
def test_any_bytes_in_any_chunks_never_crash_invent_a_card_or_lose_the_next(name: str, data: bytes,
                                                                            cuts: list[int],
                                                                            code: str) -> None:
    # A line format recovers at the next line end, the tagged stream at the next record.
    stream = data + b"\r\n" + reader(name).encode(code)
    whole = run(reader(name), [stream])
    assert signature(whole) == signature(run(reader(name), chunked(stream, cuts)))
    assert all(event.code in ALL_CODES for event in whole if isinstance(event, CardRead))
    assert all(len(event.raw) <= MAX_KEPT for event in whole)
    assert isinstance(whole[-1], CardRead) and whole[-1].code == code
    for event in whole:  # a card only from a record that spells it
        if isinstance(event, CardRead):
            again = reader(name).feed(event.raw + b"\r\n", now=0.0).events[0]
            assert isinstance(again, CardRead) and again.code == event.code


@settings(max_examples=100, deadline=None)
@given(codes=st.lists(st.sampled_from(ALL_CODES), min_size=1, max_size=30), cuts=cut_points,
       name=st.sampled_from([*FIXED, "custom"]))
def test_a_run_of_cards_in_any_chunks_reads_exactly_those_cards_in_order(codes: list[str],
                                                                         cuts: list[int],
                                                                         name: str) -> None:
    device = reader(name)
    stream = b"".join(device.encode(code) for code in codes)
    events = run(device, chunked(stream, cuts))
    assert cards(events) == codes and len(events) == len(codes)


def test_tagged_noise_is_one_misread_up_to_the_next_record_kept_to_a_record_s_length() -> None:
    device = reader("tagged")
    events = run(device, [b" noise ", b"[Game]<Ca", b"rd:9D> [Game]<Card:8D [Game]<Card:7D> "])
    assert signature(events) == [("misread", None, b"noise "), ("card", "9D", b"[Game]<Card:9D>"),
                                 ("misread", None, b"[Game]<Card:8D "),
                                 ("card", "7D", b"[Game]<Card:7D>")]
    events = run(device, [b"x" * 30, b"y" * 200, b"[Game]<Card:9D> "])
    assert [event.kind for event in events] == ["misread", "card"]
    assert events[0].raw == (b"x" * 30 + b"y" * 200)[:MAX_RECORD]


def test_the_documented_custom_format_loads_from_a_config_and_reads_its_example(
        tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text()
    section = doc[doc.index("### Adding a `custom` format"):]
    example = section[section.index("```toml") + len("```toml"):section.index("```\n\n")]
    (tmp_path / "table.toml").write_text(example)
    config = load_config(tmp_path / "table.toml")
    assert config.driver_url.endswith("protocol=custom")
    events = reader_for("custom", config.reader).feed(b"CARD 12-h\r\nERR jam\r\n", now=1.0).events
    assert cards(events) == ["QH"] and isinstance(events[1], DeviceFault)


def test_a_bad_reader_section_stops_the_table_in_one_line_naming_file_key_and_value(
        tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text("[reader]\npattern = 'CARD (?P<rank>\\d+'\n")
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert str(refused.value) == (f"{path}: reader.pattern = 'CARD (?P<rank>\\\\d+': cannot be "
                                  "compiled: missing ), unterminated subpattern at position 5")


# -- naming a format in a driver URL ----------------------------------------------------------

@pytest.mark.parametrize(("url", "message"), [
    ("serial:///dev/shoe?protocol=custom", "protocol=custom reads the site's format from the "
                                           "table config's [reader] section, and there is none"),
    ("serial:///dev/shoe?protocol=tagged&rescan=16540D", "rescan apply to protocol=scanner"),
    ("serial:///dev/shoe?protocol=suit", "option protocol='suit' is not one of scanner, shoe, "
                                         "suit-number, tagged, checksum-hex, index, custom"),
    ("replay:///nowhere.bin?protocol=index", "recording /nowhere.bin: cannot read it"),
])
def test_a_format_the_driver_cannot_use_is_refused_naming_it(url: str, message: str) -> None:
    with pytest.raises(DriverError, match=re.escape(message)):
        open_driver(url, lambda event: None)


def test_a_capture_of_a_listen_only_device_replays_its_cards_and_no_reads_in_order(
        tmp_path: Path) -> None:
    capture = tmp_path / "capture.bin"
    capture.write_bytes(b" [Game]<Card:4S>  [Game]<Game>  <W0x1F>  [Game]<Card:10H> ")
    log = EventLog()
    with open_driver(f"replay://{capture}?protocol=tagged", log.put) as driver:
        dealt: list[str] = []
        while len(dealt) < 3:
            event = log.next()
            if isinstance(event, Misread):
                dealt.append("NR")
                driver.request_rescan()
                continue
            if isinstance(event, CardRead):
                dealt.append(event.code)
            if isinstance(event, Recordable):
                driver.acknowledge(event)
    assert dealt == ["4S", "NR", "TH"]
