"""The display shows what the event stream says: cards, totals, banner, roads, statistics,
status, holds. Real widgets, offscreen, fed with events from a real table on sim://."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TypeVar

import pytest
from PyQt6.QtCore import QCoreApplication, QEvent, QObject, QPointF, QRect, QRectF
from PyQt6.QtGui import QColor, QImage, QPaintEvent
from PyQt6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from controller.events.stream import TableEvent
from controller.game.profiles import load_profile
from controller.journal import JournalError
from controller.roads import DERIVED_NAMES, BeadCell, BigRoadCell, Mark
from tests.support.display import follow, near, pixel, played, shown_window
from tests.support.table import Table
from ui.display import marks
from ui.display.bridge import EventBridge
from ui.display.roads_panels import RoadPanel
from ui.display.window import DisplayWindow

LANDSCAPE = (1920, 1080)


# A cell of any road, each with its column.
Cell = TypeVar("Cell", BeadCell, BigRoadCell, Mark)


@pytest.fixture
def window(qtbot: QtBot) -> DisplayWindow:
    window: DisplayWindow = shown_window(qtbot, LANDSCAPE, profile=load_profile("classic"))
    return window


def feed(window: DisplayWindow, events: Iterable[TableEvent]) -> None:
    for event in events:
        window.on_event(event)
    QApplication.processEvents()


def test_mid_round_shows_cards_totals_and_next_card(window: DisplayWindow) -> None:
    feed(window, played("round"))
    view = window.view
    picture = window.cards.picture
    assert picture.player == tuple(view.player) and len(picture.player) == 2
    assert picture.banker == tuple(view.banker) and len(picture.banker) == 2
    assert (picture.player_total, picture.banker_total) == (view.player_total, view.banker_total)
    assert view.next_card == "player3"
    assert (picture.phase, picture.next_card) == ("NO MORE BETS", "PLAYER 3rd CARD")
    assert picture.banner == ""
    image = window.cards.grab().toImage()
    for side in ("player", "banker"):
        first, second, third = window.cards.card_rects(side)
        for rect in (first, second):  # the card face's corner, below the rank
            assert near(pixel(image, QPointF(rect.right() - 6, rect.bottom() - 6)),
                        QColor("#fdfdfb"))
        assert not near(pixel(image, third.center()), QColor("#fdfdfb"))  # no third card yet


def test_result_banner_marks_and_pays(window: DisplayWindow) -> None:
    events = played("shoe")
    feed(window, events)
    last = next(event for event in reversed(events) if event.type == "round_result").fields
    picture = window.cards.picture
    total = last["banker_total"] if last["winner"] == "banker" else last["player_total"]
    words = {"player": "PLAYER WINS", "banker": "BANKER WINS", "tie": "TIE"}[last["winner"]]
    assert picture.banner == f"{words} {total}"
    assert picture.player == tuple(last["player"]) and picture.banker == tuple(last["banker"])
    assert picture.phase == "SHOE ENDED: shuffle, then confirm the new shoe"
    assert ("Player Pair" in picture.badges) == last["player_pair"]
    assert ("Banker Pair" in picture.badges) == last["banker_pair"]
    for bet, pay in last["pays"].items():
        assert pay in picture.pays and bet.split("_")[0].title() in picture.pays


def test_first_card_of_a_round_clears_the_last_result(window: DisplayWindow) -> None:
    events = list(played("shoe"))
    first_card = next(i for i, e in enumerate(events) if e.type == "card" and e.round == 2)
    feed(window, events[: first_card + 1])
    picture = window.cards.picture
    assert picture.banner == "" and len(picture.player) == 1 and picture.banker == ()


def visible_cells(panel: RoadPanel, cells: Iterable[Cell]) -> list[Cell]:
    first = panel.first_column()
    return [cell for cell in cells if first <= cell.col < first + panel.visible_columns()]


def test_every_road_cell_and_colour_matches_the_roads_model(window: DisplayWindow) -> None:
    feed(window, played("shoe"))
    roads = window.view.roads
    board = window.roads
    assert board.bead_plate.cells == {(c.col, c.row): c for c in roads.bead_plate()}
    assert board.big_road.cells == {(c.col, c.row): c for c in roads.big_road()}
    checked = 0
    image = board.bead_plate.grab().toImage()
    cell: BeadCell | BigRoadCell  # a bead, then a Big Road cell
    for cell in visible_cells(board.bead_plate, roads.bead_plate()):
        rect = board.bead_plate.cell_rect(cell.col, cell.row)
        side = rect.width()
        spot = rect.center() + QPointF(-0.33 * side, 0)  # on the disc, clear of the letter
        assert near(pixel(image, spot), marks.WINNER_COLORS[cell.winner]), cell
        checked += 1
    image = board.big_road.grab().toImage()
    for cell in visible_cells(board.big_road, roads.big_road()):
        rect = board.big_road.cell_rect(cell.col, cell.row)
        side = rect.width()
        if cell.winner is not None:
            colour = marks.WINNER_COLORS[cell.winner]
            ring = pixel(image, rect.center() + QPointF(marks.RING_RADIUS * side, 0))
            assert near(ring, colour), cell
            inside = pixel(image, rect.center() + QPointF(-0.24 * side, 0.1 * side))
            assert near(inside, colour if cell.natural else marks.ROAD_PAPER), cell
        on_tie_line = pixel(image, rect.center() + QPointF(-0.2 * side, 0.2 * side))
        assert near(on_tie_line, marks.TIE_GREEN) == bool(cell.ties), cell
        checked += 1
    for name in DERIVED_NAMES:
        panel = board.derived[name]
        assert panel.cells == {(m.col, m.row): m for m in roads.derived_road(name)}
        image = panel.grab().toImage()
        for mark in visible_cells(panel, roads.derived_road(name)):
            rect = panel.cell_rect(mark.col, mark.row)
            shown = pixel(image, rect.center() + mark_spot(name, rect.width()))
            assert near(shown, marks.MARK_COLORS[mark.color]), (name, mark)
            assert reads_as(image, name, rect) == mark.color, (name, mark)
            checked += 1
    assert checked > 150


def mark_spot(road: str, side: float) -> QPointF:
    """A point inked in a derived road's mark of either colour."""
    return QPointF((marks.RING_RADIUS if road == "big_eye_boy" else 0.25 * (
        road == "small_road")) * side, 0)


