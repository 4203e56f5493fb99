"""The felt always says what the table is doing, and an alert takes it over, in the display's
language, from the event that raises it to the one that clears it (docs/display.md)."""

from __future__ import annotations

from typing import Any

import pytest
from PyQt6.QtCore import QCoreApplication, QPointF
from PyQt6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from controller.events.states import TableState
from controller.table.config import TableConfig
from tests.support.display import follow, near, pixel, played, shown_window
from ui.display.cards_panel import CARD_FACE
from ui.display.i18n import load_translator
from ui.display.scenarios import play
from ui.display.window import DisplayWindow


@pytest.fixture
def window(qtbot: QtBot) -> DisplayWindow:
    return shown_window(qtbot)


def alert(window: DisplayWindow) -> Any:
    # The felt's Alert or None; Any, as the tests read its fields where they expect one.
    return window.cards.picture.alert


def test_rescan_names_the_card_and_clears_when_it_is_read(window: DisplayWindow) -> None:
    events = list(played("round"))
    window.on_events(events)
    window.on_event(follow(events[-1], "misread", raw="?H", raw_hex="3f48", position="player3",
                           count=1))
    assert alert(window).title == "RESCAN"
    assert "PLAYER 3rd CARD" in alert(window).body
    window.on_event(follow(events[-1], "misread", raw="?H", raw_hex="3f48", position="player3",
                           count=4))  # a burst of misreads as one fact
    assert "4 misreads" in alert(window).body
    window.on_event(follow(events[-1], "card", card="5C", position="player3", raw="5C",
                           source="reader", cards_left=200))
    assert alert(window) is None
    assert window.cards.picture.player[-1] == "5C"


def test_rescan_after_a_burn_misread_clears_on_the_next_burn_card(window: DisplayWindow) -> None:
    # The reveal 2S asks for two burn cards; the first burn card is misread, then read.
    events = play(TableConfig(driver_url="sim://?script=2S,NR,3H,4H,5C,6D,7C,8D&rate=0"))
    misread = next(i for i, event in enumerate(events) if event.type == "misread")
    assert events[misread].fields["position"] == "burn"
    window.on_events(events[:misread + 1])
    assert alert(window).title == "RESCAN" and "BURN CARD" in alert(window).body
    burn = next(i for i in range(misread, len(events)) if events[i].type == "burn")
    window.on_events(events[misread + 1:burn + 1])
    assert alert(window) is None


def test_reader_disconnected_says_dealing_waits_until_it_is_back(window: DisplayWindow) -> None:
    events = list(played("round"))
    window.on_events(events)
    window.on_events([follow(events[-1], "scanner", status="disconnected", reason="unplugged"),
                      follow(events[-1], "state", state="paused", previous="player3")])
    assert alert(window).title == "CARD READER DISCONNECTED"
    assert "Dealing waits" in alert(window).body
    assert "Meanwhile, enter each card by hand (M)." in alert(window).body
    assert window.status.fields["reader"].text() == "CARD READER DISCONNECTED"
    window.on_events([follow(events[-1], "scanner", status="connected"),
                      follow(events[-1], "state", state="player3", previous="paused")])
    assert alert(window) is None
    assert window.cards.picture.next_card == "PLAYER 3rd CARD"


def cards_in_sight(window: DisplayWindow) -> list[str]:
    """Why a card on the felt is not in sight: under the alert, or not painted."""
    QApplication.processEvents()
    felt = window.cards
    image = felt.grab().toImage()
    problems = []
    for side in ("player", "banker"):
        codes = getattr(felt.picture, side)
        for code, rect in zip(codes, felt.card_rects(side), strict=False):
            if rect.intersects(felt.alert_rect()):
                problems.append(f"{code} at {rect} is under the alert {felt.alert_rect()}")
            # The face, between the rank and the suit, is painted.
            face = QPointF(rect.right() - rect.width() * 0.15, rect.top() + rect.height() * 0.1)
            if not near(pixel(image, face), CARD_FACE):
                problems.append(f"{code}'s face at {face} is not painted")
    covering = [widget for widget in window.findChildren(QWidget)
                if widget.isVisible() and widget is not felt and widget.parentWidget() is window
                and widget.geometry().intersects(felt.geometry())]
    problems += [f"{widget.objectName() or type(widget).__name__} covers the felt"
                 for widget in covering]
    return problems


