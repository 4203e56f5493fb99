"""The head file (PATH.head): the seq and hash of the last committed row, beside the journal.

The hash chain shows a row changed or removed in the middle; only something outside the
database can show rows cut off the end (a truncated WAL, deleted last rows). After each commit
the journal overwrites this one fixed-size record in place, without a sync of its own: it may
lag the database after a power cut, never lead it. It also carries the lock that keeps a second
table process off the same journal.
"""

from __future__ import annotations

import fcntl
import os
from dataclasses import dataclass
from pathlib import Path

SUFFIX = ".head"
_WIDTH = 20  # digits of seq


@dataclass(frozen=True)
class Head:
    seq: int
    hash: bytes


def head_path(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


def read_head(path: Path) -> Head | None:
    """The head recorded beside ``path``; None when there is none or it is unreadable."""
    try:
        text = head_path(path).read_text(encoding="ascii")
        seq, digest = text.split()
        return Head(int(seq), bytes.fromhex(digest))
    except (OSError, ValueError, UnicodeDecodeError):
        return None


class HeadFile:
    """The open head file of a journal being written, locked against a second writer."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(head_path(path), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BaseException:  # BlockingIOError: another process holds the journal
            os.close(self._fd)
            raise

    def write(self, seq: int, digest: bytes) -> None:
        os.pwrite(self._fd, f"{seq:0{_WIDTH}d} {digest.hex()}\n".encode(), 0)

    def close(self) -> None:
        os.close(self._fd)
