"""The stops machine's model: whether cards may reach the round (controller.table.machine's
``STOP_TRANSITIONS``), why the table is paused, and the cards held for a supervisor.

Every card is offered here (``card``) and goes on to the round while the table runs; while it
is stopped it is held. A pause or a hold never moves the round, so lifting one has nothing to
restore: the round is still where it was.
"""

from __future__ import annotations

from collections.abc import Callable

from transitions import EventData, Machine

from controller.events import facts
from controller.game.cards import Card
from controller.table.holds import HeldCard, text
from controller.table.machine import STOP_TRANSITIONS, StopState
from controller.table.round_model import RoundModel

SCANNER = "scanner"  # the reason of the pause while the card reader is away
OPERATOR = "operator"  # the dealer's pause


class Stops:
    """Triggers (set by ``transitions``): card, pause, resume, hold, accept, discard,
    release; is_<STATE>()."""

    state: StopState
    card: Callable[..., bool]
    pause: Callable[..., bool]
    resume: Callable[..., bool]
    hold: Callable[..., bool]
    accept: Callable[..., bool]
    discard: Callable[..., bool]
    release: Callable[..., bool]
    may_pause: Callable[[], bool]
    may_resume: Callable[[], bool]
    is_RUNNING: Callable[[], bool]
    is_HOLD: Callable[[], bool]

    def __init__(self, rounds: RoundModel, publish: Callable[[facts.Fact], None]) -> None:
        self.rounds = rounds
        self.publish = publish
        self.reasons: set[str] = set()  # why a pause is asked for: OPERATOR, SCANNER
        self.held: list[HeldCard] = []
        self.machine = Machine(model=self, states=list(StopState), transitions=STOP_TRANSITIONS,
                               initial=StopState.RUNNING, send_event=True,
                               auto_transitions=False)

    @property
    def held_codes(self) -> tuple[str, ...]:
        return tuple(held.code for held in self.held)

    def ask(self, reason: str) -> None:
        """A pause asked for (``reason``): the table stops, if nothing stopped it already (one
        asked for during a hold takes effect when the hold is cleared)."""
        self.reasons.add(reason)
        if self.may_pause():
            self.pause()

    def lift(self, reason: str) -> None:
        """A pause no longer asked for: the table runs again once no other is."""
        self.reasons.discard(reason)
        if self.may_resume():
            self.resume()

    def hold_on(self, code: str, message: str, held: HeldCard | None = None,
                frame: bytes = b"") -> None:
        """Record a hold and stop: on ``held`` (a card), on a reader's ``frame`` that is no
        card, or on neither (the table itself)."""
        if held is None:
            self.publish(facts.Hold(code=code, message=message, card=None, raw=text(frame),
                                    source="reader" if frame else "system"))
        else:
            self.held.append(held)
            self.publish(facts.Hold(code=code, message=message, card=held.code,
                                    raw=text(held.raw), source=held.source,
                                    frame_seq=held.frame_seq))
        self.hold()

    # -- guards --------------------------------------------------------------------------

    def pause_asked(self, event: EventData) -> bool:
        return bool(self.reasons)

    @property
    def reader_away(self) -> bool:
        """The card reader is away (disconnected): the table's one record of it."""
        return SCANNER in self.reasons

    def typed_with_reader_away(self, event: EventData) -> bool:
        """A card typed by hand while only the card reader's absence pauses the table: the
        dealer carries on by hand."""
        return event.kwargs["source"] == "manual" and self.reasons == {SCANNER}

    # -- callbacks -----------------------------------------------------------------------

    def to_round(self, event: EventData) -> None:
        self.rounds.card(**event.kwargs)

    def hold_card_while_stopped(self, event: EventData) -> None:
        card: Card = event.kwargs["card"]
        stopped = "on hold" if self.is_HOLD() else "paused"
        self.hold_on("card_while_stopped", f"card {card} arrived while the table is {stopped}",
                     HeldCard(card.code, event.kwargs["raw"], event.kwargs["source"],
                              event.kwargs.get("seq")))

    def deal_held(self, event: EventData) -> None:
        """The held cards go where the round waits for a card: past a burn the scanner could
        not see, or as the reveal card of a new shoe."""
        held, self.held = self.held, []
        rounds = self.rounds
        if held and rounds.may_confirm_burn():
            rounds.confirm_burn()
        elif held and rounds.may_shuffled():
            rounds.shuffled(by=event.kwargs["by"])
        for card in held:
            rounds.card(card=Card(card.code), raw=card.raw, source=card.source, from_hold=True)

    def discard_held(self, event: EventData) -> None:
        self.held = []

    def restart_countdown(self, event: EventData) -> None:
        self.rounds.restart_countdown()

    def forget_held(self, event: EventData) -> None:
        """The shoe ended early: nothing held outlives it, nor the dealer's pause; the reader's
        lasts until the reader is back."""
        self.held = []
        self.reasons.discard(OPERATOR)
