"""The round and shoe state machine, driven card by card."""

from collections.abc import Callable, Iterable

import pytest

from controller.events.stream import TableEvent
from controller.game.cards import cards
from controller.game.outcome import judge_round
from controller.table.commands import TimerExpired
from controller.view.table_view import TableView
from drivers.base import CardRead, Connected, Disconnected, DriverEvent, Misread
from tests.support.table import ONE_DECK, RecordingDriver, Table

NATURAL_PLAYER_9 = "9S KH TC 2D"  # P 9S TC = 9, B KH 2D = 2
PLAYER_DRAWS_BANKER_STANDS = "2S 3C 3H 4C 5D"  # P 2+3+5 = 0, B 3+4 = 7
BANKER_SIX_THREE_CARDS = "2S KS 3H 5H 5C AD"  # P 2+3+5 = 0, B 0+5+1 = 6
PAIRED_NATURAL_TIE = "4S 4H 4D 4C"


def test_reveal_card_sets_the_burn_and_round_one_opens_after_it() -> None:
    table = Table()
    table.new_shoe()
    table.deal("7C")
    assert table.last("reveal").fields["burn"] == 7
    assert table.state == "burning"
    table.deal("2S 2H 2D 2C 3S 3H")
    assert table.state == "burning"
    table.deal("3D")
    assert [e.fields["burn_left"] for e in table.of_type("burn")] == [6, 5, 4, 3, 2, 1, 0]
    assert table.state == "betting"
    assert table.last("betting_open").round == 1


def test_a_picture_reveal_burns_ten() -> None:
    table = Table()
    table.new_shoe()
    table.deal("QH")
    assert table.last("reveal").fields["burn"] == 10


def test_rounds_follow_the_third_card_rule_and_publish_their_result() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    result = table.last("round_result").fields
    assert (result["winner"], result["player_total"], result["banker_total"]) == ("player", 9, 2)
    assert result["player_natural"] and result["winning_bets"] == ["player"]
    assert result["pays"] == {"player": "1:1"}

    table.deal(PLAYER_DRAWS_BANKER_STANDS)
    result = table.last("round_result").fields
    assert result["player"] == ["2S", "3H", "5D"] and result["banker"] == ["3C", "4C"]
    assert result["winner"] == "banker" and result["pays"] == {"banker": "0.95:1"}

    table.deal(BANKER_SIX_THREE_CARDS)
    result = table.last("round_result").fields
    assert result["banker_total"] == 6 and result["banker_six_cards"] == 3
    positions = [e.fields["position"] for e in table.of_type("card")[-6:]]
    assert positions == ["player1", "banker1", "player2", "banker2", "player3", "banker3"]
    assert table.last("round_result").round == 3


def test_a_tie_pushes_player_and_banker_and_pays_the_pairs() -> None:
    table = Table()
    table.start_shoe()
    table.deal(PAIRED_NATURAL_TIE)
    result = table.last("round_result").fields
    assert result["winner"] == "tie"
    assert set(result["winning_bets"]) == {"tie", "player_pair", "banker_pair"}
    assert set(result["pushed_bets"]) == {"player", "banker"}
    assert result["pays"]["tie"] == "8:1" and result["pays"]["player_pair"] == "11:1"


def test_the_state_machine_waits_for_the_position_the_rules_demand() -> None:
    table = Table()
    table.start_shoe()
    table.deal("2S 3C 3H 4C")
    assert table.state == "player3"
    table.deal("5D")
    assert table.state == "betting"  # banker stood on 7: round over, next one open
    table.deal("2S KS 3H 5H 5C")
    assert table.state == "banker3"


def test_the_round_in_which_the_cut_card_appears_is_the_last() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    table.deal("2S 3C CUT 3H 4C 5D")
    assert table.last("cut_card").fields["last_round"] == 2
    assert table.state == "shoe_ended"
    assert table.last("shoe_ended").fields["rounds"] == 2


