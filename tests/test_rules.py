"""The drawing rules, checked against the tableau cell by cell and by property."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.game.cards import Card, cards
from controller.game.outcome import judge_round
from controller.game.rules import banker_draws, hand_total, is_natural, is_pair, next_step
from drivers.card_codes import ALL_CODES

# The banker's tableau as printed on the rules sheets: rows are the banker's two-card total,
# columns the player's third card 0-9; "D" draws, "S" stands. Written out literally so the
# test does not restate the code's logic.
BANKER_TABLEAU = {
    #    0123456789
    0: "DDDDDDDDDD",
    1: "DDDDDDDDDD",
    2: "DDDDDDDDDD",
    3: "DDDDDDDDSD",
    4: "SSDDDDDDSS",
    5: "SSSSDDDDSS",
    6: "SSSSSSDDSS",
    7: "SSSSSSSSSS",
}
BANKER_WHEN_PLAYER_STOOD = "DDDDDDSS"  # banker totals 0-7
RANK_OF_POINTS = "TA23456789"


@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("player_third", range(10))
def test_banker_tableau_cell(banker_total: int, player_third: int) -> None:
    expected = BANKER_TABLEAU[banker_total][player_third] == "D"
    assert banker_draws(banker_total, player_third) is expected


@pytest.mark.parametrize("banker_total", range(8))
def test_banker_when_player_stood(banker_total: int) -> None:
    assert banker_draws(banker_total, None) is (BANKER_WHEN_PLAYER_STOOD[banker_total] == "D")


@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("player_third", range(10))
def test_tableau_cell_through_next_step(banker_total: int, player_third: int) -> None:
    # Player 2+3=5 draws; banker's two cards make banker_total without a natural.
    player = cards("2S 3S")
    banker = [Card.parse("TH"), Card.parse(RANK_OF_POINTS[banker_total] + "D")]
    assert hand_total(banker) == banker_total
    third = Card.parse(RANK_OF_POINTS[player_third] + "C")
    assert next_step(player, banker) == "player3"
    expected = "banker3" if BANKER_TABLEAU[banker_total][player_third] == "D" else "complete"
    assert next_step([*player, third], banker) == expected


def test_totals_naturals_and_pairs() -> None:
    assert hand_total(cards("9S 8H")) == 7
    assert hand_total(cards("KS QH 5D")) == 5
    assert is_natural(cards("4S 4H")) and is_natural(cards("KS 9H"))
    assert not is_natural(cards("4S 3H"))
    assert is_pair(cards("KS KH")) and not is_pair(cards("KS QS"))
    assert not is_pair(cards("TS 2S TD"))


def test_initial_deal_order_and_naturals_end_the_deal() -> None:
    assert next_step([], []) == "player1"
    assert next_step(cards("AS"), []) == "banker1"
    assert next_step(cards("AS"), cards("2S")) == "player2"
    assert next_step(cards("AS 3S"), cards("2S")) == "banker2"
    assert next_step(cards("AS 3S"), cards("4S 4H")) == "complete"  # banker natural 8
    assert next_step(cards("6S 3S"), cards("2S 2H")) == "complete"  # player natural 9
    assert next_step(cards("6S TS"), cards("2S 2H")) == "banker3"  # player stands on 6
    assert next_step(cards("6S TS"), cards("4S 3H")) == "complete"  # both stand


def test_layouts_the_rules_cannot_make_are_refused() -> None:
    with pytest.raises(ValueError):
        next_step(cards("9S TS 2H"), cards("2S 2H"))  # player natural then a third card
    with pytest.raises(ValueError):
        next_step(cards("2S TS"), cards("2S 2H 3C"))  # banker drew before player's third
    with pytest.raises(ValueError):
        next_step([], cards("2S"))


def test_outcome_of_a_banker_six_on_three_cards() -> None:
    outcome = judge_round(cards("2S 3H 5C"), cards("KS 5H AD"))
    assert (outcome.player_total, outcome.banker_total, outcome.winner) == (0, 6, "banker")
    assert outcome.banker_six_three_cards and not outcome.banker_six_two_cards


def test_outcome_refuses_an_incomplete_round() -> None:
    with pytest.raises(ValueError, match="player3"):
        judge_round(cards("2S 3H"), cards("KS 5H"))


card_codes = st.sampled_from(ALL_CODES).map(Card)


@given(st.lists(card_codes, min_size=6, max_size=6))
def test_any_round_dealt_by_the_rules_is_complete_and_consistent(deck: list[Card]) -> None:
    player: list[Card] = []
    banker: list[Card] = []
    stream = iter(deck)
    while (step := next_step(player, banker)) != "complete":
        (player if step.startswith("player") else banker).append(next(stream))
    outcome = judge_round(player, banker)
    assert 2 <= len(player) <= 3 and 2 <= len(banker) <= 3
    assert outcome.player_total == sum(c.points for c in player) % 10
    assert outcome.banker_total == sum(c.points for c in banker) % 10
    if outcome.player_natural or outcome.banker_natural:
        assert len(player) == len(banker) == 2
    if len(player) == 2 and not (outcome.player_natural or outcome.banker_natural):
        assert outcome.player_total in (6, 7)
    winner = (
        "tie" if outcome.player_total == outcome.banker_total
        else "player" if outcome.player_total > outcome.banker_total else "banker"
    )
    assert outcome.winner == winner
    assert outcome.player_pair == (player[0].rank == player[1].rank)
