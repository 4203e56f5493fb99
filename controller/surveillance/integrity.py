"""Shoe integrity: a shoe's dealt order against the earlier shoes' (docs/surveillance.md,
"Shoe integrity"). A false shuffle or a slug carries a block of the last shoe's cards into this
one in the same order (or reversed, as a discard rack turned over gives); a replayed pack
repeats a whole shoe; a stacked one may hold more of a card than the decks do.

Each earlier shoe's positions are indexed by card, so a card extends the runs ending at the
last card in a few dictionary steps (8 copies of a card in 8 decks): no search over the shoe.
"""

from __future__ import annotations

from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field

from controller.events import facts
from controller.events.codec import encode
from controller.game.cards import Card
from controller.surveillance.run_chance import carried_run_chance
from drivers.card_codes import RANKS, SUITS

REPEATED_SHOE_CARDS = 30  # a shoe equal to an earlier one from its first card this far


@dataclass
class _Earlier:
    """One earlier shoe's order, and the runs of the shoe in play that match it so far."""

    shoe: int
    order: tuple[str, ...]
    at: dict[str, list[int]]  # card -> its positions (from 0) in ``order``
    forward: dict[int, int] = field(default_factory=dict)  # run's last position there -> length
    backward: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, shoe: int, order: tuple[str, ...]) -> _Earlier:
        at: dict[str, list[int]] = defaultdict(list)
        for position, card in enumerate(order):
            at[card].append(position)
        return cls(shoe, order, dict(at))


@dataclass(frozen=True, slots=True)
class Run:
    """A block of the shoe in play dealt in an earlier shoe's order (or reversed)."""

    earlier_shoe: int
    first_card: int  # its first card's position in this shoe, from 1
    earlier_first_card: int  # and in the earlier shoe, from 1 (its last, when reversed)
    cards: int
    reversed: bool


class IntegrityDetector:
    """Follows one table's shoes card by card; ``card`` returns the alerts a card raises."""

    def __init__(self, decks: int, carried_run_cards: int = 16, compare_shoes: int = 10
                 ) -> None:
        self.decks = decks
        self.carried_run_cards = carried_run_cards
        self.earlier: deque[_Earlier] = deque(maxlen=compare_shoes)
        self.shoe = 0
        self.order: list[str] = []
        self.counts: Counter[str] = Counter()
        self.alerts: list[facts.IntegrityAlert] = []
        self.longest: Run | None = None
        self._alerted: set[tuple[int, int, bool]] = set()  # (earlier shoe, start there, reversed)

    def new_shoe(self, shoe: int, decks: int) -> None:
        """Shoe ``shoe`` starts: the one before becomes an earlier shoe (if it dealt cards)."""
        if self.order:
            self.earlier.appendleft(_Earlier.of(self.shoe, tuple(self.order)))
        self.shoe, self.decks = shoe, decks
        self.order, self.counts, self.alerts, self.longest = [], Counter(), [], None
        self._alerted = set()
        for earlier in self.earlier:
            earlier.forward, earlier.backward = {}, {}

    def card(self, code: str) -> list[facts.IntegrityAlert]:
        """The next card dealt from the shoe in play; the alerts it raises."""
        self.order.append(code)
        position = len(self.order)  # from 1
        raised = []
        self.counts[code] += 1
        if self.counts[code] == self.decks + 1:
            raised.append(facts.IntegrityAlert(
                kind="composition", earlier_shoe=None, first_card=position,
                earlier_first_card=None, cards=self.counts[code], card=code, reversed=False))
        for earlier in self.earlier:
            raised += self._extend(earlier, code, position)
        self.alerts += raised
        return raised

    def _extend(self, earlier: _Earlier, code: str, position: int
                ) -> list[facts.IntegrityAlert]:
        places = earlier.at.get(code, ())
        earlier.forward = {p: earlier.forward.get(p - 1, 0) + 1 for p in places}
        earlier.backward = {p: earlier.backward.get(p + 1, 0) + 1 for p in places}
        raised = []
        for is_reversed, runs in ((False, earlier.forward), (True, earlier.backward)):
            for last, length in runs.items():
                # Most runs are one card: only a record or an alert's length is looked at.
                longest = self.longest.cards if self.longest is not None else 0
                if length <= longest and length < self.carried_run_cards:
                    continue
                start = last + length - 1 if is_reversed else last - length + 1
                run = Run(earlier.shoe, position - length + 1, start + 1, length, is_reversed)
                if length > longest:
                    self.longest = run
                raised += self._alerts_for(run)
        return raised

    def _alerts_for(self, run: Run) -> list[facts.IntegrityAlert]:
        key = (run.earlier_shoe, run.earlier_first_card, run.reversed)
        kinds = []
        if run.cards >= self.carried_run_cards and key not in self._alerted:
            self._alerted.add(key)
            kinds.append("carried_run")
        if (run.cards == REPEATED_SHOE_CARDS and run.first_card == 1
                and run.earlier_first_card == 1 and not run.reversed):
            kinds.append("repeated_shoe")
        return [facts.IntegrityAlert(
            kind=kind, earlier_shoe=run.earlier_shoe, first_card=run.first_card,
            earlier_first_card=run.earlier_first_card, cards=run.cards, card=None,
            reversed=run.reversed) for kind in kinds]

    def summary(self) -> facts.ShoeIntegrity:
        """The shoe in play's integrity so far: its longest carried run, the chance of one that
        long by chance, its alerts and its composition."""
        longest = self.longest
        length = longest.cards if longest is not None else 0
        compared = list(self.earlier)
        chance = carried_run_chance(length, len(self.order),
                                    max((len(e.order) for e in compared), default=0),
                                    len(compared)) if length else 1.0
        ranks = Counter(Card(code).rank for code in self.order)
        suits = Counter(Card(code).suit for code in self.order)
        return facts.ShoeIntegrity(
            shoe=self.shoe, cards=len(self.order), compared_shoes=[e.shoe for e in compared],
            longest_run=length, longest_run_shoe=longest.earlier_shoe if longest else None,
            longest_run_reversed=longest.reversed if longest else False,
            chance=f"{chance:.3g}",
            alerts=[encode(alert) for alert in self.alerts],
            ranks={rank: ranks[rank] for rank in RANKS}, suits={s: suits[s] for s in SUITS},
            per_rank=self.decks * len(SUITS), per_suit=self.decks * len(RANKS))
