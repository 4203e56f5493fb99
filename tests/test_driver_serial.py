"""The serial driver over real pseudo-terminals opened through pyserial (no mocks)."""

import os
import select
import time

import pytest
from driver_events import EventLog

from drivers import open_driver
from drivers.base import CardRead, Connected, Disconnected, Misread
from drivers.emulator import Faults, ShoeEmulator
from drivers.shoe_protocol import encode_frame

pytestmark = pytest.mark.timeout(60)


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.fixture
def pty():
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


def test_scanner_cards_no_reads_and_the_rescan_trigger(pty):
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?protocol=scanner&baud=115200", log.put) as driver:
        assert isinstance(log.next(), Connected)
        os.write(master, b"AS\r\nN")
        os.write(master, b"R\r\n10d\r")
        card = log.next()
        assert (card.code, card.raw) == ("AS", b"AS")
        assert isinstance(log.next(), Misread)
        assert log.next().code == "TD"
        assert read_master(master, 3) == bytes.fromhex("16540D")
        driver.request_rescan()
        assert read_master(master, 3) == bytes.fromhex("16540D")


def test_configured_rescan_trigger_and_no_read_text(pty):
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?rescan=1B52&noread=ERR", log.put):
        log.next_of("connected")
        os.write(master, b"ERR\r\n")
        assert log.next().raw == b"ERR"
        assert read_master(master, 2) == b"\x1bR"


def test_shoe_checksums_acknowledgements_and_resends(pty):
    path, master = pty
    log = EventLog()
    with open_driver(f"serial://{path}?protocol=shoe", log.put) as driver:
        log.next_of("connected")
        frame = encode_frame("C", 12, "KH")
        os.write(master, frame)
        card = log.next()
        assert card.code == "KH"
        assert read_master(master, 1, timeout=0.2) == b""  # no $A before it is recorded
        driver.acknowledge(card)
        assert read_master(master, len(encode_frame("A", 12))) == encode_frame("A", 12)
        os.write(master, frame)  # the shoe did not get the $A: it resends
        assert read_master(master, len(encode_frame("A", 12))) == encode_frame("A", 12)
        os.write(master, b"$C,13,QS*00\r\n")
        assert read_master(master, len(encode_frame("N", 13))) == encode_frame("N", 13)
        os.write(master, encode_frame("C", 13, "QS"))
        assert log.next().code == "QS"
        assert log.quiet(0.2)


@pytest.mark.parametrize("protocol", ["scanner", "shoe"])
def test_end_to_end_with_the_emulator_and_every_fault(protocol):
    script = ["AS", "KD", "NR", "9H", "CUT", "TC", "2S", "3D", "4C", "5H", "6S", "7D"]
    faults = Faults(no_read=0.3, garbage=0.3, bad_checksum=0.4, drop_ack=0.3)
    emulator = ShoeEmulator([script], protocol=protocol, faults=faults, seed=4,
                            ack_timeout=0.1)
    log = EventLog()
    with (
        emulator,
        open_driver(f"serial://{emulator.start()}?protocol={protocol}", log.put) as driver,
    ):
            seen = []
            while len([item for item in seen if item not in ("NR",)]) < 11:
                event = log.next()
                if isinstance(event, CardRead):
                    seen.append(event.code)
                    driver.acknowledge(event)
                elif isinstance(event, Misread):
                    seen.append("NR")
                    driver.request_rescan()
                elif event.kind == "cut_card":
                    seen.append("CUT")
            assert [item for item in seen if item != "NR"] == [
                item for item in script if item != "NR"
            ]
            assert "NR" in seen
            assert log.quiet(0.3), "a card was delivered twice"


def test_a_second_program_cannot_open_the_same_device(pty):
    path, master = pty
    first_log, second_log = EventLog(), EventLog()
    with open_driver(f"serial://{path}", first_log.put):
        first_log.next_of("connected")
        with open_driver(f"serial://{path}", second_log.put):
            refused = second_log.next()
            assert isinstance(refused, Disconnected) and "cannot open" in refused.reason
            os.write(master, b"8C\r\n")
            assert first_log.next().code == "8C"


def test_a_missing_device_is_reported_and_picked_up_when_it_appears(tmp_path):
    link = tmp_path / "shoe"
    log = EventLog()
    # The shoe protocol, because a scanner's line sent before the port opens is flushed.
    with open_driver(f"serial://{link}?protocol=shoe", log.put):
        missing = log.next()
        assert isinstance(missing, Disconnected) and str(link) in missing.reason
        with ShoeEmulator([["QD"]], protocol="shoe", link=link) as emulator:
            emulator.start()
            assert isinstance(log.next(), Connected)
            assert log.next().code == "QD"


def test_unplug_and_replug_twenty_times_leaks_no_descriptors(tmp_path):
    link = tmp_path / "shoe"
    log = EventLog()
    before = open_fds()
    driver = open_driver(f"serial://{link}?protocol=shoe", log.put)
    driver.start()
    log.next_of("disconnected")  # nothing plugged in yet
    for round_number in range(20):
        code = ("AS", "KD")[round_number % 2]
        with ShoeEmulator([[code]], protocol="shoe", link=link, ack_timeout=0.1) as emulator:
            emulator.start()
            log.next_of("connected")
            card = log.next()
            assert card.code == code
            driver.acknowledge(card)
            emulator._thread.join()
        unplugged = log.next()  # the emulator closing is the cable pulled out
        assert isinstance(unplugged, Disconnected)
        assert open_fds() == before, f"descriptors leaked after {round_number + 1} unplugs"
    driver.close()
    driver.close()
    assert open_fds() == before
