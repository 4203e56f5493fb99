"""EZ Baccarat and Dragon Bonus on the display: the banner names a Dragon 7 and the stakes it
returns, the roads badge every Dragon 7 and Panda 8 hand (and no hand on other tables), the
header and F1 help name the bets and badges, in every language. Real widgets, offscreen, fed
by a real table on sim://."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from controller.events import facts
from controller.game.profiles import load_profile
from controller.roads.hand import Hand
from tests.support.display import near, pixel, played, shown_window
from ui.display import marks
from ui.display.app import make_application
from ui.display.i18n import LANGUAGES
from ui.display.keys import help_text
from ui.display.labels import BETS, HAND_BADGES, PROFILES, label
from ui.display.limits import limits_groups
from ui.display.window import DisplayWindow


@pytest.fixture
def window(qtbot: QtBot) -> DisplayWindow:
    window: DisplayWindow = shown_window(qtbot, (1920, 1080), profile=load_profile("ez-baccarat"))
    for event in played("ez"):
        window.on_event(event)
    QApplication.processEvents()
    return window


def results() -> list[facts.RoundResult]:
    return [event.fact for event in played("ez") if isinstance(event.fact, facts.RoundResult)]


def test_a_dragon_7_result_has_its_badge_its_pay_and_the_banker_returned(
        window: DisplayWindow) -> None:
    last = results()[-1]
    assert "dragon_7" in last.winning_bets and last.pushed_bets == ("banker",)
    picture = window.cards.picture
    assert picture.banner == "BANKER WINS 7"
    assert "DRAGON 7" in picture.badges
    assert "Dragon 7 40:1" in picture.pays and "returned: Banker" in picture.pays


def test_the_roads_badge_every_dragon_7_and_panda_8_hand(window: DisplayWindow) -> None:
    badges = [next((bet for bet in ("dragon_7", "panda_8") if bet in r.winning_bets), None)
              for r in results()]
    assert badges.count("dragon_7") >= 3 and badges.count("panda_8") >= 1  # the seed's shoe
    bead_plate = window.roads.bead_plate
    cells = sorted(bead_plate.cells.values(), key=lambda cell: (cell.col, cell.row))
    assert [cell.badge for cell in cells] == badges
    image = bead_plate.grab().toImage()
    for cell in cells:
        rect = bead_plate.cell_rect(cell.col, cell.row)
        side = rect.width()
        # The badge's dark square, at the bottom left, left of its number.
        corner = QPointF(rect.left() + 0.08 * side, rect.bottom() - 0.1 * side)
        assert near(pixel(image, corner), marks.BADGE_INK) == (cell.badge is not None), cell
    big_road = window.roads.big_road
    won = [cell.badge for cell in sorted(big_road.cells.values(),
                                         key=lambda cell: (cell.col, cell.row)) if cell.badge]
    assert sorted(won) == sorted(badge for badge in badges if badge)


def test_on_a_table_without_the_bets_the_same_hand_has_no_badge() -> None:
    dragon = next(r for r in results() if "dragon_7" in r.winning_bets)
    assert Hand.from_round_result(dragon).badge == "dragon_7"
    classic = replace(dragon, bets={bet: dragon.bets[bet] for bet in ("player", "banker", "tie")})
    assert Hand.from_round_result(classic).badge is None


def test_header_names_the_profile_and_its_bets(window: DisplayWindow) -> None:
    assert window.status.fields["profile"].text() == "EZ Baccarat"
    assert window.limits.texts() == [
        "Player, Banker, Tie \u202a0.10\u201310,000.00\u202c",
        "Dragon 7, Panda 8 \u202a0.10\u2013500.00\u202c"]
    groups = limits_groups(load_profile("dragon-bonus"), ())
    assert groups[-1] == ("Player Pair, Banker Pair, Player Dragon Bonus, Banker Dragon Bonus "
                          "\u202a0.10\u20131,000.00\u202c")


def test_f1_help_explains_the_badges_the_table_offers(window: DisplayWindow, qtbot: QtBot) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    body = window.help.body.text()
    assert "Dragon 7, banker won with 7 on three cards" in body
    assert "Panda 8, player won with 8 on three cards" in body
    assert "Dragon 7" not in help_text(load_profile("classic").bets)


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_every_new_name_is_translated(qapp: QApplication, language: str) -> None:
    try:
        make_application(language)
        names = [label(BETS, bet) for bet in
                 ("dragon_7", "panda_8", "dragon_bonus_player", "dragon_bonus_banker")]
        names += [label(HAND_BADGES, bet) for bet in HAND_BADGES]
        names += [label(PROFILES, name) for name in ("ez-baccarat", "dragon-bonus")]
        english = ["Dragon 7", "Panda 8", "Player Dragon Bonus", "Banker Dragon Bonus",
                   "DRAGON 7", "PANDA 8", "EZ Baccarat", "Dragon Bonus"]
        assert all(name != source for name, source in zip(names, english, strict=True)), names
        assert "Dragon 7" not in help_text(["dragon_7"])  # the legend too
    finally:
        make_application("en")
