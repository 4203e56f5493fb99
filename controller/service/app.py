"""Putting a table together: config, profile, event bus, controller, loop and driver.

The command line and the display both start a table through ``open_table`` so that the card
path is built one way only.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from common.errors import UserError
from controller.events import facts
from controller.events.due import FactDue
from controller.events.stream import EventBus, EventFile, EventFileError, Subscriber, TableEvent
from controller.feed.outbox import ack_path
from controller.feed.relay import FeedRelay, open_feed
from controller.game.profiles import Profile, load_profile
from controller.journal import Journal
from controller.journal.daily_check import DailyCheck
from controller.journal.disk_budget import FreeSpace, statvfs_free
from controller.journal.paths import journal_files
from controller.service.disk_alerts import DiskBudgetCheck, check_at_start
from controller.service.retention import keep_retention
from controller.service.sim_dealer import SimulatedDealer
from controller.surveillance.integrity_worker import IntegrityWorker
from controller.surveillance.worker import MIN_GAP, ExposureWorker, SurveillanceSubscriber
from controller.table.config import TableConfig
from controller.table.controller import TableController
from controller.table.recovery import shoe_in_play
from controller.table.restart import prime_driver, rebuilt, resume
from controller.table.runner import TableRunner
from drivers import open_driver
from drivers.base import Driver, DriverError
from drivers.url import DriverUrl

log = logging.getLogger(__name__)
INTEGRITY_DRAIN = 5.0  # seconds a stopping table waits for the last shoe's integrity summary
SURVEILLANCE_START = 30.0  # seconds the first card waits at most for surveillance's child


@dataclass
class Table:
    config: TableConfig
    profile: Profile
    bus: EventBus
    runner: TableRunner
    driver: Driver
    event_file: EventFile | None = None
    journal: Journal | None = None
    # What a view applies before the first live event to show the table as the journal left it.
    view_events: list[TableEvent] = field(default_factory=list)
    feed: FeedRelay | None = None  # the floor feed's relay (docs/feed.md), when configured
    exposure: ExposureWorker | None = None  # surveillance's worker thread, if it runs
    integrity: IntegrityWorker | None = None  # and its integrity check's
    journal_check: DailyCheck | None = None  # the journal's daily full check, journaled
    # open, running (a thread is in run()), closed; guarded: run() and close() may race.
    _state: str = field(default="open", init=False, repr=False)
    _state_lock: threading.Lock = field(default_factory=threading.Lock, init=False,
                                         repr=False)
    _loop_ended: threading.Event = field(default_factory=threading.Event, init=False,
                                          repr=False)

    @property
    def controller(self) -> TableController:
        """The table's controller: the runner's, which it rebuilds from the journal after an
        input the controller failed on."""
        return self.runner.controller

    def run(self, heartbeat: Callable[[], None] | None = None,
            heartbeat_every: float | None = None) -> None:
        """The loop (``TableRunner.run``) in the calling thread until it is stopped or has
        played its shoes; then this thread closes the table: the thread that writes the
        journal closes it, never in the middle of an input."""
        with self._state_lock:
            if self._state != "open":  # closed before this thread got going
                return
            self._state = "running"
        try:
            self.runner.run(heartbeat, heartbeat_every)
            self._journal_last_integrity()
        finally:
            try:
                self._close_files()
            finally:  # close() waits for this, whatever closing the files raised
                self._loop_ended.set()

    def _journal_last_integrity(self) -> None:
        """The loop has stopped, maybe right after a shoe's end: that shoe's integrity summary,
        found a moment later off the card path, and the disk alert its end called for are
        journaled now rather than lost."""
        summary_due = self.integrity is not None and self.integrity.idle(INTEGRITY_DRAIN)
        left = []
        with contextlib.suppress(queue.Empty):
            while True:
                left.append(self.runner.inbox.get_nowait())
        for item in left:
            if isinstance(item, FactDue) and (isinstance(item.fact, facts.DiskAlert) or (
                    summary_due and isinstance(item.fact, facts.ShoeIntegrity))):
                self.runner.controller.handle(item)

    def close(self) -> None:
        """Stop a running loop and wait, however long its input takes, for it to close the
        table; otherwise close it here. Safe to call twice, and from any thread."""
        with self._state_lock:
            state, self._state = self._state, "closed"
        if state == "running":
            self.runner.stop()
            self._loop_ended.wait()
        elif state == "open":
            self._close_files()

    def _close_files(self) -> None:
        """Stop the driver and surveillance's workers, close the journal, flush the event
        file."""
        self.driver.close()
        if self.journal_check is not None:
            self.journal_check.close()
        if self.feed is not None:  # before the journal it reads
            self.feed.stop()
        if self.exposure is not None:
            self.exposure.close()
        if self.integrity is not None:
            self.integrity.close()
        if self.journal is not None:
            self.journal.close()
        if self.event_file is not None:
            self.event_file.close()


def open_table(
    config: TableConfig,
    *,
    subscribers: tuple[Subscriber, ...] = (),
    stop_after_shoes: int | None = None,
    exposure: bool = True,
    free_space: FreeSpace = statvfs_free,
    clock: Callable[[], float] = time.monotonic,
    wall: Callable[[], float] = time.time,
    exposure_in_step: bool = False,
    display: Subscriber | None = None,
) -> Table:
    """A table ready to ``runner.run()``, its driver started and its subscribers attached
    (``display`` first of all, right after the journal's commit: the screen waits for no
    file); with ``exposure``, surveillance computes every bet's return off the card path (with
    ``exposure_in_step``, each card's before the table goes on: the display's scenarios);
    ``free_space``: the journal disk's free bytes, for the disk budget's alert; ``clock``:
    the controller's monotonic seconds (its timers and the PIN lockout); ``wall``: the time
    of day, in Unix seconds, that stamps the events.

    With a journal, it is self-tested (JournalError if it fails) and replayed before the driver
    opens or anything is published: the table carries on exactly where it stopped.
    """
    refuse_clashing_outputs(config)
    profile = load_profile(config.profile)
    journal = Journal.open(config.journal_path) if config.journal_path else None
    try:
        if journal is not None:
            keep_retention(journal, config)
        table = _assemble(config, profile, journal, subscribers, stop_after_shoes, exposure,
                          free_space, clock, wall, exposure_in_step, display)
    except BaseException:
        if journal is not None:
            journal.close()
        raise
    if journal is not None:
        table.journal_check = DailyCheck(journal.path, table.runner.submit)
        table.journal_check.start()
    if config.feed is not None:  # the floor feed reads the journal: it starts once that is open
        try:
            table.feed = open_feed(config.feed, journal.path if journal else None, table.bus,
                                   table.view_events)
        except BaseException:
            table.close()
            raise
    return table


def refuse_clashing_outputs(config: TableConfig) -> None:
    """Refuse, before either is opened, an events file that is one of the journal's files (the
    same path, or another name of the same file): writing one would destroy the other."""
    if config.events_path is None or config.events_path == "-" or not config.journal_path:
        return
    events = Path(config.events_path).absolute()
    journal = Path(config.journal_path).absolute()
    for own in (*journal_files(journal), ack_path(journal)):
        if events.resolve() == own.resolve() or (
                events.exists() and own.exists() and events.samefile(own)):
            raise UserError(f"events file {events}: is the journal {journal}"
                            f"{'' if own == journal else f' (its {own.name})'}: name another "
                            "events file")


def _assemble(
    config: TableConfig,
    profile: Profile,
    journal: Journal | None,
    subscribers: tuple[Subscriber, ...],
    stop_after_shoes: int | None,
    exposure: bool = True,
    free_space: FreeSpace = statvfs_free,
    clock: Callable[[], float] = time.monotonic,
    wall: Callable[[], float] = time.time,
    exposure_in_step: bool = False,
    display: Subscriber | None = None,
) -> Table:
    bus = EventBus(config.table_id, wall=wall)
    controller = TableController(config, profile, bus, clock=clock)
    event_file = open_event_file(config.events_path, journal)  # refused before resume writes
    try:
        view_events = resume(controller, journal) if journal is not None else []
        watch = None
        if journal is not None:
            watch, alerted = check_at_start(controller, journal, config.min_free_days,
                                            free_space, view_events)
            view_events += alerted
        if event_file is not None:
            catch_up(event_file, journal, bus)
        if display is not None:  # before the events file's write and flush (performance.md)
            bus.subscribe(display)
        if event_file is not None:
            bus.subscribe(event_file)
        for subscriber in subscribers:
            bus.subscribe(subscriber)
        runner = TableRunner(controller, stop_after_shoes)
        if watch is not None:
            bus.subscribe(DiskBudgetCheck(watch, runner.submit))
        driver = open_driver(config.driver_url, runner.submit,
                             profile_defaults(config.driver_url, profile), config.reader)
    except BaseException:
        if event_file is not None:
            event_file.close()
        raise
    controller.driver = driver
    if journal is not None:
        runner.rebuild = lambda: rebuilt(TableController(config, profile, bus, driver, clock),
                                           journal)
        runner.fault_folder = journal.path.parent
    worker, integrity = surveillance(runner, view_events, exposure,
                                     in_step=exposure_in_step)
    try:
        if worker is not None:
            wait_for_surveillance(worker)
        if journal is not None:
            prime_driver(driver, journal, journal.restart_events())
        bus.subscribe(simulated_dealer(driver, view_events))
        driver.start()
    except BaseException:
        driver.close()
        if worker is not None:
            worker.close()
        if integrity is not None:
            integrity.close()
        if event_file is not None:
            event_file.close()
        raise
    return Table(config, profile, bus, runner, driver, event_file, journal,
                 view_events, exposure=worker, integrity=integrity)


def surveillance(runner: TableRunner, view_events: Sequence[TableEvent], exposure: bool,
                 integrity_check: bool = True, *, in_step: bool = False
                 ) -> tuple[ExposureWorker | None, IntegrityWorker | None]:
    """The surveillance subscriber on the table's bus, caught up with the journal, and its
    exposure worker: None without ``exposure``, or when neither the shoe in play's profile nor
    the configured one has a [surveillance] table (no child process for nothing); and the
    integrity check's thread (with ``integrity_check`` and a [surveillance] table; docs/
    surveillance.md, "Shoe integrity"). ``in_step``: no gap between results, and each card's
    computed before the table goes on."""
    controller = runner.controller
    watched = controller.profile.surveillance or controller.configured.profile.surveillance
    worker = (ExposureWorker(runner.submit, min_gap=0 if in_step else MIN_GAP)
              if exposure and watched else None)
    integrity = IntegrityWorker(runner.submit) if integrity_check and watched else None
    subscriber = SurveillanceSubscriber(worker, runner.submit,
                                        lambda: runner.controller.profile, integrity,
                                        in_step=in_step)
    subscriber.prime(view_events)
    runner.controller.bus.subscribe(subscriber)
    return worker, integrity


def wait_for_surveillance(worker: ExposureWorker) -> None:
    """The first card waits for surveillance's child process (a spawned interpreter: about
    a second): a shoe dealt faster than that (a simulated shoe at rate 0) would otherwise end
    before any return is computed, and the results of an ended shoe are never published."""
    try:
        worker.ready(SURVEILLANCE_START)
    except TimeoutError:
        log.warning("surveillance: its child process did not start within %.0f s; dealing "
                    "without it (returns follow once it is up)", SURVEILLANCE_START)


def simulated_dealer(sim: Driver, events: Sequence[TableEvent]) -> SimulatedDealer:
    """The dealer's side of a device that deals by itself (a bus subscriber; for real hardware
    its news changes nothing), caught up with the journal's ``events``: dealing held if the
    table is in a hold, paused or taking live bets, and the shoe in play continued after the
    cards the journal shows dealt from it."""
    dealer = SimulatedDealer(sim)
    for event in events:
        dealer(event)
    in_play = shoe_in_play(events)
    if in_play is not None:
        note = sim.resume_shoe(in_play.shoe, in_play.dealt, in_play.cut_seen)
        if note is not None:
            log.warning("simulated shoe: %s", note)
    return dealer


def open_event_file(path: str | None, journal: Journal | None) -> EventFile | None:
    """The event file, checked against the journal, then its torn last line cut off."""
    if path is None:
        return None
    if path != "-":  # named by its absolute path in every message about it
        path = str(Path(path).absolute())
    if journal is None:
        return EventFile.open(path)
    return EventFile.open(path, lambda last: _check_same_journal(path, last, journal))


def catch_up(event_file: EventFile, journal: Journal | None, bus: EventBus) -> None:
    """With a journal the file gets every journaled event it lacks (those a crash kept from
    it, a ``config_changed`` written at start); without one, the bus numbers on after the
    file's last seq, so no seq is used twice. Standard output gets live events only."""
    if event_file.live_only:
        return
    if journal is not None:
        for event in journal.iter_events(event_file.last_seq + 1):
            event_file(event)
    else:
        bus.next_seq = max(bus.next_seq, event_file.next_seq)


