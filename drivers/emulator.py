"""A card shoe on a pseudo-terminal, for testing and demonstrating without hardware.

``ShoeEmulator`` makes a pty, (optionally) keeps a stable symlink to its device path, and
plays shoes over either wire protocol or a listen-only reader format, like the device would:

- ``scanner``: one line per read; after a no-read or a garbage line it waits for the rescan
  trigger (as a dealer would rescan) before reading the card again;
- ``shoe``: one frame per card; it waits for ``$A,<seq>`` before the next card and resends
  the frame on ``$N,<seq>`` or after ``ack_timeout``. Every shoe starts with ``$S`` (a new
  shoe is loaded), which waits for its ``$A`` like a card;
- a listen-only reader format (drivers.readers): one record per card, never waiting for
  anything; a no-read is followed by the card passed again, and the cut card is not sent
  (the device cannot see it: the dealer marks it at the table).

Each shoe is played exactly as given (``ui/commands/emulate_shoe.py`` cuts it where a dealer
stops); between shoes it waits ``shuffle_seconds``, the time a reshuffle takes, and as a
scanner before the first shoe too (a scanner has no way to say a shoe is shuffled: the dealer
confirms the new shoe at the table meanwhile).

Faults can be injected with given probabilities: no-reads, garbage lines, bad checksums and
dropped acknowledgements. Everything sent and received can be logged, one line each, as
``<monotonic time> <direction> <bytes>`` (``>`` sent, ``<`` received, ``!`` a note).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import random
import select
import sys
import termios
import threading
import time
import tty
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from common.user_paths import path_error
from drivers.card_codes import CUT
from drivers.custom_format import CustomFormat
from drivers.lines import LineSplitter
from drivers.readers import READER_FORMATS, reader_for
from drivers.scanner_protocol import DEFAULT_NO_READ, DEFAULT_RESCAN
from drivers.shoe_order import NO_READ
from drivers.shoe_protocol import SEQ_MODULO, FrameError, decode_frame, encode_frame

POLL = 0.05  # how often waits look at the stop flag


@dataclass(frozen=True, slots=True)
class Faults:
    """Probabilities, each 0-1, of the faults to inject."""

    no_read: float = 0.0  # a no-read before a card
    garbage: float = 0.0  # a line of random bytes before a card
    bad_checksum: float = 0.0  # shoe: a frame's first sending has a wrong checksum
    drop_ack: float = 0.0  # shoe: an $A is ignored, as if lost on the wire


class ShoeEmulator:
    def __init__(
        self,
        shoes: Iterable[list[str]],
        *,
        protocol: str = "scanner",
        interval: float = 0.0,
        faults: Faults = Faults(),
        seed: int | None = None,
        log: TextIO | None = None,
        link: Path | None = None,
        ack_timeout: float = 0.5,
        rescan: bytes = DEFAULT_RESCAN,
        no_read: str = DEFAULT_NO_READ,
        shuffle_seconds: float = 0.0,
        custom: CustomFormat | None = None,
    ) -> None:
        if protocol not in ("scanner", "shoe", *READER_FORMATS):
            raise ValueError(f"protocol {protocol!r}: expected scanner, shoe or one of "
                             f"{', '.join(READER_FORMATS)}")
        # What a listen-only device sends (None: scanner or shoe).
        self.reader = reader_for(protocol, custom) if protocol in READER_FORMATS else None
        self.shoes, self.protocol, self.interval = shoes, protocol, interval
        self.faults, self.log, self.link = faults, log, link
        self.ack_timeout, self.rescan_trigger, self.no_read = ack_timeout, rescan, no_read
        self.shuffle_seconds = shuffle_seconds
        self._rng = random.Random(seed)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._master = self._slave = -1
        self._seq = 0
        self._received = bytearray()  # scanner: bytes not yet matched to a rescan trigger
        self._replies = LineSplitter()  # shoe: reply frames
        self.path = ""
        self.sent_cards = 0

    # -- life cycle -------------------------------------------------------------------------

    def open(self) -> str:
        """Make the pty (and the link); returns the device path a driver opens."""
        self._master, self._slave = os.openpty()
        # Raw mode before any driver opens it: no echo of our own lines, no CR/LF mangling.
        # The slave end stays open here so the pty outlives a driver closing and reopening.
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        self.path = os.ttyname(self._slave)
        if self.link is not None:
            temporary = self.link.with_name(self.link.name + ".new")
            try:
                with contextlib.suppress(FileNotFoundError):
                    temporary.unlink()
                temporary.symlink_to(self.path)
                temporary.replace(self.link)  # atomic: a driver never sees the link missing
            except OSError as error:
                raise path_error("--link", self.link, error, "write") from None
        return self.path

    def start(self) -> str:
        """Open and play in a background thread (for tests); returns the device path."""
        path = self.open()
        self._thread = threading.Thread(target=self.play, name="shoe-emulator", daemon=True)
        self._thread.start()
        return path

    def stop(self) -> None:
        self._stop.set()

    def close(self) -> None:
        """Stop playing, close the pty (a driver sees its device vanish) and remove the link."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()
        if self.link is not None and self.link.is_symlink() and os.readlink(self.link) == self.path:
            self.link.unlink()
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1

    def __enter__(self) -> ShoeEmulator:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- playing ----------------------------------------------------------------------------

    def play(self) -> None:
        """Play every shoe, item by item, until done or stopped."""
        play_item = {"scanner": self._scanner_item, "shoe": self._shoe_item}.get(
            self.protocol, self._reader_item)
        for number, shoe in enumerate(self.shoes):
            # Only a smart shoe can say a shoe is shuffled: before every shoe, the first too,
            # the dealer of any other device gets the time to confirm it (newshoe, key N).
            if number or self.protocol != "shoe":
                self._note("reshuffling" if number else "shuffling")
                self._sleep(self.shuffle_seconds)
            if self.protocol == "shoe" and not self._stop.is_set():
                self._exchange("S", None)
            for item in shoe:
                if self._stop.is_set():
                    return
                play_item(item)
                self._sleep(self.interval)
            self._note("end of shoe")
        self._drain()

    def _drain(self, patience: float = 2.0, settle: float = 0.2) -> None:
        """Wait (a little) until the driver has read everything sent, so closing the pty
        right after the last card does not lose it. The kernel moves what was written into
        the device's input queue a moment later, so the queue must stay empty for ``settle``
        seconds: a device that does not wait for acknowledgements has nothing else to show
        that its last bytes were read."""
        deadline = time.monotonic() + patience
        empty_since: float | None = None
        while not self._stop.is_set() and (now := time.monotonic()) < deadline:
            waiting = fcntl.ioctl(self._slave, termios.TIOCINQ, b"\0\0\0\0")
            if int.from_bytes(waiting, sys.byteorder):
                empty_since = None
            elif empty_since is None:
                empty_since = now
            elif now - empty_since >= settle:
                return
            time.sleep(0.01)

    def _scanner_item(self, item: str) -> None:
        if item == NO_READ:
            self._send(self.no_read.encode("ascii") + b"\r\n")
            self._await_rescan()
            return
        if item != CUT:
            if self._roll(self.faults.garbage):
                self._send(self._garbage_line())
                self._await_rescan()
            if self._roll(self.faults.no_read):
                self._send(self.no_read.encode("ascii") + b"\r\n")
                self._await_rescan()
        self._send(item.encode("ascii") + b"\r\n")
        self.sent_cards += item != CUT

    def _reader_item(self, item: str) -> None:
        assert self.reader is not None
        if item == CUT:
            self._note("cut card: the device cannot see it, the dealer marks it (cut, key X)")
            return
        if item != NO_READ:
            if self._roll(self.faults.garbage):
                self._send(self._garbage_line())
            if self._roll(self.faults.no_read):
                self._send(self.reader.unreadable())
        if item == NO_READ:
            self._send(self.reader.unreadable())
            return
        self._send(self.reader.encode(item))  # after a no-read: the dealer passed it again
        self.sent_cards += 1

    def _shoe_item(self, item: str) -> None:
        if item not in (CUT, NO_READ):
            if self._roll(self.faults.garbage):
                self._send(self._garbage_line())
            if self._roll(self.faults.no_read):
                self._exchange("M", None)
        if item == NO_READ:
            self._exchange("M", None)
        else:
            self._exchange("C", item)
            self.sent_cards += item != CUT

    def _exchange(self, kind: str, code: str | None) -> None:
        """Send one frame until it is acknowledged (or the emulator is stopped)."""
        seq, self._seq = self._seq, (self._seq + 1) % SEQ_MODULO
        frame = encode_frame(kind, seq, code)
        first = frame
        if self._roll(self.faults.bad_checksum):
            wrong = int(frame[-4:-2], 16) ^ 0x5A
            first = frame[:-4] + f"{wrong:02X}".encode("ascii") + b"\r\n"
        self._send(first)
        while not self._stop.is_set():
            reply = self._await_reply(seq)
            if reply == "A":
                if not self._roll(self.faults.drop_ack):
                    return
                self._note(f"dropped $A,{seq}")
                reply = self._await_reply(seq)  # wait out the timeout as if nothing came
                if reply == "A":
                    return
            self._send(frame)

    def _await_reply(self, seq: int) -> str | None:
        """The kind (A or N) of the first reply for ``seq`` within ``ack_timeout``, or None."""
        deadline = time.monotonic() + self.ack_timeout
        while not self._stop.is_set() and time.monotonic() < deadline:
            for raw, overlong in self._replies.feed(self._receive(deadline)):
                try:
                    frame = None if overlong else decode_frame(raw)
                except FrameError:
                    frame = None
                if frame is not None and frame.seq == seq and frame.kind in ("A", "N"):
                    return frame.kind
        return None

    def _await_rescan(self) -> None:
        deadline = time.monotonic() + self.ack_timeout
        while not self._stop.is_set() and time.monotonic() < deadline:
            self._received += self._receive(deadline)
            found = self._received.find(self.rescan_trigger)
            if found >= 0:
                del self._received[: found + len(self.rescan_trigger)]
                return
        self._note("no rescan trigger came; reading again anyway")

    # -- the pty ----------------------------------------------------------------------------

    def _send(self, data: bytes) -> None:
        sent_at = time.monotonic()
        view = memoryview(data)
        while view and not self._stop.is_set():
            try:
                view = view[os.write(self._master, view) :]
            except BlockingIOError:  # nobody reading and the pty buffer is full: wait
                select.select([], [self._master], [], POLL)
        self._log(sent_at, ">", data)

    def _receive(self, deadline: float) -> bytes:
        wait = min(POLL, max(0.0, deadline - time.monotonic()))
        if not select.select([self._master], [], [], wait)[0]:
            return b""
        try:
            data = os.read(self._master, 4096)
        except BlockingIOError:
            return b""
        except OSError as error:  # EIO: no process has the device open right now
            if error.errno != errno.EIO:
                raise
            time.sleep(wait)
            return b""
        self._log(time.monotonic(), "<", data)
        return data

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stop.wait(seconds)

    def _roll(self, probability: float) -> bool:
        return probability > 0 and self._rng.random() < probability

    def _garbage_line(self) -> bytes:
        size = self._rng.randint(1, 20)
        noise = bytes(self._rng.choice(range(256)) for _ in range(size))
        return noise.replace(b"\r", b"?").replace(b"\n", b"?") + b"\r\n"

    def _log(self, at: float, direction: str, data: bytes) -> None:
        if self.log is not None:
            self.log.write(f"{at:.6f} {direction} {data!r}\n")
            self.log.flush()

    def _note(self, text: str) -> None:
        if self.log is not None:
            self.log.write(f"{time.monotonic():.6f} ! {text}\n")
            self.log.flush()
