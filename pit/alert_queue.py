"""The floor's alert queue as a page shows it, for the role of the user who looks and the
alerts they asked to see (by table, kind and severity)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pit.clock import iso
from pit.roles import alert_for
from pit.severity import SEVERITY, severity
from pit.store import Alert

SEVERITY_NAMES = {1: "urgent", 2: "soon", 3: "notice"}


@dataclass(frozen=True)
class Filter:
    """Which alerts a queue page shows: one table, one kind, one severity (each None: all)."""

    table: str | None = None
    kind: str | None = None
    severity: int | None = None

    @classmethod
    def of(cls, query: Mapping[str, str]) -> Filter:
        """From a page's query (``?table=T-07&kind=hold&severity=urgent``); a value the pit
        does not know shows nothing rather than everything."""
        named = {name: level for level, name in SEVERITY_NAMES.items()}
        level = query.get("severity") or None
        return cls(query.get("table") or None, query.get("kind") or None,
                   None if level is None else named.get(level, 0))

    def shows(self, alert: Alert) -> bool:
        return ((self.table is None or alert.table == self.table)
                and (self.kind is None or alert.kind == self.kind)
                and (self.severity is None or severity(alert.kind) == self.severity))


KINDS = tuple(SEVERITY)  # the kinds a filter offers


def queue(alerts: list[Alert], now: datetime, role: str,
          shown: Filter = Filter()) -> dict[str, Any]:
    """The page's queue as ``role`` may see it: open alerts most urgent first and, within
    that, the longest waiting first; then the acknowledged, the last acknowledged first (as
    the store gives them)."""
    alerts = [alert for alert in alerts if shown.shows(alert)]
    open_ = sorted((alert_for(a.to_json(), role) for a in alerts if a.acked_at is None),
                   key=lambda alert: (alert["severity"], alert["id"]))
    past = [alert_for(a.to_json(), role) for a in alerts if a.acked_at is not None]
    return {"now": iso(now), "open": open_, "past": past}
