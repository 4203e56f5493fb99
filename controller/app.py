"""Putting a table together: config, profile, event bus, controller, loop and driver.

The command line and the display both start a table through ``open_table`` so that the card
path is built one way only.
"""

from __future__ import annotations

import sys
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from controller.config import TableConfig
from controller.events import EventBus, EventFile, Subscriber, TableEvent
from controller.journal import Journal
from controller.journal.resume import prime_driver, rebuilt, restore_driver, resume
from controller.profiles import Profile, load_profile
from controller.runner import TableRunner
from controller.table import TableController
from drivers import open_driver
from drivers.base import Driver
from drivers.url import DriverUrl


@dataclass
class Table:
    config: TableConfig
    profile: Profile
    bus: EventBus
    controller: TableController
    runner: TableRunner
    driver: Driver
    event_stream: TextIO | None = None
    journal: Journal | None = None
    # What a view applies before the first live event to show the table as the journal left it.
    view_events: list[TableEvent] = field(default_factory=list)

    def close(self) -> None:
        """Stop the driver, close the journal and flush the event file; safe to call twice."""
        self.driver.close()
        if self.journal is not None:
            self.journal.close()
        if self.event_stream is not None and self.event_stream is not sys.stdout:
            with suppress(OSError):
                self.event_stream.close()


def open_table(
    config: TableConfig,
    *,
    subscribers: tuple[Subscriber, ...] = (),
    stop_after_shoes: int | None = None,
) -> Table:
    """A table ready to ``runner.run()``, its driver started and its subscribers attached.

    With a journal, it is self-tested (JournalError if it fails) and replayed before the driver
    opens or anything is published: the table carries on exactly where it stopped.
    """
    profile = load_profile(config.profile)
    journal = Journal.open(config.journal_path) if config.journal_path else None
    try:
        return _assemble(config, profile, journal, subscribers, stop_after_shoes)
    except BaseException:
        if journal is not None:
            journal.close()
        raise


def _assemble(
    config: TableConfig,
    profile: Profile,
    journal: Journal | None,
    subscribers: tuple[Subscriber, ...],
    stop_after_shoes: int | None,
) -> Table:
    bus = EventBus(config.table_id)
    event_stream = _open_event_stream(config.events_path)
    if event_stream is not None:
        bus.subscribe(EventFile(event_stream))
    for subscriber in subscribers:
        bus.subscribe(subscriber)
    controller = TableController(config, profile, bus)
    runner = TableRunner(controller, stop_after_shoes)
    view_events = resume(controller, journal) if journal is not None else []
    driver = open_driver(sim_with_profile_decks(config.driver_url, profile), runner.submit)
    controller.driver = driver
    if journal is not None:
        runner.rebuild = lambda: rebuilt(TableController(config, profile, bus, driver), journal)
        runner.fault_folder = journal.path.parent
    try:
        if journal is not None:
            prime_driver(driver, journal, journal.restart_events())
        restore_driver(driver, controller, view_events)
        driver.start()
    except BaseException:
        driver.close()
        raise
    return Table(config, profile, bus, controller, runner, driver, event_stream, journal,
                 view_events)


def sim_with_profile_decks(url: str, profile: Profile) -> str:
    """A simulated shoe holds as many decks as the profile says, unless the URL says."""
    parsed = DriverUrl.parse(url)
    if parsed.scheme != "sim" or {"decks", "script"} & parsed.options.keys():
        return url
    return f"{url}{'&' if '?' in url else '?'}decks={profile.decks}"


def _open_event_stream(path: str | None) -> TextIO | None:
    if path is None:
        return None
    if path == "-":
        return sys.stdout
    return Path(path).open("a", encoding="utf-8")


def with_overrides(config: TableConfig, **overrides: object) -> TableConfig:
    """The config with the command line's options (those not None) taking precedence."""
    return replace(config, **{key: value for key, value in overrides.items() if value is not None})
