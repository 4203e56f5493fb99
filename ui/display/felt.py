"""What the felt says, worked out from the view: the phase, the card awaited, and the alert that
takes the felt over when the table cannot deal (docs/display.md, "The felt")."""

from __future__ import annotations

from dataclasses import dataclass

from controller.events import facts
from controller.events.states import BURN, TableState
from controller.view.table_view import TableView
from ui.display.i18n import translate
from ui.display.labels import HOLD_REASONS, NEXT_CARD, PHASES, label

RESCAN_RED = "#c0392b"
HOLD_RED = "#b3261e"
READER_AMBER = "#9a5b00"
STOPPED_GREY = "#4a4f57"


@dataclass(frozen=True)
class Alert:
    title: str
    body: str
    color: str
    # The table cannot play at all: the alert takes the whole felt. Any other takes the band
    # under the cards, which stay in sight while it is dealt with.
    whole_felt: bool = False


@dataclass(frozen=True)
class Phase:
    line: str  # the phase, over the result banner or on its own
    card: str = ""  # the card the table waits for ("PLAYER 3rd CARD"), if any


def phase(view: TableView) -> Phase:
    """The phase of the table, for every state (an unknown state shows its own name)."""
    state = view.state
    if view.next_card is not None:
        return Phase(label(PHASES, "dealing"), label(NEXT_CARD, view.next_card))
    if state in BURN:
        return Phase(label(PHASES, state).format(burn=view.burn_left or view.burn))
    return Phase(label(PHASES, state))


def alert(view: TableView, stopped: Alert | None = None) -> Alert | None:
    """What stops the dealing, worst first: the table stopped (journal failed), a hold, the card
    reader gone, a misread to rescan; None when the table can deal."""
    if stopped is not None:
        return stopped
    if view.hold is not None:
        return Alert(label(PHASES, TableState.HOLD), hold_text(view.hold, view.decks),
                     HOLD_RED)
    if view.scanner != "connected":
        return Alert(translate("display", "CARD READER DISCONNECTED"),
                     translate("display", "Dealing waits until the reader is connected again.")
                     + "\n" + translate("display", "Meanwhile, enter each card by hand (M)."),
                     READER_AMBER)
    if view.misread is not None:
        body = (translate("display", "Pass the card through the reader again: {card}")
                if view.misread.rescan_by_hand else translate(
                    "display", "Rescan the card: {card}")).format(
            card=label(NEXT_CARD, view.misread.position))
        if view.misread.count > 1:
            body += "\n" + translate("display", "{count} misreads").format(
                count=view.misread.count)
        body += "\n" + translate("display", "Or enter it by hand (M, supervisor PIN).")
        return Alert(translate("display", "RESCAN"), body, RESCAN_RED)
    return None


def hold_text(hold: facts.Hold, decks: int) -> str:
    """The hold's reason and why it stops the table, in the display's language (the
    controller's message for a code it does not know yet), and who may clear it."""
    reason = HOLD_REASONS.get(hold.code)
    message = (translate("display", reason).format(card=hold.card or "?",
                                                   message=hold.message or hold.code,
                                                   decks=decks or "?")
               if reason else hold.message or hold.code)
    return translate("display", "{message}\nA supervisor must accept the card (A) or void "
                     "the round (V).").format(message=message)


def stopped_alert(what: str, reason: str) -> Alert:
    """The table cannot play (``what`` is "journal" or "table")."""
    title = (translate("display", "JOURNAL FAILED") if what == "journal"
             else translate("display", "TABLE STOPPED"))
    return Alert(title, translate(
        "display", "{reason}\nThe table cannot play until this is fixed: call "
        "a technician.").format(reason=reason), STOPPED_GREY, whole_felt=True)