def reads_as(image: QImage, road: str, rect: QRectF) -> str:
    """Red or blue, told by the mark's shape alone, as a colour-blind player reads it."""
    side = rect.width()
    inked = not near(pixel(image, rect.center()), marks.ROAD_PAPER)
    if road == "big_eye_boy":  # blue has a centre dot
        return "blue" if inked else "red"
    if road == "small_road":  # blue has a hole
        return "red" if inked else "blue"
    rising = not near(pixel(image, rect.center() + QPointF(0.2 * side, -0.2 * side)),
                      marks.ROAD_PAPER)
    return "red" if rising else "blue"


def test_roads_scroll_to_the_newest_column(window: DisplayWindow) -> None:
    feed(window, played("shoe"))
    panel = window.roads.bead_plate
    newest = window.view.roads.bead_plate()[-1]
    assert panel.first_column() > 0  # a full shoe is wider than the panel
    rect = panel.cell_rect(newest.col, newest.row)
    assert rect.left() >= 0 and rect.right() <= panel.width()
    image = panel.grab().toImage()
    spot = rect.center() + QPointF(-0.33 * rect.width(), 0)
    assert near(pixel(image, spot), marks.WINNER_COLORS[newest.winner])


def test_ask_road_shows_what_each_derived_road_would_add(window: DisplayWindow) -> None:
    feed(window, played("shoe"))
    ask = window.view.roads.ask()
    panel = window.roads.ask
    assert panel.ask == ask
    image = panel.grab().toImage()
    for winner, marks_by_road in ask.items():
        for name, colour in marks_by_road.items():
            rect = panel.mark_rect(winner, name).adjusted(3, 3, -3, -3)
            shown = pixel(image, rect.center() + mark_spot(name, rect.width()))
            if colour is None:
                assert near(shown, marks.ROAD_PAPER)
            else:
                assert near(shown, marks.MARK_COLORS[colour]), (winner, name)
                assert reads_as(image, name, rect) == colour, (winner, name)


