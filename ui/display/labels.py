"""The words the display shows for the controller's names (bets, positions, statistics).

Marked with QT_TRANSLATE_NOOP so pylupdate6 collects them; ``label()`` translates at use.
"""

from __future__ import annotations

from PyQt6.QtCore import QT_TRANSLATE_NOOP

from controller.table.commands import Action
from ui.display.i18n import translate

BETS = {
    "player": QT_TRANSLATE_NOOP("display", "Player"),
    "banker": QT_TRANSLATE_NOOP("display", "Banker"),
    "tie": QT_TRANSLATE_NOOP("display", "Tie"),
    "player_pair": QT_TRANSLATE_NOOP("display", "Player Pair"),
    "banker_pair": QT_TRANSLATE_NOOP("display", "Banker Pair"),
    "any_pair": QT_TRANSLATE_NOOP("display", "Any Pair"),
    "small_tiger": QT_TRANSLATE_NOOP("display", "Small Tiger"),
    "big_tiger": QT_TRANSLATE_NOOP("display", "Big Tiger"),
    "lucky_six": QT_TRANSLATE_NOOP("display", "Lucky Six"),
    "player_natural": QT_TRANSLATE_NOOP("display", "Player Natural"),
    "banker_natural": QT_TRANSLATE_NOOP("display", "Banker Natural"),
    "dragon_7": QT_TRANSLATE_NOOP("display", "Dragon 7"),
    "panda_8": QT_TRANSLATE_NOOP("display", "Panda 8"),
    "dragon_bonus_player": QT_TRANSLATE_NOOP("display", "Player Dragon Bonus"),
    "dragon_bonus_banker": QT_TRANSLATE_NOOP("display", "Banker Dragon Bonus"),
}

# The result banner's badge for a hand the roads badge too (controller.roads.hand.BADGES).
HAND_BADGES = {
    "dragon_7": QT_TRANSLATE_NOOP("display", "DRAGON 7"),
    "panda_8": QT_TRANSLATE_NOOP("display", "PANDA 8"),
}

NEXT_CARD = {
    "player1": QT_TRANSLATE_NOOP("display", "PLAYER 1st CARD"),
    "banker1": QT_TRANSLATE_NOOP("display", "BANKER 1st CARD"),
    "player2": QT_TRANSLATE_NOOP("display", "PLAYER 2nd CARD"),
    "banker2": QT_TRANSLATE_NOOP("display", "BANKER 2nd CARD"),
    "player3": QT_TRANSLATE_NOOP("display", "PLAYER 3rd CARD"),
    "banker3": QT_TRANSLATE_NOOP("display", "BANKER 3rd CARD"),
    "reveal": QT_TRANSLATE_NOOP("display", "REVEAL CARD"),
    "burn": QT_TRANSLATE_NOOP("display", "BURN CARD"),
}

BANNERS = {
    "player": QT_TRANSLATE_NOOP("display", "PLAYER WINS {total}"),
    "banker": QT_TRANSLATE_NOOP("display", "BANKER WINS {total}"),
    "tie": QT_TRANSLATE_NOOP("display", "TIE {total}"),
}

STATS = {
    "player": QT_TRANSLATE_NOOP("display", "Player wins"),
    "player_natural": QT_TRANSLATE_NOOP("display", "Player natural wins"),
    "banker": QT_TRANSLATE_NOOP("display", "Banker wins"),
    "banker_natural": QT_TRANSLATE_NOOP("display", "Banker natural wins"),
    "tie": QT_TRANSLATE_NOOP("display", "Ties"),
    "player_pair": QT_TRANSLATE_NOOP("display", "Player pairs"),
    "banker_pair": QT_TRANSLATE_NOOP("display", "Banker pairs"),
}

