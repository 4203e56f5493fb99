"""``baccarat-table emulate-shoe`` as a separate process, read by the real serial driver."""

import signal
import subprocess
import sys

import pytest
from driver_events import EventLog

from drivers import open_driver
from drivers.base import CardRead

pytestmark = pytest.mark.timeout(60)


def emulate(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "emulate-shoe", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_the_emulator_plays_a_shoe_to_the_driver_and_logs_the_exchange(tmp_path):
    link, log_file = tmp_path / "shoe", tmp_path / "wire.log"
    process = emulate("--protocol", "shoe", "--script", "AS,KD,CUT,9H", "--interval", "0",
                      "--link", str(link), "--log", str(log_file), "--bad-checksum", "0.5",
                      "--fault-seed", "3", "--ack-timeout", "0.2")
    assert process.stdout.readline().startswith("/dev/pts/")
    log = EventLog()
    with open_driver(f"serial://{link}?protocol=shoe", log.put) as driver:
        seen = []
        while len(seen) < 4:
            event = log.next(10)
            if isinstance(event, CardRead):
                driver.acknowledge(event)
            if event.kind in ("card", "cut_card"):
                seen.append(getattr(event, "code", "CUT"))
        assert seen == ["AS", "KD", "CUT", "9H"]
        assert process.wait(10) == 0
    assert not link.exists()
    wire = log_file.read_text()
    assert "> b'$C,0,AS*" in wire and "< b'$A,0*" in wire
    assert "< b'$N," in wire  # the bad checksums were refused and resent


def test_sigterm_ends_the_emulator_and_removes_its_link(tmp_path):
    link = tmp_path / "shoe"
    process = emulate("--seed", "1", "--link", str(link), "--interval", "10")
    path = process.stdout.readline().strip()
    assert link.resolve() == type(link)(path)
    process.send_signal(signal.SIGTERM)
    assert process.wait(10) == 0
    assert not link.exists()


def test_bad_options_are_one_clear_error_line():
    process = emulate("--script", "AS,ZZ")
    _, error = process.communicate(timeout=10)
    assert process.returncode == 2
    assert error.strip() == (
        "baccarat-table emulate-shoe: error: item 2: bad card code 'ZZ': unknown rank 'Z' "
        "(expected one of A 2 3 4 5 6 7 8 9 T J Q K) (or CUT, NR)"
    )
