"""Recall (key H): the last rounds laid over the window, newest first, card by card, kept up
to date while shown."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from controller.events import facts
from controller.events.stream import TableEvent
from ui.display.i18n import translate
from ui.display.labels import BETS, label


def recall_text(rounds: Sequence[TableEvent], right_to_left: bool = False) -> str:
    """The last rounds, newest first, as a rich-text table across its whole box: cards, winner,
    or why a round was voided. Right to left (Arabic) its columns run from the right, the shoe
    first: Qt's rich text does not mirror a table itself."""
    headers = [translate("display", "Shoe"), translate("display", "Round"),
               translate("display", "PLAYER"), translate("display", "BANKER"),
               translate("display", "Result")]
    rows = [headers]
    for played in reversed(rounds):
        match played.fact:
            case facts.RoundVoided(reason=reason, discarded=discarded):
                result = translate("display", "VOID: {reason}").format(reason=reason)
                cards = (" ".join(discarded), "")
            case facts.RoundResult(winner=winner, player=player, banker=banker):
                result = label(BETS, winner)
                cards = (" ".join(player), " ".join(banker))
            case _:
                continue
        rows.append([str(played.shoe), str(played.round), *cards, result])
    side = "right" if right_to_left else "left"
    order = slice(None, None, -1 if right_to_left else 1)
    cells = [f"<tr>{''.join(f'<{tag} align={side}>{escape(text)}</{tag}>' for text in row[order])}"
             "</tr>" for tag, row in (("th" if index == 0 else "td", row)
                                      for index, row in enumerate(rows))]
    return "<table width='100%' cellpadding='2'>" + "".join(cells) + "</table>"
