"""The chance that two independently shuffled shoes share a carried run of a given length by
chance alone (docs/surveillance.md, "The chance of a carried run").

Two shoes of ``n`` and ``m`` cards: a run of ``L`` starts at a pair of positions (i, j) when
the cards match there and at the L - 1 after, and not at the pair before. In a shuffled shoe
every position holds each of the 52 codes with chance 1/52, so a match has chance p = 1/52,
and a run of at least L starting at a given pair about (1 - p) p^L. Such runs are rare and
nearly independent, so their number is Poisson (the Chen-Stein / Arratia-Waterman law of the
longest common substring) with mean lambda = directions x shoes x (n-L+1)(m-L+1)(1-p)p^L, and
the chance of at least one is 1 - exp(-lambda).
"""

from __future__ import annotations

import math

MATCH = 1 / 52  # the chance two cards in independent shuffles are the same code


def carried_run_chance(cards: int, shoe_cards: int, earlier_cards: int, shoes: int,
                       directions: int = 2) -> float:
    """The chance of a run of ``cards`` or more between a shoe of ``shoe_cards`` dealt and any
    of ``shoes`` earlier shoes of ``earlier_cards``, in either of ``directions``."""
    pairs = max(shoe_cards - cards + 1, 0) * max(earlier_cards - cards + 1, 0)
    mean = directions * shoes * pairs * (1 - MATCH) * MATCH ** cards
    return -math.expm1(-mean)
