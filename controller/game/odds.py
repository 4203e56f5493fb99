"""Exact odds of one round dealt from a known shoe: no simulation, integer arithmetic only.

How it stays fast. Cards leave the shoe without replacement, so every ordering of the same
values is equally likely: the chance of a round whose cards have values forming the multiset M
(value v taken m_v times, k cards in all) is  prod_v c_v (c_v - 1) ... (c_v - m_v + 1) / N^(k)
for c_v cards of value v among N, where N^(k) = N (N - 1) ... (N - k + 1). So each outcome's
probability is a fixed integer combination of these falling products over the 7,722 multisets of
4, 5 or 6 values. The combination (how many orderings of M play out as a player win, a tie, a
banker six on three cards, ...) does not depend on the shoe; it is worked out once by playing
the rules over card values. Each analysis then only builds the falling products, one multiply
per multiset, and takes dot products. Pairs depend on ranks, not values, and only on the first
four cards, so they are counted over the rank counts directly.

Exact: tests/test_odds.py checks every probability against odds_reference, a plain walk over
every ordered card sequence.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from operator import itemgetter, mul
from typing import Any

from controller.game.bets import BET_RULES, DRAGON_BONUS_MARGINS, EVENTS
from controller.game.cards import MAX_DECKS, ShoeComposition, ShoeError
from controller.game.profiles import Profile
from controller.game.rules import banker_draws, player_draws

MAX_ROUND_CARDS = 6
# Events whose probability is read off the value multisets; the rest follow from these.
_DRAWN = (
    "player", "tie", "banker_six_two_cards", "banker_six_three_cards",
    "banker_seven_three_cards", "player_eight_three_cards",
    "player_natural_win", "banker_natural_win", "natural_tie",
    *(f"{side}_wins_by_{margin}_no_natural"
      for side in ("player", "banker") for margin in DRAGON_BONUS_MARGINS),
)
# Each multiset's orderings for every drawn event are packed into one integer, event j in bits
# SLOT_BITS * j and up, so one dot product per size counts them all. A slot never overflows:
# summed over the multisets of one size s, an event's orderings times the falling products is
# at most the N (N - 1) ... (N - s + 1) ordered ways to deal s cards, below 2 ** SLOT_BITS.
SLOT_BITS = ((MAX_DECKS * 52) ** MAX_ROUND_CARDS).bit_length()


def falling(n: int, k: int) -> int:
    """n (n - 1) ... (n - k + 1): ordered ways to take k cards from n."""
    product = 1
    for i in range(k):
        product *= n - i
    return product


def require_round(cards_left: int) -> None:
    if cards_left < MAX_ROUND_CARDS:
        raise ShoeError(
            f"the odds need at least {MAX_ROUND_CARDS} cards left in the shoe "
            f"(a round may take that many); {cards_left} are left"
        )


@dataclass(frozen=True)
class _Tables:
    """Shoe-independent set-up: the multisets of card values by size, and per size how many
    orderings of each multiset make a round with each drawn event (packed, SLOT_BITS)."""

    # Per size s >= 1: getters picking, for each multiset, its parent (one value fewer) from
    # the level below and its new factor (c_v - m, m = copies of v already in the parent).
    parents: tuple[itemgetter[Any], ...]
    factors: tuple[itemgetter[Any], ...]
    # (size, packed orderings of each multiset of that size), for the sizes a round can have.
    packed: tuple[tuple[int, tuple[int, ...]], ...]
    # Orderings of each two-value multiset whose two cards make a natural.
    naturals: tuple[int, ...]


@cache
def _tables() -> _Tables:
    levels: list[list[tuple[int, ...]]] = [[()]]
    parents, factors = [], []
    for _size in range(MAX_ROUND_CARDS):
        level, parent_of, factor_of = [], [], []
        for parent_index, parent in enumerate(levels[-1]):
            for value in range(parent[-1] if parent else 0, 10):
                level.append((*parent, value))
                parent_of.append(parent_index)
                factor_of.append(value * (MAX_ROUND_CARDS + 1) + parent.count(value))
        levels.append(level)
        parents.append(itemgetter(*parent_of))
        factors.append(itemgetter(*factor_of))
    index = [{multiset: i for i, multiset in enumerate(level)} for level in levels]
    packed = [[0] * len(level) for level in levels]
    slot = {event: SLOT_BITS * j for j, event in enumerate(_DRAWN)}
    for values, orderings, events in _rounds_by_value():
        row = index[len(values)][tuple(sorted(values))]
        for event in events:
            packed[len(values)][row] += orderings << slot[event]
    naturals = [0] * len(levels[2])
    for first in range(10):
        for second in range(first, 10):
            if (first + second) % 10 >= 8:
                naturals[index[2][(first, second)]] = 1 if first == second else 2
    return _Tables(
        parents=tuple(parents),
        factors=tuple(factors),
        packed=tuple((size, tuple(by_size)) for size, by_size in enumerate(packed)
                     if any(by_size)),
        naturals=tuple(naturals),
    )


def _rounds_by_value() -> Iterator[tuple[tuple[int, ...], int, tuple[str, ...]]]:
    """Every round as card values: (values, orderings, drawn events it has). Player's two cards
    and banker's two are taken as unordered pairs, counted twice when the two values differ."""
    for p1 in range(10):
        for p2 in range(p1, 10):
            for b1 in range(10):
                for b2 in range(b1, 10):
                    orderings = (1 if p1 == p2 else 2) * (1 if b1 == b2 else 2)
                    for extra, events in _third_cards((p1 + p2) % 10, (b1 + b2) % 10):
                        yield (p1, p2, b1, b2, *extra), orderings, events


