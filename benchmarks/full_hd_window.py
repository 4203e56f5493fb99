"""The dealer display as the display benchmarks drive it: English, 1920x1080, shown."""

from __future__ import annotations

from PyQt6.QtWidgets import QApplication

from ui.display.app import make_application
from ui.display.window import DisplayWindow


def full_hd_window() -> tuple[QApplication, DisplayWindow]:
    app = make_application("en")
    window = DisplayWindow()
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    return app, window
