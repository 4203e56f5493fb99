"""Card line on a pty to its event in the events file, journal on, against a minimal table.

The emulator (its own process, as ``emulate-shoe``) writes the first CARDS lines of a seeded
8-deck shoe on the scanner protocol, one every INTERVAL, and logs the monotonic time just
before each write. Two tables read them in this process, in turn, RUNS times each:

- the real table: ``open_table`` on ``serial://`` with a journal and an events file, the new
  shoe confirmed first; a subscriber after the events file notes when each card's event
  (``reveal``, ``burn``, ``card``) has been written there;
- the anchor, a minimal table: one thread reading the pty, and per card one hash-chained WAL
  commit with ``synchronous=FULL`` (benchmarks/minimal_journal.py) and one JSON line, flushed.

Goal (issue 21, after the table-core redesign; issue 13 had 1.25x): the real table's p50 at
most 1.5x the minimal table's (the median of the ratios of runs side by side).

    .venv/bin/python benchmarks/card_latency.py [--cards N] [--runs N] [--dir DIR]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import tempfile
import threading
import time
import tty
from collections.abc import Callable, Sequence
from pathlib import Path
from unittest import mock

from emulated_shoe import EmulatedShoe
from minimal_journal import MinimalJournal
from percentiles import percentiles

from controller.events.stream import EventBus, TableEvent
from controller.journal.store import Journal
from controller.service.app import open_table
from controller.table.commands import Command
from controller.table.config import TableConfig
from controller.table.controller import TableController
from drivers.base import CardRead
from drivers.card_codes import ALL_CODES, CUT
from drivers.shoe_order import build_shoe, shoe_random

INTERVAL = 0.01  # seconds between lines: each card is handled alone
STAGES = ("line written to the pty", "handed to the controller", "events built, commit begun",
          "committed (fsync done)", "written to the events file")
SEED = 7
READ = frozenset({"reveal", "burn", "card"})  # the events that carry a card line read
# What a line the table did not deal became, or the reader going away: named if a line is lost.
UNEXPECTED = frozenset({"misread", "hold", "duplicate_card", "scanner"})
GOAL = 1.5
WAIT = 60.0  # seconds to wait for the last card before giving up


def real_table(directory: Path, order: list[str],
               stages: dict[str, list[float]] | None = None) -> list[float]:
    """Seconds from each line written to its event written to the events file; with
    ``stages``, also when each card reached each stage of its way (``timed_stages``)."""
    written: list[float] = []
    unexpected: list[str] = []  # what the table made of a line it did not deal, if any
    connected, done = threading.Event(), threading.Event()

    def note(event: TableEvent) -> None:  # subscribed after the events file: it has the line
        if event.type == "scanner" and event.fields["status"] == "connected":
            connected.set()
        elif event.type in READ:
            written.append(time.monotonic())
            if stages is not None:
                stages["written to the events file"].append(written[-1])
            if len(written) == len(order):
                done.set()
        elif event.type in UNEXPECTED:
            unexpected.append(f"{event.type} {event.fields}")

    with EmulatedShoe(order, INTERVAL) as shoe:
        # No debounce: under load two identical cards can arrive closer than any window, and
        # the minimal table has none either.
        config = TableConfig(driver_url=f"serial://{shoe.path}?baud=115200&debounce=0",
                             journal_path=str(directory / "journal.sqlite3"),
                             events_path=str(directory / "events.jsonl"))
        table = open_table(config, subscribers=(note,))
        table.runner.submit(Command("new_shoe"))

        def deal() -> None:
            # The driver opens the port in its own thread, flushing what came before.
            connected.wait(WAIT)
            shoe.play()
            done.wait(WAIT)
            table.runner.stop()

        dealer = threading.Thread(target=deal)
        dealer.start()
        try:
            table.run()  # in the thread that opened it, which owns it
        finally:
            table.runner.stop()
            dealer.join()
            table.close()
    if stages is not None:
        stages["line written to the pty"] = shoe.sent
    return latencies("real table", shoe.sent, written, unexpected)


def timed_stages(directory: Path, order: list[str]) -> dict[str, list[float]]:
    """One run of the real table noting, for each card, when it reached each stage of its
    way: the controller handed it (after the reader's wake-up, read and parse), its events
    built and the commit begun, the commit done (the fsync), its line written."""
    stages: dict[str, list[float]] = {name: [] for name in STAGES}
    handle, flush, commit = TableController.handle, EventBus.flush, Journal.commit
    card_input = False  # the input in hand is a card (one at a time, under the runner's turn)

    def timed_handle(controller: TableController, item: object) -> None:
        nonlocal card_input
        card_input = isinstance(item, CardRead)
        if card_input:
            stages["handed to the controller"].append(time.monotonic())
        handle(controller, item)

    def timed_flush(bus: EventBus) -> None:
        if card_input:
            stages["events built, commit begun"].append(time.monotonic())
        flush(bus)

    def timed_commit(journal: Journal) -> None:
        nonlocal card_input
        commit(journal)
        if card_input:
            stages["committed (fsync done)"].append(time.monotonic())
            card_input = False

    with (mock.patch.object(TableController, "handle", timed_handle),
          mock.patch.object(EventBus, "flush", timed_flush),
          mock.patch.object(Journal, "commit", timed_commit)):
        real_table(directory, order, stages)
    return stages


def minimal_table(directory: Path, order: list[str]) -> list[float]:
    """The same for the least the job needs: read a line, commit it, write its JSON line."""
    written: list[float] = []
    unreadable: list[str] = []

    def read_and_record(port: int) -> None:
        journal = MinimalJournal(directory / "minimal.sqlite3")  # SQLite: in its own thread
        try:
            with (directory / "minimal.jsonl").open("a", encoding="utf-8") as events:
                pending = b""
                while len(written) < len(order):
                    *lines, pending = (pending + os.read(port, 4096)).split(b"\n")
                    for line in lines:
                        code = line.strip().decode("ascii", "replace")
                        if code not in ALL_CODES:
                            unreadable.append(f"unreadable {line!r}")
                            return
                        events.write(journal.append({"type": "card", "card": code}) + "\n")
                        journal.commit()
                        events.flush()
                        written.append(time.monotonic())
        finally:
            journal.close()

    with EmulatedShoe(order, INTERVAL) as shoe:
        port = os.open(shoe.path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(port)
        reader = threading.Thread(target=read_and_record, args=(port,), daemon=True)
        reader.start()
        shoe.play()
        reader.join(WAIT)
        os.close(port)
    return latencies("minimal table", shoe.sent, written, unreadable)


def latencies(
    name: str, sent: list[float], written: list[float], unexpected: Sequence[str] = (),
) -> list[float]:
    if len(written) != len(sent):
        raise SystemExit(f"card_latency: {name}: {len(sent)} lines sent, {len(written)} "
                         "events written; " + ("; ".join(unexpected) or "nothing else"))
    return [got - put for put, got in zip(sent, written, strict=True)]


def first_cards(count: int) -> list[str]:
    """The first ``count`` cards of a seeded shoe, all before its cut card."""
    order = build_shoe(8, shoe_random(SEED, 0))
    if count > order.index(CUT):
        raise SystemExit(f"card_latency: at most {order.index(CUT)} cards (the cut card)")
    return order[:count]


def report(name: str, values: list[float]) -> None:
    p50, p99 = percentiles(values, 50, 99)
    print(f"{name:<46} p50 {p50 * 1e3:.3f} ms  p99 {p99 * 1e3:.3f} ms  "
          f"max {max(values) * 1e3:.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=150, help="cards a run (150)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each table, alternating (7)")
    parser.add_argument("--dir", type=Path, help="where the journals go (default /tmp)")
    args = parser.parse_args()
    order = first_cards(args.cards)
    runs: dict[str, list[list[float]]] = {"real": [], "minimal": []}
    tables: dict[str, Callable[[Path, list[str]], list[float]]] = {
        "minimal": minimal_table, "real": real_table}
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        for run in range(args.runs):
            for kind, table in tables.items():
                folder = Path(name) / f"{kind}-{run}"
                folder.mkdir()
                runs[kind].append(table(folder, order))
    print(f"{args.cards} scanner lines a run, one every {INTERVAL * 1e3:g} ms, {args.runs} runs "
          "of each table, alternating; line written -> its event in the events file, journal on")
    for label, kind in (("real table (open_table, serial://)", "real"),
                        ("anchor: minimal table (thread, commit, line)", "minimal")):
        report(label, list(itertools.chain.from_iterable(runs[kind])))
    ratios = [statistics.median(real) / statistics.median(minimal)
              for real, minimal in zip(runs["real"], runs["minimal"], strict=True)]
    ratio = statistics.median(ratios)
    verdict = "met" if ratio <= GOAL else "NOT met"
    print("p50 real / minimal, run by run: " + ", ".join(f"{each:.2f}x" for each in ratios)
          + f"; median {ratio:.2f}x (goal <= {GOAL}x: {verdict})")
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        stages = timed_stages(Path(name), order)
    print("where a card's time goes in the real table (one more run, p50 of each step):")
    for before, after in itertools.pairwise(STAGES):
        steps = [end - start for start, end in zip(stages[before], stages[after], strict=True)]
        print(f"  {statistics.median(steps) * 1e3:6.3f} ms  {before} -> {after}")

if __name__ == "__main__":
    main()
