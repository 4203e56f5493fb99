"""The shoe and the table's health: profile, round, cards left, burn, cut card, closed bets,
the betting countdown, the scanner and the journal; and the prompt line under it."""

from __future__ import annotations

import time

from PyQt6.QtCore import QTimer
from PyQt6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from controller.view import TableView
from ui.display.i18n import translate
from ui.display.labels import BETS, PROMPTS, label

OK_STYLE = "color: #4fd37a"
PLAIN_STYLE = "color: #f4f1e8"
FIELDS = ("profile", "round", "cards", "burn", "cut", "closed", "countdown", "scanner", "journal")
BAD_STYLE = "color: #ffffff; background: #c0392b; padding: 0 6px"


def set_style(label: QLabel, style: str) -> None:
    """Restyle only on a change: a style sheet costs a relayout on every card otherwise."""
    if label.styleSheet() != style:
        label.setStyleSheet(style)


class StatusBar(QFrame):
    def __init__(self, journal: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("status")
        self._grid = QGridLayout()
        self._grid.setContentsMargins(8, 2, 8, 2)
        self._grid.setHorizontalSpacing(24)
        self.fields: dict[str, QLabel] = {}
        for name in FIELDS:
            field = QLabel()
            field.setObjectName(name)
            # Long texts are cut rather than widening the window past the screen.
            field.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            self.fields[name] = field
        self.set_columns(len(FIELDS))
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addLayout(self._grid)
        column.addWidget(self.prompt)
        self._deadline: float | None = None
        self._ticker = QTimer(self)
        self._ticker.setInterval(200)
        self._ticker.timeout.connect(self._tick)
        self._flash = ""
        self._flash_timer = QTimer(self)
        self._flash_timer.setSingleShot(True)
        self._flash_timer.timeout.connect(self._end_flash)
        self._view: TableView | None = None
        self.set_journal(journal)

    def flash(self, text: str, seconds: float = 8.0) -> None:
        """Show ``text`` on the prompt line for a while (a refused operator action)."""
        self._flash = text
        self._flash_timer.start(round(seconds * 1000))
        self.prompt.setText(text)
        set_style(self.prompt, "color: #ffb347")

    def _end_flash(self) -> None:
        self._flash = ""
        if self._view is not None:
            self._show_prompt(self._view)

    def set_columns(self, columns: int) -> None:
        """Lay the fields out ``columns`` to a row (fewer on a narrow portrait screen). With
        more than one row, the closed bets (a long list late in a shoe) get a row of their
        own, across the screen."""
        for field in self.fields.values():
            self._grid.removeWidget(field)
        names = list(FIELDS)
        if columns < len(FIELDS):
            names.remove("closed")
        for index, name in enumerate(names):
            self._grid.addWidget(self.fields[name], index // columns, index % columns)
        if columns < len(FIELDS):
            self._grid.addWidget(self.fields["closed"], len(names) // columns + 1, 0, 1, columns)

    def set_journal(self, health: str) -> None:
        """"" for no journal, "ok", or the reason it failed."""
        field = self.fields["journal"]
        if not health:
            field.setText(translate("display", "journal: none"))
            set_style(field, PLAIN_STYLE)
        elif health == "ok":
            field.setText(translate("display", "journal: ok"))
            set_style(field, OK_STYLE)
        else:
            field.setText(translate("display", "JOURNAL FAILED: {reason}").format(reason=health))
            set_style(field, BAD_STYLE)

    def show_view(self, view: TableView) -> None:
        self._view = view
        fields = self.fields
        fields["profile"].setText(view.profile)
        fields["round"].setText(translate("display", "shoe {shoe}  round {round}").format(
            shoe=view.shoe, round=view.round))
        fields["cards"].setText("" if view.cards_left is None else translate(
            "display", "cards left {count}").format(count=view.cards_left))
        fields["burn"].setText(translate("display", "burn {burn}").format(burn=view.burn)
                               if view.reveal else "")
        fields["cut"].setText("" if view.last_round is None else translate(
            "display", "CUT CARD: last round {round}").format(round=view.last_round))
        fields["closed"].setText("" if not view.closed_bets else translate(
            "display", "closed: {bets}").format(
                bets=", ".join(label(BETS, bet) for bet in view.closed_bets)))
        scanner = fields["scanner"]
        if view.scanner == "connected":
            scanner.setText(translate("display", "scanner connected"))
            set_style(scanner, OK_STYLE)
        else:
            scanner.setText(translate("display", "SCANNER DISCONNECTED"))
            set_style(scanner, BAD_STYLE)
        self._show_prompt(view)
        self._countdown(view)

    def _show_prompt(self, view: TableView) -> None:
        if view.misread is not None:
            text, style = translate("display", "RESCAN CARD"), BAD_STYLE
        elif self._flash:
            text, style = self._flash, "color: #ffb347"
        elif view.state in PROMPTS:
            text = translate("display", PROMPTS[view.state]).format(burn=view.burn_left)
            style = PLAIN_STYLE
        else:
            text, style = view.prompt or "", PLAIN_STYLE
        self.prompt.setText(text)
        set_style(self.prompt, style)

    def _countdown(self, view: TableView) -> None:
        running = view.state == "betting" and view.betting_seconds is not None
        if running and self._deadline is None:
            self._deadline = time.monotonic() + view.betting_seconds
            self._ticker.start()
        elif not running:
            self._deadline = None
            self._ticker.stop()
        self._tick()

    def _tick(self) -> None:
        field = self.fields["countdown"]
        if self._deadline is None:
            field.setText("")
            return
        left = max(0, round(self._deadline - time.monotonic()))
        field.setText(translate("display", "bets close in {seconds} s").format(seconds=left))
