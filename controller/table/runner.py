"""The controller's loop: one queue, one input at a time.

Driver events (from the driver's reader thread), operator commands (from the display or
standard input) and timer expiries all arrive on one queue and are handled in order by the
thread that calls ``run()``. One shortcut: a driver's input that finds the loop idle, with
nothing queued before it, is handled at once in the driver's own thread (``deliver``), which
saves the card a wake-up of the loop's thread (about 0.1 ms, a tenth of its way to the
events file). Either way an input is handled holding the runner's turn, one at a time and in
the order it came, so the controller needs no lock of its own.

A supervisor PIN is hashed (about 0.2 s, on purpose) by the thread that submits the command:
the display's or the operator input's, so the loop never makes the cards wait for it. The loop
still decides on the verdict, and keeps the count of wrong PINs and the lockout
(docs/operator.md).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from controller.events.schema import EventType
from controller.events.stream import TableEvent
from controller.table.commands import Command
from controller.table.controller import InputFailed, TableController
from controller.table.fault_report import write_fault_report
from controller.table.supervisor import CheckedPin, is_blank
from drivers.base import Misread

log = logging.getLogger(__name__)


_TIMER = object()  # a timer of the controller's is due (controller.deadline())
_RECKON = object()  # an input handled outside the loop moved a timer: the loop's wait changes


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
        self._next: object | None = None  # taken off the queue behind a burst of misreads
        # Held while an input is handled. ``_queued`` counts the inputs queued and not yet
        # handled: a driver's input may skip the queue only when it is 0, so no input
        # overtakes one that came before it.
        self._turn = threading.Lock()
        self._queued = 0
        self._queued_lock = threading.Lock()  # an input being handled may queue another
        self._taken = 0  # queue entries the item in hand was made of (a burst of misreads)
        self._failed: BaseException | None = None  # what stopped an input handled outside
        self._looping = False  # run() is handling inputs: a driver's may be handled at once
        controller.bus.subscribe(self._count_shoes)

    def submit(self, item: object) -> None:
        """Queue a driver event or a command; safe from any thread. A command's supervisor
        PIN is hashed here, in the thread that submits it, never in the loop's."""
        if isinstance(item, Command):
            item = self._with_checked_pin(item)
        self._enqueue(item)

    def deliver(self, item: object) -> None:
        """A driver's input (the driver's sink): handled at once in the calling thread when
        the loop is idle and nothing is queued before it, else queued like ``submit``. Called
        again from inside an input (a simulated shoe dealing on an acknowledgement), it queues."""
        if self._turn.acquire(blocking=False):
            try:
                if self._looping and not self._stopping and not self._waiting():
                    deadline = self.controller.deadline()
                    try:
                        self._handle(item)
                    except BaseException as error:  # the loop stops on it, as if it were its own
                        self._failed = error
                        self._stopping = True
                        self.stop()
                        return
                    if self.controller.deadline() != deadline:
                        self._enqueue(_RECKON)
                    return
            finally:
                self._turn.release()
        self._enqueue(item)

    def _enqueue(self, item: object) -> None:
        with self._queued_lock:
            self._queued += 1
        self.inbox.put(item)

    def _waiting(self) -> bool:
        with self._queued_lock:
            return self._queued > 0

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
        next_beat = time.monotonic() if beat else None
        with self._turn:
            self._looping = True
        try:
            while not self._stopping:
                now = time.monotonic()
                if beat is not None and next_beat is not None and now >= next_beat:
                    beat[0]()
                    next_beat = now + beat[1]
                with self._turn:
                    deadline = self.controller.deadline()
                wake = deadline
                if next_beat is not None and (wake is None or next_beat < wake):
                    wake = next_beat
                try:
                    item = self._take(timeout=None if wake is None else max(0.0, wake - now))
                except queue.Empty:
                    if deadline is None or time.monotonic() < deadline:
                        continue  # woken for the heartbeat
                    item, self._taken = _TIMER, 0
                if isinstance(item, _Stop):
                    break
                with self._turn:
                    with self._queued_lock:
                        self._queued -= self._taken
                    if item is _TIMER:
                        self.controller.on_timer()
                    elif item is not _RECKON:
                        self._handle(item)
        finally:
            with self._turn:  # an input a driver is handling ends first
                self._looping = False
        if self._failed is not None:
            raise self._failed

    def _handle(self, item: object) -> None:
        """Handle one input, holding the turn; an input the controller failed on holds the
        table after a rebuild from the journal."""
        try:
            self.controller.handle(item)
        except InputFailed as failed:
            if self.rebuild is None:
                raise
            report = write_fault_report(failed, self.fault_folder)
            log.error("%s; the table holds (details: %s)", failed, report)
            self.controller = self.rebuild()
            self.controller.hold_after_failure(failed)

    def _take(self, timeout: float | None) -> object:
        """The next input; misreads waiting together come as one burst (one journal commit
        for a flood of garbage, so the good card behind it is recorded at once)."""
        item, self._next = self._next, None
        if item is None:
            item = self.inbox.get(timeout=timeout)
        self._taken = 1
        if not isinstance(item, Misread):
            return item
        while True:
            try:
                following = self.inbox.get_nowait()
            except queue.Empty:
                break
            if not isinstance(following, Misread):
                self._next = following
                break
            item = item.followed_by(following)
            self._taken += 1
        return item

    def _count_shoes(self, event: TableEvent) -> None:
        if event.type == EventType.SHOE_ENDED:
            self._shoes_ended += 1
            if self.stop_after_shoes is not None and self._shoes_ended >= self.stop_after_shoes:
                self._stopping = True
                self.stop()  # wakes the loop, should a driver's thread have handled it
