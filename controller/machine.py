"""The shape of a table's life, as data for a ``transitions`` Machine.

States are named for what the table waits for: ``player1`` waits for the player's first card,
``banker3`` for the banker's third. With no shoe in play (``awaiting_shuffle`` at the very start,
``shoe_ended`` after a shoe) the table waits for a new shoe to be confirmed, by the device or the
dealer; only then (``awaiting_reveal``) is a card the reveal card of a new shoe. The
third-card rule is the ordered, conditional ``card`` transitions out of ``banker2`` and
``player3``: the first whose condition holds wins, and the conditions call the pure rules in
controller.rules. The same tables draw the state diagram
(docs/state-machine.md), so the picture cannot drift from the code.
"""

from __future__ import annotations

from typing import Any

from controller.rules import POSITIONS

SHOE_STATES = [
    "awaiting_shuffle", "awaiting_reveal", "burning", "awaiting_burn_confirmation", "shoe_ended",
]
# No shoe in play: a card now cannot belong to any shoe until a new one is confirmed.
NO_SHOE_STATES = ("awaiting_shuffle", "shoe_ended")
ROUND_STATES = ["betting", *POSITIONS, "result", "settled"]
FAULT_STATES = ["paused", "hold"]
STATES = [*SHOE_STATES, *ROUND_STATES, *FAULT_STATES]

# States a pause or a hold can interrupt and later return to.
RESUMABLE_STATES = [
    "awaiting_shuffle", "awaiting_reveal", "burning", "awaiting_burn_confirmation", "shoe_ended",
    "betting",
    *POSITIONS,
]

TRANSITIONS: list[dict[str, Any]] = [
    # A new shoe, confirmed by the device or the dealer; its first card is the reveal card,
    # whose value is the number of burn cards.
    {"trigger": "shuffled", "source": list(NO_SHOE_STATES), "dest": "awaiting_reveal"},
    {"trigger": "card", "source": "awaiting_reveal", "dest": "burning",
     "conditions": "burn_scanned"},
    {"trigger": "card", "source": "awaiting_reveal", "dest": "awaiting_burn_confirmation"},
    {"trigger": "card", "source": "burning", "dest": "burning", "conditions": "burn_cards_left"},
    {"trigger": "card", "source": "burning", "dest": "betting"},
    {"trigger": "confirm_burn", "source": "awaiting_burn_confirmation", "dest": "betting"},
    # A live table's countdown ends; a land table's first card closes betting and is player1.
    {"trigger": "close_betting", "source": "betting", "dest": "player1"},
    {"trigger": "card", "source": "betting", "dest": "banker1"},
    {"trigger": "card", "source": "player1", "dest": "banker1"},
    {"trigger": "card", "source": "banker1", "dest": "player2"},
    {"trigger": "card", "source": "player2", "dest": "banker2"},
    # The third-card rule, in order.
    {"trigger": "card", "source": "banker2", "dest": "player3", "conditions": "player_third_due"},
    {"trigger": "card", "source": "banker2", "dest": "banker3", "conditions": "banker_third_due"},
    {"trigger": "card", "source": "banker2", "dest": "result"},
    {"trigger": "card", "source": "player3", "dest": "banker3", "conditions": "banker_third_due"},
    {"trigger": "card", "source": "player3", "dest": "result"},
    {"trigger": "card", "source": "banker3", "dest": "result"},
    {"trigger": "settle", "source": "result", "dest": "settled"},
    {"trigger": "next_round", "source": "settled", "dest": "shoe_ended",
     "conditions": "was_last_round"},
    {"trigger": "next_round", "source": "settled", "dest": "betting"},
    # Voiding a round (or a live round cancelled by a disconnect) moves on to the next one.
    {"trigger": "void", "source": ["betting", *POSITIONS, *FAULT_STATES], "dest": "shoe_ended",
     "conditions": "was_last_round"},
    {"trigger": "void", "source": ["betting", *POSITIONS, *FAULT_STATES], "dest": "betting"},
    # The dealer ends a shoe early (a supervisor action mid-shoe).
    {"trigger": "end_shoe", "source": [*RESUMABLE_STATES, *FAULT_STATES], "dest": "shoe_ended"},
    # Faults: a pause (operator or scanner) or a hold interrupts; leaving returns to where it was.
    {"trigger": "pause", "source": RESUMABLE_STATES, "dest": "paused"},
    {"trigger": "hold", "source": [*RESUMABLE_STATES, "paused"], "dest": "hold"},
    {"trigger": "pause", "source": "hold", "dest": "paused"},
    *(
        {"trigger": "resume", "source": ["paused", "hold"], "dest": state,
         "conditions": "returns_to_saved_state"}
        for state in RESUMABLE_STATES
    ),
]
