"""Logging to stderr, which systemd's journal collects: no log files of our own.

Under systemd each line starts with a syslog priority prefix (``<3>`` error, ``<4>`` warning,
``<6>`` info, ``<7>`` debug) that journald strips and stores as the entry's priority, so
``journalctl -p warning`` finds the warnings. journald also stamps the time, so no timestamp is
written there. In a terminal the lines carry a timestamp and the level name instead.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import TextIO

_PRIORITIES = (  # (lowest logging level, syslog priority), highest first
    (logging.CRITICAL, 2),
    (logging.ERROR, 3),
    (logging.WARNING, 4),
    (logging.INFO, 6),
)
_DEBUG_PRIORITY = 7


def journal_priority(levelno: int) -> int:
    """The syslog priority journald should store for a logging level."""
    for floor, priority in _PRIORITIES:
        if levelno >= floor:
            return priority
    return _DEBUG_PRIORITY


class JournalFormatter(logging.Formatter):
    """Prefixes every line of a record (tracebacks too) with its priority."""

    def format(self, record: logging.LogRecord) -> str:
        prefix = f"<{journal_priority(record.levelno)}>"
        return "\n".join(prefix + line for line in super().format(record).splitlines())


def stream_is_journal(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """True when ``stream`` is the journald connection systemd named in ``$JOURNAL_STREAM``."""
    environ = os.environ if environ is None else environ
    device, _, inode = environ.get("JOURNAL_STREAM", "").partition(":")
    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):  # closed, or not a real file (pytest capture)
        return False
    return f"{status.st_dev}:{status.st_ino}" == f"{device}:{inode}"


class _OurHandler(logging.StreamHandler):  # type: ignore[type-arg]  # its stream varies
    """Marks the handler configure_logging installed, so a second call replaces it."""


def configure_logging(
    level: int | str = logging.INFO,
    *,
    stream: TextIO | None = None,
    journal: bool | None = None,
) -> logging.Handler:
    """Send log records at ``level`` and above to ``stream`` (stderr).

    ``journal`` chooses the priority-prefixed format; None means "when stderr is the journal".
    Calling again replaces the earlier setup instead of doubling every line.
    """
    if isinstance(level, str):
        name = level.upper()
        if not isinstance(logging.getLevelName(name), int):
            raise ValueError(f"log level {level!r}: expected debug, info, warning or error")
        level = logging.getLevelName(name)
    stream = sys.stderr if stream is None else stream
    if journal is None:
        journal = stream_is_journal(stream)
    handler = _OurHandler(stream)
    handler.setFormatter(
        JournalFormatter("%(name)s: %(message)s")
        if journal
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _OurHandler)]:
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)
    root.setLevel(level)
    # transitions logs every callback at INFO: thousands of lines a shoe, none for the floor.
    logging.getLogger("transitions").setLevel(max(level, logging.WARNING))
    return handler
