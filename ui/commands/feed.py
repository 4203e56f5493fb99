"""``baccarat-table feed status|tail``: how far the floor feed has got, and a table's events
as the broker delivers them (docs/feed.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from common.errors import UserError
from common.settings import shown
from controller.feed.outbox import load_record
from controller.feed.tail import follow
from controller.journal.paths import default_journal_path
from controller.journal.verify import open_read_only
from controller.table.config import TableConfig, load_config
from controller.table.table_id import feed_table_id_problem
from ui.commands.arguments import whole_number
from ui.commands.journal import refuse_if_not_a_journal

INSTALLED_CONFIG = "/etc/baccarat-table/table.toml"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = f"The floor feed (docs/feed.md). --config defaults to {INSTALLED_CONFIG}."
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    status = actions.add_parser(
        "status", help="events waiting, the last acknowledged seq, the broker connection",
        description="Read-only: what the table's relay last recorded beside its journal.")
    status.add_argument("path", nargs="?", metavar="PATH",
                        help="the journal database (default: the config's)")
    tail = actions.add_parser(
        "tail", help="print a table's events as they arrive at the broker, each once",
        description="Subscribes to the table's events and prints each as one JSON line, "
                    "repeats dropped. Stop with Ctrl-C.")
    tail.add_argument("--table", metavar="T", help="the table id (default: the config's; "
                      "'+' for every table)")
    tail.add_argument("--verify", action="store_true",
                      help="check seq continuity and the hash chain; problems go to stderr")
    tail.add_argument("--count", type=whole_number(1), metavar="N",
                      help="stop after N events")
    for each in (status, tail):
        each.add_argument("--config", metavar="FILE", help="the table config")
    status.set_defaults(handler=run_status)
    tail.set_defaults(handler=run_tail)


def config(args: argparse.Namespace) -> TableConfig | None:
    """The table config named, else the installed one; None when there is none."""
    if args.config:
        return load_config(args.config)
    if Path(INSTALLED_CONFIG).is_file():
        return load_config(INSTALLED_CONFIG)
    return None


def run_status(args: argparse.Namespace) -> int:
    settings = config(args) or TableConfig()
    path = Path(args.path or settings.journal_path or default_journal_path()).absolute()
    if not path.is_file():
        raise FileNotFoundError(f"no journal at {path}")
    refuse_if_not_a_journal(path)
    connection = open_read_only(path)
    try:
        last = connection.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
    finally:
        connection.close()
    record = load_record(path)
    if record is None:
        print(f"{path}: the feed has not run for this journal; {last} events waiting")
        return 0
    acked = record.acked_seq
    running = record.connection != "stopped" and _alive(record.pid)
    state = record.connection if running else f"table not running (last: {record.connection})"
    print(f"broker: {record.broker}")
    print(f"connection: {state} (since {record.since})")
    print(f"last acknowledged seq: {acked}")
    print(f"outbox: {max(0, last - acked)} events waiting (journal's last seq {last})")
    return 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        return True
    return pid > 0


def run_tail(args: argparse.Namespace) -> int:
    if args.table is not None and args.table != "+":
        # The rule of [table] id with the feed on: the id is one level of the topic
        # subscribed to (a wildcard or a / would subscribe to other topics, a control
        # character or a huge id is a packet the broker refuses, again and again).
        problem = feed_table_id_problem(args.table)
        if problem:
            raise UserError(f"--table {shown(args.table)}: {problem}, or + for every table")
    table_config = config(args)
    if table_config is None:
        raise UserError(f"no config at {INSTALLED_CONFIG}: name the table config with --config "
                        "(its [feed] section names the broker to read from)")
    if table_config.feed is None:
        raise UserError(f"{Path(args.config or INSTALLED_CONFIG).absolute()}: no [feed] "
                        "section: it names the broker to read from")
    count = 0
    for arrival in follow(table_config.feed, args.table or table_config.table_id, args.verify):
        for problem in arrival.problems:
            print(f"baccarat-table feed tail: {problem}", file=sys.stderr, flush=True)
        for event in arrival.events:
            print(json.dumps(event, ensure_ascii=False, separators=(",", ":")), flush=True)
            count += 1
            if args.count is not None and count >= args.count:
                return 0
    return 0
