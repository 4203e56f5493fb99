"""The table controller: cards in, rounds out.

One ``TableController`` owns a ``transitions`` Machine (shape in controller.table.machine) and
is fed, one item at a time and always from one thread, by ``handle()``: driver events, operator
commands and timer expiries. Every fact it learns is published on the event bus, which
journals it before anyone sees it; a smart shoe's card is acknowledged only after that.

Every input leaves an event that says what came in (``reveal``, ``burn``, ``card``, ``hold``,
``misread``, ``cut_card``, ``scanner``, ``betting_closed``, ``operator_action``), so replaying
those events through ``handle()`` rebuilds the exact state (see controller.table.recovery).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from transitions import EventData, Machine

from controller.events import facts
from controller.events.stream import EventBus
from controller.game.cards import Card, ShoeComposition
from controller.game.outcome import RoundOutcome, judge_round
from controller.game.profiles import Profile
from controller.game.rules import PLAYER_POSITIONS, next_step
from controller.game.settlement import decide_round
from controller.journal.store import JournalError
from controller.surveillance.exposure import ExposureComputed, ExposureWatch
from controller.surveillance.scanner_health import ScannerAlertDue
from controller.table.commands import Command, PinFailure, TimerExpired
from controller.table.config import TableConfig
from controller.table.machine import (
    EXPECTED_CARD,
    PHASE_OF,
    RESUMABLE_STATES,
    STATES,
    TRANSITIONS,
)
from controller.table.operator import OperatorDesk
from controller.table.supervisor import SupervisorGate
from drivers.base import (
    CardRead,
    Connected,
    CutCardSeen,
    Disconnected,
    Driver,
    Misread,
    OutOfSequence,
    Recordable,
    ShoeShuffled,
)


@dataclass
class RoundInProgress:
    number: int
    player: list[Card] = field(default_factory=list)
    banker: list[Card] = field(default_factory=list)
    dealt: list[Card] = field(default_factory=list)  # in deal order
    # Closed by surveillance when its betting closed (docs/surveillance.md).
    closed_by_exposure: frozenset[str] = frozenset()

    def deal(self, position: str, card: Card) -> None:
        (self.player if position in PLAYER_POSITIONS else self.banker).append(card)
        self.dealt.append(card)


@dataclass(frozen=True, slots=True)
class ShoeSettings:
    """What a shoe is played under, fixed when it starts: a profile or betting mode changed
    in the config mid-shoe takes effect at the next shoe, so one shoe never mixes two."""

    profile: Profile
    live: bool
    source: str  # the profile as the config names it (a shipped name or a file)


@dataclass(frozen=True, slots=True)
class HeldCard:
    """A card that arrived where none may come; kept until a supervisor decides."""

    code: str
    raw: bytes
    source: str
    frame_seq: int | None = None


@dataclass(frozen=True, slots=True)
class FaultHold:
    """The hold the table went into on an input it failed to handle, replayed as such (the
    input itself would fail again)."""

    message: str
    held: HeldCard | None  # the card the failed input carried, if any


class InputFailed(Exception):
    """The controller failed on ``item`` (a bug): nothing of it was journaled or shown."""

    def __init__(self, item: object, error: Exception) -> None:
        super().__init__(f"internal error on {type(item).__name__}: "
                         f"{type(error).__name__}: {error}; nothing of it was recorded")
        self.item = item


def _source(event: EventData) -> str:
    """The state a move starts from (every callback runs on a move)."""
    assert event.transition is not None
    source: str = event.transition.source
    return source


def _position(event: EventData) -> str:
    """Where the card of a dealing transition goes: the position the table waited for, or
    player1 for the card that closes a land table's betting."""
    source = _source(event)
    return "player1" if source == "betting" else source


def _text(raw: bytes) -> str:
    """Bytes read from a device, as an event records them."""
    return raw.decode("ascii", "replace")


# The hold on a smart shoe's frame that cannot follow the frames before it.
OUT_OF_SEQUENCE = "frame_out_of_sequence"
# The longest surveillance's facts wait for another input's commit (they never hold up a card).
SURVEILLANCE_FLUSH = 0.25


