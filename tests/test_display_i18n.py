"""Labels go through Qt's translation system: the committed .qm files are compiled from the
.ts sources, the .ts files hold every label in the code, and each language shows."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PyQt6.QtCore import QPointF, QRectF, Qt
from PyQt6.QtGui import QColor
from PyQt6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.support.display import near, pixel, played
from ui.display.app import make_application
from ui.display.fonts import missing_font
from ui.display.i18n import LANGUAGES, load_translator, ts_path
from ui.display.window import DisplayWindow

TRANSLATED = [language for language in LANGUAGES if language != "en"]


def messages(ts: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for message in ET.parse(ts).getroot().iter("message"):
        source = message.findtext("source")
        assert source is not None, f"{ts}: a message with no source"
        found[source] = message.findtext("translation") or ""
    return found


@pytest.mark.parametrize("language", TRANSLATED)
def test_qm_is_compiled_from_the_current_ts(qapp: QApplication, language: str) -> None:
    translator = load_translator(language)
    assert translator is not None  # None only for English, the source language
    for source, translation in messages(ts_path(language)).items():
        assert translation, f"{ts_path(language)}: {source!r} is not translated"
        assert translator.translate("display", source) == translation, (
            f"{language}: the .qm is older than the .ts for {source!r}: run make translations")


def test_ts_files_hold_every_label_in_the_code(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.ts"
    pylupdate = Path(sys.executable).with_name("pylupdate6")
    subprocess.run([str(pylupdate), "--no-summary", "--ts", str(fresh), "ui/display"],
                   check=True, capture_output=True)
    in_code = set(messages(fresh))
    for language in TRANSLATED:
        assert set(messages(ts_path(language))) == in_code, (
            f"{ts_path(language)} is out of date with the code: run make translations")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown display language 'fr'"):
        load_translator("fr")


def test_chinese_labels_on_the_roads_and_banner(qtbot: QtBot, english: None) -> None:
    make_application("zh")
    window = DisplayWindow()
    qtbot.addWidget(window)
    assert window.roads.bead_plate.letters == {"banker": "庄", "player": "闲", "tie": "和"}
    assert window.roads.big_road.title == "大路"
    assert window.cards.side_names == {"player": "闲", "banker": "庄"}


def test_arabic_is_laid_out_right_to_left(qtbot: QtBot, english: None) -> None:
    make_application("ar")
    assert QApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft
    window = DisplayWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    # Panels mirror (statistics on the left) but the cards keep the table's sides.
    assert window.stats.geometry().center().x() < window.cards.geometry().center().x()
    player, banker = (window.cards.card_rects(side)[0] for side in ("player", "banker"))
    assert player.left() < banker.left()
    make_application("en")
    assert QApplication.layoutDirection() == Qt.LayoutDirection.LeftToRight


def test_run_takes_the_display_language_from_the_command_line(tmp_path: Path) -> None:
    from ui.cli import build_parser
    from ui.commands.run import table_config

    config = tmp_path / "table.toml"
    config.write_text('[table]\nlanguage = "ru"\n', encoding="utf-8")
    parse = build_parser().parse_args
    assert table_config(parse(["run", "--config", str(config)])).language == "ru"
    assert table_config(parse(["run", "--config", str(config), "--language", "zh"])).language \
        == "zh"


def test_run_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    from ui.cli import main

    with pytest.raises(SystemExit):
        main(["run", "--language", "fr"])
    assert "--language: invalid choice: 'fr'" in capsys.readouterr().err


def test_a_missing_font_is_named_at_start_up(qapp: QApplication) -> None:
    warning = missing_font("zh", families=lambda system: [])
    assert warning is not None
    assert "install the fonts-noto-cjk package" in warning and "'zh'" in warning
    assert missing_font("en") is None  # some font on any machine draws Latin


def test_cards_read_left_to_right_in_arabic(qtbot: QtBot, english: None) -> None:
    make_application("ar")
    window = DisplayWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.on_events(list(played("round")))
    image = window.cards.grab().toImage()
    first = window.cards.card_rects("player")[0]
    side = first.width()
    ink = QColor("#fdfdfb")
    # The rank is in the top left corner of the face, the top right corner is blank.
    top_left = first.adjusted(side * 0.08, first.height() * 0.03, -side * 0.5,
                              -first.height() * 0.7)
    top_right = first.adjusted(side * 0.6, first.height() * 0.03, -side * 0.08,
                               -first.height() * 0.7)

    def inked(rect: QRectF) -> bool:
        return any(not near(pixel(image, QPointF(x, y)), ink)
                   for x in range(round(rect.left()), round(rect.right()))
                   for y in range(round(rect.top()), round(rect.bottom())))

    assert inked(top_left) and not inked(top_right)
