"""A listen-only reader cannot see the cut card or read again on request: the dealer marks the
cut card (``cut``, key X), which the table takes exactly as a shoe's own; its misreads tell the
dealer to pass the card again; its alarms and warnings are recorded, never cards."""

import io
from collections.abc import Callable

from controller.events import facts
from controller.table.commands import Command
from controller.table.recovery import replay
from controller.view.scanner_health import ScannerHealth
from drivers.base import DeviceFault, Misread
from tests.support.table import RecordingDriver, Table
from ui.headless import HeadlessPrinter, parse_command

NATURAL_PLAYER_9 = "9S KH TC 2D"


def marked_and_seen(deal_cut: Callable[[Table, Callable[[Table], None]], None]) -> list[Table]:
    """Two tables dealt alike, one cut by the shoe (CUT), one by the dealer (``cut``)."""
    tables: list[Table] = []
    for by_dealer in (False, True):
        table = Table()
        table.start_shoe()
        deal_cut(table, (lambda t: t.command("cut_card")) if by_dealer else
                 (lambda t: t.deal("CUT")))
        tables.append(table)
    return tables


def test_the_dealer_s_cut_card_ends_the_shoe_after_its_round_as_the_shoe_s_own_does() -> None:
    def in_round(table: Table, cut: Callable[[Table], None]) -> None:
        table.deal(NATURAL_PLAYER_9)
        table.deal("2S 3C")
        cut(table)
        table.deal("3H 4C 5D")

    def between_rounds(table: Table, cut: Callable[[Table], None]) -> None:
        table.deal(NATURAL_PLAYER_9)
        cut(table)
        table.deal(NATURAL_PLAYER_9)

    for deal in (in_round, between_rounds):
        shoe, dealer = marked_and_seen(deal)
        assert dealer.state == shoe.state == "shoe_ended"
        assert dealer.last("shoe_ended").fields == shoe.last("shoe_ended").fields
        assert dealer.last("cut_card").fields == {**shoe.last("cut_card").fields, "raw": "",
                                                  "source": "manual"}
        assert dealer.last("operator_action").fields["action"] == "cut_card"


def test_the_cut_card_is_marked_once_a_second_is_refused() -> None:
    table = Table()
    table.start_shoe()
    table.command("cut_card")
    table.command("cut_card")
    assert len(table.of_type("cut_card")) == 1
    assert table.last("action_refused").fields["reason"] == "the cut card is already out"


def test_a_restart_rebuilds_a_dealer_s_cut_card_once() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    table.command("cut_card")
    twin = Table()
    replay(twin.controller, table.events)
    assert twin.controller.rounds.last_round == table.controller.rounds.last_round == 2
    twin.deal(NATURAL_PLAYER_9)
    assert twin.state == "shoe_ended"


def test_headless_cut_is_the_dealer_s_cut_card_command() -> None:
    command = parse_command("cut")
    assert isinstance(command, Command)
    assert command.action == "cut_card" and command.by == "dealer" and command.pin is None


class ListenOnlyDriver(RecordingDriver):
    @property
    def rescans_on_request(self) -> bool:
        return False  # no rescan trigger


def test_a_listen_only_reader_s_misread_asks_the_dealer_to_pass_the_card_again() -> None:
    table = Table()
    table.controller.driver = ListenOnlyDriver()
    table.start_shoe()
    table.controller.handle(Misread(b"D14"))
    assert table.last("misread").fields["rescan_by_hand"] is True
    out = io.StringIO()
    HeadlessPrinter(out)(table.last("misread"))
    assert out.getvalue().startswith("RESCAN CARD: pass it through the reader again (")


def test_a_reader_that_rescans_by_itself_says_nothing_of_the_dealer() -> None:
    table = Table()
    table.start_shoe()
    table.controller.handle(Misread(b"NR"))
    assert "rescan_by_hand" not in table.last("misread").fields


def test_device_alarms_and_warnings_are_recorded_and_counted_never_dealt() -> None:
    table = Table()
    table.start_shoe()
    before = table.controller.rounds.composition.cards_left
    table.controller.handle(DeviceFault(b"[GameAlarm]<Alarm:Shoe empty>", "alarm", "Shoe empty"))
    table.controller.handle(DeviceFault(b"<W0x1F>", "warning", "W0x1F"))
    faults = table.of_type("device_fault")
    assert [event.fields for event in faults] == [
        {"level": "alarm", "message": "Shoe empty", "raw": "[GameAlarm]<Alarm:Shoe empty>",
         "raw_hex": b"[GameAlarm]<Alarm:Shoe empty>".hex()},
        {"level": "warning", "message": "W0x1F", "raw": "<W0x1F>", "raw_hex": b"<W0x1F>".hex()},
    ]
    assert table.controller.rounds.composition.cards_left == before
    assert not table.of_type("card") and table.state == "betting"
    health = ScannerHealth()
    for event in table.events:
        health.apply(event)
    assert health.faults == 2
    out = io.StringIO()
    HeadlessPrinter(out)(faults[0])
    assert out.getvalue() == ("CARD READER ALARM: Shoe empty (sent "
                              "'[GameAlarm]<Alarm:Shoe empty>')\n")
    assert isinstance(faults[0].fact, facts.DeviceFault)
