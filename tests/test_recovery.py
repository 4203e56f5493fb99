"""Replaying journaled inputs rebuilds the controller exactly."""

from controller.table.recovery import replay, shoe_in_play
from tests.support.table import Table

ROUNDS = "9S KH TC 2D  2S 3C 3H 4C 5D  2S KS 3H 5H 5C AD"


def _twin(table: Table) -> Table:
    """A fresh table (same config) brought back from ``table``'s events."""
    twin = Table(profile=table.config.profile, **{
        key: getattr(table.config, key) for key in ("betting", "burn_scanned")})
    replay(twin.controller, table.events)
    return twin


def _state_of(table: Table) -> tuple[object, ...]:
    controller, rounds, stops = table.controller, table.controller.rounds, table.controller.stops
    hands = rounds.round and (rounds.round.player, rounds.round.banker)
    return (controller.state, rounds.shoe_number, rounds.round_number, hands,
            rounds.composition.cards_left, rounds.burn_left, rounds.last_round,
            sorted(stops.reasons), [held.code for held in stops.held])


def test_replay_mid_round_continues_with_the_same_results() -> None:
    table = Table()
    table.start_shoe()
    table.deal(ROUNDS + " 2S KS 3H")
    twin = _twin(table)
    assert _state_of(twin) == _state_of(table)
    assert twin.bus.next_seq == table.events[-1].seq + 1
    for each in (table, twin):
        each.deal("5H 5C AD")
    assert twin.last("round_result").fields == table.last("round_result").fields


def test_a_hold_and_a_pause_survive_a_replay() -> None:
    table = Table()
    table.start_shoe()
    table.deal("9S KH")
    table.command("pause", reason="break")
    table.deal("TC")
    twin = _twin(table)
    assert twin.state == "hold" and _state_of(twin) == _state_of(table)
    twin.supervisor("accept_card")
    assert twin.state == "paused"
    twin.command("resume")
    twin.deal("2D")
    assert twin.last("round_result").fields["player"] == ["9S", "TC"]


def test_replay_covers_supervisor_actions_manual_cards_and_misreads() -> None:
    table = Table(burn_scanned=False)
    table.new_shoe()
    table.deal("2H")
    table.command("confirm_burn")
    table.supervisor("manual_card", card="9S")
    table.deal("KH TC")
    table.supervisor("void_round", reason="misdeal")
    table.deal("2S 3C CUT 3H")
    twin = _twin(table)
    assert _state_of(twin) == _state_of(table)
    assert twin.controller.rounds.last_round == 2


def test_only_the_current_shoe_is_replayed_and_the_shoe_position_is_known() -> None:
    table = Table()
    table.start_shoe()
    table.deal("CUT 9S KH TC 2D")
    assert table.state == "shoe_ended"
    table.new_shoe()
    table.deal("4C 2S 2H 2D 2C 9S KH")
    twin = _twin(table)
    assert _state_of(twin) == _state_of(table)
    assert twin.controller.shoe_number == 2
    dealt = ["4C", "2S", "2H", "2D", "2C", "9S", "KH"]
    assert shoe_in_play(table.events) == (2, dealt, False)
    table.deal("CUT TC")
    assert shoe_in_play(table.events) == (2, [*dealt, "TC"], True)
    table.deal("2D")
    assert shoe_in_play(table.events) is None  # that round was the last: the shoe ended


def test_a_shoe_keeps_its_profile_and_betting_mode_when_the_config_changes_at_restart() -> None:
    table = Table(profile="classic")  # 8 decks, land
    table.start_shoe()
    table.deal("AS AS AS AS AS AS AS")  # seven aces: more than big-win's 6 decks hold
    restarted = Table(profile="big-win", betting="live")
    replay(restarted.controller, table.events)
    assert _state_of(restarted) == _state_of(table)
    assert restarted.controller.profile.name == table.controller.profile.name
    assert not restarted.controller.rounds.live_betting
    restarted.supervisor("new_shoe", reason="end of session")  # ends the shoe in play
    restarted.new_shoe()
    assert restarted.controller.profile.decks == 6 and restarted.controller.rounds.live_betting
    assert restarted.last("shoe_started").fields["betting"] == "live"


def test_a_pin_lockout_survives_a_replay() -> None:
    table = Table(clock=lambda: 5000.0)
    table.start_shoe()
    for _ in range(5):
        table.command("void_round", by="guesser", pin="0000", reason="x")
    twin = Table(clock=lambda: 0.0)  # another process: its monotonic clock is its own
    replay(twin.controller, table.events)
    twin.supervisor("clear_roads")
    assert "locked for 60 s more" in twin.last("action_refused").fields["reason"]
    assert not twin.of_type("roads_cleared")[1:]


def test_cards_accepted_from_a_hold_are_dealt_once_after_a_replay() -> None:
    table = Table()
    table.start_shoe()
    table.command("pause")
    table.deal("9S KH")  # held while paused
    table.supervisor("accept_card")
    table.command("resume")
    table.deal("TC")
    twin = _twin(table)
    assert _state_of(twin) == _state_of(table)
    round_ = twin.controller.rounds.round
    assert round_ is not None and [card.code for card in round_.dealt] == ["9S", "KH", "TC"]


def test_a_frame_out_of_sequence_and_a_typed_cards_copy_replay_as_they_were_judged() -> None:
    from drivers.base import CardRead, OutOfSequence

    table = Table()
    table.start_shoe()
    table.controller.handle(CardRead("9S", b"$C,5,9S*00", seq=5))
    table.type_while_reader_down("KH")
    table.controller.handle(CardRead("KH", b"$C,6,KH*00", seq=6, first_after_reconnect=True))
    table.controller.handle(OutOfSequence(b"$C,0,QD*00", "the shoe's frame 0 cannot follow"))
    table.controller.handle(CardRead("QD", b"$C,0,QD*00", seq=0))
    twin = _twin(table)
    assert twin.state == "hold" and _state_of(twin) == _state_of(table)
    assert [held.code for held in twin.controller.stops.held] == ["QD"]
    twin.supervisor("accept_card")
    assert [event.fields["card"] for event in twin.of_type("card")] == ["QD"]  # KH not again
    assert [card.code for card in twin.controller.rounds.in_play.dealt] == ["9S", "KH", "QD"]