def test_statistics_show_counts_and_percentages(window: DisplayWindow) -> None:
    feed(window, played("shoe"))
    stats = window.view.roads.stats()
    panel = window.stats
    assert panel.heading.text() == f"Last {stats.hands} hands"
    for key, count in stats.counts.items():
        assert panel.counts[key].text() == str(count)
        assert panel.percents[key].text() == f"{stats.percent(key):.2f}%"


class PaintSpy(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.rects: list[QRect] = []

    def eventFilter(self, watched: QObject | None, event: QEvent | None) -> bool:
        if isinstance(event, QPaintEvent):  # every event of type Paint, as PyQt hands it over
            self.rects.append(event.rect())
        return False


def test_a_new_hand_repaints_only_its_cells(window: DisplayWindow, qtbot: QtBot) -> None:
    events = list(played("shoe"))
    results = [i for i, e in enumerate(events) if e.type == "round_result"]
    feed(window, events[: results[3]])  # a few hands in: nothing scrolls yet
    panel = window.roads.bead_plate
    spy = PaintSpy()
    panel.installEventFilter(spy)
    feed(window, [events[results[3]]])
    qtbot.waitUntil(lambda: bool(spy.rects))
    side = panel.cell_size()
    assert all(rect.width() <= side + 4 and rect.height() <= side + 4 for rect in spy.rects)


def strip_embedding(text: str) -> str:
    """A limits text without the marks that keep its stakes left to right in Arabic."""
    return text.replace("\u202a", "").replace("\u202c", "")


def test_header_names_the_table_its_limits_and_the_shoe(window: DisplayWindow) -> None:
    feed(window, played("shoe"))
    fields = window.status.fields
    view = window.view
    assert fields["table"].text() == "table-1"
    assert fields["profile"].text() == "Classic"
    assert [strip_embedding(text) for text in window.limits.texts()] == [
        "Player, Banker, Tie 0.10\u201310,000.00", "Player Pair, Banker Pair 0.10\u20131,000.00"]
    assert fields["cards"].text() == f"cards left {view.cards_left}"
    assert fields["cut"].text() == f"CUT CARD: last round {view.last_round}"
    assert fields["reader"].text() == "card reader connected"


def test_header_shows_the_limits_the_shoe_in_play_started_with(window: DisplayWindow) -> None:
    # Restarted on a config whose profile changed mid-shoe: the window is given the
    # configured profile (classic), the journal's shoe was started under tiger.
    table = Table(profile="tiger")
    table.start_shoe()
    feed(window, table.events)
    assert [strip_embedding(text) for text in window.limits.texts()] == [
        "Player, Banker, Tie 0.10\u201310,000.00", "Player Pair, Banker Pair 0.10\u20131,000.00",
        "Small Tiger 0.10\u2013500.00", "Big Tiger 0.10\u2013200.00"]


def test_live_profile_says_when_side_bets_close_and_which_are_closed(qtbot: QtBot) -> None:
    window = shown_window(qtbot, LANDSCAPE, profile=load_profile("live"))
    events = list(played("live"))
    opened = next(i for i, e in enumerate(events) if e.type == "betting_open" and e.round == 2)
    feed(window, events[:opened + 1])
    assert [strip_embedding(text) for text in window.limits.texts()][1:] == [
        "Player Pair, Banker Pair 0.10\u20131,000.00, until round 60",
        "Lucky Six 0.10\u2013500.00, until round 50",
        "Player Natural, Banker Natural 0.10\u20131,000.00, until round 50"]
    assert window.limits.closed_text() == ""
    feed(window, events[opened + 1:])
    assert window.view.round > 61
    assert [strip_embedding(text) for text in window.limits.texts()] == [
        "Player, Banker, Tie 0.10\u201310,000.00"]
    assert window.limits.closed_text() == (
        "closed: Lucky Six, Player Natural, Banker Natural from round 51; "
        "Player Pair, Banker Pair from round 61")


def test_a_refused_action_is_named_in_words(window: DisplayWindow) -> None:
    events = list(played("round"))
    last = events[-1]
    refused = follow(last, "action_refused", action="void_round", by="supervisor",
                     reason="wrong supervisor PIN")
    feed(window, [*events, refused])
    assert window.status.fields["refused"].text() == (
        "refused: void the round: wrong supervisor PIN")


def test_layouts_fit_every_screen(qtbot: QtBot) -> None:
    for size in ((1920, 1080), (1280, 800), (1080, 1920)):
        window = DisplayWindow()
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        feed(window, played("shoe"))
        for widget in (window.cards, window.stats, window.roads.big_road, window.roads.ask,
                       *window.roads.derived.values(), window.roads.bead_plate):
            geometry = widget.geometry()
            assert window.rect().contains(geometry), (size, type(widget).__name__)
            assert geometry.height() >= 60, (size, type(widget).__name__)
        assert window.roads.big_road.cell_size() >= 14
        window.close()


def test_text_scales_with_the_window(qtbot: QtBot) -> None:
    window = DisplayWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    small = window.font().pixelSize()
    window.resize(1920, 1080)
    QApplication.processEvents()
    assert window.font().pixelSize() > small


def test_a_journal_failure_while_playing_stops_the_display(qtbot: QtBot,
                                                           window: DisplayWindow) -> None:
    bridge = EventBridge()
    bridge.runner_failed.connect(window.stop)
    failure = JournalError("/var/lib/baccarat-table/journal.db", "disk I/O error")
    with qtbot.waitSignal(bridge.runner_failed):
        threading.Thread(target=bridge.table_ended, args=(failure,)).start()  # the table's
    qtbot.waitUntil(lambda: window.blocked)
    alert = window.cards.picture.alert
    assert alert is not None
    assert alert.title == "JOURNAL FAILED" and "disk I/O error" in alert.body


def test_hold_reasons_and_prompts_follow_the_display_language(qtbot: QtBot) -> None:
    from ui.display.i18n import load_translator

    translator = load_translator("ru")
    QCoreApplication.installTranslator(translator)
    try:
        window = DisplayWindow()
        qtbot.addWidget(window)
        feed(window, list(played("hold")))
        alert = window.cards.picture.alert
        assert alert is not None
        assert "не может быть из этого шуза" in alert.body
    finally:
        QCoreApplication.removeTranslator(translator)


def test_a_flood_of_events_is_shown_in_one_batch_not_one_by_one(qtbot: QtBot,
                                                                window: DisplayWindow) -> None:
    """A rate-0 shoe publishes faster than the window paints: whatever arrived while the GUI
    thread was busy is applied as one batch, so the display catches up at once."""
    events = list(played("shoe"))
    bridge = EventBridge()
    batches: list[int] = []
    bridge.received.connect(lambda batch: batches.append(len(batch)))
    bridge.received.connect(window.on_events)

    def publish() -> None:
        for event in events:
            bridge(event)

    publisher = threading.Thread(target=publish)
    publisher.start()
    publisher.join()  # the GUI thread is busy here: nothing is delivered yet
    qtbot.waitUntil(lambda: sum(batches) == len(events))
    assert batches == [len(events)]
    assert window.view.state == "shoe_ended"
    assert window.stats.heading.text() == f"Last {window.view.roads.hands()} hands"
    assert window.roads.big_road.cells == {(c.col, c.row): c
                                           for c in window.view.roads.big_road()}
