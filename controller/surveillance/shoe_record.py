"""One shoe's surveillance record, folded from its events: the course of each bet's return,
the alerts and closures, the rounds and the scanner's health. The display's panel keeps one
for the shoe in play; the shoe report builds one per shoe from the journal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, NamedTuple

from controller.events import facts
from controller.events.stream import TableEvent
from controller.game.cards import Card
from controller.game.odds import MAX_ROUND_CARDS
from controller.view.scanner_health import ScannerHealth


@dataclass(frozen=True, slots=True)
class ExposurePoint:
    cards_out: int  # cards known out of the shoe when it was computed
    round: int
    rtp: dict[str, Decimal]


class PlayedRound(NamedTuple):
    round: int
    result: facts.RoundResult


class VoidedRound(NamedTuple):
    round: int
    void: facts.RoundVoided


@dataclass
class ShoeRecord:
    shoe: int = 0
    profile: str = ""
    decks: int = 0
    exposures: list[ExposurePoint] = field(default_factory=list)
    alerts: list[TableEvent] = field(default_factory=list)  # exposure, scanner, integrity
    results: list[PlayedRound] = field(default_factory=list)  # in order
    voids: list[VoidedRound] = field(default_factory=list)  # in order
    health: ScannerHealth = field(default_factory=ScannerHealth)
    ended: str | None = None  # the shoe_ended reason
    profile_source: str = ""  # the profile as the config named it
    # Whether the shoe's profile had a [surveillance] table: None while the journal does not
    # say (no recorded terms, no exposure); its alert_rtp is the threshold, else 1.
    watched: bool | None = None
    watched_from_file: bool = False  # said by the profile file as it is now, not the journal
    alert_rtp: Decimal = Decimal(1)
    threshold_known: bool = False  # alert_rtp is the profile's (recorded, or from an alert)
    # Rounds whose betting closed while the bet was closed by its return (auto_close).
    closed_by_surveillance: dict[str, list[int]] = field(default_factory=dict)
    integrity: facts.ShoeIntegrity | None = None  # its shoe_integrity, once the shoe ended
    # The known cards out of the shoe as exposure counts them (an unread burn is not known; a
    # card the decks no longer hold, accepted from a hold, is not in the composition).
    known_out: int = 0
    _out: Counter[str] = field(default_factory=Counter)

    def apply(self, event: TableEvent) -> None:
        """Take one event of this shoe (``shoe_records`` starts a record per shoe)."""
        match event.fact:
            case facts.ShoeStarted(profile=profile, decks=decks) as started:
                self.shoe, self.profile, self.decks = event.shoe, profile, decks
                self.profile_source = started.profile_source
                terms = started.profile_terms  # journals from before it lack it
                if terms is not None and "surveillance" in terms:
                    self.take_surveillance(terms["surveillance"])
            case facts.Exposure(cards_left=cards_left, rtp=rtp):
                self.watched = True
                self.exposures.append(ExposurePoint(
                    self.decks * 52 - cards_left, event.round,
                    {bet: Decimal(value) for bet, value in rtp.items()}))
            case facts.ExposureAlert(alert_rtp=alert_rtp):
                self.alerts.append(event)
                self.watched, self.alert_rtp = True, Decimal(alert_rtp)
                self.threshold_known = True
            case facts.ScannerAlert() | facts.IntegrityAlert():
                self.alerts.append(event)
            case facts.BettingClosed():
                for bet, alert in self.raised().items():
                    if alert.closed:
                        self.closed_by_surveillance.setdefault(bet, []).append(event.round)
            case facts.Reveal(card=str() as card) | facts.Burn(card=str() as card) | (
                    facts.CardDealt(card=str() as card)):
                code = Card(card).code
                if self._out[code] < self.decks:
                    self._out[code] += 1
                    self.known_out += 1
            case facts.RoundResult() as result:
                self.results.append(PlayedRound(event.round, result))
            case facts.RoundVoided() as void:
                self.voids.append(VoidedRound(event.round, void))
            case facts.ShoeEnded(reason=reason):
                self.ended = reason
        self.health.apply(event)

    def take_surveillance(self, table: Mapping[str, Any] | None) -> None:
        """The shoe's profile's ``[surveillance]`` table (its keys as in the profile), or
        None: it had none."""
        self.watched = table is not None
        self.alert_rtp = Decimal(str(table["alert_rtp"])) if table is not None else Decimal(1)
        self.threshold_known = True

    @property
    def as_of_card(self) -> int | None:
        """The card of the shoe the latest returns are as of (0: the full shoe); None before
        the first."""
        return self.exposures[-1].cards_out if self.exposures else None

    @property
    def cards_behind(self) -> int:
        """Known cards out that the latest returns do not count yet: 0 once they have caught
        up, and when too few cards are left for a round (no return is computed then)."""
        if self.decks * 52 - self.known_out < MAX_ROUND_CARDS:
            return 0
        return self.known_out - (self.as_of_card or 0)

    @property
    def bets(self) -> list[str]:
        return list(self.exposures[-1].rtp) if self.exposures else []

    def course(self, bet: str) -> list[tuple[int, Decimal]]:
        """(cards out, return) of ``bet`` over the shoe."""
        return [(point.cards_out, point.rtp[bet]) for point in self.exposures
                if bet in point.rtp]

    def raised(self) -> dict[str, facts.ExposureAlert]:
        """The exposure alerts in force now, by bet."""
        raised: dict[str, facts.ExposureAlert] = {}
        for event in self.alerts:
            match event.fact:
                case facts.ExposureAlert(state="raised") as alert:
                    raised[alert.bet] = alert
                case facts.ExposureAlert() as alert:
                    raised.pop(alert.bet, None)
        return raised

    def closed_rounds(self, bet: str) -> list[int]:
        """The rounds in which ``bet`` was closed (by its cut-off or by surveillance)."""
        return [played.round for played in self.results
                if played.result.bets.get(bet, {}).get("outcome") == "closed"]


def shoe_records(events: Iterable[TableEvent]) -> dict[int, ShoeRecord]:
    """A record per shoe that started in ``events``, by shoe number."""
    records: dict[int, ShoeRecord] = {}
    current: ShoeRecord | None = None
    for event in events:
        if isinstance(event.fact, facts.ShoeStarted):
            current = records[event.shoe] = ShoeRecord(shoe=event.shoe)
        if isinstance(event.fact, facts.ShoeIntegrity):  # found off the card path after the
            if event.fact.shoe in records:  # shoe's end, maybe once the next one has started
                records[event.fact.shoe].integrity = event.fact
        elif current is not None and event.shoe == current.shoe:
            current.apply(event)
    return records
