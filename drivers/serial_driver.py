"""``serial://PATH?baud=9600&protocol=NAME``: a real device on a serial port.

``protocol`` is ``scanner`` or ``shoe`` (ours), or one of the listen-only reader formats of
devices casinos own (drivers.readers: ``suit-number``, ``tagged``, ``checksum-hex``,
``index``, ``custom`` from the table config's ``[reader]``).

pyserial opens and configures the port (``exclusive=True``: a second program cannot steal
the bytes) and writes to it. One reader thread reads it with a plain blocking ``os.read``,
one system call and one GIL hand-over per burst of bytes (pyserial's own ``read`` takes
four), and with VMIN=0/VTIME=1 so that every read returns within 0.1 s: closing never
waits on the device. It feeds the bytes to the wire protocol, writes the protocol's replies
and hands the events to the sink.

When the device disappears (a USB adapter unplugged: pyserial raises on read) the thread
closes the port, reports ``Disconnected``, and reopens the same path with backoff (0.25 s
doubling to 5 s) until it is back, then reports ``Connected``. A port that cannot be opened
at start is handled the same way, so the table can boot before the shoe is plugged in.
"""

from __future__ import annotations

import contextlib
import os
import termios
import threading
import time

import serial

from common.errors import UserError
from drivers.base import (
    Connected,
    Disconnected,
    Driver,
    DriverError,
    EventSink,
    Recordable,
)
from drivers.custom_format import CustomFormat
from drivers.protocol import WireProtocol
from drivers.readers import READER_FORMATS, reader_for
from drivers.scanner_protocol import (
    DEFAULT_DEBOUNCE,
    DEFAULT_NO_READ,
    DEFAULT_RESCAN,
    ScannerProtocol,
)
from drivers.shoe_protocol import ShoeProtocol
from drivers.url import DriverUrl

SERIAL_OPTIONS = {
    "baud": "bits per second, default 9600",
    "protocol": f"scanner (default), shoe, {', '.join(READER_FORMATS)}",
    "rescan": "scanner: hex bytes of the rescan trigger, default 16540D",
    "noread": "scanner: the no-read text, default NR",
    "debounce": "scanner: milliseconds within which identical reads are one, default 300",
}
BACKOFF_FIRST, BACKOFF_MAX = 0.25, 5.0
READ_TIMEOUT_DS = 1  # tenths of a second a read waits for the first byte
WRITE_TIMEOUT = 1.0


