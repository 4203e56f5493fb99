"""The ``scanner`` wire protocol: a barcode card scanner sending one ASCII line per read.

Each line ends with CR, LF or CRLF and holds a card code (see ``card_codes``), ``CUT`` for
the cut card, or the no-read text (``NR`` unless configured). Anything else is a misread.
The rescan trigger (default ``16 54 0D`` hex), which makes the scanner read again, goes out
when the controller asks for it after recording the misread, and only while the last line
read is a misread not yet answered: a burst of misreads gets one trigger, and a card that
read well is never read again because a request for an earlier misread came late.

A scanner held over a card repeats it: identical reads (same card, or CUT) closer together
than ``debounce`` seconds are one read; each repeat extends the window. The window survives
a misread in between, because counting one card twice is a wrong result while swallowing a
genuine repeat only makes the dealer rescan.
"""

from __future__ import annotations

from drivers.base import CardRead, CutCardSeen, Misread
from drivers.card_codes import CUT, CardCodeError, parse_card_code
from drivers.protocol import Parsed, WireProtocol

DEFAULT_RESCAN = bytes.fromhex("16540D")
DEFAULT_NO_READ = "NR"
DEFAULT_DEBOUNCE = 0.3


class ScannerProtocol(WireProtocol):
    def __init__(
        self,
        rescan: bytes = DEFAULT_RESCAN,
        no_read: str = DEFAULT_NO_READ,
        debounce: float = DEFAULT_DEBOUNCE,
        max_line: int = 64,
    ) -> None:
        self.rescan_trigger = rescan
        self.no_read = no_read.upper()
        self.debounce = debounce
        super().__init__(max_line)
        self._last_read: str | None = None
        self._last_time = 0.0
        self._rescan_due = False  # the last line read is a misread not yet answered

    def feed(self, data: bytes, now: float) -> Parsed:
        parsed = Parsed()
        for raw, overlong in self.lines.feed(data):
            read = None if overlong else self._decode(raw)
            self._rescan_due = read is None
            if read is None:
                parsed.events.append(Misread(raw, now))
                continue
            repeat = read == self._last_read and now - self._last_time < self.debounce
            self._last_read, self._last_time = read, now
            if not repeat:
                event = CutCardSeen(raw, now) if read == CUT else CardRead(read, raw, now)
                parsed.events.append(event)
        return parsed

    def _decode(self, raw: bytes) -> str | None:
        """The card code or CUT in ``raw``, or None for a no-read or anything unreadable."""
        if not raw.isascii():
            return None
        text = raw.decode("ascii").strip().upper()
        if text == CUT:
            return CUT
        if text == self.no_read:
            return None
        try:
            return parse_card_code(text)
        except CardCodeError:
            return None

    def rescan(self) -> bytes:
        """The trigger if the last line read is a misread not yet answered, else nothing."""
        if not self._rescan_due:
            return b""
        self._rescan_due = False
        return self.rescan_trigger