class TableController:
    """Runs the shoe and its rounds. Imports no Qt and starts no threads."""

    # Set by ``transitions`` from controller.table.machine: the state, each trigger (it returns
    # whether a move was made), may_<trigger>() and is_<state>().
    state: str
    card: Callable[..., bool]
    shuffled: Callable[..., bool]
    confirm_burn: Callable[..., bool]
    close_betting: Callable[..., bool]
    void: Callable[..., bool]
    end_shoe: Callable[..., bool]
    pause: Callable[..., bool]
    hold: Callable[..., bool]
    resume: Callable[..., bool]
    may_confirm_burn: Callable[[], bool]
    may_shuffled: Callable[[], bool]
    may_close_betting: Callable[[], bool]
    may_pause: Callable[[], bool]
    may_hold: Callable[[], bool]
    is_betting: Callable[[], bool]
    is_paused: Callable[[], bool]
    is_hold: Callable[[], bool]

    def __init__(
        self,
        config: TableConfig,
        profile: Profile,
        bus: EventBus,
        driver: Driver | None = None,
    ) -> None:
        self.config = config
        self.configured = ShoeSettings(profile, config.live, config.profile)
        self.profile = profile  # the shoe in play's (ShoeSettings)
        self.live_betting = config.live  # the shoe in play's (ShoeSettings)
        # Set by a replay: the settings the shoe in play was started with.
        self.replayed_shoe_settings: ShoeSettings | None = None
        self.bus = bus
        self.driver = driver
        self.gate = SupervisorGate(config.pin_hash)
        self.operator = OperatorDesk(self, self.gate)
        self.shoe_number = 0
        self.composition = ShoeComposition(profile.decks)
        self.round: RoundInProgress | None = None
        self.round_number = 0
        self.burn_left = 0
        self.last_round: int | None = None
        self.cut_before_shoe = False  # the cut card came out before the shoe's reveal card
        self.reader_down = False
        # Cards typed by hand while the reader was down: the shoe may still send its copy of
        # the first one (its unacknowledged frame) when the reader comes back.
        self.typed_while_down: list[str] = []
        self.saved_state = "awaiting_shuffle"
        self.pause_reasons: set[str] = set()
        self.held_cards: list[HeldCard] = []
        self.betting_deadline: float | None = None
        self._unacknowledged: list[Recordable] = []
        self.exposure_watch = ExposureWatch()
        self._flush_due: float | None = None  # surveillance's facts wait for a commit till then
        self.machine = Machine(
            model=self,
            states=STATES,
            transitions=TRANSITIONS,
            initial="awaiting_shuffle",
            send_event=True,
            auto_transitions=False,
        )

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
                self._flush_due = self._flush_due or time.monotonic() + SURVEILLANCE_FLUSH
            else:
                self.bus.flush()
                self._flush_due = None
        except JournalError:
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
        if isinstance(item, CardRead):
            self._reader_card(item)
        elif isinstance(item, Misread):
            self._misreads(item)
        elif isinstance(item, CutCardSeen):
            self._cut_card(item)
        elif isinstance(item, ShoeShuffled):
            self._device_shuffled(item)
        elif isinstance(item, OutOfSequence):
            self._out_of_sequence(item)
        elif isinstance(item, Connected | Disconnected):
            self._scanner(item)
        elif isinstance(item, Command):
            self.operator.handle(item)
        elif isinstance(item, PinFailure):
            self.gate.count_wrong_pin(item.locked_until)
        elif isinstance(item, FaultHold):
            self._hold("internal_error", item.message, item.held)
            if self.may_hold():
                self.hold()
        elif isinstance(item, ExposureComputed):
            self._exposure(item)
        elif isinstance(item, ScannerAlertDue):
            self._scanner_alert(item)
        elif isinstance(item, TimerExpired):
            if self.betting_deadline is not None and self.may_close_betting():
                self.close_betting()
        else:
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

    @property
    def in_play(self) -> RoundInProgress:
        """The round being dealt (only asked for where the machine is in one)."""
        assert self.round is not None, "no round in play"
        return self.round

    @property
    def phase(self) -> str:
        """What the table is in, looking through a pause or a hold (machine.PHASE_OF)."""
        return PHASE_OF[self.round_state]

    @property
    def shoe_in_play(self) -> bool:
        """A shoe has been confirmed and has not ended (a pause or a hold changes nothing)."""
        return self.phase != "no_shoe"

    def deadline(self) -> float | None:
        """When the next timer is due (monotonic seconds), or None."""
        due = [when for when in (self.betting_deadline if self.is_betting() else None,
                                 self._flush_due) if when is not None]
        return min(due, default=None)

    def on_timer(self) -> None:
        """A timer is due: surveillance's facts waiting for a commit, a live countdown."""
        now = time.monotonic()
        if self._flush_due is not None and now >= self._flush_due:
            self.flush_waiting()
        if self.betting_deadline is not None and now >= self.betting_deadline:
            self.handle(TimerExpired())

    def flush_waiting(self) -> None:
        """Commit and deliver surveillance's facts now, not with the next input."""
        self._flush_due = None
        self.bus.flush()

    # -- publishing ----------------------------------------------------------------------

    def publish(self, fact: facts.Fact) -> None:
        self.bus.publish(fact, self.shoe_number, self.round_number)

    # -- conditions used by the machine --------------------------------------------------

    def burn_scanned(self, event: EventData) -> bool:
        return self.config.burn_scanned

    def more_burns_due(self, event: EventData) -> bool:
        return self.burn_left > 1  # after this one

    def live(self, event: EventData) -> bool:
        return self.live_betting

    def accepted_from_hold(self, event: EventData) -> bool:
        return bool(event.kwargs.get("from_hold"))

    def in_shoe(self, event: EventData) -> bool:
        return self.composition.holds(event.kwargs["card"])

    def player_draws(self, event: EventData) -> bool:
        return self._next_after(event) == "player3"

    def banker_draws(self, event: EventData) -> bool:
        return self._next_after(event) == "banker3"

    def was_last_round(self, event: EventData) -> bool:
        return self.last_round is not None and self.round_number >= self.last_round

    def returns_to_saved_state(self, event: EventData) -> bool:
        assert event.transition is not None
        return event.transition.dest == self.saved_state

    def _next_after(self, event: EventData) -> str:
        """What the round needs next once this card is in its hand."""
        player, banker = list(self.in_play.player), list(self.in_play.banker)
        side = player if _position(event) in PLAYER_POSITIONS else banker
        side.append(event.kwargs["card"])
        return next_step(player, banker)

    # -- cards ---------------------------------------------------------------------------

    def _reader_card(self, read: CardRead) -> None:
        typed, self.typed_while_down = self.typed_while_down, []
        self._unacknowledged.append(read)  # once recorded, held or not: the journal has it
        if typed and read.first_after_reconnect and read.code == typed[0]:
            # The shoe kept the frame it could not deliver while unplugged, and the dealer
            # typed that same card meanwhile: it is one card, already dealt.
            self.publish(facts.DuplicateCard(
                card=read.code, raw=_text(read.raw), frame_seq=read.seq,
                reason=f"the reader's copy of {read.code}, entered by hand while the reader was "
                       "down"))
            return
        self.card(card=Card(read.code), raw=read.raw, source="reader", seq=read.seq)

    def typed_card(self, card: Card) -> None:
        """A card the dealer typed; while the reader is away the table stays paused for it and
        the dealer carries on by hand."""
        if self.is_paused() and self.pause_reasons == {"scanner"}:
            self.typed_while_down.append(card.code)
            self.resume()
            self.card(card=card, raw=b"", source="manual")
            self.add_pause("scanner")
        else:
            self.card(card=card, raw=b"", source="manual")

    def _take_card(self, event: EventData) -> dict[str, Any]:
        """What is recorded of a card taken where the table expects it (the fields every
        card fact has), the card out of the shoe."""
        card: Card = event.kwargs["card"]
        if self.composition.holds(card):  # a card a supervisor accepted may not be in the shoe
            self.composition.remove(card)
        return {"card": card.code, "raw": _text(event.kwargs["raw"]),
                "source": event.kwargs["source"], "cards_left": self.composition.cards_left,
                "frame_seq": event.kwargs.get("seq"),
                # read once already, as the hold: not a second reading
                "from_hold": True if event.kwargs.get("from_hold") else None}

    def reveal(self, event: EventData) -> None:
        taken = self._take_card(event)
        self.burn_left = event.kwargs["card"].burn_count
        self.publish(facts.Reveal(burn=self.burn_left, **taken))

    def prompt_burn(self, event: EventData) -> None:
        self.publish(facts.Prompt(message=f"burn {self.burn_left} cards, then confirm the burn"))

    def burn(self, event: EventData) -> None:
        taken = self._take_card(event)
        self.burn_left -= 1
        self.publish(facts.Burn(burn_left=self.burn_left, **taken))

    def burn_confirmed(self, event: EventData) -> None:
        for burned in range(1, self.burn_left + 1):
            self.publish(facts.Burn(card=None, burn_left=self.burn_left - burned,
                                    cards_left=self.composition.cards_left))
        self.burn_left = 0

    def deal(self, event: EventData) -> None:
        position = _position(event)
        taken = self._take_card(event)
        self.in_play.deal(position, event.kwargs["card"])
        self.publish(facts.CardDealt(position=position, **taken))

    # -- holds on a card -----------------------------------------------------------------

    def hold_card_while_stopped(self, event: EventData) -> None:
        stopped = "on hold" if self.is_hold() else "paused"
        self._hold_card(event, "card_while_stopped", "arrived while the table is " + stopped)

    def hold_card_before_new_shoe(self, event: EventData) -> None:
        self._hold_card(event, "card_before_new_shoe", "arrived before a new shoe was "
                        "confirmed: shuffle, confirm the new shoe, then deal the reveal card")

    def hold_card_before_burn(self, event: EventData) -> None:
        self._hold_card(event, "card_before_burn", "arrived before the burn was confirmed")

    def hold_card_while_betting(self, event: EventData) -> None:
        self._hold_card(event, "card_while_betting", "arrived while betting is open")

    def hold_impossible_card(self, event: EventData) -> None:
        self._hold_card(event, "impossible_card", "cannot come from this shoe: all "
                        f"{self.composition.decks} of its kind are already out")

    def _hold_card(self, event: EventData, code: str, why: str) -> None:
        card: Card = event.kwargs["card"]
        self.save_state(event)
        self._hold(code, f"card {card} {why}", HeldCard(
            card.code, event.kwargs["raw"], event.kwargs["source"], event.kwargs.get("seq")))

    def accept_held(self, held: HeldCard) -> None:
        """Deal a held card a supervisor accepted where the table waits for one."""
        self.card(card=Card(held.code), raw=held.raw, source=held.source, from_hold=True)

    # -- the shoe and its rounds ---------------------------------------------------------

    def start_shoe(self, event: EventData) -> None:
        """A new, shuffled shoe is in: the next card is its reveal card. The shoe is played
        under the settings configured now (or, replayed, those it was started with)."""
        settings = self.replayed_shoe_settings or self.configured
        self.replayed_shoe_settings = None
        self.profile, self.live_betting = settings.profile, settings.live
        self.shoe_number += 1
        self.composition = ShoeComposition(self.profile.decks)
        self.round_number = 0
        self.round = None
        self.last_round = 1 if self.cut_before_shoe else None
        self.cut_before_shoe = False
        self.publish(facts.ShoeStarted(
            decks=self.profile.decks, profile=self.profile.name, profile_source=settings.source,
            profile_terms=self.profile.terms(), betting="live" if self.live_betting else "land",
            by=event.kwargs["by"]))
        for change in self.exposure_watch.clear_all():  # a full shoe: its returns are the house's
            self.publish(change.fact())
        if self.config.new_shoe_resets_roads:
            self.publish(facts.RoadsCleared(reason="new shoe"))

    def open_round(self, event: EventData) -> None:
        self.round_number += 1
        self.round = RoundInProgress(self.round_number)
        closed = tuple(sorted(self.profile.closed_bets(self.round_number)
                              | self.exposure_watch.closed))
        seconds = self.config.betting_seconds if self.live_betting else None
        if seconds is not None:
            self.betting_deadline = time.monotonic() + seconds
        self.publish(facts.BettingOpen(closed_bets=closed, seconds=seconds))

    def close_betting_on_timer(self, event: EventData) -> None:
        self._betting_closed("timer")

    def close_betting_on_first_card(self, event: EventData) -> None:
        self._betting_closed("first_card")

    def _betting_closed(self, reason: str) -> None:
        self.betting_deadline = None
        # The round is played with the bets closed now, by their cut-off or by surveillance.
        self.in_play.closed_by_exposure = self.exposure_watch.closed
        self.publish(facts.BettingClosed(reason=reason, closed_bets=tuple(sorted(
            self.profile.closed_bets(self.round_number) | self.exposure_watch.closed))))

    def restart_countdown(self, event: EventData) -> None:
        """Betting was interrupted by a pause: a live table's countdown starts again."""
        if self.live_betting:
            self.betting_deadline = time.monotonic() + self.config.betting_seconds

    def finish_round(self, event: EventData) -> None:
        outcome = judge_round(self.in_play.player, self.in_play.banker)
        self.publish(self._result(outcome, self.in_play.number))

    def end_shoe_after_last_round(self, event: EventData) -> None:
        self._shoe_over("last round voided" if event.event.name == "void"
                        else "last round played")

    def _result(self, outcome: RoundOutcome, round_number: int) -> facts.RoundResult:
        settled = decide_round(self.profile, outcome, round_number,
                               self.in_play.closed_by_exposure).event_fields()
        return facts.RoundResult(
            player=tuple(card.code for card in outcome.player),
            banker=tuple(card.code for card in outcome.banker),
            player_total=outcome.player_total,
            banker_total=outcome.banker_total,
            winner=outcome.winner,
            player_pair=outcome.player_pair,
            banker_pair=outcome.banker_pair,
            player_natural=outcome.player_natural,
            banker_natural=outcome.banker_natural,
            natural=outcome.natural,
            banker_six_cards=len(outcome.banker) if outcome.banker_six else None,
            winning_bets=tuple(settled["winning_bets"]),
            pushed_bets=tuple(settled["pushed_bets"]),
            pays=settled["pays"],
            bets=settled["bets"],
        )

    def _shoe_over(self, reason: str) -> None:
        """The shoe is done: say so, so that the dealer (or the simulated shoe) reshuffles."""
        self.publish(facts.ShoeEnded(rounds=self.round_number, reason=reason,
                                     **self.gate.carried()))
        self.round = None
        self.betting_deadline = None

    # -- surveillance ----------------------------------------------------------------------

    def _exposure(self, exposure: ExposureComputed) -> None:
        """The worker's returns for the shoe in play (one for a shoe since ended is stale):
        published, and alerts raised or cleared; with auto_close, a bet above the threshold
        is closed for every round whose betting closes before it falls back."""
        terms = self.profile.surveillance
        if exposure.shoe != self.shoe_number or not self.shoe_in_play or terms is None:
            return
        self.publish(exposure.fact())
        for change in self.exposure_watch.update(exposure, terms):
            self.publish(change.fact())

    def _scanner_alert(self, due: ScannerAlertDue) -> None:
        terms = self.profile.surveillance
        if due.shoe == self.shoe_number and terms is not None:
            self.publish(due.fact(terms.misread_alert_per_100))

    # -- other driver events -------------------------------------------------------------

    def _misreads(self, misread: Misread) -> None:
        self.publish(facts.Misread(
            raw=_text(misread.raw), raw_hex=misread.raw.hex(), count=misread.count,
            position=EXPECTED_CARD[self.round_state],
            last_raw_hex=misread.last_raw.hex() if misread.count > 1 else None))
        if self.driver is not None:
            self.driver.request_rescan()

    def _device_shuffled(self, signal: ShoeShuffled) -> None:
        """The device reports a freshly shuffled shoe loaded: with no shoe in play, that is the
        new shoe; with one in play, only a supervisor may end it (``new_shoe``)."""
        self.publish(facts.ShoeShuffled(raw=_text(signal.raw)))
        self._unacknowledged.append(signal)
        if self.may_shuffled():
            self.shuffled(by="shoe")
        elif self.phase not in ("no_shoe", "new_shoe"):
            self.publish(facts.Prompt(message=f"the shoe reports a new shoe loaded while shoe "
                                      f"{self.shoe_number} is in play: a supervisor ends this "
                                      "shoe first"))

    def _out_of_sequence(self, frame: OutOfSequence) -> None:
        """A smart shoe's frame the driver cannot place in the shoe's numbering: the table holds
        on it, quoting it, for a supervisor to check the shoe. The frame's own event follows (a
        card is then held as arriving while on hold, never dropped)."""
        self._hold(OUT_OF_SEQUENCE, frame.reason, None, frame.raw)
        if self.may_hold():
            self.hold()

    def _cut_card(self, seen: CutCardSeen) -> None:
        """The round open when the cut card comes out is the last; with none open, the next.
        A pause changes nothing; before the shoe's first round that makes round 1 the last."""
        if self.phase == "no_shoe":
            self.cut_before_shoe = True
            last_round = 1
        else:
            last_round = self.round_number if self.round is not None else self.round_number + 1
            self.last_round = last_round
        self.publish(facts.CutCard(last_round=last_round, raw=_text(seen.raw)))
        self._unacknowledged.append(seen)  # a smart shoe waits for it like a card

    def _scanner(self, item: Connected | Disconnected) -> None:
        if isinstance(item, Connected):
            self.reader_down = False
            self.publish(facts.Scanner(status="connected"))
            self.lift_pause("scanner")
            return
        self.reader_down = True
        self.typed_while_down = []
        self.publish(facts.Scanner(status="disconnected", reason=item.reason))
        if self.live_betting and self._round_not_dealt():
            # Live rules: a round that had not started is cancelled and its bets refunded.
            self.void(reason="scanner disconnected before the deal", by="system")
        self.add_pause("scanner")

    def _round_not_dealt(self) -> bool:
        return self.round is not None and not self.round.dealt

    @property
    def round_state(self) -> str:
        """The state of the round, looking through a pause or a hold."""
        return self.saved_state if self.is_hold() or self.is_paused() else self.state

    # -- pause and hold ------------------------------------------------------------------

    def add_pause(self, reason: str) -> None:
        self.pause_reasons.add(reason)
        if self.may_pause():
            self.pause()

    def lift_pause(self, reason: str) -> None:
        self.pause_reasons.discard(reason)
        if self.is_paused() and not self.pause_reasons:
            self.resume()

    def restore_pause(self) -> None:
        """After a hold or a void, a pause still asked for stops the table again."""
        if self.pause_reasons:
            self.add_pause(next(iter(self.pause_reasons)))

    def end_shoe_early(self, reason: str, by: str) -> None:
        """A supervisor ends the shoe in play: a round in play (or held cards) is void."""
        if self.round is not None and (self.round.dealt or self.held_cards):
            self.publish(facts.RoundVoided(
                reason="shoe ended early", by=by, refund=True,
                discarded=tuple(card.code for card in self.round.dealt)
                + tuple(held.code for held in self.held_cards)))
        self.held_cards.clear()
        self.pause_reasons.clear()
        self.end_shoe()
        self._shoe_over(reason)

    def save_state(self, event: EventData) -> None:
        """Where a pause or a hold interrupted the table, to return there."""
        if _source(event) in RESUMABLE_STATES:
            self.saved_state = _source(event)

    def void_round(self, event: EventData) -> None:
        """The round in play is void: its cards stay recorded as discarded, bets are refunded,
        the roads are untouched."""
        discarded = tuple(card.code for card in self.in_play.dealt)
        discarded += tuple(held.code for held in self.held_cards)
        self.held_cards.clear()
        self.publish(facts.RoundVoided(reason=event.kwargs["reason"], by=event.kwargs["by"],
                                       discarded=discarded, refund=True))

    def _hold(self, code: str, message: str, held: HeldCard | None, frame: bytes = b"") -> None:
        """Record a hold: on ``held`` (a card), on a reader's ``frame`` that is no card, or on
        neither (the table itself)."""
        if held is None:
            self.publish(facts.Hold(code=code, message=message, card=None, raw=_text(frame),
                                    source="reader" if frame else "system"))
            return
        self.held_cards.append(held)
        self.publish(facts.Hold(code=code, message=message, card=held.code, raw=_text(held.raw),
                                source=held.source, frame_seq=held.frame_seq))
