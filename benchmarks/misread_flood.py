"""A valid card after a flood of garbage from the reader: how soon is it recorded?

A real headless table (``baccarat-table run --headless``, its own process) reads a scanner on
a pseudo-terminal (``serial://PTY?protocol=scanner``) with a journal and an events file. The
dealer confirms a new shoe (``newshoe`` on its standard input); then the pty gets LINES garbage
lines, then one valid card (the shoe's reveal card). Printed: the time from writing the card
to its event in the events file (written after the journal commit), how many ``misread``
events the journal holds and how many misreads they count, and how many rescan triggers the
table wrote back to the reader. Anchor, measured in the same run on the same disk: one
hash-chained WAL commit with ``synchronous=FULL`` (benchmarks/minimal_journal.py).

Goal (issue 12): the card is recorded within 2 s of being sent.

    .venv/bin/python benchmarks/misread_flood.py [--lines N] [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import select
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from minimal_journal import commit_seconds

TABLE = Path(sys.executable).parent / "baccarat-table"
RESCAN = b"\x16T\r"  # the scanner's default rescan trigger, 16 54 0D (docs/protocol.md)
CARD = b"AS\r\n"
GOAL_SECONDS = 2.0
WAIT = 120.0  # seconds to wait for any one thing before giving up (today's code took 15.6 s)


class EventsFile:
    """Reads the events file of a running table as it grows."""

    def __init__(self, path: Path, table: subprocess.Popen, output: Path) -> None:
        self.path, self.offset, self.pending = path, 0, b""
        self.table, self.output = table, output

    def new_events(self) -> list[dict]:
        if not self.path.exists():
            return []
        with self.path.open("rb") as file:
            file.seek(self.offset)
            data = file.read()
        self.offset += len(data)
        *lines, self.pending = (self.pending + data).split(b"\n")
        return [json.loads(line) for line in lines]

    def wait_for(self, wanted: Callable[[dict], bool], what: str, poll: float = 0.001) -> None:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if any(wanted(event) for event in self.new_events()):
                return
            if self.table.poll() is not None:
                raise SystemExit(f"misread_flood: the table exited {self.table.returncode} "
                                 f"before {what}: {self.output.read_text()[-500:]}")
            time.sleep(poll)
        raise SystemExit(f"misread_flood: no {what} in {self.path} after {WAIT:.0f} s")


class TriggerCounter(threading.Thread):
    """Counts the rescan triggers the table writes back to the reader's side of the pty."""

    def __init__(self, master: int) -> None:
        super().__init__(daemon=True)
        self.master, self.count, self.done = master, 0, threading.Event()

    def run(self) -> None:
        tail = b""
        while not self.done.is_set():
            if select.select([self.master], [], [], 0.05)[0]:
                data = tail + os.read(self.master, 65536)
                self.count += data.count(RESCAN)
                tail = data[-(len(RESCAN) - 1):]  # a trigger split across two reads

    def finish(self) -> int:
        self.done.set()
        self.join()
        return self.count


def write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def misreads_journaled(journal: Path) -> tuple[int, int]:
    """(misread events, misreads they count) in the journal."""
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as connection:
        rows = connection.execute(
            "SELECT COUNT(*), TOTAL(json_extract(data, '$.count')) FROM events "
            "WHERE type = 'misread'").fetchone()
    return rows[0], int(rows[1])


def flood(directory: Path, lines: int) -> tuple[float, float, int, int, int]:
    """(seconds writing the garbage, seconds from writing the card to its event, misread events
    journaled, misreads they count, rescan triggers written back)."""
    master, slave = os.openpty()  # our slave end stays open: the master never sees a hang-up
    journal, events_path = directory / "journal.sqlite3", directory / "events.jsonl"
    output_path = directory / "table.out"
    output = output_path.open("w")
    table = subprocess.Popen(
        [str(TABLE), "run", "--headless", "--driver",
         f"serial://{os.ttyname(slave)}?protocol=scanner", "--journal", str(journal),
         "--events", str(events_path)],
        stdin=subprocess.PIPE, stdout=output, stderr=subprocess.STDOUT, text=True)
    events = EventsFile(events_path, table, output_path)
    try:
        events.wait_for(lambda event: event["type"] == "scanner", "scanner connected")
        table.stdin.write("newshoe\n")
        table.stdin.flush()
        events.wait_for(lambda event: event["type"] == "shoe_started", "shoe_started")
        triggers = TriggerCounter(master)
        triggers.start()
        started = time.monotonic()
        write_all(master, b"".join(b"\x00?%06d\xfe\r\n" % number for number in range(lines)))
        sent = time.monotonic()
        write_all(master, CARD)
        events.wait_for(lambda event: event["type"] == "reveal", "reveal event for the card")
        recorded = time.monotonic() - sent
        table.stdin.write("quit\n")
        table.stdin.flush()
        table.wait(WAIT)
        written_back = triggers.finish()
    finally:
        if table.poll() is None:
            table.kill()
            table.wait()
        output.close()
        os.close(master)
        os.close(slave)
    if table.returncode != 0:
        raise SystemExit(f"misread_flood: the table exited {table.returncode}: "
                         + output_path.read_text()[-500:])
    return sent - started, recorded, *misreads_journaled(journal), written_back


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=50_000, help="garbage lines (50,000)")
    parser.add_argument("--dir", type=Path, help="where the journal goes (default /tmp)")
    parser.add_argument("--commits", type=int, default=200, help="anchor commits (200)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        directory = Path(name)
        anchor = commit_seconds(directory, args.commits)
        flooding, recorded, events, misreads, triggers = flood(directory, args.lines)
    verdict = "met" if recorded <= GOAL_SECONDS else "NOT met"
    print(f"{args.lines:,} garbage lines, then a card, on a pty to a headless table with a "
          f"journal; the pty took the garbage in {flooding:.2f} s, as fast as the table read it")
    print(f"card written -> its event in the events file: {recorded * 1000:.1f} ms "
          f"(goal <= {GOAL_SECONDS:g} s: {verdict})")
    print(f"misread events journaled: {events} (counting {misreads:,} misreads); "
          f"rescan triggers written back: {triggers}")
    print(f"anchor, one hash-chained WAL FULL commit on the same disk: {anchor * 1000:.3f} ms "
          f"(median of {args.commits}); the card took {recorded / anchor:,.0f} of them")


if __name__ == "__main__":
    main()
