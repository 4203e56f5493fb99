"""``replay://PATH?rate=2``: deal a recorded card sequence.

The file holds one item a line: a card code, ``CUT`` or ``NR`` (a no-read). Blank lines and
lines starting with ``#`` are ignored. The recording is dealt with the simulated shoe's flow
control (acknowledge, rescan, its dealer's holds, ``rate``) and continued the same way after a
restart.
"""

from __future__ import annotations

from pathlib import Path

from drivers.base import DriverError, EventSink
from drivers.shoe_order import parse_items
from drivers.sim import SimDriver
from drivers.url import DriverUrl
from drivers.user_paths import read_text

REPLAY_OPTIONS = {"rate": "cards per second, 0 = as fast as acknowledged (default)"}


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


def replay_from_url(url: DriverUrl, sink: EventSink) -> SimDriver:
    url.check_options(REPLAY_OPTIONS)
    if not url.path:
        raise DriverError(f"driver URL {url.text!r}: no file (expected replay://PATH)")
    items = read_recording(Path(url.path))
    return SimDriver(sink, script=items, rate=url.number("rate", 0.0, 0.0, 1000.0))
