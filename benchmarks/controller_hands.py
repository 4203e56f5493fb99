"""Hands per second through the whole controller: simulated 8-deck shoes played headless as
fast as they go (driver thread, queue, state machine, events), journal off and on; then what
one ``transitions`` trigger costs, and where a hand's time goes, timed per call.

    .venv/bin/python benchmarks/controller_hands.py [--shoes N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

from transitions import Machine
from transitions.core import Event

from controller.events.stream import EventBus
from controller.service.app import open_table
from controller.table.config import TableConfig
from controller.table.controller import TableController
from drivers.sim import SimDriver

# Where a hand's time goes: (what, class, method). Times are inclusive and overlap: a trigger's
# callbacks publish the `state` events, and the last card's handling settles the round.
PARTS = (
    ("the whole card path (TableController.handle)", TableController, "handle"),
    ("transitions triggers, with their callbacks", Event, "trigger"),
    ("every event built, numbered and queued", EventBus, "publish"),
    ("simulated shoe: acknowledge, deal the next card", SimDriver, "acknowledge"),
    ("the round's result: outcome, bets, pays", TableController, "_result_facts"),
    ("delivery to subscribers (flush)", EventBus, "flush"),
    ("betting opened", TableController, "_open_round"),
    ("betting closed", TableController, "_betting_closed"),
)


def play(shoes: int, journal_path: str | None) -> tuple[int, float]:
    rounds = 0

    def count(event) -> None:
        nonlocal rounds
        if event.type in ("round_result", "round_voided"):
            rounds += 1

    config = TableConfig(driver_url="sim://?seed=1&rate=0", journal_path=journal_path)
    table = open_table(config, subscribers=(count,), stop_after_shoes=shoes)
    started = time.perf_counter()
    try:
        table.runner.run()
    finally:
        table.close()
    return rounds, time.perf_counter() - started


def trigger_cost(configured: bool, count: int = 50_000) -> float:
    """µs a trigger in a two-state Machine: bare, or ``configured`` as the controller's are
    (events sent to callbacks, a condition, an after-state-change callback)."""

    class Model:
        def ready(self, event) -> bool:
            return True

        def changed(self, event) -> None:
            pass

    model = Model()
    extra = {"conditions": "ready"} if configured else {}
    Machine(model=model, states=["a", "b"], initial="a", auto_transitions=False,
            transitions=[{"trigger": "go", "source": "a", "dest": "b", **extra},
                         {"trigger": "go", "source": "b", "dest": "a", **extra}],
            **({"send_event": True, "after_state_change": "changed"} if configured else {}))
    started = time.perf_counter()
    for _ in range(count):
        model.go()
    return (time.perf_counter() - started) / count * 1e6


def breakdown(shoes: int) -> tuple[float, dict[str, float]]:
    """(µs a hand, µs a hand in each part) with every part of PARTS timed per call."""
    spent: dict[str, float] = defaultdict(float)

    def timed(name: str, method: Callable) -> Callable:
        def timed_method(*args, **kwargs):
            started = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                spent[name] += time.perf_counter() - started
        return timed_method

    with ExitStack() as patches:
        for name, owner, attribute in PARTS:
            patches.enter_context(mock.patch.object(
                owner, attribute, timed(name, getattr(owner, attribute))))
        hands, seconds = play(shoes, None)
    return seconds / hands * 1e6, {name: spent[name] / hands * 1e6 for name, *_ in PARTS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shoes", type=int, default=20)
    args = parser.parse_args()
    play(1, None)  # warm up imports and caches
    rounds, seconds = play(args.shoes, None)
    print(f"journal off: {rounds} hands in {seconds:.3f} s = {rounds / seconds:,.0f} hands/s")
    with tempfile.TemporaryDirectory() as folder:
        rounds, seconds = play(args.shoes, str(Path(folder) / "journal.sqlite3"))
    print(f"journal on: {rounds} hands in {seconds:.3f} s = {rounds / seconds:,.0f} hands/s")
    print(f"one transitions trigger: {trigger_cost(False):.1f} µs bare, "
          f"{trigger_cost(True):.1f} µs with a condition and a callback, as the controller's")
    per_hand, parts = breakdown(args.shoes)
    print(f"where a hand's time goes, timed per call ({per_hand:.0f} µs a hand with the timing; "
          "parts overlap):")
    for name, micros in parts.items():
        print(f"  {micros:6.1f} µs  {name}")


if __name__ == "__main__":
    main()
