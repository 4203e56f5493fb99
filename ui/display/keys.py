"""The operator keys: one table used both to act on a key and to list them on the F1 help."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PyQt6.QtCore import QT_TRANSLATE_NOOP, Qt

from controller.table.commands import Action
from ui.display.i18n import translate
from ui.display.marks import BADGE_INK, EZ_BADGES

NO_MODIFIER = Qt.KeyboardModifier.NoModifier


@dataclass(frozen=True)
class OperatorKey:
    key: Qt.Key
    shown: str
    action: Action | str  # a controller action, or a display one (help, history...)
    description: str  # source text; translated when shown
    modifiers: Qt.KeyboardModifier = NO_MODIFIER


OPERATOR_KEYS = (
    OperatorKey(Qt.Key.Key_F1, "F1", "help",
                QT_TRANSLATE_NOOP("display", "show or hide this help")),
    OperatorKey(Qt.Key.Key_B, "B", Action.CONFIRM_BURN,
                QT_TRANSLATE_NOOP(
                    "display", "confirm the burn (a reader that cannot see burn "
                               "cards)")),
    OperatorKey(Qt.Key.Key_X, "X", Action.CUT_CARD,
                QT_TRANSLATE_NOOP("display", "the cut card came out (readers that cannot see it)")),
    OperatorKey(Qt.Key.Key_M, "M", Action.MANUAL_CARD,
                QT_TRANSLATE_NOOP(
                    "display", "enter a card by hand (supervisor PIN while the "
                               "reader works)")),
    OperatorKey(Qt.Key.Key_P, "P", Action.PAUSE,
                QT_TRANSLATE_NOOP("display", "pause / resume the table")),
    OperatorKey(Qt.Key.Key_H, "H", "history",
                QT_TRANSLATE_NOOP("display", "show or hide the last 10 rounds (recall)")),
    OperatorKey(Qt.Key.Key_N, "N", Action.NEW_SHOE,
                QT_TRANSLATE_NOOP(
                    "display", "confirm a new shoe; end the shoe in play "
                               "(supervisor PIN)")),
    OperatorKey(Qt.Key.Key_V, "V", Action.VOID_ROUND,
                QT_TRANSLATE_NOOP(
                    "display", "void the round in play or on hold (reason, name, "
                               "supervisor PIN)")),
    OperatorKey(Qt.Key.Key_A, "A", Action.ACCEPT_CARD,
                QT_TRANSLATE_NOOP("display", "accept the held card, clearing the hold "
                                             "(supervisor PIN)")),
    OperatorKey(Qt.Key.Key_S, "S", "surveillance",
                QT_TRANSLATE_NOOP("display", "show or hide the surveillance panel")),
    OperatorKey(Qt.Key.Key_C, "C", Action.CLEAR_ROADS,
                QT_TRANSLATE_NOOP("display", "clear the roads (supervisor PIN)")),
    OperatorKey(Qt.Key.Key_Escape, "Esc", "close", QT_TRANSLATE_NOOP(
        "display", "close the help, recall or the surveillance panel; cancel a prompt")),
    OperatorKey(Qt.Key.Key_Q, "Ctrl+Q", "quit", QT_TRANSLATE_NOOP("display", "quit the display"),
                Qt.KeyboardModifier.ControlModifier),
)


def key_action(key: int, modifiers: Qt.KeyboardModifier) -> Action | str | None:
    """The action bound to a key press, ignoring the keypad flag; None if unbound."""
    modifiers &= ~Qt.KeyboardModifier.KeypadModifier
    for operator_key in OPERATOR_KEYS:
        if operator_key.key == key and operator_key.modifiers == modifiers:
            return operator_key.action
    return None


# The roads' badges (marks.ez_badge), explained on the help of a table offering the bet.
BADGE_LEGEND = {
    "dragon_7": QT_TRANSLATE_NOOP(
        "display", "on the roads: Dragon 7, banker won with 7 on three cards"),
    "panda_8": QT_TRANSLATE_NOOP(
        "display", "on the roads: Panda 8, player won with 8 on three cards"),
}


def help_text(bets: Iterable[str] = ()) -> str:
    """The keys as a rich-text table for the help overlay, then the legend of the road badges
    for those of ``bets`` (the table's profile) that have one."""
    rows = "".join(
        f"<tr><td align='right'><b>{key.shown}</b>&nbsp;&nbsp;</td>"
        f"<td>{translate('display', key.description)}</td></tr>"
        for key in OPERATOR_KEYS)
    offered = set(bets)
    rows += "".join(
        f"<tr><td align='right'><b style='background:{BADGE_INK.name()}; "
        f"color:{EZ_BADGES[bet][1].name()}'>&nbsp;{EZ_BADGES[bet][0]}&nbsp;</b>"
        f"&nbsp;&nbsp;</td><td>{translate('display', meaning)}</td></tr>"
        for bet, meaning in BADGE_LEGEND.items() if bet in offered)
    return f"<table cellpadding='4'>{rows}</table>"
