"""The head file (PATH.head): the seq and hash of the last committed row, beside the journal.

The hash chain shows a row changed or removed in the middle; only something outside the
database can show rows cut off the end (a truncated WAL, deleted last rows). The head file is
one fixed-size line, overwritten in place: the last committed row's seq and hash, and a
*bound*, a seq the journal may have reached without the head file saying so yet.

After each commit the journal rewrites the line without a sync (through a memory map: no system
call); a sync per commit would double a commit's cost at the disk. What makes the file
trustworthy after a power cut is the bound: it is synced, some rows ahead, before any commit
could pass it, so whatever a crash leaves the database ends between the head's row and its
bound. A clean stop writes the exact head, bound and all, and syncs it. So a database that ends
past the bound has outrun its head file, which a table never lets happen: the head was lowered
or replaced.
"""

from __future__ import annotations

import mmap
import os
from dataclasses import dataclass
from pathlib import Path

from common.errors import DataError

SUFFIX = ".head"
_WIDTH = 20  # digits of seq
# How far ahead the synced bound runs: one sync per this many rows (about eight rounds). After
# a power cut, rows cut off within this window would not be noticed.
BOUND_AHEAD = 64


@dataclass(frozen=True)
class Head:
    """``seq``/``hash``: the last row committed; ``bound``: the journal may run on to this
    seq (after a crash) without the head file saying so."""

    seq: int
    hash: bytes
    bound: int


class HeadUnreadable(DataError):
    """The head file is there but holds no head record."""


def head_path(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


def read_head(path: Path) -> Head | None:
    """The head recorded beside ``path``; None when there is no head file or it is empty (a
    new journal's, before its first write). The first versions wrote two fields (no bound):
    still read."""
    try:
        raw = _settled(head_path(path))
    except FileNotFoundError:
        return None
    except OSError as error:
        raise HeadUnreadable(f"{head_path(path)} cannot be read: {error.strerror}") from None
    if not raw:
        return None
    try:
        fields = raw.decode("ascii").split()
        if len(fields) not in (2, 3):
            raise ValueError(f"{len(fields)} fields, expected 2 or 3")
        seq, digest = int(fields[0]), bytes.fromhex(fields[1])
        bound = int(fields[2]) if len(fields) == 3 else seq
        if len(digest) != 32:
            raise ValueError("the hash is not 32 bytes")
    except (ValueError, UnicodeDecodeError) as error:
        raise HeadUnreadable(f"{head_path(path)} holds no head record ({error}; it starts "
                             f"with {raw[:40]!r})") from None
    return Head(seq, digest, max(seq, bound))


def _settled(path: Path) -> bytes:
    """The file's bytes, read until two reads agree: a live table rewrites the line in place
    (a copy into a memory map, not atomic), so one read may catch half of each line."""
    raw = path.read_bytes()
    for _ in range(10):
        again = path.read_bytes()
        if again == raw:
            break
        raw = again
    return raw


class HeadFile:
    """The open head file of a journal being written.

    Written through a shared memory map: a write after each commit is a copy into the page
    cache, with no system call on the card path. A crashed process leaves it as written, as a
    ``pwrite`` would; a sync (``msync``) makes it durable for a power cut."""

    def __init__(self, path: Path) -> None:
        self.path = head_path(path)
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        self._map: mmap.mmap | None = None  # made at the first write: read the file first

    def write(self, seq: int, digest: bytes, bound: int, sync: bool = False) -> None:
        """Record row ``seq`` as the last committed, and ``bound``; ``sync`` makes it durable
        before the next commit is."""
        line = f"{seq:0{_WIDTH}d} {digest.hex()} {bound:0{_WIDTH}d}\n".encode()
        if self._map is None:
            os.ftruncate(self._fd, len(line))  # a head of the first versions was shorter
            self._map = mmap.mmap(self._fd, len(line))
        self._map[:] = line
        if sync:
            self._map.flush()

    def deleted(self) -> bool:
        """Whether the file was removed while open (writes would go nowhere)."""
        return os.fstat(self._fd).st_nlink == 0

    def close(self) -> None:
        if self._map is not None:
            self._map.close()
        os.close(self._fd)
