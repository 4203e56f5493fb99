"""The surveillance panel on the real widget tree: toggled by its key, it shows each side bet's
return, its course over the shoe, the alerts and the scanner's health."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from itertools import combinations
from typing import cast

import pytest
from PyQt6.QtCore import QRectF, QSizeF, Qt
from PyQt6.QtGui import QColor, QFontInfo, QTextDocument
from PyQt6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from controller.events import facts
from controller.events.stream import TableEvent
from tests.support.display import follow, shown_window
from tests.support.surveillance import ORDER, SurveilledTable
from ui.display.app import make_application
from ui.display.gallery import CVD_MATRICES, seen_as
from ui.display.i18n import LANGUAGES
from ui.display.labels import BETS, label
from ui.display.render import render_scenario
from ui.display.surveillance_panel import ALERT, BEHIND, BET_COLORS
from ui.display.window import DisplayWindow


@pytest.fixture(scope="module")
def lucky_six_shoe() -> list[TableEvent]:
    """The scripted one-deck shoe up to the point where Lucky Six is closed, one misread."""
    table = SurveilledTable()
    try:
        table.play_order(30)
    finally:
        table.close()
    return table.events


@pytest.fixture
def window(qtbot: QtBot) -> DisplayWindow:
    return shown_window(qtbot)


def test_the_s_key_shows_and_hides_the_panel_over_the_display(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    window.on_events(lucky_six_shoe)
    panel = window.surveillance
    assert not panel.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_S)
    assert panel.isVisible() and panel.geometry().right() == window.rect().right()
    qtbot.keyClick(window, Qt.Key.Key_S)
    assert not panel.isVisible()


def test_the_panel_shows_returns_course_alerts_and_scanner_health(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events(lucky_six_shoe)
    panel = window.surveillance
    exposures = [e for e in lucky_six_shoe if e.type == "exposure"]
    latest = exposures[-1].fields["rtp"]
    text = panel.returns.text()
    assert "Lucky Six" in text and latest["lucky_six"] in text and "closed" in text
    assert "Player Pair" in text and latest["player_pair"] in text
    assert "Banker<" not in text  # the chart and the list are for the side bets
    chart = panel.chart.courses
    assert set(chart) == {"tie", "player_pair", "lucky_six"}
    assert [rtp for _, rtp in chart["lucky_six"]] == [
        Decimal(e.fields["rtp"]["lucky_six"]) for e in exposures]
    assert chart["lucky_six"][-1][0] == 30  # cards out of the shoe
    assert "lucky_six" not in panel.alerts.text()  # named as the display names it
    assert "Lucky Six alert raised at" in panel.alerts.text()
    assert "1 misreads in 30 cards (1.00 per 100)" in panel.health.text()
    assert "1 disconnects" not in panel.health.text()
    image = panel.grab().toImage()
    assert image.width() > 0  # painted without an error


def test_a_new_shoe_starts_the_panel_afresh(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events(lucky_six_shoe)
    started = next(e for e in lucky_six_shoe if e.type == "shoe_started")
    window.on_events([started._replace(seq=10_000, shoe=2)])
    assert window.surveillance.chart.courses == {}
    assert "shoe 2" in window.surveillance.title.text()
    assert "No alerts" in window.surveillance.alerts.text()


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 800)])
def test_the_panel_is_at_the_displays_type_scale(
        qtbot: QtBot, lucky_six_shoe: list[TableEvent], size: tuple[int, int]) -> None:
    """The pit reads it from behind the dealer: no text under the floor (19.2 px on 800 lines)."""
    window = shown_window(qtbot, size)
    window.on_events(lucky_six_shoe)
    qtbot.keyClick(window, Qt.Key.Key_S)
    panel = window.surveillance
    floor = window.scale.px("body")
    for widget in (panel.title, panel.returns, panel.chart, panel.alerts, panel.health):
        assert QFontInfo(widget.font()).pixelSize() >= floor, widget
    for text in panel.findChildren(QLabel):
        if text.isVisible() and text.text():
            assert QFontInfo(text.font()).pixelSize() >= floor, text.text()


def test_each_bets_line_keeps_its_own_colour_for_the_colour_blind() -> None:
    """Every two bets' lines differ in colour as a protanope and a deuteranope see them (Lucky
    Six and Banker Natural were two near salmons), and are named at their ends."""
    colors = [QColor(color).rgb() for color in BET_COLORS]
    for kind in (None, *CVD_MATRICES):
        seen = [QColor(rgb if kind is None else seen_as(rgb, kind)) for rgb in colors]
        for (i, one), (j, other) in combinations(enumerate(seen), 2):
            distance = sum((a - b) ** 2 for a, b in zip(one.getRgb()[:3], other.getRgb()[:3],
                                                        strict=True)) ** 0.5
            assert distance > 45, (kind, BET_COLORS[i], BET_COLORS[j], distance)


def test_the_panel_lists_an_integrity_alert_with_the_shoe_it_repeats(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    last = lucky_six_shoe[-1]
    alert = last._replace(seq=last.seq + 1, fact=facts.IntegrityAlert(
        kind="carried_run", earlier_shoe=1, first_card=5, earlier_first_card=200, cards=16,
        card=None, reversed=True))
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events([*lucky_six_shoe, alert])
    assert (f"round {last.round}: integrity: carried_run, 16 cards from card 5 in shoe 1's "
            "order reversed") in window.surveillance.alerts.text()


def test_an_integrity_alert_stands_in_the_header_until_the_next_shoe(
        window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    last = lucky_six_shoe[-1]
    alert = last._replace(seq=last.seq + 1, fact=facts.IntegrityAlert(
        kind="carried_run", earlier_shoe=1, first_card=5, earlier_first_card=200, cards=16,
        card=None, reversed=False))
    window.on_events([*lucky_six_shoe, alert])
    field = window.status.fields["integrity"]
    assert field.isVisible() and field.text() == "INTEGRITY ALERT: carried run, 16 cards"
    next_shoe = [event._replace(seq=alert.seq + 1 + index) for index, event in enumerate(
        lucky_six_shoe) if event.type == "shoe_started"]
    window.on_events(next_shoe)
    assert not field.isVisible()


def test_the_reader_s_own_alarms_and_warnings_count_in_the_scanner_health(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events(lucky_six_shoe)
    panel = window.surveillance
    assert "reader alarms" not in panel.health.text()
    for message in ("Shoe empty", "W0x1F"):
        window.on_event(follow(lucky_six_shoe[-1], "device_fault", level="alarm",
                               message=message, raw=message, raw_hex=message.encode().hex()))
    assert panel.health.text().endswith(", 2 reader alarms or warnings")


class Clock:
    """The panel's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_panel_says_which_card_its_figures_are_as_of_and_marks_them_behind_then_stalled(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    """Caught up: "as of card 30"; a card the returns do not count yet: behind, in amber; no
    result within the surveillance child's stall bound (10 s): stalled, in red; the next
    result: caught up again."""
    clock = Clock()
    panel = window.surveillance
    panel.clock = clock
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events(lucky_six_shoe)
    currency = panel.currency
    assert currency.isVisible() and "as of card 30, 22 cards left" in currency.text()
    assert not panel.stall_timer.isActive()
    template = next(e for e in lucky_six_shoe if e.type == "card")
    last = lucky_six_shoe[-1]
    dealt = last._replace(seq=last.seq + 1, fact=replace(cast(facts.CardDealt, template.fact),
                                                         card=ORDER[30]))
    window.on_events([dealt])
    assert "as of card 30, the table is at card 31" in currency.text()
    assert BEHIND in currency.text() and "stalled" not in currency.text()
    assert panel.stall_timer.isActive()  # brings the mark up to date without an event
    clock.now += 9.5
    panel.stall_timer.timeout.emit()
    assert "stalled" not in currency.text()
    clock.now += 1
    panel.stall_timer.timeout.emit()
    assert "as of card 30, the table is at card 31: no result for 10 s (stalled)" in (
        currency.text())
    assert ALERT in currency.text()
    exposure = next(e for e in reversed(lucky_six_shoe) if e.type == "exposure")
    counted = cast(facts.Exposure, exposure.fact)
    caught_up = exposure._replace(seq=dealt.seq + 1, fact=replace(
        counted, cards_left=counted.cards_left - 1))
    window.on_events([caught_up])
    assert "as of card 31, 21 cards left" in currency.text()
    assert not panel.stall_timer.isActive()


def test_the_panel_says_computing_until_the_first_result_and_blames_no_watched_profile(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    qtbot.keyClick(window, Qt.Key.Key_S)
    first = next(i for i, e in enumerate(lucky_six_shoe) if e.type == "exposure")
    window.on_events(lucky_six_shoe[:first])
    panel = window.surveillance
    assert "Computing the returns" in panel.currency.text()
    assert "[surveillance]" not in panel.currency.text() + panel.returns.text()
    assert not panel.chart.isVisible()  # no empty chart
    window.on_events(lucky_six_shoe[first:first + 1])
    assert "as of card 0, 52 cards left" in panel.currency.text()
    assert panel.chart.isVisible()


def test_a_shoe_whose_profile_has_no_surveillance_table_says_so(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    started = next(e for e in lucky_six_shoe if e.type == "shoe_started")
    terms = cast(facts.ShoeStarted, started.fact)
    assert terms.profile_terms is not None
    unwatched = started._replace(fact=replace(terms, profile_terms={
        **terms.profile_terms, "surveillance": None}))
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events([unwatched])
    assert ("No returns: this shoe's profile has no [surveillance] table."
            in window.surveillance.currency.text())


def rich_size(label: QLabel, width: float | None = None) -> QSizeF:
    """The room ``label``'s rich text needs: on one line, or wrapped to ``width``."""
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    document.setHtml(label.text())
    if width is None:
        return QSizeF(document.idealWidth(), document.size().height())
    document.setTextWidth(width)
    return document.size()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 800)])
