"""Bringing a table back from its journal at start, before the driver runs (outside the
journal package, which depends on nothing that runs the table).

``resume`` replays the journal into the controller (controller.table.recovery), records a
configuration change, and returns the events a display needs to rebuild its view. A crash
loses whole inputs or nothing (controller.journal.store), so there is nothing to mend.
``prime_driver`` tells the driver the frames recorded from its device. (A simulated shoe
learns where it was from the same events: controller.service.app.)
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from controller.events import facts
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.game.profiles import ProfileError
from controller.journal.store import Journal, JournalError
from controller.table.controller import TableController
from controller.table.recovery import device_frames, replay
from drivers.base import Driver

log = logging.getLogger(__name__)
KEPT_PROFILE_ADVICE = ("put the profile file back as it was when the shoe started, start again, "
                       "finish the shoe, then change it (docs/journal.md, 'At start')")
DIVERGED_ADVICE = ("put the config's [table] settings back as they were when the shoe started "
                   "(burn_scanned decides how its cards are taken), start again, finish the "
                   "shoe, then change them; if nothing was changed, report this line")
# Events that one input can make after its card: the result, the shoe's end and its state moves.
FRAME_LOOKBACK = 64

def resume(controller: TableController, journal: Journal) -> list[TableEvent]:
    """Replay ``journal`` into ``controller`` and attach it to the bus; the view's events."""
    events = journal.restart_events()
    bus = controller.bus
    replay_checked(controller, events, journal)
    bus.next_seq = journal.last_seq + 1
    bus.store = journal
    change = config_change(controller, events)
    if change is not None:  # journaled before anything is published or shown
        controller.publish(change)
        bus.flush()
        events.extend(journal.events(journal.last_seq))
    if events:
        log.info("journal %s: resumed at event %d, %s, shoe %d round %d", journal.path,
                 events[-1].seq, controller.state, controller.shoe_number, controller.round_number)
    shown = view_events(events)
    # Alerts that stand until a later event of their type ends them stay alerts across
    # restarts: a failed daily verify, a disk running short (which is then not raised again).
    standing = (journal.last_of(kind) for kind in (EventType.JOURNAL_VERIFIED,
                                                   EventType.DISK_ALERT))
    earlier = [event for event in standing
               if event is not None and (not shown or event.seq < shown[0].seq)]
    return sorted(earlier, key=lambda event: event.seq) + shown


def rebuilt(controller: TableController, journal: Journal) -> TableController:
    """``controller`` (new) brought to where the journal says the table is: after an input the
    running controller failed on, which left no trace in the journal."""
    replay_checked(controller, journal.restart_events(), journal)
    controller.bus.next_seq = journal.last_seq + 1
    return controller


def replay_checked(controller: TableController, events: Sequence[TableEvent],
                   journal: Journal) -> None:
    """Replay ``events`` (the journal's restart events) into ``controller``, refusing to go on
    from anywhere but where the journal stopped: a replay that comes to another shoe or round
    (a setting that decides how cards are taken, changed mid-shoe) would deal again rounds the
    journal already holds. A shoe in play whose profile cannot be had is refused the same
    way (recovery.shoe_settings)."""
    try:
        replay(controller, events)
    except ProfileError as error:
        raise JournalError(journal.path, str(error), None, KEPT_PROFILE_ADVICE) from None
    if not events:
        return
    last = events[-1]
    if (controller.shoe_number, controller.round_number) != (last.shoe, last.round):
        raise JournalError(
            journal.path, f"replaying it comes to shoe {controller.shoe_number} round "
            f"{controller.round_number}, but it goes on to shoe {last.shoe} round {last.round} "
            f"(event {last.seq}): the table would record those rounds again", last.seq,
            DIVERGED_ADVICE)


def config_change(controller: TableController, events: Sequence[TableEvent]
                  ) -> facts.ConfigChanged | None:
    """A ``config_changed`` when the table id, profile (its name or any of its terms) or
    betting mode differ from the journal's last shoe. A shoe still in play keeps its own until
    it ends."""
    started = [event for event in events if isinstance(event.fact, facts.ShoeStarted)]
    if not started:
        return None
    last = started[-1]
    assert isinstance(last.fact, facts.ShoeStarted)
    configured = controller.configured
    now: dict[str, Any] = {"table": controller.bus.table, "profile": configured.profile.name,
                           "betting": "live" if configured.live else "land"}
    before: dict[str, Any] = {"table": last.table, "profile": last.fact.profile,
                              "betting": last.fact.betting}
    if last.fact.profile_terms is not None:  # an older journal's shoe has only the name
        now["profile_terms"] = configured.profile.terms()
        before["profile_terms"] = last.fact.profile_terms
    if now == before:
        return None
    return facts.ConfigChanged(before=before, after=now, applies_from=(
        "next shoe" if controller.shoe_in_play else "now"))


def view_events(events: Sequence[TableEvent]) -> list[TableEvent]:
    """The events a fresh view applies to show the table as it is: from the earlier of the
    last roads_cleared and the last shoe_started on (the roads and the shoe both)."""
    starts = [0, 0]
    for index, event in enumerate(events):
        if event.type == EventType.ROADS_CLEARED:
            starts[0] = index
        elif event.type == EventType.SHOE_STARTED:
            starts[1] = index
    return list(events[min(starts):])


def prime_driver(driver: Driver, journal: Journal, events: Sequence[TableEvent]) -> None:
    """Tell the driver what the journal holds from the device, in order (``events`` are the
    restart events): a smart shoe's numbering goes on from the last frame, and the frame it
    resends, unacknowledged when the table stopped, is answered instead of counted twice."""
    frames = device_frames(events)
    if not frames and events:
        # The shoe ended since: its last frames are just before the restart events.
        frames = device_frames(journal.events(max(1, events[0].seq - FRAME_LOOKBACK)))
    for frame in frames:
        driver.prime(frame)
