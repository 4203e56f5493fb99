"""Properties of the roads over random shoes."""

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.game.outcome import Winner
from controller.roads import DERIVED_NAMES, STAT_KEYS, BigRoadCell, Hand, Mark, Roads
from controller.roads.statistics import hand_counts

hands_strategy = st.builds(
    Hand,
    winner=st.sampled_from(["banker", "player", "tie"]),
    player_pair=st.booleans(),
    banker_pair=st.booleans(),
    natural=st.booleans(),
)
shoes = st.lists(hands_strategy, max_size=120)
SMALL_ROWS = st.integers(min_value=1, max_value=7)


def derived(roads: Roads) -> list[tuple[Mark, ...]]:
    return [roads.derived_road(name) for name in DERIVED_NAMES]


@given(shoes, st.sampled_from(["banker", "player"]), SMALL_ROWS)
def test_ask_road_equals_what_the_next_hand_adds(hands: list[Hand], winner: Winner,
                                                 rows: int) -> None:
    roads = Roads.from_hands(hands, rows=rows)
    asked = roads.ask()[winner]
    change = roads.add(Hand(winner))
    added = {name: mark.color for name, mark in change.marks.items()}
    assert added == {name: color for name, color in asked.items() if color is not None}


@given(shoes, hands_strategy.filter(lambda hand: hand.winner == "tie"))
def test_a_tie_never_changes_the_derived_roads_or_the_ask_road(hands: list[Hand],
                                                               tie: Hand) -> None:
    roads = Roads.from_hands(hands)
    before, asked = derived(roads), roads.ask()
    change = roads.add(tie)
    assert change.marks == {}
    assert derived(roads) == before
    assert roads.ask() == asked


@given(shoes, SMALL_ROWS)
def test_drawn_cells_never_overlap_and_stay_on_the_grid(hands: list[Hand], rows: int) -> None:
    roads = Roads.from_hands(hands, rows=rows)
    drawn: list[tuple[BigRoadCell | Mark, ...]] = [roads.big_road(), *derived(roads)]
    for cells in drawn:
        places = [(cell.col, cell.row) for cell in cells]
        assert len(set(places)) == len(places)
        assert all(0 <= row < rows and col >= 0 for col, row in places)


@given(shoes)
def test_big_road_holds_every_win_once_in_streak_columns(hands: list[Hand]) -> None:
    roads = Roads.from_hands(hands)
    wins = [hand.winner for hand in hands if hand.winner != "tie"]
    cells = roads.big_road()
    assert [cell.winner for cell in cells if cell.winner] == wins
    assert sum(cell.ties for cell in cells) == len(hands) - len(wins)
    streaks = list(roads.big_road_columns())
    assert sum(streaks) == len(wins)
    assert len(streaks) == sum(1 for i, w in enumerate(wins) if i == 0 or wins[i - 1] != w)


@given(shoes, st.integers(min_value=1, max_value=30))
def test_statistics_equal_a_recount_of_the_window(hands: list[Hand], window: int) -> None:
    roads = Roads.from_hands(hands, stats_window=window)
    recent = hands[-window:] if hands else []
    expected = [sum(column) for column in zip(*map(hand_counts, recent), strict=True)]
    stats = roads.stats()
    assert stats.hands == len(recent)
    assert [stats.counts[key] for key in STAT_KEYS] == (expected or [0] * len(STAT_KEYS))


@settings(max_examples=50)
@given(shoes)
def test_each_change_names_the_cells_now_last_on_each_road(hands: list[Hand]) -> None:
    roads = Roads()
    for hand in hands:
        change = roads.add(hand)
        assert change.bead_plate == roads.bead_plate()[-1:]
        assert change.big_road == roads.big_road()[-1:]
        for name, mark in change.marks.items():
            assert roads.derived_road(name)[-1] == mark
