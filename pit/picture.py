"""One table as the pit sees it, rebuilt from its feed: the phase, the shoe, the last result,
the roads (the project's own roads code, as the dealer display draws them), surveillance's
exposure and the scanner's health."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from controller.events.facts import FACTS, EventType, Resting
from controller.game.profiles import ProfileError, profile_from_terms
from controller.roads import Hand, Roads

# The messages that say where the table came to rest (docs/events.md, "Where the table rests").
RESTING = frozenset(type_ for type_, fact in FACTS.items() if issubclass(fact, Resting))
EXPOSURE_COURSE = 400  # exposure points kept for the course over a shoe (a shoe has ~416 cards)


@dataclass
class TablePicture:
    table: str
    roads: Roads = field(default_factory=Roads)
    phase: str | None = None
    shoe: int = 0
    round: int = 0
    profile: str = ""
    limits: str | None = None
    cards_left: int | None = None
    last_result: dict[str, Any] | None = None
    hold: dict[str, Any] | None = None
    scanner: str = "connected"
    cards_read: int = 0  # by the scanner in this shoe
    misreads: int = 0
    scanner_alert: dict[str, Any] | None = None
    exposure: dict[str, str] | None = None
    exposure_course: deque[dict[str, Any]] = field(
        default_factory=lambda: deque(maxlen=EXPOSURE_COURSE))
    results_at: deque[datetime] = field(default_factory=deque)  # round results, for the pace

    def apply(self, event: dict[str, Any]) -> None:
        """One event of the feed (its envelope and its fields, ``data``), in seq order."""
        kind, data = event["type"], event["data"]
        if kind == EventType.SHOE_STARTED:
            self.profile = data["profile"]
            self.limits = recorded_limits(data.get("profile_terms"), event["shoe"])
            self.cards_read = self.misreads = 0
            self.scanner_alert = self.exposure = self.last_result = None
            self.exposure_course.clear()
        elif kind == EventType.ROADS_CLEARED:
            self.roads.clear()
        elif kind == EventType.ROUND_RESULT:
            self.last_result = {key: data[key] for key in (
                "winner", "player", "banker", "player_total", "banker_total")}
            self.roads.add(Hand(data["winner"], data["player_pair"], data["banker_pair"],
                                data["natural"]))
            self.results_at.append(parse_ts(event["ts"]))  # the envelope's
        elif kind in (EventType.CARD, EventType.REVEAL, EventType.BURN):
            self.cards_left = data.get("cards_left", self.cards_left)
            if data.get("source") == "reader":
                self.cards_read += 1
        elif kind == EventType.MISREAD:
            self.misreads += 1
        elif kind == EventType.HOLD:
            self.hold = {"code": data["code"], "message": data["message"]}
        elif kind == EventType.HOLD_CLEARED:
            self.hold = None
        elif kind == EventType.SCANNER:
            self.scanner = data["status"]
        elif kind == EventType.SCANNER_ALERT:
            self.scanner_alert = {key: data[key] for key in ("misreads", "cards",
                                                             "per_hundred", "level")}
        elif kind == EventType.EXPOSURE:
            self.exposure = data["rtp"]
            self.exposure_course.append({"cards_left": data["cards_left"], "rtp": data["rtp"]})
        state = data.get("state") if kind == EventType.STATE or kind in RESTING else None
        if state is not None:
            self.phase = state
            if state != "hold":
                self.hold = None
        self.shoe, self.round = event["shoe"], event["round"]

    def rest(self, state: dict[str, Any]) -> None:
        """The retained ``state`` message: the phase, for a table whose events came before."""
        self.phase = state.get("phase", self.phase)
        self.hold = state.get("hold", self.hold)
        self.scanner = state.get("scanner", self.scanner)

    def hands_since(self, since: datetime) -> int:
        while self.results_at and self.results_at[0] < since:
            self.results_at.popleft()
        return len(self.results_at)


def parse_ts(ts: str) -> datetime:
    return datetime.fromisoformat(ts.replace("Z", "+00:00"))


def recorded_limits(terms: dict[str, Any] | None, shoe: int) -> str | None:
    """The shoe's table limits as text, from the terms its shoe_started recorded (a site's own
    profile too, and as they were then); None for a shoe that recorded none."""
    if terms is None:
        return None
    try:
        banker = profile_from_terms(terms, f"shoe {shoe}'s recorded profile").bets.get("banker")
    except ProfileError:
        return None
    return None if banker is None else f"{banker.min_stake}–{banker.max_stake}"
