"""Tell systemd how the table is doing: the sd_notify protocol, without a dependency.

Under ``Type=notify`` systemd passes a datagram socket in ``$NOTIFY_SOCKET`` (a leading ``@``
means the Linux abstract namespace) and waits for ``READY=1``. Each message is one datagram of
``KEY=value`` lines. ``STATUS=`` is the line ``systemctl status`` shows, ``WATCHDOG=1`` proves
the program is alive, ``STOPPING=1`` says a stop is under way. Started any other way (a
terminal, the tests) there is no socket and every call does nothing.

A lost socket must not stop a table dealing cards: a failed send is logged once and dropped.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

from common.errors import UserError

log = logging.getLogger(__name__)


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between ``WATCHDOG=1`` pings (half of ``WatchdogSec=``), or None for no watchdog.

    None when ``$WATCHDOG_USEC`` is unset, or when ``$WATCHDOG_PID`` names another process (the
    variables were inherited from a parent that is the one being watched).
    """
    environ = os.environ if environ is None else environ
    raw_usec = environ.get("WATCHDOG_USEC")
    if not raw_usec:
        return None
    raw_pid = environ.get("WATCHDOG_PID")
    if raw_pid and raw_pid != str(os.getpid()):
        return None
    try:
        usec = int(raw_usec)
    except ValueError:
        usec = 0
    if usec <= 0:
        raise UserError(f"WATCHDOG_USEC={raw_usec!r}: expected a positive number of microseconds")
    return usec / 2 / 1_000_000


def _socket_address(raw: str) -> str:
    # "@name" is the abstract namespace, spelled with a leading NUL byte on the wire.
    return "\0" + raw[1:] if raw.startswith("@") else raw


def _one_line(text: str) -> str:
    # A newline would end the STATUS= field and start a bogus one.
    return " ".join(text.split())


class SystemdNotifier:
    """Sends notifications to the service manager named by ``$NOTIFY_SOCKET``, if any."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        environ = os.environ if environ is None else environ
        raw = environ.get("NOTIFY_SOCKET", "")
        if raw and not raw.startswith(("/", "@")):
            raise UserError(f"NOTIFY_SOCKET={raw!r}: expected an absolute path or @abstract name")
        self._address = _socket_address(raw) if raw else None
        self._interval = watchdog_interval(environ)
        # Made once, here: the GUI and controller threads may both send.
        self._socket = (
            socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            if self._address is not None
            else None
        )
        self._send_failed = False

    @property
    def enabled(self) -> bool:
        """True when running under a service manager that listens."""
        return self._address is not None

    def watchdog_interval(self) -> float | None:
        """Seconds between watchdog pings, or None when systemd does not watch this process."""
        return self._interval if self.enabled else None

    def notify(self, *fields: str) -> None:
        """Send ``KEY=value`` fields as one message; nothing happens without a socket."""
        if self._socket is None or self._address is None:
            return
        try:
            # Never wait on systemd: a full socket queue drops the message, not the card path.
            self._socket.sendto("\n".join(fields).encode(), socket.MSG_DONTWAIT, self._address)
        except OSError as error:
            if not self._send_failed:
                log.warning("cannot notify systemd at %r: %s", self._address, error)
            self._send_failed = True
        else:
            self._send_failed = False

    def ready(self, status: str | None = None) -> None:
        """Startup is complete (self-test passed, driver open): systemd starts the watchdog."""
        self.notify("READY=1", *self._status_field(status))

    def status(self, text: str) -> None:
        """One line that ``systemctl status`` shows, e.g. "Round 41: dealing"."""
        self.notify(*self._status_field(text))

    def watchdog(self) -> None:
        """Proof of life; must come from the thread whose freezing counts as a hang."""
        self.notify("WATCHDOG=1")

    def stopping(self, status: str | None = None) -> None:
        """Shutdown has begun."""
        self.notify("STOPPING=1", *self._status_field(status))

    def close(self) -> None:
        """Release the socket; later calls do nothing."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    @staticmethod
    def _status_field(text: str | None) -> tuple[str, ...]:
        return () if text is None else (f"STATUS={_one_line(text)}",)
