"""The ``baccarat-table`` command: one entry point, a subcommand per job.

Each subcommand lives in its own module under ``ui.commands`` and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` to a function taking the
parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
from collections.abc import Sequence

COMMAND_MODULES = (
    "ui.commands.run",
    "ui.commands.roads",
    "ui.commands.emulate_shoe",
    "ui.commands.odds",
    "ui.commands.state_diagram",
    "ui.commands.hash_pin",
    "ui.commands.screenshot",
    "ui.commands.journal",
    "ui.commands.history",
    "ui.commands.feed",
)

# Errors that mean "the input was wrong", not "the program is broken": shown as one line.
USER_ERRORS = (ValueError, OSError, KeyError)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="baccarat-table",
        description="Baccarat (punto banco) table controller.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # A closed pipe (| head) ends a command quietly, as it does any command-line tool.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except USER_ERRORS as error:
        print(f"baccarat-table {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
