"""Punto banco drawing rules: totals, naturals, pairs, and which card comes next.

Everything here is a pure function of the cards dealt so far, so the state machine, the odds
engine and the tests share one statement of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from controller.game.cards import Card

Position = Literal["player1", "banker1", "player2", "banker2", "player3", "banker3"]
NextStep = Literal["player1", "banker1", "player2", "banker2", "player3", "banker3", "complete"]
INITIAL_DEAL: tuple[Position, ...] = ("player1", "banker1", "player2", "banker2")
POSITIONS: tuple[Position, ...] = (*INITIAL_DEAL, "player3", "banker3")
PLAYER_POSITIONS: tuple[Position, ...] = ("player1", "player2", "player3")


def hand_total(hand: Sequence[Card]) -> int:
    """Sum of the card values, mod 10."""
    return sum(card.points for card in hand) % 10


def is_natural(hand: Sequence[Card]) -> bool:
    """An 8 or 9 on the first two cards."""
    return hand_total(hand[:2]) >= 8


def is_pair(hand: Sequence[Card]) -> bool:
    """The first two cards share a rank (two Kings; a King and a Queen is not a pair)."""
    return len(hand) >= 2 and hand[0].rank == hand[1].rank


def player_draws(player_total: int) -> bool:
    """Player draws on 0-5 and stands on 6-7 (8-9 never reach this: the deal ended)."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Whether Banker draws, given its two-card total and Player's third card value (None if
    Player stood)."""
    if player_third is None:
        return banker_total <= 5
    if banker_total <= 2:
        return True
    if banker_total == 3:
        return player_third != 8
    if banker_total == 4:
        return 2 <= player_third <= 7
    if banker_total == 5:
        return 4 <= player_third <= 7
    if banker_total == 6:
        return player_third in (6, 7)
    return False


def either_natural(player: Sequence[Card], banker: Sequence[Card]) -> bool:
    return is_natural(player) or is_natural(banker)


def player_third_due(player: Sequence[Card], banker: Sequence[Card]) -> bool:
    """After the first four cards: Player takes a third card (judged on its first two)."""
    return not either_natural(player, banker) and player_draws(hand_total(player[:2]))


def banker_third_due(player: Sequence[Card], banker: Sequence[Card]) -> bool:
    """After Player's turn: Banker takes a third card (judged on Banker's first two cards)."""
    if either_natural(player, banker):
        return False
    player_third = player[2].points if len(player) == 3 else None
    return banker_draws(hand_total(banker[:2]), player_third)


def next_step(player: Sequence[Card], banker: Sequence[Card]) -> NextStep:
    """Which card the round needs next, given the cards dealt so far, or ``complete``.

    Raises ValueError for a card layout the rules cannot produce.
    """
    dealt = len(player) + len(banker)
    if dealt < 4:
        expected = INITIAL_DEAL[dealt]
        if (len(player), len(banker)) != ((dealt + 1) // 2, dealt // 2):
            raise ValueError(f"cards out of deal order: player {len(player)}, banker {len(banker)}")
        return expected
    if len(player) == 2 and len(banker) == 2:
        if player_third_due(player, banker):
            return "player3"
        return "banker3" if banker_third_due(player, banker) else "complete"
    if len(player) == 3 and len(banker) == 2:
        if not player_third_due(player, banker):
            raise ValueError("player has a third card the rules did not give")
        return "banker3" if banker_third_due(player, banker) else "complete"
    if len(banker) == 3 and len(player) in (2, 3):
        expected_player = 3 if player_third_due(player, banker) else 2
        if len(player) != expected_player or not banker_third_due(player, banker):
            raise ValueError("banker has a third card the rules did not give")
        return "complete"
    raise ValueError(f"impossible round: player {len(player)} cards, banker {len(banker)} cards")
