"""A message laid over the whole display: the operator keys (F1)."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QColor, QPainter, QPaintEvent
from PyQt6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ui.display.painting import guarded_paint
from ui.display.typescale import TypeScale

BACKDROP = QColor(0, 0, 0, 170)


class Overlay(QWidget):
    """A box with a title and a text over a dimmed display; keys still reach the window."""

    def __init__(self, parent: QWidget | None, color: str) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.box = QFrame(self)
        self.box.setObjectName("overlayBox")
        self.box.setStyleSheet(f"#overlayBox {{ background: {color}; border-radius: 16px; }}"
                               "QLabel { color: white; }")
        self.title = QLabel(self.box)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setObjectName("overlayTitle")
        self.body = QLabel(self.box)
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._inner = QVBoxLayout(self.box)
        self._inner.setContentsMargins(32, 24, 32, 24)
        self._inner.addWidget(self.title)
        self._inner.addWidget(self.body)
        self._scale = TypeScale(1080)
        self.hide()

    def show_message(self, title: str, body: str) -> None:
        self.title.setText(title)
        self.body.setText(body)
        self.fit()
        self.show()
        self.raise_()

    def fit(self, scale: TypeScale | None = None) -> None:
        """Cover the parent, its text on the display's type scale."""
        parent = self.parentWidget()
        if parent is None:
            return
        self._scale = scale or self._scale
        self.setGeometry(parent.rect())
        self.title.setFont(self._scale.font(self.title.font(), "banner", bold=True))
        self.body.setFont(self._scale.font(self.body.font(), "body"))
        # Sized by hand: a word-wrapped label in a nested layout is given too little height.
        width = round(parent.width() * 0.7)
        height = min(self._inner.totalHeightForWidth(width), parent.height())
        self.box.setGeometry((parent.width() - width) // 2, (parent.height() - height) // 2,
                             width, height)

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent | None) -> None:
        painter.fillRect(self.rect(), BACKDROP)
