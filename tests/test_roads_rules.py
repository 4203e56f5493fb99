"""Hand-worked cases for each roads rule: Bead Plate, Big Road, derived roads, statistics."""

import pytest

from controller.game.cards import cards
from controller.game.outcome import judge_round
from controller.roads import DERIVED_NAMES, Hand, Roads, big_road_text
from controller.roads.derived_roads import mark_color

B, P, T = Hand("banker"), Hand("player"), Hand("tie")


def play(sequence: str, **options: int) -> Roads:
    """Roads after hands written as letters: B banker, P player, T tie."""
    return Roads.from_hands(({"B": B, "P": P, "T": T}[c] for c in sequence), **options)


def picture(roads: Roads) -> list[str]:
    return big_road_text(roads)


def marks(roads: Roads, name: str) -> list[tuple[int, int, str]]:
    return [(m.col, m.row, m.color[0]) for m in roads.derived_road(name)]


# Bead Plate


def test_bead_plate_fills_columns_of_six_top_to_bottom_ties_included() -> None:
    roads = play("BPTBBPTP")
    cells = roads.bead_plate()
    assert [(c.col, c.row) for c in cells] == [(0, r) for r in range(6)] + [(1, 0), (1, 1)]
    assert "".join(c.winner[0].upper() for c in cells) == "BPTBBPTP"


def test_bead_plate_keeps_each_hands_own_flags_ties_too() -> None:
    tie = Hand("tie", player_pair=True, banker_pair=True)
    roads = Roads.from_hands([tie, Hand("player", natural=True)])
    first, second = roads.bead_plate()
    assert (first.winner, first.player_pair, first.banker_pair) == ("tie", True, True)
    assert (second.winner, second.natural) == ("player", True)


def test_bead_plate_height_follows_rows() -> None:
    roads = play("BBBBB", rows=3)
    assert [(c.col, c.row) for c in roads.bead_plate()] == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]


# Big Road


def test_a_change_of_winner_starts_a_column_a_tie_never_does() -> None:
    roads = play("BBTPTPB")
    assert picture(roads) == [
        "B  P1 B",
        "B1 P  .",
        ".  .  .",
        ".  .  .",
        ".  .  .",
        ".  .  .",
    ]
    cells = roads.big_road()
    assert [(c.col, c.row, c.winner, c.ties) for c in cells] == [
        (0, 0, "banker", 0),
        (0, 1, "banker", 1),
        (1, 0, "player", 1),
        (1, 1, "player", 0),
        (2, 0, "banker", 0),
    ]
    assert roads.big_road_columns() == (2, 2, 1)


def test_streak_of_twelve_turns_right_at_the_bottom_row() -> None:
    roads = play("B" * 12 + "PP")
    assert picture(roads) == [
        "B P . . . . .",
        "B P . . . . .",
        "B . . . . . .",
        "B . . . . . .",
        "B . . . . . .",
        "B B B B B B B",
    ]
    # One logical column of 12, however it is drawn.
    assert roads.big_road_columns() == (12, 2)


def test_a_later_tail_meeting_an_earlier_one_turns_right_one_row_above_it() -> None:
    roads = play("P" * 8 + "B" + "P" * 7 + "BB")
    assert picture(roads) == [
        "P B P B .",
        "P . P B .",
        "P . P . .",
        "P . P . .",
        "P . P P P",
        "P P P . .",
    ]


def test_a_tail_on_the_top_row_pushes_the_next_column_further_right() -> None:
    # Two rows: the banker tail takes row 1, the player streak turns right on row 0 at once,
    # so the next banker column cannot start at column 2 and starts at column 3.
    roads = play("BBBBPPB", rows=2)
    assert picture(roads) == ["B P P B", "B B B ."]
    assert (roads.big_road()[-1].col, roads.big_road()[-1].row) == (3, 0)


def test_a_shoe_opening_with_three_ties_shares_the_first_cell_with_the_first_win() -> None:
    roads = play("TTT")
    (cell,) = roads.big_road()
    assert (cell.col, cell.row, cell.winner, cell.ties) == (0, 0, None, 3)
    assert picture(roads)[0] == "-3"
    change = roads.add(B)
    (cell,) = roads.big_road()
    assert (cell.col, cell.row, cell.winner, cell.ties) == (0, 0, "banker", 3)
    assert change.big_road == (cell,)
    roads.add(P)
    assert [(c.col, c.row, c.winner) for c in roads.big_road()] == [
        (0, 0, "banker"),
        (1, 0, "player"),
    ]


