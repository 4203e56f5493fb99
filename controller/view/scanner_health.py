"""Scanner health of one shoe, folded from its events: misreads per 100 cards, rescans per
card, the time a rescan takes, disconnects, the reader's own alarms and warnings. Surveillance
keeps one for its alert, the display's panel and the shoe report; the pit one per table."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from controller.events import facts
from controller.events.stream import TableEvent

# Misreads are counted per 100 cards over at least this many cards, so one misread on the
# shoe's first cards is not yet a rate of 20 per 100.
MIN_CARDS_FOR_RATE = 100


def _seconds(ts: str) -> datetime:
    return datetime.fromisoformat(ts.replace("Z", "+00:00"))


@dataclass
class ScannerHealth:
    """One shoe's reading record; ``apply`` every event of the shoe in order."""

    cards: int = 0  # read by the scanner (typed cards and unread burns are not)
    misreads: int = 0
    rescans: int = 0  # one asked for per misread event (a burst is one)
    rescan_seconds: list[float] = field(default_factory=list)  # misread to the next read
    disconnects: int = 0
    faults: int = 0  # the reader's own alarms and warnings (device_fault)
    _waiting_since: str | None = None

    def apply(self, event: TableEvent) -> None:
        """Count one event of the shoe (a new shoe starts a new ScannerHealth)."""
        match event.fact:
            case facts.Misread(count=count):
                self.misreads += count
                self.rescans += 1
                self._waiting_since = self._waiting_since or event.ts
            case facts.Reveal(source="reader") | facts.Burn(source="reader") | facts.CardDealt(
                    source="reader"):
                self.cards += 1
                if self._waiting_since is not None:
                    elapsed = _seconds(event.ts) - _seconds(self._waiting_since)
                    self.rescan_seconds.append(elapsed.total_seconds())
                    self._waiting_since = None
            case facts.DeviceFault():
                self.faults += 1
            case facts.Scanner(status="disconnected"):
                self.disconnects += 1
                self._waiting_since = None

    @property
    def per_100(self) -> Decimal:
        """Misreads per 100 cards (over at least MIN_CARDS_FOR_RATE cards)."""
        return (Decimal(self.misreads * 100) / max(self.cards, MIN_CARDS_FOR_RATE)).quantize(
            Decimal("0.01"))

    @property
    def rescans_per_card(self) -> Decimal:
        return (Decimal(self.rescans) / max(self.cards, 1)).quantize(Decimal("0.001"))

    @property
    def mean_rescan_seconds(self) -> float | None:
        times = self.rescan_seconds
        return sum(times) / len(times) if times else None
