"""Statistics over the last 200 hands (or all, if fewer): counts and percentages."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QFrame, QGridLayout, QLabel, QWidget

from controller.roads import STAT_KEYS, Stats
from ui.display.i18n import translate
from ui.display.labels import STATS, label

KEY_COLORS = {"player": "#6f9dff", "banker": "#ff6b6b", "tie": "#4fd37a"}


def key_color(key: str) -> str:
    return next((color for side, color in KEY_COLORS.items() if key.startswith(side)), "#f4f1e8")


class StatsPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stats")
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 4, 8, 4)
        grid.setVerticalSpacing(0)
        self.heading = QLabel()
        self.heading.setObjectName("statsHeading")
        grid.addWidget(self.heading, 0, 0, 1, 3)
        self.counts: dict[str, QLabel] = {}
        self.percents: dict[str, QLabel] = {}
        for row, key in enumerate(STAT_KEYS, start=1):
            name = QLabel(label(STATS, key))
            count, percent = QLabel("0"), QLabel("0.00%")
            for column, widget in enumerate((name, count, percent)):
                widget.setStyleSheet(f"color: {key_color(key)}")
                if column:
                    widget.setAlignment(Qt.AlignmentFlag.AlignRight
                                        | Qt.AlignmentFlag.AlignVCenter)
                grid.addWidget(widget, row, column)
            self.counts[key], self.percents[key] = count, percent
        self.show_stats(Stats(0, dict.fromkeys(STAT_KEYS, 0)))

    def show_stats(self, stats: Stats) -> None:
        self.heading.setText(translate("display", "Last {hands} hands").format(hands=stats.hands))
        for key in STAT_KEYS:
            self.counts[key].setText(str(stats.counts[key]))
            self.percents[key].setText(f"{stats.percent(key):.2f}%")