def test_pairs_and_naturals_of_a_tie_are_not_drawn_on_the_big_road_but_counted() -> None:
    tie = Hand("tie", player_pair=True, banker_pair=True, natural=True)
    roads = Roads.from_hands([Hand("banker", natural=True), tie])
    (cell,) = roads.big_road()
    assert (cell.winner, cell.ties, cell.natural) == ("banker", 1, True)
    assert (cell.player_pair, cell.banker_pair) == (False, False)
    stats = roads.stats()
    assert stats.counts["player_pair"] == stats.counts["banker_pair"] == 1


def test_big_road_cell_carries_the_winning_hands_natural_and_pairs() -> None:
    roads = Roads.from_hands([Hand("player", player_pair=True, natural=True)])
    (cell,) = roads.big_road()
    assert (cell.winner, cell.player_pair, cell.banker_pair, cell.natural) == (
        "player",
        True,
        False,
        True,
    )


# Derived roads


@pytest.mark.parametrize(
    ("lengths", "column", "row", "offset", "expected"),
    [
        ([2, 2], 2, 0, 1, "red"),  # new column: the two before it are the same length
        ([2, 3], 2, 0, 1, "blue"),
        ([3, 1, 3], 3, 0, 2, "red"),  # small road compares columns c-1 and c-3
        ([3, 1, 1], 3, 0, 2, "blue"),
        ([3, 2], 1, 1, 1, "red"),  # going down: the compared column has this row
        ([1, 2], 1, 1, 1, "blue"),  # the compared column has exactly r entries
        ([1, 3], 1, 2, 1, "red"),  # the compared column is shorter still
        ([1], 1, 0, 1, None),  # column c-1-k does not exist
        ([4, 2], 1, 1, 2, None),  # column c-k does not exist
    ],
)
def test_mark_colour_rule(lengths: list[int], column: int, row: int, offset: int,
                          expected: str | None) -> None:
    assert mark_color(lengths, column, row, offset) == expected


@pytest.mark.parametrize(
    ("name", "first_at_column_k_row_2", "first_at_column_k_plus_2_row_1"),
    [
        ("big_eye_boy", ("BPP", "b"), ("BPB", "r")),
        ("small_road", ("BPBB", "b"), ("BPBP", "r")),
        ("cockroach_pig", ("BPBPP", "b"), ("BPBPB", "r")),
    ],
)
def test_first_derived_marks_at_both_start_points(
    name: str, first_at_column_k_row_2: tuple[str, str],
    first_at_column_k_plus_2_row_1: tuple[str, str]
) -> None:
    for sequence, colour in (first_at_column_k_row_2, first_at_column_k_plus_2_row_1):
        assert marks(play(sequence[:-1]), name) == []
        assert marks(play(sequence), name) == [(0, 0, colour)]


def test_a_long_first_column_alone_gives_no_mark() -> None:
    roads = play("B" * 9)
    assert [roads.derived_road(name) for name in DERIVED_NAMES] == [(), (), ()]


def test_first_mark_waits_for_column_k_plus_2_when_column_k_never_reaches_row_2() -> None:
    # Columns of one: no entry at column 2 row 2, so Big Eye Boy starts at column 3 row 1.
    assert marks(play("BP"), "big_eye_boy") == []
    assert marks(play("BPB"), "big_eye_boy") == [(0, 0, "r")]


def test_derived_marks_group_by_colour_and_take_the_dragon_tail() -> None:
    # Alternating winners: every new Big Road column repeats the one before, all red.
    roads = play("BP" * 5)
    assert marks(roads, "big_eye_boy") == [(0, r, "r") for r in range(6)] + [
        (1, 5, "r"),
        (2, 5, "r"),
    ]
    roads.add(P)  # column 9 row 1 against column 8 of length 1: blue starts a column
    assert marks(roads, "big_eye_boy")[-1] == (1, 0, "b")


