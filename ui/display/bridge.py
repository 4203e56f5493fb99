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

from controller.events.stream import Subscriber, TableEvent
from controller.journal import JournalError
from ui.table_process import TableProcess

log = logging.getLogger(__name__)


class EventBridge(QObject):
    received = pyqtSignal(object)  # the TableEvents that arrived since the last batch, in order
    opened = pyqtSignal(object)  # the Table, open and about to play its first input
    refused = pyqtSignal(object)  # the JournalError or EventFileError it would not play on
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

    def start(self, process: TableProcess, *subscribers: Subscriber) -> threading.Thread:
        """Open and run ``process``'s table in the thread that will own it, with this bridge
        (first of all, ahead of the events file) and ``subscribers`` on its bus, reporting
        through this bridge's signals."""
        return process.start(*subscribers, display=self, opened=self.opened.emit,
                             refused=self.refused.emit, ended=self.table_ended)

    def table_ended(self, error: BaseException | None) -> None:
        """The table's loop returned (``runner_finished``) or stopped on ``error``
        (``runner_failed``: the display then says why and stays). From the table's thread."""
        if error is None:
            self.runner_finished.emit()
        elif isinstance(error, JournalError):
            log.error("the journal failed", exc_info=error)
            self.runner_failed.emit("journal", error.reason)
        else:
            log.error("the table's loop stopped on an error", exc_info=error)
            self.runner_failed.emit("table", str(error))
