"""Settlement: what each bet hands back for a real dealt round, under each shipped profile."""

from decimal import Decimal

import pytest

from controller.cards import cards
from controller.outcome import judge_round
from controller.profiles import StakeError, load_profile
from controller.settlement import settle

D = Decimal

# Rounds as dealt (player cards, banker cards), named for what they show.
BANKER_SEVEN = judge_round(cards("2S 3H TD"), cards("4D 3C"))  # 5 draws 10 -> 5; banker 7
PLAYER_NINE = judge_round(cards("4S 5H"), cards("KD 7C"))  # player natural 9 over 7
TIE_WITH_PAIRS = judge_round(cards("3S 3H"), cards("3D 3C"))  # 6 all, both sides stand
SIX_TWO_CARDS = judge_round(cards("2S 3H TD"), cards("3S 3D"))  # player 5, banker 6 stands
SIX_THREE_CARDS = judge_round(cards("2S QH 3D"), cards("AS 2C 3H"))  # player 5, banker 3+3=6
BANKER_NATURAL = judge_round(cards("TS 2H"), cards("5D 4C"))  # banker natural 9


def returned(profile: str, outcome, bet: str, stake: str) -> Decimal:
    return settle(load_profile(profile), outcome, {bet: D(stake)})[bet].returned


@pytest.mark.parametrize(("stake", "back"), [("0.10", "0.19"), ("0.20", "0.39"),
                                              ("0.30", "0.58"), ("100", "195.00")])
def test_banker_commission_is_rounded_down_to_the_cent(stake, back):
    result = settle(load_profile("classic"), BANKER_SEVEN, {"banker": D(stake)})["banker"]
    assert (result.result, result.returned, result.pays) == ("win", D(back), "0.95:1")


def test_player_and_banker_push_on_a_tie_and_tie_pays_8_to_1():
    results = settle(load_profile("classic"), TIE_WITH_PAIRS,
                     {"player": D("10"), "banker": D("20"), "tie": D("5"),
                      "player_pair": D("1"), "banker_pair": D("2")})
    assert {bet: (r.result, r.returned) for bet, r in results.items()} == {
        "player": ("push", D("10")),
        "banker": ("push", D("20")),
        "tie": ("win", D("45")),
        "player_pair": ("win", D("12")),
        "banker_pair": ("win", D("24")),
    }


def test_losing_bets_return_nothing():
    results = settle(load_profile("classic"), PLAYER_NINE,
                     {"player": D("10"), "banker": D("10"), "tie": D("1")})
    assert {bet: (r.result, r.returned) for bet, r in results.items()} == {
        "player": ("win", D("20")), "banker": ("lose", D("0")), "tie": ("lose", D("0")),
    }


def test_no_commission_banker_pays_even_money_but_half_on_a_six():
    assert returned("no-commission", BANKER_SEVEN, "banker", "10") == D("20")
    assert returned("no-commission", SIX_TWO_CARDS, "banker", "10") == D("15")
    assert returned("no-commission", SIX_THREE_CARDS, "banker", "10") == D("15")
    assert returned("no-commission", SIX_THREE_CARDS, "banker", "0.15") == D("0.22")
    # On the classic table a banker six is an ordinary banker win.
    assert returned("classic", SIX_TWO_CARDS, "banker", "10") == D("19.50")


def test_lucky_six_pays_12_on_two_cards_and_20_on_three():
    assert returned("live", SIX_TWO_CARDS, "lucky_six", "10") == D("130")
    assert returned("live", SIX_THREE_CARDS, "lucky_six", "10") == D("210")
    assert returned("live", BANKER_SEVEN, "lucky_six", "10") == D("0")


def test_tiger_bets_split_the_banker_six_by_card_count():
    assert returned("tiger", SIX_TWO_CARDS, "small_tiger", "10") == D("230")
    assert returned("tiger", SIX_TWO_CARDS, "big_tiger", "10") == D("0")
    assert returned("tiger", SIX_THREE_CARDS, "big_tiger", "10") == D("510")
    assert returned("tiger", SIX_THREE_CARDS, "small_tiger", "10") == D("0")


def test_naturals_pay_7_to_2_whoever_wins():
    assert returned("live", PLAYER_NINE, "player_natural", "10") == D("45")
    assert returned("live", PLAYER_NINE, "banker_natural", "10") == D("0")
    assert returned("live", BANKER_NATURAL, "banker_natural", "0.25") == D("1.12")
    # Two cards totalling 5 are no natural, even when that side wins.
    assert returned("live", SIX_TWO_CARDS, "banker_natural", "10") == D("0")


def test_any_pair_wins_on_either_side():
    assert returned("big-win", TIE_WITH_PAIRS, "any_pair", "10") == D("60")
    assert returned("big-win", SIX_TWO_CARDS, "any_pair", "10") == D("60")
    assert returned("big-win", BANKER_SEVEN, "any_pair", "10") == D("0")


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ({"player": D("20000")}, "stake on player: 20000 is outside the table limits"),
        ({"player": D("0.05")}, "stake on player: 0.05 is outside the table limits"),
        ({"player": D("1.234")}, "not a whole number of 0.01"),
        ({"player": 10.0}, "expected a Decimal amount"),
        ({"lucky_six": D("1")}, "profile classic does not offer 'lucky_six'"),
    ],
)
def test_a_stake_the_table_does_not_take_settles_nothing(stakes, message):
    with pytest.raises(StakeError, match=message):
        settle(load_profile("classic"), BANKER_SEVEN, {"banker": D("5"), **stakes})
