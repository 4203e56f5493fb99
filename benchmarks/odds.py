"""How long one exact odds analysis takes: fresh 8-deck shoe, and a shoe half dealt.

Run: .venv/bin/python benchmarks/odds.py [--runs N]   (goal: median at most 5 ms after set-up;
ez-baccarat and dragon-bonus within 1.5x of classic, measured alternately in the same run)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from controller.game.cards import ShoeComposition, cards
from controller.game.odds import analyse
from controller.game.profiles import load_profile
from drivers.card_codes import ALL_CODES


def median_ms(shoe: ShoeComposition, profile_name: str, runs: int) -> float:
    profile = load_profile(profile_name)
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        analyse(shoe, profile)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="analyses timed for each median")
    runs = parser.parse_args().runs
    start = time.perf_counter()
    analyse(ShoeComposition(8), load_profile("classic"))
    print(f"one-time set-up plus first analysis: {(time.perf_counter() - start) * 1000:.1f} ms")
    fresh = ShoeComposition(8)
    dealt = random.Random(1).sample(cards(list(ALL_CODES) * 8), 200)
    half = ShoeComposition(8, dealt)
    for label, shoe, profile in (("fresh 8-deck shoe, classic", fresh, "classic"),
                                 ("fresh 8-deck shoe, live", fresh, "live"),
                                 ("8 decks, 200 cards dealt, live", half, "live")):
        print(f"{label}: median {median_ms(shoe, profile, runs):.2f} ms over {runs} runs")
    for profile in ("ez-baccarat", "dragon-bonus"):
        print_ratio_to_classic(fresh, profile, runs)


def print_ratio_to_classic(shoe: ShoeComposition, profile: str, runs: int) -> None:
    """The profile's median against classic's, the two timed in turns so load hits both."""
    ratios = []
    for _ in range(5):
        ratios.append(median_ms(shoe, profile, max(1, runs // 5))
                      / median_ms(shoe, "classic", max(1, runs // 5)))
    ratio = statistics.median(ratios)
    print(f"fresh 8-deck shoe, {profile}: median {median_ms(shoe, profile, runs):.2f} ms; "
          f"{ratio:.2f}x classic (goal <= 1.5x: {'met' if ratio <= 1.5 else 'NOT met'})")


if __name__ == "__main__":
    main()
