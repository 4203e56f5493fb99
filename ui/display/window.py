"""The dealer display's window: lays out the panels and turns events and keys into updates
and commands."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from PyQt6.QtCore import QEvent, Qt, pyqtSlot
from PyQt6.QtGui import QKeyEvent, QResizeEvent
from PyQt6.QtWidgets import QGridLayout, QWidget

from controller.commands import DEALER_ACTIONS, Command
from controller.events import TableEvent
from controller.view import TableView
from ui.display.cards_panel import CardsPanel
from ui.display.dialogs import Dialogs
from ui.display.i18n import translate
from ui.display.keys import help_text, key_action
from ui.display.labels import HOLD_REASONS
from ui.display.overlays import Overlay
from ui.display.roads_panels import RoadsBoard
from ui.display.stats_panel import StatsPanel
from ui.display.status_bar import StatusBar

log = logging.getLogger(__name__)

STYLE = """
DisplayWindow { background: #10161d; }
QLabel { color: #f4f1e8; }
#stats { background: #17212b; border-radius: 8px; }
#status { background: #17212b; }
#prompt { font-weight: bold; padding: 2px 8px; }
"""
# Events that change the roads and the statistics.
ROAD_EVENTS = frozenset({"round_result", "roads_cleared"})
SHOE_OVER = ("awaiting_shuffle", "shoe_ended")


class DisplayWindow(QWidget):
    def __init__(
        self,
        submit: Callable[[object], None] | None = None,
        *,
        journal: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("display")
        self.setWindowTitle(translate("display", "Baccarat table"))
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet(STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.submit = submit or (lambda item: None)
        self.view = TableView()
        self.dialogs = Dialogs(self)
        self.blocked = False
        self.status = StatusBar(journal, self)
        self.cards = CardsPanel(self)
        self.stats = StatsPanel(self)
        self.roads = RoadsBoard(self)
        self.hold_banner = Overlay(self, "#b3261e")
        self.help = Overlay(self, "#263445")
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(6, 6, 6, 6)
        self._grid.setSpacing(6)
        self._portrait: bool | None = None
        self.resize(1280, 800)

    # -- events from the controller ----------------------------------------------------

    def prime(self, events: Iterable[TableEvent]) -> None:
        """Catch up with events from before this window existed (the journal at start-up)."""
        for event in events:
            self.view.apply(event)
        self.refresh()

    def refresh(self) -> None:
        """Show everything the view holds (after priming, or to recover from an error)."""
        view = self.view
        self.roads.reset(view.roads)
        self.stats.show_stats(view.roads.stats())
        self.cards.show_round(view)
        self.status.show_view(view)
        self._show_hold()

    @pyqtSlot(object)
    def on_event(self, event: TableEvent) -> None:
        """One event, in the GUI thread. An error is logged and the display carries on."""
        try:
            self.view.apply(event)
            view = self.view
            if event.type in ROAD_EVENTS:
                self.roads.apply(view.roads, view.last_change)
                self.stats.show_stats(view.roads.stats())
            elif event.type == "action_refused":
                self.status.flash(translate("display", "refused: {what}").format(
                    what=view.refusal))
            self.cards.show_round(view)
            self.status.show_view(view)
            if event.type in ("hold", "hold_cleared", "state"):
                self._show_hold()
        except Exception:
            log.exception("the display could not show %s #%d", event.type, event.seq)

    def _show_hold(self) -> None:
        hold = self.view.hold
        if self.blocked:
            return
        if hold is None:
            self.hold_banner.hide()
            return
        card = hold.get("card", "?")
        reason = HOLD_REASONS.get(hold.get("code", ""))
        message = translate("display", reason).format(card=card) if reason else hold.get(
            "message", "")
        body = translate("display", "{message}\nA supervisor must accept the card (A) or void "
                         "the round (V).").format(message=message)
        self.hold_banner.show_message(translate("display", "HOLD"), body)

    def block(self, reason: str) -> None:
        """The journal failed (its self-test, or a write): say why and take no commands."""
        self.stop("journal", reason)

    @pyqtSlot(str, str)
    def stop(self, what: str, reason: str) -> None:
        """The table cannot play (``what`` is "journal" or "table"): say why, block the keys."""
        self.blocked = True
        if what == "journal":
            self.status.set_journal(reason)
            title = translate("display", "JOURNAL FAILED")
        else:
            title = translate("display", "TABLE STOPPED")
        self.hold_banner.show_message(title, translate(
            "display", "{reason}\nThe table cannot play until this is fixed: call "
            "a technician.").format(reason=reason))

    # -- operator keys -----------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        action = key_action(event.key(), event.modifiers())
        if action is None or event.isAutoRepeat():
            super().keyPressEvent(event)
            return
        self.operate(action)

    def operate(self, action: str) -> None:
        """Carry out an operator key's action (display actions here, the rest as commands)."""
        if action == "help":
            self._toggle_help()
        elif action == "close":
            self.help.hide()
        elif action == "quit":
            self.close()
        elif action == "history":
            self.dialogs.history(list(self.view.recent))
        elif not self.blocked:
            command = self._command(action)
            if command is not None:
                self.submit(command)

    def _command(self, action: str) -> Command | None:
        """The command for ``action``, asking for what it needs; None if the operator cancels."""
        fields: dict[str, str] = {}
        if action == "pause" and self.view.paused:
            action = "resume"
        if action == "manual_card":
            card = self.dialogs.card()
            if card is None:
                return None
            fields["card"] = card
        if action == "void_round":
            reason = self.dialogs.reason()
            if reason is None:
                return None
            fields["reason"] = reason
        if action not in DEALER_ACTIONS and not (
                action == "new_shoe" and self.view.state in SHOE_OVER):
            pin = self.dialogs.pin()
            if pin is None:
                return None
            return Command(action, by="supervisor", pin=pin, **fields)
        return Command(action, **fields)

    def _toggle_help(self) -> None:
        if self.help.isVisible():
            self.help.hide()
        else:
            self.help.show_message(translate("display", "Operator keys"), help_text())

    # -- layout --------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutDirectionChange:
            self._portrait = None
            self._arrange()
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._arrange()
        font = self.font()
        font.setPixelSize(max(10, round(min(self.width(), self.height()) / 1080 * 26)))
        self.setFont(font)
        stats_font = self.stats.font()
        stats_font.setPixelSize(round(font.pixelSize() * 1.4))
        self.stats.setFont(stats_font)
        for overlay in (self.hold_banner, self.help):
            overlay.fit()
        super().resizeEvent(event)

    def _arrange(self) -> None:
        """Landscape: cards and statistics over the roads; portrait: everything stacked."""
        portrait = self.height() > self.width()
        if portrait == self._portrait:
            return
        self._portrait = portrait
        grid = self._grid
        roads = self.roads
        widgets = (self.status, self.cards, self.stats, roads.bead_plate, roads.big_road,
                   *roads.derived.values(), roads.ask)
        for widget in widgets:
            grid.removeWidget(widget)
        for index in range(grid.rowCount()):
            grid.setRowStretch(index, 0)
        derived = list(roads.derived.values())
        if portrait:
            places = [(self.status, 0, 0, 1, 3), (self.cards, 1, 0, 1, 3),
                      (self.stats, 2, 0, 1, 2), (roads.ask, 2, 2, 1, 1),
                      (roads.bead_plate, 3, 0, 1, 3), (roads.big_road, 4, 0, 1, 3)]
            places += [(panel, 5, column, 1, 1) for column, panel in enumerate(derived)]
            stretches = (0, 8, 3, 3, 4, 3)
            self.status.set_columns(5)
        else:
            places = [(self.status, 0, 0, 1, 4), (self.cards, 1, 0, 1, 3),
                      (self.stats, 1, 3, 1, 1), (roads.bead_plate, 2, 0, 1, 1),
                      (roads.big_road, 2, 1, 1, 3), (roads.ask, 3, 3, 1, 1)]
            places += [(panel, 3, column, 1, 1) for column, panel in enumerate(derived)]
            stretches = (0, 9, 5, 4)
            self.status.set_columns(9)
        for widget, row, column, rows, columns in places:
            grid.addWidget(widget, row, column, rows, columns)
        for row, stretch in enumerate(stretches):
            grid.setRowStretch(row, stretch)
        for column in range(4):
            grid.setColumnStretch(column, 1 if column < (3 if portrait else 4) else 0)
