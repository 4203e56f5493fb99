"""The marks of the roads, drawn into a cell rectangle (sheet 000's conventions).

Sizes are fractions of the cell so the marks scale with the window. Each function only draws:
the callers (the road panels) decide what goes where.
"""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QPainter, QPen

PLAYER_BLUE = QColor("#1f5fd6")
BANKER_RED = QColor("#d7262b")
TIE_GREEN = QColor("#17a23b")
NATURAL_YELLOW = QColor("#f7c600")
GRID_LINE = QColor("#c9ced6")
ROAD_PAPER = QColor("#ffffff")

WINNER_COLORS = {"player": PLAYER_BLUE, "banker": BANKER_RED, "tie": TIE_GREEN}
MARK_COLORS = {"red": BANKER_RED, "blue": PLAYER_BLUE}

RING_RADIUS = 0.36  # of the cell side; the ring's centre line
RING_WIDTH = 0.11
PAIR_DOT = 0.11  # radius of a pair dot


def empty_cell(painter: QPainter, rect: QRectF) -> None:
    """Paper and the cell's right and bottom grid lines (a redraw starts here)."""
    painter.fillRect(rect, ROAD_PAPER)
    painter.setPen(QPen(GRID_LINE, 1))
    painter.drawLine(QPointF(rect.right(), rect.top()), QPointF(rect.right(), rect.bottom()))
    painter.drawLine(QPointF(rect.left(), rect.bottom()), QPointF(rect.right(), rect.bottom()))


def ring(painter: QPainter, rect: QRectF, color: QColor, natural: bool = False) -> None:
    """A hollow ring; a natural win fills its centre yellow."""
    side = min(rect.width(), rect.height())
    radius = side * RING_RADIUS
    if natural:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(NATURAL_YELLOW)
        painter.drawEllipse(rect.center(), radius, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(color, max(1.5, side * RING_WIDTH)))
    painter.drawEllipse(rect.center(), radius, radius)


def dot(painter: QPainter, rect: QRectF, color: QColor, scale: float = RING_RADIUS) -> None:
    """A filled disc (Small Road)."""
    radius = min(rect.width(), rect.height()) * scale
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawEllipse(rect.center(), radius, radius)


def slash(painter: QPainter, rect: QRectF, color: QColor) -> None:
    """A stroke from bottom left to top right (Cockroach Pig)."""
    side = min(rect.width(), rect.height())
    inset = side * 0.2
    painter.setPen(QPen(color, max(1.5, side * 0.14), cap=Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(rect.left() + inset, rect.bottom() - inset),
                     QPointF(rect.right() - inset, rect.top() + inset))


def tie_line(painter: QPainter, rect: QRectF, ties: int, font: QFont) -> None:
    """A green diagonal through the cell; with several ties, their number beside it."""
    side = min(rect.width(), rect.height())
    inset = side * 0.12
    painter.setPen(QPen(TIE_GREEN, max(1.5, side * 0.09), cap=Qt.PenCapStyle.RoundCap))
    painter.drawLine(QPointF(rect.left() + inset, rect.bottom() - inset),
                     QPointF(rect.right() - inset, rect.top() + inset))
    if ties > 1:
        number = QFont(font)
        number.setPixelSize(max(6, round(side * 0.42)))
        number.setBold(True)
        painter.setFont(number)
        painter.setPen(TIE_GREEN)
        box = QRectF(rect.left(), rect.top(), rect.width() * 0.55, rect.height() * 0.55)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(ties))


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


def bead(painter: QPainter, rect: QRectF, color: QColor, letter: str, natural: bool,
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
    text = QFont(font)
    text.setPixelSize(max(6, round(side * 0.5)))
    text.setBold(True)
    painter.setFont(text)
    painter.setPen(QColor("white"))
    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, letter)
