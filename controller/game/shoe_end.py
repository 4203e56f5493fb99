"""Where a real shoe stops dealing: after the round in which the cut card came out.

The dealer plays the round the cut card falls in (or, if it comes out between rounds, the
round it comes before) to its end, then the cards left in the shoe are never dealt: the
shoe is reshuffled. Finding that end takes the third-card rule, which lives here in
``controller``; the shoe emulator (``drivers``, which may not import the rules) is handed
shoes already cut to it by ``ui/commands/emulate_shoe.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.game.cards import Card
from controller.game.rules import next_step
from drivers.card_codes import CUT
from drivers.shoe_order import NO_READ


def dealt_items(items: Sequence[str]) -> list[str]:
    """The part of a shoe's ``items`` (card codes, ``CUT``, ``NR``) a dealer deals: the reveal
    card, as many burn cards as it says, then rounds by the drawing rules until the round with
    the cut card is complete. No-reads stay where they are, before the card they precede.
    A shoe that runs out before that round is complete is returned whole."""
    burn_left: int | None = None  # None until the reveal card is out
    player: list[Card] = []
    banker: list[Card] = []
    cut_seen = False
    for index, item in enumerate(items):
        if item in (CUT, NO_READ):
            cut_seen = cut_seen or item == CUT
            continue
        card = Card(item)
        if burn_left is None:
            burn_left = card.burn_count
        elif burn_left > 0:
            burn_left -= 1
        else:
            hand = player if next_step(player, banker).startswith("player") else banker
            hand.append(card)
            if next_step(player, banker) == "complete":
                if cut_seen:
                    return list(items[: index + 1])
                player, banker = [], []
    return list(items)
