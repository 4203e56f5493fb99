"""The display's header shows the floor feed's state: connected, or how many events wait."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PyQt6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from common.broker import BrokerSettings
from controller.feed.relay import FeedRelay
from controller.service.app import open_table
from controller.table.config import TableConfig
from tests.support.feed import Broker, free_port, needs_mosquitto
from tests.support.journal import last_seq
from ui.display.app import show_feed
from ui.display.window import DisplayWindow


def journal_of_a_shoe(folder: Path) -> Path:
    """A journal holding one simulated shoe, played with no feed (as during an outage)."""
    journal = folder / "t1.db"
    table = open_table(TableConfig(table_id="t1", driver_url="sim://?seed=5&rate=0",
                                   journal_path=str(journal)), stop_after_shoes=1)
    try:
        table.runner.run()
    finally:
        table.close()
    return journal


@contextmanager
def feed_field(qtbot: QtBot, port: int, journal: Path) -> Iterator[QLabel]:
    """The header's feed field of a window showing a relay's state; both stopped after."""
    relay = FeedRelay(BrokerSettings("127.0.0.1", port, False, "t1"), journal, "t1")
    relay.start()
    window = DisplayWindow(journal="ok")
    qtbot.addWidget(window)
    timer = show_feed(window, relay)
    try:
        yield window.status.fields["feed"]
    finally:
        timer.stop()
        relay.stop()


def test_a_broker_away_shows_the_events_waiting(qtbot: QtBot, tmp_path: Path) -> None:
    journal = journal_of_a_shoe(tmp_path)
    with feed_field(qtbot, free_port(), journal) as field:  # nothing listens there
        qtbot.waitUntil(lambda: field.text() == f"feed: offline, {last_seq(journal)} waiting",
                        timeout=20000)


@needs_mosquitto
def test_connected_once_everything_is_acknowledged(qtbot: QtBot, tmp_path: Path) -> None:
    journal = journal_of_a_shoe(tmp_path)
    folder = tmp_path / "broker"
    folder.mkdir()
    broker = Broker(folder)
    broker.start()
    try:
        with feed_field(qtbot, broker.port, journal) as field:
            qtbot.waitUntil(lambda: field.text() == "feed: connected", timeout=20000)
            assert not field.isHidden()
    finally:
        broker.stop()


def test_no_feed_no_field(qtbot: QtBot) -> None:
    window = DisplayWindow(journal="ok")
    qtbot.addWidget(window)
    assert window.status.fields["feed"].isHidden()


pytestmark = pytest.mark.timeout(120)
