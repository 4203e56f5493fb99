"""Operator keys drive the controller: each key builds the command the controller expects,
asks for a PIN only where a supervisor is needed, and the real table answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest
from PyQt6.QtCore import QCoreApplication, Qt, QTimer
from PyQt6.QtGui import QFontInfo, QTextDocument, QTextTable
from PyQt6.QtWidgets import (
    QLabel,
    QProxyStyle,
    QStyle,
    QStyleHintReturn,
    QStyleOption,
    QWidget,
)
from pytestqt.qtbot import QtBot

from controller.events.facts import RoundResult, Scanner, State
from controller.events.stream import TableEvent
from controller.table.commands import MAX_BY, MAX_REASON, Action, Command
from controller.table.config import TableConfig
from controller.table.supervisor import hash_pin
from drivers.base import Disconnected
from tests.support.display import played, shown_window
from tests.support.table import Table
from ui.display.app import make_application
from ui.display.bridge import EventBridge
from ui.display.dialogs import CardDialog, NameDialog, PinDialog, ReasonDialog
from ui.display.i18n import load_translator, translate
from ui.display.window import DisplayWindow
from ui.table_process import TableProcess


class ScriptedDialogs:
    """Answers the display's questions as a supervisor at the table would."""

    def __init__(self, pin: str | None = "2468", card: str | None = "KD",
                 reason: str | None = "dealer misdealt", name: str | None = "Maria") -> None:
        self.answers = {"pin": pin, "card": card, "reason": reason, "name": name}
        self.asked: list[str] = []
        self.titles: list[str] = []

    def pin(self) -> str | None:
        self.asked.append("pin")
        return self.answers["pin"]

    def card(self) -> str | None:
        self.asked.append("card")
        return self.answers["card"]

    def reason(self, title: str) -> str | None:
        self.asked.append("reason")
        self.titles.append(title)
        return self.answers["reason"]

    def name(self) -> str | None:
        self.asked.append("name")
        return self.answers["name"]


class KeyedWindow(DisplayWindow):
    """The display, the commands it submits kept, its questions answered by a script."""

    dialogs: ScriptedDialogs

    def __init__(self) -> None:
        submitted: list[Command] = []
        super().__init__(submitted.append)
        self.submitted = submitted
        self.dialogs = ScriptedDialogs()


@pytest.fixture
def window(qtbot: QtBot) -> KeyedWindow:
    window = KeyedWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


