"""``baccarat-table shoe-report``: one shoe from the journal as a picture an inspector reads at
a glance (docs/surveillance.md)."""

from __future__ import annotations

import argparse
import base64
import html
import os
import sqlite3
import sys
from pathlib import Path

from common.errors import UserError
from common.user_paths import open_output
from controller.game.profiles import load_profile
from controller.journal import recall
from controller.journal.start_check import start_test
from controller.surveillance.shoe_record import ShoeRecord, shoe_records
from ui.commands.journal import add_archives_option, followed, journal_to_read, reading

FORMATS = (".png", ".html")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Draw one shoe from a journal: its rounds and results, the roads at the end, each "
        "bet's return over the shoe, the alerts and closures, the scanner's health "
        "(docs/surveillance.md). Read-only.")
    parser.add_argument("--shoe", type=int, metavar="S", help="the shoe (default: the last)")
    add_archives_option(parser)
    parser.add_argument("--journal", dest="path", metavar="PATH",
                        help="the journal (default: the config's, else "
                             "$STATE_DIRECTORY/journal.sqlite3)")
    parser.add_argument("--config", metavar="FILE", help="take the journal path from here")
    parser.add_argument("--out", default="shoe-report.png", metavar="FILE.png|FILE.html",
                        help="where to write the report: a PNG, or an HTML page with the "
                             "picture and its text (default: shoe-report.png)")
    parser.set_defaults(handler=reading(run))


def chosen_shoe(connection: sqlite3.Connection, shoe: int | None, path: Path
                ) -> tuple[ShoeRecord, str]:
    """Shoe ``shoe`` (the last when None), read from the journal alone, and its table."""
    numbers = recall.shoe_numbers(connection)
    if numbers is None:
        raise UserError(f"{path}: no shoe has started in this journal")
    number = numbers[1] if shoe is None else shoe
    events = list(recall.shoe_events(connection, number))
    if not events:
        raise UserError(f"--shoe {shoe}: {path} holds shoes {numbers[0]} to {numbers[1]}")
    return shoe_records(events)[number], events[-1].table


def shoe_from_journal(path: Path, shoe: int | None) -> tuple[ShoeRecord, str]:
    """Shoe ``shoe`` (None: the last) of the journal at ``path``, and the table's id."""
    with recall.reading(path) as connection:
        record, table = chosen_shoe(connection, shoe, path)
    if not record.threshold_known:
        surveillance_from_profile_file(record)
    return record, table


def surveillance_from_profile_file(record: ShoeRecord) -> None:
    """A shoe whose journal does not record its profile's terms (one from before
    ``profile_terms``) nor any alert: its [surveillance] table as the profile it names holds
    it now, if that is still a profile of the shoe's name and decks."""
    try:
        profile = load_profile(record.profile_source)
    except (ValueError, OSError):  # gone, or no longer a profile: the report says unknown
        return
    if (profile.name, profile.decks) == (record.profile, record.decks):
        watch = profile.surveillance
        record.take_surveillance(None if watch is None else {"alert_rtp": watch.alert_rtp})
        record.watched_from_file = True


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.suffix.lower() not in FORMATS:
        raise UserError(f"--out {args.out}: expected a file ending in .png or .html")
    path = journal_to_read(args)
    if args.shoe is not None:
        path = followed(path, args.shoe, args.archives)
    finding = start_test(path).finding
    record, table = shoe_from_journal(path, args.shoe)  # one line when it cannot be read
    if finding is not None:
        print(f"warning: {path} failed its self-test: {finding}", file=sys.stderr)
    with open_output(out, "--out", "wb") as file:  # before Qt: a bad path is told at once
        file.write(report(record, table, as_html=out.suffix.lower() == ".html"))
    print(f"{out}: shoe {record.shoe}, {len(record.results)} rounds, "
          f"{len(record.alerts)} alerts")
    return 0


def report(record: ShoeRecord, table: str, as_html: bool) -> bytes:
    """The report's picture as PNG bytes, or the HTML page holding it and its text."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt starts only once the journal, the arguments and the output file are good.
    from ui.display.app import make_application
    from ui.display.render import png_bytes
    from ui.display.shoe_report_page import ShoeReportPage, report_sections, round_lines

    app = make_application("en")
    # The HTML page prints the title as text: its picture goes without it.
    image = ShoeReportPage(record, table, titled=not as_html).image()
    app.processEvents()
    png = png_bytes(image)
    if not as_html:
        return png
    sections = [*report_sections(record, table), ("Rounds", round_lines(record))]
    text = html_page(sections, base64.b64encode(png).decode("ascii"))
    return text.encode("utf-8")


def html_page(sections: list[tuple[str, list[str]]], png: str) -> str:
    """The title, the picture, then its text and every round (to search and copy)."""
    title = html.escape(sections[0][0])
    body = "".join(f"<h2>{html.escape(name)}</h2><ul>"
                   + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
                   for name, lines in sections[1:])
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{title}</title></head>"
            f"<body><h1>{title}</h1><img alt='the shoe report as a picture' "
            f"style='max-width:100%' src='data:image/png;base64,{png}'>{body}</body></html>\n")
