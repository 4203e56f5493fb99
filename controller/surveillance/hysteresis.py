"""When an alert clears: raised above its threshold, cleared only once its value has stayed
below the threshold less a margin for a number of cards (``[surveillance] clear_margin`` and
``clear_cards``, docs/surveillance.md), so a value wobbling around the threshold raises one
alert instead of one per wobble."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass
class Hysteresis:
    """One watched value's alert. ``card`` is any count that moves by one per card."""

    raised: bool = False
    _below_since: int | None = None  # the card from which the value stayed under the margin

    def update(self, value: Decimal, threshold: Decimal, margin: Decimal, clear_cards: int,
               card: int) -> str | None:
        """Take the value after ``card``: "raised", "cleared" or None (no change)."""
        if value > threshold:
            self._below_since = None
            if not self.raised:
                self.raised = True
                return "raised"
            return None
        if not self.raised:
            return None
        if value >= threshold - margin:
            self._below_since = None  # back in the margin: the count starts again
            return None
        if self._below_since is None:
            self._below_since = card
        if card - self._below_since < clear_cards:
            return None
        self.raised, self._below_since = False, None
        return "cleared"