@pytest.mark.parametrize("alert_event", ["hold", "misread", "scanner"])
def test_an_alert_leaves_the_cards_in_play_in_sight(
    window: DisplayWindow, alert_event: str
) -> None:
    """Hold, rescan and reader disconnected take the band under the cards: the dealer still
    sees what is on the felt while resolving them."""
    events = list(played("round"))  # four cards dealt, the player's third awaited
    window.on_events(events)
    raised = {
        "hold": follow(events[-1], "hold", code="impossible_card", message="", card="AS",
                       raw="AS", source="reader"),
        "misread": follow(events[-1], "misread", raw="?H", raw_hex="3f48",
                          position="player3", count=1),
        "scanner": follow(events[-1], "scanner", status="disconnected", reason="unplugged"),
    }[alert_event]
    window.on_event(raised)
    assert alert(window) is not None
    assert len(window.cards.picture.player) == 2 and len(window.cards.picture.banker) == 2
    assert cards_in_sight(window) == []


@pytest.mark.parametrize(("code", "message", "says"), [
    ("impossible_card", "", "card KD cannot come from this shoe: all 8 KD of its 8 decks are "
                            "already out"),
    ("card_before_new_shoe", "", "card KD was dealt before the new shoe was confirmed: it may "
                                 "be from the last shoe"),
    ("frame_out_of_sequence", "frame 12 after frame 9",
     "the shoe sent a frame out of sequence (frame 12 after frame 9)"),
    ("a_code_from_a_newer_controller", "card KD came too early", "card KD came too early"),
])
def test_a_hold_gives_its_reason_and_who_clears_it_until_cleared(
    window: DisplayWindow, code: str, message: str, says: str
) -> None:
    events = list(played("round"))
    window.on_events(events)
    window.on_event(follow(events[-1], "hold", code=code, message=message, card="KD", raw="KD",
                           source="reader", unknown_field=1))
    assert alert(window).title == "HOLD"
    assert says in alert(window).body
    assert "A supervisor must accept the card (A) or void the round (V)." in alert(window).body
    window.on_event(follow(events[-1], "hold_cleared", by="supervisor", action="accept"))
    assert alert(window) is None


def test_a_hold_follows_the_display_language(qtbot: QtBot) -> None:
    translator = load_translator("ru")
    QCoreApplication.installTranslator(translator)
    try:
        window = DisplayWindow()
        qtbot.addWidget(window)
        window.on_events(list(played("hold")))
        assert alert(window).title == "ОСТАНОВКА"
        assert "не может быть из этого шуза" in alert(window).body
    finally:
        QCoreApplication.removeTranslator(translator)


def test_a_failed_journal_takes_the_felt_and_the_keys(window: DisplayWindow) -> None:
    submitted: list[object] = []
    window.submit = submitted.append
    window.block("integrity check failed: page 7")
    assert alert(window).title == "JOURNAL FAILED"
    assert "integrity check failed: page 7" in alert(window).body
    assert "JOURNAL FAILED" in window.status.fields["journal"].text()
    window.operate("pause")
    assert submitted == []


PHASES = {
    "awaiting_shuffle": ("SHUFFLE, then confirm the new shoe (N)", ""),
    "awaiting_reveal": ("NEW SHOE: deal the reveal card", ""),
    "burning": ("BURN 10 CARDS", ""),
    "awaiting_burn_confirmation": ("BURN 10 CARDS, then confirm the burn (B)", ""),
    "shoe_ended": ("SHOE ENDED: shuffle, then confirm the new shoe", ""),
    "betting": ("PLACE YOUR BETS", ""),
    "player1": ("NO MORE BETS", "PLAYER 1st CARD"),
    "banker1": ("NO MORE BETS", "BANKER 1st CARD"),
    "player2": ("NO MORE BETS", "PLAYER 2nd CARD"),
    "banker2": ("NO MORE BETS", "BANKER 2nd CARD"),
    "player3": ("NO MORE BETS", "PLAYER 3rd CARD"),
    "banker3": ("NO MORE BETS", "BANKER 3rd CARD"),
    "paused": ("PAUSED", ""),
    "hold": ("HOLD", ""),
}


