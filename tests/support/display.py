"""Helpers shared by the display tests: offscreen Qt, played scenarios, pixel checks."""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING, Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PyQt6.QtCore import QPointF
from PyQt6.QtGui import QColor, QImage

from controller.events.codec import decode
from controller.events.stream import TableEvent
from ui.display.scenarios import scenario_events

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from ui.display.window import DisplayWindow


@cache
def played(name: str) -> tuple[TableEvent, ...]:
    """A scenario's events, played once per test session (a real table on sim://)."""
    return tuple(scenario_events(name))


def near(actual: QColor, expected: QColor, tolerance: int = 40) -> bool:
    return (abs(actual.red() - expected.red()) + abs(actual.green() - expected.green())
            + abs(actual.blue() - expected.blue())) <= tolerance


def pixel(image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(round(point.x()), round(point.y()))


def follow(last: TableEvent, type_: str, **data: object) -> TableEvent:
    """An event as the table would send it next after ``last`` (same shoe and round)."""
    return TableEvent(last.seq + 1, last.ts, last.table, last.shoe, last.round,
                      decode(type_, data))


def shown_window(qtbot: QtBot, size: tuple[int, int] = (1280, 800),
                 **options: Any) -> DisplayWindow:
    """A DisplayWindow at ``size``, shown and exposed, closed with the test."""
    from ui.display.window import DisplayWindow

    window = DisplayWindow(**options)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window
