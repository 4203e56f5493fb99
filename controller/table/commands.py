"""What the operator (and the clock) can ask of the controller, besides the cards."""

from __future__ import annotations

from dataclasses import dataclass

from controller.table.supervisor import CheckedPin
from drivers.errors import Refused

# Every action, with what it needs; docs/operator.md explains each.
ACTIONS = (
    "new_shoe",       # confirm a new, shuffled shoe (dealer); end the shoe in play (supervisor)
    "confirm_burn",   # the dealer burned the cards (scanners that do not read burns)
    "cut_card",       # the cut card came out (readers that cannot see it; dealer)
    "manual_card",    # enter a card by hand (needs card; supervisor while the reader works)
    "void_round",     # void the round in play, or the one on hold (supervisor; needs reason)
    "accept_card",    # clear a hold by accepting the held card(s) (supervisor)
    "pause",          # stop the table (dealer)
    "resume",         # carry on after an operator pause (dealer)
    "clear_roads",    # start the roads afresh (supervisor)
)

# The most a typed reason and a supervisor's name may hold (headless mode and the display's
# prompts alike): whatever is typed ends up in the journal and on every screen.
MAX_REASON = 100
MAX_BY = 40

# Actions a dealer may give; all others need the supervisor PIN.
DEALER_ACTIONS = frozenset({"confirm_burn", "cut_card", "manual_card", "pause", "resume"})
# A card typed by hand while the reader works could be any card: the dealer may enter one only
# while the reader is down; otherwise it needs the supervisor PIN.


@dataclass(frozen=True, slots=True)
class Command:
    action: str
    by: str = "dealer"
    reason: str = ""
    pin: str | CheckedPin | None = None  # CheckedPin: hashed on its way in (runner)
    card: str | None = None
    # The round a void names (shoe, round), fixed when the supervisor started it: only that
    # round is voided, never one that began while the reason and PIN were typed.
    target: tuple[int, int] | None = None
    # Replayed from the journal at recovery: it was authorised when it was first given.
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class PinFailure:
    """A wrong supervisor PIN, replayed from the journal: the lockout survives a restart."""

    starts_lockout: bool  # the fifth in a row: its refusal records ``locked_until``


@dataclass(frozen=True, slots=True)
class TimerExpired:
    """The live betting countdown ran out."""


class CommandRefused(Refused):
    """An operator command that cannot be carried out now; the reason is published, with any
    ``facts`` (a wrong PIN and the lockout it started) as fields of ``action_refused``."""
