"""``baccarat-table shoe-report``: one shoe of a journal as a picture (PNG) or a page (HTML)
with the same facts; mistakes are one line."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PyQt6.QtGui import QImage

from controller.journal import Journal
from tests.surveillance_support import LUCKY_SIX_PROFILE, SurveilledTable
from tests.table_harness import Table
from ui.cli import main
from ui.commands.shoe_report import shoe_from_journal
from ui.display.app import make_application
from ui.display.shoe_report_page import ShoeReportPage


@pytest.fixture(scope="module")
def journal(tmp_path_factory):
    """A journaled one-deck shoe in which Lucky Six is closed, with a misread."""
    path = tmp_path_factory.mktemp("report") / "journal.sqlite3"
    table = SurveilledTable()
    store = Journal.open(path)
    table.bus.store = store
    try:
        table.play_order(40)
    finally:
        table.close()
        store.close()
    return path


def test_the_png_report_is_a_page_of_the_shoe(journal, tmp_path, capsys):
    out = tmp_path / "report.png"
    assert main(["shoe-report", "--journal", str(journal), "--out", str(out)]) == 0
    image = QImage(str(out))
    assert image.width() == 1600 and image.height() >= 1100
    assert capsys.readouterr().out.startswith(f"{out}: shoe 1, ")


def test_the_html_report_carries_the_picture_and_every_fact(journal, tmp_path):
    out = tmp_path / "report.html"
    assert main(["shoe-report", "--journal", str(journal), "--shoe", "1", "--out",
                 str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "data:image/png;base64," in page
    assert "Lucky Six alert raised at 1.001550 (threshold 1.0), closed" in page
    assert "Lucky Six: closed in rounds" in page and "by surveillance" in page
    assert "1 misreads in" in page
    assert "Banker" in page and "rounds played" in page


@pytest.mark.parametrize(("arguments", "message"), [
    (["--shoe", "7"], "--shoe 7: {journal} holds shoes 1 to 1"),
    (["--out", "report.pdf"], "--out report.pdf: expected a file ending in .png or .html"),
])
def test_a_mistake_is_one_line(journal, capsys, arguments, message):
    assert main(["shoe-report", "--journal", str(journal), *arguments]) == 2
    error = capsys.readouterr().err
    assert error == f"baccarat-table shoe-report: error: {message.format(journal=journal)}\n"


def journaled_shoe_without_exposure(path, profile: str) -> None:
    """Two rounds under ``profile`` journaled with no exposure computed (as a shoe dealt
    before surveillance's child was up, or a table run without it)."""
    table = Table(profile)
    store = Journal.open(path)
    table.bus.store = store
    try:
        table.start_shoe()
        table.deal("9S KH TC 2D 2S 3C 3H 4C 5D")
    finally:
        store.close()


def test_the_report_tells_no_surveillance_table_from_no_exposure_and_draws_the_threshold(
        tmp_path):
    watched = tmp_path / "watched.toml"
    watched.write_text(Path(LUCKY_SIX_PROFILE).read_text().replace(
        'alert_rtp = "1.0"', 'alert_rtp = "1.02"'), encoding="utf-8")
    application = make_application("en")  # the pages below need it, as the command's
    pages = {}
    for name, profile in (("watched", str(watched)), ("unwatched", "classic")):
        journal = tmp_path / f"{name}.sqlite3"
        journaled_shoe_without_exposure(journal, profile)
        out = tmp_path / f"{name}.html"
        assert main(["shoe-report", "--journal", str(journal), "--out", str(out)]) == 0
        pages[name] = out.read_text(encoding="utf-8")
        record, _ = shoe_from_journal(journal, None)
        page = ShoeReportPage(record, "t")
        expected = Decimal("1.02") if name == "watched" else Decimal(1)
        assert page.chart.alert_rtp == expected
    assert ("no exposure recorded in this shoe, though its profile has a [surveillance] "
            "table (alert threshold 1.02") in pages["watched"]
    assert "had no [surveillance] table" not in pages["watched"]
    assert "its profile had no [surveillance] table" in pages["unwatched"]
    application.processEvents()
