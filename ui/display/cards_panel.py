"""The felt: player cards on the left, banker cards on the right, their totals, the phase and
the card awaited, the result banner with its marks and pays, the live betting countdown; an
alert (hold, rescan, reader disconnected) in the band under the cards, which stay in sight,
and the one that takes the whole felt over when the table cannot play (docs/display.md)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

from PyQt6.QtCore import QPointF, QRectF, Qt, QTimer
from PyQt6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen, QPixmap, QResizeEvent
from PyQt6.QtWidgets import QSizePolicy, QWidget

from controller.events.states import TableState
from controller.roads.hand import Hand
from controller.view.table_view import TableView
from ui.display import felt, marks
from ui.display.i18n import translate
from ui.display.labels import BANNERS, BETS, HAND_BADGES, label
from ui.display.painting import guarded_paint
from ui.display.typescale import FittedText, TypeScale, fit_font

FELT = QColor("#0d3b2a")
INK = QColor("#f4f1e8")
CARD_FACE = QColor("#fdfdfb")
CARD_EDGE = QColor("#8d8d8d")
RED_SUITS = frozenset("HD")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
CARD_RATIO = 0.7  # width / height
# Bands of the felt's height: side names and totals, cards, phase line, banner.
HEADINGS = (0.0, 0.15)
CARDS_TOP = 0.17
CARDS_HEIGHT = 0.42
PHASE_LINE = (0.61, 0.72)
BANNER = (0.73, 0.99)
ALIGN_CENTER = Qt.AlignmentFlag.AlignCenter


@dataclass(frozen=True)
class RoundPicture:
    """What the felt shows, worked out from the view when an event arrives (not in paint)."""

    player: tuple[str, ...] = ()
    banker: tuple[str, ...] = ()
    player_total: int | None = None
    banker_total: int | None = None
    phase: str = ""
    next_card: str = ""
    banner: str = ""
    winner: str | None = None
    badges: tuple[str, ...] = ()
    pays: str = ""
    alert: felt.Alert | None = None
    countdown: int | None = None

    @classmethod
    def from_view(cls, view: TableView, stopped: felt.Alert | None = None,
                  countdown: int | None = None) -> RoundPicture:
        result = view.result
        if view.player or view.banker or result is None:
            player, banker = tuple(view.player), tuple(view.banker)
            player_total, banker_total = view.player_total, view.banker_total
        else:
            # The last round stays on show while the next one's bets are taken.
            player, banker = result.player, result.banker
            player_total, banker_total = result.player_total, result.banker_total
        now = felt.phase(view)
        picture = cls(player, banker, player_total, banker_total, now.line, now.card,
                      alert=felt.alert(view, stopped), countdown=countdown)
        if result is None:
            return picture
        winner = result.winner
        total = result.player_total if winner != "banker" else result.banker_total
        badges = []
        if result.player_pair:
            badges.append(label(BETS, "player_pair"))
        if result.banker_pair:
            badges.append(label(BETS, "banker_pair"))
        if result.player_natural or result.banker_natural:
            badges.append(translate("display", "NATURAL"))
        badge = Hand.from_round_result(result).badge
        if badge is not None:
            badges.append(label(HAND_BADGES, badge))
        pays = "   ".join(f"{label(BETS, bet)} {pay}" for bet, pay in result.pays.items())
        if winner == "tie":
            pays += "   " + translate("display", "Player and Banker bets are returned")
        # Stakes returned otherwise: the EZ banker on a Dragon 7, Dragon Bonus on a natural tie.
        returned = [bet for bet in result.pushed_bets
                    if winner != "tie" or bet not in ("player", "banker")]
        if returned:
            pays += "   " + translate("display", "returned: {bets}").format(
                bets=", ".join(label(BETS, bet) for bet in returned))
        return cls(player, banker, player_total, banker_total, now.line, now.card,
                   label(BANNERS, winner).format(total=total), winner, tuple(badges),
                   pays.strip(), picture.alert, countdown)


@dataclass(frozen=True)
class Painted:
    """One text of the felt, fitted to its box, and its colour."""

    fitted: FittedText
    color: QColor


def rank_text(code: str) -> str:
    return "10" if code[0] == "T" else code[0]


def draw_card(painter: QPainter, rect: QRectF, code: str, font: QFont) -> None:
    """A card face: rank in the corner, a big suit symbol, red or black; left to right in every
    language (an Arabic display would otherwise put the rank at the top right)."""
    painter.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
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
    symbol = suit_symbol(code[1], max(6, round(rect.height() * 0.45)), font.toString())
    centre = rect.adjusted(0, rect.height() * 0.2, 0, 0).center()
    painter.drawPixmap(QPointF(centre.x() - symbol.width() / 2, centre.y() - symbol.height() / 2),
                       symbol)


@lru_cache(maxsize=16)  # four suits at the one or two card sizes on screen
def suit_symbol(suit: str, px: int, font: str) -> QPixmap:
    """A suit's symbol, drawn once per size: it is bigger than the 64 px up to which Qt caches
    glyphs, and drawing it again on every frame was most of a card's paint."""
    side = round(px * 1.5)
    symbol = QPixmap(side, side)
    symbol.fill(Qt.GlobalColor.transparent)
    glyph = QFont()
    glyph.fromString(font)
    glyph.setPixelSize(px)
    painter = QPainter(symbol)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(glyph)
        painter.setPen(marks.BANKER_RED if suit in RED_SUITS else QColor("#111111"))
        painter.drawText(QRectF(0, 0, side, side), Qt.AlignmentFlag.AlignCenter,
                         SUIT_SYMBOLS.get(suit, suit))
    finally:
        painter.end()
    return symbol


class CardsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picture = RoundPicture()
        self.side_names = {"player": translate("display", "PLAYER"),
                           "banker": translate("display", "BANKER")}
        self.scale = TypeScale(1080)
        self.texts: list[Painted] = []  # what the felt says, laid out (the tests read it)
        self.stopped: felt.Alert | None = None
        self._view = TableView()
        self._deadline: tuple[tuple[int, int], float] | None = None  # (shoe, round), when
        self._ticker = QTimer(self)
        self._ticker.setInterval(200)
        self._ticker.timeout.connect(self._tick)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 120)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def set_scale(self, scale: TypeScale) -> None:
        if scale != self.scale:
            self.scale = scale
            self._lay_out()

    def show_round(self, view: TableView) -> None:
        self._view = view
        self._start_countdown(view)
        self._show(RoundPicture.from_view(view, self.stopped, self.seconds_left()))

    def stop(self, alert: felt.Alert) -> None:
        """The table cannot play: the felt says why from now on."""
        self.stopped = alert
        self.show_round(self._view)

    def _show(self, picture: RoundPicture) -> None:
        if picture != self.picture:
            self.picture = picture
            self._lay_out()

    # -- the live betting countdown --------------------------------------------------------

    def _start_countdown(self, view: TableView) -> None:
        seconds = view.betting_seconds if view.state == TableState.BETTING else None
        if seconds is None:
            self._deadline = None
            self._ticker.stop()
        elif self._deadline is None or self._deadline[0] != (view.shoe, view.round):
            self._deadline = ((view.shoe, view.round), time.monotonic() + seconds)
            self._ticker.start()

    def seconds_left(self) -> int | None:
        if self._deadline is None:
            return None
        return max(0, round(self._deadline[1] - time.monotonic()))

    def _tick(self) -> None:
        self._show(RoundPicture.from_view(self._view, self.stopped, self.seconds_left()))

    # -- geometry (also used by the tests) ---------------------------------------------

    def centre_gap(self) -> float:
        """Half the room kept free between the sides: for the live countdown, else none."""
        return self.countdown_rect().width() * 0.6 if self.picture.countdown is not None else 0

    def card_height(self) -> float:
        side = self.width() / 2 - self.centre_gap()
        # Two upright cards and one sideways card, with gaps, across each side's room.
        by_width = (side * 0.9) / (2 * CARD_RATIO + 1 + 0.2)
        return min(self.height() * CARDS_HEIGHT, by_width)

    def card_rects(self, side: str) -> list[QRectF]:
        """Where the 1st, 2nd and 3rd card of ``side`` go; the 3rd lies sideways, outboard."""
        height = self.card_height()
        width = height * CARD_RATIO
        gap = height * 0.1
        top = self.height() * CARDS_TOP + (self.height() * CARDS_HEIGHT - height) / 2
        room = self.width() / 2 - self.centre_gap()
        block = 2 * width + gap + gap + height  # two upright, then the sideways card
        left = (room - block) / 2 + (0 if side == "player" else self.width() - room)
        third_top = top + (height - width) / 2
        if side == "player":  # player's third card on the far left
            third = QRectF(left, third_top, height, width)
            first = QRectF(left + height + gap, top, width, height)
        else:  # banker's on the far right
            first = QRectF(left, top, width, height)
            third = QRectF(left + 2 * width + 2 * gap, third_top, height, width)
        second = first.translated(width + gap, 0)
        return [first, second, third]

    def band(self, span: tuple[float, float], inset: float = 0.02) -> QRectF:
        width, height = self.width(), self.height()
        return QRectF(width * inset, height * span[0], width * (1 - 2 * inset),
                      height * (span[1] - span[0]))

    def countdown_rect(self) -> QRectF:
        side = self.scale.px("countdown") * 1.5
        centre = QPointF(self.width() / 2, self.height() * (CARDS_TOP + CARDS_HEIGHT / 2))
        return QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side)

    # -- laying the texts out (on a change, not in paint) -----------------------------------

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        self._lay_out()
        super().resizeEvent(event)

    def _text(self, box: QRectF, text: str, role: str, color: QColor,
              bold: bool = True) -> None:
        if text:
            scale = self.scale
            fitted = fit_font(scale.font(self.font(), role, bold), box, text, scale.px(role),
                              scale.px("body"))
            self.texts.append(Painted(fitted, color))

    def alert_rect(self) -> QRectF:
        """Where an alert that leaves the cards in sight goes: under them, over the phase
        line and the banner."""
        return self.band((CARDS_TOP + CARDS_HEIGHT + 0.01, 0.995), inset=0.01)

    def _lay_out(self) -> None:
        self.texts = []
        picture = self.picture
        alert = picture.alert
        if alert is not None and alert.whole_felt:
            self._text(self.band((0.05, 0.4)), alert.title, "banner", QColor("white"))
            self._text(self.band((0.42, 0.95), 0.05), alert.body, "phase", QColor("white"),
                       bold=False)
        else:
            self._lay_out_round(picture)
        self.update()

    def _lay_out_alert(self, alert: felt.Alert) -> None:
        """The alert's title over what happened and what to do, in the band under the cards;
        or beside it (first in the reading direction) where a language's lines need the
        band's whole height."""
        box = self.alert_rect().adjusted(8, 2, -8, -2)
        over = box.height() * 0.28
        split = box.width() * 0.3
        layouts = [(QRectF(box.left(), box.top(), box.width(), over),
                    QRectF(box.left(), box.top() + over, box.width(), box.height() - over)),
                   (QRectF(box.left(), box.top(), split, box.height()),
                    QRectF(box.left() + split + 8, box.top(), box.width() - split - 8,
                           box.height()))]
        if self.layoutDirection() == Qt.LayoutDirection.RightToLeft:
            title, body = layouts[1]
            title.moveRight(box.right())
            body.moveLeft(box.left())
        laid = self.texts
        for title, body in layouts:
            self.texts = list(laid)
            self._text(title, alert.title, "banner", QColor("white"))
            self._text(body, alert.body, "phase", QColor("white"), bold=False)
            if self.texts[-1].fitted.fits():
                return

    def _lay_out_round(self, picture: RoundPicture) -> None:
        width = self.width()
        for side, color in (("player", marks.PLAYER_BLUE), ("banker", marks.BANKER_RED)):
            total = picture.player_total if side == "player" else picture.banker_total
            left = 0 if side == "player" else width / 2
            box = QRectF(left + width * 0.02, 0, width * 0.46, self.band(HEADINGS).height())
            title = self.side_names[side] + ("" if total is None else f"  {total}")
            self._text(box, title, "total", color.lighter(150))
        if picture.countdown is not None:
            self._text(self.countdown_rect(), str(picture.countdown), "countdown", INK)
        banner = self.band(BANNER)
        if picture.alert is not None:
            self._lay_out_alert(picture.alert)
        elif picture.banner:
            self._text(self.band(PHASE_LINE), picture.phase, "phase", INK)
            top = QRectF(banner.left(), banner.top(), banner.width(), banner.height() * 0.6)
            self._text(top, picture.banner, "banner", QColor("white"))
            line = "   ".join(f"[{badge}]" for badge in picture.badges)
            line = f"{line}      {picture.pays}" if line else picture.pays
            detail = QRectF(banner.left(), top.bottom(), banner.width(), banner.height() * 0.4)
            self._text(detail.adjusted(8, 0, -8, 0), line, "body", QColor("white"),
                       bold=False)
        elif picture.next_card:
            self._text(self.band(PHASE_LINE), picture.phase, "phase", INK)
            self._text(banner, picture.next_card, "banner", INK)
        else:
            self._text(self.band((PHASE_LINE[0], BANNER[1])), picture.phase, "banner", INK)

    # -- painting ------------------------------------------------------------------------

    @guarded_paint
    def paintEvent(self, painter: QPainter, event: QPaintEvent | None) -> None:
        picture = self.picture
        width, height = self.width(), self.height()
        alert = picture.alert
        if alert is not None and alert.whole_felt:
            painter.fillRect(self.rect(), QColor(alert.color))
            self._paint_texts(painter)
            return
        painter.fillRect(self.rect(), FELT)
        painter.setPen(QPen(QColor("#2f6b52"), 2))
        painter.drawLine(QPointF(width / 2, height * 0.04),
                         QPointF(width / 2, height * (CARDS_TOP + CARDS_HEIGHT)))
        painter.save()  # a card face is drawn left to right: the texts after it are not
        for side in ("player", "banker"):
            codes = picture.player if side == "player" else picture.banker
            for code, rect in zip(codes, self.card_rects(side), strict=False):
                draw_card(painter, rect, code, self.font())
        painter.restore()
        if picture.countdown is not None:
            painter.setPen(QPen(INK, max(2.0, width * 0.004)))
            painter.setBrush(FELT.darker(130))
            painter.drawEllipse(self.countdown_rect())
        if alert is not None:
            painter.setPen(QPen(QColor("white"), 3))
            painter.setBrush(QColor(alert.color))
            painter.drawRoundedRect(self.alert_rect(), 12, 12)
        elif picture.banner:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(marks.WINNER_COLORS[picture.winner or "tie"])
            painter.drawRoundedRect(self.band(BANNER), 12, 12)
        self._paint_texts(painter)

    def _paint_texts(self, painter: QPainter) -> None:
        for painted in self.texts:
            fitted = painted.fitted
            painter.setFont(fitted.font)
            painter.setPen(painted.color)
            painter.drawText(fitted.box, fitted.flags, fitted.text)