def press(
        qtbot: QtBot, window: DisplayWindow, key: Qt.Key,
        modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(window, key, modifier)


def betting(window: DisplayWindow) -> None:
    """Put the window's view in the middle of a shoe."""
    events = list(played("shoe"))
    opened = next(i for i, e in enumerate(events) if e.type == "betting_open" and e.round == 5)
    for event in events[: opened + 1]:
        window.on_event(event)


def reader(window: DisplayWindow, status: str) -> None:
    last = window.view
    window.on_event(TableEvent(10_000, "", "table-1", last.shoe, last.round,
                               Scanner(status=status, reason="")))


def test_dealer_keys_send_commands_without_a_pin(qtbot: QtBot, window: KeyedWindow) -> None:
    reader(window, "disconnected")  # a card typed by hand: the dealer's only while it is down
    press(qtbot, window, Qt.Key.Key_B)
    press(qtbot, window, Qt.Key.Key_M)
    press(qtbot, window, Qt.Key.Key_P)
    assert window.submitted == [Command(Action.CONFIRM_BURN),
                                Command(Action.MANUAL_CARD, card="KD"), Command(Action.PAUSE)]
    assert "pin" not in window.dialogs.asked


def test_a_card_typed_while_the_reader_works_asks_for_the_supervisor_pin(
        qtbot: QtBot, window: KeyedWindow) -> None:
    reader(window, "connected")
    press(qtbot, window, Qt.Key.Key_M)
    assert window.submitted == [Command(Action.MANUAL_CARD, by="supervisor", pin="2468", card="KD")]


def test_pause_key_resumes_a_paused_table(qtbot: QtBot, window: KeyedWindow) -> None:
    betting(window)
    last = window.view
    paused = TableEvent(10_000, "", "table-1", last.shoe, last.round,
                        State(state="paused", previous="betting"))
    window.on_event(paused)
    press(qtbot, window, Qt.Key.Key_P)
    assert window.submitted == [Command(Action.RESUME)]


def test_supervisor_keys_ask_for_the_pin(qtbot: QtBot, window: KeyedWindow) -> None:
    betting(window)
    for key in (Qt.Key.Key_C, Qt.Key.Key_A, Qt.Key.Key_N, Qt.Key.Key_V):
        press(qtbot, window, key)
    assert window.submitted == [
        Command(Action.CLEAR_ROADS, by="supervisor", pin="2468"),
        Command(Action.ACCEPT_CARD, by="supervisor", pin="2468"),
        Command(Action.NEW_SHOE, by="supervisor", pin="2468"),
        Command(Action.VOID_ROUND, by="Maria", pin="2468", reason="dealer misdealt",
                target=(1, 5)),
    ]
    assert window.dialogs.titles == ["Void round 5 of shoe 1"]


def test_new_shoe_needs_no_pin_once_the_shoe_is_over(qtbot: QtBot, window: KeyedWindow) -> None:
    press(qtbot, window, Qt.Key.Key_N)  # awaiting the shuffle
    assert window.submitted == [Command(Action.NEW_SHOE)]


@pytest.mark.parametrize("in_play", [False, True], ids=["no shoe", "shoe in play"])
@pytest.mark.parametrize("away", [False, True], ids=["reader works", "reader away"])
def test_the_display_asks_for_the_pin_exactly_where_the_table_wants_it(
        window: KeyedWindow, in_play: bool, away: bool) -> None:
    def table_as_it_stands() -> Table:
        table = Table()
        if in_play:
            table.start_shoe()
        if away:
            table.controller.handle(Disconnected("USB unplugged"))
        return table

    for event in table_as_it_stands().events:
        window.on_event(event)
    for action in Action:
        if action == Action.RESUME:  # the pause key resumes only a paused table
            continue
        window.dialogs.asked.clear()
        window.operate(action)
        table = table_as_it_stands()
        table.command(action, card="KD", reason="x")
        refused = [event.fields["reason"] for event in table.of_type("action_refused")]
        wants_pin = any("needs the supervisor PIN" in reason for reason in refused)
        assert ("pin" in window.dialogs.asked) == wants_pin, action


def test_cancelled_inputs_send_nothing(qtbot: QtBot, window: KeyedWindow) -> None:
    betting(window)
    window.dialogs = ScriptedDialogs(pin=None, card=None, reason=None)
    for key in (Qt.Key.Key_C, Qt.Key.Key_M, Qt.Key.Key_V):
        press(qtbot, window, key)
    assert window.submitted == []


def test_help_overlay_lists_every_key(qtbot: QtBot, window: KeyedWindow) -> None:
    press(qtbot, window, Qt.Key.Key_F1)
    assert window.help.isVisible()
    text = window.help.body.text()
    for shown in ("F1", "B", "M", "P", "H", "N", "V", "A", "C", "Esc", "Ctrl+Q"):
        assert f"<b>{shown}</b>" in text
    assert "clear the roads" in text
    assert "close the help, recall or the surveillance panel; cancel a prompt" in text
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.help.isVisible()


def test_esc_closes_the_surveillance_panel_as_it_says(qtbot: QtBot, window: KeyedWindow) -> None:
    press(qtbot, window, Qt.Key.Key_S)
    assert window.surveillance.isVisible()
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not window.surveillance.isVisible()


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (1280, 800)])
def test_recall_shows_the_last_ten_rounds_card_by_card_inside_the_window(
        qtbot: QtBot, size: tuple[int, int]) -> None:
    """H lays the last ten rounds over the window (a kiosk has one window), newest first,
    each round's cards and result, at the type scale and whole: no scroll bar, nothing cut."""
    window = shown_window(qtbot, size)
    window.on_events(list(played("shoe")))
    press(qtbot, window, Qt.Key.Key_H)
    recall = window.recall
    assert recall.isVisible() and recall.geometry() == window.rect()
    text = recall.body.text()
    rounds = list(window.view.recent)
    numbers = [f">{r.round}</td>" for r in reversed(rounds)]
    assert len(rounds) == 10 and [text.index(n) for n in numbers] == sorted(
        text.index(n) for n in numbers)  # newest first
    for played_round in rounds:
        assert " ".join(cast(RoundResult, played_round.fact).player) in text
    floor = window.scale.px("body")
    assert QFontInfo(recall.body.font()).pixelSize() >= floor
    box = recall.box.geometry()
    assert window.rect().contains(box)
    inside = recall.body.contentsRect()
    assert recall.body.heightForWidth(inside.width()) <= inside.height() + 1
    assert laid_out(recall.body).size().width() <= inside.width() + 1  # no column cut
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not recall.isVisible()


