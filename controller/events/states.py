"""Where a table comes to rest, as other systems read it: the ``state`` of events, the floor
feed's ``phase`` and what the display shows. A vocabulary of its own (docs/events.md), so the
state machines' own names (controller.table.machine) can change without breaking a consumer:
the machines map their states onto these."""

from __future__ import annotations

from enum import StrEnum


class TableState(StrEnum):
    AWAITING_SHUFFLE = "awaiting_shuffle"  # no shoe yet: shuffle, then confirm the new shoe
    AWAITING_REVEAL = "awaiting_reveal"  # a new shoe: its first card is the reveal card
    BURNING = "burning"  # the burn cards are read
    AWAITING_BURN_CONFIRMATION = "awaiting_burn_confirmation"  # the dealer confirms the burn
    BETTING = "betting"  # bets are taken
    PLAYER1 = "player1"  # waits for that card
    BANKER1 = "banker1"
    PLAYER2 = "player2"
    BANKER2 = "banker2"
    PLAYER3 = "player3"
    BANKER3 = "banker3"
    SHOE_ENDED = "shoe_ended"  # reshuffle, then confirm the new shoe
    PAUSED = "paused"  # stopped by the dealer or by the card reader's absence
    HOLD = "hold"  # stopped on a card or a fault until a supervisor clears it


NO_SHOE = frozenset({TableState.AWAITING_SHUFFLE, TableState.SHOE_ENDED})
BURN = frozenset({TableState.BURNING, TableState.AWAITING_BURN_CONFIRMATION})
DEALING = frozenset({TableState.PLAYER1, TableState.BANKER1, TableState.PLAYER2,
                     TableState.BANKER2, TableState.PLAYER3, TableState.BANKER3})
STOPPED = frozenset({TableState.PAUSED, TableState.HOLD})
