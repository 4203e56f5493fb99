"""A whole shoe read by a real table from a listen-only reader in each format, through a real
pseudo-terminal and pyserial, into a real journal: the journal holds exactly the cards sent,
in order; misreads, alarms and warnings are never cards; the dealer confirms the new shoe and
marks the cut card, and the shoe ends after that card's round as after a shoe's own CUT."""

import contextlib
import json
import os
import queue
import threading
import tty
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.events import facts
from controller.events.stream import EventFileError, TableEvent
from controller.game.shoe_end import dealt_items
from controller.journal import JournalError
from controller.service.app import Table
from controller.table.commands import Action, Command
from controller.table.config import TableConfig, load_config
from drivers.card_codes import CUT
from drivers.readers import READER_FORMATS, reader_for
from drivers.shoe_order import build_shoe, shoe_random
from tests.support.journal import rows
from tests.support.reader import site_config
from tests.support.table import ONE_DECK
from ui.table_process import TableProcess

pytestmark = pytest.mark.timeout(60)

# What each device sends besides its cards: unreadable records, alarms, warnings.
NOT_CARDS = {
    "suit-number": [b"D14\r\n", b"X01\r\n"],
    "tagged": [b" [Game]<Game> ", b" [GameAlarm]<Alarm:Shoe empty> ", b"<W0x1F>",
               b" [Game]<Card:ZZ> "],
    "checksum-hex": [b"*0D21D8\r\n", b"*0D2E00\r\n"],
    "index": [b"0052\r\n", b"00x1\r\n"],
    "custom": [b"NOREAD\r\n", b"ERR door open\r\n", b"CARD 14-h\r\n"],
}
FAULTS = {"tagged": ["Shoe empty", "W0x1F"], "custom": ["door open"]}


class Watcher:
    """A subscriber that keeps every event and lets the test wait for one."""

    def __init__(self) -> None:
        self.events: list[TableEvent] = []
        self._changed = threading.Condition()

    def __call__(self, event: TableEvent) -> None:
        with self._changed:
            self.events.append(event)
            self._changed.notify_all()

    def wait(self, predicate: Callable[[list[TableEvent]], bool], timeout: float = 20.0) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: predicate(self.events), timeout), (
                f"waited in vain; last events: {[e.type for e in self.events[-5:]]}")


def reader_cards(events: Iterable[TableEvent]) -> int:
    return sum(1 for event in events if isinstance(event.fact, facts.Read | facts.Burn)
               and event.fact.source == "reader")


@contextlib.contextmanager
def running(
    config: TableConfig, watcher: Watcher, shoes: int | None = None
) -> Iterator[tuple[Callable[[object], None], threading.Event]]:
    """The table of ``config`` opened and run in a thread of its own (which owns its
    journal), ``watcher`` subscribed: yields (submit, ended) once it is open."""
    opened: queue.Queue[Table | JournalError | EventFileError] = queue.Queue()
    ended = threading.Event()
    with TableProcess(config, shoes) as process:
        process.start(watcher, opened=opened.put, refused=opened.put,
                      ended=lambda error: ended.set())
        table = opened.get(timeout=20)
        assert not isinstance(table, Exception), table
        yield table.runner.submit, ended


@pytest.fixture
def device() -> Iterator[tuple[str, Callable[[bytes], int]]]:
    """The reader's end of a raw pseudo-terminal: (device path, write)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    yield os.ttyname(slave), lambda data: os.write(master, data)
    os.close(master)
    os.close(slave)


def journaled(journal: Path, *types: str) -> list[tuple[str, dict[str, Any]]]:
    wanted = ", ".join(f"'{kind}'" for kind in types)
    return [(kind, json.loads(data)) for kind, data in rows(
        journal, f"SELECT type, data FROM events WHERE type IN ({wanted}) ORDER BY seq")]


@pytest.mark.parametrize("name", READER_FORMATS)
def test_a_table_reads_a_whole_shoe_in_each_format_and_the_dealer_marks_the_cut_card(
        tmp_path: Path, device: tuple[str, Callable[[bytes], int]], name: str) -> None:
    path, write = device
    journal = tmp_path / "table.db"
    (tmp_path / "table.toml").write_text(site_config())
    custom = load_config(tmp_path / "table.toml").reader if name == "custom" else None
    encoder = reader_for(name, custom)
    items = dealt_items(build_shoe(1, shoe_random(11, 0), cut_from_end=20))
    before_cut, after_cut = items[: items.index(CUT)], items[items.index(CUT) + 1:]
    config = TableConfig(profile=ONE_DECK, driver_url=f"serial://{path}?protocol={name}",
                         journal_path=str(journal), reader=custom)
    watcher = Watcher()
    with running(config, watcher, shoes=1) as (submit, ended):
        watcher.wait(lambda events: any(isinstance(e.fact, facts.Scanner) for e in events))
        submit(Command(Action.NEW_SHOE))  # the device cannot say it: the dealer does
        watcher.wait(lambda events: any(e.type == "shoe_started" for e in events))
        half = len(before_cut) // 2
        for code in before_cut[:half]:
            write(encoder.encode(code))
        for record in NOT_CARDS[name]:  # then the card after them passed again, read well
            write(record)
        for code in before_cut[half:]:
            write(encoder.encode(code))
        watcher.wait(lambda events: reader_cards(events) == len(before_cut))
        submit(Command(Action.CUT_CARD))  # the dealer sees the cut card come out
        watcher.wait(lambda events: any(e.type == "cut_card" for e in events))
        write(b"".join(encoder.encode(code) for code in after_cut))
        assert ended.wait(30), "the shoe did not end"  # the table stops after its one shoe
    cards = journaled(journal, "reveal", "burn", "card")
    assert [fields["card"] for _, fields in cards] == [*before_cut, *after_cut]
    assert all(fields["source"] == "reader" for _, fields in cards)
    assert not journaled(journal, "hold")
    (_, cut), = journaled(journal, "cut_card")
    assert cut["source"] == "manual"
    (_, shoe_ended), = journaled(journal, "shoe_ended")
    assert shoe_ended["rounds"] == cut["last_round"]  # the cut card's round was the last
    misreads = journaled(journal, "misread")
    faults = [fields["message"] for _, fields in journaled(journal, "device_fault")]
    assert faults == FAULTS.get(name, [])
    assert sum(fields["count"] for _, fields in misreads) == len(NOT_CARDS[name]) - len(faults)
    assert all(fields["rescan_by_hand"] for _, fields in misreads)


def test_a_card_read_before_the_dealer_confirms_the_new_shoe_is_held_not_lost(
        tmp_path: Path, device: tuple[str, Callable[[bytes], int]]) -> None:
    path, write = device
    journal = tmp_path / "table.db"
    config = TableConfig(driver_url=f"serial://{path}?protocol=suit-number",
                         journal_path=str(journal))
    watcher = Watcher()
    with running(config, watcher):
        watcher.wait(lambda events: any(isinstance(e.fact, facts.Scanner) for e in events))
        write(b"D12\r\n")  # no shoe confirmed: the device does not wait, nor resend
        watcher.wait(lambda events: any(e.type == "hold" for e in events))
    (_, hold), = journaled(journal, "hold")
    assert (hold["code"], hold["card"], hold["raw"]) == ("card_before_new_shoe", "QD", "D12")
