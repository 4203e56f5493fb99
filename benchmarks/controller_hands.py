"""Hands per second through the whole controller: simulated 8-deck shoes played headless as
fast as they go (driver thread, queue, state machine, events), journal off and on; then what
one ``transitions`` trigger costs, and where a hand's time goes, timed per call.

Anchors, measured in the same run over as many seeded shoes: a plain loop that deals and
resolves the hands with the game's rules (reveal, burn, cards by ``next_step``, the result
by ``judge_round``, one event dict per fact), and the same loop journaled with one
hash-chained WAL FULL commit per card, the result in the last card's transaction
(benchmarks/minimal_journal.py). Not a goal (issue 21): each side's ratio to its anchor is
set against the one docs/performance.md gave before the table-core redesign, and a fall of more
than 20% is called a regression. Then the floor: the real table writing
through the anchor's own journal (``AnchorStore``) against the same loop, which is what the
ratio would be if the table's journal cost nothing more than the anchor's.

    .venv/bin/python benchmarks/controller_hands.py [--shoes N] [--repeats N] [--triggers N]
        [--dir DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

from minimal_journal import MinimalJournal
from transitions import Machine
from transitions.core import Event

from controller.events.stream import EventBus
from controller.game.cards import Card
from controller.game.outcome import judge_round
from controller.game.rules import next_step
from controller.service.app import open_table
from controller.table.config import TableConfig
from controller.table.controller import TableController
from controller.table.round_model import RoundModel
from drivers.card_codes import CUT
from drivers.shoe_order import build_shoe, shoe_random
from drivers.sim import SimDriver

# The median ratio to the anchor docs/performance.md gave before the table-core redesign
# (2026-11-30, the lower end of its range): a ratio, so that the machine's load falls on both.
BEFORE = {"journal off": 0.12, "journal on": 0.64}
REGRESSION = 0.8  # a ratio below 80% of the one before has regressed

# Where a hand's time goes: (what, class, method). Times are inclusive and overlap: a trigger's
# callbacks publish the `state` events, and the last card's handling settles the round.
PARTS = (
    ("the whole card path (TableController.handle)", TableController, "handle"),
    ("transitions triggers, with their callbacks", Event, "trigger"),
    ("every fact queued for its input's end", EventBus, "publish"),
    ("simulated shoe: acknowledge, deal the next card", SimDriver, "acknowledge"),
    ("the round's result: outcome, bets, pays", RoundModel, "finish_round"),
    ("numbered, journaled, delivered (flush)", EventBus, "flush"),
    ("betting opened", RoundModel, "open_round"),
    ("betting closed", RoundModel, "_betting_closed"),
)


class AnchorStore:
    """The anchor's own journal (one hash-chained row per event, one commit per input) under
    the real table: what the table costs journaled when its journal costs only what the
    anchor's does. The ratio measured through it is the floor the controller itself sets."""

    def __init__(self, path: Path) -> None:
        self.journal = MinimalJournal(path)

    def append_all(self, events) -> None:
        for event in events:
            self.journal.append({"type": event.type, **event.fields})

    def commit(self) -> None:
        if self.journal.in_transaction:
            self.journal.commit()

    def rollback(self) -> None:
        raise AssertionError("the benchmark's table never fails an input")


def play(shoes: int, journal_path: str | None, anchor_store: Path | None = None,
         ) -> tuple[int, float]:
    rounds = 0

    def count(event) -> None:
        nonlocal rounds
        if event.type in ("round_result", "round_voided"):
            rounds += 1

    config = TableConfig(driver_url="sim://?seed=1&rate=0", journal_path=journal_path)
    table = open_table(config, subscribers=(count,), stop_after_shoes=shoes)
    store = AnchorStore(anchor_store) if anchor_store is not None else None
    if store is not None:
        table.controller.bus.store = store
    started = time.perf_counter()
    try:
        table.runner.run()
    finally:
        table.close()
        if store is not None:
            store.journal.close()
    return rounds, time.perf_counter() - started


