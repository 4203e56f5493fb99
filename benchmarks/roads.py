"""Adds 100,000 hands to the roads one at a time and prints microseconds per hand (target < 20).

Hands are drawn with casino-like odds (banker 45.9 %, player 44.6 %, tie 9.5 %) from a fixed
seed. The shoe never resets, so the grids and the statistics window are exercised at length.
"""

from __future__ import annotations

import random
import time

from controller.roads import Hand, Roads

HANDS = 100_000
REPEATS = 3


def random_hands(count: int, seed: int = 5) -> list[Hand]:
    rng = random.Random(seed)
    winners = rng.choices(["banker", "player", "tie"], weights=[45.9, 44.6, 9.5], k=count)
    return [
        Hand(winner, rng.random() < 0.075, rng.random() < 0.075, rng.random() < 0.3)
        for winner in winners
    ]


def time_adding(hands: list[Hand]) -> float:
    roads = Roads()
    add = roads.add
    start = time.perf_counter()
    for hand in hands:
        add(hand)
    return time.perf_counter() - start


def main() -> None:
    hands = random_hands(HANDS)
    best = min(time_adding(hands) for _ in range(REPEATS))
    roads = Roads.from_hands(hands)
    start = time.perf_counter()
    roads.ask(), roads.stats()
    query = time.perf_counter() - start
    print(f"roads: {HANDS} hands added one at a time, best of {REPEATS}")
    print(f"  add: {best / HANDS * 1e6:.2f} µs per hand (target < 20)")
    print(f"  ask() + stats() after {HANDS} hands: {query * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
