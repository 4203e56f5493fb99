"""A smart shoe's sequence numbers, end to end: the real serial driver on a pseudo-terminal the
test plays as the shoe (unplugged and plugged back in by closing and remaking it behind one
link), feeding a table controller. What the test checks is what the table records: each
physical card once, never one dropped, and a hold quoting any frame it cannot place."""

import os
import select
from collections.abc import Iterator
from pathlib import Path

import pytest

from drivers import open_driver
from drivers.base import CardRead
from drivers.emulator import ShoeEmulator
from drivers.shoe_protocol import decode_frame, encode_frame
from tests.support.driver_events import EventLog
from tests.support.table import Table

pytestmark = pytest.mark.timeout(60)


class PluggedShoe:
    """The shoe's end of a pty behind ``link``; ``unplug`` closes it, losing what it had not
    read, as pulling the cable does; ``plug`` makes a new one behind the same link."""

    def __init__(self, link: Path) -> None:
        self.link = link
        self.emulator: ShoeEmulator | None = None
        self.pending = b""

    def plug(self) -> None:
        self.emulator = ShoeEmulator([], protocol="shoe", link=self.link)
        self.emulator.open()
        self.pending = b""

    def unplug(self) -> None:
        if self.emulator is not None:
            self.emulator.close()
        self.emulator = None

    def send(self, kind: str, seq: int, code: str | None = None) -> bytes:
        frame = encode_frame(kind, seq, code)
        assert self.emulator is not None
        os.write(self.emulator._master, frame)
        return frame.strip()

    def replies(self, quiet: float = 0.3) -> list[str]:
        """The frames the table sent until it was quiet for ``quiet`` seconds, as ``A,7``."""
        assert self.emulator is not None
        master = self.emulator._master
        while select.select([master], [], [], quiet)[0]:
            self.pending += os.read(master, 256)
        *lines, self.pending = self.pending.split(b"\n")
        return [f"{frame.kind},{frame.seq}" for frame in
                (decode_frame(line.rstrip(b"\r")) for line in lines)]


class ShoeTable:
    """A table whose reader is ``serial://LINK?protocol=shoe``; ``settle`` hands the
    controller each driver event, as the table's loop does."""

    def __init__(self, link: Path) -> None:
        self.table = Table()
        self.log = EventLog()
        self.driver = open_driver(f"serial://{link}?protocol=shoe", self.log.put)
        self.table.controller.driver = self.driver
        self.driver.start()

    def settle(self, kind: str) -> None:
        """Handle driver events up to and including the next of ``kind``."""
        while True:
            event = self.log.next()
            self.table.controller.handle(event)
            if event.kind == kind:
                return

    def drain(self, quiet: float = 0.3) -> None:
        """Handle every driver event until none comes for ``quiet`` seconds."""
        while (event := self.log.poll(quiet)) is not None:
            self.table.controller.handle(event)

    def dealt(self) -> list[tuple[str, str]]:
        return [(event.fields["position"], event.fields["card"])
                for event in self.table.of_type("card")]

    def close(self) -> None:
        self.driver.close()


@pytest.fixture
def shoe_and_table(tmp_path: Path) -> Iterator[tuple[PluggedShoe, ShoeTable]]:
    link = tmp_path / "shoe"
    shoe = PluggedShoe(link)
    shoe.plug()
    table = ShoeTable(link)
    table.settle("connected")
    yield shoe, table
    table.close()
    shoe.unplug()


def start_round(shoe: PluggedShoe, table: ShoeTable, first_seq: int) -> int:
    """A new shoe from the device, its reveal card (3H), three burns and 9S to player1, the
    frames numbered from ``first_seq``; the seq of the shoe's next frame."""
    shoe.send("S", first_seq)
    table.settle("shoe_shuffled")
    for offset, code in enumerate(["3H", "2S", "2H", "2D", "9S"], start=1):
        shoe.send("C", first_seq + offset, code)
        table.settle("card")
    assert table.dealt() == [("player1", "9S")]
    assert shoe.replies() == [f"A,{(first_seq + offset) % 1000}" for offset in range(6)]
    return (first_seq + 6) % 1000


def replug(shoe: PluggedShoe, table: ShoeTable, typed: str | None = None) -> None:
    """The shoe is unplugged (the dealer types ``typed`` meanwhile) and plugged back in."""
    shoe.unplug()
    table.settle("disconnected")
    if typed is not None:
        table.table.command("manual_card", card=typed)
    shoe.plug()
    table.settle("connected")


@pytest.mark.parametrize("before_unplug", [("C", "CUT"), ("M", None), ("C", "8C")])
def test_the_card_typed_while_the_shoe_was_unplugged_counts_once_whatever_frame_came_before(
        shoe_and_table: tuple[PluggedShoe, ShoeTable],
        before_unplug: tuple[str, str | None]) -> None:
    # The shoe sends its cut card or a no-read (both numbered), is unplugged, the dealer types
    # the next card by hand, and plugged back in, the shoe sends its kept frame for it.
    shoe, table = shoe_and_table
    seq = start_round(shoe, table, 40)
    kind, code = before_unplug
    shoe.send(kind, seq, code)
    table.drain()
    replug(shoe, table, typed="KD")
    shoe.send("C", seq + 1, "KD")
    table.settle("card")
    shoe.send("C", seq + 2, "QH")
    table.settle("card")
    dealt = [("player1", "9S"), *([("banker1", "8C")] if code == "8C" else [])]
    after = ["banker1", "player2"] if code != "8C" else ["player2", "banker2"]
    assert table.dealt() == [*dealt, (after[0], "KD"), (after[1], "QH")]
    (duplicate,) = table.table.of_type("duplicate_card")
    assert (duplicate.fields["card"], duplicate.fields["frame_seq"]) == ("KD", seq + 1)
    assert shoe.replies() == [f"A,{seq + 1}", f"A,{seq + 2}"]  # the shoe stops resending it


