"""One table process per journal: an exclusive lock on the database file itself, so that a
symlink or a hard link naming the same file meets the same lock."""

from __future__ import annotations

import fcntl


def try_lock(descriptor: int) -> bool:
    """Lock the open file ``descriptor`` for this process; False if another process holds it.
    The lock lasts until the descriptor is closed."""
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
