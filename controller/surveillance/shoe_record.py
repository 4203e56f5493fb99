"""One shoe's surveillance record, folded from its events: the course of each bet's return,
the alerts and closures, the rounds and the scanner's health. The display's panel keeps one
for the shoe in play; the shoe report builds one per shoe from the journal."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from controller.events.stream import TableEvent
from controller.surveillance.scanner_health import ScannerHealth

ALERT_EVENTS = ("exposure_alert", "scanner_alert")


@dataclass(frozen=True, slots=True)
class ExposurePoint:
    cards_out: int  # cards known out of the shoe when it was computed
    round: int
    rtp: dict[str, Decimal]


@dataclass
class ShoeRecord:
    shoe: int = 0
    profile: str = ""
    decks: int = 0
    exposures: list[ExposurePoint] = field(default_factory=list)
    alerts: list[TableEvent] = field(default_factory=list)  # exposure and scanner alerts
    results: list[TableEvent] = field(default_factory=list)  # round_result, in order
    voided: int = 0
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

    def apply(self, event: TableEvent) -> None:
        """Take one event of this shoe (``shoe_records`` starts a record per shoe)."""
        kind = event.type
        if kind == "shoe_started":
            self.shoe, self.profile = event.shoe, event.data["profile"]
            self.decks = event.data["decks"]
            self.profile_source = event.data.get("profile_source", "")
            terms = event.data.get("profile_terms")  # journals from before it lack it
            if isinstance(terms, Mapping) and "surveillance" in terms:
                self.take_surveillance(terms["surveillance"])
        elif kind == "exposure":
            self.watched = True
            self.exposures.append(ExposurePoint(
                self.decks * 52 - event.data["cards_left"], event.round,
                {bet: Decimal(rtp) for bet, rtp in event.data["rtp"].items()}))
        elif kind in ALERT_EVENTS:
            self.alerts.append(event)
            if kind == "exposure_alert":
                self.watched, self.alert_rtp = True, Decimal(event.data["alert_rtp"])
                self.threshold_known = True
        elif kind == "betting_closed":
            for bet, alert in self.raised().items():
                if alert.data["closed"]:
                    self.closed_by_surveillance.setdefault(bet, []).append(event.round)
        elif kind == "round_result":
            self.results.append(event)
        elif kind == "round_voided":
            self.voided += 1
        elif kind == "shoe_ended":
            self.ended = event.data["reason"]
        self.health.apply(event)

    def take_surveillance(self, table: Mapping[str, Any] | None) -> None:
        """The shoe's profile's ``[surveillance]`` table (its keys as in the profile), or
        None: it had none."""
        self.watched = table is not None
        self.alert_rtp = Decimal(str(table["alert_rtp"])) if table is not None else Decimal(1)
        self.threshold_known = True

    @property
    def bets(self) -> list[str]:
        return list(self.exposures[-1].rtp) if self.exposures else []

    def course(self, bet: str) -> list[tuple[int, Decimal]]:
        """(cards out, return) of ``bet`` over the shoe."""
        return [(point.cards_out, point.rtp[bet]) for point in self.exposures
                if bet in point.rtp]

    def raised(self) -> dict[str, TableEvent]:
        """The exposure alerts in force now, by bet."""
        raised: dict[str, TableEvent] = {}
        for alert in self.alerts:
            if alert.type == "exposure_alert":
                if alert.data["state"] == "raised":
                    raised[alert.data["bet"]] = alert
                else:
                    raised.pop(alert.data["bet"], None)
        return raised

    def closed_rounds(self, bet: str) -> list[int]:
        """The rounds in which ``bet`` was closed (by its cut-off or by surveillance)."""
        return [result.round for result in self.results
                if result.data["bets"].get(bet, {}).get("outcome") == "closed"]


def shoe_records(events: Iterable[TableEvent]) -> dict[int, ShoeRecord]:
    """A record per shoe that started in ``events``, by shoe number."""
    records: dict[int, ShoeRecord] = {}
    current: ShoeRecord | None = None
    for event in events:
        if event.type == "shoe_started":
            current = records[event.shoe] = ShoeRecord(shoe=event.shoe)
        if current is not None and event.shoe == current.shoe:
            current.apply(event)
    return records
