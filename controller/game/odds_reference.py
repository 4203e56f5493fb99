"""The plain, slow statement of the odds, kept to check the fast engine in controller.game.odds.

It deals every ordered sequence of ranks the shoe can give, card by card as the rules ask
for them (controller.game.rules.next_step), judges each finished round with
controller.game.outcome and reads the events off it with controller.game.bets. A sequence is
weighted by the number of ordered ways to take its cards from the shoe, so the sums are exact
integers. Thousands of times slower than
the fast engine: meant for small shoes in tests.
"""

from __future__ import annotations

from fractions import Fraction

from controller.game.bets import EVENTS
from controller.game.cards import Card, ShoeComposition
from controller.game.odds import MAX_ROUND_CARDS, falling, require_round
from controller.game.outcome import judge_round
from controller.game.rules import next_step


def reference_event_probabilities(shoe: ShoeComposition) -> dict[str, Fraction]:
    """The exact probability of every event in bets.EVENTS, by walking every round."""
    left = shoe.rank_counts()
    cards_left = shoe.cards_left
    require_round(cards_left)
    # Suits never matter to the outcome: one card stands for its rank.
    card_of = {rank: Card.parse(rank + "S") for rank in left}
    totals = dict.fromkeys(EVENTS, 0)

    def deal(player: list[Card], banker: list[Card], ways: int) -> None:
        step = next_step(player, banker)
        if step == "complete":
            outcome = judge_round(player, banker)
            dealt = len(player) + len(banker)
            # Fill the positions this round did not use, so every round counts 6-card orders.
            weight = ways * falling(cards_left - dealt, MAX_ROUND_CARDS - dealt)
            for event, happened in EVENTS.items():
                if happened(outcome):
                    totals[event] += weight
            return
        for rank, count in left.items():
            if count:
                left[rank] -= 1
                card = card_of[rank]
                if step.startswith("player"):
                    deal([*player, card], banker, ways * count)
                else:
                    deal(player, [*banker, card], ways * count)
                left[rank] += 1

    deal([], [], 1)
    denominator = falling(cards_left, MAX_ROUND_CARDS)
    return {event: Fraction(total, denominator) for event, total in totals.items()}
