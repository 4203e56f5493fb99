"""The floor's alert queue as a page shows it, for the role of the user who looks."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pit.clock import iso
from pit.roles import alert_for
from pit.store import Alert


def queue(alerts: list[Alert], now: datetime, role: str) -> dict[str, Any]:
    """The page's queue as ``role`` may see it: open alerts most urgent first and, within
    that, the longest waiting first; then the acknowledged, the last acknowledged first (as
    the store gives them)."""
    open_ = sorted((alert_for(a.to_json(), role) for a in alerts if a.acked_at is None),
                   key=lambda alert: (alert["severity"], alert["id"]))
    past = [alert_for(a.to_json(), role) for a in alerts if a.acked_at is not None]
    return {"now": iso(now), "open": open_, "past": past}
