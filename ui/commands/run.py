"""``baccarat-table run``: run a table, with the display or headless."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from common.errors import UserError
from controller.events.stream import EventFileError
from controller.feed.relay import NEEDS_JOURNAL
from controller.journal import JournalError
from controller.journal.paths import default_journal_path
from controller.service.app import with_overrides
from controller.service.logs import configure_logging
from controller.service.sd_notify import SystemdNotifier
from controller.service.status import disk_text
from controller.table.config import DEFAULT_DRIVER, LANGUAGES, TableConfig, load_config
from controller.table.controller import InputFailed
from controller.table.fault_report import write_fault_report
from ui.commands.arguments import whole_number
from ui.headless import START, HeadlessPrinter, read_commands
from ui.table_process import TableProcess
from ui.x_server import x_server_problem

log = logging.getLogger(__name__)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Run a table. Without a screen, or with --headless, rounds are "
                          "printed as text and operator commands are read from standard input "
                          "(see docs/operator.md).")
    parser.add_argument("--driver", metavar="URL",
                        help=f"card source (default: the config's, else {DEFAULT_DRIVER})")
    parser.add_argument("--profile", metavar="NAME|FILE", help="table profile")
    parser.add_argument("--config", metavar="FILE", help="table config (TOML)")
    parser.add_argument("--headless", action="store_true", help="text only, no display")
    parser.add_argument("--windowed", action="store_true",
                        help="the display in a window instead of full screen (development)")
    parser.add_argument("--events", metavar="FILE", help="write events as JSON lines (- = stdout)")
    parser.add_argument("--journal", metavar="PATH", help="journal database")
    parser.add_argument("--shoes", type=whole_number(1), metavar="N",
                        help="stop after N shoes (1 or more)")
    parser.add_argument("--language", choices=LANGUAGES,
                        help="the display's language (default: the config's, else en)")
    parser.set_defaults(handler=run)


def has_screen() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or (
        os.environ.get("QT_QPA_PLATFORM", "").startswith(("eglfs", "linuxfb", "offscreen"))
    )


def x_display_problem() -> str | None:
    """Why the X display Qt's xcb platform would open does not answer; None when it does, or
    when Qt will not use X (Wayland, eglfs, linuxfb, offscreen)."""
    display = os.environ.get("DISPLAY")
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if not display or os.environ.get("WAYLAND_DISPLAY") or platform.split(":")[0] not in (
            "", "xcb"):
        return None
    return x_server_problem(display)


def table_config(args: argparse.Namespace) -> TableConfig:
    config = load_config(args.config) if args.config else TableConfig()
    config = with_overrides(config, driver_url=args.driver, profile=args.profile,
                            journal_path=args.journal, events_path=args.events,
                            language=getattr(args, "language", None))
    if config.journal_path is None and os.environ.get("STATE_DIRECTORY"):
        # Under systemd a table always keeps a journal, in its StateDirectory.
        config = with_overrides(config, journal_path=str(default_journal_path()))
    if config.feed is not None and config.journal_path is None:  # the [feed] came from --config
        raise UserError(f"{args.config}: {NEEDS_JOURNAL}")
    return config


def run(args: argparse.Namespace) -> int:
    config = table_config(args)
    configure_logging()
    if not args.headless and has_screen():
        problem = x_display_problem()
        if problem is None:
            from ui.display.app import run_display  # Qt is loaded only for the display

            return run_display(config, windowed=args.windowed, stop_after_shoes=args.shoes)
        log.warning("%s; running headless (text only): start the X server or unset DISPLAY",
                    problem)
    with TableProcess(config, args.shoes) as process:
        return run_headless(process)


def run_headless(process: TableProcess) -> int:
    """The table in this thread, rounds printed as text, commands read from standard input."""
    config, notifier = process.config, process.notifier
    printer = HeadlessPrinter(sys.stderr if config.events_path == "-" else sys.stdout)
    try:
        table = process.open(printer)
    except (JournalError, EventFileError) as error:  # the files are left as they were
        return refuse(notifier, "refusing to play", "the table refuses to play", error)
    # Ready only now: the journal passed its self-test and the driver is open.
    process.ready(f"table {config.table_id} ready, {config.driver_url}")
    for event in table.view_events:  # the journal's picture of the table, not printed again
        printer.view.apply(event)
    if printer.view.disk is not None:  # the disk alert raised at start: said once
        printer.say(disk_text(printer.view.disk))
    process.stop_on_signals()
    printer.say(START)
    if sys.stdin is not None and not sys.stdin.closed and sys.stdin.isatty() is not None:
        read_commands(sys.stdin, table.runner.submit, printer, process.stop)
    try:
        process.run()
    except (JournalError, EventFileError) as error:  # nothing unrecorded was acknowledged
        return refuse(notifier, "stopped dealing", "the table stopped dealing", error)
    except InputFailed as failed:  # only without a journal: with one, the table holds instead
        report = write_fault_report(failed, None)
        notifier.status(f"stopped: {failed}")
        print(f"baccarat-table run: the table stopped: {failed} (details: {report}); start it "
              "again, and keep a journal (--journal) so that it holds instead", file=sys.stderr)
        return FAILED
    return 0


# The exit status of a table that will not play until someone acts; the service does not
# restart on it (RestartPreventExitStatus=3, docs/deployment.md).
REFUSED = 3
# The controller failed on an input with no journal to rebuild from: starting again helps.
FAILED = 4


def refuse(notifier: SystemdNotifier, status: str, what: str, error: Exception) -> int:
    """One line on standard error (the system log): what happened, why, what to do; and the
    service's status line."""
    advice = getattr(error, "advice", "")
    notifier.status(f"{status}: {error}")
    print(f"baccarat-table run: {what}: {error}" + (f"; what to do: {advice}" if advice else ""),
          file=sys.stderr)
    return REFUSED
