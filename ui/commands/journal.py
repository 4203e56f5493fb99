"""``baccarat-table journal verify|export|set-aside|accept-end|archive``: check, export, set
aside a journal, accept an end that could not be checked, or move old shoes to an archive."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO, cast

from common.errors import UserError
from common.user_paths import open_output
from controller.feed.acknowledged import feed_acknowledged
from controller.journal import Journal, JournalError, recall
from controller.journal.accept_end import accept_end
from controller.journal.archive import archive
from controller.journal.archive_file import summary as archive_summary
from controller.journal.archive_recall import holding_shoe
from controller.journal.archive_verify import ArchiveSet
from controller.journal.export import FORMATS, export
from controller.journal.head import head_path
from controller.journal.paths import default_journal_path, set_aside
from controller.journal.verify import check_file, check_schema
from controller.journal.verify_run import verify_journal
from controller.table.config import load_config


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Work on a table's journal (docs/journal.md). PATH defaults to the "
                          "config's journal path, else $STATE_DIRECTORY/journal.sqlite3.")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    verify = actions.add_parser(
        "verify", help="check the whole hash chain; exit 1 naming the first bad row",
        description="Read-only: checks SQLite's integrity, the schema version, every row's hash "
                    "and link, every verified checkpoint, and the head file. Works on a copy "
                    "taken from a live table. Its result is not journaled: the table runs "
                    "the same check itself daily and journals its own result.")
    verify.add_argument("--allow-unchecked-end", action="store_true",
                        help="exit 0 when everything but the end checks (the head file is "
                             "missing or lower than the journal); the output still says so")
    export_parser = actions.add_parser("export", help="every row with its hashes, for audits")
    export_parser.add_argument("--format", choices=FORMATS, default="jsonl")
    export_parser.add_argument("--output", metavar="FILE", help="write here (default stdout)")
    aside = actions.add_parser(
        "set-aside", help="rename a failed journal to PATH.failed-<time>, read-only",
        description="The supervisor's choice after a failed self-test: the journal is kept, "
                    "read-only, beside a new one that the next start creates. Refused while a "
                    "table has it open, and for a journal that passes its self-test.")
    aside.add_argument("--force", action="store_true",
                       help="set aside a journal that passes its self-test all the same")
    accept = actions.add_parser(
        "accept-end", help="accept a journal whose end could not be checked",
        description="The supervisor's choice when the head file is missing or lower than the "
                    "journal: records who accepted the end as it is, and why, in the journal; "
                    "the table then starts. Refused for any other failure.")
    accept.add_argument("--by", required=True, metavar="NAME", help="who accepts it")
    accept.add_argument("--reason", default="", metavar="TEXT", help="why")
    add_archives_option(verify)
    moving = actions.add_parser(
        "archive", help="move complete shoes that ended before DATE into an archive file",
        description="Moves every complete shoe that ended before DATE out of the live journal "
                    "into a verified archive file in DIR, and records in the journal what "
                    "moved (docs/journal.md, 'Archive and retention'). Refused while a table "
                    "has the journal open: stop the table first. Rows the floor feed's broker "
                    "has not acknowledged stay.")
    moving.add_argument("--before", required=True, type=utc_moment, metavar="DATE",
                        help="a date (2026-03-01) or time (2026-03-01T06:00:00), in UTC unless "
                             "it has an offset (2026-03-01T06:00:00+05:00)")
    moving.add_argument("--to", required=True, metavar="DIR", help="the archive folder")
    for each in (verify, export_parser, aside, accept, moving):
        each.add_argument("path", nargs="?", metavar="PATH", help="the journal database")
        each.add_argument("--config", metavar="FILE", help="take the journal path from here")
    verify.set_defaults(handler=run_verify)
    export_parser.set_defaults(handler=reading(run_export))
    aside.set_defaults(handler=refusing(run_set_aside))
    accept.set_defaults(handler=refusing(run_accept_end))
    moving.set_defaults(handler=refusing(run_archive))


def utc_moment(text: str) -> datetime:
    """An argparse ``type``: a date or a time, in UTC unless it says otherwise."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a date (2026-03-01) or a time (2026-03-01T06:00:00), got {text!r}"
        ) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def add_archives_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--archives", metavar="DIR",
                        help="look for the journal's archive files here, not where they were "
                             "written")


def journal_path(args: argparse.Namespace) -> Path:
    """The journal named (a relative PATH is the current folder's, a config's is its folder's),
    absolute: every line about it names the file read."""
    if args.path:
        path = Path(args.path).absolute()
    elif args.config and (configured := load_config(args.config).journal_path):
        path = Path(configured)
    else:
        path = default_journal_path()
    if not path.is_file():
        raise FileNotFoundError(f"no journal at {path}")
    return path


def journal_to_read(args: argparse.Namespace) -> Path:
    """The journal a command reads rows from (``refuse_if_not_a_journal``)."""
    path = journal_path(args)
    refuse_if_not_a_journal(path)
    return path


