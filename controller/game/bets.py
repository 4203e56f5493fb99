"""The bets a table can offer, and which of them a round's outcome wins.

Each bet is stated once, as data: the outcome events it wins on (one set of events per pay it
can receive) and the events on which the stake is returned. Settlement reads the events off a
RoundOutcome; the odds engine reads their probabilities off a shoe. Both use the same table, so
a bet cannot win one way at the table and another way in the odds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from controller.game.outcome import RoundOutcome

# Dragon Bonus pays a win without a natural by these margins (its pay keys "by_9" ... "by_4").
DRAGON_BONUS_MARGINS = (9, 8, 7, 6, 5, 4)


def _wins_by(side: str, margin: int) -> Callable[[RoundOutcome], bool]:
    """``side`` wins by ``margin`` points in a round without a natural."""
    return lambda o: o.winner == side and o.margin == margin and not (
        o.player_natural or o.banker_natural)


# Outcome events, by the names the odds report their probabilities under.
EVENTS: dict[str, Callable[[RoundOutcome], bool]] = {
    "banker": lambda o: o.winner == "banker",
    "player": lambda o: o.winner == "player",
    "tie": lambda o: o.winner == "tie",
    "player_pair": lambda o: o.player_pair,
    "banker_pair": lambda o: o.banker_pair,
    "any_pair": lambda o: o.player_pair or o.banker_pair,
    "player_natural": lambda o: o.player_natural,
    "banker_natural": lambda o: o.banker_natural,
    "banker_six_two_cards": lambda o: o.banker_six_two_cards,
    "banker_six_three_cards": lambda o: o.banker_six_three_cards,
    "banker_not_six": lambda o: o.winner == "banker" and not o.banker_six,
    # EZ Baccarat: Dragon 7 and Panda 8, and the banker win that is neither a six nor a Dragon.
    "banker_seven_three_cards": lambda o: o.banker_seven_three_cards,
    "player_eight_three_cards": lambda o: o.player_eight_three_cards,
    "banker_not_six_or_seven_three_cards": lambda o: (
        o.winner == "banker" and not o.banker_six and not o.banker_seven_three_cards),
    # Dragon Bonus: a side's win with a natural, a tie of naturals, a win by a margin without.
    "player_natural_win": lambda o: o.winner == "player" and o.player_natural,
    "banker_natural_win": lambda o: o.winner == "banker" and o.banker_natural,
    "natural_tie": lambda o: o.winner == "tie" and o.player_natural and o.banker_natural,
    **{
        f"{side}_wins_by_{margin}_no_natural": _wins_by(side, margin)
        for side in ("player", "banker") for margin in DRAGON_BONUS_MARGINS
    },
}

DEFAULT_PAY = "pays"
# A bet's decision on a round, in the words round_result publishes (docs/events.md).
Result = Literal["won", "lost", "pushed"]


@dataclass(frozen=True, slots=True)
class BetRule:
    """How one bet is decided.

    ``wins`` maps each pay key (the key a profile gives that pay under) to the events that
    earn it; the events of one bet never overlap, so at most one pay applies. A pay key listed
    in ``optional_pays`` may be left out of a profile, and then the bet's default pay applies.
    """

    name: str
    wins: tuple[tuple[str, tuple[str, ...]], ...]
    push: tuple[str, ...] = ()
    optional_pays: tuple[str, ...] = ()

    @property
    def pay_keys(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.wins)

    def decide(self, outcome: RoundOutcome) -> tuple[Result, str | None]:
        """``("won", pay key)``, ``("pushed", None)`` or ``("lost", None)`` for this outcome."""
        for key, events in self.wins:
            if any(EVENTS[event](outcome) for event in events):
                return "won", key
        if any(EVENTS[event](outcome) for event in self.push):
            return "pushed", None
        return "lost", None


_BANKER_SIX = ("banker_six_two_cards", "banker_six_three_cards")


def _dragon_bonus(side: str) -> BetRule:
    """Dragon Bonus on ``side``: pay key "natural" for a win with a natural, "by_N" for a win
    by N points without one; a tie of naturals is returned."""
    return BetRule(
        f"dragon_bonus_{side}",
        (
            ("natural", (f"{side}_natural_win",)),
            *((f"by_{margin}", (f"{side}_wins_by_{margin}_no_natural",))
              for margin in DRAGON_BONUS_MARGINS),
        ),
        push=("natural_tie",),
    )


BET_RULES: dict[str, BetRule] = {
    rule.name: rule
    for rule in (
        BetRule("player", ((DEFAULT_PAY, ("player",)),), push=("tie",)),
        # "six" is the no-commission half pay, "seven_three_cards" EZ Baccarat's push on a
        # Dragon 7; without them a banker six or Dragon 7 pays like any banker win.
        BetRule(
            "banker",
            (
                ("six", _BANKER_SIX),
                ("seven_three_cards", ("banker_seven_three_cards",)),
                (DEFAULT_PAY, ("banker_not_six_or_seven_three_cards",)),
            ),
            push=("tie",),
            optional_pays=("six", "seven_three_cards"),
        ),
        BetRule("tie", ((DEFAULT_PAY, ("tie",)),)),
        BetRule("player_pair", ((DEFAULT_PAY, ("player_pair",)),)),
        BetRule("banker_pair", ((DEFAULT_PAY, ("banker_pair",)),)),
        BetRule("any_pair", ((DEFAULT_PAY, ("any_pair",)),)),
        BetRule("small_tiger", ((DEFAULT_PAY, ("banker_six_two_cards",)),)),
        BetRule("big_tiger", ((DEFAULT_PAY, ("banker_six_three_cards",)),)),
        BetRule(
            "lucky_six",
            (
                ("two_cards", ("banker_six_two_cards",)),
                ("three_cards", ("banker_six_three_cards",)),
            ),
        ),
        BetRule("player_natural", ((DEFAULT_PAY, ("player_natural",)),)),
        BetRule("banker_natural", ((DEFAULT_PAY, ("banker_natural",)),)),
        BetRule("dragon_7", ((DEFAULT_PAY, ("banker_seven_three_cards",)),)),
        BetRule("panda_8", ((DEFAULT_PAY, ("player_eight_three_cards",)),)),
        *(_dragon_bonus(side) for side in ("player", "banker")),
    )
}
BET_NAMES: tuple[str, ...] = tuple(BET_RULES)
