"""Settlement: every offered bet's decision on a real dealt round under each shipped profile,
closed bets after their cut-off round, what each stake hands back, and the limits."""

from decimal import Decimal
from typing import Any

import pytest

from controller.game.cards import cards
from controller.game.outcome import RoundOutcome, judge_round
from controller.game.profiles import StakeError, load_profile, shipped_profiles
from controller.game.settlement import decide_round, settle
from tests.support.table import Table

D = Decimal

# Rounds as dealt (player cards, banker cards), named for what they show.
BANKER_SEVEN = judge_round(cards("2S 3H TD"), cards("4D 3C"))  # 5 draws 10 -> 5; banker 7
PLAYER_NINE = judge_round(cards("4S 5H"), cards("KD 7C"))  # player natural 9 over 7
TIE_WITH_PAIRS = judge_round(cards("3S 3H"), cards("3D 3C"))  # 6 all, both sides stand
SIX_TWO_CARDS = judge_round(cards("2S 3H TD"), cards("3S 3D"))  # player 5, banker 6 stands
SIX_THREE_CARDS = judge_round(cards("2S QH 3D"), cards("AS 2C 3H"))  # player 5, banker 3+3=6
BANKER_NATURAL = judge_round(cards("TS 2H"), cards("5D 4C"))  # banker natural 9
# EZ Baccarat: player 6 stands, banker 3 draws a 4: banker wins with 7 on three cards.
DRAGON_SEVEN = judge_round(cards("TS 6H"), cards("AD 2C 4H"))
# Player 3 draws a 5: player wins with 8 on three cards over banker's 7.
PANDA_EIGHT = judge_round(cards("AS 2H 5D"), cards("TD 7C"))
BANKER_TWO_CARD_SEVEN = judge_round(cards("TS 6H"), cards("3D 4C"))  # 7 over 6, no draw
# Player 7 stands, banker 4 draws a 3: a tie at 7, banker's on three cards.
SEVEN_THREE_CARDS_TIE = judge_round(cards("TS 7H"), cards("2D 2C 3H"))
NATURAL_TIE = judge_round(cards("TS 8H"), cards("KD 8C"))  # natural 8 each

LOST = ("lost", None)
PUSHED = ("pushed", None)
CLOSED = ("closed", None)


def won(pay: str) -> tuple[str, str]:
    return ("won", pay)