def minimal_hands(shoes: int, journal: MinimalJournal | IdleWait | None) -> tuple[int, float]:
    """(hands, seconds) for the least the job needs: whole seeded shoes dealt and resolved in a
    plain loop, an event dict per fact; with ``journal``, each card committed durably."""

    def record(event: dict, durable: bool = True) -> None:
        if journal is not None:
            journal.append(event)
            if durable:
                journal.commit()

    hands = 0
    started = time.perf_counter()
    for number in range(shoes):
        codes = iter(build_shoe(8, shoe_random(1, number)))
        reveal = Card.parse(next(codes))
        record({"type": "reveal", "card": reveal.code})
        for _ in range(reveal.burn_count):
            record({"type": "burn", "card": next(codes)})
        last_round = False
        while not last_round:
            player: list[Card] = []
            banker: list[Card] = []
            step = next_step(player, banker)
            while step != "complete":
                code = next(codes)
                if code == CUT:  # this round is the shoe's last
                    last_round, code = True, next(codes)
                card = Card.parse(code)
                (player if step.startswith("player") else banker).append(card)
                step = next_step(player, banker)
                # The round's result rides in the transaction of the card that completed it.
                record({"type": "card", "card": code, "position": step}, step != "complete")
            outcome = judge_round(player, banker)
            record({"type": "round_result", "winner": outcome.winner,
                    "player_total": outcome.player_total, "banker_total": outcome.banker_total})
            hands += 1
    return hands, time.perf_counter() - started


def minimal_journaled_hands(shoes: int, path: Path) -> tuple[int, float]:
    journal = MinimalJournal(path)
    try:
        return minimal_hands(shoes, journal)
    finally:
        journal.close()


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


class IdleWait:
    """An fsync of an unchanged file, timed: a wait for the disk with nothing to write."""

    def __init__(self, path: Path) -> None:
        self.file = path.open("wb")
        self.seconds = 0.0

    def __call__(self) -> None:
        started = time.perf_counter()
        os.fsync(self.file.fileno())
        self.seconds += time.perf_counter() - started

    # As the plain loop's journal: nothing recorded, a wait at each commit.
    def append(self, event: dict) -> None:
        pass

    commit = __call__


def after_a_wait(play_hands: Callable[[IdleWait | None], tuple[int, float]], directory: Path,
                 ) -> tuple[float, float]:
    """µs a hand of ``play_hands``'s own work played straight on, and between waits for the
    disk (an ``IdleWait`` at each commit), the waits' own time taken out. A thread that waited
    finds its code and data gone from the processor's caches, so the same work takes longer."""
    hands, seconds = play_hands(None)
    wait = IdleWait(directory / "wait-here")
    try:
        waited_hands, waited_seconds = play_hands(wait)
    finally:
        wait.file.close()
    return seconds / hands * 1e6, (waited_seconds - wait.seconds) / waited_hands * 1e6


def play_waiting(shoes: int, wait: IdleWait | None) -> tuple[int, float]:
    """The table, journal off, with ``wait`` before each input's events are delivered."""
    if wait is None:
        return play(shoes, None)
    flush = EventBus.flush

    def flush_after_a_wait(bus: EventBus) -> None:
        wait()
        flush(bus)

    with mock.patch.object(EventBus, "flush", flush_after_a_wait):
        return play(shoes, None)


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


def alternate(
    repeats: int, measured: Callable[[int], tuple[int, float]],
    anchor: Callable[[int], tuple[int, float]],
) -> tuple[list[float], list[float]]:
    """hands/s of ``measured`` and of its ``anchor``, run alternately ``repeats`` times (each
    given the run's number), so a change in the machine's load falls on both alike."""
    runs: tuple[list[float], list[float]] = ([], [])
    for run in range(repeats):
        for rates, play_hands in zip(runs, (measured, anchor), strict=True):
            hands, seconds = play_hands(run)
            rates.append(hands / seconds)
    return runs


