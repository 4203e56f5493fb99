"""What each pit user may do, by role. Every role reads the floor, the tables and the alerts;
a supervisor also acknowledges alerts; surveillance also sees the live exposure of the side
bets (which tells a card counter when a bet turns in his favour: nobody else sees it)."""

from __future__ import annotations

from typing import Any

VIEWER, SUPERVISOR, SURVEILLANCE = "viewer", "supervisor", "surveillance"
ROLES = (VIEWER, SUPERVISOR, SURVEILLANCE)  # each may do what the one before it may, and more
HIDDEN_EXPOSURE = ("exposure alert: a side bet's return passed its alert level (surveillance "
                   "sees which bet and how far)")


def may_acknowledge(role: str) -> bool:
    return role in (SUPERVISOR, SURVEILLANCE)


def sees_exposure(role: str) -> bool:
    return role == SURVEILLANCE


def alert_for(alert: dict[str, Any], role: str) -> dict[str, Any]:
    """An alert as ``role`` may see it: an exposure alert's bet and return only to
    surveillance."""
    if alert["kind"] == "exposure" and not sees_exposure(role):
        return {**alert, "message": HIDDEN_EXPOSURE, "details": []}
    return alert


def detail_for(detail: dict[str, Any], role: str) -> dict[str, Any]:
    """A table's detail as ``role`` may see it: its exposure only to surveillance."""
    if sees_exposure(role):
        return detail
    return {**detail, "exposure": None, "exposure_course": []}


def event_for(event: dict[str, Any], role: str) -> dict[str, Any]:
    """A table's event as ``role`` may see it: the fields of an exposure or exposure alert
    only to surveillance (``data`` None for the others)."""
    if event["type"] in ("exposure", "exposure_alert") and not sees_exposure(role):
        return {**event, "data": None}
    return event
