"""``baccarat-table emulate-shoe`` as a separate process, read by the real serial driver."""

import io
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from controller.game.shoe_end import dealt_items
from controller.table.config import load_config
from drivers import open_driver
from drivers.base import CardRead, Connected, CutCardSeen, Misread, ShoeShuffled
from drivers.card_codes import CUT
from drivers.emulator import ShoeEmulator
from drivers.shoe_order import build_shoe, shoe_random
from tests.support.driver_events import EventLog
from tests.support.reader import site_config

pytestmark = pytest.mark.timeout(60)


def emulate(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "emulate-shoe", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def printed_line(process: subprocess.Popen[str]) -> str:
    """The next line the emulator printed (the first: its device's path)."""
    assert process.stdout is not None
    return process.stdout.readline()


def test_the_emulator_plays_a_shoe_to_the_driver_and_logs_the_exchange(tmp_path: Path) -> None:
    link, log_file = tmp_path / "shoe", tmp_path / "wire.log"
    process = emulate("--protocol", "shoe", "--script", "AS,KD,CUT,9H", "--interval", "0",
                      "--link", str(link), "--log", str(log_file), "--bad-checksum", "0.5",
                      "--fault-seed", "3", "--ack-timeout", "0.2")
    assert printed_line(process).startswith("/dev/pts/")
    log = EventLog()
    with open_driver(f"serial://{link}?protocol=shoe", log.put) as driver:
        seen: list[str] = []
        while len(seen) < 5:
            event = log.next(10)
            if isinstance(event, CardRead | CutCardSeen | ShoeShuffled):
                driver.acknowledge(event)
                seen.append(getattr(event, "code", event.kind))
        assert seen == ["shoe_shuffled", "AS", "KD", "cut_card", "9H"]
        assert process.wait(10) == 0
    assert not link.exists()
    wire = log_file.read_text()
    assert "> b'$S,0*" in wire and "< b'$A,0*" in wire
    assert "> b'$C,1,AS*" in wire and "< b'$A,1*" in wire
    assert "< b'$N," in wire  # the bad checksums were refused and resent


def play_to_the_end(link: Path, protocol: str) -> list[str]:
    """Everything the emulator at ``link`` deals until it exits, as items (card codes, CUT,
    and NEW for a new shoe), acknowledged as a table would."""
    log = EventLog()
    seen: list[str] = []
    with open_driver(f"serial://{link}?protocol={protocol}", log.put) as driver:
        while (event := log.next(10)).kind != "disconnected":
            if isinstance(event, CardRead | CutCardSeen | ShoeShuffled):
                driver.acknowledge(event)
                seen.append(event.code if isinstance(event, CardRead)
                            else CUT if isinstance(event, CutCardSeen) else "NEW")
    return seen


def test_each_shoe_ends_with_the_cut_card_round_and_the_next_follows_a_reshuffle(
    tmp_path: Path
) -> None:
    link, log_file = tmp_path / "shoe", tmp_path / "wire.log"
    process = emulate("--protocol", "shoe", "--decks", "1", "--seed", "4", "--cut", "20",
                      "--shoes", "2", "--interval", "0", "--shuffle-seconds", "0",
                      "--link", str(link), "--log", str(log_file))
    printed_line(process)
    seen = play_to_the_end(link, "shoe")
    assert process.wait(10) == 0
    shoes = [dealt_items(build_shoe(1, shoe_random(4, number), cut_from_end=20))
             for number in range(2)]
    assert all(len(shoe) < 53 for shoe in shoes), "the cut-card round took the whole shoe"
    assert seen == ["NEW", *shoes[0], "NEW", *shoes[1]]  # the leftover cards never come
    wire = log_file.read_text()
    assert wire.index("! end of shoe") < wire.index("! reshuffling") < wire.rindex("> b'$S,")


def test_a_scanner_cannot_say_a_new_shoe_is_loaded_so_the_dealer_confirms_it(
    tmp_path: Path
) -> None:
    # In process: a scanner's lines sent before the driver opens the port are flushed, so
    # the driver must be connected before the emulator plays.
    shoes = [["AS", "2D", CUT, "9H", "KD", "TC", "QS"], ["3H", "4C", "4D", "4H"]]
    wire = io.StringIO()
    emulator = ShoeEmulator(shoes, protocol="scanner", log=wire, shuffle_seconds=0)
    log = EventLog()
    with emulator, open_driver(f"serial://{emulator.open()}", log.put):
        log.next_of(Connected)
        player = threading.Thread(target=emulator.play)
        player.start()
        seen = [getattr(log.next(), "code", CUT) for _ in range(11)]
        player.join()
        assert log.quiet(0.1)
    assert seen == [*shoes[0], *shoes[1]]
    assert "$S" not in wire.getvalue() and "! reshuffling" in wire.getvalue()


def test_the_emulator_speaks_a_site_s_custom_format_from_its_table_config(tmp_path: Path) -> None:
    link, config = tmp_path / "shoe", tmp_path / "table.toml"
    config.write_text(site_config())
    # A listen-only device: the driver must have the port open before it plays, which the
    # shuffle before the first shoe (the dealer confirming it at the table) leaves time for.
    process = emulate("--protocol", "custom", "--config", str(config), "--script",
                      "QH,NR,CUT,10s", "--interval", "0", "--shuffle-seconds", "5",
                      "--link", str(link), "--log", str(tmp_path / "wire.log"))
    assert printed_line(process).startswith("/dev/pts/")
    log = EventLog()
    with open_driver(f"serial://{link}?protocol=custom", log.put,
                     custom=load_config(config).reader):
        log.next_of(Connected)
        seen = []
        for _ in range(3):
            event = log.next(10)
            assert isinstance(event, CardRead | Misread), event
            seen.append((event.kind, event.raw))
        assert process.wait(10) == 0
    assert seen == [("card", b"CARD 12-h"), ("misread", b"??"), ("card", b"CARD 10-s")]
    wire = (tmp_path / "wire.log").read_text()
    assert "! cut card: the device cannot see it, the dealer marks it" in wire


def test_sigterm_ends_the_emulator_and_removes_its_link(tmp_path: Path) -> None:
    link = tmp_path / "shoe"
    process = emulate("--seed", "1", "--link", str(link), "--interval", "10")
    path = printed_line(process).strip()
    assert link.resolve() == type(link)(path)
    process.send_signal(signal.SIGTERM)
    assert process.wait(10) == 0
    assert not link.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--script", "AS,ZZ"], "item 2: bad card code 'ZZ': unknown rank 'Z' "
                                "(expected one of A 2 3 4 5 6 7 8 9 T J Q K) (or CUT, NR)"),
        (["--script", "A\u017f"], "item 1: bad card code 'A\u017f': card codes are ASCII letters "
                                  "and digits (or CUT, NR)"),
        (["--cut", "5"], "--cut 5: the cut card must be at least 6 cards from the end (the last "
                         "round needs up to 6 cards after it)"),
        (["--cut", "60", "--decks", "1"], "--cut 60: a 1-deck shoe has 52 cards"),
        (["--shoes", "-1"], "--shoes -1: give a number of shoes, or 0 for endless"),
        (["--shuffle-seconds", "nan"], "--shuffle-seconds nan: give seconds, 0 or more"),
        (["--protocol", "custom"], "--protocol custom: protocol=custom reads the site's format "
                                   "from the table config's [reader] section, and there is "
                                   "none (docs/protocol.md, \"Adding a custom format\"); give "
                                   "it with --config"),
        (["--protocol", "tagged", "--config", "table.toml"],
         "--config applies to --protocol custom"),
    ],
)
def test_bad_options_are_one_clear_error_line(args: list[str], message: str) -> None:
    process = emulate(*args)
    _, error = process.communicate(timeout=10)
    assert process.returncode == 2
    assert error.strip() == f"baccarat-table emulate-shoe: error: {message}"
