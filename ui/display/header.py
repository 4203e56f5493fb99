"""The table header: which table, its profile and limits, the side bets open and closed, the
shoe (round, cards left, cut card) and the table's health (card reader, journal, the daily
full check of the journal); and a refused operator action for a few seconds. Fields wrap onto
a second line, never cut."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from PyQt6.QtCore import QTimer
from PyQt6.QtGui import QColor, QPalette
from PyQt6.QtWidgets import QFrame, QLabel, QSizePolicy, QWidget

from controller.events import facts
from controller.game.profiles import BetTerms, Profile
from controller.table.view import TableView
from ui.display.flow import FlowLayout
from ui.display.i18n import translate
from ui.display.labels import ACTIONS, BETS, PROFILES, label
from ui.display.typescale import TypeScale

INK = "#f4f1e8"
OK = "#4fd37a"
WARN = "#ffb347"
BAD = "#ffffff", "#c0392b"  # ink, paper
PANEL = "#17212b"
FIELDS = ("table", "profile", "round", "cards", "burn", "cut", "reader", "journal", "feed",
          "integrity", "verify", "disk", "refused", "limits", "open", "closed")
BOLD = frozenset({"table", "cut"})


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


def limits_text(profile: Profile, closed: Iterable[str]) -> tuple[str, str]:
    """The bets with their limits, "Player, Banker, Tie 0.10 to 10,000.00"; the side bets
    still open say from which round they close."""
    closed = set(closed)
    main, side = [], []
    for names, terms in grouped(bet for name, bet in profile.bets.items() if name not in closed):
        text = translate("display", "{bets} {min} to {max}").format(
            bets=bet_names(names), min=money(terms.min_stake), max=money(terms.max_stake))
        if terms.last_round is None:
            main.append(text)
        else:
            side.append(translate("display", "{bets}, until round {round}").format(
                bets=text, round=terms.last_round))
    return "   ".join(main), "   ".join(side)


def closed_text(profile: Profile | None, closed: Iterable[str]) -> str:
    """The closed bets, with the round each closed from when the profile says, in the
    profile's order as the open bets are listed."""
    bets = profile.bets if profile is not None else {}
    order = list(bets)

    def last_round(bet: str) -> int:
        terms = bets.get(bet)
        return (terms.last_round if terms is not None else None) or 0  # 0: never closes

    by_round: dict[int, list[str]] = {}
    for bet in sorted(closed, key=lambda bet: (last_round(bet), order.index(bet)
                                               if bet in order else len(order))):
        by_round.setdefault(last_round(bet), []).append(bet)
    if not by_round:
        return ""
    parts = [translate("display", "{bets} from round {round}").format(
        bets=bet_names(names), round=last + 1) if last else bet_names(names)
        for last, names in by_round.items()]
    return translate("display", "closed: {bets}").format(bets="; ".join(parts))


