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

from controller.journal import recall
from controller.journal.verify import self_test
from controller.surveillance.shoe_record import ShoeRecord, shoe_records
from drivers.errors import UserError
from ui.commands.journal import journal_path, reading

FORMATS = (".png", ".html")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Draw one shoe from a journal: its rounds and results, the roads at the end, each "
        "bet's return over the shoe, the alerts and closures, the scanner's health "
        "(docs/surveillance.md). Read-only.")
    parser.add_argument("--shoe", type=int, metavar="S", help="the shoe (default: the last)")
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


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.suffix.lower() not in FORMATS:
        raise UserError(f"--out {args.out}: expected a file ending in .png or .html")
    path = journal_path(args)
    finding = self_test(path).finding
    with recall.reading(path) as connection:
        record, table = chosen_shoe(connection, args.shoe, path)
    if finding is not None:
        print(f"warning: {path} failed its self-test: {finding}", file=sys.stderr)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt starts only once the journal and the arguments are good.
    from PyQt6.QtCore import QBuffer, QIODevice

    from ui.display.app import make_application
    from ui.display.shoe_report_page import ShoeReportPage, report_sections

    app = make_application("en")
    image = ShoeReportPage(record, table).image()
    app.processEvents()
    if out.suffix.lower() == ".png":
        if not image.save(str(out), "PNG"):
            raise UserError(f"cannot write {out}")
    else:
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        png = base64.b64encode(bytes(buffer.data().data())).decode("ascii")
        out.write_text(html_page(report_sections(record, table), png), encoding="utf-8")
    print(f"{out}: shoe {record.shoe}, {len(record.results)} rounds, "
          f"{len(record.alerts)} alerts")
    return 0


def html_page(sections: list[tuple[str, list[str]]], png: str) -> str:
    """The picture, then its text (to search and copy)."""
    title = html.escape(sections[0][0])
    body = "".join(f"<h2>{html.escape(name)}</h2><ul>"
                   + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
                   for name, lines in sections[1:])
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{title}</title></head>"
            f"<body><h1>{title}</h1><img alt='{title}' style='max-width:100%' "
            f"src='data:image/png;base64,{png}'>{body}</body></html>\n")
