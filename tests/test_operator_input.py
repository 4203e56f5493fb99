"""What the dealer types on a headless table: one command a line, bounded, and every part of
it used or refused with a clear line, never silently dropped or taken for something else."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from controller.table.commands import Action, Command
from tests.support.journal import rows, wait_for
from ui.headless import MAX_LINE, HeadlessPrinter, parse_command, read_commands

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("line", "message"), [
    ("card KD QD", "card takes exactly one card, like 'card KD'; got 'KD QD'"),
    ("card", "card takes exactly one card, like 'card KD'; got nothing"),
    ("void pin=2468 reason=misdeal",
     "unknown option reason=; the options are pin=, by=, round="),
    ("void pin=2468 round=four misdeal", "round='four': expected a round number, like round=4"),
    ("accept pin=2468 round=4", "round= names the round a void voids: void only"),
    ("void pin=2468 pin=1357 misdeal", "pin= given twice"),
    ("void pin=2468 " + "x" * 101, "reason too long: at most 100 characters, got 101"),
    ("accept pin=2468 by=" + "a" * 41, "by= too long: at most 40 characters, got 41"),
    ("void pin=2468 \x1b[2J misdeal", "control character '\\x1b' at column 15; ignored"),
    ("void pin=2468 'misdeal", "cannot split the line into words: no closing quotation"),
    ("card K\udcffD", "byte 0xff at column 7 is not UTF-8 text; ignored"),  # surrogateescape
])
def test_a_line_that_cannot_be_taken_as_typed_is_refused_saying_why(
        line: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_command(line)
    assert str(refused.value) == message


def test_a_full_length_command_is_taken_whole() -> None:
    reason = "x" * 90  # with "score 3=2 ", the longest reason taken
    command = parse_command(f"void pin=2468 by=anna score 3=2 {reason}\r\n")
    assert command == Command(Action.VOID_ROUND, by="anna", reason=f"score 3=2 {reason}",
                              pin="2468")
    assert parse_command("card\tKD\n") == Command(Action.MANUAL_CARD, card="KD")
    assert parse_command("void pin=2468 round=4 misdeal", shoe=2) == Command(
        Action.VOID_ROUND, by="supervisor", reason="misdeal", pin="2468", target=(2, 4))


def test_lines_around_the_length_limit() -> None:
    out = io.StringIO()
    submitted: list[Command] = []
    just_fits = "void pin=2468 " + "r" * (MAX_LINE - len("void pin=2468 "))
    stream = io.StringIO(f"{just_fits}\n{just_fits}r\n{'card KD ' * 10_000}\ncard 9H\n")
    read_commands(stream, submitted.append, HeadlessPrinter(out), lambda: None).join()
    assert out.getvalue().splitlines() == [
        f"reason too long: at most 100 characters, got {MAX_LINE - len('void pin=2468 ')}",
        f"input line too long: at most {MAX_LINE} characters; ignored",
        f"input line too long: at most {MAX_LINE} characters; ignored",
    ]
    assert submitted == [Command(Action.MANUAL_CARD, card="9H")]


def test_a_full_length_line_ending_in_cr_lf_is_taken_as_the_same_line_ending_in_lf() -> None:
    out = io.StringIO()  # as standard input reads: the CR is kept, not translated
    submitted: list[Command] = []
    reason = "r" * (MAX_LINE - len("pause "))
    stream = io.StringIO(f"pause {reason}\r\npause {reason}\n"
                         f"pause {reason}r\r\npause {reason}r\ncard 9H\r\n")
    read_commands(stream, submitted.append, HeadlessPrinter(out), lambda: None).join()
    too_long = f"input line too long: at most {MAX_LINE} characters; ignored"
    taken = f"reason too long: at most 100 characters, got {len(reason)}"
    assert out.getvalue().splitlines() == [taken, taken, too_long, too_long]
    assert submitted == [Command(Action.MANUAL_CARD, card="9H")]


def test_a_megabyte_line_is_refused_and_the_next_command_is_acted_on(tmp_path: Path) -> None:
    journal = tmp_path / "table.db"
    output = tmp_path / "stdout.txt"
    with output.open("w") as stdout:
        table = subprocess.Popen(
            [sys.executable, "-m", "ui.cli", "run", "--headless", "--journal", str(journal),
             "--driver", "sim://?seed=1&rate=20"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=stdout, stderr=subprocess.PIPE,
        )
    assert table.stdin is not None and table.stderr is not None
    try:
        wait_for(lambda: "== shoe 1" in output.read_text(), timeout=60)
        # Taken whole, the reason of this pause would be one 1 MB row in the journal; a byte
        # that is not UTF-8 used to stop the reader thread.
        table.stdin.write(b"pause " + b"x" * 1_000_000 + b"\ncard K\xffD\npause\n")
        table.stdin.flush()
        wait_for(lambda: paused(journal), timeout=60)
        table.stdin.write(b"quit\n")
        table.stdin.flush()
        assert table.wait(timeout=60) == 0
    finally:
        if table.poll() is None:
            table.kill()
        table.stdin.close()
    assert b"Traceback" not in table.stderr.read()
    printed = output.read_text()
    assert printed.count(f"input line too long: at most {MAX_LINE} characters; ignored\n") == 1
    assert printed.count("byte 0xff at column 7 is not UTF-8 text; ignored\n") == 1
    (longest,) = rows(journal, "SELECT max(length(data)) FROM events")[0]
    assert longest < 2000
    pauses = [json.loads(data) for (data,) in rows(
        journal, "SELECT data FROM events WHERE type = 'operator_action'")]
    assert [(action["action"], action["reason"]) for action in pauses] == [("pause", "")]


def paused(journal: Path) -> bool:
    try:
        actions = rows(journal, "SELECT data FROM events WHERE type = 'operator_action'")
    except Exception:  # the journal is not created yet
        return False
    return any(json.loads(data)["action"] == "pause" for (data,) in actions)


def test_text_mode_answers_every_action_it_carried_out() -> None:
    from tests.support.table import Table

    out = io.StringIO()
    table = Table()
    table.bus.subscribe(HeadlessPrinter(out))
    table.start_shoe()
    table.command("pause", reason="break")
    table.command("resume")
    table.supervisor("clear_roads", reason="new session")
    table.supervisor("manual_card", card="9s")
    lines = out.getvalue().splitlines()
    for said in ("pause by dealer: break", "resume by dealer", "clear roads by sup: new session",
                 "manual card 9S by sup"):
        assert said in lines
