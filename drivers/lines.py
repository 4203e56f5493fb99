"""Splitting a byte stream into lines, whatever the chunking and whatever the noise.

Both wire protocols are line based: a line ends at CR, LF or CRLF. Empty lines are
dropped, which also absorbs the LF of a CRLF split across two reads. A line longer than
``max_line`` is reported once (cut to ``max_line``) and the rest of it, up to the next line
end, is skipped, so memory stays bounded and the stream recovers at the next line.
"""

from __future__ import annotations

from typing import NamedTuple


class Line(NamedTuple):
    raw: bytes
    overlong: bool = False


class LineSplitter:
    def __init__(self, max_line: int = 64) -> None:
        self.max_line = max_line
        self._pending = b""
        self._skipping = False  # inside the tail of an overlong line

    @property
    def pending(self) -> int:
        """Bytes held while waiting for a line end (never more than ``max_line``)."""
        return len(self._pending)

    def feed(self, data: bytes) -> list[Line]:
        buffer = self._pending + data
        parts = buffer.splitlines()  # bytes.splitlines splits on CR, LF and CRLF only
        rest = b"" if buffer.endswith((b"\r", b"\n")) or not parts else parts.pop()
        lines: list[Line] = []
        for part in parts:
            if self._skipping:
                self._skipping = False
            elif len(part) > self.max_line:
                lines.append(Line(part[: self.max_line], overlong=True))
            elif part:
                lines.append(Line(part))
        if self._skipping:
            rest = b""
        elif len(rest) > self.max_line:
            lines.append(Line(rest[: self.max_line], overlong=True))
            self._skipping = True
            rest = b""
        self._pending = rest
        return lines
