"""The controller's loop: one thread owns the table.

Driver events (from the driver's reader thread), operator commands (from the display or
standard input), surveillance's results and the timers all reach the table through one queue
and are handled in order by the thread that calls ``run()``: the thread that opened the table
(controller.service.app), so the journal's writing connection, the controller and every
subscriber's call belong to that one thread. One input is one transaction: journal, then
subscribers, then the acknowledgement to a smart shoe.

A supervisor PIN is hashed (about 0.2 s, on purpose) by the thread that submits the command:
the display's or the operator input's, so the loop never makes the cards wait for it. The loop
still decides on the verdict, and keeps the count of wrong PINs and the lockout
(docs/operator.md).
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.table.commands import Command
from controller.table.controller import InputFailed, TableController
from controller.table.fault_report import write_fault_report
from controller.table.supervisor import CheckedPin, is_blank

log = logging.getLogger(__name__)


class _Stop:
    """Put on the queue to end ``run()``."""


class TableRunner:
    def __init__(
        self, controller: TableController, stop_after_shoes: int | None = None,
        rebuild: Callable[[], TableController] | None = None,
    ) -> None:
        self.controller = controller
        # Builds the controller afresh from the journal, after an input it failed on.
        self.rebuild = rebuild
        self.fault_folder: Path | None = None  # where fault reports go (the journal's)
        self.inbox: queue.SimpleQueue[object] = queue.SimpleQueue()
        self.stop_after_shoes = stop_after_shoes
        self._shoes_ended = 0
        self._stopping = False
        controller.bus.subscribe(self._count_shoes)

    def submit(self, item: object) -> None:
        """Queue a driver event, a command or a result for the table; safe from any thread.
        A command's supervisor PIN is hashed here, in the thread that submits it."""
        if isinstance(item, Command):
            item = self._with_checked_pin(item)
        self.inbox.put(item)

    def _with_checked_pin(self, command: Command) -> Command:
        """The command with its PIN's verdict against the configured hash (without one
        configured it goes on as it is: the loop refuses it)."""
        stored = self.controller.config.pin_hash
        if not isinstance(command.pin, str) or is_blank(command.pin) or stored is None:
            return command  # the loop refuses a blank one for what it is
        return replace(command, pin=CheckedPin.of(command.pin, stored))

    def stop(self) -> None:
        """Ask ``run()`` to return after the item in hand; safe from any thread or a signal."""
        self.inbox.put(_Stop())

    def run(
        self, heartbeat: Callable[[], None] | None = None, heartbeat_every: float | None = None,
    ) -> None:
        """Handle queued items until ``stop()`` or the configured number of shoes.

        ``heartbeat`` is called at least every ``heartbeat_every`` seconds from this thread
        (systemd's watchdog in headless mode: a stuck loop stops the pings).
        """
        beat = (heartbeat, heartbeat_every) if heartbeat and heartbeat_every else None
        # The heartbeat is on the real clock (systemd counts real time); the table's timers on
        # the controller's (``open_table``'s ``clock``, which tests inject).
        next_beat = time.monotonic() if beat else None
        while not self._stopping:
            if beat is not None and next_beat is not None and time.monotonic() >= next_beat:
                beat[0]()
                next_beat = time.monotonic() + beat[1]
            now, deadline = self.controller.clock(), self.controller.deadline()
            if deadline is not None and now >= deadline:  # before the queue: a flood waits
                self.controller.on_timer()
                continue
            waits = [deadline - now] if deadline is not None else []
            if next_beat is not None:
                waits.append(next_beat - time.monotonic())
            wake = min(waits, default=None)
            try:
                item = self.inbox.get(timeout=None if wake is None else max(wake, 0.0))
            except queue.Empty:
                continue
            if isinstance(item, _Stop):
                break
            self._handle(item)

    def _handle(self, item: object) -> None:
        """Handle one input; an input the controller failed on holds the table after a
        rebuild from the journal."""
        try:
            self.controller.handle(item)
        except InputFailed as failed:
            if self.rebuild is None:
                raise
            report = write_fault_report(failed, self.fault_folder)
            log.error("%s; the table holds (details: %s)", failed, report)
            self.controller = self.rebuild()
            self.controller.hold_after_failure(failed)

    def _count_shoes(self, event: TableEvent) -> None:
        if event.type == EventType.SHOE_ENDED:
            self._shoes_ended += 1
            if self.stop_after_shoes is not None and self._shoes_ended >= self.stop_after_shoes:
                self._stopping = True
