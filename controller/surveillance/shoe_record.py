"""One shoe's surveillance record, folded from its events: the course of each bet's return,
the alerts and closures, the rounds and the scanner's health. The display's panel keeps one
for the shoe in play; the shoe report builds one per shoe from the journal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from controller.events import facts
from controller.events.stream import TableEvent
from controller.surveillance.scanner_health import ScannerHealth


@dataclass(frozen=True, slots=True)
class ExposurePoint:
    cards_out: int  # cards known out of the shoe when it was computed
    round: int
    rtp: dict[str, Decimal]


class PlayedRound(NamedTuple):
    round: int
    result: facts.RoundResult


@dataclass
class ShoeRecord:
    shoe: int = 0
    profile: str = ""
    decks: int = 0
    exposures: list[ExposurePoint] = field(default_factory=list)
    alerts: list[TableEvent] = field(default_factory=list)  # exposure and scanner alerts
    results: list[PlayedRound] = field(default_factory=list)  # in order
    voided: int = 0
    health: ScannerHealth = field(default_factory=ScannerHealth)
    ended: str | None = None  # the shoe_ended reason
    alert_rtp: Decimal = Decimal(1)  # the threshold, as the last exposure alert gave it
    # Rounds whose betting closed while the bet was closed by its return (auto_close).
    closed_by_surveillance: dict[str, list[int]] = field(default_factory=dict)

    def apply(self, event: TableEvent) -> None:
        """Take one event of this shoe (``shoe_records`` starts a record per shoe)."""
        match event.fact:
            case facts.ShoeStarted(profile=profile, decks=decks):
                self.shoe, self.profile, self.decks = event.shoe, profile, decks
            case facts.Exposure(cards_left=cards_left, rtp=rtp):
                self.exposures.append(ExposurePoint(
                    self.decks * 52 - cards_left, event.round,
                    {bet: Decimal(value) for bet, value in rtp.items()}))
            case facts.ExposureAlert(alert_rtp=alert_rtp):
                self.alerts.append(event)
                self.alert_rtp = Decimal(alert_rtp)
            case facts.ScannerAlert():
                self.alerts.append(event)
            case facts.BettingClosed():
                for bet, alert in self.raised().items():
                    if alert.closed:
                        self.closed_by_surveillance.setdefault(bet, []).append(event.round)
            case facts.RoundResult() as result:
                self.results.append(PlayedRound(event.round, result))
            case facts.RoundVoided():
                self.voided += 1
            case facts.ShoeEnded(reason=reason):
                self.ended = reason
        self.health.apply(event)

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
        if current is not None and event.shoe == current.shoe:
            current.apply(event)
    return records
