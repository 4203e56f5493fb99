"""A full simulated shoe plays through the window, over the real bridge and threads, without
an error or a Qt warning; and the screenshot command and its approved image."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from PyQt6.QtGui import QFontDatabase, QImage
from PyQt6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from controller.table.config import TableConfig
from tests.support.display import near, played
from ui.cli import main
from ui.display.bridge import EventBridge
from ui.display.render import render_events
from ui.display.scenarios import scenario_profile
from ui.display.window import DisplayWindow
from ui.table_process import TableProcess

APPROVED = "tests/data/display-round-1280x800.png"


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform says this on show()
@pytest.mark.qt_log_level_fail("WARNING")
def test_a_full_shoe_plays_through_the_window(
        qtbot: QtBot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    window = DisplayWindow()
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    bridge = EventBridge()
    bridge.received.connect(window.on_events)
    process = TableProcess(TableConfig(driver_url="sim://?seed=99&rate=0"), stop_after_shoes=1)
    bridge.opened.connect(lambda table: setattr(window, "submit", table.runner.submit))
    with qtbot.waitSignal(bridge.runner_finished, timeout=30_000):
        bridge.start(process)
    qtbot.waitUntil(lambda: window.view.state == "shoe_ended")
    process.close()
    roads = window.view.roads
    assert roads.hands() >= 60
    assert window.roads.big_road.cells == {(c.col, c.row): c for c in roads.big_road()}
    assert window.stats.heading.text() == f"Last {roads.hands()} hands"
    assert window.cards.picture.banner
    window.grab()  # every panel paints the finished shoe
    assert [record.getMessage() for record in caplog.records] == []


def differing_fraction(image: QImage, approved: QImage) -> float:
    """The share of pixels that differ visibly (not just in antialiasing)."""
    assert (image.width(), image.height()) == (approved.width(), approved.height())
    step = 2  # every other pixel each way is plenty for a 1280x800 frame
    differ = total = 0
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            total += 1
            differ += not near(image.pixelColor(x, y), approved.pixelColor(x, y), 60)
    return differ / total


def test_rendered_scenario_matches_the_approved_image(qapp: QApplication) -> None:
    if "Noto Sans" not in QFontDatabase.families():
        pytest.skip("the approved image was drawn with Noto Sans (apt: fonts-noto-core)")
    image = render_events(list(played("round")), (1280, 800), scenario_profile("round"))
    approved = QImage(APPROVED)
    assert not approved.isNull(), f"missing {APPROVED}"
    fraction = differing_fraction(image.convertToFormat(approved.format()), approved)
    assert fraction < 0.01, f"{fraction:.2%} of the pixels differ from {APPROVED}"


def test_screenshot_command_writes_a_png(
        qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hold.png"
    assert main(["screenshot", str(out), "--scenario", "hold", "--size", "640x400"]) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (640, 400)
    assert "scenario hold" in capsys.readouterr().out


def test_screenshot_command_refuses_a_bad_size(
        qapp: QApplication, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", str(tmp_path / "x.png"), "--size", "wide"]) == 2
    assert "--size 'wide': expected landscape, laptop, portrait or WIDTHxHEIGHT" in \
        capsys.readouterr().err
