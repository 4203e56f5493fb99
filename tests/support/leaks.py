"""The leak guard's inventory (tests/conftest.py): what a test started and did not end."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from multiprocessing import resource_tracker
from pathlib import Path

# A descriptor on one of these is a serial line or a pseudo-terminal.
_SERIAL = ("/dev/pts/", "/dev/ptmx", "/dev/tty")
_LISTEN = "0A"  # the state column of /proc/net/tcp{,6} for a listening socket


def _children() -> set[int]:
    """The PIDs of this process's living children (zombies are ended, only not yet reaped),
    but multiprocessing's resource tracker: one per process by design, started by the first
    test to use a process pool, ended by multiprocessing at exit."""
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        try:
            found.update(int(pid) for pid in (task / "children").read_text().split())
        except OSError:  # the thread ended while we looked
            continue
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    return {pid for pid in found if pid != tracker and _running(pid)}


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def _descriptors() -> dict[str, str]:
    """This process's open descriptors and what each is open on."""
    found = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            found[fd] = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # the listing's own descriptor, closed already
            continue
    return found


def _listening(sockets: set[str]) -> set[str]:
    """Which of ``sockets`` (``socket:[inode]``) are listening TCP sockets."""
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == _LISTEN and f"socket:[{fields[9]}]" in sockets:
                listening.add(f"listening port {int(fields[1].rpartition(':')[2], 16)}")
    return listening


@dataclass(frozen=True)
class Inventory:
    """Threads, child processes and descriptors open at one moment."""

    threads: frozenset[threading.Thread]
    children: frozenset[int]
    descriptors: frozenset[tuple[str, str]]

    @classmethod
    def now(cls) -> Inventory:
        return cls(frozenset(threading.enumerate()), frozenset(_children()),
                   frozenset(_descriptors().items()))

    def left_since(self, before: Inventory) -> list[str]:
        """What is open now and was not ``before``, as lines for a failure message."""
        left = [f"thread {thread.name!r}" for thread in self.threads - before.threads
                if thread.is_alive()]
        left += [f"child process {pid}: {_command(pid)}"
                 for pid in sorted(self.children - before.children)]
        new = self.descriptors - before.descriptors
        left += [f"descriptor {fd} on {target}" for fd, target in sorted(new)
                 if target.startswith(_SERIAL)]
        sockets = {target for _, target in new if target.startswith("socket:")}
        if sockets:
            left += sorted(_listening(sockets))
        return left


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()[:200]
    except OSError:
        return "(gone)"


def leftovers(before: Inventory, grace: float = 2.0) -> list[str]:
    """What a test left open, allowing ``grace`` seconds for what it already told to end (a
    thread asked to stop, a child sent SIGTERM) to finish ending."""
    deadline = time.monotonic() + grace
    while True:
        left = Inventory.now().left_since(before)
        if not left or time.monotonic() >= deadline:
            return left
        for thread in set(threading.enumerate()) - before.threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        time.sleep(0.05)
