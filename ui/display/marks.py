"""The marks of the roads, drawn into a cell rectangle (sheet 000's conventions).

Sizes are fractions of the cell so the marks scale with the window. Each function only draws:
the callers (the road panels) decide what goes where. No mark relies on colour alone (a
colour-blind player must read the roads too): Banker and Player carry their letter, a natural
is a filled ring, a derived road's blue mark has a shape of its own, and an EZ Baccarat
Dragon 7 or Panda 8 hand carries its number in a square badge.
"""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QPainter, QPen

PLAYER_BLUE = QColor("#1f5fd6")
BANKER_RED = QColor("#d7262b")
# A blue-green that stays apart from banker red under protanopia and deuteranopia (a plain
# green and the red both turn olive).
TIE_GREEN = QColor("#00a08a")
NATURAL_YELLOW = QColor("#f7c600")
GRID_LINE = QColor("#c9ced6")
ROAD_PAPER = QColor("#ffffff")

WINNER_COLORS = {"player": PLAYER_BLUE, "banker": BANKER_RED, "tie": TIE_GREEN}
MARK_COLORS = {"red": BANKER_RED, "blue": PLAYER_BLUE}

RING_RADIUS = 0.36  # of the cell side; the ring's centre line
RING_WIDTH = 0.11
PAIR_DOT = 0.11  # radius of a pair dot
EZ_BADGE = 0.5  # side of the Dragon 7 / Panda 8 badge
BADGE_INK = QColor("#1b1b1b")
# The number each badge shows, and its colour: Dragon gold, Panda white.
EZ_BADGES = {"dragon_7": ("7", QColor("#f7c600")), "panda_8": ("8", QColor("white"))}


def empty_cell(painter: QPainter, rect: QRectF) -> None:
    """Paper and the cell's right and bottom grid lines (a redraw starts here)."""
    painter.fillRect(rect, ROAD_PAPER)
    painter.setPen(QPen(GRID_LINE, 1))
    painter.drawLine(QPointF(rect.right(), rect.top()), QPointF(rect.right(), rect.bottom()))
    painter.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()))


def ring(painter: QPainter, rect: QRectF, color: QColor, natural: bool = False) -> None:
    """A hollow ring; a natural win's ring is filled with the side's own colour."""
    side = min(rect.width(), rect.height())
    radius = side * RING_RADIUS
    painter.setBrush(color if natural else Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(color, max(1.5, side * RING_WIDTH)))
    painter.drawEllipse(rect.center(), radius, radius)


def letter(painter: QPainter, rect: QRectF, text: str, color: QColor, font: QFont,
           size: float = 0.42) -> None:
    """The side's letter in the middle of a cell (B / P, or 庄 / 闲 ...)."""
    glyph = QFont(font)
    glyph.setPixelSize(max(6, round(min(rect.width(), rect.height()) * size)))
    glyph.setBold(True)
    painter.setFont(glyph)
    painter.setPen(color)
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def win_ring(painter: QPainter, rect: QRectF, color: QColor, natural: bool, text: str,
             font: QFont) -> None:
    """A Big Road win: the ring with the side's letter, white on a natural's filled ring."""
    ring(painter, rect, color, natural)
    letter(painter, rect, text, QColor("white") if natural else color, font)


def dot(painter: QPainter, rect: QRectF, color: QColor, scale: float = RING_RADIUS) -> None:
    """A filled disc."""
    radius = min(rect.width(), rect.height()) * scale
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawEllipse(rect.center(), radius, radius)


def slash(painter: QPainter, rect: QRectF, color: QColor, rising: bool = True) -> None:
    """A stroke, rising from bottom left to top right, or falling from top left."""
    side = min(rect.width(), rect.height())
    inset = side * 0.2
    painter.setPen(QPen(color, max(1.5, side * 0.14), cap=Qt.PenCapStyle.RoundCap))
    low, high = rect.bottom() - inset, rect.top() + inset
    painter.drawLine(QPointF(rect.left() + inset, low if rising else high),
                     QPointF(rect.right() - inset, high if rising else low))


def derived_mark(painter: QPainter, rect: QRectF, road: str, color: str) -> None:
    """A derived road's mark: Big Eye Boy a ring, Small Road a disc, Cockroach Pig a slash;
    a blue mark has a centre dot, a hole, or falls instead of rising."""
    ink = MARK_COLORS[color]
    blue = color == "blue"
    if road == "big_eye_boy":
        ring(painter, rect, ink)
        if blue:
            dot(painter, rect, ink, 0.12)
    elif road == "small_road":
        dot(painter, rect, ink)
        if blue:
            dot(painter, rect, ROAD_PAPER, 0.14)
    else:
        slash(painter, rect, ink, rising=not blue)


def tie_line(painter: QPainter, rect: QRectF, ties: int, font: QFont) -> None:
    """A diagonal through the cell; with several ties, their number in a badge at the top
    right, big enough to read from a seat."""
    side = min(rect.width(), rect.height())
    inset = side * 0.12
    painter.setPen(QPen(TIE_GREEN, max(1.5, side * 0.09), cap=Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(rect.left() + inset, rect.bottom() - inset),
                     QPointF(rect.right() - inset, rect.top() + inset))
    if ties > 1:
        radius = side * 0.24
        centre = QPointF(rect.right() - radius, rect.top() + radius)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TIE_GREEN)
        painter.drawEllipse(centre, radius, radius)
        badge = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        letter(painter, badge, str(ties), QColor("white"), font, size=0.8)


def pair_dots(painter: QPainter, rect: QRectF, player_pair: bool, banker_pair: bool) -> None:
    """Banker pair: a small red dot at the top left; player pair: blue at the bottom right."""
    side = min(rect.width(), rect.height())
    radius = side * PAIR_DOT
    offset = side * 0.5 - radius * 1.2
    centre = rect.center()
    painter.setPen(QPen(ROAD_PAPER, max(1.0, side * 0.03)))
    if banker_pair:
        painter.setBrush(BANKER_RED)
        painter.drawEllipse(centre + QPointF(-offset, -offset), radius, radius)
    if player_pair:
        painter.setBrush(PLAYER_BLUE)
        painter.drawEllipse(centre + QPointF(offset, offset), radius, radius)


def bead(painter: QPainter, rect: QRectF, color: QColor, text: str, natural: bool,
         font: QFont) -> None:
    """A filled disc with the winner's letter; a natural gets a yellow rim."""
    side = min(rect.width(), rect.height())
    radius = side * 0.42
    painter.setBrush(color)
    if natural:
        painter.setPen(QPen(NATURAL_YELLOW, max(1.5, side * 0.08)))
    else:
        painter.setPen(Qt.PenStyle.NoPen)
    painter.drawEllipse(rect.center(), radius, radius)
    letter(painter, rect, text, QColor("white"), font, size=0.5)


def ez_badge(painter: QPainter, rect: QRectF, badge: str, font: QFont) -> None:
    """A Dragon 7 or Panda 8 hand: a dark square at the bottom left (the corner the pair dots
    and the tie count leave free) with a 7 or an 8."""
    side = min(rect.width(), rect.height())
    size = side * EZ_BADGE
    square = QRectF(rect.left() + side * 0.02, rect.bottom() - size - side * 0.02, size, size)
    painter.setPen(QPen(ROAD_PAPER, max(1.0, side * 0.03)))
    painter.setBrush(BADGE_INK)
    painter.drawRoundedRect(square, size * 0.18, size * 0.18)
    text, color = EZ_BADGES[badge]
    letter(painter, square, text, color, font, size=0.9)