def test_the_panel_heading_legend_and_chart_names_fit_in_every_language_and_size(
        qtbot: QtBot, english: None, lucky_six_shoe: list[TableEvent], language: str,
        size: tuple[int, int]) -> None:
    """In portrait the panel is 540 px wide: its heading and each bet's return whole on their
    lines, and the names at the chart's line ends whole (wrapped on words if need be) and
    inside the chart."""
    make_application(language)
    window = shown_window(qtbot, size)
    window.on_events(lucky_six_shoe)
    qtbot.keyClick(window, Qt.Key.Key_S)
    panel = window.surveillance
    panel.grab()  # painted: the chart places its texts
    title = panel.title
    assert rich_size(title).width() <= title.contentsRect().width(), title.text()
    room = panel.returns.contentsRect()
    needed = rich_size(panel.returns, room.width())  # wrapped on words, no word wider
    assert needed.width() <= room.width() and needed.height() <= room.height() + 1, (
        panel.returns.text(), needed, room)
    for wrapped in (panel.currency, panel.alerts, panel.health):
        assert wrapped.heightForWidth(wrapped.width()) <= wrapped.height(), wrapped.text()
    chart = panel.chart
    inside = QRectF(chart.rect())
    outside = [(box, text) for box, text in chart.texts if not inside.contains(box)]
    assert not outside, (inside, outside)
    names = {label(BETS, bet) for bet in chart.courses}
    assert names <= {text for _, text in chart.texts}, chart.texts
    assert not any("…" in text for _, text in chart.texts)


def test_the_surveillance_screenshot_is_the_same_on_three_runs(qapp: QApplication) -> None:
    """The scenario's table computes every card's returns before it goes on, so three plays
    of the shoe give the same picture (they gave "392 cards left", "230 cards left", or no
    returns at all, under a header saying 33 left)."""
    first, *others = [render_scenario("surveillance", (1080, 1920)) for _ in range(3)]
    assert all(image == first for image in others)


def test_the_hidden_panel_shows_what_came_meanwhile_once_opened(
        qtbot: QtBot, window: DisplayWindow, lucky_six_shoe: list[TableEvent]) -> None:
    """While hidden the panel only keeps the events (off the card's way to the screen); S
    shows them all."""
    window.on_events(lucky_six_shoe)
    qtbot.keyClick(window, Qt.Key.Key_S)
    panel = window.surveillance
    assert "as of card 30, 22 cards left" in panel.currency.text()
    assert set(panel.chart.courses) == {"tie", "player_pair", "lucky_six"}
