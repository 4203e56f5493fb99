"""Exact odds: the fast engine agrees with the plain reference to the last digit, reproduces
the published figures, and the ``odds`` command prints them."""

import json

import pytest

from controller.game.cards import ShoeComposition, ShoeError, cards
from controller.game.odds import analyse, event_probabilities
from controller.game.odds_reference import reference_event_probabilities
from controller.game.profiles import load_profile
from drivers.card_codes import ALL_CODES
from ui.cli import main

PUBLISHED_EVENTS = {
    "banker", "player", "tie", "player_pair", "banker_pair", "any_pair", "player_natural",
    "banker_natural", "banker_six_two_cards", "banker_six_three_cards",
}


def shoe_holding(decks: int, kept: str) -> ShoeComposition:
    """A shoe run down until only ``kept`` is left in it."""
    left = cards(kept)
    removed = []
    for code in ALL_CODES:
        removed += cards([code] * (decks - left.count(cards(code)[0])))
    shoe = ShoeComposition(decks, removed)
    assert shoe.cards_left == len(left)
    return shoe


DEPLETED_SHOES = {
    # Sixes, naturals, pairs and every third-card branch, from a one-deck remnant.
    "one deck remnant": shoe_holding(1, "AS AH 3S 3D 6S 6H 6D 9S 9C TS KH KD 2C 8H 4D"),
    # Few ranks, many copies: values taken up to six times in one round.
    "two decks, four ranks": shoe_holding(
        2, "3S 3S 3H 3D 3C 3C 6S 6S 6H 6H 6D 6C KS KH KD KC KC 8D 8D AH"),
    # The smallest shoe that can always finish a round.
    "six cards": shoe_holding(1, "AS 2H 3D 6C 6S KD"),
}


@pytest.mark.parametrize("name", DEPLETED_SHOES)
def test_fast_engine_matches_the_reference_exactly(name: str) -> None:
    shoe = DEPLETED_SHOES[name]
    assert event_probabilities(shoe) == reference_event_probabilities(shoe)


def test_published_eight_deck_returns() -> None:
    odds = analyse(ShoeComposition(8), load_profile("classic"))
    returns = {bet: round(float(bet_odds.rtp) * 100, 2) for bet, bet_odds in odds.bets.items()}
    assert (returns["banker"], returns["player"], returns["tie"]) == (98.94, 98.76, 85.64)
    assert returns["player_pair"] == returns["banker_pair"] == 89.64
    assert sum(odds.probabilities[e] for e in ("banker", "player", "tie")) == 1


def test_a_shoe_with_no_pairs_left_cannot_pay_a_pair() -> None:
    odds = event_probabilities(shoe_holding(1, "AS 2H 3D 4C 5S 6H 7D 8C 9S TH JD QC KS"))
    assert odds["player_pair"] == odds["banker_pair"] == odds["any_pair"] == 0
    assert odds["banker"] > 0


def test_a_shoe_too_short_for_a_round_is_refused() -> None:
    with pytest.raises(ShoeError, match=r"at least 6 cards .* 5 are left"):
        event_probabilities(shoe_holding(1, "AS 2H 3D 6C 6S"))


def test_odds_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--profile", "live", "--decks", "8", "--removed", "AS 9D 6H", "--json"]
                ) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["cards_left"] == 413
    assert set(printed["probabilities"]) >= PUBLISHED_EVENTS
    assert set(printed["rtp"]) == set(load_profile("live").bets)
    assert all(0 < value < 1 for value in printed["probabilities"].values())
    shoe = ShoeComposition(8, cards("AS 9D 6H"))
    assert printed["probabilities"]["tie"] == float(event_probabilities(shoe)["tie"])


def test_odds_command_refuses_a_card_the_shoe_cannot_hold(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["odds", "--decks", "1", "--removed", "AS AS"]) == 2
    assert "card AS cannot come from this shoe" in capsys.readouterr().err


def test_odds_json_carries_the_pushes_its_table_prints(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["odds", "--profile", "no-commission", "--removed", "4S 4H 5D"]
    assert main(arguments) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    start = rows.index(["bet", "wins", "pushes", "return"]) + 1
    printed = {row[0]: row[2] for row in rows[start:]}
    assert main([*arguments, "--json"]) == 0
    pushes = json.loads(capsys.readouterr().out)["pushes"]
    assert list(pushes) == list(load_profile("no-commission").bets)
    assert {bet: f"{chance:.4%}" for bet, chance in pushes.items()} == printed
    assert pushes["player"] == pushes["banker"] > 0 and pushes["tie"] == 0
