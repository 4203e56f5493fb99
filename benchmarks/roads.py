"""Adds 100,000 hands to the roads one at a time and prints microseconds per hand (target < 20).

Hands are drawn with casino-like odds (banker 45.9 %, player 44.6 %, tie 9.5 %) from a fixed
seed. The shoe never resets, so the grids and the statistics window are exercised at length.
"""

from __future__ import annotations

import gc
import random
import time

from controller.roads import Hand, Roads

HANDS = 100_000
REPEATS = 3
SLICE = 20_000


def random_hands(count: int, seed: int = 5) -> list[Hand]:
    rng = random.Random(seed)
    winners = rng.choices(["banker", "player", "tie"], weights=[45.9, 44.6, 9.5], k=count)
    return [
        Hand(winner, rng.random() < 0.075, rng.random() < 0.075, rng.random() < 0.3)
        for winner in winners
    ]


def time_adding(hands: list[Hand]) -> list[float]:
    """Seconds taken by each successive SLICE of hands added to one Roads."""
    roads = Roads()
    add = roads.add
    slices = []
    for first in range(0, len(hands), SLICE):
        start = time.perf_counter()
        for hand in hands[first : first + SLICE]:
            add(hand)
        slices.append(time.perf_counter() - start)
    return slices


def per_slice(slices: list[float]) -> str:
    return " ".join(f"{seconds / SLICE * 1e6:.1f}" for seconds in slices)


def main() -> None:
    hands = random_hands(HANDS)
    runs = [time_adding(hands) for _ in range(REPEATS)]
    best = min(runs, key=sum)
    roads = Roads.from_hands(hands)
    start = time.perf_counter()
    roads.ask(), roads.stats()
    query = time.perf_counter() - start
    print(f"roads: {HANDS} hands added one at a time, best of {REPEATS}")
    print(f"  add: {sum(best) / HANDS * 1e6:.2f} µs per hand (target < 20)")
    print(f"  µs per hand in each slice of {SLICE}: {per_slice(best)}")
    # The rise across slices is the garbage collector walking a larger heap, not the roads.
    gc.disable()
    try:
        print(f"  the same with the garbage collector off: {per_slice(time_adding(hands))}")
    finally:
        gc.enable()
    print(f"  ask() + stats() after {HANDS} hands: {query * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