def compare(name: str, anchor_name: str, runs: tuple[list[float], list[float]]) -> float:
    """Print both rates and their ratio run by run; the median ratio."""
    for label, rates in zip((name, f"anchor: {anchor_name}"), runs, strict=True):
        print(f"{label:<38} best {max(rates):>8,.0f} hands/s  (runs: "
              + ", ".join(f"{rate:,.0f}" for rate in rates) + ")")
    ratios = [mine / anchor for mine, anchor in zip(*runs, strict=True)]
    print(f"  {name} / {anchor_name}, run by run: "
          + ", ".join(f"{ratio:.2f}x" for ratio in ratios))
    return statistics.median(ratios)


def against_before(name: str, ratio: float) -> None:
    """Print the median ratio against the one documented before the redesign."""
    before = BEFORE[name]
    change = ratio / before - 1
    fell = "REGRESSED more than 20%" if ratio < before * REGRESSION else "no regression over 20%"
    print(f"  median {ratio:.2f}x; before the redesign {before:.2f}x: {change:+.0%}, {fell}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Short runs, many of them: the disk's load from other work changes within seconds.
    parser.add_argument("--shoes", type=int, default=2, help="shoes a run (2)")
    parser.add_argument("--repeats", type=int, default=10, help="runs of each, alternating (10)")
    parser.add_argument("--triggers", type=int, default=50_000, help="to time one trigger")
    parser.add_argument("--dir", type=Path, help="where the journals go (default /tmp)")
    args = parser.parse_args()
    shoes = args.shoes
    play(1, None)  # warm up imports and caches
    minimal_hands(1, None)
    print(f"{shoes} seeded 8-deck shoes a run, {args.repeats} runs of each, alternating")
    runs = alternate(args.repeats, lambda run: play(shoes, None),
                     lambda run: minimal_hands(shoes, None))
    against_before("journal off", compare("journal off", "plain loop, no journal", runs))
    print(f"  best {1e6 / max(runs[0]):.0f} µs a hand against the plain loop's "
          f"{1e6 / max(runs[1]):.0f}")
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        folder = Path(name)
        runs = alternate(
            args.repeats, lambda run: play(shoes, str(folder / f"journal-{run}.sqlite3")),
            lambda run: minimal_journaled_hands(shoes, folder / f"minimal-{run}.sqlite3"))
        against_before("journal on", compare("journal on", "minimal journaled loop", runs))
        runs = alternate(
            args.repeats, lambda run: play(shoes, None, folder / f"through-{run}.sqlite3"),
            lambda run: minimal_journaled_hands(shoes, folder / f"again-{run}.sqlite3"))
        floor = compare("through the anchor's journal", "minimal journaled loop", runs)
        print(f"  median {floor:.2f}x: the floor the controller itself sets, its journal "
              "costing nothing more than the anchor's")
        table = after_a_wait(lambda wait: play_waiting(shoes, wait), folder)
        loop = after_a_wait(lambda wait: minimal_hands(shoes, wait), folder)
    print("own work, journal off, straight on and between waits for the disk (an fsync at each "
          "commit, its time taken out):")
    for name, (straight, waiting) in (("the table", table), ("the plain loop", loop)):
        print(f"  {name:<15} {straight:4.0f} µs a hand straight on, {waiting:4.0f} µs a hand "
              f"between waits for the disk ({waiting / straight:.1f}x)")
    print(f"one transitions trigger: {trigger_cost(False, args.triggers):.1f} µs bare, "
          f"{trigger_cost(True, args.triggers):.1f} µs with a condition and a callback, as the "
          "controller's")
    per_hand, parts = breakdown(shoes * args.repeats)
    print(f"where a hand's time goes, timed per call ({per_hand:.0f} µs a hand with the timing; "
          "parts overlap):")
    for name, micros in parts.items():
        print(f"  {micros:6.1f} µs  {name}")


if __name__ == "__main__":
    main()
