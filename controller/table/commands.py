"""What the operator (and the clock) can ask of the controller, besides the cards."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from common.errors import Refused
from controller.table.supervisor import CheckedPin


class PinRule(Enum):
    """Who may give an action: when it needs the supervisor PIN. The value says it as the
    state diagram and docs/operator.md do."""

    DEALER = "dealer"
    SUPERVISOR = "supervisor"
    # Ending a shoe is the supervisor's; confirming a new one with none in play, the dealer's.
    SUPERVISOR_MID_SHOE = "dealer with no shoe in play; supervisor mid-shoe"
    # A card typed while the reader works could be any card: the dealer types cards only
    # while the reader is away.
    SUPERVISOR_WHILE_READER_WORKS = "dealer while the reader is away; else supervisor"

    def needs_pin(self, shoe_in_play: bool, reader_away: bool) -> bool:
        return {PinRule.DEALER: False, PinRule.SUPERVISOR: True,
                PinRule.SUPERVISOR_MID_SHOE: shoe_in_play,
                PinRule.SUPERVISOR_WHILE_READER_WORKS: not reader_away}[self]


class Action(StrEnum):
    """Every operator action, by its name in ``operator_action`` events, and who may give it
    (``pin``); docs/operator.md explains each."""

    pin: PinRule

    def __new__(cls, value: str, pin: PinRule = PinRule.SUPERVISOR) -> Action:
        # (Action("pause") looks a member up by its name, as every Enum does; the default is
        # for type checkers, and makes an action given no rule the supervisor's.)
        action = str.__new__(cls, value)
        action._value_ = value
        action.pin = pin
        return action

    # confirm a new, shuffled shoe; end the shoe in play early
    NEW_SHOE = "new_shoe", PinRule.SUPERVISOR_MID_SHOE
    # the dealer burned the cards (scanners that do not read burns)
    CONFIRM_BURN = "confirm_burn", PinRule.DEALER
    CUT_CARD = "cut_card", PinRule.DEALER  # the cut card came out (readers that cannot see it)
    MANUAL_CARD = "manual_card", PinRule.SUPERVISOR_WHILE_READER_WORKS  # a card by hand
    PAUSE = "pause", PinRule.DEALER  # stop the table
    RESUME = "resume", PinRule.DEALER  # carry on after an operator pause
    # void the round in play, or the one on hold (needs a reason)
    VOID_ROUND = "void_round", PinRule.SUPERVISOR
    ACCEPT_CARD = "accept_card", PinRule.SUPERVISOR  # clear a hold by accepting the held card(s)
    CLEAR_ROADS = "clear_roads", PinRule.SUPERVISOR  # start the roads afresh

    def needs_pin(self, shoe_in_play: bool, reader_away: bool) -> bool:
        return self.pin.needs_pin(shoe_in_play, reader_away)


# The most a typed reason and a supervisor's name may hold (headless mode and the display's
# prompts alike): whatever is typed ends up in the journal and on every screen.
MAX_REASON = 100
MAX_BY = 40


@dataclass(frozen=True, slots=True)
class Command:
    action: Action  # a name is taken too: Command("pause") (an unknown one raises ValueError)
    by: str = "dealer"
    reason: str = ""
    pin: str | CheckedPin | None = None  # CheckedPin: hashed on its way in (runner)
    card: str | None = None
    # The round a void names (shoe, round), fixed when the supervisor started it: only that
    # round is voided, never one that began while the reason and PIN were typed.
    target: tuple[int, int] | None = None
    # Replayed from the journal at recovery: it was authorised when it was first given.
    replayed: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "action", Action(self.action))


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
