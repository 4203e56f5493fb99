"""One hand as the roads see it: who won, the pairs, and whether the winner had a natural."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from controller.game.outcome import RoundOutcome
from drivers.errors import UserError

Winner = Literal["player", "banker", "tie"]
WINNERS: tuple[Winner, ...] = ("banker", "player", "tie")
FLAGS = ("player_pair", "banker_pair", "natural")


@dataclass(frozen=True, slots=True)
class Hand:
    winner: Winner
    player_pair: bool = False
    banker_pair: bool = False
    # The winning side won with a natural; never set by a tie from a real round.
    natural: bool = False

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
        return cls(winner, **flags)

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
