"""Painting that cannot take the display down.

PyQt aborts the whole process on an exception raised inside ``paintEvent``; the table must
keep running, so a painter that fails logs the error and leaves the widget as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from PyQt6.QtGui import QPainter, QPaintEvent
from PyQt6.QtWidgets import QWidget

log = logging.getLogger(__name__)
W = TypeVar("W", bound=QWidget)


def guarded_paint(paint: Callable[[W, QPainter, QPaintEvent | None], None]
                  ) -> Callable[[W, QPaintEvent | None], None]:
    """Turn ``paint(self, painter, event)`` into a ``paintEvent`` that never raises."""

    @wraps(paint)
    def paint_event(self: W, event: QPaintEvent | None) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            paint(self, painter, event)
        except Exception:
            log.exception("painting %s failed", type(self).__name__)
        finally:
            painter.end()

    return paint_event
