"""The surveillance panel on the real widget tree: toggled by its key, it shows each side bet's
return, its course over the shoe, the alerts and the scanner's health."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from display_support import follow, shown_window
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QColor, QFontInfo
from PyQt6.QtWidgets import QLabel

from controller.events import facts
from tests.surveillance_support import SurveilledTable
from ui.display.gallery import CVD_MATRICES, seen_as
from ui.display.surveillance_panel import BET_COLORS


@pytest.fixture(scope="module")
def lucky_six_shoe():
    """The scripted one-deck shoe up to the point where Lucky Six is closed, one misread."""
    table = SurveilledTable()
    try:
        table.play_order(30)
    finally:
        table.close()
    return table.events


@pytest.fixture
def window(qtbot):
    return shown_window(qtbot)


def test_the_s_key_shows_and_hides_the_panel_over_the_display(qtbot, window, lucky_six_shoe):
    window.on_events(lucky_six_shoe)
    panel = window.surveillance
    assert not panel.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_S)
    assert panel.isVisible() and panel.geometry().right() == window.rect().right()
    qtbot.keyClick(window, Qt.Key.Key_S)
    assert not panel.isVisible()


def test_the_panel_shows_returns_course_alerts_and_scanner_health(qtbot, window,
                                                                  lucky_six_shoe):
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


def test_a_new_shoe_starts_the_panel_afresh(qtbot, window, lucky_six_shoe):
    window.on_events(lucky_six_shoe)
    started = next(e for e in lucky_six_shoe if e.type == "shoe_started")
    window.on_events([started._replace(seq=10_000, shoe=2)])
    assert window.surveillance.chart.courses == {}
    assert "shoe 2" in window.surveillance.title.text()
    assert "No alerts" in window.surveillance.alerts.text()


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 800)])
def test_the_panel_is_at_the_displays_type_scale(qtbot, lucky_six_shoe, size):
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


def test_each_bets_line_keeps_its_own_colour_for_the_colour_blind():
    """Every two bets' lines differ in colour as a protanope and a deuteranope see them (Lucky
    Six and Banker Natural were two near salmons), and are named at their ends."""
    colors = [QColor(color).rgb() for color in BET_COLORS]
    for kind in (None, *CVD_MATRICES):
        seen = [QColor(rgb if kind is None else seen_as(rgb, kind)) for rgb in colors]
        for (i, one), (j, other) in combinations(enumerate(seen), 2):
            distance = sum((a - b) ** 2 for a, b in zip(one.getRgb()[:3], other.getRgb()[:3],
                                                        strict=True)) ** 0.5
            assert distance > 45, (kind, BET_COLORS[i], BET_COLORS[j], distance)


def test_the_panel_lists_an_integrity_alert_with_the_shoe_it_repeats(qtbot, window,
                                                                     lucky_six_shoe):
    last = lucky_six_shoe[-1]
    alert = last._replace(seq=last.seq + 1, fact=facts.IntegrityAlert(
        kind="carried_run", earlier_shoe=1, first_card=5, earlier_first_card=200, cards=16,
        card=None, reversed=True))
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events([*lucky_six_shoe, alert])
    assert (f"round {last.round}: integrity: carried_run, 16 cards from card 5 in shoe 1's "
            "order reversed") in window.surveillance.alerts.text()


def test_an_integrity_alert_stands_in_the_header_until_the_next_shoe(window, lucky_six_shoe):
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


def test_the_reader_s_own_alarms_and_warnings_count_in_the_scanner_health(qtbot, window,
                                                                         lucky_six_shoe):
    qtbot.keyClick(window, Qt.Key.Key_S)
    window.on_events(lucky_six_shoe)
    panel = window.surveillance
    assert "reader alarms" not in panel.health.text()
    for message in ("Shoe empty", "W0x1F"):
        window.on_event(follow(lucky_six_shoe[-1], "device_fault", level="alarm",
                               message=message, raw=message, raw_hex=message.encode().hex()))
    assert panel.health.text().endswith(", 2 reader alarms or warnings")
