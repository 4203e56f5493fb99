"""The thin bridge between the controller's thread and the GUI thread.

The bridge is an event-bus subscriber: called in the controller's thread, it only appends the
event to a list and, when the list was empty, wakes the GUI thread with a signal (the bridge
lives in the GUI thread, so Qt queues it there). The GUI thread then takes every event that
has arrived as one batch: a flood of events (a rate-0 shoe) is shown in a few repaints instead
of one each, and the display stays within a batch of the table. The controller never waits
for painting.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence

from PyQt6.QtCore import QObject, pyqtSignal

from controller.events.stream import TableEvent
from controller.journal import JournalError
from controller.service.app import Table

log = logging.getLogger(__name__)


class EventBridge(QObject):
    received = pyqtSignal(object)  # the TableEvents that arrived since the last batch, in order
    runner_finished = pyqtSignal()  # the loop ended as asked (stop, or the shoes were played)
    runner_failed = pyqtSignal(str, str)  # what failed ("journal" or "table"), and why
    _arrived = pyqtSignal()

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._pending: list[TableEvent] = []
        self._arrived.connect(self._deliver)

    def __call__(self, event: TableEvent) -> None:
        with self._lock:
            self._pending.append(event)
            wake = len(self._pending) == 1
        if wake:
            self._arrived.emit()

    def _deliver(self) -> None:
        batch = self.take()
        if batch:
            self.received.emit(batch)

    def take(self) -> Sequence[TableEvent]:
        """Every event not yet delivered (the GUI thread's side)."""
        with self._lock:
            batch, self._pending = self._pending, []
        return batch

    def start_runner(self, table: Table) -> threading.Thread:
        """Run the table's loop in its own thread, which closes the table when the loop ends;
        ``runner_finished`` when it returns, or ``runner_failed`` when it stops on an error
        (the display then says why and stays)."""

        def run() -> None:
            try:
                table.run()
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
