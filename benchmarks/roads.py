"""Adds 100,000 hands to the roads one at a time and prints microseconds per hand (target < 20).

Hands are drawn with casino-like odds (banker 45.9 %, player 44.6 %, tie 9.5 %) from a fixed
seed. The shoe never resets, so the grids and the statistics window are exercised at length.

    .venv/bin/python benchmarks/roads.py [--hands N] [--repeats N]
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from controller.roads import Hand, Roads

SLICES = 5  # the hands are timed in this many slices, to show any rise as the roads grow


def random_hands(count: int, seed: int = 5) -> list[Hand]:
    rng = random.Random(seed)
    winners = rng.choices(["banker", "player", "tie"], weights=[45.9, 44.6, 9.5], k=count)
    return [
        Hand(winner, rng.random() < 0.075, rng.random() < 0.075, rng.random() < 0.3)
        for winner in winners
    ]


def time_adding(hands: list[Hand]) -> list[float]:
    """Seconds taken by each of SLICES successive slices of hands added to one Roads."""
    roads = Roads()
    add = roads.add
    slices = []
    size = len(hands) // SLICES
    for first in range(0, size * SLICES, size):
        start = time.perf_counter()
        for hand in hands[first : first + size]:
            add(hand)
        slices.append(time.perf_counter() - start)
    return slices


def per_slice(slices: list[float], size: int) -> str:
    return " ".join(f"{seconds / size * 1e6:.1f}" for seconds in slices)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3, help="runs; the best is shown")
    args = parser.parse_args()
    count = args.hands - args.hands % SLICES
    size = count // SLICES
    hands = random_hands(count)
    runs = [time_adding(hands) for _ in range(args.repeats)]
    best = min(runs, key=sum)
    roads = Roads.from_hands(hands)
    start = time.perf_counter()
    roads.ask(), roads.stats()
    query = time.perf_counter() - start
    print(f"roads: {count} hands added one at a time, best of {args.repeats}")
    print(f"  add: {sum(best) / count * 1e6:.2f} µs per hand (target < 20)")
    print(f"  µs per hand in each slice of {size}: {per_slice(best, size)}")
    # The rise across slices is the garbage collector walking a larger heap, not the roads.
    gc.disable()
    try:
        print("  the same with the garbage collector off: "
              f"{per_slice(time_adding(hands), size)}")
    finally:
        gc.enable()
    print(f"  ask() + stats() after {count} hands: {query * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
