"""The shape of a table's life, as data for two ``transitions`` Machines side by side.

The *round* machine (``ROUND_STATES``, ``ROUND_TRANSITIONS``) is the shoe and its rounds. Its
states are named for what the table waits for: ``player1`` waits for the player's first card,
``banker3`` for the banker's third. With no shoe in play (``awaiting_shuffle`` at the very start,
``shoe_ended`` after a shoe) the table waits for a new shoe to be confirmed, by the device or the
dealer; only then (``awaiting_reveal``) is a card the reveal card of a new shoe. The third-card
rule is the ordered, conditional ``card`` transitions out of ``banker2`` and ``player3``: the
first whose condition holds wins, and the conditions call the pure rules in controller.game.rules.

The *stops* machine (``STOP_STATES``, ``STOP_TRANSITIONS``) is whether cards may reach the
round: ``running``, ``paused`` (the dealer's pause, or the card reader away) or ``hold`` (a card
or a fault a supervisor must clear). Every card passes through it first. A pause or a hold
leaves the round where it is: nothing is saved, nothing resumed into. The supervisor's moves on
a hold (accepting the held cards, discarding them) are its transitions.

Where the table rests, as events and consumers name it, is controller.events.states: the stops
machine's state while stopped, else the round machine's (``PUBLIC_STATE``). The same tables
draw the state diagram (docs/state-machine.md), so the picture cannot drift from the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from controller.events.states import TableState
from controller.game.rules import POSITIONS

NO_SHOE_STATES = ["awaiting_shuffle", "shoe_ended"]
ROUND_STATES = ["awaiting_shuffle", "awaiting_reveal", "burning", "awaiting_burn_confirmation",
                "betting", *POSITIONS, "shoe_ended"]
DEALING_STATES = ["burning", "betting", *POSITIONS]
IN_ROUND_STATES = ["betting", *POSITIONS]

# What each state of the round is part of (no shoe, a new shoe before its reveal card, the
# burn, betting, dealing), and the card it expects next: what a misread is to be rescanned as.
# Code outside the machines asks these, never a state's name.
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

STOP_STATES = ["running", "paused", "hold"]

# The public name of each state of both machines (controller.events.states).
PUBLIC_STATE: dict[str, TableState] = {
    **{state: TableState(state) for state in ROUND_STATES},
    "paused": TableState.PAUSED, "hold": TableState.HOLD,
}

@dataclass(frozen=True)
class HoldCard:
    """The callback of a card that may not come where the round is: the round stays where it
    is and the model holds the card, coded ``code`` (docs/events.md, ``hold``)."""

    code: str

    def __call__(self, event: Any) -> None:  # transitions' EventData
        event.model.hold_card(self.code, event)

    def __str__(self) -> str:
        return f"hold_card({self.code})"


def _hold(code: str, source: str | list[str], conditions: str | None = None,
          unless: tuple[str, ...] = ()) -> dict[str, Any]:
    """A card held, coded ``code`` (unless a supervisor already accepted it from a hold)."""
    return {"trigger": "card", "source": source, "dest": None, "before": HoldCard(code),
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


ROUND_HOLDS = [
    _hold("card_before_new_shoe", NO_SHOE_STATES),
    _hold("card_before_burn", "awaiting_burn_confirmation"),
    _hold("card_while_betting", "betting", conditions="live"),
    _hold("impossible_card", DEALING_STATES, unless=("in_shoe",)),
]

ROUND_TRANSITIONS: list[dict[str, Any]] = [
    # A card where none may come: held, never dropped, until a supervisor accepts or voids it.
    *ROUND_HOLDS,
    # A new shoe, confirmed by the device or the dealer; its first card is the reveal card,
    # whose value is the number of burn cards.
    {"trigger": "shuffled", "source": NO_SHOE_STATES, "dest": "awaiting_reveal",
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
    {"trigger": "void", "source": IN_ROUND_STATES, "dest": "shoe_ended",
     "conditions": "was_last_round", "before": "void_round", "after": "end_shoe_after_last_round"},
    {"trigger": "void", "source": IN_ROUND_STATES, "dest": "betting", "before": "void_round",
     "after": "open_round"},
    # A supervisor ends the shoe early (a round in play is void).
    {"trigger": "end_shoe", "source": ROUND_STATES, "dest": "shoe_ended",
     "before": "void_round_in_play", "after": "end_shoe_early"},
]

STOP_TRANSITIONS: list[dict[str, Any]] = [
    # Every card comes here first: on to the round while running (or, typed by hand, while
    # only the card reader is away); else held.
    {"trigger": "card", "source": "running", "dest": None, "after": "to_round"},
    {"trigger": "card", "source": "paused", "dest": None, "conditions": "typed_with_reader_away",
     "after": "to_round"},
    {"trigger": "card", "source": ["paused", "hold"], "dest": "hold",
     "before": "hold_card_while_stopped"},
    # A pause while one is asked for (the dealer's, the reader away); a hold on a fault.
    {"trigger": "pause", "source": "running", "dest": "paused", "conditions": "pause_asked"},
    {"trigger": "resume", "source": "paused", "dest": "running", "unless": "pause_asked",
     "after": "restart_countdown"},
    {"trigger": "hold", "source": ["running", "paused", "hold"], "dest": "hold"},
    # A supervisor clears a hold: the held cards go where the round waits for a card, or are
    # discarded (with the round, if one is in play); a pause still asked for stays.
    {"trigger": "accept", "source": "hold", "dest": "paused", "conditions": "pause_asked",
     "after": "deal_held"},
    {"trigger": "accept", "source": "hold", "dest": "running", "after": ["deal_held",
                                                                          "restart_countdown"]},
    {"trigger": "discard", "source": "hold", "dest": "paused", "conditions": "pause_asked",
     "before": "discard_held"},
    {"trigger": "discard", "source": "hold", "dest": "running",
     "before": "discard_held", "after": "restart_countdown"},
    # The shoe ends early: its held cards and the dealer's pause end with it; a pause for the
    # card reader stays while the reader is away (docs/operator.md).
    {"trigger": "release", "source": STOP_STATES, "dest": "paused", "conditions": "reader_away",
     "before": "forget_held"},
    {"trigger": "release", "source": STOP_STATES, "dest": "running", "before": "forget_held"},
]
