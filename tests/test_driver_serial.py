"""The serial driver over real pseudo-terminals opened through pyserial (no mocks)."""

import gc
import os
import select
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from drivers import open_driver
from drivers.base import (
    CardRead,
    Connected,
    CutCardSeen,
    Disconnected,
    Misread,
    OutOfSequence,
    Recordable,
    ShoeShuffled,
)
from drivers.card_codes import CUT
from drivers.custom_format import custom_format
from drivers.emulator import Faults, ShoeEmulator
from drivers.readers import READER_FORMATS
from drivers.shoe_protocol import encode_frame
from tests.support.driver_events import EventLog
from tests.support.reader import SITE

pytestmark = pytest.mark.timeout(60)


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.fixture
def pty() -> Iterator[tuple[str, int]]:
    """A raw pty: (device path, master fd) — the test plays the device by hand."""
    emulator = ShoeEmulator([])
    path = emulator.open()
    yield path, emulator._master
    emulator.close()


def read_master(master: int, size: int, timeout: float = 5.0) -> bytes:
    data = b""
    deadline = time.monotonic() + timeout
    while len(data) < size and time.monotonic() < deadline:
        if select.select([master], [], [], 0.05)[0]:
            data += os.read(master, size - len(data))
    return data


def write_all(master: int, data: bytes) -> None:
    """Write ``data`` whole to the non-blocking master, waiting while the pty buffer is full."""
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(master, view) :]
        except BlockingIOError:
            select.select([], [master], [], 0.05)


def test_scanner_cards_no_reads_and_the_rescan_trigger(pty: tuple[str, int]) -> None:
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?protocol=scanner&baud=115200", log.put) as driver:
        assert isinstance(log.next(), Connected)
        os.write(master, b"AS\r\nN")
        os.write(master, b"R\r\n10d\r")
        card = log.next_as(CardRead)
        assert (card.code, card.raw) == ("AS", b"AS")
        assert isinstance(log.next(), Misread)
        assert log.next_as(CardRead).code == "TD"
        driver.request_rescan()  # late, for the misread: TD read well, nothing to rescan
        assert read_master(master, 1, timeout=0.2) == b""
        os.write(master, b"NR\r\n")
        assert isinstance(log.next(), Misread)
        driver.request_rescan()
        assert read_master(master, 3) == bytes.fromhex("16540D")


def test_configured_rescan_trigger_and_no_read_text(pty: tuple[str, int]) -> None:
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?rescan=1B52&noread=ERR", log.put) as driver:
        log.next_of(Connected)
        os.write(master, b"ERR\r\n")
        assert log.next_as(Misread).raw == b"ERR"
        driver.request_rescan()
        assert read_master(master, 2) == b"\x1bR"


def test_shoe_checksums_acknowledgements_and_resends(pty: tuple[str, int]) -> None:
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?protocol=shoe", log.put) as driver:
        log.next_of(Connected)
        frame = encode_frame("C", 12, "KH")
        os.write(master, frame)
        card = log.next_as(CardRead)
        assert card.code == "KH"
        assert read_master(master, 1, timeout=0.2) == b""  # no $A before it is recorded
        driver.acknowledge(card)
        assert read_master(master, len(encode_frame("A", 12))) == encode_frame("A", 12)
        os.write(master, frame)  # the shoe did not get the $A: it resends
        assert read_master(master, len(encode_frame("A", 12))) == encode_frame("A", 12)
        os.write(master, b"$C,13,QS*00\r\n")
        assert read_master(master, len(encode_frame("N", 13))) == encode_frame("N", 13)
        os.write(master, encode_frame("C", 13, "QS"))
        assert log.next_as(CardRead).code == "QS"
        assert log.quiet(0.2)


def test_a_flood_of_garbage_is_one_misread_gets_one_trigger_and_a_good_card_after_it_none(
        pty: tuple[str, int]) -> None:
    path, master = pty
    log = EventLog()
    flood = 50_000
    with open_driver(f"serial://{path}?protocol=scanner", log.put) as driver:
        log.next_of(Connected)
        garbage = b"".join(b"\x00?%05d\xfe\r\n" % number for number in range(flood))
        write_all(master, garbage)
        misreads = [log.next_as(Misread)]  # held until the line goes quiet: one for the burst
        while sum(event.count for event in misreads) < flood:
            misreads.append(log.next_as(Misread))
        assert len(misreads) <= 3  # one, unless the machine stalled the writer mid-flood
        assert misreads[0].raw == b"\x00?00000\xfe" and misreads[-1].last_raw.startswith(b"\x00?")
        assert read_master(master, 1, timeout=0.2) == b"", "a trigger before anyone asked"
        for _ in misreads:  # a controller that asks once per misread, late
            driver.request_rescan()
        assert read_master(master, 4, timeout=0.5) == bytes.fromhex("16540D")  # one, not 50,000
        os.write(master, b"garbage\r\n" * 3 + b"QC\r\n")
        misread, card = log.next_as(Misread), log.next_as(CardRead)
        assert misread.count == 3 and card.code == "QC"
        for _ in range(3):
            driver.request_rescan()
        assert read_master(master, 1, timeout=0.2) == b"", "a trigger after the good card"
        assert log.quiet(0.1)


