"""Operator actions on a table: who may give each, and what each does.

A mixin of TableController (controller.table), kept apart so the card path and the operator's
actions each read on their own. Every action carried out is published as ``operator_action``
with who gave it and why; a refused one as ``action_refused`` with the reason.
"""

from __future__ import annotations

import time
from typing import Any

from controller.cards import Card
from controller.commands import ACTIONS, DEALER_ACTIONS, Command, CommandRefused
from controller.machine import NO_SHOE_STATES, POSITIONS
from controller.supervisor import verify_pin

PIN_ATTEMPTS = 5
PIN_LOCKOUT_SECONDS = 60


class OperatorActions:
    """The ``_do_<action>`` handlers and their authorisation."""

    # Guessing the PIN at the table: after this many wrong ones in a row, a lockout. Counted
    # from journaled refusals and in wall-clock time, so a restart clears neither.
    _wrong_pins = 0
    _pin_locked_until = 0.0

    def _command(self, command: Command) -> None:
        try:
            if command.action not in ACTIONS:
                raise CommandRefused(f"unknown action {command.action!r}")
            self._authorise(command)
            getattr(self, f"_do_{command.action}")(command)
        except CommandRefused as refusal:
            self.publish("action_refused", action=command.action, by=command.by,
                         reason=str(refusal), **refusal.facts)

    def _needs_pin(self, command: Command) -> bool:
        if command.action == "manual_card":
            return not self.reader_down
        if command.action == "new_shoe":
            return self._round_state() not in NO_SHOE_STATES
        return command.action not in DEALER_ACTIONS

    def _authorise(self, command: Command) -> None:
        if not self._needs_pin(command):
            return
        if command.replayed:  # authorised when first given: the PIN was right then
            self._wrong_pins = 0
            return
        if self.config.pin_hash is None:
            raise CommandRefused("no supervisor PIN is configured (see 'baccarat-table hash-pin')")
        now = time.time()
        if now < self._pin_locked_until:
            raise CommandRefused(f"too many wrong PINs: supervisor actions locked for "
                                 f"{self._pin_locked_until - now:.0f} s more")
        if not command.pin:
            what = ("a card typed by hand while the reader works"
                    if command.action == "manual_card" else "this action")
            raise CommandRefused(f"{what} needs the supervisor PIN")
        if not verify_pin(command.pin, self.config.pin_hash):
            locked_until = now + PIN_LOCKOUT_SECONDS if self._wrong_pins + 1 >= PIN_ATTEMPTS \
                else None
            self._count_wrong_pin(locked_until)
            if locked_until is not None:
                raise CommandRefused(f"wrong supervisor PIN, {PIN_ATTEMPTS} in a row: supervisor "
                                     f"actions locked for {PIN_LOCKOUT_SECONDS} s",
                                     wrong_pin=True, locked_until=locked_until)
            raise CommandRefused("wrong supervisor PIN", wrong_pin=True)
        self._wrong_pins = 0

    def _count_wrong_pin(self, locked_until: float | None) -> None:
        if locked_until is None:
            self._wrong_pins += 1
        else:
            self._wrong_pins, self._pin_locked_until = 0, locked_until

    def _record_action(self, command: Command, **facts: Any) -> None:
        self.publish("operator_action", action=command.action, by=command.by,
                     reason=command.reason, **facts)

    def _do_confirm_burn(self, command: Command) -> None:
        if not self.may_confirm_burn():
            raise CommandRefused("there is no burn to confirm")
        self._record_action(command)
        self.confirm_burn()

    def _do_manual_card(self, command: Command) -> None:
        try:
            card = Card.parse(command.card or "")
        except ValueError as error:
            raise CommandRefused(str(error)) from error
        self._record_action(command, card=card.code)
        self.typed_card(card)

    def _do_pause(self, command: Command) -> None:
        self._record_action(command)
        self._add_pause("operator")

    def _do_resume(self, command: Command) -> None:
        if "operator" not in self.pause_reasons:
            raise CommandRefused("the table is not paused by an operator")
        self._record_action(command)
        self._lift_pause("operator")

    def _do_void_round(self, command: Command) -> None:
        in_round = self.round is not None and self._round_state() in ("betting", *POSITIONS)
        if not in_round and self.is_hold():
            # Cards held outside a round (before the burn was confirmed, before a new shoe):
            # voiding discards them and the table goes back to where it was.
            self._record_action(command)
            discarded = [held.code for held in self.held_cards]
            self.held_cards.clear()
            self.publish("hold_cleared", by=command.by, action="void", discarded=discarded)
            self.resume()
            self._restore_pause()
            return
        if not in_round:
            raise CommandRefused("there is no round to void")
        self._record_action(command)
        if self.is_hold():
            self.publish("hold_cleared", by=command.by, action="void")
        self.void(reason=command.reason or "voided by the supervisor", by=command.by)
        self._restore_pause()

    def _restore_pause(self) -> None:
        if self.pause_reasons:
            self._add_pause(next(iter(self.pause_reasons)))

    def _do_accept_card(self, command: Command) -> None:
        if not self.is_hold():
            raise CommandRefused("there is no held card to accept")
        self._record_action(command)
        self.publish("hold_cleared", by=command.by, action="accept")
        held, self.held_cards = self.held_cards, []
        self.resume()
        # Accepting a card means it goes where the table waits for one: past a burn the
        # scanner could not see, or as the reveal card of a new shoe.
        if self.may_confirm_burn():
            self.confirm_burn()
        elif self.may_shuffled():
            self.shuffled(by=command.by)
        for card in held:
            self.accept_held(card)
        self._restore_pause()

    def _do_new_shoe(self, command: Command) -> None:
        where = self._round_state()
        if where in NO_SHOE_STATES:
            if self.is_hold():
                raise CommandRefused("a card is held: a supervisor accepts it (as the new "
                                     "shoe's reveal card) or voids it")
            if self.is_paused() and "operator" in self.pause_reasons:
                raise CommandRefused("the table is paused: resume it first")
            self._record_action(command)
            if self.is_paused():  # the reader is away: the dealer carries on by hand
                self.resume()
                self.shuffled(by=command.by)
                self._add_pause("scanner")
            else:
                self.shuffled(by=command.by)
            return
        if where == "awaiting_reveal":
            raise CommandRefused("a new shoe is already confirmed: deal the reveal card")
        self._record_action(command)
        if self.round is not None and (self.round.dealt or self.held_cards):
            self.publish("round_voided", reason="shoe ended early", by=command.by,
                         discarded=[c.code for c in self.round.dealt]
                         + [held.code for held in self.held_cards], refund=True)
        self.held_cards.clear()
        self.pause_reasons.clear()
        self.end_shoe()
        self._shoe_over(command.reason or "ended early by the supervisor")

    def _do_clear_roads(self, command: Command) -> None:
        self._record_action(command)
        self.publish("roads_cleared", reason=command.reason or "cleared by the supervisor")
