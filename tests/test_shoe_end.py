"""Where a real shoe stops dealing (controller/game/shoe_end.py), checked against the controller."""

import pytest

from controller.game.shoe_end import dealt_items
from drivers.card_codes import CUT
from drivers.shoe_order import build_shoe, shoe_random
from tests.support.table import Table

# Reveal AS burns one card (2D).
START = ["AS", "2D"]
NATURAL = ["9H", "KD", "TC", "QS"]  # player 9: complete after four cards
SIX_CARDS = ["2H", "3D", "TC", "KS", "4C", "5S"]  # player 2 draws 4; banker 3 draws on 4
SPARE = ["7C", "7D", "7H", "7S", "8C", "8D", "8H"]


def test_the_round_the_cut_card_falls_in_is_completed_and_the_rest_stays_in_the_shoe() -> None:
    shoe = [*START, *NATURAL[:2], CUT, *NATURAL[2:], *SPARE]
    assert dealt_items(shoe) == [*START, *NATURAL[:2], CUT, *NATURAL[2:]]


def test_a_cut_card_between_rounds_is_followed_by_one_more_round() -> None:
    shoe = [*START, *NATURAL, CUT, *SIX_CARDS, *SPARE]
    assert dealt_items(shoe) == [*START, *NATURAL, CUT, *SIX_CARDS]


def test_the_third_card_rule_decides_where_the_last_round_ends() -> None:
    shoe = [*START, CUT, *SIX_CARDS, *SPARE]  # the cut card among the burns: round 1 is last
    assert dealt_items(shoe) == [*START, CUT, *SIX_CARDS]
    five = ["2H", "3D", "TC", "KS", "8C"]  # banker 3 stands on player's third card 8
    assert dealt_items([*START, CUT, *five, *SPARE]) == [*START, CUT, *five]


def test_no_reads_stay_before_their_card_and_none_trail_the_last_card() -> None:
    shoe = [*START, CUT, "NR", *NATURAL[:3], "NR", NATURAL[3], "NR", *SPARE]
    assert dealt_items(shoe) == [*START, CUT, "NR", *NATURAL[:3], "NR", NATURAL[3]]


def test_a_shoe_that_runs_out_first_is_dealt_whole() -> None:
    short = [*START, *NATURAL[:2], CUT, NATURAL[2]]
    assert dealt_items(short) == short
    assert dealt_items([*START, *NATURAL]) == [*START, *NATURAL]  # no cut card at all


@pytest.mark.parametrize(("seed", "cut"), [(1, 6), (2, 14), (3, 52), (4, 6), (5, 30)])
def test_the_controller_ends_the_shoe_exactly_at_the_last_card_dealt(seed: int, cut: int) -> None:
    dealt = dealt_items(build_shoe(8, shoe_random(seed, 0), cut_from_end=cut))
    assert CUT in dealt[:-1]
    table = Table()
    table.new_shoe()
    for number, item in enumerate(dealt, start=1):
        table.deal(item)
        ended = bool(table.of_type("shoe_ended"))
        assert ended == (number == len(dealt)), f"item {number} of {len(dealt)}: {item}"
