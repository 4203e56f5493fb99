"""The small inputs behind the operator keys: the supervisor PIN, a card, a void reason, and
the last rounds (recall). Each input checks what is typed before OK can be pressed."""

from __future__ import annotations

from collections.abc import Sequence

from PyQt6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from controller.events import facts
from controller.events.stream import TableEvent
from controller.game.cards import Card
from ui.display.i18n import translate
from ui.display.labels import BETS, label


class InputDialog(QDialog):
    """One line of input; OK only while ``check`` finds nothing wrong."""

    def __init__(self, title: str, prompt: str, parent: QWidget | None = None,
                 secret: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.edit = QLineEdit()
        if secret:
            self.edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c0392b")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(prompt))
        layout.addWidget(self.edit)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.edit.textChanged.connect(self._recheck)
        self._recheck(self.edit.text())

    def check(self, text: str) -> str | None:
        """What is wrong with ``text``, or None; "" means incomplete (no message)."""
        return None if text.strip() else ""

    def value(self) -> str:
        return self.edit.text().strip()

    def accept(self) -> None:
        if self.check(self.edit.text()) is None:
            super().accept()

    def _recheck(self, text: str) -> None:
        problem = self.check(text)
        self.problem.setText(problem or "")
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok is not None, "the box is made with an OK button"
        ok.setEnabled(problem is None)


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
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("display", "Void round"),
                         translate("display", "Why is the round voided?"), parent)


class HistoryDialog(QDialog):
    """The last rounds, newest first: cards, winner and pays, or why a round was voided."""

    def __init__(self, rounds: Sequence[TableEvent], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("display", "Last rounds"))
        headers = [translate("display", "Shoe"), translate("display", "Round"),
                   translate("display", "PLAYER"), translate("display", "BANKER"),
                   translate("display", "Result")]
        self.table = QTableWidget(len(rounds), len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        for row, played in enumerate(reversed(rounds)):
            match played.fact:
                case facts.RoundVoided(reason=reason, discarded=discarded):
                    result = translate("display", "VOID: {reason}").format(reason=reason)
                    cards = (" ".join(discarded), "")
                case facts.RoundResult(winner=winner, player=player, banker=banker):
                    result = label(BETS, winner)
                    cards = (" ".join(player), " ".join(banker))
                case _:
                    continue
            for column, text in enumerate((str(played.shoe), str(played.round), *cards,
                                           result)):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)


class Dialogs:
    """Asks the operator; the tests put a scripted stand-in in its place."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def _ask(self, dialog: InputDialog) -> str | None:
        return dialog.value() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def pin(self) -> str | None:
        return self._ask(PinDialog(self.parent))

    def card(self) -> str | None:
        return self._ask(CardDialog(self.parent))

    def reason(self) -> str | None:
        return self._ask(ReasonDialog(self.parent))

    def history(self, rounds: Sequence[TableEvent]) -> None:
        HistoryDialog(rounds, self.parent).exec()
