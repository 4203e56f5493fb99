"""The one settlement path: every offered bet's decision on a round, and the money it returns.

The table calls ``decide_round`` once per judged round and publishes the decisions in
``round_result`` (``RoundDecisions.event_fields``); ``settle`` turns the same decisions and a
stake per bet into the amounts handed back. So what the event stream says a bet won is what it
pays, and a bet closed by its cut-off round is never a winner.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal

from controller.game.bets import BET_RULES
from controller.game.outcome import RoundOutcome
from controller.game.profiles import Profile, Ratio

# "closed": the table took no bets on it this round (its cut-off round had passed).
BetOutcome = Literal["won", "lost", "pushed", "closed"]


@dataclass(frozen=True, slots=True)
class BetDecision:
    outcome: BetOutcome
    pay: Ratio | None = None  # what a win pays, after commission; None unless won


@dataclass(frozen=True)
class RoundDecisions:
    """The decision on every bet the profile offers (in its order) for one round of a shoe."""

    profile: Profile
    round_number: int
    bets: Mapping[str, BetDecision]

    def with_outcome(self, outcome: BetOutcome) -> list[str]:
        return [bet for bet, decision in self.bets.items() if decision.outcome == outcome]

    def event_fields(self) -> dict[str, Any]:
        """The settlement fields of ``round_result`` (docs/events.md)."""
        pays = {bet: str(decision.pay) for bet, decision in self.bets.items()
                if decision.pay is not None}
        return {
            "winning_bets": self.with_outcome("won"),
            "pushed_bets": self.with_outcome("pushed"),
            "pays": pays,
            "bets": {bet: {"outcome": decision.outcome, "pays": pays.get(bet)}
                     for bet, decision in self.bets.items()},
        }


def decide_round(profile: Profile, outcome: RoundOutcome, round_number: int,
                 also_closed: frozenset[str] = frozenset()) -> RoundDecisions:
    """Each bet of ``profile`` on ``outcome``, dealt as round ``round_number`` of its shoe;
    ``also_closed`` are bets closed for this round besides their cut-off (by surveillance)."""
    closed = profile.closed_bets(round_number) | also_closed
    decisions = {}
    for bet in profile.bets:
        if bet in closed:
            decisions[bet] = BetDecision("closed")
            continue
        result, pay_key = BET_RULES[bet].decide(outcome)
        if pay_key is None:
            decisions[bet] = BetDecision(result)
        elif profile.pushes(bet, pay_key):
            decisions[bet] = BetDecision("pushed")
        else:
            decisions[bet] = BetDecision(result, profile.pay(bet, pay_key))
    return RoundDecisions(profile, round_number, decisions)


def settle(round_decisions: RoundDecisions, stakes: Mapping[str, Decimal]) -> dict[str, Decimal]:
    """The amount handed back per bet for ``stakes`` (bet -> stake) on a decided round.

    Every stake is checked first (Profile.check_stakes: StakeError for a bet not offered or
    closed this round, a stake outside the limits), so a bad one settles nothing. A win returns
    the stake plus the winnings rounded down to the profile's minor unit (a 0.10 banker bet at
    0.95:1 wins 0.09 and returns 0.19); a push returns the stake; a loss returns 0.
    """
    profile = round_decisions.profile
    profile.check_stakes(stakes, round_decisions.round_number)
    return {bet: _returned(profile.minor_unit, round_decisions.bets[bet], stake)
            for bet, stake in stakes.items()}


def _returned(minor_unit: Decimal, decision: BetDecision, stake: Decimal) -> Decimal:
    if decision.outcome == "pushed":
        return stake.quantize(minor_unit)
    if decision.pay is None:
        return Decimal(0).quantize(minor_unit)
    units = math.floor(Fraction(stake) * decision.pay.value / Fraction(minor_unit))
    return (stake + units * minor_unit).quantize(minor_unit)
