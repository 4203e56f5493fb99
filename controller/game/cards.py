"""Cards and the shoe they come from, built on the wire format's card codes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from common.errors import UserError
from drivers.card_codes import ALL_CODES, RANKS, parse_card_code

# Baccarat points by rank: A=1, 2-9 face value, T J Q K = 0.
RANK_POINTS = {rank: (index + 1) % 10 if index < 9 else 0 for index, rank in enumerate(RANKS)}
MIN_DECKS, MAX_DECKS = 1, 8


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, held by its canonical code (``"AS"``, ``"TH"``)."""

    code: str

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card code in any accepted spelling; raises CardCodeError quoting it."""
        return cls(parse_card_code(text))

    @property
    def rank(self) -> str:
        return self.code[0]

    @property
    def suit(self) -> str:
        return self.code[1]

    @property
    def points(self) -> int:
        """The card's baccarat value, 0-9."""
        return RANK_POINTS[self.rank]

    @property
    def burn_count(self) -> int:
        """How many cards this card burns when revealed at a new shoe (10 for a ten or picture)."""
        return self.points or 10

    def __str__(self) -> str:
        return self.code


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from codes, given as one blank-separated string or as an iterable of codes."""
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(code) for code in codes]


class ShoeError(UserError):
    """A card the shoe cannot hold, or a shoe that cannot exist."""


class ShoeComposition:
    """What is left in a shoe of ``decks`` decks: every card removed is tracked.

    Removing a card the shoe no longer holds (a ninth A♠ from 8 decks) raises ShoeError
    naming the card, so a misread or a foreign card can never pass silently.
    """

    def __init__(self, decks: int = 8, removed: Iterable[Card] = ()) -> None:
        if not MIN_DECKS <= decks <= MAX_DECKS:
            raise ShoeError(f"a shoe holds {MIN_DECKS} to {MAX_DECKS} decks, not {decks}")
        self.decks = decks
        self._remaining = Counter({code: decks for code in ALL_CODES})
        for card in removed:
            self.remove(card)

    def remove(self, card: Card) -> None:
        """Take ``card`` out of the shoe; raises ShoeError when no such card is left."""
        if self._remaining[card.code] == 0:
            raise ShoeError(
                f"card {card.code} cannot come from this shoe: all {self.decks} "
                f"{card.code} of {self.decks} deck(s) are already out"
            )
        self._remaining[card.code] -= 1

    def holds(self, card: Card) -> bool:
        """True when at least one ``card`` is still in the shoe."""
        return self._remaining[card.code] > 0

    def count(self, card: Card) -> int:
        return self._remaining[card.code]

    @property
    def cards_left(self) -> int:
        return sum(self._remaining.values())

    def points_counts(self) -> list[int]:
        """How many cards of each baccarat value 0-9 are left."""
        counts = [0] * 10
        for code, left in self._remaining.items():
            counts[RANK_POINTS[code[0]]] += left
        return counts

    def rank_counts(self) -> dict[str, int]:
        """How many cards of each rank are left, keyed A..K."""
        counts = dict.fromkeys(RANKS, 0)
        for code, left in self._remaining.items():
            counts[code[0]] += left
        return counts
