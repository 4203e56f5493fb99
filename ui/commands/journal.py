"""``baccarat-table journal verify|export|set-aside``: check, export and set aside a journal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from controller.config import load_config
from controller.journal.export import FORMATS, export
from controller.journal.paths import default_journal_path, set_aside
from controller.journal.verify import open_read_only, self_test


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "journal", help="verify, export or set aside a table's journal",
        description="Work on a table's journal (docs/journal.md). PATH defaults to the config's "
                    "journal path, else $STATE_DIRECTORY/journal.sqlite3.")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    verify = actions.add_parser(
        "verify", help="check the whole hash chain; exit 1 naming the first bad row",
        description="Read-only: checks SQLite's integrity, the schema version, every row's hash "
                    "and link, and the head file. Works on a copy taken from a live table.")
    export_parser = actions.add_parser("export", help="every row with its hashes, for audits")
    export_parser.add_argument("--format", choices=FORMATS, default="jsonl")
    export_parser.add_argument("--output", metavar="FILE", help="write here (default stdout)")
    aside = actions.add_parser(
        "set-aside", help="rename a failed journal to PATH.failed-<time>, read-only",
        description="The supervisor's choice after a failed self-test: the journal is kept, "
                    "read-only, beside a new one that the next start creates.")
    for each in (verify, export_parser, aside):
        each.add_argument("path", nargs="?", metavar="PATH", help="the journal database")
        each.add_argument("--config", metavar="FILE", help="take the journal path from here")
    verify.set_defaults(handler=run_verify)
    export_parser.set_defaults(handler=run_export)
    aside.set_defaults(handler=run_set_aside)


def journal_path(args: argparse.Namespace) -> Path:
    if args.path:
        path = Path(args.path)
    elif args.config and load_config(args.config).journal_path:
        path = Path(load_config(args.config).journal_path)
    else:
        path = default_journal_path()
    if not path.is_file():
        raise FileNotFoundError(f"no journal at {path}")
    return path


def run_verify(args: argparse.Namespace) -> int:
    path = journal_path(args)
    report = self_test(path)
    if report.finding is not None:
        where = f" (row {report.finding.seq})" if report.finding.seq is not None else ""
        print(f"{path}: FAILED{where}: {report.finding}", file=sys.stderr)
        return 1
    print(f"{path}: ok: {report.rows} rows, schema {report.version}, last row {report.last_seq}"
          f", head {report.head_hash.hex()}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    path = journal_path(args)
    connection = open_read_only(path)
    try:
        if args.output:
            with open(args.output, "w", encoding="utf-8", newline="") as out:
                count = export(connection, out, args.format)
            print(f"{count} rows written to {args.output}", file=sys.stderr)
        else:
            export(connection, sys.stdout, args.format)
    finally:
        connection.close()
    return 0


def run_set_aside(args: argparse.Namespace) -> int:
    path = journal_path(args)
    target = set_aside(path)
    print(f"{path} set aside as {target} (read-only); the next start begins a new journal")
    return 0
