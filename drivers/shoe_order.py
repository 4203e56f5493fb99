"""The order of a shoe: N shuffled decks with the cut card placed among them.

An order is a list of *items*: card codes, ``CUT`` for the cut card and, in scripts and
recordings only, ``NR`` for a no-read. Shoe ``number`` of a seeded table is reproducible
from ``(seed, number)`` alone; without a seed the shuffle uses the operating system's
random source (``secrets.SystemRandom``). A shoe interrupted part-way can be continued from
the cards already dealt (``resume_position``, ``rest_of_shoe``).
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Sequence

from common.errors import UserError
from drivers.card_codes import ALL_CODES, CUT, CardCodeError, parse_card_code

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
    return rest_of_shoe(decks, (), rng, cut_from_end)


def rest_of_shoe(decks: int, dealt: Sequence[str], rng: random.Random,
                 cut_from_end: int | None = None, cut_seen: bool = False) -> list[str]:
    """The cards of a ``decks``-deck shoe that ``dealt`` has not taken, shuffled, with the cut
    card (unless ``cut_seen``) where it can still be: ``cut_from_end`` cards before the end,
    or at random among the places in the last deck not yet passed. With no card dealt this
    is ``build_shoe``."""
    full = [code for _ in range(decks) for code in ALL_CODES]
    order = items_left(full, dealt, cut_seen=False)
    fisher_yates(order, rng)
    if not cut_seen:
        if cut_from_end is None:
            # Not seen yet: it is among the cards left, so no further from the end than they.
            most = max(MIN_CARDS_AFTER_CUT, min(DECK_SIZE, len(order)))
            cut_from_end = rng.randint(MIN_CARDS_AFTER_CUT, most)
        order.insert(max(0, len(order) - cut_from_end), CUT)  # too few left: it is due now
    return order


def items_left(order: Sequence[str], dealt: Sequence[str], cut_seen: bool) -> list[str]:
    """``order`` less the cards ``dealt`` (each taken once, the first of its kind) and, if
    ``cut_seen``, the cut card; no-reads stay."""
    taken = Counter(dealt)
    taken[CUT] = int(cut_seen)
    left = []
    for item in order:
        if taken[item] > 0 and item != NO_READ:
            taken[item] -= 1
        else:
            left.append(item)
    return left


def resume_position(order: Sequence[str], dealt: Sequence[str], cut_seen: bool) -> int:
    """Where dealing continues in ``order`` once the cards ``dealt`` (in the order read) and,
    if ``cut_seen``, the cut card are out; ValueError says where ``order`` disagrees."""
    cards = [(index, item) for index, item in enumerate(order) if is_card(item)]
    if len(dealt) > len(cards):
        raise ValueError(f"{len(dealt)} cards dealt, the shoe holds {len(cards)}")
    for number, (code, (_, item)) in enumerate(zip(dealt, cards, strict=False), start=1):
        if code != item:
            raise ValueError(f"card {number} dealt was {code}, the shoe's card {number} is {item}")
    position = cards[len(dealt) - 1][0] + 1 if dealt else 0
    cut_at = order.index(CUT) if CUT in order else None
    if cut_at is None:
        if cut_seen:
            raise ValueError("the cut card came out, the shoe has none")
        return position
    next_card = cards[len(dealt)][0] if len(dealt) < len(cards) else len(order)
    if cut_seen and cut_at > next_card:
        raise ValueError(f"the cut card came out, the shoe has it after card {len(dealt) + 1}")
    if not cut_seen and cut_at < position:
        raise ValueError(f"the cut card did not come out, the shoe has it before card "
                         f"{len(dealt)}")
    return cut_at + 1 if cut_seen and cut_at >= position else position


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
