"""The dealer display's window: lays out the panels and turns events and keys into updates
and commands."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import TypedDict

from PyQt6.QtCore import QEvent, Qt, pyqtSlot
from PyQt6.QtGui import QColor, QKeyEvent, QPalette, QResizeEvent
from PyQt6.QtWidgets import QGridLayout, QWidget

from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.game.profiles import Profile
from controller.roads import RoadsChange
from controller.table.commands import Action, Command
from controller.view.table_view import TableView
from ui.display.cards_panel import CardsPanel
from ui.display.dialogs import Asks, Dialogs, void_title
from ui.display.felt import stopped_alert
from ui.display.header import TableHeader
from ui.display.i18n import translate
from ui.display.keys import help_text, key_action
from ui.display.limits import LimitsPanel
from ui.display.overlays import Overlay
from ui.display.recall import recall_text
from ui.display.roads_panels import RoadsBoard
from ui.display.stats_panel import StatsPanel
from ui.display.surveillance_panel import SurveillancePanel
from ui.display.typescale import TypeScale

log = logging.getLogger(__name__)

BACKGROUND = QColor("#10161d")
# Events that change the roads; and those that change the statistics or the streaks.
ROAD_EVENTS = frozenset({EventType.ROUND_RESULT, EventType.ROADS_CLEARED})
STATS_EVENTS = ROAD_EVENTS | {"shoe_started"}
RECALL_EVENTS = frozenset({EventType.ROUND_RESULT, EventType.ROUND_VOIDED})  # what recall lists


class CommandFields(TypedDict, total=False):
    """What the dialogs ask for an operator's command beyond its action."""

    card: str
    reason: str
    target: tuple[int, int]


