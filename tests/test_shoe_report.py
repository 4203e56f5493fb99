"""``baccarat-table shoe-report``: one shoe of a journal as a picture (PNG) or a page (HTML)
with the same facts; mistakes are one line."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from PyQt6.QtCore import QRectF
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QApplication, QLabel

from controller.events import facts
from controller.game.outcome import Winner
from controller.journal import Journal
from controller.surveillance.shoe_record import ExposurePoint, PlayedRound, ShoeRecord
from tests.support.display import near
from tests.support.surveillance import LUCKY_SIX_PROFILE, SurveilledTable
from tests.support.table import Table
from ui.cli import main
from ui.commands.shoe_report import shoe_from_journal
from ui.display import marks
from ui.display.app import make_application
from ui.display.shoe_report_page import (
    PAGE_SIZE,
    ShoeReportPage,
    alert_lines,
    integrity_lines,
)


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
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


def test_the_png_report_is_a_page_of_the_shoe(
    journal: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.png"
    assert main(["shoe-report", "--journal", str(journal), "--out", str(out)]) == 0
    image = QImage(str(out))
    assert image.width() == 1600 and image.height() >= 1100
    assert capsys.readouterr().out.startswith(f"{out}: shoe 1, ")


def test_the_html_report_carries_the_picture_and_every_fact(journal: Path, tmp_path: Path) -> None:
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
def test_a_mistake_is_one_line(
    journal: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    assert main(["shoe-report", "--journal", str(journal), *arguments]) == 2
    error = capsys.readouterr().err
    assert error == f"baccarat-table shoe-report: error: {message.format(journal=journal)}\n"


def journaled_shoe_without_exposure(path: Path, profile: str) -> None:
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
        tmp_path: Path) -> None:
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
        expected = Decimal("1.02") if name == "watched" else Decimal(1)
        assert record.alert_rtp == expected
        assert ShoeReportPage(record, "t").chart is None  # no empty chart: its text says why
    assert ("no exposure recorded in this shoe, though its profile has a [surveillance] "
            "table (alert threshold 1.02") in pages["watched"]
    assert "had no [surveillance] table" not in pages["watched"]
    assert "its profile had no [surveillance] table" in pages["unwatched"]
    application.processEvents()


def test_the_page_scales_its_chart_to_a_return_far_below_and_sums_up_a_long_list(
        journal: Path, qapp: QApplication) -> None:
    """Lucky Six fallen to 0.0067 and forty alerts, some wrapping: the chart's axis and its
    labels stay inside the chart, and the alerts end in "… and N more" with nothing cut."""
    record, _ = shoe_from_journal(journal, None)
    last = record.exposures[-1]
    record.exposures.append(ExposurePoint(last.cards_out + 1, last.round,
                                          {**last.rtp, "lucky_six": Decimal("0.0067")}))
    template = record.alerts[0]
    for n in range(40):
        record.alerts.append(template._replace(round=n + 1, fact=facts.IntegrityAlert(
            kind="carried_run", earlier_shoe=2, first_card=5, earlier_first_card=100,
            cards=12 + n, card=None, reversed=True)) if n % 3 == 0 else template)
    page = ShoeReportPage(record, "table-1")
    image = page.image()
    assert (image.width(), image.height()) == PAGE_SIZE
    chart = page.chart
    assert chart is not None
    inside = QRectF(chart.rect())
    assert chart.y_range()[0] <= 0.0067 and inside.contains(chart.plot)
    assert {"0", "0.00", "cards out of the shoe", "Lucky Six"} <= {t for _, t in chart.texts}
    assert all(inside.contains(box) for box, _ in chart.texts), chart.texts
    alerts = page.lists["Alerts"]
    placed = alerts.placed
    shown = len(placed) - 2  # the title and the summary are not alerts
    more = len(record.alerts) - shown
    assert placed[-1][1] == f"\u2026 and {more} more (the HTML report lists all)"
    assert all(box.bottom() <= alerts.height() for box, _ in placed)
    assert [text for _, text in placed[1:-1]] == alert_lines(record)[:shown]
    page.deleteLater()


def alternating_shoe(columns: int) -> ShoeRecord:
    """A shoe whose Big Road has ``columns`` columns: banker and player wins in turn."""
    record = ShoeRecord(shoe=1, profile="classic", decks=8)
    for number in range(1, columns + 1):
        winner: Winner = "banker" if number % 2 else "player"
        record.results.append(PlayedRound(number, facts.RoundResult(
            player=("9S", "KH") if winner == "player" else ("2S", "3H"), banker=(
                "9D", "KC") if winner == "banker" else ("2D", "3C"),
            player_total=9 if winner == "player" else 5,
            banker_total=9 if winner == "banker" else 5, winner=winner, player_pair=False,
            banker_pair=False, player_natural=winner == "player",
            banker_natural=winner == "banker", natural=True, banker_six_cards=None,
            winning_bets=(winner,), pushed_bets=(), pays={}, bets={})))
    return record


def test_the_big_road_shows_every_column_of_a_long_shoe(qapp: QApplication) -> None:
    """47 columns on a page whose Big Road held 36: the first 11 were dropped without a word.
    Each column's ring is drawn, in its winner's colour."""
    page = ShoeReportPage(alternating_shoe(47), "t")
    page.image()
    road = page.big_road
    image = road.grab().toImage()
    assert road.first_column() == 0
    for column in range(47):
        cell = road.cell_rect(column, 0).toAlignedRect().intersected(road.rect())
        color = marks.WINNER_COLORS["banker" if column % 2 == 0 else "player"]
        assert cell.width() >= road.cell_size() - 1, column
        assert any(near(image.pixelColor(x, y), color) for x in range(cell.left(), cell.right())
                   for y in range(cell.top(), cell.bottom())), column
    page.deleteLater()


def test_the_html_report_prints_its_title_once_and_every_round(
    journal: Path, tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    assert main(["shoe-report", "--journal", str(journal), "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    body = page[page.index("<body>"):]
    record, table = shoe_from_journal(journal, None)
    title = f"Shoe report: table {table}, shoe 1"
    assert body.count(title) == 1  # the picture goes without it
    untitled = ShoeReportPage(record, table, titled=False)
    assert not any(title in text.text() for text in untitled.findChildren(QLabel))
    untitled.deleteLater()
    first = record.results[0]
    assert (f"round {first.round}: Player {' '.join(first.result.player)} "
            f"({first.result.player_total}), Banker") in body
    assert all(f"<li>round {played.round}: " in body for played in record.results)


def test_a_first_shoe_s_integrity_says_in_words_it_had_nothing_to_compare_with() -> None:
    summary = facts.ShoeIntegrity(
        shoe=1, cards=383, compared_shoes=[], longest_run=0, longest_run_shoe=None,
        longest_run_reversed=False, chance="1", alerts=[], ranks={"A": 30}, suits={"S": 100},
        per_rank=32, per_suit=104)
    lines = integrity_lines(ShoeRecord(shoe=1, integrity=summary))
    assert lines[:2] == ["383 cards; no earlier shoe to compare them with", "No integrity alert."]
    compared = integrity_lines(ShoeRecord(shoe=2, integrity=replace(
        summary, shoe=2, compared_shoes=[1], longest_run=3, longest_run_shoe=1)))
    assert compared[0] == "383 cards compared with shoes 1"
    assert compared[1].startswith("Longest carried run: 3 cards, from shoe 1")
