"""Rebuilding a controller's exact state from its journaled events.

Every input the controller handles leaves an event saying what came in. Replaying those
inputs, in order, through ``TableController.handle`` (with the driver detached and the events
it re-derives discarded) brings the controller back to where it was: the shoe and what is left
in it, the round in progress and the position it expects, a hold still in force, a pause.
Only the shoe in play is replayed: a shoe starts from a full composition, under the profile
its ``shoe_started`` recorded; what outlives a shoe (the supervisor's count of wrong PINs and a
lockout) its ``shoe_ended`` carries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import NamedTuple

from controller.events.schema import EventType
from controller.events.stream import EventBus, TableEvent
from controller.game.profiles import Profile, ProfileError, load_profile, profile_from_terms
from controller.surveillance.exposure import ExposureComputed
from controller.table.commands import Command, PinFailure, TimerExpired
from controller.table.controller import FaultHold, HeldCard, ShoeSettings, TableController
from drivers.base import CardRead, Connected, CutCardSeen, Disconnected, Misread, ShoeShuffled

# Events that carry a card read by the reader (a manual card is replayed by its command).
CARD_EVENTS = ("reveal", "burn", "card", "hold", "duplicate_card")


def input_of(event: TableEvent) -> object | None:
    """The input that ``event`` records, or None when the event is derived from another."""
    data = event.data
    kind = event.type
    if kind == EventType.HOLD and data.get("code") == "internal_error":
        held = None if data.get("card") is None else HeldCard(
            data["card"], data.get("raw", "").encode("ascii", "replace"),
            data.get("source", "reader"), data.get("frame_seq"))
        return FaultHold(data["message"], held)
    if kind in CARD_EVENTS:
        if (data.get("card") is None or data.get("source", "reader") != "reader"
                or data.get("from_hold")):  # read once, as the hold; dealt by the accept
            return None
        return CardRead(data["card"], data.get("raw", "").encode("ascii", "replace"),
                        seq=data.get("frame_seq"))
    if kind == EventType.MISREAD:
        return Misread(bytes.fromhex(data.get("raw_hex", "")), count=data.get("count", 1),
                       last_raw=bytes.fromhex(data.get("last_raw_hex", "")))
    if kind == EventType.ACTION_REFUSED and data.get("wrong_pin"):
        return PinFailure(data.get("locked_until"))
    if kind == EventType.CUT_CARD:
        return CutCardSeen(data.get("raw", "").encode("ascii", "replace"))
    if kind == EventType.SHOE_SHUFFLED:
        return ShoeShuffled(data.get("raw", "").encode("ascii", "replace"))
    if kind == EventType.SCANNER:
        if data["status"] == "connected":
            return Connected()
        return Disconnected(data.get("reason", ""))
    if kind == EventType.BETTING_CLOSED and data.get("reason") == "timer":
        return TimerExpired()
    if kind == EventType.EXPOSURE:  # decides alerts and closures as it did (docs/surveillance.md)
        return ExposureComputed(event.shoe, data["cards_left"],
                                {bet: Decimal(rtp) for bet, rtp in data["rtp"].items()})
    if kind == EventType.OPERATOR_ACTION:
        return Command(data["action"], by=data.get("by", ""), reason=data.get("reason", ""),
                       card=data.get("card"), replayed=True)
    return None


def current_shoe_events(events: Sequence[TableEvent]) -> list[TableEvent]:
    """The events from the last ``shoe_started`` on (all of them if no shoe has started)."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].type == EventType.SHOE_STARTED:
            return list(events[index:])
    return list(events)


