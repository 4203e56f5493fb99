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

from controller.events import facts
from controller.events.facts import EventType
from controller.events.stream import EventBus, TableEvent
from controller.game.profiles import Profile, ProfileError, load_profile, profile_from_terms
from controller.surveillance.exposure import ExposureComputed
from controller.table.commands import Action, Command, PinFailure, TimerExpired
from controller.table.controller import TableController
from controller.table.holds import INTERNAL_ERROR, OUT_OF_SEQUENCE, FaultHold, HeldCard
from controller.table.round_model import ShoeSettings
from drivers.base import (
    CardRead,
    Connected,
    CutCardSeen,
    Disconnected,
    Misread,
    OutOfSequence,
    ShoeShuffled,
)


def input_of(event: TableEvent) -> object | None:
    """The input that ``event`` records, or None when the event is derived from another."""
    match event.fact:
        case facts.Hold(code=code) as hold if code == INTERNAL_ERROR:
            held = None if hold.card is None else HeldCard(
                hold.card, _bytes(hold.raw), hold.source, hold.frame_seq)
            return FaultHold(hold.message, held)
        case facts.Hold(code=code, raw=raw, message=message) if code == OUT_OF_SEQUENCE:
            return OutOfSequence(_bytes(raw), message)
        # A card the reader sent (one typed by hand is replayed by its command; one accepted
        # from a hold was read once, as the hold, and dealt by the accept).
        case facts.Reveal() | facts.Burn() | facts.CardDealt() as read if (
                read.card is not None and read.source == "reader" and not read.from_hold):
            return CardRead(read.card, _bytes(read.raw or ""), seq=read.frame_seq)
        case facts.Hold(card=str() as card, source="reader") as hold:
            return CardRead(card, _bytes(hold.raw), seq=hold.frame_seq)
        case facts.DuplicateCard() as duplicate:
            # judged the shoe's copy of a typed card: the frame it kept while away
            return CardRead(duplicate.card, _bytes(duplicate.raw), seq=duplicate.frame_seq,
                            first_after_reconnect=True)
        case facts.Misread() as misread:
            return Misread(bytes.fromhex(misread.raw_hex), count=misread.count,
                           last_raw=bytes.fromhex(misread.last_raw_hex or ""))
        case facts.ActionRefused(wrong_pin=True, locked_until=locked_until):
            return PinFailure(starts_lockout=locked_until is not None)
        case facts.CutCard(raw=raw, source=None):  # one the dealer marked: by its command
            return CutCardSeen(_bytes(raw))
        case facts.ShoeShuffled(raw=raw):
            return ShoeShuffled(_bytes(raw))
        case facts.Scanner(status="connected"):
            return Connected()
        case facts.Scanner(reason=reason):
            return Disconnected(reason or "")
        case facts.BettingClosed(reason="timer"):
            return TimerExpired()
        case facts.Exposure(rtp=rtp, cards_left=cards_left):
            # decides alerts and closures as it did (docs/surveillance.md)
            return ExposureComputed(event.shoe, cards_left,
                                    {bet: Decimal(value) for bet, value in rtp.items()})
        case facts.OperatorAction(action=action, by=by, reason=reason, card=card):
            return Command(Action(action), by=by, reason=reason, card=card, replayed=True)
    return None


def _bytes(text: str) -> bytes:
    return text.encode("ascii", "replace")


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
        controller.rounds.replayed_shoe_settings = shoe_settings(controller, started[-1])
    try:
        if start:
            ended = events[start - 1]
            controller.rounds.after_shoe(ended.shoe, ended.round)
            assert isinstance(ended.fact, facts.ShoeEnded)
            controller.gate.restore(ended.fact.wrong_pins or 0,
                                    locked=ended.fact.locked_until is not None)
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
    fact = started.fact
    assert isinstance(fact, facts.ShoeStarted)
    source, live = fact.profile_source, fact.betting == "live"
    if fact.profile_terms is not None:
        return ShoeSettings(profile_from_terms(
            fact.profile_terms, f"shoe {started.shoe}'s profile {source!r} as recorded by "
            f"event {started.seq}"), live, source)
    return ShoeSettings(profile_as_before(started.shoe, fact, configured), live, source)


def profile_as_before(shoe: int, started: facts.ShoeStarted, configured: ShoeSettings
                      ) -> Profile:
    """An older journal's shoe in play (its ``shoe_started`` has no ``profile_terms``): its
    profile as the file says now, as long as it has the name and decks the shoe started
    with; one that changed those cannot replay the shoe (its cards would no longer fit)."""
    source = started.profile_source
    kept = (f"a shoe keeps its profile until it ends, and this journal's shoe {shoe}, "
            "from before shoes recorded their profile, has only the file to go by")
    try:
        profile = configured.profile if source == configured.source else load_profile(source)
    except ProfileError as error:
        raise ProfileError(f"shoe {shoe} is in play under profile {source!r}, which "
                           f"cannot be loaded now ({error}); {kept}") from None
    recorded = (started.profile, started.decks)
    if (profile.name, profile.decks) != recorded:
        raise ProfileError(
            f"shoe {shoe} started with {recorded[1]} decks under profile "
            f"{recorded[0]!r}; {source} now says decks = {profile.decks}, name = "
            f"{profile.name!r}; {kept}")
    return profile


def device_frames(events: Sequence[TableEvent]) -> list[bytes]:
    """The raw bytes of everything the reader sent that ``events`` record (cards, the cut
    card, new-shoe signals, misreads: a smart shoe numbers them all), in order."""
    frames = []
    for event in events:
        item = input_of(event)
        if isinstance(item, CardRead | CutCardSeen | ShoeShuffled) and item.raw:
            frames.append(item.raw)
        elif isinstance(item, Misread):
            frames += [raw for raw in (item.raw, item.last_raw) if raw]
    return frames


def scanner_was_down(events: Iterable[TableEvent]) -> bool:
    status = "connected"
    for event in events:
        if isinstance(event.fact, facts.Scanner):
            status = event.fact.status
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
