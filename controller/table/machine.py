"""The shape of a table's life, as data for two ``transitions`` Machines side by side.

The *round* machine (``ROUND_TRANSITIONS``) is the shoe and its rounds. Its states are the
public ones (controller.events.states: ``ROUND``, an Enum ``transitions`` runs on directly),
named for what the table waits for: ``player1`` waits for the player's first card,
``banker3`` for the banker's third. With no shoe in play (``awaiting_shuffle`` at the very start,
``shoe_ended`` after a shoe) the table waits for a new shoe to be confirmed, by the device or the
dealer; only then (``awaiting_reveal``) is a card the reveal card of a new shoe. The third-card
rule is the ordered, conditional ``card`` transitions out of ``banker2`` and ``player3``: the
first whose condition holds wins, and the conditions call the pure rules in controller.game.rules.

The *stops* machine (``StopState``, ``STOP_TRANSITIONS``) is whether cards may reach the
round: ``running``, ``paused`` (the dealer's pause, or the card reader away) or ``hold`` (a card
or a fault a supervisor must clear). Every card passes through it first. A pause or a hold
leaves the round where it is: nothing is saved, nothing resumed into. The supervisor's moves on
a hold (accepting the held cards, discarding them) are its transitions.

Where the table rests, as events and consumers name it, is the stops machine's state while
stopped (by the same name: ``paused``, ``hold``), else the round machine's. The same tables
draw the state diagram (docs/state-machine.md), so the picture cannot drift from the code.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from controller.events.states import (
    BURN,
    BURNING_OR_IN_ROUND,
    DEALING,
    IN_ROUND,
    NO_SHOE,
    NO_SHOE_OR_REVEAL,
    ROUND,
    States,
    TableState,
)

# The card each state of the round expects next: what a misread is to be rescanned as.
EXPECTED_CARD: dict[TableState, str] = {
    **{state: "reveal" for state in NO_SHOE_OR_REVEAL}, **{state: "burn" for state in BURN},
    TableState.BETTING: "player1", **{position: position.value for position in DEALING},
}


class StopState(StrEnum):
    """The stops machine's states: cards pass while ``RUNNING``; the other two are where the
    table rests while stopped, by their public names."""

    RUNNING = "running"
    PAUSED = TableState.PAUSED.value
    HOLD = TableState.HOLD.value


@dataclass(frozen=True)
class HoldCard:
    """The callback of a card that may not come where the round is: the round stays where it
    is and the model holds the card, coded ``code`` (docs/events.md, ``hold``)."""

    code: str

    def __call__(self, event: Any) -> None:  # transitions' EventData
        event.model.hold_card(self.code, event)

    def __str__(self) -> str:
        return f"hold_card({self.code})"


def _hold(code: str, source: TableState | States, conditions: str | None = None,
          unless: tuple[str, ...] = ()) -> dict[str, Any]:
    """A card held, coded ``code`` (unless a supervisor already accepted it from a hold)."""
    return {"trigger": "card", "source": source, "dest": None, "before": HoldCard(code),
            "unless": ["accepted_from_hold", *unless],
            **({"conditions": conditions} if conditions else {})}


def _last_card(source: TableState) -> list[dict[str, Any]]:
    """The card that completes a round: the result, then the next round or the shoe's end."""
    return [
        {"trigger": "card", "source": source, "dest": TableState.SHOE_ENDED,
         "conditions": "was_last_round", "before": ["deal", "finish_round"],
         "after": "end_shoe_after_last_round"},
        {"trigger": "card", "source": source, "dest": TableState.BETTING,
         "before": ["deal", "finish_round"], "after": "open_round"},
    ]


ROUND_HOLDS = [
    _hold("card_before_new_shoe", NO_SHOE),
    _hold("card_before_burn", TableState.AWAITING_BURN_CONFIRMATION),
    _hold("card_while_betting", TableState.BETTING, conditions="live"),
    _hold("impossible_card", BURNING_OR_IN_ROUND, unless=("in_shoe",)),
]