def test_a_cut_card_between_rounds_makes_the_next_round_the_last() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    table.deal("CUT")
    assert table.last("cut_card").fields["last_round"] == 2
    table.deal(NATURAL_PLAYER_9)
    assert table.state == "shoe_ended"
    table.new_shoe()
    table.deal("5H")  # the next shoe's reveal card
    assert table.last("shoe_started").shoe == 2
    assert table.last("reveal").fields["burn"] == 5


def test_a_misread_keeps_the_position_and_asks_for_a_rescan() -> None:
    table = Table()
    table.start_shoe()
    table.deal("9S KH")
    table.controller.handle(Misread(b"\x16garbage"))
    misread = table.last("misread").fields
    assert misread["position"] == "player2" and misread["raw_hex"] == "1667617262616765"
    assert ("request_rescan", None) in table.driver.calls
    table.deal("TC 2D")
    assert table.last("round_result").fields["player"] == ["9S", "TC"]


def test_every_card_read_is_acknowledged_after_it_is_published() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    acknowledged = [code for call, code in table.driver.calls if call == "acknowledge"]
    assert acknowledged == ["3H", "2S", "2H", "2D", *NATURAL_PLAYER_9.split()]


def test_a_card_the_shoe_cannot_hold_stops_the_table_until_a_supervisor_accepts_it() -> None:
    table = Table(profile="big-win")  # 6 decks
    table.start_shoe()
    table.deal("AS AS AS AS AS AS")  # round 1: P AS AS, B AS AS, P3 AS, B3 AS
    table.deal("AS")
    hold = table.last("hold").fields
    assert table.state == "hold" and hold["code"] == "impossible_card" and hold["card"] == "AS"
    table.deal("KD")  # more cards while on hold are held too, never dropped
    assert table.last("hold").fields["card"] == "KD"
    table.command("accept_card", by="dealer")  # no PIN
    assert table.state == "hold"
    assert "PIN" in table.last("action_refused").fields["reason"]
    table.supervisor("accept_card", reason="foreign deck card confirmed")
    assert table.last("hold_cleared").fields == {"by": "sup", "action": "accept"}
    assert [e.fields["card"] for e in table.of_type("card")[-2:]] == ["AS", "KD"]
    assert table.state == "player2"


def test_voiding_a_held_round_refunds_it_and_leaves_the_roads_alone() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    table.command("pause")
    table.deal("5S")
    assert table.state == "hold" and table.last("hold").fields["code"] == "card_while_stopped"
    table.supervisor("void_round", reason="card dealt during a pause")
    voided = table.last("round_voided").fields
    assert voided["discarded"] == ["5S"] and voided["refund"] is True
    assert voided["by"] == "sup" and voided["reason"] == "card dealt during a pause"
    assert len(table.of_type("round_result")) == 1
    assert table.state == "paused"  # the operator's pause still stands
    table.command("resume")
    assert table.state == "betting" and table.controller.round_number == 3


def test_a_wrong_pin_is_refused_and_changes_nothing() -> None:
    table = Table()
    table.start_shoe()
    table.deal("9S KH")
    table.command("void_round", by="sup", pin="0000", reason="test")
    assert table.last("action_refused").fields["reason"] == "wrong supervisor PIN"
    assert table.state == "player2" and not table.of_type("round_voided")


def test_void_round_outside_a_round_is_refused() -> None:
    table = Table()
    table.supervisor("void_round", reason="nothing to void")
    assert table.last("action_refused").fields["reason"] == "there is no round to void"


def test_every_operator_action_is_recorded_with_who_and_why() -> None:
    table = Table()
    table.start_shoe()
    table.command("pause", by="dealer7", reason="break")
    table.command("resume", by="dealer7")
    table.supervisor("clear_roads", reason="new session")
    actions = [(e.fields["action"], e.fields["by"], e.fields["reason"])
               for e in table.of_type("operator_action")][1:]  # after the new shoe's
    assert actions == [("pause", "dealer7", "break"), ("resume", "dealer7", ""),
                       ("clear_roads", "sup", "new session")]
    assert table.last("roads_cleared").fields["reason"] == "new session"