def replay(controller: TableController, events: Sequence[TableEvent]) -> None:
    """Bring ``controller`` to the state ``events`` (the journal, in order) describe.

    Replay starts after the last ``shoe_ended``, where the table had nothing in play, so every
    input of the shoe in play is replayed, including one that came before its ``shoe_started``
    (a reveal card entered by hand, or accepted from a hold). The events the replay derives
    again go nowhere; the controller's bus continues numbering after the last journaled event.
    """
    if not events:
        return
    start = next((index + 1 for index in range(len(events) - 1, -1, -1)
                  if events[index].type == EventType.SHOE_ENDED), 0)
    live_bus, driver = controller.bus, controller.driver
    controller.bus = EventBus(live_bus.table)
    controller.driver = None
    started = [event for event in events[start:] if event.type == EventType.SHOE_STARTED]
    if started:
        controller.replayed_shoe_settings = shoe_settings(controller, started[-1])
    try:
        if start:
            ended = events[start - 1]
            controller.shoe_number, controller.round_number = ended.shoe, ended.round
            controller.machine.set_state("shoe_ended")
            controller.gate.restore(ended.data.get("wrong_pins", 0),
                                    ended.data.get("locked_until"))
        if scanner_was_down(events[:start]):
            controller.handle(Disconnected("still disconnected at restart"))
        for event in events[start:]:
            item = input_of(event)
            if item is not None:
                controller.handle(item)
    finally:
        controller.bus, controller.driver = live_bus, driver
    live_bus.next_seq = events[-1].seq + 1


def shoe_settings(controller: TableController, started: TableEvent) -> ShoeSettings:
    """What the shoe in play was started with, rebuilt from its ``shoe_started``: a config or
    profile file changed since applies from the next shoe, so a restart never switches a
    shoe's rules or betting mode halfway, and the file is not read for it."""
    configured = controller.configured
    data = started.data
    source = data.get("profile_source", configured.source)
    live = data.get("betting", "live" if configured.live else "land") == "live"
    if "profile_terms" in data:
        return ShoeSettings(profile_from_terms(
            data["profile_terms"], f"shoe {started.shoe}'s profile {source!r} as recorded by "
            f"event {started.seq}"), live, source)
    return ShoeSettings(profile_as_before(started, source, configured), live, source)


def profile_as_before(started: TableEvent, source: str, configured: ShoeSettings) -> Profile:
    """An older journal's shoe in play (its ``shoe_started`` has no ``profile_terms``): its
    profile as the file says now, as long as it has the name and decks the shoe started
    with; one that changed those cannot replay the shoe (its cards would no longer fit)."""
    kept = (f"a shoe keeps its profile until it ends, and this journal's shoe {started.shoe}, "
            "from before shoes recorded their profile, has only the file to go by")
    try:
        profile = configured.profile if source == configured.source else load_profile(source)
    except ProfileError as error:
        raise ProfileError(f"shoe {started.shoe} is in play under profile {source!r}, which "
                           f"cannot be loaded now ({error}); {kept}") from None
    recorded = (started.data.get("profile"), started.data.get("decks"))
    if (profile.name, profile.decks) != recorded:
        raise ProfileError(
            f"shoe {started.shoe} started with {recorded[1]} decks under profile "
            f"{recorded[0]!r}; {source} now says decks = {profile.decks}, name = "
            f"{profile.name!r}; {kept}")
    return profile


def last_device_frame(events: Sequence[TableEvent]) -> bytes | None:
    """The raw bytes of the last thing the reader sent that the table recorded (a card, the
    cut card, a new-shoe signal), or None when these events hold none."""
    for event in reversed(events):
        item = input_of(event)
        if isinstance(item, CardRead | CutCardSeen | ShoeShuffled) and item.raw:
            return item.raw
    return None


def scanner_was_down(events: Iterable[TableEvent]) -> bool:
    status = "connected"
    for event in events:
        if event.type == EventType.SCANNER:
            status = event.data["status"]
    return status == "disconnected"


class ShoeInPlay(NamedTuple):
    """How far the shoe in play has been dealt, as the journal shows it."""

    shoe: int
    dealt: list[str]  # the cards the reader read from it, in order
    cut_seen: bool


def shoe_in_play(events: Sequence[TableEvent]) -> ShoeInPlay | None:
    """The shoe in play at the end of ``events`` (the restart events), or None when the last
    shoe ended or none started."""
    shoe_events = current_shoe_events(events)
    if not shoe_events or shoe_events[0].type != EventType.SHOE_STARTED:
        return None
    dealt = []
    for event in shoe_events:
        if event.type == EventType.SHOE_ENDED:
            return None
        item = input_of(event)
        if isinstance(item, CardRead):
            dealt.append(item.code)
        elif isinstance(item, FaultHold) and item.held and item.held.source == "reader":
            dealt.append(item.held.code)  # the card the table failed on was read all the same
    cut_seen = any(event.type == EventType.CUT_CARD for event in shoe_events)
    return ShoeInPlay(shoe_events[0].shoe, dealt, cut_seen)
