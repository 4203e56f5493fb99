"""``baccarat-table history``: past rounds card by card, from the journal."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from common.errors import UserError
from controller.events.recall import rounds
from controller.journal import recall
from controller.journal.history import round_text
from controller.journal.start_check import start_test
from ui.commands.journal import add_archives_option, followed, journal_to_read, reading


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Recall past rounds from a journal (docs/journal.md). Read-only; a "
                          "journal that fails its self-test is still shown, with a warning.")
    parser.add_argument("--journal", dest="path", metavar="PATH",
                        help="the journal (default: the config's, else "
                             "$STATE_DIRECTORY/journal.sqlite3)")
    parser.add_argument("--config", metavar="FILE", help="take the journal path from here")
    parser.add_argument("--last", type=int, metavar="N", help="only the last N rounds")
    parser.add_argument("--shoe", type=int, metavar="S", help="only shoe S")
    add_archives_option(parser)
    parser.add_argument("--json", action="store_true", help="a JSON array of rounds")
    parser.set_defaults(handler=reading(run))


def run(args: argparse.Namespace) -> int:
    if args.last is not None and args.last < 1:
        raise UserError(f"--last {args.last}: expected 1 or more")
    path: Path = journal_to_read(args)
    if args.shoe is not None:
        path = followed(path, args.shoe, args.archives)
    finding = start_test(path).finding
    with recall.reading(path) as connection:
        shown, events = recall.round_events(connection, args.last, args.shoe)
        played = [record for record in rounds(events) if record["seq"] in shown]
    if finding is not None:
        print(f"warning: {path} failed its self-test: {finding}", file=sys.stderr)
    if args.json:
        json.dump(played, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print("\n".join(round_text(record) for record in played) or "no rounds")
    return 0
