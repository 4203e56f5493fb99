"""The round machine's model: the shoe in play and its rounds, the callbacks and guards of
controller.table.machine's ``ROUND_TRANSITIONS`` and nothing else.

It publishes what each move makes (through ``publish``) and holds a card that may not come
where the round is (through ``hold``, the stops machine's); the input handler
(controller.table.controller) owns the transaction around it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from transitions import EventData, Machine

from controller.events import facts
from controller.events.states import ROUND, TableState
from controller.game.cards import Card, ShoeComposition
from controller.game.outcome import judge_round
from controller.game.profiles import Profile
from controller.game.rules import PLAYER_POSITIONS, next_step
from controller.surveillance.exposure import ExposureWatch
from controller.table.config import TableConfig
from controller.table.holds import HeldCard, text
from controller.table.machine import ROUND_TRANSITIONS
from controller.table.result import round_result
from controller.table.supervisor import SupervisorGate

# Why a card is held, by the hold's code (``{card}``, ``{decks}`` filled in).
HOLD_REASONS = {
    "card_before_new_shoe": "arrived before a new shoe was confirmed: shuffle, confirm the new "
                            "shoe, then deal the reveal card",
    "card_before_burn": "arrived before the burn was confirmed",
    "card_while_betting": "arrived while betting is open",
    "impossible_card": "cannot come from this shoe: all {decks} of its kind are already out",
}


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


def _position(event: EventData) -> str:
    """Where the card of a dealing transition goes: the position the table waited for, or
    player1 for the card that closes a land table's betting."""
    assert event.transition is not None
    source = TableState[event.transition.source]  # transitions keeps a state by its name
    return TableState.PLAYER1.value if source == TableState.BETTING else source.value


class RoundModel:
    """The shoe and its rounds. Triggers (set by ``transitions``): card, shuffled,
    confirm_burn, close_betting, void, end_shoe; may_<trigger>() and is_<STATE>()."""

    state: TableState
    card: Callable[..., bool]
    shuffled: Callable[..., bool]
    confirm_burn: Callable[..., bool]
    close_betting: Callable[..., bool]
    void: Callable[..., bool]
    end_shoe: Callable[..., bool]
    may_confirm_burn: Callable[[], bool]
    may_shuffled: Callable[[], bool]
    may_close_betting: Callable[[], bool]
    is_BETTING: Callable[[], bool]

    def __init__(self, config: TableConfig, configured: ShoeSettings,
                 publish: Callable[[facts.Fact], None],
                 hold: Callable[[str, str, HeldCard], None],
                 supervisor: SupervisorGate, clock: Callable[[], float]) -> None:
        self.config = config
        self.configured = configured
        self.profile, self.live_betting = configured.profile, configured.live  # the shoe's
        self.replayed_shoe_settings: ShoeSettings | None = None  # set by a replay
        self.publish, self.hold, self.supervisor, self.clock = publish, hold, supervisor, clock
        self.shoe_number = 0
        self.composition = ShoeComposition(self.profile.decks)
        self.round: RoundInProgress | None = None
        self.round_number = 0
        self.burn_left = 0
        self.last_round: int | None = None
        self.cut_before_shoe = False  # the cut card came out before the shoe's reveal card
        self.betting_deadline: float | None = None  # a live round's countdown
        self.exposure_watch = ExposureWatch()
        self.machine = Machine(model=self, states=list(ROUND), transitions=ROUND_TRANSITIONS,
                               initial=TableState.AWAITING_SHUFFLE, send_event=True,
                               auto_transitions=False)

    @property
    def in_play(self) -> RoundInProgress:
        """The round being dealt (only asked for where the machine is in one)."""
        assert self.round is not None, "no round in play"
        return self.round

    def after_shoe(self, shoe: int, round_: int) -> None:
        """Where a replay starts: shoe ``shoe`` ended after round ``round_``."""
        self.shoe_number, self.round_number = shoe, round_
        self.machine.set_state(TableState.SHOE_ENDED)

    # -- guards --------------------------------------------------------------------------

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

    def _next_after(self, event: EventData) -> str:
        """What the round needs next once this card is in its hand."""
        player, banker = list(self.in_play.player), list(self.in_play.banker)
        (player if _position(event) in PLAYER_POSITIONS else banker).append(event.kwargs["card"])
        return next_step(player, banker)

    # -- cards ---------------------------------------------------------------------------

    def _take_card(self, event: EventData) -> dict[str, Any]:
        """What is recorded of a card taken where the table expects it (the fields every
        card fact has), the card out of the shoe."""
        card: Card = event.kwargs["card"]
        if self.composition.holds(card):  # a card a supervisor accepted may not be in the shoe
            self.composition.remove(card)
        return {"card": card.code, "raw": text(event.kwargs["raw"]),
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

    def hold_card(self, code: str, event: EventData) -> None:
        card: Card = event.kwargs["card"]
        why = HOLD_REASONS[code].format(decks=self.composition.decks)
        self.hold(code, f"card {card} {why}", HeldCard(
            card.code, event.kwargs["raw"], event.kwargs["source"], event.kwargs.get("seq")))

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
            self.betting_deadline = self.clock() + seconds
        self.publish(facts.BettingOpen(closed_bets=closed, seconds=seconds))

    def restart_countdown(self) -> None:
        """Betting was interrupted by a pause or a hold: a live table's countdown starts
        again."""
        if self.is_BETTING() and self.live_betting:
            self.betting_deadline = self.clock() + self.config.betting_seconds

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

    def finish_round(self, event: EventData) -> None:
        played = self.in_play
        self.publish(round_result(self.profile, judge_round(played.player, played.banker),
                                  played.number, played.closed_by_exposure))

    def void_round(self, event: EventData) -> None:
        self._void(event.kwargs["reason"], event.kwargs["by"], event.kwargs["held"])

    def void_round_in_play(self, event: EventData) -> None:
        """The shoe ends early: a round begun (or with ``held`` cards) is void."""
        if self.round is not None and (self.round.dealt or event.kwargs["held"]):
            self._void("shoe ended early", event.kwargs["by"], event.kwargs["held"])

    def _void(self, reason: str, by: str, held: tuple[str, ...]) -> None:
        """The round in play is void: its cards and the ``held`` ones stay recorded as
        discarded, bets are refunded, the roads are untouched."""
        assert self.round is not None
        self.publish(facts.RoundVoided(
            reason=reason, by=by, refund=True,
            discarded=tuple(card.code for card in self.round.dealt) + held))

    def end_shoe_after_last_round(self, event: EventData) -> None:
        assert event.event is not None
        self._shoe_over("last round voided" if event.event.name == "void"
                        else "last round played")

    def end_shoe_early(self, event: EventData) -> None:
        self._shoe_over(event.kwargs["reason"])

    def _shoe_over(self, reason: str) -> None:
        """The shoe is done: say so, so that the dealer (or the simulated shoe) reshuffles."""
        self.publish(facts.ShoeEnded(rounds=self.round_number, reason=reason,
                                     **self.supervisor.carried()))
        self.round = None
        self.betting_deadline = None
