"""What a wire protocol is to the serial driver: pure parsing, no I/O.

A protocol is fed the bytes as they arrive (in any chunking) and answers with the events
they mean and the bytes to write back to the device. Keeping it free of I/O is what lets
the property tests throw arbitrary bytes at it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from drivers.base import DriverEvent, Recordable
from drivers.lines import LineSplitter


@dataclass(slots=True)
class Parsed:
    events: list[DriverEvent] = field(default_factory=list)
    replies: list[bytes] = field(default_factory=list)


class WireProtocol:
    # False for a listen-only reader: nothing asks it to read again (the dealer does).
    rescans_on_request: ClassVar[bool] = True

    def __init__(self, max_line: int = 64) -> None:
        self.lines = LineSplitter(max_line)

    def connection_reset(self) -> None:
        """The device went away: forget the half line, keep what was delivered."""
        self.lines = LineSplitter(self.lines.max_line)

    def feed(self, data: bytes, now: float) -> Parsed:
        """Events and replies for ``data`` read at monotonic time ``now``."""
        raise NotImplementedError

    def prime(self, last_recorded: bytes) -> None:
        """Remember ``last_recorded`` (see ``Driver.prime``) as the frame last delivered, if it
        is a frame of this protocol."""

    def rescan(self) -> bytes:
        """Bytes that ask the device to read the current card again, empty unless the last
        thing read is a misread not yet answered (so one burst of misreads gets one)."""
        return b""

    def acknowledge(self, event: Recordable) -> bytes:
        """Bytes that tell the device ``event`` is recorded (may be empty)."""
        return b""
