"""EZ Baccarat and Dragon Bonus odds: the engine's exact returns equal a second computation
written here from the rules as the casinos print them (a plain walk over every sequence of card
values, in integers), and give the published house edges digit for digit."""

import json
from collections.abc import Iterator

import pytest

from controller.game.cards import ShoeComposition, cards
from controller.game.odds import analyse
from controller.game.profiles import load_profile
from ui.cli import main

ROUND_CARDS = 6


def falling(n: int, k: int) -> int:
    product = 1
    for i in range(k):
        product *= n - i
    return product


def banker_draws(banker: int, player_third: int | None) -> bool:
    """The banker's tableau, as printed on the layout."""
    if player_third is None:
        return banker <= 5
    return (banker <= 2 or (banker == 3 and player_third != 8)
            or (banker == 4 and 2 <= player_third <= 7)
            or (banker == 5 and 4 <= player_third <= 7)
            or (banker == 6 and player_third in (6, 7)))


def rounds(counts: list[int]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every round as (player values, banker values, ordered ways to deal it out of N^(6))."""
    left = list(counts)
    cards_left = sum(counts)

    def take(ways: int) -> Iterator[tuple[int, int]]:
        for value in range(10):
            if left[value]:
                left[value] -= 1
                yield value, ways * (left[value] + 1)
                left[value] += 1

    def ways_of(dealt: int, ways: int) -> int:
        return ways * falling(cards_left - dealt, ROUND_CARDS - dealt)

    for p1, w1 in take(1):
        for b1, w2 in take(w1):
            for p2, w3 in take(w2):
                for b2, w4 in take(w3):
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if player >= 8 or banker >= 8:
                        yield (p1, p2), (b1, b2), ways_of(4, w4)
                    elif player <= 5:
                        for p3, w5 in take(w4):
                            if banker_draws(banker, p3):
                                for b3, w6 in take(w5):
                                    yield (p1, p2, p3), (b1, b2, b3), ways_of(6, w6)
                            else:
                                yield (p1, p2, p3), (b1, b2), ways_of(5, w5)
                    elif banker <= 5:
                        for b3, w5 in take(w4):
                            yield (p1, p2), (b1, b2, b3), ways_of(5, w5)
                    else:
                        yield (p1, p2), (b1, b2), ways_of(4, w4)


def dragon_bonus(side: int, other: int, side_natural: bool, other_natural: bool) -> int:
    """Units back for one unit on a side's Dragon Bonus."""
    if side_natural or other_natural:
        if side == other:
            return 1  # a tie of naturals: the stake back
        return 2 if side > other and side_natural else 0
    margin = side - other
    return 1 + {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}[margin] if margin >= 4 else 0


def returns(player_cards: tuple[int, ...], banker_cards: tuple[int, ...]) -> dict[str, int]:
    """Units back for one unit on each bet this test checks, on one round."""
    player, banker = sum(player_cards) % 10, sum(banker_cards) % 10
    player_natural = sum(player_cards[:2]) % 10 >= 8
    banker_natural = sum(banker_cards[:2]) % 10 >= 8
    dragon = banker > player and banker == 7 and len(banker_cards) == 3
    panda = player > banker and player == 8 and len(player_cards) == 3
    return {
        # EZ: banker 1:1, its stake back on a tie and on a Dragon 7.
        "banker": 1 if player == banker or dragon else 2 * (banker > player),
        "dragon_7": 41 * dragon,
        "panda_8": 26 * panda,
        "dragon_bonus_player": dragon_bonus(player, banker, player_natural, banker_natural),
        "dragon_bonus_banker": dragon_bonus(banker, player, banker_natural, player_natural),
    }


def walked_returns(shoe: ShoeComposition) -> dict[str, tuple[int, int]]:
    """Each checked bet's return as (numerator, denominator) from the walk."""
    totals = dict.fromkeys(returns((0, 0), (0, 0)), 0)
    for player_cards, banker_cards, ways in rounds(shoe.points_counts()):
        for bet, back in returns(player_cards, banker_cards).items():
            totals[bet] += back * ways
    denominator = falling(shoe.cards_left, ROUND_CARDS)
    return {bet: (total, denominator) for bet, total in totals.items()}


def shoe_keeping(kept: dict[str, int]) -> ShoeComposition:
    """An 8-deck shoe dealt down until ``kept`` (rank -> cards) is left."""
    removed = [f"{rank}{'SHDC'[i % 4]}" for rank in "A23456789TJQK"
               for i in range(32 - kept[rank])]
    return ShoeComposition(8, cards(removed))


# Late in a shoe, 80 cards left: rich in 8s (and 3s, 4s, 5s), poor in 9s, tens, aces and 2s.
# docs/surveillance.md works this shoe: Panda 8 returns 115.37%.
LATE_SHOE = shoe_keeping({"A": 4, "2": 4, "3": 8, "4": 8, "5": 8, "6": 5, "7": 5, "8": 12,
                          "9": 2, "T": 6, "J": 6, "Q": 6, "K": 6})

SHOES = {"fresh 8 decks": ShoeComposition(8), "fresh 6 decks": ShoeComposition(6),
         "late 8-deck shoe rich in 8s": LATE_SHOE}


@pytest.mark.parametrize("shoe_name", SHOES)
def test_exact_returns_match_a_walk_over_every_round(shoe_name: str) -> None:
    shoe = SHOES[shoe_name]
    walked = walked_returns(shoe)
    engine = {**analyse(shoe, load_profile("ez-baccarat")).bets,
              **{bet: odds for bet, odds in analyse(shoe, load_profile("dragon-bonus")).bets.items()
                 if bet.startswith("dragon_bonus")}}
    for bet, (numerator, denominator) in walked.items():
        assert engine[bet].rtp * denominator == numerator, bet


# House edges from the Wizard of Odds, in percent, to the digit published.
PUBLISHED_EDGES = [
    ("ez-baccarat", 8, "banker", "1.0183"), ("ez-baccarat", 8, "dragon_7", "7.6113"),
    ("ez-baccarat", 8, "panda_8", "10.1876"),
    ("dragon-bonus", 8, "dragon_bonus_player", "2.6517"),
    ("dragon-bonus", 8, "dragon_bonus_banker", "9.3731"),
    ("dragon-bonus", 6, "dragon_bonus_player", "2.67"),
    ("dragon-bonus", 6, "dragon_bonus_banker", "9.39"),
]


@pytest.mark.parametrize(("profile", "decks", "bet", "edge"), PUBLISHED_EDGES)
def test_the_published_house_edges_come_out_digit_for_digit(profile: str, decks: int, bet: str,
                                                            edge: str) -> None:
    rtp = analyse(ShoeComposition(decks), load_profile(profile)).bets[bet].rtp
    decimals = len(edge.split(".")[1])
    assert f"{float(1 - rtp) * 100:.{decimals}f}" == edge


def test_late_in_a_shoe_rich_in_eights_panda_8_turns_in_the_players_favour() -> None:
    assert analyse(ShoeComposition(8), load_profile("ez-baccarat")).bets["panda_8"].rtp < 1
    assert f"{float(analyse(LATE_SHOE, load_profile('ez-baccarat')).bets['panda_8'].rtp):.4%}" == (
        "115.3684%")


@pytest.mark.parametrize("profile", ["ez-baccarat", "dragon-bonus"])
def test_odds_command_prints_every_bet_of_the_profile(profile: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--profile", profile, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert list(printed["rtp"]) == list(load_profile(profile).bets)
    assert main(["odds", "--profile", profile, "--removed", "8S 9H"]) == 0
    table = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()
             if line.split() and line.split()[0] in load_profile(profile).bets}
    assert set(table) == set(load_profile(profile).bets)
    if profile == "ez-baccarat":  # the banker's Dragon 7 push is in its pushes column
        banker = analyse(ShoeComposition(8, cards("8S 9H")), load_profile(profile)).bets["banker"]
        assert table["banker"][1] == f"{float(banker.pushes):.4%}"


EZ_EVENTS = {"banker_seven_three_cards", "player_eight_three_cards"}
DRAGON_EVENTS = {"player_natural_win", "banker_natural_win", "natural_tie",
                 *(f"{side}_wins_by_{n}_no_natural" for side in ("player", "banker")
                   for n in range(4, 10))}


@pytest.mark.parametrize(("profile", "games_events"), [
    ("classic", set()), ("ez-baccarat", EZ_EVENTS), ("dragon-bonus", DRAGON_EVENTS)])
def test_odds_shows_the_outcomes_of_every_round_and_those_the_profiles_bets_pay_on(
        profile: str, games_events: set[str], capsys: pytest.CaptureFixture[str]) -> None:
    # docs/odds.md: the EZ outcomes are for EZ Baccarat, the Dragon Bonus ones for Dragon Bonus.
    every_round = {"banker", "player", "tie", "player_pair", "banker_pair", "any_pair",
                   "player_natural", "banker_natural", "banker_six_two_cards",
                   "banker_six_three_cards", "banker_not_six"}
    assert main(["odds", "--profile", profile, "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["probabilities"]) == every_round | games_events
    assert main(["odds", "--profile", profile]) == 0
    printed = capsys.readouterr().out.split("\n\n")[1].splitlines()[1:]  # the events' rows
    assert {line.split()[0] for line in printed} == every_round | games_events
