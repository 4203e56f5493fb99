"""The head file (PATH.head): the seq and hash of the last committed row, beside the journal.

The hash chain shows a row changed or removed in the middle; only something outside the
database can show rows cut off the end (a truncated WAL, deleted last rows). The head file is
one fixed-size record, overwritten in place: the last committed row and the row a commit in
progress will end at. Before each commit the journal writes "committed N, committing M" and
syncs it; after the commit it writes "committed M" without a sync. Whatever a crash or a power
cut leaves, the database therefore ends at one of the two rows the head names: it never lags
the database, so a head lower than the database is a sign of tampering, not of a power cut.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

SUFFIX = ".head"
_WIDTH = 20  # digits of seq


@dataclass(frozen=True)
class Head:
    """``seq``/``hash``: the last row committed; ``pending_*``: where a commit in progress
    ends (equal to ``seq``/``hash`` when none is)."""

    seq: int
    hash: bytes
    pending_seq: int
    pending_hash: bytes

    def names(self, seq: int, digest: bytes) -> bool:
        """Whether a journal ending at row ``seq`` with ``digest`` is one this head allows."""
        return (seq, digest) in ((self.seq, self.hash), (self.pending_seq, self.pending_hash))


class HeadUnreadable(ValueError):
    """The head file is there but holds no head record."""


def head_path(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


def read_head(path: Path) -> Head | None:
    """The head recorded beside ``path``; None when there is no head file or it is empty (a
    new journal's, before its first write). The first versions wrote two fields (no commit in
    progress): still read."""
    try:
        raw = head_path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise HeadUnreadable(f"{head_path(path)} cannot be read: {error.strerror}") from None
    if not raw:
        return None
    try:
        fields = raw.decode("ascii").split()
        if len(fields) not in (2, 4):
            raise ValueError(f"{len(fields)} fields, expected 2 or 4")
        seqs = [int(field) for field in fields[0::2]]
        hashes = [bytes.fromhex(field) for field in fields[1::2]]
        if any(len(digest) != 32 for digest in hashes):
            raise ValueError("a hash is not 32 bytes")
    except (ValueError, UnicodeDecodeError) as error:
        raise HeadUnreadable(f"{head_path(path)} holds no head record ({error}; it starts "
                             f"with {raw[:40]!r})") from None
    return Head(seqs[0], hashes[0], seqs[-1], hashes[-1])


class HeadFile:
    """The open head file of a journal being written."""

    def __init__(self, path: Path) -> None:
        self.path = head_path(path)
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)

    def write(self, seq: int, digest: bytes, pending: tuple[int, bytes] | None = None,
              sync: bool = False) -> None:
        """Record row ``seq`` as the last committed and, with ``pending``, the row a commit in
        progress ends at; ``sync`` makes it durable before the commit is."""
        pending_seq, pending_hash = pending or (seq, digest)
        os.pwrite(self._fd, f"{seq:0{_WIDTH}d} {digest.hex()} {pending_seq:0{_WIDTH}d} "
                            f"{pending_hash.hex()}\n".encode(), 0)
        if sync:
            os.fdatasync(self._fd)

    def deleted(self) -> bool:
        """Whether the file was removed while open (writes would go nowhere)."""
        return os.fstat(self._fd).st_nlink == 0

    def close(self) -> None:
        os.fsync(self._fd)  # a table stopped cleanly leaves its exact head on disk
        os.close(self._fd)