def test_a_scanner_that_does_not_see_burns_waits_for_the_dealer_to_confirm() -> None:
    table = Table(burn_scanned=False)
    table.new_shoe()
    table.deal("4H")
    assert table.state == "awaiting_burn_confirmation"
    assert "burn 4 cards" in table.last("prompt").fields["message"]
    table.deal("2S")
    assert table.last("hold").fields["code"] == "card_before_burn"
    table.command("confirm_burn")  # a held card first needs the supervisor
    assert table.last("action_refused").fields["action"] == "confirm_burn"
    table.supervisor("void_round", reason="a burn card scanned by mistake")
    assert table.last("hold_cleared").fields["discarded"] == ["2S"]
    assert table.state == "awaiting_burn_confirmation"
    table.command("confirm_burn")
    assert table.state == "betting"


def test_accepting_a_card_held_before_the_burn_confirms_the_burn_and_deals_it() -> None:
    table = Table(burn_scanned=False)
    table.new_shoe()
    table.deal("3H")
    table.deal("9S")  # the dealer forgot to confirm the burn
    table.supervisor("accept_card")
    assert [e.fields["card"] for e in table.of_type("burn")] == [None, None, None]
    assert table.last("card").fields == {**table.last("card").fields, "card": "9S",
                                       "position": "player1"}
    table.deal("KH TC 2D")
    assert table.last("round_result").fields["player"] == ["9S", "TC"]


def test_confirming_the_burn_opens_round_one() -> None:
    table = Table(burn_scanned=False)
    table.new_shoe()
    table.deal("4H")
    table.command("confirm_burn")
    assert [e.fields["card"] for e in table.of_type("burn")] == [None] * 4
    assert table.state == "betting" and table.last("betting_open").round == 1


def test_live_betting_holds_a_card_dealt_while_it_is_open() -> None:
    table = Table(betting="live", betting_seconds=15.0)
    table.start_shoe()
    assert table.last("betting_open").fields["seconds"] == 15.0
    table.deal("9S")
    assert table.last("hold").fields["code"] == "card_while_betting"
    table.supervisor("accept_card")
    assert table.last("betting_closed").fields["reason"] == "first_card"
    assert table.state == "banker1"


def test_live_betting_closes_when_the_countdown_ends() -> None:
    table = Table(betting="live")
    table.start_shoe()
    assert table.controller.deadline() is not None
    table.controller.handle(TimerExpired())
    assert table.last("betting_closed").fields["reason"] == "timer"
    assert table.state == "player1"
    table.deal(NATURAL_PLAYER_9)
    assert table.last("round_result").fields["winner"] == "player"


