"""The shape of a table's life, as data for a ``transitions`` Machine.

States are named for what the table waits for: ``player1`` waits for the player's first card,
``banker3`` for the banker's third. With no shoe in play (``awaiting_shuffle`` at the very start,
``shoe_ended`` after a shoe) the table waits for a new shoe to be confirmed, by the device or the
dealer; only then (``awaiting_reveal``) is a card the reveal card of a new shoe. The
third-card rule is the ordered, conditional ``card`` transitions out of ``banker2`` and
``player3``: the first whose condition holds wins, and the conditions call the pure rules in
controller.game.rules. The same tables draw the state diagram
(docs/state-machine.md), so the picture cannot drift from the code.
"""

from __future__ import annotations

from typing import Any

from controller.game.rules import POSITIONS

SHOE_STATES = [
    "awaiting_shuffle", "awaiting_reveal", "burning", "awaiting_burn_confirmation", "shoe_ended",
]
# No shoe in play: a card now cannot belong to any shoe until a new one is confirmed.
NO_SHOE_STATES = ("awaiting_shuffle", "shoe_ended")
ROUND_STATES = ["betting", *POSITIONS]
FAULT_STATES = ["paused", "hold"]
STATES = [*SHOE_STATES, *ROUND_STATES, *FAULT_STATES]

# States a pause or a hold can interrupt and later return to.
RESUMABLE_STATES = [
    "awaiting_shuffle", "awaiting_reveal", "burning", "awaiting_burn_confirmation", "shoe_ended",
    "betting", *POSITIONS,
]
DEALING_STATES = ["burning", "betting", *POSITIONS]

# What each state the table can rest in is part of (no shoe, a new shoe before its reveal card,
# the burn, betting, dealing), and the card it expects next: what a misread is to be rescanned
# as. Code outside the machine asks these, never a state's name.
PHASE_OF: dict[str, str] = {
    "awaiting_shuffle": "no_shoe", "shoe_ended": "no_shoe", "awaiting_reveal": "new_shoe",
    "burning": "burn", "awaiting_burn_confirmation": "burn", "betting": "betting",
    **{position: "dealing" for position in POSITIONS},
}
EXPECTED_CARD: dict[str, str] = {
    "awaiting_shuffle": "reveal", "shoe_ended": "reveal", "awaiting_reveal": "reveal",
    "burning": "burn", "awaiting_burn_confirmation": "burn", "betting": "player1",
    **{position: position for position in POSITIONS},
}


def _hold(source: str | list[str], callback: str, conditions: str | None = None,
          unless: tuple[str, ...] = ()) -> dict[str, Any]:
    """A card that may not come where the table is: it is held for a supervisor (unless a
    supervisor already accepted it from a hold)."""
    return {"trigger": "card", "source": source, "dest": "hold", "before": callback,
            "unless": ["accepted_from_hold", *unless],
            **({"conditions": conditions} if conditions else {})}


def _last_card(source: str) -> list[dict[str, Any]]:
    """The card that completes a round: the result, then the next round or the shoe's end."""
    return [
        {"trigger": "card", "source": source, "dest": "shoe_ended", "conditions": "was_last_round",
         "before": ["deal", "finish_round"], "after": "end_shoe_after_last_round"},
        {"trigger": "card", "source": source, "dest": "betting",
         "before": ["deal", "finish_round"], "after": "open_round"},
    ]


TRANSITIONS: list[dict[str, Any]] = [
    # A card where none may come: held, never dropped, until a supervisor accepts or voids it.
    _hold(FAULT_STATES, "hold_card_while_stopped"),
    _hold(list(NO_SHOE_STATES), "hold_card_before_new_shoe"),
    _hold("awaiting_burn_confirmation", "hold_card_before_burn"),
    _hold("betting", "hold_card_while_betting", conditions="live"),
    _hold(DEALING_STATES, "hold_impossible_card", unless=("in_shoe",)),
    # A new shoe, confirmed by the device or the dealer; its first card is the reveal card,
    # whose value is the number of burn cards.
    {"trigger": "shuffled", "source": list(NO_SHOE_STATES), "dest": "awaiting_reveal",
     "before": "start_shoe"},
    {"trigger": "card", "source": "awaiting_reveal", "dest": "burning",
     "conditions": "burn_scanned", "before": "reveal"},
    {"trigger": "card", "source": "awaiting_reveal", "dest": "awaiting_burn_confirmation",
     "before": "reveal", "after": "prompt_burn"},
    {"trigger": "card", "source": "burning", "dest": "burning", "conditions": "more_burns_due",
     "before": "burn"},
    {"trigger": "card", "source": "burning", "dest": "betting", "before": "burn",
     "after": "open_round"},
    {"trigger": "confirm_burn", "source": "awaiting_burn_confirmation", "dest": "betting",
     "before": "burn_confirmed", "after": "open_round"},
    # A live table's countdown ends; a land table's first card closes betting and is player1.
    {"trigger": "close_betting", "source": "betting", "dest": "player1",
     "before": "close_betting_on_timer"},
    {"trigger": "card", "source": "betting", "dest": "banker1",
     "before": ["close_betting_on_first_card", "deal"]},
    # Each card goes to the position the table waits for (the state's name).
    {"trigger": "card", "source": "player1", "dest": "banker1", "before": "deal"},
    {"trigger": "card", "source": "banker1", "dest": "player2", "before": "deal"},
    {"trigger": "card", "source": "player2", "dest": "banker2", "before": "deal"},
    # The third-card rule, in order, judged on the hands with this card in them.
    {"trigger": "card", "source": "banker2", "dest": "player3", "conditions": "player_draws",
     "before": "deal"},
    {"trigger": "card", "source": "banker2", "dest": "banker3", "conditions": "banker_draws",
     "before": "deal"},
    *_last_card("banker2"),
    {"trigger": "card", "source": "player3", "dest": "banker3", "conditions": "banker_draws",
     "before": "deal"},
    *_last_card("player3"),
    *_last_card("banker3"),
    # Voiding a round (or a live round cancelled by a disconnect) moves on to the next one.
    {"trigger": "void", "source": ["betting", *POSITIONS, *FAULT_STATES], "dest": "shoe_ended",
     "conditions": "was_last_round", "before": "void_round",
     "after": "end_shoe_after_last_round"},
    {"trigger": "void", "source": ["betting", *POSITIONS, *FAULT_STATES], "dest": "betting",
     "before": "void_round", "after": "open_round"},
    # The dealer ends a shoe early (a supervisor action mid-shoe).
    {"trigger": "end_shoe", "source": [*RESUMABLE_STATES, *FAULT_STATES], "dest": "shoe_ended"},
    # Faults: a pause (operator or scanner) or a hold interrupts; leaving returns to where it was.
    {"trigger": "pause", "source": RESUMABLE_STATES, "dest": "paused", "before": "save_state"},
    {"trigger": "hold", "source": [*RESUMABLE_STATES, "paused"], "dest": "hold",
     "before": "save_state"},
    *(
        {"trigger": "resume", "source": ["paused", "hold"], "dest": state,
         "conditions": "returns_to_saved_state",
         **({"after": "restart_countdown"} if state == "betting" else {})}
        for state in RESUMABLE_STATES
    ),
]
