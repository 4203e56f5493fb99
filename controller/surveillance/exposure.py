"""Exposure: every offered bet's exact return for the next round from the shoe that is left,
and the alerts and closures it raises.

A card removed from the shoe is known; a burn the scanner did not read is not, and an unseen
card out of the shoe changes no exact return (every unseen card is equally likely to be any of
those not seen), so it stays in the composition: nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal

from controller.events import facts
from controller.game.cards import Card, ShoeComposition
from controller.game.odds import MAX_ROUND_CARDS, analyse
from controller.game.profiles import Profile, SurveillanceTerms
from controller.surveillance.hysteresis import Hysteresis

# Returns are published as decimals to this many places: exact enough to see a side bet turn,
# and what the alerts are decided on, so a replay of the journal decides the same.
RTP_PLACES = Decimal("0.000001")


@dataclass(frozen=True, slots=True)
class ExposureComputed:
    """An input for the controller: the returns of the next round of shoe ``shoe`` once
    ``cards_left`` cards are left (computed by the worker, or replayed from the journal)."""

    shoe: int
    cards_left: int
    rtp: Mapping[str, Decimal]

    def fact(self) -> facts.Exposure:
        return facts.Exposure(rtp={bet: str(value) for bet, value in self.rtp.items()},
                              cards_left=self.cards_left)


def exposure_of(shoe: int, profile: Profile, decks: int, removed: Iterable[str]
                ) -> ExposureComputed | None:
    """The exact returns after ``removed`` (card codes) left a shoe of ``decks`` decks, or None
    when too few cards are left for a round."""
    composition = ShoeComposition(decks)
    for card in map(Card, removed):
        if composition.holds(card):  # as the table does: an accepted foreign card is not in it
            composition.remove(card)
    if composition.cards_left < MAX_ROUND_CARDS:
        return None
    odds = analyse(composition, profile)
    rtp = {bet: Decimal(bet_odds.rtp.numerator) / Decimal(bet_odds.rtp.denominator)
           for bet, bet_odds in odds.bets.items()}
    return ExposureComputed(shoe, composition.cards_left, {
        bet: value.quantize(RTP_PLACES, ROUND_HALF_EVEN) for bet, value in rtp.items()})


@dataclass(frozen=True, slots=True)
class AlertChange:
    """A bet whose return crossed the profile's ``alert_rtp``: raised or cleared."""

    bet: str
    state: str  # "raised" or "cleared"
    rtp: Decimal
    alert_rtp: Decimal
    closed: bool  # closed for the rounds whose betting closes while it is raised

    def fact(self) -> facts.ExposureAlert:
        return facts.ExposureAlert(bet=self.bet, state=self.state, rtp=str(self.rtp),
                                   alert_rtp=str(self.alert_rtp), closed=self.closed)


@dataclass
class ExposureWatch:
    """The bets whose alert is raised (above the profile's ``alert_rtp``, and not yet back
    below it long enough to clear), kept by the controller."""

    raised: dict[str, Decimal] = field(default_factory=dict)  # bet -> its latest return
    terms: SurveillanceTerms = field(default_factory=SurveillanceTerms)  # the last applied
    _alerts: dict[str, Hysteresis] = field(default_factory=dict)

    @property
    def closed(self) -> frozenset[str]:
        """The bets closed by their return (with ``auto_close``), until the alert clears."""
        return frozenset(self.raised) if self.terms.auto_close else frozenset()

    def update(self, exposure: ExposureComputed, terms: SurveillanceTerms) -> list[AlertChange]:
        """Take the new returns; the alerts raised and cleared by them."""
        self.terms = terms
        changes = []
        card = -exposure.cards_left  # counts up by one per card out of the shoe
        for bet, rtp in exposure.rtp.items():
            alert = self._alerts.setdefault(bet, Hysteresis())
            change = alert.update(rtp, terms.alert_rtp, terms.clear_margin, terms.clear_cards,
                                  card)
            if change is not None:
                changes.append(AlertChange(bet, change, rtp, terms.alert_rtp,
                                           change == "raised" and terms.auto_close))
            if alert.raised:
                self.raised[bet] = rtp
            else:
                self.raised.pop(bet, None)
        return changes

    def clear_all(self) -> list[AlertChange]:
        """A new shoe: every alert of the last one is over."""
        changes = [AlertChange(bet, "cleared", rtp, self.terms.alert_rtp, False)
                   for bet, rtp in self.raised.items()]
        self.raised.clear()
        self._alerts.clear()
        return changes
