"""The round: player cards on the left, banker cards on the right, totals, the next expected
card and the result banner with its marks and the winning bets' pays."""

from __future__ import annotations

from dataclasses import dataclass

from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PyQt6.QtWidgets import QSizePolicy, QWidget

from controller.view import TableView
from ui.display import marks
from ui.display.i18n import translate
from ui.display.labels import BANNERS, BETS, NEXT_CARD, STATES, label
from ui.display.painting import guarded_paint

FELT = QColor("#0d3b2a")
INK = QColor("#f4f1e8")
CARD_FACE = QColor("#fdfdfb")
CARD_EDGE = QColor("#8d8d8d")
RED_SUITS = frozenset("HD")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD_RATIO = 0.7  # width / height


@dataclass(frozen=True)
class RoundPicture:
    """What the panel shows, worked out from the view when an event arrives (not in paint)."""

    player: tuple[str, ...] = ()
    banker: tuple[str, ...] = ()
    player_total: int | None = None
    banker_total: int | None = None
    next_card: str = ""
    banner: str = ""
    winner: str | None = None
    badges: tuple[str, ...] = ()
    pays: str = ""

    @classmethod
    def from_view(cls, view: TableView) -> RoundPicture:
        result = view.result
        if view.player or view.banker or result is None:
            player, banker = tuple(view.player), tuple(view.banker)
            player_total, banker_total = view.player_total, view.banker_total
        else:
            # The last round stays on show while the next one's bets are taken.
            player, banker = tuple(result["player"]), tuple(result["banker"])
            player_total, banker_total = result["player_total"], result["banker_total"]
        if view.state in ("paused", "hold"):  # before all else: nothing may be dealt now
            next_card = label(STATES, view.state)
        elif view.next_card is not None:
            next_card = label(NEXT_CARD, view.next_card)
        elif result is not None or view.state in ("result", "settled"):
            next_card = translate("display", "NO MORE CARDS")
        else:
            next_card = label(STATES, view.state) if view.state in STATES else ""
        if result is None:
            return cls(player, banker, player_total, banker_total, next_card)
        winner = result["winner"]
        total = result["player_total"] if winner != "banker" else result["banker_total"]
        badges = []
        if result["player_pair"]:
            badges.append(label(BETS, "player_pair"))
        if result["banker_pair"]:
            badges.append(label(BETS, "banker_pair"))
        if result["player_natural"] or result["banker_natural"]:
            badges.append(translate("display", "NATURAL"))
        pays = "   ".join(f"{label(BETS, bet)} {pay}" for bet, pay in result["pays"].items())
        return cls(player, banker, player_total, banker_total, next_card,
                   label(BANNERS, winner).format(total=total), winner, tuple(badges), pays)


def rank_text(code: str) -> str:
    return "10" if code[0] == "T" else code[0]


def draw_card(painter: QPainter, rect: QRectF, code: str, font: QFont) -> None:
    """A card face: rank in the corners, a big suit symbol, red or black."""
    radius = rect.width() * 0.08
    painter.setPen(QPen(CARD_EDGE, max(1.0, rect.width() * 0.015)))
    painter.setBrush(CARD_FACE)
    painter.drawRoundedRect(rect, radius, radius)
    ink = marks.BANKER_RED if code[1] in RED_SUITS else QColor("#111111")
    painter.setPen(ink)
    corner = QFont(font)
    corner.setBold(True)
    corner.setPixelSize(max(6, round(rect.height() * 0.26)))
    painter.setFont(corner)
    inner = rect.adjusted(rect.width() * 0.08, rect.height() * 0.03, -rect.width() * 0.08, 0)
    painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                     rank_text(code))
    symbol = QFont(font)
    symbol.setPixelSize(max(6, round(rect.height() * 0.45)))
    painter.setFont(symbol)
    painter.drawText(rect.adjusted(0, rect.height() * 0.2, 0, 0), Qt.AlignmentFlag.AlignCenter,
                     SUIT_SYMBOLS.get(code[1], code[1]))


class CardsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture = RoundPicture()
        self.side_names = {"player": translate("display", "PLAYER"),
                           "banker": translate("display", "BANKER")}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 120)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def show_round(self, view: TableView) -> None:
        picture = RoundPicture.from_view(view)
        if picture != self.picture:
            self.picture = picture
            self.update()

    # -- geometry (also used by the tests) ---------------------------------------------

    def card_height(self) -> float:
        half = self.width() / 2
        # Two upright cards and one sideways card, with gaps, across half the width.
        by_width = (half * 0.9) / (2 * CARD_RATIO + 1 + 0.2)
        return min(self.height() * 0.5, by_width)

    def card_rects(self, side: str) -> list[QRectF]:
        """Where the 1st, 2nd and 3rd card of ``side`` go; the 3rd lies sideways, outboard."""
        height = self.card_height()
        width = height * CARD_RATIO
        gap = height * 0.1
        top = self.height() * 0.19
        half = self.width() / 2
        block = 2 * width + gap + gap + height  # two upright, then the sideways card
        left = (half - block) / 2 + (0 if side == "player" else half)
        third_top = top + (height - width) / 2
        if side == "player":  # player's third card on the far left
            third = QRectF(left, third_top, height, width)
            first = QRectF(left + height + gap, top, width, height)
        else:  # banker's on the far right
            first = QRectF(left, top, width, height)
            third = QRectF(left + 2 * width + 2 * gap, third_top, height, width)
        second = first.translated(width + gap, 0)
        return [first, second, third]

    # -- painting ------------------------------------------------------------------------

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent) -> None:
        picture = self.picture
        width, height = self.width(), self.height()
        painter.fillRect(self.rect(), FELT)
        painter.setPen(QPen(QColor("#2f6b52"), 2))
        painter.drawLine(QPointF(width / 2, height * 0.04), QPointF(width / 2, height * 0.68))
        heading = QFont(self.font())
        heading.setBold(True)
        heading.setPixelSize(max(8, round(height * 0.09)))
        for side, color in (("player", marks.PLAYER_BLUE), ("banker", marks.BANKER_RED)):
            left = 0 if side == "player" else width / 2
            total = picture.player_total if side == "player" else picture.banker_total
            painter.setFont(heading)
            painter.setPen(color.lighter(150))
            title = self.side_names[side] + ("" if total is None else f"  {total}")
            painter.drawText(QRectF(left, 0, width / 2, height * 0.18),
                             Qt.AlignmentFlag.AlignCenter, title)
            codes = picture.player if side == "player" else picture.banker
            for code, rect in zip(codes, self.card_rects(side), strict=False):
                draw_card(painter, rect, code, self.font())
        self._paint_footer(painter, QRectF(0, height * 0.7, width, height * 0.3))

    def _paint_footer(self, painter: QPainter, box: QRectF) -> None:
        """The next expected card; under it, once the round is over, the result banner."""
        picture = self.picture
        strip = QRectF(box.left(), box.top(), box.width(), box.height() * 0.3)
        banner = QRectF(box.left() + box.width() * 0.02, strip.bottom(),
                        box.width() * 0.96, box.height() * 0.66)
        big = QFont(self.font())
        big.setBold(True)
        big.setPixelSize(max(8, round(banner.height() * 0.42)))
        small = QFont(self.font())
        small.setBold(True)
        small.setPixelSize(max(7, round(strip.height() * 0.6)))
        if not picture.banner:
            painter.setFont(big)
            painter.setPen(INK)
            painter.drawText(banner, Qt.AlignmentFlag.AlignCenter, picture.next_card)
            return
        painter.setFont(small)
        painter.setPen(INK)
        painter.drawText(strip, Qt.AlignmentFlag.AlignCenter, picture.next_card)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(marks.WINNER_COLORS[picture.winner or "tie"])
        painter.drawRoundedRect(banner, 12, 12)
        painter.setFont(big)
        painter.setPen(QColor("white"))
        top = QRectF(banner.left(), banner.top(), banner.width(), banner.height() * 0.6)
        painter.drawText(top, Qt.AlignmentFlag.AlignCenter, picture.banner)
        detail = QFont(self.font())
        detail.setPixelSize(max(7, round(banner.height() * 0.2)))
        painter.setFont(detail)
        line = "   ".join(f"[{badge}]" for badge in picture.badges)
        line = f"{line}      {picture.pays}" if line else picture.pays
        painter.drawText(QRectF(banner.left(), top.bottom(), banner.width(),
                                banner.height() * 0.4), Qt.AlignmentFlag.AlignCenter, line)
