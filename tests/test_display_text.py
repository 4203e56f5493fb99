"""Text readable from the table: every text on the display's one type scale, and none cut, in
all five languages at 1920x1080, 1080x1920 and 1280x800 (docs/display.md, "Text"); the header
in two lines at most, so that every road's marks stay at the type scale's floor; and every
offered bet's limits shown whole, whatever else is on the screen.

Each case plays the live profile (the longest header: open and closed side bets) to a moment
with a result banner and its pays, then with side bets closed, then an alert on the felt; at
each, every visible label and every text painted on the felt is measured."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QPoint, QRect, QSize
from PyQt6.QtGui import QFontInfo, QFontMetrics
from PyQt6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from controller.game.profiles import Profile, load_profile
from tests.support.display import follow, played, shown_window
from ui.display.app import make_application
from ui.display.dialogs import InputDialog, PinDialog, ReasonDialog, void_title
from ui.display.i18n import LANGUAGES
from ui.display.labels import BETS
from ui.display.labels import label as bet_label
from ui.display.roads_panels import AskRoadPanel, RoadPanel
from ui.display.scenarios import scenario_profile
from ui.display.typescale import text_fits
from ui.display.window import DisplayWindow

SIZES = ((1920, 1080), (1080, 1920), (1280, 800))


def cut_label(label: QLabel) -> str | None:
    """Why ``label``'s text does not all show, or None."""
    inside = label.contentsRect()
    flags = int(label.alignment().value) | (0x1000 if label.wordWrap() else 0)  # TextWordWrap
    # One line by its ink (as the felt's texts): Qt gives an Arabic line twice its letters.
    if not text_fits(label.font(), inside.width() + 1, inside.height() + 1, label.text(),
                     flags):
        needed = QFontMetrics(label.font()).boundingRect(inside, flags, label.text())
        return f"needs {needed.width()}x{needed.height()}, has {inside.width()}x{inside.height()}"
    window = label.window()
    assert window is not None  # a widget's window is itself when it has no parent
    where = QRect(label.mapTo(window, inside.topLeft()), inside.size())
    if not window.rect().contains(where):
        return f"at {where} outside the window {window.rect()}"
    parent = label.parentWidget()
    assert parent is not None
    if not parent.rect().contains(label.geometry()):
        return f"at {label.geometry()} outside its panel {parent.rect()}"
    return None


def check_room(window: DisplayWindow, moment: str) -> list[str]:
    """The header in at most two lines, none of its items split over two; every road's marks
    at least 2.4% of the short side (the floor of the type scale): no language takes room
    from the roads."""
    QApplication.processEvents()
    problems = []
    items = [item for items in window.status.items.values() for item in items
             if item.isVisible()]
    lines = sorted({item.geometry().top() for item in items})
    if len(lines) > 2:
        problems.append(f"{moment}: the header takes {len(lines)} lines: "
                        f"{[item.text() for item in items]}")
    for item in items:
        if item.wordWrap() or item.height() > window.scale.line("body"):
            problems.append(f"{moment}: header item {item.text()!r} is {item.height()} px "
                            "high, more than a line")
    floor = 0.024 * min(window.width(), window.height())
    for panel in window.roads.panels():
        if panel.cell_size() < floor:
            problems.append(f"{moment}: {panel.title!r} marks {panel.cell_size()} px, below "
                            f"{floor:.1f}")
    return problems


def check_text(window: DisplayWindow, moment: str) -> list[str]:
    """Every problem with the window's text at ``moment``, as lines naming the text."""
    QApplication.processEvents()
    scale = window.scale
    problems = []
    stats_labels = set(window.stats.labels())
    for label in window.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        floor = scale.px("stats" if label in stats_labels else "body")
        shown = QFontInfo(label.font()).pixelSize()
        if shown < floor:
            problems.append(f"{moment}: {label.text()!r} at {shown} px, below {floor}")
        why = cut_label(label)
        if why:
            problems.append(f"{moment}: {label.text()!r} is cut: {why}")
    for painted in window.cards.texts:
        fitted = painted.fitted
        if fitted.pixel_size < scale.px("body"):
            problems.append(f"{moment}: felt {fitted.text!r} at {fitted.pixel_size} px")
        if not fitted.fits():
            problems.append(f"{moment}: felt {fitted.text!r} does not fit {fitted.box}")
    panels: list[RoadPanel | AskRoadPanel] = [*window.roads.panels(), window.roads.ask]
    for panel in panels:
        title_px = QFontInfo(panel.font()).pixelSize()
        room = panel.width() - 12
        if title_px < scale.px("body") or panel.fontMetrics().horizontalAdvance(
                panel.title) > room:
            problems.append(f"{moment}: road title {panel.title!r} at {title_px} px in {room}")
    return problems


