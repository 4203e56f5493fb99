"""What the operator (and the clock) can ask of the controller, besides the cards."""

from __future__ import annotations

from dataclasses import dataclass

# Every action, with what it needs; docs/operator.md explains each.
ACTIONS = (
    "new_shoe",       # end the shoe (supervisor while a shoe is in play) and wait for the shuffle
    "confirm_burn",   # the dealer burned the cards (scanners that do not read burns)
    "manual_card",    # enter a card by hand when the reader fails (needs card)
    "void_round",     # void the round in play, or the one on hold (supervisor; needs reason)
    "accept_card",    # clear a hold by accepting the held card(s) (supervisor)
    "pause",          # stop the table (dealer)
    "resume",         # carry on after an operator pause (dealer)
    "clear_roads",    # start the roads afresh (supervisor)
)

# Actions a dealer may give; all others need the supervisor PIN.
DEALER_ACTIONS = frozenset({"confirm_burn", "manual_card", "pause", "resume"})


@dataclass(frozen=True, slots=True)
class Command:
    action: str
    by: str = "dealer"
    reason: str = ""
    pin: str | None = None
    card: str | None = None
    # Replayed from the journal at recovery: it was authorised when it was first given.
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class TimerExpired:
    """The live betting countdown ran out."""


class CommandRefused(Exception):
    """An operator command that cannot be carried out now; the reason is published."""