def test_the_felt_names_the_phase_in_every_state(window: DisplayWindow) -> None:
    assert set(PHASES) == set(TableState)
    events = list(played("round"))
    window.on_events(events)
    for state, (phase, card) in PHASES.items():
        window.on_event(follow(events[-1], "state", state=state, previous="betting"))
        assert (window.cards.picture.phase, window.cards.picture.next_card) == (phase, card)
        shown = [painted.fitted.text for painted in window.cards.texts]
        assert phase in shown and (not card or card in shown), state
    window.on_event(follow(events[-1], "state", state="a_state_from_a_newer_controller",
                           previous="betting"))
    assert window.cards.picture.phase == "a state from a newer controller"


def test_a_live_table_counts_down_large_on_the_felt(window: DisplayWindow) -> None:
    events = list(played("betting"))
    window.on_events(events)
    assert window.cards.picture.phase == "PLACE YOUR BETS"
    assert window.cards.picture.countdown == 15
    shown = {painted.fitted.text: painted.fitted.pixel_size for painted in window.cards.texts}
    assert shown["15"] >= window.scale.px("countdown") * 0.9
    window.on_event(follow(events[-1], "betting_closed", reason="timer", closed_bets=[]))
    window.on_event(follow(events[-1], "state", state="player1", previous="betting"))
    assert window.cards.picture.countdown is None
    assert window.cards.picture.phase == "NO MORE BETS"


def test_the_tie_banner_says_player_and_banker_bets_are_returned(window: DisplayWindow) -> None:
    events = list(played("shoe"))
    tie = next(i for i, event in enumerate(events)
               if event.type == "round_result" and event.fields["winner"] == "tie")
    window.on_events(events[:tie + 1])
    assert window.cards.picture.banner.startswith("TIE")
    assert "Player and Banker bets are returned" in window.cards.picture.pays


def test_statistics_say_no_hands_yet_and_streaks_follow_the_shoe(window: DisplayWindow) -> None:
    assert window.stats.heading.text() == "No hands yet"
    events = list(played("shoe"))
    window.on_events(events)
    winners = [e.fields["winner"] for e in events if e.type == "round_result"]
    wins = [winner for winner in winners if winner != "tie"]
    current = next(i for i, winner in enumerate(reversed(wins)) if winner != wins[-1])
    assert window.stats.streak.text() == f"Streak: {wins[-1].title()} {current}"
    runs = {"banker": 0, "player": 0}
    run = 0
    for before, winner in zip([None, *wins], wins, strict=False):
        run = run + 1 if winner == before else 1
        runs[winner] = max(runs[winner], run)
    assert window.stats.longest.text() == (
        f"Longest: Banker {runs['banker']}  Player {runs['player']}")


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 800)])
def test_the_countdown_covers_no_card(qtbot: QtBot, size: tuple[int, int]) -> None:
    window = DisplayWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.on_events(list(played("betting")))
    felt = window.cards
    assert len(felt.picture.player) == 3 and len(felt.picture.banker) == 3
    clock = felt.countdown_rect()
    for side in ("player", "banker"):
        for card in felt.card_rects(side):
            assert not card.intersects(clock) and felt.rect().toRectF().contains(card), (side, card)


def test_a_reader_with_no_rescan_trigger_has_the_dealer_pass_the_card_again(
    window: DisplayWindow
) -> None:
    events = list(played("round"))
    window.on_events(events)
    window.on_event(follow(events[-1], "misread", raw="D14", raw_hex="443134",
                           position="player3", count=1, rescan_by_hand=True))
    assert alert(window).title == "RESCAN"
    assert alert(window).body == ("Pass the card through the reader again: PLAYER 3rd CARD\n"
                                  "Or enter it by hand (M, supervisor PIN).")


def test_a_reader_s_own_alarm_shows_in_the_header_until_it_reads_again(
    window: DisplayWindow
) -> None:
    events = list(played("round"))
    window.on_events(events)
    window.on_event(follow(events[-1], "device_fault", level="alarm", message="Shoe empty",
                           raw="[GameAlarm]<Alarm:Shoe empty>", raw_hex="00"))
    assert window.status.fields["reader"].text() == "CARD READER: Shoe empty"
    assert alert(window) is None  # a fault of the reader's own does not stop the dealing
    window.on_event(follow(events[-1], "card", card="5C", position="player3", raw="5C",
                           source="reader", cards_left=200))
    assert window.status.fields["reader"].text() == "card reader connected"
