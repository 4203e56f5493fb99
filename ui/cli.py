"""The ``baccarat-table`` command: one entry point, a subcommand per job.

Each subcommand lives in its own module under ``ui.commands`` and exposes
``configure(parser)``, which adds its description and arguments and sets ``handler`` to a
function taking the parsed arguments and returning the exit status. Only the chosen command's
module is imported: ``--help`` and a light command such as ``odds`` never load Qt, pyserial or
the journal (docs/performance.md, "Command start-up").
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Collection, Sequence

# name -> (module, the one line ``--help`` shows): the index, read without importing a module.
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("ui.commands.run", "run a table (the main job)"),
    "roads": ("ui.commands.roads", "draw the roads and statistics of a JSON array of hands"),
    "emulate-shoe": ("ui.commands.emulate_shoe",
                     "play a simulated shoe on a pseudo-terminal (testing without hardware)"),
    "odds": ("ui.commands.odds", "exact odds and return to player of each bet for a shoe"),
    "state-diagram": ("ui.commands.state_diagram",
                      "print the state machine as mermaid (docs/state-machine.md)"),
    "hash-pin": ("ui.commands.hash_pin", "print the [supervisor] pin_hash value for a PIN"),
    "screenshot": ("ui.commands.screenshot",
                   "render the display to a PNG after a scripted or simulated shoe"),
    "journal": ("ui.commands.journal", "verify, export or set aside a table's journal"),
    "history": ("ui.commands.history",
                "past rounds card by card, with results, voids and who did what"),
    "feed": ("ui.commands.feed",
             "the floor feed: its status, or a table's events from the broker (docs/feed.md)"),
    "shoe-report": ("ui.commands.shoe_report",
                    "one shoe from the journal as a picture: results, roads, each bet's "
                    "return, alerts, scanner health"),
    "broker-access": ("ui.commands.broker_access",
                      "the floor broker's logins: one for each table (writing only its own "
                      "topics) and each pit (reading only) (docs/deployment.md)"),
    "pit": ("ui.commands.pit", "the pit: every table's feed live in a browser (docs/pit.md)"),
    "pit-user": ("ui.commands.pit_user",
                 "the pit's users: add, remove or list them with their roles, give one an API "
                 "token (docs/pit.md)"),
}

# What a person got wrong is shown as one line with exit 2: a bad value or file content
# (common.errors.UserError), or a path they named that is missing, not allowed, or the wrong
# kind of file. Anything else is a fault in the program and keeps its traceback.
PATH_ERRORS = (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError)


def build_parser(configured: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with the commands in ``configured`` (all when None) given their arguments;
    the others are listed by name and help line only, their modules not imported."""
    parser = argparse.ArgumentParser(
        prog="baccarat-table",
        description="Baccarat (punto banco) table controller.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_line) in COMMANDS.items():
        command = subparsers.add_parser(name, help=help_line, description=help_line)
        if configured is None or name in configured:
            importlib.import_module(module_name).configure(command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    # The command is the first argument (the top level takes no options but --help).
    args = build_parser(arguments[:1]).parse_args(arguments)
    # Imported only now: --help ends in parse_args, before anything loads the drivers package.
    from common.errors import UserError

    handler: Callable[[argparse.Namespace], int] = args.handler  # set by the command's configure
    try:
        return handler(args)
    except (UserError, *PATH_ERRORS) as error:
        print(f"baccarat-table {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # A reader that stopped reading (| head) ends a command quietly. Not SIGPIPE's default
        # action: that would also kill the process when a broker drops a connection paho is
        # writing on, silently, instead of paho reconnecting.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # the exit's flush
        return 141  # as a shell reports a command ended by SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
