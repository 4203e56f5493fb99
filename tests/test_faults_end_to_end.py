"""Faults as a technician, a dealer and a supervisor meet them: real table processes, a real
pseudo-terminal shoe, real SIGKILLs and restarts, a real journal. Each test checks what a user
would see afterwards: the cards in the journal, each once, and the table's exit."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import tty
from pathlib import Path
from typing import NoReturn

import pytest

from controller.game.shoe_end import dealt_items
from controller.journal.verify import self_test
from drivers.card_codes import CUT
from drivers.shoe_order import build_shoe, shoe_random
from drivers.shoe_protocol import Frame, decode_frame, encode_frame
from tests.support.journal import (
    ROOT,
    kill,
    log_path,
    out_path,
    rows,
    start_table,
    started,
    wait_for,
)
from tests.support.table import PIN, PIN_HASH

pytestmark = pytest.mark.timeout(120)


def card_codes(journal: Path, *types: str) -> list[str]:
    """The cards the journal holds in events of ``types``, in order."""
    wanted = ", ".join(f"'{kind}'" for kind in types)
    try:
        found = rows(journal, f"SELECT data FROM events WHERE type IN ({wanted}) ORDER BY seq")
    except sqlite3.OperationalError:  # the table has not made the journal yet
        return []
    return [json.loads(data)["card"] for (data,) in found]


def event_types(journal: Path) -> list[str]:
    try:
        return [kind for (kind,) in rows(journal, "SELECT type FROM events ORDER BY seq")]
    except sqlite3.OperationalError:  # the table has not made the journal yet
        return []


class PtyShoe:
    """The smart shoe's end of a pseudo-terminal, driven frame by frame by the test."""

    def __init__(self, link: Path) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        link.symlink_to(os.ttyname(self.slave))
        self.pending = b""

    def send(self, kind: str, seq: int, code: str | None = None) -> None:
        os.write(self.master, encode_frame(kind, seq, code))

    def reply(self, timeout: float = 10.0) -> Frame:
        """The next frame the table sends."""
        deadline = time.monotonic() + timeout
        os.set_blocking(self.master, False)
        while b"\n" not in self.pending:
            assert time.monotonic() < deadline, "the table sent nothing"
            try:
                self.pending += os.read(self.master, 256)
            except (BlockingIOError, OSError):
                time.sleep(0.01)
        line, self.pending = self.pending.split(b"\n", 1)
        return decode_frame(line.rstrip(b"\r"))

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)


# The shoe's new-shoe frame's seq: 9H is frame 5, or frame 0 (every thousandth: 999 wraps).
@pytest.mark.parametrize("first_seq", [0, 995])
def test_a_card_recorded_before_the_pc_died_is_not_counted_again_when_the_shoe_resends_it(
        tmp_path: Path, first_seq: int) -> None:
    journal, link = tmp_path / "table.db", tmp_path / "shoe"
    shoe = PtyShoe(link)
    driver = f"serial://{link}?protocol=shoe"
    seqs = [(first_seq + offset) % 1000 for offset in range(7)]
    try:
        table = start_table(journal, driver)
        wait_for(lambda: "scanner" in event_types(journal))  # the port is open
        shoe.send("S", seqs[0])
        assert shoe.reply() == decode_frame(encode_frame("A", seqs[0]).strip())
        for seq, code in zip(seqs[1:], ["3H", "2S", "2H", "2D", "9H"], strict=False):
            shoe.send("C", seq, code)
            if code != "9H":
                assert shoe.reply().seq == seq
        wait_for(lambda: "9H" in card_codes(journal, "card"))
        kill(table)  # journaled; its $A may never have reached the shoe
        connected = event_types(journal).count("scanner")
        table = start_table(journal, driver)
        wait_for(lambda: event_types(journal).count("scanner") > connected)
        shoe.pending = b""
        shoe.send("C", seqs[5], "9H")  # the shoe resends what it believes unacknowledged
        reply = shoe.reply()
        assert (reply.kind, reply.seq) == ("A", seqs[5])
        shoe.send("C", seqs[6], "KH")
        wait_for(lambda: "KH" in card_codes(journal, "card"))
        table.send_signal(signal.SIGTERM)
        assert table.wait(20) == 0, log_path(journal).read_text()[-2000:]
    finally:
        kill(table)
        shoe.close()
    assert card_codes(journal, "card") == ["9H", "KH"]
    assert self_test(journal).finding is None


def test_an_emulated_shoe_ends_at_its_cut_card_round_and_the_next_shoe_starts_with_a_shuffle(
        tmp_path: Path) -> None:
    journal, link = tmp_path / "table.db", tmp_path / "shoe"
    emulator = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "emulate-shoe", "--protocol", "shoe", "--seed", "7",
         "--decks", "8", "--cut", "60", "--shoes", "2", "--interval", "0",
         "--shuffle-seconds", "0.2", "--link", str(link)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert emulator.stdout is not None
    try:
        assert emulator.stdout.readline().startswith("/dev/")
        table = start_table(journal, f"serial://{link}?protocol=shoe", "--shoes", "2")
        assert table.wait(100) == 0, log_path(journal).read_text()[-2000:]
    finally:
        kill(emulator)
    types = event_types(journal)
    assert "hold" not in types and types.count("shoe_started") == 2
    assert {json.loads(data)["by"] for (data,) in rows(
        journal, "SELECT data FROM events WHERE type = 'shoe_started'")} == {"shoe"}
    physical = []  # every card the two shoes put on the table, in order
    for number in range(2):
        physical += [item for item in dealt_items(build_shoe(8, shoe_random(7, number), 60))
                     if item != CUT]
    assert card_codes(journal, "reveal", "burn", "card") == physical