ROUND_TRANSITIONS: list[dict[str, Any]] = [
    # A card where none may come: held, never dropped, until a supervisor accepts or voids it.
    *ROUND_HOLDS,
    # A new shoe, confirmed by the device or the dealer; its first card is the reveal card,
    # whose value is the number of burn cards.
    {"trigger": "shuffled", "source": NO_SHOE, "dest": TableState.AWAITING_REVEAL,
     "before": "start_shoe"},
    {"trigger": "card", "source": TableState.AWAITING_REVEAL, "dest": TableState.BURNING,
     "conditions": "burn_scanned", "before": "reveal"},
    {"trigger": "card", "source": TableState.AWAITING_REVEAL,
     "dest": TableState.AWAITING_BURN_CONFIRMATION, "before": "reveal", "after": "prompt_burn"},
    {"trigger": "card", "source": TableState.BURNING, "dest": TableState.BURNING,
     "conditions": "more_burns_due", "before": "burn"},
    {"trigger": "card", "source": TableState.BURNING, "dest": TableState.BETTING,
     "before": "burn", "after": "open_round"},
    {"trigger": "confirm_burn", "source": TableState.AWAITING_BURN_CONFIRMATION,
     "dest": TableState.BETTING, "before": "burn_confirmed", "after": "open_round"},
    # A live table's countdown ends; a land table's first card closes betting and is player1.
    {"trigger": "close_betting", "source": TableState.BETTING, "dest": TableState.PLAYER1,
     "before": "close_betting_on_timer"},
    {"trigger": "card", "source": TableState.BETTING, "dest": TableState.BANKER1,
     "before": ["close_betting_on_first_card", "deal"]},
    # Each card goes to the position the table waits for (the state's name).
    {"trigger": "card", "source": TableState.PLAYER1, "dest": TableState.BANKER1,
     "before": "deal"},
    {"trigger": "card", "source": TableState.BANKER1, "dest": TableState.PLAYER2,
     "before": "deal"},
    {"trigger": "card", "source": TableState.PLAYER2, "dest": TableState.BANKER2,
     "before": "deal"},
    # The third-card rule, in order, judged on the hands with this card in them.
    {"trigger": "card", "source": TableState.BANKER2, "dest": TableState.PLAYER3,
     "conditions": "player_draws", "before": "deal"},
    {"trigger": "card", "source": TableState.BANKER2, "dest": TableState.BANKER3,
     "conditions": "banker_draws", "before": "deal"},
    *_last_card(TableState.BANKER2),
    {"trigger": "card", "source": TableState.PLAYER3, "dest": TableState.BANKER3,
     "conditions": "banker_draws", "before": "deal"},
    *_last_card(TableState.PLAYER3),
    *_last_card(TableState.BANKER3),
    # Voiding a round (or a live round cancelled by a disconnect) moves on to the next one.
    {"trigger": "void", "source": IN_ROUND, "dest": TableState.SHOE_ENDED,
     "conditions": "was_last_round", "before": "void_round", "after": "end_shoe_after_last_round"},
    {"trigger": "void", "source": IN_ROUND, "dest": TableState.BETTING, "before": "void_round",
     "after": "open_round"},
    # A supervisor ends the shoe early (a round in play is void).
    {"trigger": "end_shoe", "source": ROUND, "dest": TableState.SHOE_ENDED,
     "before": "void_round_in_play", "after": "end_shoe_early"},
]

RUNNING, PAUSED, HOLD = StopState
ANY_STOP_STATE = tuple(StopState)

STOP_TRANSITIONS: list[dict[str, Any]] = [
    # Every card comes here first: on to the round while running (or, typed by hand, while
    # only the card reader is away); else held.
    {"trigger": "card", "source": RUNNING, "dest": None, "after": "to_round"},
    {"trigger": "card", "source": PAUSED, "dest": None, "conditions": "typed_with_reader_away",
     "after": "to_round"},
    {"trigger": "card", "source": [PAUSED, HOLD], "dest": HOLD,
     "before": "hold_card_while_stopped"},
    # A pause while one is asked for (the dealer's, the reader away); a hold on a fault.
    {"trigger": "pause", "source": RUNNING, "dest": PAUSED, "conditions": "pause_asked"},
    {"trigger": "resume", "source": PAUSED, "dest": RUNNING, "unless": "pause_asked",
     "after": "restart_countdown"},
    {"trigger": "hold", "source": ANY_STOP_STATE, "dest": HOLD},
    # A supervisor clears a hold: the held cards go where the round waits for a card, or are
    # discarded (with the round, if one is in play); a pause still asked for stays.
    {"trigger": "accept", "source": HOLD, "dest": PAUSED, "conditions": "pause_asked",
     "after": "deal_held"},
    {"trigger": "accept", "source": HOLD, "dest": RUNNING, "after": ["deal_held",
                                                                      "restart_countdown"]},
    {"trigger": "discard", "source": HOLD, "dest": PAUSED, "conditions": "pause_asked",
     "before": "discard_held"},
    {"trigger": "discard", "source": HOLD, "dest": RUNNING,
     "before": "discard_held", "after": "restart_countdown"},
    # The shoe ends early: its held cards and the dealer's pause end with it; a pause for the
    # card reader stays while the reader is away (docs/operator.md).
    {"trigger": "release", "source": ANY_STOP_STATE, "dest": PAUSED,
     "conditions": "reader_away", "before": "forget_held"},
    {"trigger": "release", "source": ANY_STOP_STATE, "dest": RUNNING, "before": "forget_held"},
]
