"""Starting the display: the Qt application, its language and fonts, the window, the table in
its own thread, the systemd watchdog."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from PyQt6.QtCore import QCoreApplication, QEvent, Qt, QTimer, QTranslator
from PyQt6.QtGui import QFont
from PyQt6.QtWidgets import QApplication

from controller.events.stream import EventFileError
from controller.feed.relay import FeedRelay
from controller.journal import JournalError
from controller.service.app import Table
from controller.table.config import TableConfig
from ui.display.bridge import EventBridge
from ui.display.fonts import FONT_FAMILIES, missing_font
from ui.display.i18n import RIGHT_TO_LEFT, load_translator
from ui.display.window import DisplayWindow
from ui.table_process import TableProcess
from ui.watchdog import start_watchdog

log = logging.getLogger(__name__)

# After the last shoe of ``--shoes N`` the window stays this long, so SHOE ENDED is seen.
SHOE_ENDED_SECONDS = 5.0


def make_application(language: str, argv: Sequence[str] = ()) -> QApplication:
    """The QApplication (made once per process) set up for ``language``."""
    existing = QApplication.instance()  # typed as the QCoreApplication it may be
    app = existing if isinstance(existing, QApplication) else QApplication(
        ["baccarat-table", *argv])
    for old in app.findChildren(QTranslator):
        app.removeTranslator(old)
        old.deleteLater()
    translator = load_translator(language, app)
    if translator is not None:
        app.installTranslator(translator)
    app.setLayoutDirection(Qt.LayoutDirection.RightToLeft if language in RIGHT_TO_LEFT
                           else Qt.LayoutDirection.LeftToRight)
    font = QFont()
    font.setFamilies(FONT_FAMILIES)
    app.setFont(font)
    return app


def run_display(config: TableConfig, *, windowed: bool = False,
                stop_after_shoes: int | None = None) -> int:
    """Run the table with the display until the window closes or the runner stops."""
    with TableProcess(config, stop_after_shoes) as process:
        return _run_display(process, windowed)


def _run_display(process: TableProcess, windowed: bool) -> int:
    config, notifier = process.config, process.notifier
    app = make_application(config.language)
    window = DisplayWindow(journal="ok" if config.journal_path else "",
                           pin_configured=config.pin_hash is not None)
    warning = missing_font(config.language)
    if warning:
        log.warning("%s", warning)
    bridge = EventBridge()
    bridge.received.connect(window.on_events)
    start_watchdog(window, notifier)

    def play(table: Table) -> None:  # the GUI thread, before the table's first event
        window.submit = table.runner.submit
        window.status.set_profile(table.profile)
        if table.feed is not None:
            show_feed(window, table.feed)
        window.prime(table.view_events)
        process.ready("display up")

    def refuse(error: JournalError | EventFileError) -> None:  # shown until a technician acts
        if isinstance(error, JournalError):
            window.block(f"{error.reason}\n{error.advice}")
        else:
            window.stop("table", str(error))
        notifier.ready(f"refusing to play: {error}")

    bridge.opened.connect(play)
    bridge.refused.connect(refuse)
    closing = QTimer(window)  # SHOE ENDED stays on screen a while after the last shoe
    closing.setSingleShot(True)
    closing.timeout.connect(app.quit)

    def shoes_played() -> None:
        log.info("the shoes are played: the display closes in %g s", SHOE_ENDED_SECONDS)
        closing.start(round(SHOE_ENDED_SECONDS * 1000))

    bridge.runner_finished.connect(shoes_played)
    bridge.runner_failed.connect(window.stop)
    _show(window, windowed)
    # The window closes on SIGTERM/SIGINT even after the loop failed; quitting stops the loop.
    process.stop_on_signals(app.quit)
    signals = _run_signal_handlers(app)
    bridge.start(process)
    try:
        return app.exec()  # leaving the with block stops the loop and waits for it
    finally:
        # The loop's end after a quit is no shoe played: it must not quit a later loop.
        closing.stop()
        signals.stop()  # and each run its own: the application outlives it
        signals.deleteLater()
        bridge.runner_finished.disconnect(shoes_played)
        # Nor must the quit that Qt posts when quitting closes the last window: delivered after
        # this loop, it would end every later event loop in the process at once.
        QCoreApplication.removePostedEvents(app, QEvent.Type.Quit.value)


def show_feed(window: DisplayWindow, feed: FeedRelay) -> QTimer:
    """The feed's state in the header, read once a second from the relay (never waited on);
    the timer doing it, which goes with the header."""
    header = window.status
    timer = QTimer(header)
    timer.timeout.connect(lambda: header.set_feed(feed.connected, feed.waiting))
    timer.start(1000)
    header.set_feed(feed.connected, feed.waiting)
    return timer


def _show(window: DisplayWindow, windowed: bool) -> None:
    if windowed:
        window.show()
    else:
        # Sized to the screen first: without a window manager (a bare kiosk X session) nobody
        # acts on the full-screen request and the window would keep its default size.
        screen = window.screen()
        if screen is not None:
            window.setGeometry(screen.geometry())
        window.showFullScreen()
    window.activateWindow()
    window.setFocus()


def _run_signal_handlers(app: QCoreApplication) -> QTimer:
    """Python runs a signal's handler only between bytecodes: while Qt's C++ loop waits, a
    timer gives it that chance every 250 ms (the timer, for the caller to stop)."""
    timer = QTimer(app)
    timer.timeout.connect(lambda: None)
    timer.start(250)
    return timer