class TableHeader(QFrame):
    def __init__(self, journal: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("header")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor(PANEL))
        self.setPalette(palette)
        self.profile: Profile | None = None
        # What was last shown, compared for equality only: unchanged views are not redrawn.
        self._bets_shown: tuple[object, ...] = ()
        self._shown: tuple[object, ...] = ()
        self.fields: dict[str, QLabel] = {}
        self._flow = FlowLayout(self)
        self._flow.setContentsMargins(10, 4, 10, 4)
        for name in FIELDS:
            field = QLabel()
            field.setObjectName(name)
            field.setWordWrap(True)  # only a field longer than the whole line wraps
            field.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            field.setAutoFillBackground(True)
            field.hide()  # until it has something to say
            self.fields[name] = field
            self._flow.addWidget(field)
            self._color(name, INK)
        self._refused = QTimer(self)
        self._refused.setSingleShot(True)
        self._refused.timeout.connect(lambda: self._set("refused", ""))
        self._color("closed", WARN)
        self._color("refused", WARN)
        self.set_journal(journal)

    def set_scale(self, scale: TypeScale) -> None:
        self._flow.set_gap(scale.px("body"))
        for name, field in self.fields.items():
            field.setFont(scale.font(self.font(), "body", bold=name in BOLD))

    def _set(self, name: str, text: str) -> None:
        field = self.fields[name]
        if field.text() != text:
            field.setText(text)
            field.setVisible(bool(text))

    def _color(self, name: str, ink: str, paper: str = PANEL) -> None:
        """Colours through the palette: a style sheet would stop the font reaching the field."""
        field = self.fields[name]
        palette = field.palette()
        if (palette.color(QPalette.ColorRole.WindowText) == QColor(ink)
                and palette.color(QPalette.ColorRole.Window) == QColor(paper)):
            return  # a new palette costs a repaint on every card otherwise
        palette.setColor(QPalette.ColorRole.WindowText, QColor(ink))
        palette.setColor(QPalette.ColorRole.Window, QColor(paper))
        field.setPalette(palette)

    def set_journal(self, health: str) -> None:
        """"" for no journal, "ok", or the reason it failed."""
        if not health:
            self._set("journal", translate("display", "journal: none"))
            self._color("journal", INK)
        elif health == "ok":
            self._set("journal", translate("display", "journal: ok"))
            self._color("journal", OK)
        else:
            self._set("journal", translate("display", "JOURNAL FAILED: {reason}").format(
                reason=health))
            self._color("journal", *BAD)

    def set_feed(self, connected: bool, waiting: int) -> None:
        """The floor feed (docs/feed.md): connected with nothing waiting, or how many journaled
        events wait for the broker. Not shown for a table without a feed."""
        if connected and not waiting:
            self._set("feed", translate("display", "feed: connected"))
            self._color("feed", OK)
        elif connected:
            self._set("feed", translate("display", "feed: {count} waiting").format(count=waiting))
            self._color("feed", INK)
        else:
            self._set("feed", translate("display", "feed: offline, {count} waiting").format(
                count=waiting))
            self._color("feed", WARN)

    def set_profile(self, profile: Profile) -> None:
        self.profile = profile

    def refused(self, refusal: facts.ActionRefused, seconds: float = 8.0) -> None:
        """Say for a while that an operator action was refused, and why."""
        self._set("refused", translate("display", "refused: {action}: {reason}").format(
            action=label(ACTIONS, refusal.action), reason=refusal.reason))
        self._refused.start(round(seconds * 1000))

    def show_view(self, view: TableView) -> None:
        shown = (view.table, view.profile, view.shoe, view.round, view.cards_left, view.burn,
                 bool(view.reveal), view.last_round, tuple(view.closed_bets), view.scanner,
                 view.rules, view.integrity, view.verify_failed, view.disk, self.profile)
        if shown == self._shown:  # most events (the state moving on) change nothing here
            return
        self._shown = shown
        # The shoe in play's own terms: after a restart the configured profile is the next
        # shoe's, and may have changed since this one started.
        profile = view.rules or self.profile
        name = view.profile or (profile.name if profile is not None else "")
        self._set("table", view.table)
        self._set("profile", label(PROFILES, name) if name in PROFILES else name)
        self._set("round", translate("display", "shoe {shoe}  round {round}").format(
            shoe=view.shoe, round=view.round))
        self._set("cards", "" if view.cards_left is None else translate(
            "display", "cards left {count}").format(count=view.cards_left))
        self._set("burn", translate("display", "burn {burn}").format(burn=view.burn)
                  if view.reveal else "")
        self._set("cut", "" if view.last_round is None else translate(
            "display", "CUT CARD: last round {round}").format(round=view.last_round))
        closed = tuple(view.closed_bets)
        if (profile, closed) != self._bets_shown:  # they change a few times a shoe at most
            self._bets_shown = (profile, closed)
            main, side = limits_text(profile, closed) if profile is not None else ("", "")
            self._set("limits", main)
            self._set("open", side)
            self._set("closed", closed_text(profile, view.closed_bets))
        self._set("integrity", "" if view.integrity is None else translate(
            "display", "INTEGRITY ALERT: {kind}, {cards} cards").format(
                kind=view.integrity.kind.replace("_", " "), cards=view.integrity.cards))
        self._color("integrity", *BAD)
        self._set("verify", "" if view.verify_failed is None else translate(
            "display", "JOURNAL CHECK FAILED: {finding}").format(
                finding=view.verify_failed.finding))
        self._color("verify", *BAD)
        self._set("disk", "" if view.disk is None else translate(
            "display", "JOURNAL DISK: {days} days of space left").format(days=view.disk.days_left))
        self._color("disk", *BAD)
        if view.scanner == "connected":
            self._set("reader", translate("display", "card reader connected"))
            self._color("reader", OK)
        else:
            self._set("reader", translate("display", "CARD READER DISCONNECTED"))
            self._color("reader", *BAD)
        self._fit_lines()

    def _fit_lines(self) -> None:
        """Ask the window for a line more or less only when the fields need it: a relayout of
        the whole window on every card would slow the card's frame."""
        if self._flow.heightForWidth(self.width()) != self.height():
            self.updateGeometry()
