"""The table's loop with a driver that reads in its own thread: every input reaches the table
through the loop's queue, in order, and the loop keeps the timers."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from controller.events.stream import TableEvent
from controller.service.app import open_table
from controller.table.config import TableConfig
from tests.support.clock import ManualClock
from tests.support.journal import wait_for

pytestmark = pytest.mark.timeout(60)

START = "3H,2S,2H,2D"  # the reveal card 3 and its three burn cards
ROUND = "9S,KH,TC,2D"  # player 9, banker 2


@contextmanager
def running(config: TableConfig, clock: Callable[[], float] = time.monotonic,
            ) -> Iterator[list[TableEvent]]:
    """A table on ``config`` run in a thread; the events it delivered so far."""
    events: list[TableEvent] = []
    table = open_table(config, subscribers=(events.append,), exposure=False, clock=clock)
    loop = threading.Thread(target=table.run)
    loop.start()
    try:
        yield events
    finally:
        table.close()
        loop.join()


def run_until(config: TableConfig, done: Callable[[list[TableEvent]], bool],
              timeout: float = 20.0) -> list[TableEvent]:
    """Run a table on ``config`` in a thread until ``done(events)`` or ``timeout``."""
    with running(config) as events:
        wait_for(lambda: done(events), timeout)
    return events


def test_a_live_countdown_opened_by_a_card_from_the_reader_thread_closes_betting_on_time() -> None:
    # The simulated shoe deals in its own thread: the last burn card, handled there, opens a
    # live round whose countdown only the loop's thread keeps, on the table's clock.
    config = TableConfig(driver_url=f"sim://?script={START},{ROUND}&rate=200", betting="live",
                         betting_seconds=1)
    clock = ManualClock(100.0)
    with running(config, clock) as events:
        wait_for(lambda: any(e.type == "betting_open" for e in events))
        clock.now = 100.99
        clock.read_twice()  # the loop has looked at the time since
        assert not any(e.type == "betting_closed" for e in events), "closed before its second"
        clock.now = 101.0
        wait_for(lambda: any(e.type == "round_result" for e in events))
    closed = next(e for e in events if e.type == "betting_closed")
    assert closed.fields["reason"] == "timer"
    assert [e.fields["card"] for e in events if e.type == "card"] == ROUND.split(",")


def test_inputs_from_a_reader_thread_keep_their_order_and_numbering() -> None:
    config = TableConfig(driver_url=f"sim://?script={START},{ROUND},{ROUND}&rate=500")
    events = run_until(config, lambda seen: sum(e.type == "round_result" for e in seen) == 2)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    results = [e.fields["player"] for e in events if e.type == "round_result"]
    assert results == [["9S", "TC"], ["9S", "TC"]]


def test_one_thread_owns_the_table_its_journal_and_every_subscriber_call(tmp_path: Path) -> None:
    # A reader thread deals the cards; the table is opened, run and closed by one other thread,
    # whose journal connection SQLite would refuse anywhere else.
    callers: set[str] = set()
    results: list[TableEvent] = []

    def witness(event: TableEvent) -> None:
        callers.add(threading.current_thread().name)
        if event.type == "round_result":
            results.append(event)

    config = TableConfig(driver_url=f"sim://?script={START},{ROUND},{ROUND}&rate=500",
                         journal_path=str(tmp_path / "table.db"))

    def own() -> None:
        table = open_table(config, subscribers=(witness,), exposure=False)

        def stop_after_two_rounds() -> None:
            wait_for(lambda: len(results) >= 2, 20)
            table.runner.stop()

        stopper = threading.Thread(target=stop_after_two_rounds)
        stopper.start()
        table.run()
        stopper.join()

    owner = threading.Thread(target=own, name="table-owner")
    owner.start()
    owner.join(timeout=30)
    assert len(results) == 2
    assert callers == {"table-owner"}
