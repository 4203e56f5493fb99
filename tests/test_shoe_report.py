"""``baccarat-table shoe-report``: one shoe of a journal as a picture (PNG) or a page (HTML)
with the same facts; mistakes are one line."""

from __future__ import annotations

import pytest
from PyQt6.QtGui import QImage

from controller.journal import Journal
from tests.surveillance_support import SurveilledTable
from ui.cli import main


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