def test_recall_stays_live_while_shown(qtbot: QtBot) -> None:
    """Recall opened at round 40 shows round 41 once it is played, newest first (it was a
    snapshot of the moment it opened, without saying so)."""
    events = list(played("shoe"))
    after = next(i for i, e in enumerate(events) if e.type == "round_result" and e.round == 40)
    later = next(i for i, e in enumerate(events) if e.type == "round_result" and e.round == 41)
    window = shown_window(qtbot)
    window.on_events(events[:after + 1])
    press(qtbot, window, Qt.Key.Key_H)
    assert ">40</td>" in window.recall.body.text() and ">41</td>" not in window.recall.body.text()
    window.on_events(events[after + 1:later + 1])
    text = window.recall.body.text()
    assert text.index(">41</td>") < text.index(">40</td>") and ">31</td>" not in text


def laid_out(label: QLabel) -> QTextDocument:
    """``label``'s rich text laid out across its width, as the label lays it out."""
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setHtml(label.text())
    document.setTextWidth(label.contentsRect().width())
    return document


def header_positions(label: QLabel) -> dict[str, float]:
    """Where each of the recall table's column headings starts across its box."""
    document = laid_out(label)
    root = document.rootFrame()
    assert root is not None
    table = root.childFrames()[0]
    assert isinstance(table, QTextTable)
    layout = document.documentLayout()
    assert layout is not None
    return {table.cellAt(0, column).firstCursorPosition().block().text():
            layout.blockBoundingRect(table.cellAt(0, column).firstCursorPosition().block()).x()
            for column in range(table.columns())}


@pytest.mark.parametrize("language", ["en", "ar"])
def test_recall_fills_its_box_and_runs_right_to_left_in_arabic(
        qtbot: QtBot, english: None, language: str) -> None:
    """In Arabic the shoe comes first on the right, the result last on the left; in every
    language the table spreads across its box (it filled half of it)."""
    make_application(language)
    window = shown_window(qtbot, (1280, 800))
    window.on_events(list(played("shoe")))
    press(qtbot, window, Qt.Key.Key_H)
    body = window.recall.body
    columns = header_positions(body)
    shoe, result = columns[translate("display", "Shoe")], columns[translate("display", "Result")]
    assert (shoe > result) if language == "ar" else (shoe < result)
    assert max(columns.values()) - min(columns.values()) > body.width() * 0.6


def test_the_pin_is_asked_inside_the_window_at_the_type_scale(qtbot: QtBot) -> None:
    window = shown_window(qtbot)
    seen = {}

    def type_pin() -> None:
        prompt = next(w for w in window.findChildren(PinDialog) if w.isVisible())
        seen["inside"] = prompt.parentWidget() is window and prompt.geometry() == window.rect()
        seen["px"] = QFontInfo(prompt.edit.font()).pixelSize()
        # pytest-qt's key clicks are unannotated.
        qtbot.keyClicks(prompt.edit, "2468")
        qtbot.keyClick(prompt.edit, Qt.Key.Key_Return)

    QTimer.singleShot(50, type_pin)
    assert window.dialogs.pin() == "2468"
    assert seen == {"inside": True, "px": window.scale.px("body")}

    def cancel() -> None:
        prompt = next(w for w in window.findChildren(ReasonDialog) if w.isVisible())
        # pytest-qt's key clicks are unannotated.
        qtbot.keyClicks(prompt.edit, "misdeal")
        qtbot.keyClick(prompt.edit, Qt.Key.Key_Escape)

    QTimer.singleShot(50, cancel)
    assert window.dialogs.reason("Void round 4 of shoe 1") is None