def test_the_cut_card_and_a_new_shoe_are_acknowledged_only_once_recorded(
        pty: tuple[str, int]) -> None:
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?protocol=shoe", log.put) as driver:
        log.next_of(Connected)
        for seq, frame in ((6, encode_frame("S", 6)), (7, encode_frame("C", 7, "CUT"))):
            os.write(master, frame)
            event = log.next()
            assert isinstance(event, ShoeShuffled | CutCardSeen)
            assert event.raw == frame.strip()
            assert read_master(master, 1, timeout=0.2) == b""
            os.write(master, frame)  # the shoe resends while waiting
            assert read_master(master, 1, timeout=0.2) == b""
            driver.acknowledge(event)
            assert read_master(master, len(encode_frame("A", seq))) == encode_frame("A", seq)
        assert log.quiet(0.1), "a resend was delivered again"


def test_a_restarted_table_acknowledges_the_resend_of_what_it_recorded(
        pty: tuple[str, int]) -> None:
    # The PC died after journaling 9H but before its $A reached the shoe. The restarted
    # table primes the driver with the journaled frame: the resend is answered, not counted.
    path, master = pty
    frame = encode_frame("C", 12, "9H")
    log = EventLog()
    driver = open_driver(f"serial://{path}?protocol=shoe", log.put)
    driver.prime(frame.strip())
    with driver:
        log.next_of(Connected)
        os.write(master, frame)
        assert read_master(master, len(encode_frame("A", 12))) == encode_frame("A", 12)
        os.write(master, encode_frame("C", 13, "3D"))
        card = log.next_as(CardRead)
        assert (card.code, card.seq) == ("3D", 13)
        assert log.quiet(0.1), "9H was delivered again"


def test_an_older_frame_over_the_wire_comes_after_a_notice_and_is_answered_once_recorded(
        pty: tuple[str, int]) -> None:
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?protocol=shoe", log.put) as driver:
        log.next_of(Connected)
        for seq, code in ((20, "4C"), (21, "4D")):
            os.write(master, encode_frame("C", seq, code))
            driver.acknowledge(log.next_as(CardRead))
            read_master(master, len(encode_frame("A", seq)))
        os.write(master, encode_frame("C", 20, "4C"))  # a correct shoe never goes back
        notice, card = log.next(), log.next_as(CardRead)
        assert isinstance(notice, OutOfSequence) and "frame 20 cannot follow" in notice.reason
        assert (card.code, card.seq) == ("4C", 20)
        assert read_master(master, 1, timeout=0.2) == b""  # not before it is recorded
        driver.acknowledge(card)
        assert read_master(master, len(encode_frame("A", 20))) == encode_frame("A", 20)
        os.write(master, encode_frame("C", 21, "4H"))
        assert log.next_as(CardRead).code == "4H"


@pytest.mark.parametrize("protocol", ["scanner", "shoe"])
def test_end_to_end_with_the_emulator_and_every_fault(protocol: str) -> None:
    script = ["AS", "KD", "NR", "9H", "CUT", "TC", "2S", "3D", "4C", "5H", "6S", "7D"]
    faults = Faults(no_read=0.3, garbage=0.3, bad_checksum=0.4, drop_ack=0.3)
    emulator = ShoeEmulator([script], protocol=protocol, faults=faults, seed=4,
                            ack_timeout=0.1)
    log = EventLog()
    with (
        emulator,
        open_driver(f"serial://{emulator.start()}?protocol={protocol}", log.put) as driver,
    ):
            seen: list[str] = []
            while len([item for item in seen if item not in ("NR",)]) < 11:
                event = log.next()
                if isinstance(event, CardRead):
                    seen.append(event.code)
                    driver.acknowledge(event)
                elif isinstance(event, Misread):
                    seen.append("NR")
                    driver.request_rescan()
                elif isinstance(event, CutCardSeen):
                    seen.append("CUT")
                    driver.acknowledge(event)
                elif isinstance(event, ShoeShuffled):
                    driver.acknowledge(event)
            assert [item for item in seen if item != "NR"] == [
                item for item in script if item != "NR"
            ]
            assert "NR" in seen
            assert log.quiet(0.3), "a card was delivered twice"


def test_a_second_program_cannot_open_the_same_device(pty: tuple[str, int]) -> None:
    path, master = pty
    first_log, second_log = EventLog(), EventLog()
    with open_driver(f"serial://{path}", first_log.put):
        first_log.next_of(Connected)
        with open_driver(f"serial://{path}", second_log.put):
            refused = second_log.next()
            assert isinstance(refused, Disconnected) and "cannot open" in refused.reason
            os.write(master, b"8C\r\n")
            assert first_log.next_as(CardRead).code == "8C"


