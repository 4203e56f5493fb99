"""The table's side of the daily verify: it journals each new result the verify run leaves
beside the journal (controller.journal.checkpoint), so the result is a chained event, on the
feed, and its failure an alert. The table is the journal's one writer: the watcher only reads
the result file and submits it to the table's loop, which records it like any other input."""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from controller.events.facts import JournalVerified
from controller.journal.checkpoint import read_result, result_path
from controller.journal.verify import open_read_only

log = logging.getLogger(__name__)

POLL = 30.0  # seconds between looks at PATH.verified: one stat, the daily result within this


@dataclass(frozen=True)
class VerifyResultDue:
    """An input for the table's loop: a verify result to journal."""

    fact: JournalVerified


class VerifyResultWatcher:
    """Looks at ``PATH.verified`` at ``start`` and every ``poll`` seconds after, and submits
    each result finished after ``journaled`` (the last one in the journal). ``close`` stops
    it."""

    def __init__(self, journal: Path, submit: Callable[[object], None],
                 journaled: JournalVerified | None, poll: float = POLL) -> None:
        self.journal = journal
        self._submit = submit
        self._last = journaled.finished if journaled is not None else ""
        self._poll = poll
        self._looking = threading.Lock()  # the watcher's thread, or a caller, looks at a time
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="verify-watch", daemon=True)

    def start(self) -> None:
        """A first look now, so a result left while the table was stopped is queued before
        the table's first input has been handled; then one every ``poll`` seconds."""
        self._look_safely()
        self._thread.start()

    def close(self) -> None:
        self._stopping.set()
        self._thread.join(5)

    def _run(self) -> None:
        while not self._stopping.wait(self._poll):
            self._look_safely()

    def _look_safely(self) -> None:
        try:
            self.look()
        except Exception:  # the table deals on; the next look tries again
            log.exception("journal: cannot take the result of the last verify")

    def look(self) -> None:
        """Submit the result beside the journal if it is newer than the last journaled."""
        with self._looking:
            result = read_result(self.journal)
            if result is None or result.finished <= self._last:
                return
            self._last = result.finished
            self._submit(VerifyResultDue(self._matched(result)))

    def _matched(self, result: JournalVerified) -> JournalVerified:
        """A passing result names a row and its hash: if the journal's row does not hold it
        (rewritten since, or the file is false), it is journaled as a failed check."""
        if result.finding:
            return result
        with closing(open_read_only(self.journal)) as connection:
            row = connection.execute("SELECT hash FROM events WHERE seq = ?",
                                     (result.last_seq,)).fetchone()
        if row is not None and row[0].hex() == result.last_hash:
            return result
        what = "is missing" if row is None else "does not hold the hash"
        return dataclasses.replace(result, finding=(
            f"checkpoint check failed: row {result.last_seq} {what} "
            f"{result_path(self.journal).name} names: the row was rewritten or deleted since "
            "the verify, or the result file is false"))
