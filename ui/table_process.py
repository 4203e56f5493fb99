"""One table process, start to end: the same sequence for headless text and the display.

Start: the process-wide thread switch interval, the systemd notifier, time for the journal's
self-test, the table opened with the front end's subscribers and the service status line.
Run: the table's loop in one thread, which closes the table when the loop ends, so the journal
is closed by the thread that writes it and never while a card is being recorded. End
(``close``, or leaving the ``with`` block): systemd is told the table is stopping, the loop is
asked to stop and waited for however long its input takes, and the notifier is closed; each of
these once, whichever way the process ends.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable

from controller.events.stream import Subscriber
from controller.service.app import Table, open_table
from controller.service.sd_notify import SystemdNotifier
from controller.service.status import ServiceStatus, allow_time_for_journal_check
from controller.table.config import TableConfig

# A thread woken by input (a card from the serial reader, an event for the display) waits for
# the GIL up to the switch interval, 5 ms by default, while another thread computes; 10 µs
# keeps a card's p99 latency under 0.5 ms. It costs nothing while threads wait, and at most a
# few percent while two compute flat out (benchmarks/serial_latency.py, docs/performance.md).
# Process-wide, so it is decided here, once, and not by whichever driver opens.
SWITCH_INTERVAL = 0.00001


class TableProcess:
    """Start, run and end a table; a context manager (``close`` on leaving)."""

    def __init__(self, config: TableConfig, stop_after_shoes: int | None = None) -> None:
        sys.setswitchinterval(SWITCH_INTERVAL)
        self.config = config
        self.stop_after_shoes = stop_after_shoes
        self.notifier = SystemdNotifier()
        self.table: Table | None = None
        self._closed = False

    def __enter__(self) -> TableProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def open(self, *subscribers: Subscriber) -> Table:
        """The table, its journal self-tested and its driver started; JournalError or
        EventFileError when it refuses to play (the files are left as they were)."""
        allow_time_for_journal_check(self.notifier, self.config.journal_path)
        self.table = open_table(self.config,
                                subscribers=(*subscribers, ServiceStatus(self.notifier)),
                                stop_after_shoes=self.stop_after_shoes)
        return self.table

    def run(self) -> None:
        """The table's loop in this thread, pinging systemd's watchdog from it, until it is
        stopped or has played its shoes; the table is closed when it returns. (The display
        runs ``table.run()`` in a thread of its own and pings from the GUI thread.)"""
        assert self.table is not None, "open() first"
        self.table.run(heartbeat=self.notifier.watchdog,
                       heartbeat_every=self.notifier.watchdog_interval())

    def stop(self) -> None:
        """Ask the loop to end after the input in hand; from any thread or a signal handler."""
        if self.table is not None:
            self.table.runner.stop()

    def stop_on_signals(self, stop: Callable[[], None] | None = None) -> None:
        """SIGTERM and SIGINT call ``stop`` (default: ``self.stop``)."""
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, lambda *_: (stop or self.stop)())

    def close(self) -> None:
        """Tell systemd the table is stopping, stop the loop and wait for it to close the table
        (or close a table whose loop never ran), then close the notifier. Once; later calls do
        nothing."""
        if self._closed:
            return
        self._closed = True
        self.notifier.stopping()
        if self.table is not None:
            self.table.close()
        self.notifier.close()
