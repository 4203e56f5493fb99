"""The table's loop with a driver that reads in its own thread: every input reaches the table
through the loop's queue, in order, and the loop keeps the timers."""

from __future__ import annotations

import threading
import time

import pytest

from controller.events.stream import TableEvent
from controller.service.app import open_table
from controller.table.config import TableConfig

pytestmark = pytest.mark.timeout(60)

START = "3H,2S,2H,2D"  # the reveal card 3 and its three burn cards
ROUND = "9S,KH,TC,2D"  # player 9, banker 2


def run_until(config: TableConfig, done, timeout: float = 20.0) -> list[TableEvent]:
    """Run a table on ``config`` in a thread until ``done(events)`` or ``timeout``."""
    events: list[TableEvent] = []
    table = open_table(config, subscribers=(events.append,), exposure=False)
    loop = threading.Thread(target=table.run)
    loop.start()
    try:
        deadline = time.monotonic() + timeout
        while not done(events) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        table.close()
        loop.join()
    return events


def test_a_live_countdown_opened_by_a_card_from_the_reader_thread_closes_betting_on_time():
    # The simulated shoe deals in its own thread: the last burn card, handled there, opens a
    # live round whose countdown only the loop's thread keeps.
    config = TableConfig(driver_url=f"sim://?script={START},{ROUND}&rate=200", betting="live",
                         betting_seconds=1)
    events = run_until(config, lambda seen: any(e.type == "round_result" for e in seen))
    opened = next(e for e in events if e.type == "betting_open")
    closed = next(e for e in events if e.type == "betting_closed")
    assert closed.fields["reason"] == "timer"
    assert [e.fields["card"] for e in events if e.type == "card"] == ROUND.split(",")
    waited = time.mktime(time.strptime(closed.ts[:19], "%Y-%m-%dT%H:%M:%S")) - time.mktime(
        time.strptime(opened.ts[:19], "%Y-%m-%dT%H:%M:%S"))
    assert 0 <= waited <= 3  # the countdown's one second, to whole seconds of the stamps


def test_inputs_from_a_reader_thread_keep_their_order_and_numbering():
    config = TableConfig(driver_url=f"sim://?script={START},{ROUND},{ROUND}&rate=500")
    events = run_until(config, lambda seen: sum(e.type == "round_result" for e in seen) == 2)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    results = [e.fields["player"] for e in events if e.type == "round_result"]
    assert results == [["9S", "TC"], ["9S", "TC"]]


def test_one_thread_owns_the_table_its_journal_and_every_subscriber_call(tmp_path):
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
            deadline = time.monotonic() + 20
            while len(results) < 2 and time.monotonic() < deadline:
                time.sleep(0.01)
            table.runner.stop()

        threading.Thread(target=stop_after_two_rounds).start()
        table.run()

    owner = threading.Thread(target=own, name="table-owner")
    owner.start()
    owner.join(timeout=30)
    assert len(results) == 2
    assert callers == {"table-owner"}