# (profile, round, round number): every bet the profile offers, as (outcome, pay).
DECISIONS = [
    ("classic", TIE_WITH_PAIRS, 1, {
        "player": PUSHED, "banker": PUSHED, "tie": won("8:1"), "player_pair": won("11:1"),
        "banker_pair": won("11:1")}),
    ("classic", BANKER_SEVEN, 80, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": LOST}),
    ("big-win", SIX_TWO_CARDS, 1, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": won("11:1"), "any_pair": won("5:1")}),
    ("tiger", SIX_THREE_CARDS, 1, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": LOST, "small_tiger": LOST, "big_tiger": won("50:1")}),
    ("tiger", SIX_TWO_CARDS, 1, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": won("11:1"), "small_tiger": won("22:1"), "big_tiger": LOST}),
    ("live", SIX_TWO_CARDS, 50, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": won("11:1"), "lucky_six": won("12:1"), "player_natural": LOST,
        "banker_natural": LOST}),
    # Round 51: lucky six and the naturals are closed, whatever the cards say.
    ("live", SIX_TWO_CARDS, 51, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": won("11:1"), "lucky_six": CLOSED, "player_natural": CLOSED,
        "banker_natural": CLOSED}),
    # Round 61: the pairs are closed too; a tie still pushes player and banker.
    ("live", TIE_WITH_PAIRS, 61, {
        "player": PUSHED, "banker": PUSHED, "tie": won("8:1"), "player_pair": CLOSED,
        "banker_pair": CLOSED, "lucky_six": CLOSED, "player_natural": CLOSED,
        "banker_natural": CLOSED}),
    ("live", PLAYER_NINE, 1, {
        "player": won("1:1"), "banker": LOST, "tie": LOST, "player_pair": LOST,
        "banker_pair": LOST, "lucky_six": LOST, "player_natural": won("7:2"),
        "banker_natural": LOST}),
    ("no-commission", SIX_THREE_CARDS, 1, {
        "player": LOST, "banker": won("1:2"), "tie": LOST, "player_pair": LOST,
        "banker_pair": LOST, "lucky_six": won("20:1"), "player_natural": LOST,
        "banker_natural": LOST}),
    ("no-commission", BANKER_NATURAL, 50, {
        "player": LOST, "banker": won("1:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": LOST, "lucky_six": LOST, "player_natural": LOST,
        "banker_natural": won("7:2")}),
    ("ez-baccarat", DRAGON_SEVEN, 1, {
        "player": LOST, "banker": PUSHED, "tie": LOST, "dragon_7": won("40:1"),
        "panda_8": LOST}),
    ("ez-baccarat", PANDA_EIGHT, 1, {
        "player": won("1:1"), "banker": LOST, "tie": LOST, "dragon_7": LOST,
        "panda_8": won("25:1")}),
    # Banker's 7 on two cards is no Dragon: banker is paid 1:1, without commission.
    ("ez-baccarat", BANKER_TWO_CARD_SEVEN, 1, {
        "player": LOST, "banker": won("1:1"), "tie": LOST, "dragon_7": LOST, "panda_8": LOST}),
    # A tie at 7 with banker on three cards: banker did not win, so no Dragon.
    ("ez-baccarat", SEVEN_THREE_CARDS_TIE, 1, {
        "player": PUSHED, "banker": PUSHED, "tie": won("8:1"), "dragon_7": LOST,
        "panda_8": LOST}),
    ("dragon-bonus", NATURAL_TIE, 1, {
        "player": PUSHED, "banker": PUSHED, "tie": won("8:1"), "player_pair": LOST,
        "banker_pair": LOST, "dragon_bonus_player": PUSHED, "dragon_bonus_banker": PUSHED}),
    ("dragon-bonus", DRAGON_SEVEN, 1, {
        "player": LOST, "banker": won("0.95:1"), "tie": LOST, "player_pair": LOST,
        "banker_pair": LOST, "dragon_bonus_player": LOST, "dragon_bonus_banker": LOST}),
    ("no-commission", TIE_WITH_PAIRS, 61, {
        "player": PUSHED, "banker": PUSHED, "tie": won("8:1"), "player_pair": CLOSED,
        "banker_pair": CLOSED, "lucky_six": CLOSED, "player_natural": CLOSED,
        "banker_natural": CLOSED}),
]


@pytest.mark.parametrize(("profile", "outcome", "number", "expected"), DECISIONS)
def test_every_offered_bet_is_decided_in_the_round_result(
    profile: str, outcome: RoundOutcome, number: int, expected: dict[str, tuple[str, str | None]]
) -> None:
    fields = decide_round(load_profile(profile), outcome, number).event_fields()
    assert {bet: (d["outcome"], d["pays"]) for bet, d in fields["bets"].items()} == expected
    assert list(fields["bets"]) == list(load_profile(profile).bets)  # the layout's order
    # The older fields say the same: a closed bet is never a winner and has no pay.
    assert fields["winning_bets"] == [bet for bet, (o, _) in expected.items() if o == "won"]
    assert fields["pushed_bets"] == [bet for bet, (o, _) in expected.items() if o == "pushed"]
    assert fields["pays"] == {bet: pay for bet, (o, pay) in expected.items() if o == "won"}


# Dragon Bonus on rounds worked by hand: (player cards, banker cards, player side, banker side).
DRAGON_BONUS = [
    ("TS 2H 7D", "KD QC TH", won("30:1"), LOST),  # player 9 over 0, both drew
    ("TS 3H 5D", "KD QC TH", won("10:1"), LOST),  # 8 over 0
    ("TS 7H", "KD QC TH", won("6:1"), LOST),  # 7 stands, over 0
    ("TS 6H", "KD QC TH", won("4:1"), LOST),  # 6 over 0
    ("TS 7H", "KD 2C TH", won("2:1"), LOST),  # 7 over 2
    ("TS 6H", "KD 2C TH", won("1:1"), LOST),  # 6 over 2
    ("TS 7H", "KD 4C TH", LOST, LOST),  # 7 over 4: a margin of 3 pays nothing
    ("KS QH TD", "AD 2C 6H", LOST, won("30:1")),  # banker 9 over 0
    ("KS QH TD", "AD 2C 5H", LOST, won("10:1")),  # 8 over 0
    ("KS QH TD", "AD 2C 4H", LOST, won("6:1")),  # 7 over 0
    ("TS AH KD", "3D 4C", LOST, won("4:1")),  # 7 over 1
    ("TS 2H KD", "3D 4C", LOST, won("2:1")),  # 7 over 2
    ("TS 2H TD", "3S 3D", LOST, won("1:1")),  # 6 stands over 2
    ("TS 4H KD", "3D 4C", LOST, LOST),  # 7 over 4
    ("4S 5H", "KD QC", won("1:1"), LOST),  # a natural 9 over 0 is a natural win: 1:1, not 30:1
    ("TS 8H", "KD 9C", LOST, won("1:1")),  # natural 9 over natural 8
    ("TS 8H", "KD 8C", PUSHED, PUSHED),  # a tie of naturals is returned
    ("3S 3H", "3D 3C", LOST, LOST),  # a tie without naturals loses
]


@pytest.mark.parametrize(("player", "banker", "player_side", "banker_side"), DRAGON_BONUS)
def test_dragon_bonus_pays_by_natural_and_margin(player: str, banker: str,
                                                 player_side: tuple[str, str | None],
                                                 banker_side: tuple[str, str | None]) -> None:
    fields = decide_round(load_profile("dragon-bonus"), judge_round(cards(player), cards(banker)),
                          1).event_fields()
    sides = fields["bets"]["dragon_bonus_player"], fields["bets"]["dragon_bonus_banker"]
    assert tuple((side["outcome"], side["pays"]) for side in sides) == (player_side, banker_side)


def test_ez_banker_gets_the_stake_back_on_a_dragon_seven_and_dragon_7_pays_40_to_1() -> None:
    decided = decide_round(load_profile("ez-baccarat"), DRAGON_SEVEN, 1)
    assert settle(decided, {"banker": D("25.00"), "dragon_7": D("5.00"), "panda_8": D("5.00")}
                  ) == {"banker": D("25.00"), "dragon_7": D("205.00"), "panda_8": D("0.00")}
    assert decided.event_fields()["pushed_bets"] == ["banker"]
    won_round = decide_round(load_profile("ez-baccarat"), BANKER_TWO_CARD_SEVEN, 1)
    assert settle(won_round, {"banker": D("25.00")}) == {"banker": D("50.00")}  # no commission


def test_every_shipped_profile_is_covered() -> None:
    assert {profile for profile, *_ in DECISIONS} == set(shipped_profiles())


def test_the_table_publishes_pairs_after_round_60_as_closed_not_won() -> None:
    table = Table(profile="live")
    table.start_shoe()
    for index in range(60):  # player naturals without pairs, cards varied to fit the shoe
        suit, other = "SHDC"[index // 4 % 4], "SHDC"[(index // 4 + 2) % 4]
        player1 = "98"[index % 2] + "SHDC"[index // 2 % 4]
        banker1, player2 = "TJQK"[(index + 1) % 4] + other, "TJQK"[index % 4] + suit
        table.deal(f"{player1} {banker1} {player2} {'2345'[index % 4]}{suit}")
    table.deal("3S 3D 3H 3C")  # round 61: a tie with a pair on each side
    result = table.last("round_result")
    assert result.round == 61
    assert result.fields["bets"]["player_pair"] == {"outcome": "closed", "pays": None}
    assert result.fields["bets"]["tie"] == {"outcome": "won", "pays": "8:1"}
    assert result.fields["winning_bets"] == ["tie"]
    assert result.fields["pays"] == {"tie": "8:1"}
    assert result.fields["pushed_bets"] == ["player", "banker"]


def returned(profile: str, outcome: RoundOutcome, bet: str, stake: str, number: int = 1) -> Decimal:
    return settle(decide_round(load_profile(profile), outcome, number), {bet: D(stake)})[bet]


@pytest.mark.parametrize(("stake", "back"), [("0.10", "0.19"), ("0.20", "0.39"),
                                              ("0.30", "0.58"), ("100", "195.00"),
                                              ("0.11", "0.21"), ("10000", "19500.00")])
def test_banker_commission_is_rounded_down_to_the_cent(stake: str, back: str) -> None:
    amount = returned("classic", BANKER_SEVEN, "banker", stake)
    assert str(amount) == back  # to the cent, as the minor unit says


def test_player_and_banker_push_on_a_tie_and_tie_pays_8_to_1() -> None:
    decided = decide_round(load_profile("classic"), TIE_WITH_PAIRS, 1)
    assert settle(decided, {"player": D("10"), "banker": D("20"), "tie": D("5"),
                            "player_pair": D("1"), "banker_pair": D("2")}) == {
        "player": D("10"), "banker": D("20"), "tie": D("45"),
        "player_pair": D("12"), "banker_pair": D("24"),
    }


def test_losing_bets_return_nothing() -> None:
    decided = decide_round(load_profile("classic"), PLAYER_NINE, 1)
    back = settle(decided, {"player": D("10"), "banker": D("10"), "tie": D("1")})
    assert {bet: str(amount) for bet, amount in back.items()} == {
        "player": "20.00", "banker": "0.00", "tie": "0.00"}


def test_no_commission_banker_pays_even_money_but_half_on_a_six() -> None:
    assert returned("no-commission", BANKER_SEVEN, "banker", "10") == D("20")
    assert returned("no-commission", SIX_TWO_CARDS, "banker", "10") == D("15")
    assert returned("no-commission", SIX_THREE_CARDS, "banker", "10") == D("15")
    assert returned("no-commission", SIX_THREE_CARDS, "banker", "0.15") == D("0.22")
    # On the classic table a banker six is an ordinary banker win.
    assert returned("classic", SIX_TWO_CARDS, "banker", "10") == D("19.50")


def test_lucky_six_pays_12_on_two_cards_and_20_on_three() -> None:
    for profile in ("live", "no-commission"):
        assert returned(profile, SIX_TWO_CARDS, "lucky_six", "10") == D("130")
        assert returned(profile, SIX_THREE_CARDS, "lucky_six", "10") == D("210")
        assert returned(profile, BANKER_SEVEN, "lucky_six", "10") == D("0")


def test_tiger_bets_split_the_banker_six_by_card_count() -> None:
    assert returned("tiger", SIX_TWO_CARDS, "small_tiger", "10") == D("230")
    assert returned("tiger", SIX_TWO_CARDS, "big_tiger", "10") == D("0")
    assert returned("tiger", SIX_THREE_CARDS, "big_tiger", "10") == D("510")
    assert returned("tiger", SIX_THREE_CARDS, "small_tiger", "10") == D("0")


def test_naturals_pay_7_to_2_whoever_wins() -> None:
    assert returned("live", PLAYER_NINE, "player_natural", "10") == D("45")
    assert returned("live", PLAYER_NINE, "banker_natural", "10") == D("0")
    assert returned("live", BANKER_NATURAL, "banker_natural", "0.25") == D("1.12")
    # Two cards totalling 5 are no natural, even when that side wins.
    assert returned("live", SIX_TWO_CARDS, "banker_natural", "10") == D("0")


def test_any_pair_wins_on_either_side() -> None:
    assert returned("big-win", TIE_WITH_PAIRS, "any_pair", "10") == D("60")
    assert returned("big-win", SIX_TWO_CARDS, "any_pair", "10") == D("60")
    assert returned("big-win", BANKER_SEVEN, "any_pair", "10") == D("0")


def test_a_stake_on_a_bet_closed_by_its_cut_off_round_is_refused() -> None:
    assert returned("live", TIE_WITH_PAIRS, "player_pair", "10", number=60) == D("120")
    with pytest.raises(StakeError, match="stake on player_pair: the bet is closed after round "
                                         "60 of the shoe; this is round 61"):
        returned("live", TIE_WITH_PAIRS, "player_pair", "10", number=61)
    with pytest.raises(StakeError, match="stake on lucky_six: the bet is closed after round 50"):
        returned("no-commission", SIX_TWO_CARDS, "lucky_six", "10", number=51)


def test_player_and_banker_limit_the_difference_on_a_sheet_003_table() -> None:
    live = decide_round(load_profile("live"), PLAYER_NINE, 1)
    # 25,000 against 15,000 is 10,000 of exposure: within the 10,000.00 limit.
    assert settle(live, {"player": D("25000"), "banker": D("15000")}) == {
        "player": D("50000"), "banker": D("0")}
    with pytest.raises(StakeError, match=r"stakes on player 25000\.01 and banker 15000: the "
                                         r"difference 10000\.01 is above the player limit "
                                         r"10000\.00"):
        settle(live, {"player": D("25000.01"), "banker": D("15000")})
    with pytest.raises(StakeError, match=r"difference 10000\.01 is above the banker limit"):
        settle(live, {"banker": D("10000.01")})
    with pytest.raises(StakeError, match=r"stake on banker: 0\.05 is outside 0\.10 to 1000000000 "
                                         r"\(the table maximum 10000\.00 bounds the difference"):
        settle(live, {"player": D("5"), "banker": D("0.05")})
    with pytest.raises(StakeError, match=r"stake on player: 1E\+27 is outside 0\.10 to 1000000000"):
        settle(live, {"player": D("1e27"), "banker": D("1e27")})
    # The classic table limits each bet on its own.
    classic = decide_round(load_profile("classic"), PLAYER_NINE, 1)
    with pytest.raises(StakeError, match="stake on player: 25000 is outside the table limits"):
        settle(classic, {"player": D("25000"), "banker": D("15000")})


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ({"player": D("20000")}, "stake on player: 20000 is outside the table limits"),
        ({"player": D("0.05")}, "stake on player: 0.05 is outside the table limits"),
        ({"player": D("1.234")}, "not a whole number of 0.01"),
        ({"player": D("1e30")}, r"stake on player: 1E\+30 is outside the table limits"),
        ({"player": 10.0}, "expected a Decimal amount"),
        ({"lucky_six": D("1")}, "profile classic does not offer 'lucky_six'"),
    ],
)
def test_a_stake_the_table_does_not_take_settles_nothing(stakes: dict[str, Any],
                                                         message: str) -> None:
    with pytest.raises(StakeError, match=message):
        settle(decide_round(load_profile("classic"), BANKER_SEVEN, 1),
               {"banker": D("5"), **stakes})
