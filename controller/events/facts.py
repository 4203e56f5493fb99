"""Every event type the table publishes, one frozen dataclass each, with its fields.

Other systems read these names (the journal, the event file, the display, a floor feed), so
they change only by adding. docs/events.md is checked against these classes by the tests, and
controller.events.codec is the one place that turns them into the wire's JSON fields and back.

A field with a default of None is *optional*: absent from the wire where it does not apply
(``frame_seq`` of a scanner's card). A field without a default is always on the wire, even
when its value may be null (``card`` of a burn the dealer confirmed by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from controller.game.outcome import Winner


class EventType(StrEnum):
    STATE = "state"
    SHOE_SHUFFLED = "shoe_shuffled"
    SHOE_STARTED = "shoe_started"
    ROADS_CLEARED = "roads_cleared"
    REVEAL = "reveal"
    BURN = "burn"
    PROMPT = "prompt"
    BETTING_OPEN = "betting_open"
    BETTING_CLOSED = "betting_closed"
    CARD = "card"
    DUPLICATE_CARD = "duplicate_card"
    MISREAD = "misread"
    DEVICE_FAULT = "device_fault"
    CUT_CARD = "cut_card"
    ROUND_RESULT = "round_result"
    ROUND_VOIDED = "round_voided"
    HOLD = "hold"
    HOLD_CLEARED = "hold_cleared"
    SCANNER = "scanner"
    OPERATOR_ACTION = "operator_action"
    ACTION_REFUSED = "action_refused"
    SHOE_ENDED = "shoe_ended"
    CONFIG_CHANGED = "config_changed"
    JOURNAL_END_ACCEPTED = "journal_end_accepted"
    EXPOSURE = "exposure"
    EXPOSURE_ALERT = "exposure_alert"
    SCANNER_ALERT = "scanner_alert"
    INTEGRITY_ALERT = "integrity_alert"
    SHOE_INTEGRITY = "shoe_integrity"
    JOURNAL_VERIFIED = "journal_verified"
    JOURNAL_ARCHIVED = "journal_archived"
    DISK_ALERT = "disk_alert"




@dataclass(frozen=True, slots=True, kw_only=True)
class Fact:
    """What one event says, besides its envelope (seq, ts, table, shoe, round)."""

    TYPE: ClassVar[EventType]


@dataclass(frozen=True, slots=True, kw_only=True)
class Resting(Fact):
    """A fact that may also say where its input left the table at rest (``state``): a card
    or the opening of betting, so that a card dealt is one row, not two."""

    state: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Read(Resting):
    """A card the reader (or the dealer's hand) gave the table."""

    card: str
    raw: str
    source: str  # reader, manual
    cards_left: int
    frame_seq: int | None = None  # a smart shoe's frame number
    # True: a held card a supervisor accepted (read once already, as the hold)
    from_hold: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class State(Fact):
    TYPE = EventType.STATE
    state: str
    previous: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeShuffled(Fact):
    TYPE = EventType.SHOE_SHUFFLED
    raw: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeStarted(Fact):
    TYPE = EventType.SHOE_STARTED
    decks: int
    profile: str
    profile_source: str
    betting: str  # land, live
    by: str
    # Everything the profile says (Profile.terms); older journals' shoes lack it
    # (controller.table.recovery.shoe_settings).
    profile_terms: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoadsCleared(Fact):
    TYPE = EventType.ROADS_CLEARED
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Reveal(Read):
    TYPE = EventType.REVEAL
    burn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Burn(Resting):
    TYPE = EventType.BURN
    card: str | None  # None: a burn the dealer confirmed, which the scanner cannot see
    burn_left: int
    cards_left: int
    raw: str | None = None
    source: str | None = None
    frame_seq: int | None = None
    from_hold: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Prompt(Fact):
    TYPE = EventType.PROMPT
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BettingOpen(Resting):
    TYPE = EventType.BETTING_OPEN
    closed_bets: tuple[str, ...]
    seconds: float | None = None  # a live table's countdown


@dataclass(frozen=True, slots=True, kw_only=True)
class BettingClosed(Fact):
    TYPE = EventType.BETTING_CLOSED
    reason: str  # first_card, timer
    closed_bets: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt(Read):
    TYPE = EventType.CARD
    position: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DuplicateCard(Fact):
    TYPE = EventType.DUPLICATE_CARD
    card: str
    raw: str
    reason: str
    frame_seq: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Misread(Fact):
    TYPE = EventType.MISREAD
    raw: str
    raw_hex: str
    count: int
    position: str
    last_raw_hex: str | None = None
    # True: the reader has no rescan trigger (a listen-only reader): the dealer passes the
    # card through it again. Absent: the device is asked to read again.
    rescan_by_hand: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeviceFault(Fact):
    """The card reader reports an alarm or a warning of its own (not a card)."""

    TYPE = EventType.DEVICE_FAULT
    level: str  # alarm, warning
    message: str  # the alarm's text, or the warning's code
    raw: str
    raw_hex: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CutCard(Fact):
    TYPE = EventType.CUT_CARD
    last_round: int
    raw: str
    source: str | None = None  # manual: marked by the dealer; absent: the device saw it


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundResult(Fact):
    TYPE = EventType.ROUND_RESULT
    player: tuple[str, ...]
    banker: tuple[str, ...]
    player_total: int
    banker_total: int
    winner: Winner
    player_pair: bool
    banker_pair: bool
    player_natural: bool
    banker_natural: bool
    natural: bool
    banker_six_cards: int | None
    winning_bets: tuple[str, ...]
    pushed_bets: tuple[str, ...]
    pays: Mapping[str, str]
    bets: Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundVoided(Fact):
    TYPE = EventType.ROUND_VOIDED
    reason: str
    by: str
    discarded: tuple[str, ...]
    refund: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Hold(Fact):
    TYPE = EventType.HOLD
    code: str
    message: str
    card: str | None
    raw: str
    source: str  # reader, manual, system
    frame_seq: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HoldCleared(Fact):
    TYPE = EventType.HOLD_CLEARED
    by: str
    action: str  # accept, void
    discarded: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Scanner(Fact):
    TYPE = EventType.SCANNER
    status: str  # connected, disconnected
    reason: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OperatorAction(Fact):
    TYPE = EventType.OPERATOR_ACTION
    action: str
    by: str
    reason: str
    card: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionRefused(Fact):
    TYPE = EventType.ACTION_REFUSED
    action: str
    by: str
    reason: str
    wrong_pin: bool | None = None
    locked_until: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeEnded(Fact):
    TYPE = EventType.SHOE_ENDED
    rounds: int
    reason: str
    # The supervisor gate carried into the next shoe: wrong PINs in a row, a running lockout.
    wrong_pins: int | None = None
    locked_until: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfigChanged(Fact):
    TYPE = EventType.CONFIG_CHANGED
    before: Mapping[str, Any]
    after: Mapping[str, Any]
    applies_from: str  # now, next shoe


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalEndAccepted(Fact):
    TYPE = EventType.JOURNAL_END_ACCEPTED
    by: str
    reason: str
    finding: str


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalArchived(Fact):
    """Rows moved out of the live journal into an archive file (controller.journal.archive)."""

    TYPE = EventType.JOURNAL_ARCHIVED
    file: str  # the archive file's name
    folder: str  # where it was written (absolute)
    first_seq: int
    last_seq: int
    first_prev_hash: str  # hex: the hash the archive's first row links to
    last_hash: str  # hex: the last archived row's, which the live journal's first row links to
    rows: int
    first_shoe: int
    last_shoe: int
    before: str  # every shoe archived ended before this moment (ISO 8601 UTC)


@dataclass(frozen=True, slots=True, kw_only=True)
class DiskAlert(Fact):
    """The journal's disk has room for fewer days than ``[journal] min_free_days``
    (controller.journal.disk_budget), or again enough."""

    TYPE = EventType.DISK_ALERT
    state: str  # raised, cleared
    days_left: str  # a decimal string, one place
    free_bytes: int
    bytes_per_day: int
    min_free_days: int
    folder: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Exposure(Fact):
    TYPE = EventType.EXPOSURE
    rtp: Mapping[str, str]  # bet -> exact return, a decimal string
    cards_left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ExposureAlert(Fact):
    TYPE = EventType.EXPOSURE_ALERT
    bet: str
    state: str  # raised, cleared
    rtp: str
    alert_rtp: str
    closed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ScannerAlert(Fact):
    TYPE = EventType.SCANNER_ALERT
    misreads: int
    cards: int
    per_hundred: str
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class IntegrityAlert(Fact):
    TYPE = EventType.INTEGRITY_ALERT
    kind: str  # carried_run, repeated_shoe, composition
    earlier_shoe: int | None  # the shoe whose order it repeats (None: composition)
    first_card: int  # the run's first card's place in this shoe, from 1 (or the card's)
    earlier_first_card: int | None  # and in the earlier shoe (reversed: where it ends there)
    cards: int  # the run's length when found (composition: copies of the card seen)
    card: str | None  # composition: the card seen once more than the decks hold
    reversed: bool  # the run is the earlier shoe's order turned over


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeIntegrity(Fact):
    TYPE = EventType.SHOE_INTEGRITY
    shoe: int
    cards: int  # known cards dealt
    compared_shoes: list[int]
    longest_run: int
    longest_run_shoe: int | None
    longest_run_reversed: bool
    chance: str  # of a carried run at least that long by chance, computed (docs/surveillance.md)
    alerts: list[Mapping[str, Any]]  # every integrity_alert raised in the shoe, its fields
    ranks: Mapping[str, int]  # cards seen per rank
    suits: Mapping[str, int]
    per_rank: int  # what the decks hold of each rank
    per_suit: int


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalVerified(Fact):
    TYPE = EventType.JOURNAL_VERIFIED
    last_seq: int  # the last row the full check reached (passed: a checkpoint)
    last_hash: str  # that row's hash, hex
    rows: int
    seconds: float
    finished: str  # when the check ended (UTC)
    finding: str  # "" when every check passed; else what failed, one line


FACTS: dict[EventType, type[Fact]] = {cls.TYPE: cls for cls in (
    State, ShoeShuffled, ShoeStarted, RoadsCleared, Reveal, Burn, Prompt, BettingOpen,
    BettingClosed, CardDealt, DuplicateCard, Misread, DeviceFault, CutCard, RoundResult,
    RoundVoided, Hold, HoldCleared, Scanner, OperatorAction, ActionRefused, ShoeEnded,
    ConfigChanged, JournalEndAccepted, Exposure, ExposureAlert, ScannerAlert, IntegrityAlert,
    ShoeIntegrity, JournalVerified, JournalArchived, DiskAlert,
)}


def rests_in(fact: Fact) -> str | None:
    """The state a fact says the table came to rest in: a ``state`` event's, or the one a card
    or the opening of betting carries; None when it says nothing of it."""
    return fact.state if isinstance(fact, State | Resting) else None
