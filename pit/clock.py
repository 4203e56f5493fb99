"""The pit's clock: the time its alerts, pace, silences, sessions and lockouts are judged by.
Given to each part that needs it, so that the tests can move it on by hand."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """As the feed writes times: UTC, milliseconds, a Z."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
