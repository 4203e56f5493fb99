"""The inputs behind the operator keys: the supervisor PIN, a card, a void reason, each laid
over the window at the display's type scale (a kiosk has one window). Each input checks what
is typed before it can be given."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PyQt6.QtCore import QEventLoop, Qt
from PyQt6.QtGui import QKeyEvent
from PyQt6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit, QPushButton, QWidget

from controller.game.cards import Card
from controller.table.commands import MAX_BY, MAX_REASON
from controller.view.table_view import TableView
from ui.display.i18n import translate
from ui.display.overlays import Overlay
from ui.display.typescale import TypeScale

PROMPT_COLOR = "#263445"
PROBLEM_COLOR = "#ffb347"


class InputDialog(Overlay):
    """One line of input laid over the window (a kiosk has one window, and a supervisor reads
    it from behind the dealer), at the display's type scale; Enter gives it only while
    ``check`` finds nothing wrong, Esc cancels."""

    def __init__(self, title: str, prompt: str, parent: QWidget | None = None,
                 secret: bool = False) -> None:
        super().__init__(parent, PROMPT_COLOR)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        self.edit = QLineEdit(self.box)
        if secret:
            self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.edit.setStyleSheet("color: black; background: white;")
        self.problem = QLabel(self.box)
        self.problem.setStyleSheet(f"color: {PROBLEM_COLOR}")
        self.problem.setWordWrap(True)
        # Plain words in the display's language: a standard button takes the desktop style's
        # icon and Qt's own (untranslated) text.
        self.buttons = QDialogButtonBox(self.box)
        self.ok = QPushButton(translate("display", "OK"))
        self.cancel = QPushButton(translate("display", "Cancel"))
        self.buttons.addButton(self.ok, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.cancel, QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        for widget in (self.edit, self.problem, self.buttons):
            self._inner.addWidget(widget)
        self.edit.returnPressed.connect(self.accept)
        self.edit.textChanged.connect(self._recheck)
        self.title.setText(title)
        self.body.setText(prompt)
        self._answer: str | None = None
        self._loop: QEventLoop | None = None
        self._recheck(self.edit.text())

    def check(self, text: str) -> str | None:
        """What is wrong with ``text``, or None; "" means incomplete (no message)."""
        return None if text.strip() else ""

    def value(self) -> str:
        return self.edit.text().strip()

    def present(self, scale: TypeScale) -> None:
        """Show over the window, the input at ``scale``'s floor and focused."""
        for widget in (self.edit, self.problem, self.buttons, *self.buttons.buttons()):
            widget.setFont(scale.font(self.font(), "body"))
        self.fit(scale)
        self.show()
        self.raise_()
        self.edit.setFocus()

    def ask(self, scale: TypeScale) -> str | None:
        """Show over the window and wait for Enter (the value) or Esc (None)."""
        self.present(scale)
        self._loop = QEventLoop()
        self._loop.exec()
        self.hide()
        return self._answer

    def accept(self) -> None:
        if self.check(self.edit.text()) is None:
            self._finish(self.value())

    def reject(self) -> None:
        self._finish(None)

    def _finish(self, answer: str | None) -> None:
        self._answer = answer
        if self._loop is not None:
            self._loop.quit()

    def keyPressEvent(self, event: QKeyEvent | None) -> None:
        if event is not None and event.key() == Qt.Key.Key_Escape:
            self.reject()
        else:
            super().keyPressEvent(event)

    def _recheck(self, text: str) -> None:
        problem = self.check(text)
        self.problem.setText(problem or "")
        self.ok.setEnabled(problem is None)


class PinDialog(InputDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("display", "Supervisor"),
                         translate("display", "Supervisor PIN:"), parent, secret=True)

    def check(self, text: str) -> str | None:
        if not text:
            return ""
        return None if text.isdigit() else translate("display", "digits only")


class CardDialog(InputDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("display", "Manual card"),
                         translate("display", "Card (rank and suit, e.g. KD, 10H, AS):"), parent)

    def check(self, text: str) -> str | None:
        if not text.strip():
            return ""
        try:
            Card.parse(text.strip())
        except ValueError as error:
            return str(error)
        return None

    def value(self) -> str:
        return Card.parse(self.edit.text().strip()).code


class ReasonDialog(InputDialog):
    """Why a void: its title names what it voids (``void_title``)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, translate("display", "Why is the round voided?"), parent)
        self.edit.setMaxLength(MAX_REASON)


class NameDialog(InputDialog):
    """Who gives a supervisor action, recorded with it (headless mode's ``by=NAME``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("display", "Supervisor"),
                         translate("display", "Supervisor's name:"), parent)
        self.edit.setMaxLength(MAX_BY)


def void_title(view: TableView) -> str:
    """What a void started now would void: the round in play, or the cards held outside a
    round (the void names it, and the controller voids that or nothing)."""
    if view.round_open:
        return translate("display", "Void round {round} of shoe {shoe}").format(
            round=view.round, shoe=view.shoe)
    return translate("display", "Void the held cards (shoe {shoe}, after round {round})"
                     ).format(round=view.round, shoe=view.shoe)


class Asks(Protocol):
    """What the window asks the operator for: ``Dialogs`` at the table, a scripted stand-in in
    the tests. Each answer is None when the operator cancels."""

    def pin(self) -> str | None: ...

    def card(self) -> str | None: ...

    def reason(self, title: str) -> str | None: ...

    def name(self) -> str | None: ...


class Dialogs:
    """Asks the operator, over the window."""

    def __init__(self, parent: QWidget, scale: Callable[[], TypeScale]) -> None:
        self.parent = parent
        self.scale = scale

    def _ask(self, dialog: InputDialog) -> str | None:
        try:
            return dialog.ask(self.scale())
        finally:
            dialog.deleteLater()

    def pin(self) -> str | None:
        return self._ask(PinDialog(self.parent))

    def card(self) -> str | None:
        return self._ask(CardDialog(self.parent))

    def reason(self, title: str) -> str | None:
        return self._ask(ReasonDialog(title, self.parent))

    def name(self) -> str | None:
        return self._ask(NameDialog(self.parent))