def test_a_card_the_shoe_read_after_a_replug_is_dealt_even_if_one_was_typed(
    shoe_and_table: tuple[PluggedShoe, ShoeTable],
) -> None:
    # Typed 5C while away, but the shoe's frame after the replug is another card: a new one.
    shoe, table = shoe_and_table
    seq = start_round(shoe, table, 40)
    replug(shoe, table, typed="5C")
    shoe.send("C", seq, "KD")
    table.settle("card")
    assert table.dealt() == [("player1", "9S"), ("banker1", "5C"), ("player2", "KD")]
    assert not table.table.of_type("duplicate_card")


def test_frame_0_resent_after_its_acknowledgement_was_lost_to_an_unplug_counts_once(
        shoe_and_table: tuple[PluggedShoe, ShoeTable]) -> None:
    # Every thousandth frame is numbered 0 (999 wraps to 0): its resend is not a new shoe.
    shoe, table = shoe_and_table
    assert start_round(shoe, table, 995) == 1  # 9S was frame 0
    replug(shoe, table)  # the shoe resends 9S, as when our $A for it is lost to the unplug
    shoe.send("C", 0, "9S")
    assert shoe.replies() == ["A,0"]
    shoe.send("C", 1, "KD")
    table.settle("card")
    assert table.dealt() == [("player1", "9S"), ("banker1", "KD")]


@pytest.mark.parametrize("first_after_reset", [("S", None), ("C", "KD")])
def test_a_shoe_whose_numbering_restarts_on_an_open_port_is_recorded_and_held(
        shoe_and_table: tuple[PluggedShoe, ShoeTable],
        first_after_reset: tuple[str, str | None]) -> None:
    # An RS-232 shoe behind a USB adapter is power-cycled: the port stays open, the shoe
    # numbers from 0 again. Every frame it sends is recorded; the table holds, quoting it.
    shoe, table = shoe_and_table
    last = start_round(shoe, table, 50) - 1
    kind, code = first_after_reset
    raw = shoe.send(kind, 0, code)
    table.settle("shoe_shuffled" if kind == "S" else "card")
    hold = table.table.of_type("hold")[0]
    assert hold.fields["code"] == "frame_out_of_sequence"
    assert hold.fields["raw"] == raw.decode() and hold.fields["source"] == "reader"
    assert hold.fields["message"] == (f"the shoe's frame 0 cannot follow its frame {last} (the "
                                    f"next is {last + 1}): its numbering went back, as after a "
                                    "reset")
    assert table.table.state == "hold"
    shoe.send("C", 1, "QH")
    table.settle("card")
    held = [event.fields["card"] for event in table.table.of_type("hold") if event.fields["card"]]
    assert held == ([] if kind == "S" else ["KD"]) + ["QH"]
    assert shoe.replies() == ["A,0", "A,1"]  # each acknowledged once recorded
    table.table.supervisor("accept_card")
    assert table.dealt() == [("player1", "9S"), *(
        [("banker1", "QH")] if kind == "S" else [("banker1", "KD"), ("player2", "QH")])]
    shoe.send("C", 2, "2C")  # the numbering goes on from the restart
    table.settle("card")
    assert table.dealt()[-1][1] == "2C" and table.table.state != "hold"


def test_a_restarted_table_places_the_frame_after_a_no_read_it_recorded(tmp_path: Path) -> None:
    # The journal's last frame from the shoe is a no-read ($M, numbered like any frame): the
    # card after it follows it, no hold.
    from controller.journal import Journal
    from controller.table.restart import prime_driver, resume

    journal_path, link = tmp_path / "table.db", tmp_path / "shoe"
    shoe = PluggedShoe(link)
    shoe.plug()
    first = ShoeTable(link)
    first.table.bus.store = Journal.open(journal_path)
    first.settle("connected")
    seq = start_round(shoe, first, 60)
    shoe.send("M", seq)
    first.settle("misread")
    first.close()
    first.table.bus.store.close()
    second = Table()
    journal = Journal.open(journal_path)
    events = resume(second.controller, journal)
    log = EventLog()
    driver = open_driver(f"serial://{link}?protocol=shoe", log.put)
    second.controller.driver = driver
    prime_driver(driver, journal, events)
    driver.start()
    try:
        assert log.next().kind == "connected"
        shoe.send("C", seq + 1, "KD")
        card = log.next_as(CardRead)
        assert (card.kind, card.code, card.seq) == ("card", "KD", seq + 1)
        second.controller.handle(card)
        assert second.controller.state == "player2"
        assert log.quiet(0.2)
    finally:
        driver.close()
        journal.close()
        shoe.unplug()
