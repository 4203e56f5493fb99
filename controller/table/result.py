"""A round's ``round_result``: the hands, their outcome and every offered bet's settlement."""

from __future__ import annotations

from controller.events import facts
from controller.game.outcome import RoundOutcome
from controller.game.profiles import Profile
from controller.game.settlement import decide_round


def round_result(profile: Profile, outcome: RoundOutcome, round_number: int,
                 closed_by_exposure: frozenset[str]) -> facts.RoundResult:
    """Round ``round_number`` of a shoe under ``profile``, played with the bets surveillance
    had closed when its betting closed."""
    settled = decide_round(profile, outcome, round_number, closed_by_exposure).event_fields()
    return facts.RoundResult(
        player=tuple(card.code for card in outcome.player),
        banker=tuple(card.code for card in outcome.banker),
        player_total=outcome.player_total,
        banker_total=outcome.banker_total,
        winner=outcome.winner,
        player_pair=outcome.player_pair,
        banker_pair=outcome.banker_pair,
        player_natural=outcome.player_natural,
        banker_natural=outcome.banker_natural,
        natural=outcome.natural,
        banker_six_cards=len(outcome.banker) if outcome.banker_six else None,
        winning_bets=tuple(settled["winning_bets"]),
        pushed_bets=tuple(settled["pushed_bets"]),
        pays=settled["pays"],
        bets=settled["bets"],
    )
