"""Card-to-event latency with surveillance's exposure and integrity check on and off, in the
same run, and what each costs per card.

A shuffled 8-deck shoe (400 of its cards) goes card by card onto a real table's queue, as the
driver puts them: the controller's loop in its thread, the journal on a real SQLite file,
Python's switch interval as the application sets it. The figure is the time from submitting a
card to its event reaching a subscriber (journaled by then). Exposure off: no worker. On: the
surveillance subscriber hands every composition to the worker thread, which computes every
offered bet's exact return and puts it back on the queue, where the controller publishes it.
Integrity on: the integrity check's thread also compares every card with the earlier shoes
(the table's own, dealt before in the same run; ten at most). The cases alternate shoe by
shoe, so the machine's ups and downs fall on all of them.

Two paces: a card every 100 ms (ten times a fast dealer; above the worker's 50 ms spacing, so
every card has its own exposure), and back to back (the next card as soon as the last one's
event arrives: results come every 50 ms while the controller handles cards, the worst case).

Per card: the exact returns of one composition (what the worker's child computes) beside
the integrity check of one card against ten earlier shoes (what its thread does).

Goal: exposure on no worse than 10% over off; integrity on no worse than 10% over exposure
alone. Run: .venv/bin/python
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

from percentiles import percentiles

from controller.events.stream import EventBus, TableEvent
from controller.game.profiles import parse_profile
from controller.journal import Journal
from controller.service.app import surveillance
from controller.surveillance.exposure import exposure_of
from controller.surveillance.integrity import IntegrityDetector
from controller.surveillance.integrity_worker import CardOut, ShoeBegins
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


# The cases: (exposure, integrity check).
CASES = {"off": (False, False), "exposure": (True, False), "integrity": (True, True)}


def one_shoe(case: str, pace: float, order: list[str], folder: Path, cards: int,
             earlier: list[list[str]]) -> list[float]:
    """Seconds from each card's submission to its event, for one shoe."""
    profile = parse_profile(PROFILE_FILE.read_text() + "\n[surveillance]\n", "bench.toml")
    config = TableConfig(profile=str(PROFILE_FILE))
    bus = EventBus("bench")
    exposure, integrity_check = CASES[case]
    journal = Journal.open(folder / f"{case}-{pace}-{time.monotonic_ns()}.sqlite3")
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
    worker, integrity = surveillance(runner, [], exposure, integrity_check)
    if worker is not None:
        worker.ready(60)
    if integrity is not None:  # the earlier shoes it compares with, as a day's table has them
        for number, shoe in enumerate(earlier, 1):
            integrity.post(ShoeBegins(number, 8, 16, 10))
            for code in shoe:
                integrity.post(CardOut(code, quiet=True))
        integrity.idle(60)
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
        if integrity is not None:
            integrity.close()
        journal.close()
    if failed:
        raise RuntimeError(failed[0])
    return latencies


def summary(values: list[float]) -> tuple[float, float, float, float]:
    p50, p95, p99 = (value * 1000 for value in percentiles(values, 50, 95, 99))
    return statistics.fmean(values) * 1000, p50, p95, p99


def per_card_cost(order: list[str], earlier: list[list[str]], cards: int
                  ) -> tuple[float, float]:
    """Microseconds per card: one composition's exact returns, one card's integrity check."""
    profile = parse_profile(PROFILE_FILE.read_text() + "\n[surveillance]\n", "bench.toml")
    some = range(0, cards, max(1, cards // 20))
    started = time.perf_counter()
    for dealt in some:
        exposure_of(1, profile, 8, order[:dealt])
    exposure = (time.perf_counter() - started) / len(some) * 1e6
    detector = IntegrityDetector(8)
    for number, shoe in enumerate(earlier, 1):
        detector.new_shoe(number, 8)
        for code in shoe:
            detector.card(code)
    detector.new_shoe(len(earlier) + 1, 8)
    started = time.perf_counter()
    for code in order[:cards]:
        detector.card(code)
    integrity = (time.perf_counter() - started) / cards * 1e6
    return exposure, integrity


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=3, help="shoes per case (default 3)")
    parser.add_argument("--cards", type=int, default=400, help="cards a shoe (default 400)")
    args = parser.parse_args()
    chance = random.Random(16)

    def shuffled() -> list[str]:
        order = [code for code in ALL_CODES for _ in range(8)]
        chance.shuffle(order)
        return order

    earlier = [shuffled() for _ in range(10)]
    print(f"{args.cards} cards a shoe, {args.shoes} shoes per case, "
          "off, exposure, exposure and integrity alternating")
    exposure_cost, integrity_cost = per_card_cost(shuffled(), earlier, args.cards)
    print(f"per card: exposure {exposure_cost:.1f} µs, integrity check {integrity_cost:.1f} µs "
          f"(against {len(earlier)} earlier shoes)")
    print(f"{'pace':<20} {'case':<9} {'mean':>7} {'p50':>7} {'p95':>7} {'p99':>7}  (ms)")
    with tempfile.TemporaryDirectory() as folder:
        for pace_name, pace in PACES.items():
            results: dict[str, list[float]] = {case: [] for case in CASES}
            for _ in range(args.shoes):
                order = shuffled()
                for case in CASES:
                    results[case] += one_shoe(case, pace, order, Path(folder), args.cards,
                                              earlier)
            for case in CASES:
                mean, p50, p95, p99 = summary(results[case])
                print(f"{pace_name:<20} {case:<9} {mean:7.3f} {p50:7.3f} {p95:7.3f} {p99:7.3f}")
            for on, off in (("exposure", "off"), ("integrity", "exposure")):
                ratios = zip(summary(results[off]), summary(results[on]), strict=True)
                print(f"{'':<20} {on + '/' + off:<9} " + " ".join(
                    f"{b / a:7.2f}" for a, b in ratios))


if __name__ == "__main__":
    main()