def test_closed_bets_follow_the_profile_cut_off_rounds() -> None:
    table = Table(profile="live")
    table.start_shoe()
    for index in range(60):  # player naturals, cards varied so the shoe can hold them all
        suit, other = "SHDC"[index // 4 % 4], "SHDC"[(index // 4 + 2) % 4]
        player1 = "98"[index % 2] + "SHDC"[index // 2 % 4]
        banker1, player2 = "TJQK"[(index + 1) % 4] + other, "TJQK"[index % 4] + suit
        table.deal(f"{player1} {banker1} {player2} {'2345'[index % 4]}{suit}")
        assert table.state == "betting"
    opened = table.of_type("betting_open")
    assert opened[49].fields["closed_bets"] == []  # round 50
    assert set(opened[50].fields["closed_bets"]) == {"lucky_six", "player_natural",
                                                    "banker_natural"}
    assert {"player_pair", "banker_pair"} <= set(opened[60].fields["closed_bets"])


def test_a_scanner_disconnect_pauses_the_round_and_it_continues_on_reconnect() -> None:
    table = Table()
    table.start_shoe()
    table.deal("9S KH")
    table.controller.handle(Disconnected("USB unplugged"))
    assert table.state == "paused"
    assert table.last("scanner").fields == {"status": "disconnected", "reason": "USB unplugged"}
    table.controller.handle(Connected())
    assert table.state == "player2"
    table.deal("TC 2D")
    assert table.last("round_result").fields["winner"] == "player"


def test_manual_cards_carry_the_round_while_the_scanner_is_gone() -> None:
    table = Table()
    table.start_shoe()
    table.controller.handle(Disconnected("USB unplugged"))
    for code in NATURAL_PLAYER_9.split():
        table.command("manual_card", card=code.lower())
    assert table.last("round_result").fields["player"] == ["9S", "TC"]
    assert {e.fields["source"] for e in table.of_type("card")} == {"manual"}
    assert table.state == "paused"


def test_a_live_round_not_yet_dealt_is_cancelled_and_refunded_on_disconnect() -> None:
    table = Table(betting="live")
    table.start_shoe()
    table.controller.handle(Disconnected("cable"))
    voided = table.last("round_voided")
    assert voided.round == 1 and voided.fields["refund"] and voided.fields["by"] == "system"
    assert table.state == "paused"
    table.controller.handle(Connected())
    assert table.state == "betting" and table.last("betting_open").round == 2


def test_new_shoe_mid_shoe_needs_the_supervisor_and_voids_the_round_in_play() -> None:
    table = Table()
    table.start_shoe()
    table.deal("9S KH")
    table.command("new_shoe")
    assert table.last("action_refused").fields["action"] == "new_shoe"
    table.supervisor("new_shoe", reason="shoe damaged")
    assert table.last("round_voided").fields["discarded"] == ["9S", "KH"]
    assert table.last("shoe_ended").fields["reason"] == "shoe damaged"
    assert table.state == "shoe_ended"


def test_a_shoe_ended_early_while_the_reader_is_away_leaves_the_table_paused_for_it() -> None:
    # docs/operator.md: an early end lifts the dealer's pause, not the reader's; the next
    # shoe is dealt by hand and its betting countdown waits for the reader to come back.
    now = [100.0]
    table = Table(betting="live", betting_seconds=15.0, clock=lambda: now[0])
    table.start_shoe()
    table.controller.handle(TimerExpired())
    table.deal("9S KH")
    table.controller.handle(Disconnected("USB unplugged"))
    table.supervisor("new_shoe", reason="shoe damaged")
    assert table.last("shoe_ended").fields["reason"] == "shoe damaged"
    assert table.state == "paused"
    table.new_shoe()
    for code in ["3H", "2S", "2H", "2D"]:  # no PIN: the reader is still away
        table.command("manual_card", card=code)
    assert table.last("betting_open").shoe == 2
    assert table.state == "paused" and table.controller.deadline() is None
    now[0] = 200.0
    table.controller.handle(Connected())
    assert table.state == "betting" and table.controller.deadline() == 215.0
    table.command("manual_card", card="9D")
    assert "needs the supervisor PIN" in table.last("action_refused").fields["reason"]


def test_a_bad_manual_card_is_refused_with_the_code_quoted() -> None:
    table = Table()
    table.start_shoe()
    table.supervisor("manual_card", card="1X")
    assert "'1X'" in table.last("action_refused").fields["reason"]


def test_a_card_typed_while_the_reader_works_needs_the_supervisor() -> None:
    table = Table()
    table.start_shoe()
    table.command("manual_card", card="9S")
    refusal = table.last("action_refused").fields
    assert "needs the supervisor PIN" in refusal["reason"] and "wrong_pin" not in refusal
    assert not table.of_type("card")
    table.supervisor("manual_card", card="9S")
    assert table.last("card").fields["card"] == "9S"


def test_a_missing_pin_is_no_wrong_pin_and_locks_nobody_out() -> None:
    table = Table()
    table.start_shoe()
    table.deal("9S KH")
    for _ in range(10):
        table.command("void_round", reason="x")  # no PIN typed at all
    table.supervisor("void_round", reason="misdeal")
    assert table.last("round_voided").fields["reason"] == "misdeal"


@pytest.mark.parametrize(("kept", "kh_dealt"), [
    (True, ["KH"]),  # the shoe's frame kept while away: the card typed, counted once
    (False, ["KH", "KH"]),  # any other (a power-cycled shoe's, a later frame's): a new card
])
def test_the_shoes_copy_of_a_card_typed_while_the_reader_was_down_counts_once(
        kept: bool, kh_dealt: list[str]) -> None:
    table = Table()
    table.start_shoe()
    table.controller.handle(CardRead("9S", b"$C,4,9S*00", seq=4))
    table.type_while_reader_down("KH")
    table.controller.handle(CardRead("KH", b"$C,5,KH*00", seq=5, first_after_reconnect=kept))
    assert [e.fields["card"] for e in table.of_type("card")][1:] == kh_dealt
    assert ("acknowledge", "KH") in table.driver.calls  # the shoe stops resending it


def test_every_event_has_the_envelope_and_increasing_seq() -> None:
    table = Table()
    table.start_shoe()
    table.deal(NATURAL_PLAYER_9)
    seqs = [event.seq for event in table.events]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    record = table.last("round_result").to_dict()
    assert {"type", "seq", "ts", "table", "shoe", "round"} <= record.keys()
    assert record["ts"].endswith("Z") and record["table"] == "test-table"


def play_one_shoe(driver_url: str, profile: str = "classic") -> list[TableEvent]:
    """The events of one shoe played through ``open_table``; a hold ends it early, since
    nothing in these tests would clear it and the table would wait for ever."""
    from controller.service.app import open_table
    from controller.table.config import TableConfig

    events: list[TableEvent] = []
    table = open_table(TableConfig(driver_url=driver_url, profile=profile),
                       subscribers=(events.append,), stop_after_shoes=1)

    def stop_on_hold(event: TableEvent) -> None:
        if event.type == "hold":
            table.runner.stop()

    table.controller.bus.subscribe(stop_on_hold)
    try:
        table.runner.run()
    finally:
        table.close()
    return events


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_simulated_shoe_obeys_the_rules(seed: int) -> None:
    events = play_one_shoe(f"sim://?seed={seed}&rate=0")
    kinds: list[str] = [event.type for event in events]
    reveal = next(event for event in events if event.type == "reveal")
    assert kinds.count("burn") == reveal.fields["burn"]
    results = [event for event in events if event.type == "round_result"]
    assert len(results) > 60
    for event in results:
        outcome = judge_round(cards(event.fields["player"]), cards(event.fields["banker"]))
        assert outcome.winner == event.fields["winner"]
        assert outcome.player_total == event.fields["player_total"]
    cut = next(event for event in events if event.type == "cut_card")
    assert results[-1].round == cut.fields["last_round"]
    assert kinds[-1] in ("shoe_ended", "state")


@pytest.mark.parametrize(("profile", "url", "decks"), [
    ("big-win", "sim://?seed=4&rate=0&cut=20", 6),  # the profile's six decks
    (ONE_DECK, "sim://?seed=4&rate=0&cut=20&decks=1", 1),  # the URL may repeat the profile's
])
def test_the_simulated_shoe_holds_the_profiles_decks(profile: str, url: str, decks: int) -> None:
    events = play_one_shoe(url, profile)
    kinds: list[str] = [event.type for event in events]
    assert next(event for event in events if event.type == "shoe_started").fields["decks"] == decks
    assert "hold" not in kinds
    before_cut = events[:kinds.index("cut_card")]
    dealt = [event.fields["card"] for event in events if event.type in ("reveal", "burn", "card")]
    assert len([event for event in before_cut if event.type in ("reveal", "burn", "card")]) == (
        decks * 52 - 20)  # the cut card is 20 cards from the end of the shoe
    assert max(dealt.count(code) for code in set(dealt)) <= decks


def test_a_scripted_shoe_through_the_driver_with_a_misread_and_the_cut_card() -> None:
    script = "3H,2S,2H,2D, 9S,KH,NR,TC,2D, 2S,3C,CUT,3H,4C,5D, 8D,8C"
    events = play_one_shoe(f"sim://?script={script.replace(' ', '')}")
    kinds: list[str] = [event.type for event in events]
    assert kinds.count("burn") == 3
    misread = next(event for event in events if event.type == "misread")
    assert misread.fields["position"] == "player2" and misread.round == 1
    results = [event.fields for event in events if event.type == "round_result"]
    assert [(r["player"], r["banker"], r["winner"]) for r in results] == [
        (["9S", "TC"], ["KH", "2D"], "player"),
        (["2S", "3H", "5D"], ["3C", "4C"], "banker"),
    ]
    facts = [event for event in events if event.type != "state"]
    assert facts[-1].type == "shoe_ended" and facts[-1].fields["rounds"] == 2
    assert "8D" not in [event.fields.get("card") for event in events]  # nothing dealt after it


def test_five_wrong_pins_lock_supervisor_actions_for_a_minute() -> None:
    now = [1000.0]
    table = Table(clock=lambda: now[0])
    table.start_shoe()
    table.deal("9S KH")
    for _ in range(5):
        table.command("void_round", by="guesser", pin="0000", reason="x")
    assert "locked for 60 s" in table.last("action_refused").fields["reason"]
    table.supervisor("void_round", reason="misdeal")  # the right PIN, but locked
    assert "locked" in table.last("action_refused").fields["reason"]
    assert not table.of_type("round_voided")
    now[0] += 61
    table.supervisor("void_round", reason="misdeal")
    assert table.last("round_voided").fields["reason"] == "misdeal"


def test_a_card_after_the_shoe_ended_never_starts_a_shoe_by_itself() -> None:
    table = Table()
    table.start_shoe()
    table.deal("CUT " + NATURAL_PLAYER_9)
    assert table.state == "shoe_ended"
    table.deal("5H")  # a card left in the shoe, dealt on
    hold = table.last("hold").fields
    assert table.state == "hold" and hold["code"] == "card_before_new_shoe"
    assert len(table.of_type("shoe_started")) == 1
    table.command("new_shoe")  # the dealer cannot talk past a held card
    assert "held" in table.last("action_refused").fields["reason"]
    table.supervisor("void_round", reason="leftover card")
    assert table.last("hold_cleared").fields["discarded"] == ["5H"]
    assert table.state == "shoe_ended"
    table.new_shoe()
    table.deal("2C 9S 9H")
    assert table.last("shoe_started").shoe == 2 and table.last("reveal").fields["card"] == "2C"
    assert table.state == "betting"


def test_a_supervisor_may_accept_a_held_card_as_the_new_shoes_reveal_card() -> None:
    table = Table()
    table.deal("AS")  # the dealer forgot to confirm the new shoe
    assert table.last("hold").fields["code"] == "card_before_new_shoe"
    table.supervisor("accept_card")
    assert table.last("shoe_started").fields["by"] == "sup"
    assert table.last("reveal").fields["card"] == "AS" and table.state == "burning"


def test_a_pause_does_not_change_which_round_the_cut_card_makes_the_last() -> None:
    last_rounds = []
    for pause in (False, True):
        table = Table()
        table.start_shoe()
        table.deal(NATURAL_PLAYER_9)  # round 2's betting is open
        if pause:
            table.command("pause")
        table.deal("CUT")
        if pause:
            table.command("resume")
        table.deal(NATURAL_PLAYER_9)
        last_rounds.append((table.last("cut_card").fields["last_round"], table.state))
    assert last_rounds == [(2, "shoe_ended"), (2, "shoe_ended")]


def test_a_cut_card_before_the_reveal_card_makes_round_one_the_last() -> None:
    table = Table()
    table.new_shoe()
    table.deal("CUT 3H 2S 2H 2D")
    assert table.last("cut_card").fields["last_round"] == 1
    table.deal(NATURAL_PLAYER_9)
    assert table.state == "shoe_ended" and table.last("shoe_ended").fields["rounds"] == 1


def test_a_flood_of_misreads_is_one_fact_one_rescan_and_the_card_behind_it_counts() -> None:
    from controller.table.runner import TableRunner

    class FloodedReader(RecordingDriver):
        """A backend whose reads arrive in one batch, as a serial line's do."""

        def read(self, events: Iterable[DriverEvent]) -> None:
            self._deliver(events, more_may_follow=True)

    table = Table()
    table.start_shoe()
    runner = TableRunner(table.controller)
    reader = FloodedReader(runner.submit)
    reader.read([Misread(f"garbage {number}".encode()) for number in range(5000)])
    reader.read([CardRead("9S", b"9S")])  # the burst ends with a good read
    table.controller.driver = reader
    runner.stop()
    runner.run()
    misreads = table.of_type("misread")
    assert len(misreads) == 1 and misreads[0].fields["count"] == 5000
    assert bytes.fromhex(misreads[0].fields["last_raw_hex"]) == b"garbage 4999"
    assert [call for call, _ in reader.calls].count("request_rescan") == 1
    assert table.last("card").fields["card"] == "9S"


def test_a_card_says_where_the_table_waits_next_in_its_own_row() -> None:
    table = Table()
    table.start_shoe()
    before = len(table.events)
    table.deal("9S KH")
    dealt = table.events[before:]
    assert [(event.type, event.fields.get("state")) for event in dealt] == [
        ("betting_closed", None), ("card", "banker1"), ("card", "player2")]
    table.deal("TC 2D")  # a natural: the round is over and the next one opens
    assert [(event.type, event.fields.get("state")) for event in table.events[before + 3:]] == [
        ("card", "banker2"), ("card", None), ("round_result", None),
        ("betting_open", "betting")]


def test_a_view_fed_only_the_events_always_knows_the_state_the_table_is_in() -> None:
    table = Table()
    view = TableView()
    table.bus.subscribe(view.apply)
    steps: list[Callable[[], object]] = [
        table.new_shoe, lambda: table.deal("3H 2S 2H 2D 9S KH"),
        lambda: table.command("pause"), lambda: table.deal("5S"),  # held: paused
        lambda: table.supervisor("accept_card", reason="seen on camera"),
        lambda: table.deal("AS"), lambda: table.deal("AS AS AS AS AS AS AS AS"),  # held
        lambda: table.supervisor("void_round", reason="foreign deck"),
        lambda: table.command("resume"), lambda: table.deal(NATURAL_PLAYER_9),
        lambda: table.supervisor("new_shoe", reason="shoe ended early"),
    ]
    seen = []
    for step in steps:
        step()
        assert view.state == table.state
        seen.append(table.state)
    assert {"paused", "hold", "betting", "player2", "shoe_ended"} <= set(seen)


def test_a_void_naming_its_round_voids_that_round_or_nothing() -> None:
    """The display names the round as V is pressed; the table deals on while the reason and
    PIN are typed: the void takes the named round, never the one in play by then."""
    table = Table()
    table.start_shoe()
    table.deal("9S")  # round 1 in play
    named = (table.controller.shoe_number, table.controller.round_number)
    table.deal("KH")  # dealt meanwhile: still round 1
    table.supervisor("void_round", reason="misdeal", target=named)
    voided = table.last("round_voided")
    assert voided.round == 1 and voided.fields["discarded"] == ["9S", "KH"]
    table.deal(NATURAL_PLAYER_9)  # round 2, played out
    named = (1, 2)
    table.deal("9S")  # round 3 began while the supervisor typed
    table.supervisor("void_round", reason="misdeal", target=named)
    assert table.last("action_refused").fields["reason"] == (
        "round 2 of shoe 1 is over (round 3 of shoe 1 is in play): it was not voided")
    assert len(table.of_type("round_voided")) == 1 and table.state == "banker1"
