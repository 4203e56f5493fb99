"""One type scale for the whole display, from the screen's short side (docs/display.md).

Every text's size is a share of the short side, so a 1080-line panel reads the same in
landscape and portrait, and nothing falls below what can be read from a seat at the table.
Painted texts that must fit a box use ``fit_font``: the largest size from the role's own down
to the floor at which the text fits, wrapped on words if it must be.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PyQt6.QtCore import QRectF, Qt
from PyQt6.QtGui import QFont, QFontMetricsF

# Shares of the short side, by role. On a 1080-line panel the felt's totals and banner come to
# 64 px: Qt's raster engine caches glyphs up to that size and draws larger ones as paths, which
# would double the time from a card to its frame.
SHARES = {
    "body": 0.024,  # the floor: header, titles, prompts (26 px on a 1080-line panel)
    "stats": 0.033,  # statistics and streaks
    "phase": 0.045,  # the phase line on the felt
    "total": 0.059,  # PLAYER 7 / BANKER 5 over the cards
    "banner": 0.059,  # the result banner, the card awaited and an alert's title
    "countdown": 0.09,  # the live betting countdown
}
FLOOR = "body"
# A label's line, as a share of its text's size: room for the ink of every script the display
# writes. Qt gives an Arabic label the line of its fallback font, twice the text's size,
# which would take a third more height from the roads than a Latin one.
LINE = 1.6
WRAP = Qt.TextFlag.TextWordWrap.value


@dataclass(frozen=True)
class TypeScale:
    short_side: int

    @classmethod
    def for_size(cls, width: int, height: int) -> TypeScale:
        return cls(max(1, min(width, height)))

    def px(self, role: str) -> int:
        """The pixel size for ``role``; never below its share (rounded up)."""
        return math.ceil(self.short_side * SHARES[role])

    def line(self, role: str) -> int:
        """The height of a label's line of ``role`` text, in every script."""
        return math.ceil(self.px(role) * LINE)

    def font(self, base: QFont, role: str, bold: bool = False) -> QFont:
        font = QFont(base)
        font.setPixelSize(self.px(role))
        font.setBold(bold)
        return font


@dataclass(frozen=True)
class FittedText:
    """A text placed in a box at the size that fits it (painted as is; tests read it)."""

    text: str
    box: QRectF
    font: QFont
    flags: int

    @property
    def pixel_size(self) -> int:
        return self.font.pixelSize()

    def fits(self) -> bool:
        return text_fits(self.font, self.box.width(), self.box.height(), self.text, self.flags)


def text_fits(font: QFont, width: float, height: float, text: str, flags: int) -> bool:
    """Whether the ink of ``text`` stays inside a box of ``width`` x ``height``. One line is
    measured by its ink: a font for Arabic has a line twice its letters' height."""
    metrics = QFontMetricsF(font)
    if "\n" not in text and metrics.horizontalAdvance(text) <= width:
        ink = metrics.tightBoundingRect(text)
        return ink.width() <= width + 0.5 and ink.height() <= height + 0.5
    needed = metrics.boundingRect(QRectF(0, 0, width, height), flags, text)
    return needed.width() <= width + 0.5 and needed.height() <= height + 0.5


def fit_font(font: QFont, box: QRectF, text: str, largest: int, smallest: int,
             align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter) -> FittedText:
    """``text`` in ``box`` at the largest size from ``largest`` down to ``smallest`` that fits
    on one line, else wrapped on words; at ``smallest`` wrapped if nothing fits."""
    key = (font.toString(), tuple(font.families()), box.width(), box.height(), text, largest,
           smallest, align.value)
    found = _FITTED.get(key)
    if found is None:
        if len(_FITTED) > 512:  # the same texts come back round after round: paint stays cheap
            _FITTED.clear()
        found = _FITTED[key] = _fit(QFont(font), box.width(), box.height(), text, largest,
                                    smallest, align.value)
    px, wrap = found
    fitted = QFont(font)
    fitted.setPixelSize(px)
    return FittedText(text, QRectF(box), fitted, align.value | (WRAP if wrap else 0))


# (font, families, box width, box height, text, largest, smallest, alignment) -> (px, wrapped)
_FITTED: dict[tuple[str, tuple[str, ...], float, float, str, int, int, int], tuple[int, bool]] = {}


def _fit(font: QFont, width: float, height: float, text: str, largest: int, smallest: int,
         align: int) -> tuple[int, bool]:
    def fits(px: int, wrap: int) -> bool:
        font.setPixelSize(px)
        return text_fits(font, width, height, text, align | wrap)

    for wrap in (0, WRAP):
        if fits(smallest, wrap):  # a binary search for the largest size that fits
            low, high = smallest, max(largest, smallest)
            while low < high:
                middle = (low + high + 1) // 2
                low, high = (middle, high) if fits(middle, wrap) else (low, middle - 1)
            return low, bool(wrap)
    return smallest, True
