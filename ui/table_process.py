"""One table process, start to end: the same sequence for headless text and the display.

Start: the systemd notifier, time for the journal's self-test, the table opened with the front
end's subscribers and the service status line. Run: one thread owns the table: it opens it,
runs its loop and closes it when the loop ends, so the journal is written and closed by that
thread alone, never while a card is being recorded (headless text: the main thread; the
display: a thread of its own, ``start``, so the GUI thread stays free). End
(``close``, or leaving the ``with`` block): systemd is told the table is stopping, the loop is
asked to stop and waited for however long its input takes, and the notifier is closed; each of
these once, whichever way the process ends.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable

from controller.events.stream import EventFileError, Subscriber
from controller.journal import JournalError
from controller.service.app import Table, open_table
from controller.service.sd_notify import SystemdNotifier
from controller.service.status import ServiceStatus, allow_time_for_journal_check
from controller.table.config import TableConfig


class TableProcess:
    """Start, run and end a table; a context manager (``close`` on leaving)."""

    def __init__(self, config: TableConfig, stop_after_shoes: int | None = None) -> None:
        self.config = config
        self.stop_after_shoes = stop_after_shoes
        self.notifier = SystemdNotifier()
        self.table: Table | None = None
        self.status = ServiceStatus(self.notifier)
        self._closed = False
        self._owner: threading.Thread | None = None  # the table's own thread (``start``)
        self._closing = threading.Event()

    def __enter__(self) -> TableProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def open(self, *subscribers: Subscriber, display: Subscriber | None = None) -> Table:
        """The table, its journal self-tested and its driver started (``display`` handed each
        event first); JournalError or EventFileError when it refuses to play (the files are
        left as they were)."""
        allow_time_for_journal_check(self.notifier, self.config.journal_path)
        self.table = open_table(self.config, subscribers=(*subscribers, self.status),
                                stop_after_shoes=self.stop_after_shoes, display=display)
        self.status.prime(self.table.view_events)
        return self.table

    def ready(self, text: str) -> None:
        """Tell systemd the table is up, with ``text`` (after a standing alert) as its status."""
        self.notifier.ready(self.status.line(text))

    def run(self) -> None:
        """The table's loop in this thread, pinging systemd's watchdog from it, until it is
        stopped or has played its shoes; the table is closed when it returns. (The display
        runs ``table.run()`` in a thread of its own and pings from the GUI thread.)"""
        assert self.table is not None, "open() first"
        self.table.run(heartbeat=self.notifier.watchdog,
                       heartbeat_every=self.notifier.watchdog_interval())

    def start(self, *subscribers: Subscriber, opened: Callable[[Table], None],
              refused: Callable[[JournalError | EventFileError], None],
              ended: Callable[[BaseException | None], None],
              display: Subscriber | None = None) -> threading.Thread:
        """Open the table and run its loop in a thread of its own, which owns the table and
        closes it: ``opened`` once it is open (before its first input), ``refused`` with the
        error it would not play on (the files left as they were), ``ended`` when the loop
        returns (None) or stops on an error. Each is called in that thread."""

        def own() -> None:
            try:
                table = self.open(*subscribers, display=display)
            except (JournalError, EventFileError) as error:
                refused(error)
                return
            except Exception as error:
                ended(error)
                return
            if self._closing.is_set():  # closed while it was opening: close it here
                table.close()
                return
            opened(table)
            try:
                table.run()
            except Exception as error:
                ended(error)
            else:
                ended(None)

        self._owner = threading.Thread(target=own, name="table-runner", daemon=True)
        self._owner.start()
        return self._owner

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
        if self._owner is not None:  # the owning thread closes the table when its loop ends
            self._closing.set()
            self.stop()
            self._owner.join()
        elif self.table is not None:
            self.table.close()
        self.notifier.close()
