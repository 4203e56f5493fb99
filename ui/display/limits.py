"""The table limits, posted whole: every bet still offered with its minimum and maximum stake,
bets with the same limits together ("Player, Banker, Tie 0.10–10,000.00"), a side bet with the
round it closes after; then the bets closed, with the round they closed from. A panel of its
own, never shortened and never pushed off by a refusal or an alert: a line breaks between
groups, and inside a group only where it is wider than the panel (docs/display.md)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

from controller.game.profiles import BetTerms, Profile
from controller.view.table_view import TableView
from ui.display.flow import FlowLayout, text_width
from ui.display.i18n import translate
from ui.display.labels import BETS, label
from ui.display.typescale import TypeScale

INK = "#f4f1e8"
WARN = "#ffb347"
PANEL = "#17212b"
MOST_GROUPS = 8  # more groups of bets than any profile has


def money(amount: Decimal) -> str:
    return f"{amount:,}"


def bet_names(bets: Iterable[str]) -> str:
    return ", ".join(label(BETS, bet) for bet in bets)


def grouped(bets: Iterable[BetTerms]) -> list[tuple[list[str], BetTerms]]:
    """Bets with the same limits and cut-off round, together, in the profile's order."""
    groups: dict[tuple[Decimal, Decimal, int | None], tuple[list[str], BetTerms]] = {}
    for terms in bets:
        key = (terms.min_stake, terms.max_stake, terms.last_round)
        groups.setdefault(key, ([], terms))[0].append(terms.name)
    return list(groups.values())


def limits_groups(profile: Profile, closed: Iterable[str]) -> list[str]:
    """The bets still offered with their limits, a group of bets with the same limits each:
    "Player, Banker, Tie 0.10–10,000.00"; a side bet says after which round it closes."""
    closed = set(closed)
    texts = []
    for names, terms in grouped(bet for name, bet in profile.bets.items() if name not in closed):
        # Embedded left to right: in Arabic the stakes still read minimum, then maximum.
        stakes = f"\u202a{money(terms.min_stake)}\u2013{money(terms.max_stake)}\u202c"
        text = f"{bet_names(names)} {stakes}"
        if terms.last_round is not None:
            text = translate("display", "{bets}, until round {round}").format(
                bets=text, round=terms.last_round)
        texts.append(text)
    return texts


def closed_groups(profile: Profile | None, closed: Iterable[str]) -> list[str]:
    """The closed bets, with the round each closed from when the profile says, in the
    profile's order as the open bets are listed: "closed: Lucky Six from round 51", then
    the bets that closed from another round."""
    bets = profile.bets if profile is not None else {}
    order = list(bets)

    def last_round(bet: str) -> int:
        terms = bets.get(bet)
        return (terms.last_round if terms is not None else None) or 0  # 0: never closes

    by_round: dict[int, list[str]] = {}
    for bet in sorted(closed, key=lambda bet: (last_round(bet), order.index(bet)
                                               if bet in order else len(order))):
        by_round.setdefault(last_round(bet), []).append(bet)
    parts = [translate("display", "{bets} from round {round}").format(
        bets=bet_names(names), round=last + 1) if last else bet_names(names)
        for last, names in by_round.items()]
    if parts:
        parts[0] = translate("display", "closed: {bets}").format(bets=parts[0])
    return parts


class WholeLabel(QLabel):
    """A group of bets: on one line when the panel has room, else wrapped on words; never
    shortened. One line is the type scale's (``TypeScale.line``): Qt would give an Arabic
    line its fallback font's, twice the text's size."""

    line = 0

    def heightForWidth(self, width: int) -> int:
        if self.line and text_width(self, self.text()) <= width:
            return self.line
        return super().heightForWidth(width)

    def __init__(self, name: str, ink: str = INK) -> None:
        super().__init__()
        self.setObjectName(name)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(ink))
        self.setPalette(palette)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.hide()


class LimitsPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("limits")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(PANEL))
        palette.setColor(QPalette.ColorRole.WindowText, QColor(INK))
        self.setPalette(palette)
        self._flow = FlowLayout(self)
        self._flow.setContentsMargins(10, 4, 10, 4)
        self.heading = WholeLabel("limitsTitle")
        self.heading.setText(translate("display", "Table limits"))
        self.heading.show()
        self.groups = [WholeLabel("limitsGroup") for _ in range(MOST_GROUPS)]
        self.closed = [WholeLabel("limitsClosed", WARN) for _ in range(MOST_GROUPS)]
        for item in (self.heading, *self.groups, *self.closed):
            self._flow.addWidget(item)
        self._shown: tuple[object, ...] = ()

    def set_scale(self, scale: TypeScale) -> None:
        self._flow.set_gap(scale.px("body"))
        self.heading.setFont(scale.font(self.font(), "body", bold=True))
        for item in (*self.groups, *self.closed):
            item.setFont(scale.font(self.font(), "body"))
        for item in (self.heading, *self.groups, *self.closed):
            item.line = scale.line("body")
        self.updateGeometry()

    def texts(self) -> list[str]:
        """The groups of bets offered shown, in order."""
        return [item.text() for item in self.groups if not item.isHidden()]

    def closed_text(self) -> str:
        """The bets closed, as shown."""
        return "; ".join(item.text() for item in self.closed if not item.isHidden())

    def show_view(self, view: TableView, configured: Profile | None) -> None:
        """The shoe in play's own limits (after a restart the configured profile is the next
        shoe's), the bets closed so far left out."""
        profile = view.rules or configured
        shown = (profile, tuple(view.closed_bets))
        if shown == self._shown:  # they change a few times a shoe at most
            return
        self._shown = shown
        offered = limits_groups(profile, view.closed_bets) if profile is not None else []
        for items, texts in ((self.groups, offered),
                             (self.closed, closed_groups(profile, view.closed_bets))):
            for index, item in enumerate(items):
                text = texts[index] if index < len(texts) else ""
                item.setText(text)
                item.setVisible(bool(text))
        self.updateGeometry()
