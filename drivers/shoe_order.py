"""The order of a shoe: N shuffled decks with the cut card placed among them.

An order is a list of *items*: card codes, ``CUT`` for the cut card and, in scripts and
recordings only, ``NR`` for a no-read. Shoe ``number`` of a seeded table is reproducible
from ``(seed, number)`` alone; without a seed the shuffle uses the operating system's
random source (``secrets.SystemRandom``).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from drivers.card_codes import ALL_CODES, CardCodeError, parse_card_code
from drivers.errors import UserError

CUT = "CUT"
NO_READ = "NR"
DECK_SIZE = len(ALL_CODES)
# The most cards one round can need: a cut card placed closer to the end could leave the
# last round short.
MIN_CARDS_AFTER_CUT = 6


def check_cut(cut_from_end: int, decks: int, name: str = "cut") -> None:
    """Raise UserError saying why a cut card ``cut_from_end`` cards from the end of a
    ``decks``-deck shoe is impossible, or cannot let the last round complete; ``name`` is
    what the message calls the setting (``cut``, ``--cut``)."""
    if cut_from_end > decks * DECK_SIZE:
        raise UserError(
            f"{name} {cut_from_end}: a {decks}-deck shoe has {decks * DECK_SIZE} cards"
        )
    if cut_from_end < MIN_CARDS_AFTER_CUT:
        raise UserError(
            f"{name} {cut_from_end}: the cut card must be at least {MIN_CARDS_AFTER_CUT} cards "
            f"from the end (the last round needs up to {MIN_CARDS_AFTER_CUT} cards after it)"
        )


def shoe_random(seed: int | None, number: int, purpose: str = "shuffle") -> random.Random:
    """The generator for one shoe: reproducible from (seed, number, purpose) when seeded."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(f"{seed}:{number}:{purpose}")


def fisher_yates(items: list[str], rng: random.Random) -> None:
    """Shuffle ``items`` in place, every order equally likely."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randrange(i + 1)
        items[i], items[j] = items[j], items[i]


def build_shoe(decks: int, rng: random.Random, cut_from_end: int | None = None) -> list[str]:
    """A shuffled shoe with the cut card ``cut_from_end`` cards before the end, or at a
    random place in the last deck that leaves at least a round's worth of cards after it."""
    order = [code for _ in range(decks) for code in ALL_CODES]
    fisher_yates(order, rng)
    if cut_from_end is None:
        cut_from_end = rng.randint(MIN_CARDS_AFTER_CUT, DECK_SIZE)
    order.insert(len(order) - cut_from_end, CUT)
    return order


def parse_items(texts: Sequence[str], where: Sequence[str] | None = None) -> list[str]:
    """Canonical items from texts (card codes, CUT, NR); ``where`` names each text's place
    for the error message (``file:line``)."""
    items = []
    for index, text in enumerate(texts):
        upper = text.strip().upper()
        if upper in (CUT, NO_READ):
            items.append(upper)
            continue
        try:
            items.append(parse_card_code(text))
        except CardCodeError as error:
            place = where[index] if where else f"item {index + 1}"
            raise UserError(f"{place}: {error} (or CUT, NR)") from None
    return items


def is_card(item: str) -> bool:
    return item not in (CUT, NO_READ)