class DisplayWindow(QWidget):
    def __init__(
        self,
        submit: Callable[[Command], None] | None = None,
        *,
        journal: str = "",
        profile: Profile | None = None,
        pin_configured: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("display")
        self.setWindowTitle(translate("display", "Baccarat table"))
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, BACKGROUND)
        self.setPalette(palette)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.submit = submit or (lambda item: None)
        self.view = TableView()
        self.blocked = False
        self.pin_configured = pin_configured  # the table has a supervisor PIN to check
        self.status = TableHeader(journal, self)
        if profile is not None:
            self.status.set_profile(profile)
        self.limits = LimitsPanel(self)
        self.cards = CardsPanel(self)
        self.stats = StatsPanel(self)
        self.roads = RoadsBoard(self)
        self.help = Overlay(self, "#263445")
        self.recall = Overlay(self, "#1d2a38")
        self.surveillance = SurveillancePanel(self)
        self.scale = TypeScale(1080)
        self.dialogs: Asks = Dialogs(self, lambda: self.scale)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(6, 6, 6, 6)
        self._grid.setSpacing(6)
        self._portrait: bool | None = None
        self.resize(1280, 800)

    # -- events from the controller ----------------------------------------------------

    def prime(self, events: Iterable[TableEvent]) -> None:
        """Catch up with events from before this window existed (the journal at start-up)."""
        events = list(events)
        for event in events:
            self.view.apply(event)
        self.surveillance.apply(events)
        self.refresh()

    def refresh(self) -> None:
        """Show everything the view holds (after priming, or to recover from an error)."""
        self.roads.reset(self.view.roads)
        self._show_panels()

    @pyqtSlot(object)
    def on_event(self, event: TableEvent) -> None:
        """One event, in the GUI thread."""
        self.on_events((event,))

    @pyqtSlot(object)
    def on_events(self, events: Sequence[TableEvent]) -> None:
        """The events that arrived since the last batch, in the GUI thread: each is applied to
        the view, then the panels are shown once, so a flood of events costs one repaint and
        the display never falls behind the table. An error is logged and the display carries
        on."""
        changes: list[RoadsChange | None] = []
        stats = recalled = False
        refused = None
        for event in events:
            try:
                self.view.apply(event)
            except Exception:
                log.exception("the display could not show %s #%d", event.type, event.seq)
                continue
            stats = stats or event.type in STATS_EVENTS
            recalled = recalled or event.type in RECALL_EVENTS
            if event.type in ROAD_EVENTS:
                changes.append(self.view.last_change)
            elif event.type == EventType.ACTION_REFUSED:
                refused = self.view.refusal
        try:
            self.surveillance.apply(events)
            if len(changes) == 1:
                self.roads.apply(self.view.roads, changes[0])
            elif changes:
                self.roads.reset(self.view.roads)
            self._show_panels(stats)
            if recalled and self.recall.isVisible():  # live while shown
                self._show_recall()
            if refused is not None:
                self.status.refused(refused)
        except Exception:
            log.exception("the display could not show %d events up to #%d", len(events),
                          events[-1].seq if events else -1)

    def _show_panels(self, stats: bool = True) -> None:
        view = self.view
        if stats:  # they change only with a hand, a clear or a new shoe
            self.stats.show_stats(view.roads.stats())
            self.stats.show_streaks(view.streaks)
        self.cards.show_round(view)
        self.status.show_view(view)
        self.limits.show_view(view, self.status.profile)

    def block(self, reason: str) -> None:
        """The journal failed (its self-test, or a write): say why and take no commands."""
        self.stop("journal", reason)

    @pyqtSlot(str, str)
    def stop(self, what: str, reason: str) -> None:
        """The table cannot play (``what`` is "journal" or "table"): say why, block the keys."""
        self.blocked = True
        if what == "journal":
            self.status.set_journal(reason)
        self.cards.stop(stopped_alert(what, reason))

    # -- operator keys -----------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        action = None if event is None else key_action(event.key(), event.modifiers())
        if event is None or action is None or event.isAutoRepeat():
            super().keyPressEvent(event)
            return
        self.operate(action)

    def operate(self, action: str) -> None:
        """Carry out an operator key's action (display actions here, the rest as commands)."""
        if action == "help":
            self._toggle_help()
        elif action == "close":  # whatever is open over the display (a prompt takes its own)
            self.help.hide()
            self.recall.hide()
            self.surveillance.hide()
        elif action == "quit":
            self.close()
        elif action == "surveillance":
            self._toggle_surveillance()
        elif action == "history":
            self._toggle_recall()
        elif not self.blocked:
            command = self._command(Action(action))
            if command is not None:
                self.submit(command)

    def _command(self, action: Action) -> Command | None:
        """The command for ``action``, asking for what it needs; None if the operator cancels.
        With no supervisor PIN configured, a supervisor's action goes at once without one:
        the controller refuses it, saying so, before anyone types a reason."""
        if action == Action.PAUSE and self.view.paused:
            action = Action.RESUME
        # The controller's rule (Action.pin), on the table as the display's events show it.
        needs_pin = action.needs_pin(shoe_in_play=self.view.shoe_in_play,
                                     reader_away=self.view.scanner == "disconnected")
        if needs_pin and not self.pin_configured:
            return Command(action, by="supervisor")
        fields: CommandFields = {}
        by = "supervisor"
        if action == Action.MANUAL_CARD:
            card = self.dialogs.card()
            if card is None:
                return None
            fields["card"] = card
        if action == Action.VOID_ROUND:
            # The round is named as V is pressed: the table may deal on while this is typed.
            fields["target"] = (self.view.shoe, self.view.round)
            reason = self.dialogs.reason(void_title(self.view))
            name = None if reason is None else self.dialogs.name()
            if reason is None or name is None:
                return None
            fields["reason"], by = reason, name
        if needs_pin:
            pin = self.dialogs.pin()
            if pin is None:
                return None
            return Command(action, by=by, pin=pin, **fields)
        return Command(action, **fields)

    def _toggle_surveillance(self) -> None:
        if self.surveillance.isVisible():
            self.surveillance.hide()
        else:
            self.surveillance.fit()
            self.surveillance.show()
            self.surveillance.raise_()

    def _toggle_recall(self) -> None:
        """The last ten rounds over the window (H again or Esc hides them)."""
        if self.recall.isVisible():
            self.recall.hide()
        else:
            self._show_recall()

    def _show_recall(self) -> None:
        rounds = list(self.view.recent)
        right_to_left = self.layoutDirection() == Qt.LayoutDirection.RightToLeft
        self.recall.show_message(translate("display", "Last rounds"),
                                 recall_text(rounds, right_to_left) if rounds
                                 else translate("display", "No hands yet"))

    def _toggle_help(self) -> None:
        if self.help.isVisible():
            self.help.hide()
        else:
            profile = self.status.profile
            self.help.show_message(translate("display", "Operator keys"),
                                   help_text(profile.bets if profile is not None else ()))

    # -- layout --------------------------------------------------------------------------

    def event(self, event: QEvent | None) -> bool:
        if event is not None and event.type() == QEvent.Type.LayoutDirectionChange:
            self._portrait = None
            self._arrange()
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        self.set_scale(TypeScale.for_size(self.width(), self.height()))
        self._arrange()
        self.help.fit(self.scale)
        self.recall.fit(self.scale)
        self.surveillance.fit(self.scale)
        super().resizeEvent(event)

    def set_scale(self, scale: TypeScale) -> None:
        """Every panel's text from one type scale (docs/display.md, "Text")."""
        self.scale = scale
        font = scale.font(self.font(), "body")
        self.setFont(font)
        self.status.set_scale(scale)
        self.limits.set_scale(scale)
        self.stats.set_scale(scale)
        self.cards.set_scale(scale)
        for panel in (*self.roads.panels(), self.roads.ask):
            panel.setFont(font)
        for panel in self.roads.panels():
            panel.hold_marks_at(scale.px("body"))

    def _arrange(self) -> None:
        """Landscape: the limits over the felt, the felt over the roads, the statistics beside
        them; portrait: stacked, the limits beside the statistics under Next hand."""
        portrait = self.height() > self.width()
        if portrait == self._portrait:
            return
        self._portrait = portrait
        grid = self._grid
        roads = self.roads
        widgets = (self.status, self.limits, self.cards, self.stats, roads.bead_plate,
                   roads.big_road, *roads.derived.values(), roads.ask)
        for widget in widgets:
            grid.removeWidget(widget)
        derived = list(roads.derived.values())
        if portrait:
            places = [(self.status, 0, 0, 1, 3), (self.cards, 1, 0, 1, 3),
                      (self.stats, 2, 0, 2, 2), (roads.ask, 2, 2, 1, 1),
                      (self.limits, 3, 2, 1, 1),
                      (roads.bead_plate, 4, 0, 1, 3), (roads.big_road, 5, 0, 1, 3)]
            places += [(panel, 6, column, 1, 1) for column, panel in enumerate(derived)]
            stretches: tuple[int, ...] = (0, 7, 2, 3, 3, 3, 3)
            columns = (1, 1, 1, 0)
        else:  # the statistics in a column of their own, beside the felt and the Big Road
            places = [(self.status, 0, 0, 1, 4), (self.limits, 1, 0, 1, 3),
                      (self.cards, 2, 0, 1, 3),
                      (self.stats, 1, 3, 3, 1), (roads.bead_plate, 3, 0, 1, 1),
                      (roads.big_road, 3, 1, 1, 2), (roads.ask, 4, 3, 1, 1)]
            places += [(panel, 4, column, 1, 1) for column, panel in enumerate(derived)]
            stretches = (0, 0, 9, 5, 4)
            columns = (4, 4, 4, 6)
        for widget, row, column, rows, spanned in places:
            grid.addWidget(widget, row, column, rows, spanned)
        for row in range(grid.rowCount()):
            grid.setRowStretch(row, stretches[row] if row < len(stretches) else 0)
        for column, stretch in enumerate(columns):
            grid.setColumnStretch(column, stretch)
