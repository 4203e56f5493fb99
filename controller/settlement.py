"""Settling a round's bets: win, lose or push, and the amount handed back for each."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from controller.bets import BET_RULES, Result
from controller.outcome import RoundOutcome
from controller.profiles import Profile


@dataclass(frozen=True, slots=True)
class Settlement:
    bet: str
    stake: Decimal
    result: Result
    returned: Decimal  # stake plus winnings on a win, the stake on a push, 0 on a loss
    pays: str | None  # the pay applied to a win, as "x:y"


def settle(profile: Profile, outcome: RoundOutcome, stakes: Mapping[str, Decimal]
           ) -> dict[str, Settlement]:
    """Settle ``stakes`` (bet name -> stake) on ``outcome`` under ``profile``.

    Every stake is checked first (StakeError for a bet the table does not offer or a stake
    outside its limits), so a bad one settles nothing. Winnings are rounded down to the
    profile's minor unit: a 0.10 banker bet at 0.95:1 wins 0.09 and returns 0.19.
    """
    for bet, stake in stakes.items():
        profile.check_stake(bet, stake)
    return {bet: _settle_one(profile, outcome, bet, stake) for bet, stake in stakes.items()}


def _settle_one(profile: Profile, outcome: RoundOutcome, bet: str, stake: Decimal
                ) -> Settlement:
    result, pay_key = BET_RULES[bet].decide(outcome)
    if result == "push":
        return Settlement(bet, stake, result, stake, None)
    if pay_key is None:
        return Settlement(bet, stake, result, Decimal(0).quantize(profile.minor_unit), None)
    pay = profile.pay(bet, pay_key)
    units = math.floor(Fraction(stake) * pay.value / Fraction(profile.minor_unit))
    return Settlement(bet, stake, result, stake + units * profile.minor_unit, str(pay))
