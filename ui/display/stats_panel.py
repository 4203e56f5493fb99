"""Statistics over the last 200 hands (or all, if fewer): counts and percentages; and beside
them the streaks of the shoe (the current one, the longest Banker and Player runs)."""

from __future__ import annotations

from PyQt6.QtCore import QSize, Qt
from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QWidget

from controller.roads import STAT_KEYS, Stats
from controller.view.table_view import Streaks
from ui.display.i18n import translate
from ui.display.labels import BETS, STATS, label
from ui.display.typescale import TypeScale

KEY_COLORS = {"player": "#8fb4ff", "banker": "#ff8a8a", "tie": "#4fd3b0"}
INK = "#f4f1e8"
PANEL = "#17212b"


def key_color(key: str) -> str:
    return next((color for side, color in KEY_COLORS.items() if key.startswith(side)), INK)


class ScaledLabel(QLabel):
    """A label whose lines are the type scale's (``TypeScale.line``) once it is set: Qt would
    give an Arabic line its fallback font's, twice the text's size. A wrapped one takes a
    second line only when its text is wider than it is."""

    line = 0

    def heightForWidth(self, width: int) -> int:
        if not self.line:
            return super().heightForWidth(width)
        margins = self.contentsMargins()
        room = width - margins.left() - margins.right()
        lines = 1 if self.fontMetrics().horizontalAdvance(self.text()) <= room else 2
        return lines * self.line + margins.top() + margins.bottom()

    def minimumSizeHint(self) -> QSize:
        """One line of the scale: Qt's own hint, from an Arabic label's fallback font, made
        the Arabic window 7 px taller than a 1280x800 screen."""
        hint = super().minimumSizeHint()
        if self.line:
            margins = self.contentsMargins()
            hint.setHeight(self.line + margins.top() + margins.bottom())
        return hint


def colored(text: str, color: str, wrap: bool = False) -> ScaledLabel:
    """A label coloured through its palette (a style sheet would stop its font being set)."""
    widget = ScaledLabel(text)
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, QColor(color))
    widget.setPalette(palette)
    widget.setWordWrap(wrap)
    if wrap:
        widget.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
    return widget


class StatsPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stats")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(PANEL))
        self.setPalette(palette)
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 6, 12, 6)
        grid.setVerticalSpacing(0)
        grid.setHorizontalSpacing(16)
        grid.setColumnStretch(0, 1)
        self.heading = colored("", INK, wrap=True)
        grid.addWidget(self.heading, 0, 0, 1, 3)
        self.counts: dict[str, QLabel] = {}
        self.percents: dict[str, QLabel] = {}
        for row, key in enumerate(STAT_KEYS, start=1):
            color = key_color(key)
            name = colored(label(STATS, key), color, wrap=True)
            count, percent = colored("0", color), colored("0.00%", color)
            for column, widget in enumerate((name, count, percent)):
                if column:
                    widget.setAlignment(Qt.AlignmentFlag.AlignRight
                                        | Qt.AlignmentFlag.AlignVCenter)
                grid.addWidget(widget, row, column)
            self.counts[key], self.percents[key] = count, percent
        rows = len(STAT_KEYS) + 1
        self.streak = colored("", INK, wrap=True)
        self.longest = colored("", INK, wrap=True)
        grid.addWidget(self.streak, rows, 0, 1, 3)
        grid.addWidget(self.longest, rows + 1, 0, 1, 3)
        grid.setRowStretch(rows + 2, 1)
        self.show_stats(Stats(0, dict.fromkeys(STAT_KEYS, 0)))
        self.show_streaks(Streaks())

    def labels(self) -> list[QLabel]:
        return self.findChildren(QLabel)

    def set_scale(self, scale: TypeScale) -> None:
        for widget in self.labels():
            widget.setFont(scale.font(self.font(), "stats", bold=widget is self.heading))
            if isinstance(widget, ScaledLabel):
                widget.line = scale.line("stats")
                if not widget.wordWrap():
                    widget.setMaximumHeight(widget.line)
            widget.updateGeometry()

    def show_stats(self, stats: Stats) -> None:
        self.heading.setText(translate("display", "Last {hands} hands").format(hands=stats.hands)
                             if stats.hands else translate("display", "No hands yet"))
        for key in STAT_KEYS:
            self.counts[key].setText(str(stats.counts[key]))
            self.percents[key].setText(f"{stats.percent(key):.2f}%")

    def show_streaks(self, streaks: Streaks) -> None:
        self.streak.setText(translate("display", "Streak: {side} {count}").format(
            side=label(BETS, streaks.side), count=streaks.current) if streaks.side else
            translate("display", "Streak: none yet"))
        self.longest.setText(translate("display", "Longest: Banker {banker}  Player {player}")
                             .format(**streaks.longest))
