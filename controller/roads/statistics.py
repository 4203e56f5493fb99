"""Win, natural, tie and pair counts over a sliding window of the last hands."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from controller.roads.hand import Hand

STAT_KEYS = (
    "player",
    "player_natural",
    "banker",
    "banker_natural",
    "tie",
    "player_pair",
    "banker_pair",
)
DEFAULT_WINDOW = 200
CENT = Decimal("0.01")


def hand_counts(hand: Hand) -> tuple[int, ...]:
    """What one hand adds to each count, in STAT_KEYS order."""
    return (
        hand.winner == "player",
        hand.player_natural_win,
        hand.winner == "banker",
        hand.banker_natural_win,
        hand.winner == "tie",
        hand.player_pair,
        hand.banker_pair,
    )


def percent(count: int, hands: int) -> float:
    """count as a percentage of hands, rounded half up to 2 decimals (0.0 with no hands)."""
    if hands == 0:
        return 0.0
    return float((Decimal(count * 100) / hands).quantize(CENT, ROUND_HALF_UP))


@dataclass(frozen=True, slots=True)
class Stats:
    hands: int
    counts: dict[str, int]

    def percent(self, key: str) -> float:
        return percent(self.counts[key], self.hands)

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {"hands": self.hands}
        for key in STAT_KEYS:
            result[key] = {"count": self.counts[key], "percent": self.percent(key)}
        return result


class Statistics:
    """Running counts over the last ``window`` hands: O(1) a hand."""

    def __init__(self, window: int = DEFAULT_WINDOW) -> None:
        if window < 1:
            raise ValueError(f"the statistics window must hold at least 1 hand, got {window}")
        self.window = window
        self._recent: deque[tuple[int, ...]] = deque()
        self._counts = [0] * len(STAT_KEYS)

    def add(self, hand: Hand) -> None:
        added = hand_counts(hand)
        self._recent.append(added)
        counts = self._counts
        if len(self._recent) > self.window:
            dropped = self._recent.popleft()
            for i, (new, old) in enumerate(zip(added, dropped, strict=True)):
                counts[i] += new - old
        else:
            for i, new in enumerate(added):
                counts[i] += new

    def stats(self) -> Stats:
        return Stats(len(self._recent), dict(zip(STAT_KEYS, self._counts, strict=True)))