def followed(path: Path, shoe: int, archives: str | None = None) -> Path:
    """The file holding shoe ``shoe``: the journal, or the archive it was moved to (said on
    standard error, so that --json output stays as it is), looked for in ``archives`` when
    given; UserError when that archive is not there or not the one recorded."""
    with recall.reading(path):  # a journal SQLite cannot read is one line, as for any read
        held = holding_shoe(path, shoe, Path(archives) if archives else None)
    if held != path:
        print(f"shoe {shoe} was archived: reading {held}", file=sys.stderr)
    return held


def refuse_if_not_a_journal(path: Path) -> None:
    """UserError when the file at ``path`` is no journal, in the words of ``journal verify``:
    no SQLite database at all, or an SQLite database that is not a baccarat-table journal
    (its application id: the pit's store, say). A file a table kept a head file beside is a
    damaged journal, which the command reports as such (``reading``)."""
    if head_path(path).exists():
        return
    finding = check_file(path)
    if finding is not None:
        raise UserError(f"{path}: not a journal: {finding.message}")
    with recall.reading(path) as connection:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        finding = check_schema(connection, version)
    if finding is not None:
        raise UserError(f"{path}: {finding.message}")


def refusing(handler: Callable[[argparse.Namespace], int],
             outcome: str = "refused") -> Callable[[argparse.Namespace], int]:
    """A command on a journal: a refusal, or a journal it cannot read (a damaged file), is one
    line saying why and what to do, and exit status 1."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except JournalError as error:
            command = " ".join(filter(None, (getattr(args, "command", None),
                                          getattr(args, "action", None))))
            print(f"baccarat-table {command}: {outcome}: {error}; what to do: "
                  f"{error.advice}", file=sys.stderr)
            return 1

    return run


def reading(handler: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A command that only reads a journal: one line when the journal cannot be read."""
    return refusing(handler, "cannot read the journal")


def run_verify(args: argparse.Namespace) -> int:
    path = journal_path(args)
    report, _, archives = verify_journal(path, Path(args.archives) if args.archives else None)
    finding = report.finding
    summary = (f"{report.rows} rows, schema {report.version}, last row {report.last_seq}, "
               f"head {report.head_hash.hex()}")
    if finding is None or finding.end_unchecked:
        summary += archives_said(path, archives)
    if finding is not None and finding.end_unchecked and args.allow_unchecked_end:
        print(f"{path}: ok, but the END WAS NOT CHECKED: {finding.message}: {summary}")
        return 0
    if finding is not None:
        where = f" (row {finding.seq})" if finding.seq is not None else ""
        print(f"{path}: FAILED{where}: {finding}", file=sys.stderr)
        return 1
    print(f"{path}: ok: {summary}")
    return 0


def archives_said(path: Path, archives: ArchiveSet | None) -> str:
    """What the verify line adds about the journal's archives (an archive file itself is
    checked alone: its place in the chain is the live journal's)."""
    if archives is None:
        with recall.reading(path) as connection:
            own = archive_summary(connection)
        return "" if own is None else (
            f"; an archive of rows {own.first_seq} to {own.last_seq} (verify the live "
            "journal to check it in the chain)")
    if archives.files and archives.finding is None:
        return (f"; with {len(archives.files)} archive(s), {archives.rows} rows from row 1, "
                "one chain")
    return ""


def run_export(args: argparse.Namespace) -> int:
    path = journal_to_read(args)
    with recall.reading(path) as connection:
        if args.output:
            with open_output(args.output, "--output", encoding="utf-8", newline="") as out:
                count = export(connection, cast(TextIO, out), args.format)  # text mode
            print(f"{count} rows written to {args.output}", file=sys.stderr)
        else:
            export(connection, sys.stdout, args.format)
    return 0


def run_set_aside(args: argparse.Namespace) -> int:
    path = journal_path(args)
    target = set_aside(path, force=args.force)
    print(f"{path} set aside as {target} (read-only); the next start begins a new journal")
    return 0


def run_archive(args: argparse.Namespace) -> int:
    path = journal_path(args)
    if Path(args.to).exists() and not Path(args.to).is_dir():
        raise UserError(f"--to {args.to}: is not a folder: name the archive folder")
    config = load_config(args.config) if args.config else None
    with Journal.open(path) as journal:  # refused while a table has it open
        moved = archive(journal, args.before, Path(args.to),
                        feed_acknowledged(path, config is not None and config.feed is not None))
    if moved is None:
        print(f"{path}: nothing to archive: no complete shoe ended before "
              f"{args.before.isoformat()} that the table no longer needs and the feed has had")
        return 0
    record = moved.record
    print(f"{path}: shoes {record.first_shoe} to {record.last_shoe} (rows {record.first_seq} to "
          f"{record.last_seq}, {record.rows} rows) moved to {moved.path}")
    return 0


def run_accept_end(args: argparse.Namespace) -> int:
    path = journal_path(args)
    event = accept_end(path, args.by, args.reason)
    print(f"{path}: its end accepted by {args.by} as row {event.seq - 1} (recorded as row "
          f"{event.seq}); the table can start")
    return 0
