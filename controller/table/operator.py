"""The operator's actions on a table: who may give each, and what each does.

A component of the table (controller.table.controller), not part of it: it authorises each command
(supervisor actions through the SupervisorGate), then carries it out through the table's own
moves, so the card path and the operator's actions each read on their own. Every action carried
out is published as ``operator_action`` with who gave it and why; a refused one as
``action_refused`` with the reason.
"""

from __future__ import annotations

from typing import Protocol

from controller.events import facts
from controller.events.states import IN_ROUND, TableState
from controller.game.cards import Card
from controller.table.commands import Action, Command, CommandRefused
from controller.table.round_model import RoundModel
from controller.table.stops import OPERATOR, Stops
from controller.table.supervisor import PinRefused, SupervisorGate


class Table(Protocol):
    """What the desk acts through (controller.table.controller.TableController has it)."""

    rounds: RoundModel
    stops: Stops

    @property
    def shoe_in_play(self) -> bool: ...

    def publish(self, fact: facts.Fact) -> None: ...

    @property
    def cut_seen(self) -> bool: ...

    def typed_card(self, card: Card) -> None: ...

    def cut_card(self, raw: bytes, source: str | None = None) -> None: ...

    def end_shoe_early(self, reason: str, by: str) -> None: ...


class OperatorDesk:
    def __init__(self, table: Table, gate: SupervisorGate) -> None:
        self.table = table
        self.gate = gate

    def handle(self, command: Command) -> None:
        try:
            self._authorise(command)
            getattr(self, f"_{command.action.value}")(command)
        except (CommandRefused, PinRefused) as refusal:
            self.table.publish(facts.ActionRefused(action=command.action.value, by=command.by,
                                                   reason=str(refusal), **refusal.facts))

    def _authorise(self, command: Command) -> None:
        if not command.action.needs_pin(self.table.shoe_in_play, self.table.stops.reader_away):
            return
        if command.replayed:  # authorised when first given: the PIN was right then
            self.gate.passed()
            return
        what = ("a card typed by hand while the reader works"
                if command.action == Action.MANUAL_CARD else "this action")
        self.gate.check(command.pin, what)

    def _record(self, command: Command, card: str | None = None) -> None:
        self.table.publish(facts.OperatorAction(action=command.action.value, by=command.by,
                                                reason=command.reason, card=card))

    def _confirm_burn(self, command: Command) -> None:
        rounds = self.table.rounds
        if not (self.table.stops.is_RUNNING() and rounds.may_confirm_burn()):
            raise CommandRefused("there is no burn to confirm")
        self._record(command)
        rounds.confirm_burn()

    def _cut_card(self, command: Command) -> None:
        """The dealer marks the cut card a listen-only reader cannot see: from here on as the
        shoe's own cut card (its round is the last)."""
        if self.table.cut_seen:
            raise CommandRefused("the cut card is already out")
        self._record(command)
        self.table.cut_card(b"", source="manual")

    def _manual_card(self, command: Command) -> None:
        try:
            card = Card.parse(command.card or "")
        except ValueError as error:
            raise CommandRefused(str(error)) from error
        self._record(command, card=card.code)
        self.table.typed_card(card)

    def _pause(self, command: Command) -> None:
        self._record(command)
        self.table.stops.ask(OPERATOR)

    def _resume(self, command: Command) -> None:
        if OPERATOR not in self.table.stops.reasons:
            raise CommandRefused("the table is not paused by an operator")
        self._record(command)
        self.table.stops.lift(OPERATOR)

    def _void_round(self, command: Command) -> None:
        table, stops = self.table, self.table.stops
        in_round = table.rounds.round is not None and table.rounds.state in IN_ROUND
        self._check_target(command, in_round or stops.is_HOLD())
        if not in_round and stops.is_HOLD():
            # Cards held outside a round (before the burn was confirmed, before a new shoe):
            # voiding discards them; the round is where it was.
            self._record(command)
            table.publish(facts.HoldCleared(by=command.by, action="void",
                                            discarded=stops.held_codes))
            stops.discard()
            return
        if not in_round:
            raise CommandRefused("there is no round to void")
        self._record(command)
        held = stops.held_codes
        if stops.is_HOLD():
            table.publish(facts.HoldCleared(by=command.by, action="void"))
        table.rounds.void(reason=command.reason or "voided by the supervisor", by=command.by,
                          held=held)
        if stops.is_HOLD():
            stops.discard()

    def _check_target(self, command: Command, voidable: bool) -> None:
        """A void that names its round voids that round or nothing: refused, saying why, once
        the table has moved on from it (the round ended, or another began)."""
        if command.target is None:
            return
        rounds = self.table.rounds
        shoe, round_ = command.target
        if (shoe, round_) != (rounds.shoe_number, rounds.round_number) or not voidable:
            now = (f"round {rounds.round_number} of shoe {rounds.shoe_number} is in play"
                   if rounds.round is not None else "no round is in play")
            raise CommandRefused(f"round {round_} of shoe {shoe} is over ({now}): it was "
                                 "not voided")

    def _accept_card(self, command: Command) -> None:
        stops = self.table.stops
        if not stops.is_HOLD():
            raise CommandRefused("there is no held card to accept")
        self._record(command)
        self.table.publish(facts.HoldCleared(by=command.by, action="accept"))
        stops.accept(by=command.by)

    def _new_shoe(self, command: Command) -> None:
        table, stops = self.table, self.table.stops
        if not table.shoe_in_play:
            if stops.is_HOLD():
                raise CommandRefused("a card is held: a supervisor accepts it (as the new "
                                     "shoe's reveal card) or voids it")
            if OPERATOR in stops.reasons:
                raise CommandRefused("the table is paused: resume it first")
            # (With the reader away the dealer carries on by hand.)
            self._record(command)
            table.rounds.shuffled(by=command.by)
            return
        if table.rounds.state == TableState.AWAITING_REVEAL:
            raise CommandRefused("a new shoe is already confirmed: deal the reveal card")
        self._record(command)
        table.end_shoe_early(command.reason or "ended early by the supervisor", command.by)

    def _clear_roads(self, command: Command) -> None:
        self._record(command)
        self.table.publish(facts.RoadsCleared(
            reason=command.reason or "cleared by the supervisor"))