def test_manual_card_input_is_validated(qtbot: QtBot) -> None:
    dialog = CardDialog()
    qtbot.addWidget(dialog)
    ok = dialog.ok
    dialog.edit.setText("10h")
    assert ok.isEnabled() and dialog.value() == "TH"
    dialog.edit.setText("ZZ")
    assert not ok.isEnabled() and "ZZ" in dialog.problem.text()


class IconStyle(QProxyStyle):
    """A desktop style that puts icons on dialog buttons (as GNOME's and KDE's do)."""

    def styleHint(
            self, hint: QStyle.StyleHint, option: QStyleOption | None = None,
            widget: QWidget | None = None, returnData: QStyleHintReturn | None = None) -> int:
        if hint == QStyle.StyleHint.SH_DialogButtonBox_ButtonsHaveIcons:
            return 1
        return super().styleHint(hint, option, widget, returnData)


def test_the_prompt_buttons_are_plain_words_in_the_display_language(qtbot: QtBot) -> None:
    """OK and Cancel in the dealer's words, no desktop style's icons beside them."""
    style = IconStyle()
    translator = load_translator("ru")
    QCoreApplication.installTranslator(translator)
    try:
        dialog = PinDialog()
        dialog.setStyle(style)
        dialog.buttons.setStyle(style)
        qtbot.addWidget(dialog)
        buttons = dialog.buttons.buttons()
        assert "OK" not in [button.text() for button in buttons]
        assert "Cancel" not in [button.text() for button in buttons]
        assert all(button.icon().isNull() for button in buttons)
    finally:
        QCoreApplication.removeTranslator(translator)


def test_the_void_prompts_hold_what_headless_mode_takes(qtbot: QtBot) -> None:
    """A reason and a supervisor's name no longer than headless mode takes them: both end up
    in the journal and on every screen."""
    reason, name = ReasonDialog("Void round 4 of shoe 1"), NameDialog()
    for dialog in (reason, name):
        qtbot.addWidget(dialog)
        # pytest-qt's key clicks are unannotated.
        qtbot.keyClicks(dialog.edit, "x" * 150)
    assert (len(reason.value()), len(name.value())) == (MAX_REASON, MAX_BY)


def test_pin_input_takes_digits_only(qtbot: QtBot) -> None:
    dialog = PinDialog()
    qtbot.addWidget(dialog)
    ok = dialog.ok
    dialog.edit.setText("12a4")
    assert not ok.isEnabled()
    dialog.edit.setText("1234")
    assert ok.isEnabled()


@pytest.fixture
def live_table(qtbot: QtBot) -> Iterator[DisplayWindow]:
    """A real table on a scripted shoe, its loop in its own thread, feeding a real window."""
    config = TableConfig(driver_url="sim://?script=3H,2S,2H,2D,9S,8D,KC,QH&rate=0",
                         pin_hash=hash_pin("2468", iterations=1000))
    window = DisplayWindow()
    window.dialogs = ScriptedDialogs()
    bridge = EventBridge()
    bridge.received.connect(window.on_events)
    bridge.opened.connect(lambda table: setattr(window, "submit", table.runner.submit))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    process = TableProcess(config)
    with qtbot.waitSignal(bridge.opened):
        bridge.start(process)
    yield window
    process.close()


