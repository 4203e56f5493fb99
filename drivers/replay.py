"""``replay://PATH?rate=2``: deal a recorded card sequence.

The file holds one item a line: a card code, ``CUT`` or ``NR`` (a no-read). Blank lines and
lines starting with ``#`` are ignored. With ``protocol=NAME`` (a listen-only reader format,
drivers.readers) the file is instead what such a device sent, byte for byte: its cards are
dealt and whatever the format cannot read is a no-read. The recording is dealt with the
simulated shoe's flow control (acknowledge, rescan, its dealer's holds, ``rate``) and
continued the same way after a restart.
"""

from __future__ import annotations

from pathlib import Path

from common.errors import UserError
from common.user_paths import read_bytes, read_text
from drivers.base import CardRead, DriverError, EventSink, Misread
from drivers.custom_format import CustomFormat
from drivers.readers import READER_FORMATS, reader_for
from drivers.shoe_order import NO_READ, parse_items
from drivers.sim import SimDriver
from drivers.url import DriverUrl

REPLAY_OPTIONS = {
    "rate": "cards per second, 0 = as fast as acknowledged (default)",
    "protocol": f"the file is a device's bytes in this format: {', '.join(READER_FORMATS)}",
}


def read_recording(path: Path) -> list[str]:
    """The items of a recording; DriverError names the file and line of a bad one."""
    text = read_text(path, "recording")  # a byte not ASCII is then a bad card code
    texts, places = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            texts.append(line)
            places.append(f"{path}:{number}")
    try:
        return parse_items(texts, places)
    except ValueError as error:
        raise DriverError(str(error)) from None


def read_capture(path: Path, format_name: str, custom: CustomFormat | None) -> list[str]:
    """The items of what a listen-only device sent (``path``, in ``format_name``): its cards,
    and NR for whatever the format cannot read (its device faults are not items)."""
    data = read_bytes(path, "recording")
    reader = reader_for(format_name, custom)
    events = reader.feed(data + b"\r\n", 0.0).events  # a last line without its line end
    return [event.code if isinstance(event, CardRead) else NO_READ
            for event in events if isinstance(event, CardRead | Misread)]


def replay_from_url(url: DriverUrl, sink: EventSink,
                    custom: CustomFormat | None = None) -> SimDriver:
    """``custom``: the table config's ``[reader]`` format, for ``protocol=custom``."""
    url.check_options(REPLAY_OPTIONS)
    if not url.path:
        raise DriverError(f"driver URL {url.text!r}: no file (expected replay://PATH)")
    if "protocol" in url.options:
        try:
            items = read_capture(Path(url.path), url.choice("protocol", "", READER_FORMATS),
                                 custom)
        except UserError as error:
            raise DriverError(f"driver URL {url.text!r}: {error}") from None
    else:
        items = read_recording(Path(url.path))
    return SimDriver(sink, script=items, rate=url.number("rate", 0.0, 0.0, 1000.0))
