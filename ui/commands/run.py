"""``baccarat-table run``: run a table."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("run", help="run a table (the main job)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    print("baccarat-table run: the round controller and the display are not built yet;")
    print("the card and rule engine is in place (see README.md).")
    return 0
