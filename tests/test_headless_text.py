"""What the headless text mode tells the dealer: that it is text mode, the burn, where a card
typed by hand went, surveillance alerts, the Big Road's notation; one whole line at a time."""

from __future__ import annotations

import io
import subprocess
import sys
import threading
from pathlib import Path

from controller.events import facts
from controller.events.stream import TableEvent
from ui.headless import HELP, HeadlessPrinter

ROOT = Path(__file__).resolve().parent.parent


def told(*shown: facts.Fact) -> list[str]:
    out = io.StringIO()
    printer = HeadlessPrinter(out)
    for seq, fact in enumerate(shown, 1):
        printer(TableEvent(seq, "2026-12-03T12:00:00.000000Z", "t1", 1, 3, fact))
    return out.getvalue().splitlines()


def test_text_mode_says_so_at_start_and_that_help_lists_the_commands() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--headless", "--shoes", "1",
         "--driver", "sim://?seed=2&rate=0"], cwd=ROOT, capture_output=True, text=True,
        timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-2000:]
    first = done.stdout.splitlines()[0]
    assert "text mode" in first and "'help'" in first


def test_the_burn_and_its_progress_are_shown() -> None:
    assert told(facts.Burn(card="7H", burn_left=6, cards_left=400),
                facts.Burn(card=None, burn_left=0, cards_left=399)) == [
        "burn 7H: 6 to burn", "burn confirmed: burn done"]


def test_a_card_typed_by_hand_says_where_it_went() -> None:
    assert told(facts.CardDealt(card="KD", raw="kd", source="manual", cards_left=300,
                                position="player3"),
                facts.CardDealt(card="2C", raw="2C", source="reader", cards_left=299,
                                position="banker3")) == ["KD entered by hand: player's 3rd card"]


def test_surveillance_alerts_are_shown() -> None:
    assert told(facts.ExposureAlert(bet="lucky_six", state="raised", rtp="1.0042",
                                    alert_rtp="1.0", closed=True),
                facts.ScannerAlert(misreads=6, cards=100, per_hundred="6.00",
                                   level="warning")) == [
        "SURVEILLANCE: lucky six alert raised, return 1.0042 (threshold 1.0), bet closed",
        "SURVEILLANCE: scanner misreads 6.00 per 100 cards (6 in 100), level warning"]


def test_help_explains_the_big_roads_tie_counts() -> None:
    assert "B1: a banker win with one tie on it" in HELP
    assert "-N is N ties before the shoe's first win" in HELP


class SlowStream(io.StringIO):
    """A terminal that takes its time over each write, as a busy one does."""

    def write(self, text: str) -> int:
        written = 0
        for char in text:  # one character at a time: another thread may cut in
            written += super().write(char)
            if char == " ":
                threading.Event().wait(0.0001)
        return written


def test_lines_from_two_threads_never_interleave() -> None:
    out = SlowStream()
    printer = HeadlessPrinter(out)
    lines = {name: f"line from the {name} thread, whole" for name in ("table", "operator")}
    def say_often(text: str) -> None:
        for _ in range(30):
            printer.say(text)

    threads = [threading.Thread(target=say_often, args=(text,)) for text in lines.values()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    shown = out.getvalue().splitlines()
    assert len(shown) == 60 and set(shown) == set(lines.values())
