"""The thin bridge between the controller's thread and the GUI thread.

The bridge is an event-bus subscriber: called in the controller's thread, it only emits a
signal. The bridge lives in the GUI thread, so Qt queues the event there and the window's
slot runs in the GUI thread; the controller never waits for painting.
"""

from __future__ import annotations

import logging
import threading

from PyQt6.QtCore import QObject, pyqtSignal

from controller.app import Table
from controller.events import TableEvent
from controller.journal import JournalError

log = logging.getLogger(__name__)


class EventBridge(QObject):
    received = pyqtSignal(object)  # a TableEvent
    runner_finished = pyqtSignal()  # the loop ended as asked (stop, or the shoes were played)
    runner_failed = pyqtSignal(str, str)  # what failed ("journal" or "table"), and why

    def __call__(self, event: TableEvent) -> None:
        self.received.emit(event)

    def start_runner(self, table: Table) -> threading.Thread:
        """Run the table's loop in its own thread; ``runner_finished`` when it returns, or
        ``runner_failed`` when it stops on an error (the display then says why and stays)."""

        def run() -> None:
            try:
                table.runner.run()
            except JournalError as error:
                log.exception("the journal failed")
                self.runner_failed.emit("journal", error.reason)
            except Exception as error:
                log.exception("the table's loop stopped on an error")
                self.runner_failed.emit("table", str(error))
            else:
                self.runner_finished.emit()

        thread = threading.Thread(target=run, name="table-runner", daemon=True)
        thread.start()
        return thread
