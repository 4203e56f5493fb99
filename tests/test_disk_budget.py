"""The disk budget: the days of journal space left at the journal's own recent write rate, and
its alert (journaled, so on the feed; in the display's header; in the service's status) when
fewer than ``[journal] min_free_days`` are left (docs/journal.md, "Disk budget")."""

from __future__ import annotations

import signal
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from benchmarks.journal_generator import ROWS_A_DAY
from controller.events import facts
from controller.feed.outbox import FeedRecord, write_record
from controller.journal.disk_budget import estimate
from controller.service.app import Table, open_table
from controller.table.config import TableConfig
from tests.support.display import shown_window
from tests.support.feed import Broker, Subscriber, feed_config, needs_mosquitto, table_process
from tests.support.journal import generated_journal_fixtures, rows, wait_for
from tests.test_service_notify import run_under_notify_socket

DAYS = 2
MB = 1_000_000


generated, journal = generated_journal_fixtures(DAYS)


def disk_alerts(journal: Path) -> list[tuple[str, str]]:
    return rows(journal, "SELECT json_extract(data, '$.state'), json_extract(data, "
                         "'$.days_left') FROM events WHERE type = 'disk_alert' ORDER BY seq")


def test_the_rate_is_the_journals_own_bytes_a_day(journal: Path) -> None:
    budget = estimate(journal, lambda folder: 50 * MB)
    size = journal.stat().st_size
    assert size / DAYS * 0.7 < budget.bytes_per_day < size / DAYS * 1.3
    assert budget.days_left == pytest.approx(50 * MB / budget.bytes_per_day)
    # About what a busy table writes: some hundreds of bytes a row.
    assert 100 < budget.bytes_per_day / ROWS_A_DAY < 1000


def start(journal: Path, free: list[int], **options: Any) -> Table:
    config = TableConfig(driver_url="sim://?seed=5&rate=0", journal_path=str(journal), **options)
    return open_table(config, stop_after_shoes=1, exposure=False,
                      free_space=lambda folder: free[0])


def test_a_short_disk_is_an_alert_in_the_header_from_the_start(qtbot: QtBot, journal: Path) -> None:
    table = start(journal, [5 * MB])
    table.close()
    alert = table.view_events[-1]
    assert isinstance(alert.fact, facts.DiskAlert) and alert.fact.state == "raised"
    assert disk_alerts(journal) == [("raised", alert.fact.days_left)]  # journaled: on the feed
    assert float(alert.fact.days_left) < 30
    window = shown_window(qtbot)
    window.on_events(table.view_events)
    field = window.status.fields["disk"]
    assert field.isVisible()
    assert field.text() == f"JOURNAL DISK: {alert.fact.days_left} days of space left"
    cleared = alert._replace(seq=alert.seq + 1, fact=facts.DiskAlert(
        state="cleared", days_left="45.0", free_bytes=1, bytes_per_day=1, min_free_days=30,
        folder=alert.fact.folder))
    window.on_events([cleared])
    assert not field.isVisible()


def test_room_enough_says_nothing(journal: Path) -> None:
    table = start(journal, [500_000 * MB])
    table.close()
    assert disk_alerts(journal) == []


def test_the_disk_is_checked_again_at_each_shoes_end(journal: Path) -> None:
    free = [500_000 * MB]
    table = start(journal, free)
    assert disk_alerts(journal) == []
    free[0] = 5 * MB  # the disk fills meanwhile (a log gone wild)
    table.run()
    assert [state for state, _ in disk_alerts(journal)] == ["raised"]
    free[0] = 500_000 * MB  # room again: cleared as the table starts
    start(journal, free).close()
    assert [state for state, _ in disk_alerts(journal)] == ["raised", "cleared"]


def test_the_alert_stands_in_the_service_status(journal: Path, tmp_path: Path) -> None:
    """A real table process under a notify socket; the disk made short by asking for more
    days than any disk holds."""
    config = tmp_path / "table.toml"
    config.write_text(f'[journal]\npath = "{journal}"\nmin_free_days = 100000000\n')
    done, messages = run_under_notify_socket(tmp_path, "--config", str(config), "--driver",
                                             "sim://?seed=5&rate=0", "--shoes", "1")
    assert done.returncode == 0, done.stderr
    statuses = [m for m in messages if m.startswith("STATUS=")]
    disk = [m for m in statuses if "DISK: " in m]
    assert disk and f"journal space left in {journal.parent} (below 100000000" in disk[0]
    # It stays on the lines that follow (a round in play, the shoe's end).
    assert any(m.startswith("STATUS=shoe") and "DISK: " in m for m in statuses)
    # Headless, the operator reads it too, from the start.
    assert done.stdout.startswith(f"DISK: {disk[0].split('DISK: ')[1].split(' days')[0]} days "
                                  f"of journal space left in {journal.parent}")


@needs_mosquitto
def test_the_alert_goes_out_on_the_floor_feed(journal: Path, tmp_path: Path) -> None:
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Broker(folder)
    broker.start()
    try:
        subscriber = Subscriber(broker, "baccarat/t1/#")
        [(last, digest)] = rows(journal, "SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1")
        # The broker had it all before: the relay resumes after the journal's last row.
        write_record(journal, FeedRecord(acked_seq=last, acked_hash=digest.hex()))
        config = feed_config(tmp_path, broker, extra="[journal]\nmin_free_days = 100000000\n")
        table = table_process(config, journal, "sim://?seed=5&rate=0")
        wait_for(lambda: "disk_alert" in [event["type"] for event in subscriber.events()],
                 timeout=120)
        table.send_signal(signal.SIGTERM)
        assert table.wait(timeout=60) == 0
        subscriber.close()
    finally:
        broker.stop()
    alert = next(event for event in subscriber.events() if event["type"] == "disk_alert")
    data = alert["data"]
    assert (data["state"], data["min_free_days"], data["folder"]) == (
        "raised", 100000000, str(tmp_path))
    assert rows(journal, f"SELECT type FROM events WHERE seq = {alert['seq']}") == [
        ("disk_alert",)]
