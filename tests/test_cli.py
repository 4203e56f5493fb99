"""The command line itself: which errors are one line, which keep their traceback, and what
a command loads (real subprocesses, as a technician runs them)."""

import subprocess
import sys
from pathlib import Path

import pytest

from ui.cli import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parent.parent
# Modules a light command has no use for: the display, the serial port, the journal, the
# state machine. Loading any of them is what made `--help` and `odds` slow.
HEAVY = ("PyQt6", "serial", "sqlite3", "transitions", "controller.journal",
         "controller.table.controller")


def cli(*args: str, code: str = "") -> subprocess.CompletedProcess[str]:
    """``baccarat-table ARGS`` in a fresh interpreter, after running ``code`` in it."""
    script = f"import sys\n{code}\nfrom ui.cli import main\nsys.exit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def loaded_by(*args: str) -> set[str]:
    """The modules loaded once ``baccarat-table ARGS`` has finished (output discarded)."""
    script = ("import contextlib, io, sys\nfrom ui.cli import main\n"
              "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
              f"    main({list(args)!r})\n"
              "print('\\n'.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    return set(result.stdout.split())


def heavy(modules: set[str]) -> list[str]:
    return sorted(name for name in modules if name.split(".")[0] in HEAVY
                  or any(name.startswith(prefix + ".") or name == prefix for prefix in HEAVY))


@pytest.mark.parametrize("error", ["KeyError('profile')", "ValueError('bad state')",
                                   "OSError('socket gone')"])
def test_a_bug_keeps_its_traceback_and_does_not_exit_2(error: str) -> None:
    # A fault in the program (here in odds) is not dressed up as a mistake of the user's.
    result = cli("odds", code=f"import ui.commands.odds as odds\n"
                              f"def broken(args):\n    raise {error}\n"
                              f"odds.odds = broken")
    assert result.returncode not in (0, 2)
    assert "Traceback (most recent call last)" in result.stderr
    assert error.split("(")[0] in result.stderr.splitlines()[-1]


@pytest.mark.parametrize(("args", "shown"), [
    (("odds", "--removed", "AS ZZ"), "bad card code 'ZZ'"),
    (("odds", "--profile", "no_such_profile"), "no_such_profile"),
    (("roads", "/nonexistent/hands.json"), "/nonexistent/hands.json"),
    (("emulate-shoe", "--script", "AS,XX"), "item 2"),
    (("journal", "verify", "/nonexistent/journal.db"), "no journal at /nonexistent/journal.db"),
])
def test_a_user_error_is_one_line_naming_what_was_wrong_with_exit_2(args: tuple[str, ...],
                                                                    shown: str) -> None:
    result = cli(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"baccarat-table {args[0]}: error: ")
    assert shown in result.stderr and "Traceback" not in result.stderr


def test_help_lists_every_command_without_loading_any_of_them() -> None:
    result = cli("--help")
    assert result.returncode == 0
    for name, (_, help_line) in COMMANDS.items():
        assert name in result.stdout and help_line in " ".join(result.stdout.split())
    modules = loaded_by("--help")
    assert not heavy(modules)
    assert not any(name.startswith(("ui.commands", "controller", "drivers")) for name in modules)


def test_odds_loads_only_what_the_sum_needs() -> None:
    modules = loaded_by("odds")
    assert "controller.game.odds" in modules
    assert not heavy(modules)
    assert {name for name in modules if name.startswith("ui.commands.")} == {"ui.commands.odds"}


def test_a_command_shows_its_own_help_and_options() -> None:
    result = cli("odds", "--help")
    assert result.returncode == 0 and "--removed" in result.stdout and "no simulation" in (
        result.stdout)


def test_every_command_configures() -> None:
    # The index and the modules agree: each module takes its parser and sets a handler.
    parser = build_parser()
    required = {"journal": ["verify"], "screenshot": ["out.png"], "feed": ["status"],
                "pit-user": ["list"], "broker-access": ["list"]}
    for name in COMMANDS:
        assert callable(parser.parse_args([name, *required.get(name, [])]).handler), name