# The phase on the felt, by state; a dealing state shows NO MORE BETS and the card it awaits.
PHASES = {
    "awaiting_shuffle": QT_TRANSLATE_NOOP("display", "SHUFFLE, then confirm the new shoe (N)"),
    "awaiting_reveal": QT_TRANSLATE_NOOP("display", "NEW SHOE: deal the reveal card"),
    "burning": QT_TRANSLATE_NOOP("display", "BURN {burn} CARDS"),
    "awaiting_burn_confirmation": QT_TRANSLATE_NOOP(
        "display", "BURN {burn} CARDS, then confirm the burn (B)"),
    "betting": QT_TRANSLATE_NOOP("display", "PLACE YOUR BETS"),
    "dealing": QT_TRANSLATE_NOOP("display", "NO MORE BETS"),
    "paused": QT_TRANSLATE_NOOP("display", "PAUSED"),
    "hold": QT_TRANSLATE_NOOP("display", "HOLD"),
    "shoe_ended": QT_TRANSLATE_NOOP("display", "SHOE ENDED: shuffle, then confirm the new shoe"),
}

# The shipped profiles' names (controller/game/profiles/); a site's own profile shows as named.
PROFILES = {
    "classic": QT_TRANSLATE_NOOP("display", "Classic"),
    "live": QT_TRANSLATE_NOOP("display", "Live"),
    "big-win": QT_TRANSLATE_NOOP("display", "Big Win"),
    "no-commission": QT_TRANSLATE_NOOP("display", "No Commission"),
    "tiger": QT_TRANSLATE_NOOP("display", "Tiger"),
    "ez-baccarat": QT_TRANSLATE_NOOP("display", "EZ Baccarat"),
    "dragon-bonus": QT_TRANSLATE_NOOP("display", "Dragon Bonus"),
}

# Operator actions, for "refused: ..." on the header.
ACTIONS: dict[str, str] = {
    Action.NEW_SHOE: QT_TRANSLATE_NOOP("display", "new shoe"),
    Action.CONFIRM_BURN: QT_TRANSLATE_NOOP("display", "confirm the burn"),
    Action.CUT_CARD: QT_TRANSLATE_NOOP("display", "cut card"),
    Action.MANUAL_CARD: QT_TRANSLATE_NOOP("display", "card by hand"),
    Action.VOID_ROUND: QT_TRANSLATE_NOOP("display", "void the round"),
    Action.ACCEPT_CARD: QT_TRANSLATE_NOOP("display", "accept the card"),
    Action.PAUSE: QT_TRANSLATE_NOOP("display", "pause"),
    Action.RESUME: QT_TRANSLATE_NOOP("display", "resume"),
    Action.CLEAR_ROADS: QT_TRANSLATE_NOOP("display", "clear the roads"),
}

# Why the table stopped in a hold, by the hold's code, and why that stops it, in words
# (``{card}``, ``{decks}`` and the controller's ``{message}`` filled in).
HOLD_REASONS = {
    "impossible_card": QT_TRANSLATE_NOOP(
        "display", "card {card} cannot come from this shoe: all {decks} {card} of its "
                   "{decks} decks are already out"),
    "card_while_betting": QT_TRANSLATE_NOOP(
        "display", "card {card} was dealt before the bets were closed"),
    "card_while_stopped": QT_TRANSLATE_NOOP(
        "display", "card {card} was dealt while the table is paused or on hold"),
    "card_before_burn": QT_TRANSLATE_NOOP(
        "display", "card {card} was dealt before the burn was confirmed: the burn comes "
                   "first"),
    "card_before_new_shoe": QT_TRANSLATE_NOOP(
        "display", "card {card} was dealt before the new shoe was confirmed: it may be "
                   "from the last shoe"),
    "frame_out_of_sequence": QT_TRANSLATE_NOOP(
        "display", "the shoe sent a frame out of sequence ({message}): a card may be lost"),
}


def label(table: dict[str, str], key: str) -> str:
    """The translated label for ``key``, or the key itself for a name the table lacks."""
    source = table.get(key)
    return translate("display", source) if source is not None else key.replace("_", " ")
