"""The five-wrong-PIN lockout runs on the table's monotonic clock (injected here), never on
the wall clock: a clock stepped back (NTP, a dead RTC battery, daylight saving on a PC set to
local time) neither lengthens nor shortens it, and a restart runs a lockout the journal does
not show ended for its full minute from the restart (docs/operator.md, "Supervisor PIN")."""

from __future__ import annotations

from pathlib import Path

from controller.events.stream import TableEvent
from controller.journal import Journal
from controller.service.app import Table as ServiceTable
from controller.service.app import open_table
from controller.table.commands import Action, Command
from controller.table.config import TableConfig
from controller.table.supervisor import PIN_LOCKOUT_SECONDS
from tests.support.table import PIN, PIN_HASH, Table

HOUR = 3600.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def guess(table: Table | ServiceTable, times: int, action: Action = Action.CLEAR_ROADS) -> None:
    for _ in range(times):
        table.controller.handle(Command(action, by="guesser", pin="0000", reason="x"))


def supervise(table: Table | ServiceTable, action: Action = Action.CLEAR_ROADS) -> None:
    table.controller.handle(Command(action, by="sup", pin=PIN, reason="misdeal"))


def reason_of_last_refusal(events: list[TableEvent]) -> str:
    return str([event for event in events if event.type == "action_refused"][-1].fields["reason"])


def test_a_clock_stepped_back_neither_lengthens_nor_shortens_a_lockout() -> None:
    monotonic, wall = Clock(100.0), Clock(1_800_000_000.0)
    table = Table(clock=monotonic, wall=wall)
    table.start_shoe()
    table.deal("9S KH")
    guess(table, 5, Action.VOID_ROUND)
    assert "locked for 60 s" in table.last("action_refused").fields["reason"]
    wall.now -= HOUR  # NTP steps the wall clock back an hour
    monotonic.now += 30
    supervise(table, Action.VOID_ROUND)
    assert "locked for 30 s more" in table.last("action_refused").fields["reason"]
    assert not table.of_type("round_voided")
    wall.now += 2 * HOUR  # and forward: still locked, the minute is not over
    monotonic.now += 29
    supervise(table, Action.VOID_ROUND)
    assert "locked for 1 s more" in table.last("action_refused").fields["reason"]
    monotonic.now += 1
    supervise(table, Action.VOID_ROUND)
    assert table.last("round_voided").fields["reason"] == "misdeal"


def journal_with_a_lockout(path: Path, wall: Clock) -> None:
    """A table whose wall clock read ``wall`` when five wrong PINs locked it, then stopped."""
    table = Table(wall=wall)
    store = Journal.open(path)
    table.bus.store = store
    table.start_shoe()
    guess(table, 5)
    store.close()


def restart(path: Path, clock: Clock) -> ServiceTable:
    config = TableConfig(table_id="test-table", journal_path=str(path), pin_hash=PIN_HASH,
                         driver_url="sim://?script=CUT")
    return open_table(config, exposure=False, clock=clock)


def test_a_restart_runs_the_lockout_for_its_minute_whatever_the_wall_clock_said(
    tmp_path: Path
) -> None:
    """The clock was an hour fast when the lockout began and NTP has set it right since: the
    journal's locked_until is an hour and a minute ahead of the wall clock."""
    path = tmp_path / "journal.sqlite3"
    journal_with_a_lockout(path, Clock(1_800_000_000.0 + HOUR))
    monotonic = Clock(5.0)  # the PC rebooted: its monotonic clock starts again
    table = restart(path, monotonic)
    events: list[TableEvent] = []
    table.bus.subscribe(events.append)
    try:
        supervise(table)
        assert reason_of_last_refusal(events).endswith(
            f"locked for {PIN_LOCKOUT_SECONDS} s more")
        monotonic.now += PIN_LOCKOUT_SECONDS
        supervise(table)
        assert [event.type for event in events if event.type in (
            "operator_action", "action_refused")][-1] == "operator_action"
    finally:
        table.close()


def test_a_lockout_the_journal_shows_ended_is_not_run_again(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    monotonic = Clock(0.0)
    table = Table(clock=monotonic)
    store = Journal.open(path)
    table.bus.store = store
    table.start_shoe()
    guess(table, 5)
    monotonic.now += PIN_LOCKOUT_SECONDS
    supervise(table)  # the lockout was over: the right PIN passed
    assert table.last("operator_action").fields["action"] == "clear_roads"
    store.close()
    restarted = restart(path, Clock(0.0))
    events: list[TableEvent] = []
    restarted.bus.subscribe(events.append)
    try:
        supervise(restarted)
        assert [event.type for event in events if event.type in (
            "operator_action", "action_refused")] == ["operator_action"]
    finally:
        restarted.close()
