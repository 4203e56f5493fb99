"""Where a table comes to rest, as other systems read it: the ``state`` of events, the floor
feed's ``phase`` and what the display shows (docs/events.md), and the groups of states every
part of the table asks about, each defined once here, named for what it holds.

The round machine (controller.table.machine) runs on these very members: its states are the
wire's, minus the two the stops machine adds (``STOPPED``). So a state renamed here is renamed
on the wire: other systems read these names, keep them.
"""

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


# Groups as tuples, in the order above: the machine takes them as a transition's sources, and
# the state diagram names them in a fixed order.
States = tuple[TableState, ...]

NO_SHOE: States = (TableState.AWAITING_SHUFFLE, TableState.SHOE_ENDED)  # none in play
NO_SHOE_OR_REVEAL: States = (TableState.AWAITING_SHUFFLE, TableState.AWAITING_REVEAL,
                             TableState.SHOE_ENDED)  # no card of a shoe taken yet
BURN: States = (TableState.BURNING, TableState.AWAITING_BURN_CONFIRMATION)
DEALING: States = (TableState.PLAYER1, TableState.BANKER1, TableState.PLAYER2,
                   TableState.BANKER2, TableState.PLAYER3, TableState.BANKER3)  # a round's cards
IN_ROUND: States = (TableState.BETTING, *DEALING)
BURNING_OR_IN_ROUND: States = (TableState.BURNING, *IN_ROUND)
BURNING_OR_DEALING: States = (TableState.BURNING, *DEALING)
STOPPED: States = (TableState.PAUSED, TableState.HOLD)
BETTING_OR_STOPPED: States = (TableState.BETTING, *STOPPED)
NO_SHOE_OR_STOPPED: States = (*NO_SHOE, *STOPPED)
# The round machine's states: all but the stops machine's.
ROUND: States = tuple(state for state in TableState if state not in STOPPED)
