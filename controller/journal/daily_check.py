"""The daily full check, run by the table itself: a child process at the lowest CPU priority
runs ``journal verify`` (controller.journal.verify_run) beside the dealing table and hands its
result back through a pipe; the table journals it as a ``journal_verified`` event through its
loop like any input. A passing one is a verified checkpoint (controller.journal.checkpoint).

No file is trusted for it: a result the table did not get from its own child could be written
by anyone who can write the journal's folder, and a forged checkpoint would let a later start
skip a row edited since the last real check (docs/journal.md, "Who can make a checkpoint").
Results are taken in the order the table's own checks end, so no clock orders them.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import controller
from common.errors import Fault
from controller.events.codec import EventSchemaError, check_values, decode
from controller.events.due import FactDue
from controller.events.facts import EventType, JournalVerified

log = logging.getLogger(__name__)

FIRST_CHECK = 15 * 60.0  # seconds after a start: a table crash-looping is not checked again
CHECK_EVERY = 24 * 3600.0  # seconds of the table's running time (a monotonic clock)
CHILD = "controller.journal.check_child"


class CheckFailedToRun(Fault):
    """The child ended without a result (killed, crashed, or said something that is no
    result): nothing is journaled, and the next check runs as planned."""


class DailyCheck:
    """Runs the full check ``first`` seconds after ``start`` and every ``every`` seconds
    after, and submits each result. ``close`` stops it, ending a check under way."""

    def __init__(self, journal: Path, submit: Callable[[object], None],
                 first: float = FIRST_CHECK, every: float = CHECK_EVERY) -> None:
        self.journal = journal
        self._submit = submit
        self._first, self._every = first, every
        self._stopping = threading.Event()
        self._child_lock = threading.Lock()
        self._child: subprocess.Popen[bytes] | None = None
        self._thread = threading.Thread(target=self._run, name="journal-check", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stopping.set()
        with self._child_lock:
            if self._child is not None and self._child.poll() is None:
                self._child.terminate()  # it only reads the journal: nothing is left half-done
        if self._thread.is_alive():
            self._thread.join(5)

    def _run(self) -> None:
        wait = self._first
        while not self._stopping.wait(wait):
            try:
                self.check_now()
            except CheckFailedToRun as error:
                if not self._stopping.is_set():
                    log.error("journal: the daily check did not run to its end: %s", error)
            except Exception:  # the table deals on; the next check tries again
                log.exception("journal: the daily check failed to run")
            wait = self._every

    def check_now(self) -> JournalVerified:
        """Run the full check in the child, wait for it, and submit its result."""
        fact = self._run_child()
        self._submit(FactDue(fact))
        return fact

    def _run_child(self) -> JournalVerified:
        # Run from the folder this program is installed in, so `-m` finds its own code first,
        # never a module in the table's working folder.
        installed = Path(controller.__file__).resolve().parent.parent
        with self._child_lock:
            if self._stopping.is_set():
                raise CheckFailedToRun("the table is stopping")
            self._child = subprocess.Popen(
                [sys.executable, "-m", CHILD, str(self.journal.resolve())],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=installed)
        out, err = self._child.communicate()
        status = self._child.returncode
        said = err.decode(errors="replace").strip().splitlines()
        if status != 0:
            raise CheckFailedToRun(f"its process ended with status {status}"
                                   + (f": {said[-1]}" if said else ""))
        for line in said:  # it ran, but not as it should (its priority left as it was)
            log.warning("journal: the daily check: %s", line)
        return result_of(out)


def result_of(out: bytes) -> JournalVerified:
    """The child's one line: a ``journal_verified`` fact's fields, each of its kind."""
    try:
        fields = json.loads(out)
        if not isinstance(fields, dict):
            raise ValueError("not a JSON object")
        check_values(EventType.JOURNAL_VERIFIED, fields)
        fact = decode(EventType.JOURNAL_VERIFIED, fields)
    except (ValueError, EventSchemaError) as error:
        raise CheckFailedToRun(f"its result is not one ({error}; it starts with "
                               f"{out[:60]!r})") from None
    assert isinstance(fact, JournalVerified)
    return fact