def _third_cards(player: int, banker: int) -> Iterator[tuple[tuple[int, ...], tuple[str, ...]]]:
    """(third-card values, events) for every way a round with these two-card totals ends."""
    if player >= 8 or banker >= 8:
        yield (), _natural_events(player, banker)
    elif player_draws(player):
        for third in range(10):
            total = (player + third) % 10
            if banker_draws(banker, third):
                for banker_third in range(10):
                    yield (third, banker_third), _events(
                        total, (banker + banker_third) % 10, 3, 3)
            else:
                yield (third,), _events(total, banker, 3, 2)
    elif banker_draws(banker, None):
        for banker_third in range(10):
            yield (banker_third,), _events(player, (banker + banker_third) % 10, 2, 3)
    else:
        yield (), _events(player, banker, 2, 2)


def _natural_events(player: int, banker: int) -> tuple[str, ...]:
    """The drawn events of a round that a natural ended on the first four cards: the winner
    (or both sides, on a tie) has the natural."""
    if player > banker:
        return ("player", "player_natural_win")
    if player == banker:
        return ("tie", "natural_tie")
    return (*_banker_events(banker, 2), "banker_natural_win")


def _events(player: int, banker: int, player_cards: int, banker_cards: int
            ) -> tuple[str, ...]:
    """The drawn events of a round without a natural, from its totals and hands' sizes."""
    if player == banker:
        return ("tie",)
    winner = "player" if player > banker else "banker"
    margin = abs(player - banker)
    by_margin = (f"{winner}_wins_by_{margin}_no_natural",) if (
        margin in DRAGON_BONUS_MARGINS) else ()
    if winner == "player":
        eight = ("player_eight_three_cards",) if player == 8 and player_cards == 3 else ()
        return ("player", *eight, *by_margin)
    return (*_banker_events(banker, banker_cards), *by_margin)


def _banker_events(banker: int, banker_cards: int) -> tuple[str, ...]:
    """The drawn events of a banker win with ``banker`` on ``banker_cards`` cards."""
    if banker == 6:
        return ("banker_six_two_cards",) if banker_cards == 2 else ("banker_six_three_cards",)
    if banker == 7 and banker_cards == 3:
        return ("banker_seven_three_cards",)
    return ()