def test_keys_drive_a_real_table(qtbot: QtBot, live_table: DisplayWindow) -> None:
    window = live_table
    qtbot.waitUntil(lambda: window.view.roads.hands() == 1)
    # the right PIN: the roads are cleared
    qtbot.keyClick(window, Qt.Key.Key_C)
    qtbot.waitUntil(lambda: window.view.roads.hands() == 0)
    assert window.roads.big_road.cells == {}
    window.dialogs = ScriptedDialogs(pin="1111")
    # a wrong PIN is refused, and the dealer sees why
    qtbot.keyClick(window, Qt.Key.Key_C)
    qtbot.waitUntil(lambda: "wrong supervisor PIN" in window.status.fields["refused"].text())
    assert window.status.fields["refused"].text().startswith("refused: clear the roads: ")
    qtbot.keyClick(window, Qt.Key.Key_P)
    qtbot.waitUntil(lambda: window.view.paused)
    assert window.cards.picture.phase == "PAUSED"


def test_x_marks_the_cut_card_without_a_pin_and_the_help_lists_it(
        qtbot: QtBot, window: KeyedWindow) -> None:
    betting(window)
    press(qtbot, window, Qt.Key.Key_X)
    assert window.submitted == [Command(Action.CUT_CARD)]
    assert "pin" not in window.dialogs.asked
    press(qtbot, window, Qt.Key.Key_F1)
    assert "<b>X</b>" in window.help.body.text()
    assert "the cut card came out (readers that cannot see it)" in window.help.body.text()


class DealingMeanwhile(ScriptedDialogs):
    """A supervisor who types the void's reason while the dealer deals ``cards`` on."""

    def __init__(self, table: Table, cards: str) -> None:
        super().__init__(name="Maria")
        self.table, self.cards = table, cards

    def reason(self, title: str) -> str | None:
        self.table.deal(self.cards)
        return super().reason(title)


def table_window(qtbot: QtBot, **config: Any) -> tuple[Table, DisplayWindow]:
    """A real controller fed by hand, its events shown by a real window, its keys obeyed."""
    table = Table(**config)
    window = shown_window(qtbot, (1280, 800), pin_configured=table.config.pin_hash is not None)
    window.submit = table.controller.handle
    table.bus.subscribe(window.on_event)
    return table, window


def test_a_void_started_at_round_n_voids_round_n_with_cards_dealt_meanwhile(qtbot: QtBot) -> None:
    table, window = table_window(qtbot)
    table.start_shoe()
    table.deal("9S")  # round 1: the player's first card
    window.dialogs = meanwhile = DealingMeanwhile(table, "KH TC")
    press(qtbot, window, Qt.Key.Key_V)
    assert meanwhile.titles == ["Void round 1 of shoe 1"]
    voided = table.last("round_voided")
    assert voided.round == 1 and voided.fields["discarded"] == ["9S", "KH", "TC"]
    assert voided.fields["by"] == "Maria"
    # Round 2 ends and round 3 begins while the reason is typed: round 2 is over, so nothing
    # is voided, and the dealer reads why; round 3 plays on.
    table.deal("9S")
    window.dialogs = meanwhile = DealingMeanwhile(table, "KH TC 2D 4S")
    press(qtbot, window, Qt.Key.Key_V)
    assert meanwhile.titles == ["Void round 2 of shoe 1"]
    assert len(table.of_type("round_voided")) == 1 and table.state == "banker1"
    assert window.status.fields["refused"].text() == (
        "refused: void the round: round 2 of shoe 1 is over (round 3 of shoe 1 is in play): "
        "it was not voided")


def test_with_no_pin_configured_supervisor_keys_say_so_at_once(qtbot: QtBot) -> None:
    table, window = table_window(qtbot, pin_hash=None)
    window.dialogs = dialogs = ScriptedDialogs()
    table.start_shoe()
    table.deal("9S")
    for key in (Qt.Key.Key_V, Qt.Key.Key_C):
        press(qtbot, window, key)
        assert window.status.fields["refused"].text().endswith(
            "no supervisor PIN is configured (see 'baccarat-table hash-pin')")
    assert dialogs.asked == [] and not table.of_type("round_voided")