def test_a_missing_device_is_reported_and_picked_up_when_it_appears(tmp_path: Path) -> None:
    link = tmp_path / "shoe"
    log = EventLog()
    # The shoe protocol, because a scanner's line sent before the port opens is flushed.
    with open_driver(f"serial://{link}?protocol=shoe", log.put) as driver:
        missing = log.next()
        assert isinstance(missing, Disconnected) and str(link) in missing.reason
        with ShoeEmulator([["QD"]], protocol="shoe", link=link) as emulator:
            emulator.start()
            assert isinstance(log.next(), Connected)
            driver.acknowledge(log.next_of(ShoeShuffled))
            assert log.next_as(CardRead).code == "QD"


def test_unplug_and_replug_twenty_times_leaks_no_descriptors(tmp_path: Path) -> None:
    link = tmp_path / "shoe"
    log = EventLog()
    gc.collect()  # what earlier tests left for the collector is closed before counting
    # Never more than before: a leak grows with the unplugs (fewer is an earlier test's
    # leftovers closed meanwhile, by the collector or their threads).
    before = open_fds()
    driver = open_driver(f"serial://{link}?protocol=shoe", log.put)
    driver.start()
    log.next_of(Disconnected)  # nothing plugged in yet
    for round_number in range(20):
        code = ("AS", "KD")[round_number % 2]
        with ShoeEmulator([[code]], protocol="shoe", link=link, ack_timeout=0.1) as emulator:
            emulator.start()
            log.next_of(Connected)
            driver.acknowledge(log.next_of(ShoeShuffled))
            card = log.next_as(CardRead)
            assert card.code == code
            driver.acknowledge(card)
            thread = emulator._thread
            assert thread is not None
            thread.join()
        unplugged = log.next()  # the emulator closing is the cable pulled out
        assert isinstance(unplugged, Disconnected)
        assert open_fds() <= before, f"descriptors leaked after {round_number + 1} unplugs"
    driver.close()
    driver.close()
    assert open_fds() <= before


def test_a_power_cycled_shoe_after_a_replug_numbers_from_0_and_its_cards_count(
        tmp_path: Path) -> None:
    link = tmp_path / "shoe"
    log = EventLog()
    with open_driver(f"serial://{link}?protocol=shoe", log.put) as driver:
        log.next_of(Disconnected)  # nothing plugged in yet
        seen: list[tuple[str, int | None, bytes]] = []
        for shoe in (["AS", "KD"], ["AS", "QD"]):  # each emulator is a shoe from power-on
            with ShoeEmulator([shoe], protocol="shoe", link=link, ack_timeout=0.1) as emulator:
                emulator.start()
                log.next_of(Connected)
                for _ in range(3):
                    event = log.next()
                    assert isinstance(event, Recordable)
                    driver.acknowledge(event)
                    seen.append((event.kind, getattr(event, "seq", None), event.raw[:5]))
                thread = emulator._thread
                assert thread is not None
                thread.join()
            log.next_of(Disconnected)
    assert seen == [
        ("shoe_shuffled", None, b"$S,0*"), ("card", 1, b"$C,1,"), ("card", 2, b"$C,2,"),
        ("shoe_shuffled", None, b"$S,0*"), ("card", 1, b"$C,1,"), ("card", 2, b"$C,2,"),
    ]


@pytest.mark.parametrize("protocol", READER_FORMATS)
def test_a_listen_only_reader_emulated_with_faults_reaches_the_driver_card_for_card(
        protocol: str) -> None:
    # The emulator plays the device: no-reads and garbage before cards, the card passed again
    # after each; the cut card is never sent (the device cannot see it).
    script = ["AS", "KD", "NR", "9H", CUT, "TC", "2S", "QH"]
    custom = custom_format(SITE) if protocol == "custom" else None
    emulator = ShoeEmulator([script], protocol=protocol, faults=Faults(no_read=0.3, garbage=0.3),
                            seed=4, custom=custom)
    log = EventLog()
    with emulator, open_driver(f"serial://{emulator.open()}?protocol={protocol}", log.put,
                               custom=custom) as driver:
        log.next_of(Connected)  # a device that only talks: its bytes before this are lost
        player = threading.Thread(target=emulator.play)
        player.start()
        seen: list[str] = []
        while len([item for item in seen if item != "NR"]) < 6:
            event = log.next()
            assert isinstance(event, CardRead | Misread), event
            seen.append(event.code if isinstance(event, CardRead) else "NR")
            driver.request_rescan()  # nothing to ask a listen-only device: nothing written
        player.join()
        assert [item for item in seen if item != "NR"] == ["AS", "KD", "9H", "TC", "2S", "QH"]
        assert "NR" in seen and not driver.rescans_on_request
        assert log.quiet(0.2)
        received = emulator._receive(time.monotonic() + 0.1)
        assert received == b"", "the driver wrote to a listen-only device"