def test_derived_roads_read_logical_columns_not_drawn_positions() -> None:
    # The 8-long first column is drawn as 6 + a tail, but compares as a column of 8.
    roads = play("P" * 8 + "B" * 8)
    # Column 1 rows 2..8 (1-based) find column 0 entries on their rows: all red.
    assert {m.color for m in roads.derived_road("big_eye_boy")} == {"red"}
    roads.add(B)  # column 1 now has 9 entries: column 0 has exactly 8 -> blue
    assert roads.derived_road("big_eye_boy")[-1].color == "blue"


def test_ask_road_names_the_next_mark_for_each_winner() -> None:
    roads = play("BPPBBBP")
    assert roads.ask() == {
        "banker": {"big_eye_boy": "blue", "small_road": "blue", "cockroach_pig": "red"},
        "player": {"big_eye_boy": "red", "small_road": "red", "cockroach_pig": "blue"},
    }
    assert play("TT").ask()["banker"] == {
        "big_eye_boy": None,
        "small_road": None,
        "cockroach_pig": None,
    }


# Statistics


def test_statistics_count_every_kind_with_percentages_of_all_hands() -> None:
    hands = [
        Hand("player", natural=True),
        Hand("player", player_pair=True),
        Hand("banker", natural=True, banker_pair=True),
        Hand("tie", player_pair=True),
    ]
    stats = Roads.from_hands(hands).stats()
    assert stats.hands == 4
    assert stats.to_json() == {
        "hands": 4,
        "player": {"count": 2, "percent": 50.0},
        "player_natural": {"count": 1, "percent": 25.0},
        "banker": {"count": 1, "percent": 25.0},
        "banker_natural": {"count": 1, "percent": 25.0},
        "tie": {"count": 1, "percent": 25.0},
        "player_pair": {"count": 2, "percent": 50.0},
        "banker_pair": {"count": 1, "percent": 25.0},
    }


def test_statistics_cover_only_the_last_200_hands() -> None:
    roads = play("B" * 60 + "P" * 190)
    stats = roads.stats()
    assert stats.hands == 200
    assert (stats.counts["banker"], stats.counts["player"]) == (10, 190)
    assert (stats.percent("banker"), stats.percent("player")) == (5.0, 95.0)


def test_statistics_window_is_configurable() -> None:
    stats = play("BBBP", stats_window=2).stats()
    assert (stats.hands, stats.counts["banker"], stats.counts["player"]) == (2, 1, 1)


def test_percentages_round_half_up_to_two_decimals() -> None:
    stats = play("B" + "P" * 31).stats()  # 1/32 = 3.125 %
    assert stats.percent("banker") == 3.13
    assert stats.percent("player") == 96.88  # 96.875 %
    assert play("").stats().percent("tie") == 0.0


# Model behaviour


def test_hand_from_round_outcome() -> None:
    outcome = judge_round(cards("4S 5H"), cards("KS KH"))  # player natural 9, banker pair
    hand = Hand.from_outcome(outcome)
    assert hand == Hand("player", player_pair=False, banker_pair=True, natural=True)
    assert hand.player_natural_win and not hand.banker_natural_win
    tie = Hand.from_outcome(judge_round(cards("4S 4H"), cards("KS 8H")))  # 8 against 8
    assert tie == Hand("tie", player_pair=True)


def test_change_names_the_cells_to_repaint() -> None:
    roads = play("BPPBB")
    change = roads.add(B)
    assert change.bead_plate == (roads.bead_plate()[-1],)
    assert change.big_road == (roads.big_road()[-1],)
    assert change.marks == {
        name: roads.derived_road(name)[-1] for name in ("big_eye_boy", "small_road")
    }
    tie_change = roads.add(T)
    assert tie_change.big_road[0].ties == 1
    assert (tie_change.big_road[0].col, tie_change.big_road[0].row) == (2, 2)
    assert tie_change.marks == {}


def test_clearing_empties_every_road_and_the_statistics() -> None:
    roads = play("BPT")
    assert roads.clear().cleared
    assert roads.hands() == 0 and roads.big_road() == () and roads.stats().hands == 0


def test_clear_roads_then_play_on_starts_from_the_top_left() -> None:
    roads = play("BBBBBBBP")
    roads.clear()
    roads.add(P)
    assert [(c.col, c.row, c.winner) for c in roads.big_road()] == [(0, 0, "player")]
    assert [(c.col, c.row) for c in roads.bead_plate()] == [(0, 0)]


def test_rows_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1 row"):
        Roads(rows=0)
