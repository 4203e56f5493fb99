"""The scanner's misread rate past the profile's level, as an input for the controller (the
rate itself: controller.view.scanner_health)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from controller.events import facts


@dataclass(frozen=True, slots=True)
class ScannerAlertDue:
    """An input for the controller: the misread rate of shoe ``shoe`` passed the profile's
    level (found by the surveillance subscriber, published by the controller)."""

    shoe: int
    misreads: int
    cards: int
    per_100: Decimal

    def fact(self, level: Decimal) -> facts.ScannerAlert:
        return facts.ScannerAlert(misreads=self.misreads, cards=self.cards,
                                  per_hundred=str(self.per_100), level=str(level))
