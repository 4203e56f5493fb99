"""The outcome of a complete round: who won, with what, and the side-bet facts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from controller.game.cards import Card
from controller.game.rules import hand_total, is_natural, is_pair, next_step

Winner = Literal["player", "banker", "tie"]


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int
    banker_total: int
    winner: Winner
    player_pair: bool
    banker_pair: bool
    player_natural: bool
    banker_natural: bool

    @property
    def banker_six(self) -> bool:
        """Banker won with a total of 6 (Small/Big Tiger, Lucky Six, no-commission half pay)."""
        return self.winner == "banker" and self.banker_total == 6

    @property
    def banker_six_two_cards(self) -> bool:
        return self.banker_six and len(self.banker) == 2

    @property
    def banker_six_three_cards(self) -> bool:
        return self.banker_six and len(self.banker) == 3

    @property
    def banker_seven_three_cards(self) -> bool:
        """Banker won with 7 on three cards: EZ Baccarat's Dragon 7."""
        return self.winner == "banker" and self.banker_total == 7 and len(self.banker) == 3

    @property
    def player_eight_three_cards(self) -> bool:
        """Player won with 8 on three cards: EZ Baccarat's Panda 8."""
        return self.winner == "player" and self.player_total == 8 and len(self.player) == 3

    @property
    def margin(self) -> int:
        """How many points the winner won by (0 on a tie)."""
        return abs(self.player_total - self.banker_total)

    @property
    def natural(self) -> bool:
        """The winning side won with a natural (as the roads mark it)."""
        return (self.winner == "player" and self.player_natural) or (
            self.winner == "banker" and self.banker_natural
        )


def judge_round(player: Sequence[Card], banker: Sequence[Card]) -> RoundOutcome:
    """The outcome of a round whose cards the rules say are complete; raises ValueError if the
    round still needs a card or holds one the rules did not give."""
    step = next_step(player, banker)
    if step != "complete":
        raise ValueError(f"round is not complete: {step} is still to come")
    player_total, banker_total = hand_total(player), hand_total(banker)
    if player_total > banker_total:
        winner: Winner = "player"
    elif banker_total > player_total:
        winner = "banker"
    else:
        winner = "tie"
    return RoundOutcome(
        player=tuple(player),
        banker=tuple(banker),
        player_total=player_total,
        banker_total=banker_total,
        winner=winner,
        player_pair=is_pair(player),
        banker_pair=is_pair(banker),
        player_natural=is_natural(player),
        banker_natural=is_natural(banker),
    )
