"""Card-to-event latency with surveillance's exposure on and off, in the same run.

A shuffled 8-deck shoe (400 of its cards) goes card by card onto a real table's queue, as the
driver puts them: the controller's loop in its thread, the journal on a real SQLite file,
Python's switch interval as the application sets it. The figure is the time from submitting a
card to its event reaching a subscriber (journaled by then). Exposure off: no worker. On: the
surveillance subscriber hands every composition to the worker thread, which computes every
offered bet's exact return and puts it back on the queue, where the controller publishes it.
The two alternate shoe by shoe, so the machine's ups and downs fall on both.

Two paces: a card every 100 ms (ten times a fast dealer; above the worker's 50 ms spacing, so
every card has its own exposure), and back to back (the next card as soon as the last one's
event arrives: results come every 50 ms while the controller handles cards, the worst case).

Goal: exposure on no worse than 10% over off. Run: .venv/bin/python
benchmarks/surveillance_latency.py [--shoes N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from controller.events.stream import EventBus, TableEvent
from controller.game.profiles import parse_profile
from controller.journal import Journal
from controller.service.app import surveillance
from controller.table.commands import Command
from controller.table.config import TableConfig
from controller.table.controller import TableController
from controller.table.runner import TableRunner
from drivers.base import CardRead
from drivers.card_codes import ALL_CODES

PROFILE_FILE = (Path(__file__).resolve().parent.parent / "controller" / "game" / "profiles"
                / "no-commission.toml")
PACES = {"a card every 100 ms": 0.1, "back to back": 0.0}
READ_EVENTS = ("reveal", "burn", "card")


def one_shoe(exposure: bool, pace: float, order: list[str], folder: Path,
             cards: int) -> list[float]:
    """Seconds from each card's submission to its event, for one shoe."""
    profile = parse_profile(PROFILE_FILE.read_text() + "\n[surveillance]\n", "bench.toml")
    config = TableConfig(profile=str(PROFILE_FILE))
    bus = EventBus("bench")
    journal = Journal.open(folder / f"{exposure}-{pace}-{time.monotonic_ns()}.sqlite3")
    bus.store = journal
    controller = TableController(config, profile, bus)
    arrived = threading.Event()
    stamps: list[float] = []

    def on_event(event: TableEvent) -> None:
        if event.type in READ_EVENTS:
            stamps.append(time.perf_counter())
            arrived.set()

    bus.subscribe(on_event)  # as the display is: subscribed before surveillance (open_table)
    runner = TableRunner(controller)
    worker = surveillance(runner, [], exposure)
    if worker is not None:
        worker.ready(60)
    latencies: list[float] = []
    failed: list[str] = []

    def deal() -> None:  # the dealer's hand; the table's loop runs in the thread that owns it
        try:
            runner.submit(Command("new_shoe"))
            for code in order[:cards]:
                arrived.clear()
                sent = time.perf_counter()
                runner.submit(CardRead(code, code.encode()))
                if not arrived.wait(30):
                    failed.append(f"card {code} never came out (state {controller.state})")
                    return
                latencies.append(stamps[-1] - sent)
                if pace:
                    time.sleep(pace)
        finally:
            runner.stop()

    dealer = threading.Thread(target=deal)
    dealer.start()
    try:
        runner.run()
    finally:
        runner.stop()
        dealer.join()
        if worker is not None:
            worker.close()
        journal.close()
    if failed:
        raise RuntimeError(failed[0])
    return latencies


def summary(values: list[float]) -> tuple[float, float, float, float]:
    ordered = sorted(values)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    return statistics.fmean(values) * 1000, pick(0.5), pick(0.95), pick(0.99)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=3, help="shoes per case (default 3)")
    parser.add_argument("--cards", type=int, default=400, help="cards a shoe (default 400)")
    args = parser.parse_args()
    chance = random.Random(16)
    print(f"{args.cards} cards a shoe, {args.shoes} shoes per case, "
          "exposure off and on alternating")
    print(f"{'pace':<20} {'exposure':<9} {'mean':>7} {'p50':>7} {'p95':>7} {'p99':>7}  (ms)")
    with tempfile.TemporaryDirectory() as folder:
        for pace_name, pace in PACES.items():
            results: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(args.shoes):
                order = [code for code in ALL_CODES for _ in range(8)]
                chance.shuffle(order)
                for exposure in (False, True):
                    results[exposure] += one_shoe(exposure, pace, order, Path(folder),
                                                  args.cards)
            for exposure in (False, True):
                mean, p50, p95, p99 = summary(results[exposure])
                print(f"{pace_name:<20} {'on' if exposure else 'off':<9} {mean:7.3f} "
                      f"{p50:7.3f} {p95:7.3f} {p99:7.3f}")
            off, on = summary(results[False]), summary(results[True])
            print(f"{'':<20} {'on/off':<9} " + " ".join(
                f"{b / a:7.2f}" for a, b in zip(off, on, strict=True)))


if __name__ == "__main__":
    main()