def check_limits(window: DisplayWindow, profile: Profile, moment: str) -> list[str]:
    """Every bet still offered named with its minimum and maximum on a label of the limits
    panel, the label's whole text drawn inside it (its text measured against its room, no
    "…"), the panel inside the window."""
    QApplication.processEvents()
    panel = window.limits
    problems = []
    if not panel.isVisible() or not window.rect().contains(panel.geometry()):
        problems.append(f"{moment}: the limits panel at {panel.geometry()} is not on screen")
    shown = [item for item in panel.groups if item.isVisible()]
    for item in shown:
        why = cut_label(item)
        if why or "\u2026" in item.text():
            problems.append(f"{moment}: limits {item.text()!r} not whole: {why or '…'}")
    for bet, terms in profile.bets.items():
        if bet in window.view.closed_bets:
            continue
        stakes = f"{terms.min_stake:,}\u2013{terms.max_stake:,}"
        if not any(bet_label(BETS, bet) in item.text() and stakes in item.text() for item in shown):
            problems.append(f"{moment}: {bet_label(BETS, bet)} {stakes} is not shown whole "
                            f"(shown: {[item.text() for item in shown]})")
    return problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_on_the_scale_and_whole_and_leaves_the_roads_room(qtbot: QtBot, english: None,
                                                                        language: str) -> None:
    make_application(language)
    profile = load_profile("live")
    events = list(played("live"))
    banner = next(i for i, e in enumerate(events) if e.type == "betting_open" and e.round == 52)
    early = next(i for i, e in enumerate(events) if e.type == "betting_open" and e.round == 20)
    problems = []
    for size in SIZES:
        window = DisplayWindow(journal="ok", profile=profile)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.status.set_feed(False, 1234)  # the longest header: the feed's note too
        window.on_events(events[:early + 1])  # every side bet still open: the most limits
        moment = f"{language} {size} every side bet open"
        problems += check_text(window, moment) + check_limits(window, profile, moment)
        for event in events[early + 1:banner + 1]:
            window.on_event(event)
        # Pairs open until round 60, Lucky Six and the naturals closed: both lists on show.
        assert window.cards.picture.banner and window.view.closed_bets
        assert "player_pair" not in window.view.closed_bets
        moment = f"{language} {size} betting, last result shown"
        problems += check_text(window, moment) + check_room(window, moment)
        problems += check_limits(window, profile, moment)
        window.on_events(events[banner + 1:])
        assert "player_pair" in window.view.closed_bets
        moment = f"{language} {size} side bets closed"
        problems += check_text(window, moment) + check_room(window, moment)
        problems += check_limits(window, profile, moment)
        last = events[-1]
        window.on_event(follow(last, "hold", code="card_while_stopped", message="", card="KD",
                               raw="KD", source="reader"))
        # A refusal and an alert at once: the limits stay whole where they were.
        window.on_event(follow(last, "action_refused", action="void_round", by="supervisor",
                               reason="round 61 of shoe 1 is over (round 62 of shoe 1 is in "
                               "play): it was not voided"))
        moment = f"{language} {size} hold, a void refused"
        problems += check_room(window, moment) + check_text(window, moment)
        problems += check_limits(window, profile, moment)
        window.on_event(follow(last, "scanner", status="disconnected", reason="unplugged"))
        window.on_event(follow(last, "hold_cleared", by="supervisor", action="void"))
        problems += check_text(window, f"{language} {size} reader disconnected")
        window.close()
    assert problems == [], "\n".join(problems)


def test_the_scale_follows_the_short_side(qtbot: QtBot) -> None:
    """26 px text and 36 px statistics on a 1080-line panel, landscape or portrait; the totals
    and the banner larger than the statistics."""
    for size in ((1920, 1080), (1080, 1920)):
        window = DisplayWindow()
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.on_events(list(played("shoe")))
        QApplication.processEvents()
        assert QFontInfo(window.status.fields["round"].font()).pixelSize() == 26
        assert QFontInfo(window.stats.heading.font()).pixelSize() == 36
        sizes = {painted.fitted.text: painted.fitted.pixel_size for painted in window.cards.texts}
        banner = window.cards.picture.banner
        assert sizes[banner] > 36
        assert all(size > 36 for text, size in sizes.items() if text.startswith("PLAYER  "))
        window.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_view_is_larger_than_the_screen(qtbot: QtBot, english: None, language: str) -> None:
    """The window stays the screen's size, and everything laid over it inside it, whatever is
    shown: the played shoe, the help (F1), recall (H), the surveillance panel (S), the void's
    reason and the PIN asked. (Arabic at 1280x800 grew to 1280x807: its statistics asked for
    their fallback font's lines.)"""
    make_application(language)
    events = list(played("surveillance"))
    problems = []
    for size in SIZES:
        window = shown_window(qtbot, size, journal="ok",
                              profile=scenario_profile("surveillance"))
        window.status.set_feed(False, 1234)  # the longest header
        window.on_events(events)
        screen = QRect(0, 0, *size)
        views = {"help": window.help, "recall": window.recall,
                 "surveillance": window.surveillance}
        for name, shown in (("display", None), *views.items(),
                            ("void", ReasonDialog(void_title(window.view), window)),
                            ("pin", PinDialog(window))):
            if isinstance(shown, InputDialog):
                shown.present(window.scale)
            elif shown is not None:
                window.operate({"recall": "history"}.get(name, name))
            QApplication.processEvents()
            if window.size() != QSize(*size) or not window.minimumSizeHint().height() <= size[1]:
                problems.append(f"{language} {size} {name}: the window is {window.size()}, "
                                f"asks for at least {window.minimumSizeHint()}")
            for over in (shown, getattr(shown, "box", None)):
                if over is not None and not screen.contains(QRect(
                        over.mapTo(window, QPoint(0, 0)), over.size())):
                    problems.append(f"{language} {size} {name}: {over.geometry()} outside")
            if isinstance(shown, InputDialog):
                shown.hide()
            elif shown is not None:
                window.operate("close")
        window.close()
    assert problems == []
