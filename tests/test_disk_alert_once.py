"""The disk alert is raised when a person must act, once: a wall clock stepped back (its rows
then stamped before the rows they follow) clears nothing, no alert says "room for  days",
and a restart does not raise again an alert that still stands (docs/journal.md, "Disk
budget"). Real SQLite journals; the table's wall clock is injected."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

from controller.events.facts import DiskAlert
from controller.service.app import Table, open_table
from controller.table.config import TableConfig
from tests.support.journal import generated_journal, generated_journal_fixtures, rows

MB = 1_000_000
HOUR = 3600.0

generated, journal = generated_journal_fixtures(2)


def disk_alerts(journal: Path) -> list[tuple[str, str]]:
    return rows(journal, "SELECT json_extract(data, '$.state'), json_extract(data, "
                         "'$.days_left') FROM events WHERE type = 'disk_alert' ORDER BY seq")


def start(journal: Path, free: int, wall: Callable[[], float]=time.time) -> Table:
    config = TableConfig(driver_url="sim://?seed=5&rate=0", journal_path=str(journal))
    return open_table(config, stop_after_shoes=1, exposure=False,
                      free_space=lambda folder: free, wall=wall)


def test_a_restart_does_not_raise_again_an_alert_that_still_stands(journal: Path) -> None:
    table = start(journal, 5 * MB)
    table.run()  # a shoe played to its end, the disk as short as before
    [raised] = disk_alerts(journal)
    assert raised[0] == "raised"
    restarted = start(journal, 5 * MB)
    # The alert still stands, in the view (the display's header, the status line) ...
    assert [cast(DiskAlert, event.fact).state for event in restarted.view_events
            if event.type == "disk_alert"] == ["raised"]
    restarted.run()
    assert disk_alerts(journal) == [raised]  # ... raised once
    # Space freed: cleared at the next start, with the days there is room for.
    start(journal, 500_000 * MB).close()
    assert [state for state, _ in disk_alerts(journal)] == ["raised", "cleared"]
    assert float(disk_alerts(journal)[-1][1]) > 30


def test_a_clock_stepped_back_clears_nothing(tmp_path: Path) -> None:
    """Ninety minutes of history, the alert raised; then the wall clock steps back an hour
    and a shoe is played: its rows are stamped before the rows they follow."""
    journal = generated_journal(tmp_path, 1.5 / 24)
    start(journal, 5 * MB).close()
    assert [state for state, _ in disk_alerts(journal)] == ["raised"]
    stepped_back = start(journal, 5 * MB, wall=lambda: time.time() - HOUR)
    stepped_back.run()
    assert [state for state, _ in disk_alerts(journal)] == ["raised"]
    assert all(days for _, days in disk_alerts(journal))  # never "room for  days"