def _check_same_journal(path: str, last: dict[str, Any] | None, journal: Journal) -> None:
    if last is None:
        return
    recorded = journal.event(last["seq"])
    if recorded is None or (recorded.type, recorded.ts) != (last.get("type"), last.get("ts")):
        has = f"{recorded.type} at {recorded.ts}" if recorded else "no such event"
        raise EventFileError(
            f"events file {path}: its last event, {last['seq']} ({last.get('type')} at "
            f"{last.get('ts')}), is not the journal's ({journal.path}: {has}); it belongs to "
            "another journal: move it away or name another file")


def profile_defaults(url: str, profile: Profile) -> dict[str, str]:
    """A simulated shoe holds the profile's decks: the URL may leave ``decks`` out or repeat
    it, never say otherwise (the events, the cards left and the shoe's end follow the
    profile's count: a shoe of another size would make them all wrong)."""
    parsed = DriverUrl.parse(url)
    if parsed.scheme != "sim" or "script" in parsed.options:
        return {}
    if "decks" not in parsed.options:
        return {"decks": str(profile.decks)}
    decks = parsed.integer("decks", None, 1, 8)
    if decks != profile.decks:
        raise DriverError(
            f"driver URL {url!r}: decks={decks} conflicts with the profile's decks = "
            f"{profile.decks} ({profile.source}): leave decks out of the URL (the profile's "
            f"is used) or use a profile of {decks} decks")
    return {}


def with_overrides(config: TableConfig, **overrides: Any) -> TableConfig:
    """The config with the command line's options (those not None) taking precedence."""
    return replace(config, **{key: value for key, value in overrides.items() if value is not None})
