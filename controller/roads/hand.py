"""One hand as the roads see it: who won, the pairs, whether the winner had a natural, and the
EZ Baccarat badge (Dragon 7, Panda 8) on a table that offers that bet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from common.errors import UserError
from controller.game.bets import BET_RULES
from controller.game.cards import cards
from controller.game.outcome import RoundOutcome, Winner, judge_round

WINNERS: tuple[Winner, ...] = ("banker", "player", "tie")
FLAGS = ("player_pair", "banker_pair", "natural")
# The bets whose winning hands the roads mark with a badge, as live EZ tables do.
Badge = Literal["dragon_7", "panda_8"]
BADGES: tuple[Badge, ...] = ("dragon_7", "panda_8")


class RoundFields(Protocol):
    """What the roads read of a ``round_result`` (controller.events.facts.RoundResult, which
    the roads sit below and do not import)."""

    @property
    def winner(self) -> Winner: ...
    @property
    def player(self) -> Sequence[str]: ...
    @property
    def banker(self) -> Sequence[str]: ...
    @property
    def player_pair(self) -> bool: ...
    @property
    def banker_pair(self) -> bool: ...
    @property
    def natural(self) -> bool: ...
    @property
    def bets(self) -> Mapping[str, object]: ...


@dataclass(frozen=True, slots=True)
class Hand:
    winner: Winner
    player_pair: bool = False
    banker_pair: bool = False
    # The winning side won with a natural; never set by a tie from a real round.
    natural: bool = False
    badge: Badge | None = None

    @property
    def player_natural_win(self) -> bool:
        return self.winner == "player" and self.natural

    @property
    def banker_natural_win(self) -> bool:
        return self.winner == "banker" and self.natural

    @classmethod
    def from_outcome(cls, outcome: RoundOutcome) -> Hand:
        return cls(outcome.winner, outcome.player_pair, outcome.banker_pair, outcome.natural)

    @classmethod
    def from_round_result(cls, result: RoundFields) -> Hand:
        """The hand a ``round_result`` describes; badged when the table offers the bet its
        cards win (whether or not that bet was open this round)."""
        badges = [bet for bet in BADGES if bet in result.bets]
        badge = None
        if badges:
            outcome = judge_round(cards(result.player), cards(result.banker))
            badge = next((bet for bet in badges if BET_RULES[bet].decide(outcome)[0] == "won"),
                         None)
        return cls(result.winner, result.player_pair, result.banker_pair, result.natural, badge)

    @classmethod
    def from_json(cls, data: Any, where: str = "hand") -> Hand:
        """A hand from its interchange object; UserError naming ``where`` and the key if wrong."""
        if not isinstance(data, dict):
            raise UserError(f"{where}: expected an object, got {json_type(data)}")
        unknown = sorted(set(data) - {"winner", *FLAGS})
        if unknown:
            raise UserError(f"{where}: unknown key {unknown[0]!r}")
        if "winner" not in data:
            raise UserError(f"{where}: missing key 'winner'")
        winner = data["winner"]
        if winner not in WINNERS:
            raise UserError(
                f'{where}: \'winner\' must be "banker", "player" or "tie", got {winner!r}'
            )
        flags = {}
        for key in FLAGS:
            value = data.get(key, False)
            if not isinstance(value, bool):
                raise UserError(f"{where}: {key!r} must be true or false, got {value!r}")
            flags[key] = value
        return cls(winner, flags["player_pair"], flags["banker_pair"], flags["natural"])

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "player_pair": self.player_pair,
            "banker_pair": self.banker_pair,
            "natural": self.natural,
        }


def json_type(value: Any) -> str:
    """The JSON name of a parsed value's type, for error messages."""
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")