class SerialDriver(Driver):
    def __init__(self, sink: EventSink, path: str, baud: int, protocol: WireProtocol) -> None:
        super().__init__(sink)
        self.path, self.baud, self.protocol = path, baud, protocol
        self._stop = threading.Event()
        self._lock = threading.Lock()  # guards the port handle, the protocol and writes
        self._port: serial.Serial | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        # The reader's wake-up latency also depends on the interpreter's switch interval, a
        # process-wide setting the application makes at start-up (ui/table_process.py).
        self._thread = threading.Thread(target=self._run, name=f"serial {self.path}", daemon=True)
        self._thread.start()

    # -- controller side --------------------------------------------------------------------

    def prime(self, last_recorded: bytes) -> None:
        with self._lock:
            self.protocol.prime(last_recorded)

    def request_rescan(self) -> None:
        with self._lock:
            self._write(self.protocol.rescan())

    def acknowledge(self, event: Recordable) -> None:
        with self._lock:
            self._write(self.protocol.acknowledge(event))

    @property
    def rescans_on_request(self) -> bool:
        return self.protocol.rescans_on_request

    def _write(self, data: bytes) -> None:
        """Write with the lock held; a write to a vanished device is dropped (the reader
        reports the disconnection)."""
        if data and self._port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                self._port.write(data)

    def _close(self) -> None:
        self._stop.set()  # the reader sees it within one read timeout
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()

    # -- reader thread ----------------------------------------------------------------------

    def _run(self) -> None:
        delay = BACKOFF_FIRST
        reported_down = False
        while not self._stop.is_set():
            try:
                port = serial.Serial(
                    self.path, self.baud, timeout=None, write_timeout=WRITE_TIMEOUT,
                    exclusive=True,
                )
            except (serial.SerialException, OSError, ValueError) as error:
                if not reported_down:
                    self._deliver((Disconnected(f"cannot open {self.path}: {error}"),))
                    reported_down = True
                self._stop.wait(delay)
                delay = min(delay * 2, BACKOFF_MAX)
                continue
            with self._lock:
                self._port = port
                self.protocol.connection_reset()
            try:
                if self._stop.is_set():
                    return
                self._deliver((Connected(),))
                reported_down, delay = False, BACKOFF_FIRST
                reason = self._read_until_lost(port)
            finally:
                with self._lock:
                    self._port = None
                port.close()
            if reason is None:
                return
            self._deliver((Disconnected(f"{self.path}: {reason}"),))
            reported_down = True
            self._stop.wait(delay)
            delay = min(delay * 2, BACKOFF_MAX)

    def _read_until_lost(self, port: serial.Serial) -> str | None:
        """Deliver what the port sends; the reason it went away, or None once closed."""
        fd = port.fileno()
        os.set_blocking(fd, True)
        attributes = termios.tcgetattr(fd)
        attributes[6][termios.VMIN], attributes[6][termios.VTIME] = 0, READ_TIMEOUT_DS
        termios.tcsetattr(fd, termios.TCSANOW, attributes)
        # Misreads in a row are held until the line goes quiet (one read timeout) or a good
        # read comes (Driver._deliver).
        while not self._stop.is_set():
            try:
                data = os.read(fd, 4096)
                if not data:
                    self._line_quiet()
                    # A timeout, or a device that hung up (unplugged), which also reads
                    # empty: only then does asking for the input count fail.
                    port.in_waiting  # noqa: B018
                    continue
            except (serial.SerialException, OSError, termios.error) as error:
                self._line_quiet()
                return str(error) or type(error).__name__
            now = time.monotonic()
            with self._lock:
                parsed = self.protocol.feed(data, now)
                for reply in parsed.replies:
                    self._write(reply)
            self._deliver(parsed.events, more_may_follow=True)
        self._line_quiet()
        return None


def serial_from_url(url: DriverUrl, sink: EventSink,
                    custom: CustomFormat | None = None) -> SerialDriver:
    """``custom``: the table config's ``[reader]`` format, for ``protocol=custom``."""
    url.check_options(SERIAL_OPTIONS)
    if not url.path:
        raise DriverError(f"driver URL {url.text!r}: no device (expected serial:///dev/...)")
    baud = url.integer("baud", 9600, 50, 4_000_000) or 9600
    kind = url.choice("protocol", "scanner", ("scanner", "shoe", *READER_FORMATS))
    if kind != "scanner":
        scanner_only = sorted({"rescan", "noread", "debounce"} & set(url.options))
        if scanner_only:
            raise DriverError(
                f"driver URL {url.text!r}: {', '.join(scanner_only)} apply to protocol=scanner"
            )
    protocol: WireProtocol
    if kind == "shoe":
        protocol = ShoeProtocol()
    elif kind in READER_FORMATS:
        try:
            protocol = reader_for(kind, custom)
        except UserError as error:
            raise DriverError(f"driver URL {url.text!r}: {error}") from None
    else:
        debounce_ms = url.integer("debounce", round(DEFAULT_DEBOUNCE * 1000), 0, 10_000)
        protocol = ScannerProtocol(
            rescan=url.hex_bytes("rescan", DEFAULT_RESCAN),
            no_read=url.text_value("noread", DEFAULT_NO_READ),
            debounce=(debounce_ms or 0) / 1000,
        )
    return SerialDriver(sink, url.path, baud, protocol)