def event_probabilities(shoe: ShoeComposition) -> dict[str, Fraction]:
    """The exact probability of every outcome event (bets.EVENTS) for the next round."""
    values = shoe.points_counts()
    cards_left = sum(values)
    require_round(cards_left)
    tables = _tables()
    factor_table = [count - taken for count in values for taken in range(MAX_ROUND_CARDS + 1)]
    products: list[tuple[int, ...]] = [(1,)]
    for parents, factors in zip(tables.parents, tables.factors, strict=True):
        products.append(tuple(map(mul, parents(products[-1]), factors(factor_table))))
    # Bring every size to the common denominator N^(6): a k-card round leaves 6 - k positions.
    tails = [falling(cards_left - size, MAX_ROUND_CARDS - size) for size in range(7)]
    denominator = falling(cards_left, MAX_ROUND_CARDS)
    sums = [(sum(map(mul, packed, products[size])), tails[size])
            for size, packed in tables.packed]
    slot_mask = (1 << SLOT_BITS) - 1
    drawn = {
        event: Fraction(sum((total >> (SLOT_BITS * j) & slot_mask) * tail
                            for total, tail in sums), denominator)
        for j, event in enumerate(_DRAWN)
    }
    banker = 1 - drawn["player"] - drawn["tie"]
    banker_six = drawn["banker_six_two_cards"] + drawn["banker_six_three_cards"]
    natural = Fraction(sum(map(mul, tables.naturals, products[2])) * tails[2], denominator)
    found = {
        **drawn,
        "banker": banker,
        "banker_not_six": banker - banker_six,
        "banker_not_six_or_seven_three_cards":
            banker - banker_six - drawn["banker_seven_three_cards"],
        # Every card is equally likely at every position, so both sides are alike here.
        "player_natural": natural,
        "banker_natural": natural,
        **pair_probabilities(list(shoe.rank_counts().values())),
    }
    return {event: found[event] for event in EVENTS}


def pair_probabilities(rank_counts: list[int]) -> dict[str, Fraction]:
    """Pairs by rank on the first two cards of each side; the drawing never changes them."""
    cards_left = sum(rank_counts)
    pairs = [count * (count - 1) for count in rank_counts]
    one_side = Fraction(sum(pairs), falling(cards_left, 2))
    both = Fraction(
        sum(falling(count, 4) for count in rank_counts) + sum(pairs) ** 2
        - sum(pair * pair for pair in pairs),
        falling(cards_left, 4),
    )
    return {"player_pair": one_side, "banker_pair": one_side, "any_pair": 2 * one_side - both}


@dataclass(frozen=True)
class BetOdds:
    wins: Fraction  # probability the bet wins
    pushes: Fraction  # probability the stake comes back
    rtp: Fraction  # expected amount back per unit staked, at the profile's exact pays


@dataclass(frozen=True)
class Odds:
    cards_left: int
    probabilities: dict[str, Fraction]
    bets: dict[str, BetOdds]


def bet_odds(profile: Profile, probabilities: dict[str, Fraction]) -> dict[str, BetOdds]:
    """Win chance and return to player of each bet ``profile`` offers (before the rounding
    of single payouts to the minor unit)."""
    result = {}
    for bet in profile.bets:
        rule = BET_RULES[bet]
        wins = rtp = Fraction(0)
        pushes = sum((probabilities[event] for event in rule.push), Fraction(0))
        for pay_key, events in rule.wins:
            chance = sum((probabilities[event] for event in events), Fraction(0))
            if profile.pushes(bet, pay_key):
                pushes += chance
            else:
                wins += chance
                rtp += chance * (1 + profile.pay(bet, pay_key).value)
        result[bet] = BetOdds(wins=wins, pushes=pushes, rtp=rtp + pushes)
    return result


# The outcomes of every round, whatever the game (docs/odds.md, "Output").
ROUND_EVENTS = ("banker", "player", "tie", "player_pair", "banker_pair", "any_pair",
                "player_natural", "banker_natural", "banker_six_two_cards",
                "banker_six_three_cards", "banker_not_six")


def profile_events(profile: Profile) -> list[str]:
    """The outcomes worth showing for ``profile``: those of every round, and those a pay of
    its bets turns on (an optional pay, EZ banker's Dragon 7, only when the profile names it;
    without it that bet pays its plain win)."""
    shown = set(ROUND_EVENTS)
    for bet, terms in profile.bets.items():
        rule = BET_RULES[bet]
        named = {*terms.pays, *terms.pushes}
        for key, events in rule.wins:
            if key in named and (key in rule.optional_pays or not rule.optional_pays):
                shown.update(events)
        shown.update(rule.push)
    return [event for event in EVENTS if event in shown]


def analyse(shoe: ShoeComposition, profile: Profile) -> Odds:
    """Exact odds of the next round from ``shoe`` for the bets of ``profile``."""
    probabilities = event_probabilities(shoe)
    return Odds(shoe.cards_left, probabilities, bet_odds(profile, probabilities))
