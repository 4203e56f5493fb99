"""The display rendered to an image, offscreen: for the screenshot command and the tests."""

from __future__ import annotations

from PyQt6.QtCore import QBuffer, QIODevice
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QApplication

from controller.events.stream import TableEvent
from controller.game.profiles import Profile
from ui.display.app import make_application
from ui.display.dialogs import ReasonDialog, void_title
from ui.display.scenarios import SCENARIOS, scenario_events, scenario_profile
from ui.display.window import DisplayWindow


def render_events(events: list[TableEvent], size: tuple[int, int],
                  profile: Profile | None = None, screen: str | None = None) -> QImage:
    """A window of ``size`` that was shown ``events`` one by one, grabbed as an image; with
    ``screen`` ("help", "recall", "surveillance", "void") opened over it."""
    window = DisplayWindow(profile=profile)
    window.resize(*size)
    window.show()
    QApplication.processEvents()
    for event in events:
        window.on_event(event)
    if screen == "void":  # the reason's prompt, shown without waiting for an answer
        ReasonDialog(void_title(window.view), window).present(window.scale)
    elif screen is not None:
        window.operate({"recall": "history"}.get(screen, screen))
    QApplication.processEvents()
    image = window.grab().toImage()
    window.close()
    window.deleteLater()
    return image


def render_scenario(name: str, size: tuple[int, int], language: str = "en") -> QImage:
    app = make_application(language)  # held: a collected QApplication takes Qt down with it
    image = render_events(scenario_events(name), size, scenario_profile(name),
                          SCENARIOS[name].screen)
    app.processEvents()
    return image


def png_bytes(image: QImage) -> bytes:
    """``image`` as a PNG file's bytes (written by the caller, which names the path)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(buffer.data().data())