def test_a_restart_with_another_profile_and_betting_mode_finishes_the_shoe_as_it_began(
        tmp_path: Path) -> None:
    journal = tmp_path / "table.db"
    # Seven aces of spades: more than the 6-deck big-win profile could hold.
    script = "sim://?script=3H,2S,2H,2D," + ",".join(["AS"] * 7)
    table = start_table(journal, script)
    wait_for(lambda: card_codes(journal, "card").count("AS") == 7)
    table.send_signal(signal.SIGTERM)
    assert table.wait(20) == 0
    config = tmp_path / "table.toml"
    config.write_text('[table]\nprofile = "big-win"\nbetting = "live"\n', encoding="utf-8")
    table = start_table(journal, script, "--config", str(config))
    wait_for(lambda: "config_changed" in event_types(journal))
    wait_for(lambda: started(journal, 2))  # it answers SIGTERM from here on
    table.send_signal(signal.SIGTERM)
    assert table.wait(20) == 0, log_path(journal).read_text()[-2000:]
    (changed,) = rows(journal, "SELECT data FROM events WHERE type = 'config_changed'")
    assert json.loads(changed[0])["applies_from"] == "next shoe"
    assert "hold" not in event_types(journal)
    history = subprocess.run(
        [sys.executable, "-m", "ui.cli", "history", "--journal", str(journal), "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    (first,) = [played for played in json.loads(history.stdout) if played["round"] == 1]
    assert (first["player"], first["banker"]) == (["AS", "AS", "AS"], ["AS", "AS", "AS"])
    assert self_test(journal).finding is None


def test_a_card_before_the_burn_is_confirmed_is_accepted_without_a_crash_or_a_crash_loop(
        tmp_path: Path) -> None:
    journal, config = tmp_path / "table.db", tmp_path / "table.toml"
    config.write_text(f'[table]\nburn_scanned = false\n[supervisor]\npin_hash = "{PIN_HASH}"\n',
                      encoding="utf-8")
    script = "sim://?script=3H,9S,KH,TC,2D"  # the dealer forgot to confirm the burn
    table = start_table(journal, script, "--config", str(config), stdin=subprocess.PIPE)
    assert table.stdin is not None
    wait_for(lambda: "hold" in event_types(journal))
    table.stdin.write(f"accept pin={PIN} by=alice\n".encode())
    table.stdin.flush()
    wait_for(lambda: "round_result" in event_types(journal))
    table.stdin.close()
    table.send_signal(signal.SIGTERM)
    assert table.wait(20) == 0, log_path(journal).read_text()[-2000:]
    recalled = "shoe 1 round 1: P 9S TC"  # the round, in the answer to 'history'
    for again in (2, 3):  # and it starts again, twice, where it stopped
        table = start_table(journal, script, "--config", str(config), stdin=subprocess.PIPE)
        assert table.stdin is not None
        wait_for(lambda times=again, t=table: started(journal, times) or t.poll() is not None)
        assert table.poll() is None, log_path(journal).read_text()[-2000:]
        # And it stays up: it answers the dealer after its start, the round recalled.
        table.stdin.write(b"history\n")
        table.stdin.flush()
        wait_for(lambda times=again - 1, t=table: t.poll() is not None
                 or out_path(journal).read_text(encoding="utf-8").count(recalled) >= times)
        assert table.poll() is None, log_path(journal).read_text()[-2000:]
        table.stdin.close()
        table.send_signal(signal.SIGTERM)
        assert table.wait(20) == 0
    (result,) = rows(journal, "SELECT data FROM events WHERE type = 'round_result'")
    assert json.loads(result[0])["player"] == ["9S", "TC"]
    assert "Traceback" not in log_path(journal).read_text()


def test_an_input_the_controller_fails_on_leaves_nothing_behind_and_the_table_holds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from controller.service.app import open_table
    from controller.table.commands import Action, Command
    from controller.table.config import TableConfig
    from controller.table.operator import OperatorDesk

    # A bug that strikes half-way through an action.
    def broken(self: OperatorDesk, command: Command) -> NoReturn:
        self._record(command)
        raise RuntimeError("a bug")

    journal = tmp_path / "table.db"
    config = replace(TableConfig(), journal_path=str(journal), pin_hash=PIN_HASH,
                     driver_url="sim://?script=3H,2S,2H,2D,9S,KH")
    monkeypatch.setattr(OperatorDesk, "_clear_roads", broken)
    table = open_table(config)
    try:
        table.runner.submit(Command(Action.CLEAR_ROADS, by="sup", pin=PIN))
        table.runner.stop()
        table.runner.run()
        assert table.runner.controller.state == "hold"
    finally:
        table.close()
    actions = [json.loads(data)["action"] for (data,) in rows(
        journal, "SELECT data FROM events WHERE type = 'operator_action'")]
    assert "clear_roads" not in actions  # nothing of the failed action was recorded
    (hold,) = rows(journal, "SELECT data FROM events WHERE type = 'hold'")
    assert json.loads(hold[0])["code"] == "internal_error"
    (report,) = tmp_path.glob("baccarat-table-fault-*.txt")
    assert "RuntimeError: a bug" in report.read_text()
    monkeypatch.undo()
    table = open_table(config)  # a restart comes back to the same hold, no crash
    try:
        assert table.controller.state == "hold"
        table.runner.submit(Command(Action.ACCEPT_CARD, by="sup", pin=PIN))
        table.runner.stop()
        table.runner.run()
        assert table.runner.controller.state != "hold"
    finally:
        table.close()
    assert self_test(journal).finding is None
