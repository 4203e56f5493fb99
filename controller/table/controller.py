"""The table controller: inputs in, facts out, one input one transaction.

``TableController.handle`` takes one input at a time, always from the thread that owns the table
(controller.table.runner): a driver event, an operator command, a timer, a surveillance result.
It hands it to the two state machines of controller.table.machine (the round: RoundModel; the
stops: Stops) or the operator's desk, then ends the transaction: the facts the input made are
journaled, then delivered, then a smart shoe's card is acknowledged.

Every input leaves an event that says what came in (``reveal``, ``burn``, ``card``, ``hold``,
``misread``, ``cut_card``, ``scanner``, ``betting_closed``, ``operator_action``), so replaying
those events through ``handle()`` rebuilds the exact state (see controller.table.recovery);
a ``device_fault`` changes no state and is not replayed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from common.errors import Fault
from controller.events import facts
from controller.events.due import FactDue
from controller.events.states import NO_SHOE, NO_SHOE_OR_REVEAL, TableState
from controller.events.stream import EventBus, EventFileError
from controller.game.cards import Card
from controller.game.profiles import Profile
from controller.journal.store import JournalError
from controller.surveillance.exposure import ExposureComputed
from controller.table.commands import Command, PinFailure, TimerExpired
from controller.table.config import TableConfig
from controller.table.holds import INTERNAL_ERROR, OUT_OF_SEQUENCE, FaultHold, HeldCard, text
from controller.table.machine import EXPECTED_CARD
from controller.table.operator import OperatorDesk
from controller.table.round_model import RoundModel, ShoeSettings
from controller.table.stops import SCANNER, Stops
from controller.table.supervisor import SupervisorGate
from drivers.base import (
    CardRead,
    Connected,
    CutCardSeen,
    DeviceFault,
    Disconnected,
    Driver,
    Misread,
    OutOfSequence,
    Recordable,
    ShoeShuffled,
)


class InputFailed(Fault):
    """The controller failed on ``item`` (a bug): nothing of it was journaled or shown."""

    def __init__(self, item: object, error: Exception) -> None:
        super().__init__(f"internal error on {type(item).__name__}: "
                         f"{type(error).__name__}: {error}; nothing of it was recorded")
        self.item = item


# The longest surveillance's facts wait for another input's commit (they never hold up a card).
SURVEILLANCE_FLUSH = 0.25


class TableController:
    """Runs the shoe and its rounds. Imports no Qt and starts no threads."""

    def __init__(self, config: TableConfig, profile: Profile, bus: EventBus,
                 driver: Driver | None = None, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.config = config
        self.configured = ShoeSettings(profile, config.live, config.profile)
        self.bus = bus
        self.driver = driver
        self.clock = clock  # monotonic seconds, for the timers and the PIN lockout
        # The bus's wall clock (it stamps the events) labels a lockout's end, for people.
        self.gate = SupervisorGate(config.pin_hash, clock, lambda: self.bus.wall())
        self.rounds = RoundModel(config, self.configured, self.publish,
                                 lambda *hold: self.stops.hold_on(*hold), self.gate, clock)
        self.stops = Stops(self.rounds, self.publish)
        self.operator = OperatorDesk(self, self.gate)
        # Cards typed by hand while the reader was down: the shoe may still send its copy of
        # the first one (its unacknowledged frame) when the reader comes back.
        self.typed_while_down: list[str] = []
        self._unacknowledged: list[Recordable] = []
        self._flush_due: float | None = None  # surveillance's facts wait for a commit till then

    # -- where the table is --------------------------------------------------------------

    @property
    def state(self) -> TableState:
        """Where the table rests, as events name it: stopped, or where the round is."""
        return self.rounds.state if self.stops.is_RUNNING() else TableState(self.stops.state)

    @property
    def shoe_in_play(self) -> bool:
        """A shoe has been confirmed and has not ended (a pause or a hold changes nothing)."""
        return self.rounds.state not in NO_SHOE

    @property
    def profile(self) -> Profile:
        return self.rounds.profile  # the shoe in play's

    @property
    def shoe_number(self) -> int:
        return self.rounds.shoe_number

    @property
    def round_number(self) -> int:
        return self.rounds.round_number

    # -- the one entry point -------------------------------------------------------------

    def handle(self, item: object) -> None:
        """Handle one driver event, operator command or timer expiry, all or nothing: an input
        that fails leaves no trace in the journal or the subscribers (InputFailed)."""
        before, first = self.state, self.bus.waiting
        try:
            self._handle(item)
            if self.state != before:
                self.bus.rested(self.state, before, first, self.shoe_number, self.round_number)
            if isinstance(item, ExposureComputed) and self.state == before:
                # Surveillance's own commit would compete with the cards' for the disk: its
                # facts ride on the next input's transaction, or go on their own shortly.
                self._flush_due = self._flush_due or self.clock() + SURVEILLANCE_FLUSH
            else:
                self.bus.flush()
                self._flush_due = None
        except (JournalError, EventFileError):  # the table stops: not a fault to hold on
            self._unacknowledged.clear()
            raise
        except Exception as error:
            self.bus.rollback()
            self._unacknowledged.clear()
            raise InputFailed(item, error) from error
        # Only now is the card durable: a smart shoe may forget it.
        if self.driver is not None:
            for read in self._unacknowledged:
                self.driver.acknowledge(read)
        self._unacknowledged.clear()

    def _handle(self, item: object) -> None:
        match item:
            case CardRead():
                self._reader_card(item)
            case Misread():
                self._misreads(item)
            case CutCardSeen(raw=raw):
                self.cut_card(raw)
                self._unacknowledged.append(item)  # a smart shoe waits for it like a card
            case DeviceFault(level=level, message=message, raw=raw):
                self.publish(facts.DeviceFault(level=level, message=message, raw=text(raw),
                                               raw_hex=raw.hex()))
            case ShoeShuffled():
                self._device_shuffled(item)
            case OutOfSequence(raw=raw, reason=reason):
                # A smart shoe's frame the driver cannot place in the shoe's numbering: the
                # table holds, quoting it; the frame's own input follows (a card then held).
                self.stops.hold_on(OUT_OF_SEQUENCE, reason, None, raw)
            case Connected() | Disconnected():
                self._scanner(item)
            case Command():
                self.operator.handle(item)
            case PinFailure(starts_lockout=starts_lockout):
                self.gate.count_wrong_pin(starts_lockout)
            case FaultHold(message=message, held=held):
                self.stops.hold_on(INTERNAL_ERROR, message, held)
            case ExposureComputed():
                self._exposure(item)
            case FactDue(fact=fact, shoe=shoe):
                if shoe in (None, self.shoe_number):  # one about an earlier shoe is stale
                    self.publish(fact)
            case TimerExpired():
                if self.rounds.betting_deadline is not None and self.rounds.may_close_betting():
                    self.rounds.close_betting()
            case _:
                raise TypeError(f"the controller cannot handle {item!r}")

    def hold_after_failure(self, failed: InputFailed) -> None:
        """Stop the table on an input it failed to handle (the table was rebuilt from the
        journal since): a card is kept as held, never dropped; a supervisor clears the hold."""
        item = failed.item
        held = None
        if isinstance(item, CardRead):
            held = HeldCard(item.code, item.raw, "reader", item.seq)
        self.handle(FaultHold(str(failed), held))
        if isinstance(item, CardRead) and self.driver is not None:
            self.driver.acknowledge(item)  # recorded as held: the shoe may move on

    # -- timers --------------------------------------------------------------------------

    def deadline(self) -> float | None:
        """When the next timer is due (``clock`` seconds), or None. A live countdown runs only
        while the table does: a pause or a hold starts it again when lifted."""
        countdown = self.rounds.betting_deadline if (
            self.stops.is_RUNNING() and self.rounds.is_BETTING()) else None
        return min((when for when in (countdown, self._flush_due) if when is not None),
                   default=None)

    def on_timer(self) -> None:
        """A timer is due: surveillance's facts waiting for a commit, a live countdown."""
        now = self.clock()
        if self._flush_due is not None and now >= self._flush_due:
            self.flush_waiting()
        deadline = self.deadline()
        if deadline is not None and now >= deadline:
            self.handle(TimerExpired())

    def flush_waiting(self) -> None:
        """Commit and deliver surveillance's facts now, not with the next input."""
        self._flush_due = None
        self.bus.flush()

    def publish(self, fact: facts.Fact) -> None:
        self.bus.publish(fact, self.shoe_number, self.round_number)

    # -- cards ---------------------------------------------------------------------------

    def _reader_card(self, read: CardRead) -> None:
        typed, self.typed_while_down = self.typed_while_down, []
        self._unacknowledged.append(read)  # once recorded, held or not: the journal has it
        if typed and read.first_after_reconnect and read.code == typed[0]:
            # The shoe kept the frame it could not deliver while unplugged, and the dealer
            # typed that same card meanwhile: it is one card, already dealt.
            self.publish(facts.DuplicateCard(
                card=read.code, raw=text(read.raw), frame_seq=read.seq,
                reason=f"the reader's copy of {read.code}, entered by hand while the reader was "
                       "down"))
            return
        self.stops.card(card=Card(read.code), raw=read.raw, source="reader", seq=read.seq)

    def typed_card(self, card: Card) -> None:
        """A card the dealer typed (while the reader is away, the dealer carries on by hand;
        the shoe may later send its own copy of the first)."""
        if self.stops.reader_away:
            self.typed_while_down.append(card.code)
        self.stops.card(card=card, raw=b"", source="manual")

    def end_shoe_early(self, reason: str, by: str) -> None:
        """A supervisor ends the shoe in play: a round in play (or held cards) is void, and
        nothing stopped outlives it."""
        self.rounds.end_shoe(reason=reason, by=by, held=self.stops.held_codes)
        self.stops.release()

    # -- surveillance ----------------------------------------------------------------------

    def _exposure(self, exposure: ExposureComputed) -> None:
        """The worker's returns for the shoe in play (one for a shoe since ended is stale):
        published, and alerts raised or cleared; with auto_close, a bet above the threshold
        is closed for every round whose betting closes before it falls back."""
        terms = self.profile.surveillance
        if exposure.shoe != self.shoe_number or not self.shoe_in_play or terms is None:
            return
        self.publish(exposure.fact())
        for change in self.rounds.exposure_watch.update(exposure, terms):
            self.publish(change.fact())

    # -- other driver events -------------------------------------------------------------

    def _misreads(self, misread: Misread) -> None:
        self.publish(facts.Misread(
            raw=text(misread.raw), raw_hex=misread.raw.hex(), count=misread.count,
            position=EXPECTED_CARD[self.rounds.state],
            last_raw_hex=misread.last_raw.hex() if misread.count > 1 else None,
            rescan_by_hand=(True if self.driver is not None
                            and not self.driver.rescans_on_request else None)))
        if self.driver is not None:
            self.driver.request_rescan()

    def _device_shuffled(self, signal: ShoeShuffled) -> None:
        """The device reports a freshly shuffled shoe loaded: with no shoe in play, that is the
        new shoe; with one in play, only a supervisor may end it (``new_shoe``)."""
        self.publish(facts.ShoeShuffled(raw=text(signal.raw)))
        self._unacknowledged.append(signal)
        if self.stops.is_RUNNING() and self.rounds.may_shuffled():
            self.rounds.shuffled(by="shoe")
        elif self.rounds.state not in NO_SHOE_OR_REVEAL:
            self.publish(facts.Prompt(message=f"the shoe reports a new shoe loaded while shoe "
                                      f"{self.shoe_number} is in play: a supervisor ends this "
                                      "shoe first"))

    @property
    def cut_seen(self) -> bool:
        """The cut card of the shoe in play (or of the next, before it starts) is out."""
        return self.rounds.last_round is not None or self.rounds.cut_before_shoe

    def cut_card(self, raw: bytes, source: str | None = None) -> None:
        """The cut card came out (the device saw it, or the dealer marks it: ``source``
        manual). The round open then is the last; with none open, the next. A pause changes
        nothing; before the shoe's first round that makes round 1 the last."""
        rounds = self.rounds
        if not self.shoe_in_play:
            rounds.cut_before_shoe = True
            last_round = 1
        else:
            last_round = rounds.round_number + (rounds.round is None)
            rounds.last_round = last_round
        self.publish(facts.CutCard(last_round=last_round, raw=text(raw), source=source))

    def _scanner(self, item: Connected | Disconnected) -> None:
        if isinstance(item, Connected):
            self.publish(facts.Scanner(status="connected"))
            self.stops.lift(SCANNER)
            return
        self.typed_while_down = []
        self.publish(facts.Scanner(status="disconnected", reason=item.reason))
        round_ = self.rounds.round
        if self.rounds.live_betting and round_ is not None and not round_.dealt:
            # Live rules: a round that had not started is cancelled and its bets refunded.
            # (Cards held meanwhile stay held for a supervisor.)
            self.rounds.void(reason="scanner disconnected before the deal", by="system",
                             held=())
        self.stops.ask(SCANNER)
