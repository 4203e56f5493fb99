import pytest

from controller.game.cards import Card, ShoeComposition, ShoeError, cards
from drivers.card_codes import CardCodeError, parse_card_code


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("AS", "AS"), ("as", "AS"), (" 10h ", "TH"), ("Td", "TD"), ("kc", "KC"), ("\t9s\n", "9S")],
)
def test_card_codes_are_canonicalised(text: str, canonical: str) -> None:
    assert parse_card_code(text) == canonical


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "AX", "ZS", "ASS", "10", "A S", "🂡"])
def test_a_bad_card_code_is_refused_and_quoted(text: str) -> None:
    with pytest.raises(CardCodeError) as caught:
        parse_card_code(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("text", ["A\u017f", "\u01c6S", "AS\u00a0", "\uff21\uff33"])
def test_a_card_code_must_be_ascii_even_where_upper_case_would_make_it_one(text: str) -> None:
    # "Aſ".upper() == "AS": the long s would pass as a spade without the ASCII check.
    with pytest.raises(CardCodeError, match="ASCII") as caught:
        parse_card_code(text)
    assert repr(text) in str(caught.value)


def test_card_points_and_burn_count() -> None:
    assert [c.points for c in cards("AS 2H 9D TC JS QH KD")] == [1, 2, 9, 0, 0, 0, 0]
    assert Card.parse("7H").burn_count == 7
    assert Card.parse("KH").burn_count == 10
    assert Card.parse("10S").burn_count == 10


def test_shoe_tracks_removed_cards_and_refuses_one_too_many() -> None:
    shoe = ShoeComposition(decks=8)
    assert shoe.cards_left == 416
    ace = Card.parse("AS")
    for _ in range(8):
        shoe.remove(ace)
    assert shoe.cards_left == 408
    assert not shoe.holds(ace)
    with pytest.raises(ShoeError, match="AS"):
        shoe.remove(ace)
    assert shoe.cards_left == 408


def test_shoe_counts_by_value_and_rank() -> None:
    shoe = ShoeComposition(decks=6, removed=cards("KS QH 5D"))
    points = shoe.points_counts()
    assert points[0] == 6 * 16 - 2
    assert points[5] == 6 * 4 - 1
    assert shoe.rank_counts()["K"] == 23


@pytest.mark.parametrize("decks", [0, 9, -1])
def test_shoe_size_is_checked(decks: int) -> None:
    with pytest.raises(ShoeError, match=str(decks)):
        ShoeComposition(decks=decks)
