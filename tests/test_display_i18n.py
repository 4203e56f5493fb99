"""Labels go through Qt's translation system: the committed .qm files are compiled from the
.ts sources, the .ts files hold every label in the code, and each language shows."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication

from ui.display.app import make_application
from ui.display.i18n import LANGUAGES, load_translator, ts_path
from ui.display.window import DisplayWindow

TRANSLATED = [language for language in LANGUAGES if language != "en"]


def messages(ts: Path) -> dict[str, str]:
    root = ET.parse(ts).getroot()
    return {message.findtext("source"): message.findtext("translation") or ""
            for message in root.iter("message")}


@pytest.fixture
def english(qapp):
    yield
    make_application("en")


@pytest.mark.parametrize("language", TRANSLATED)
def test_qm_is_compiled_from_the_current_ts(qapp, language):
    translator = load_translator(language)
    for source, translation in messages(ts_path(language)).items():
        assert translation, f"{ts_path(language)}: {source!r} is not translated"
        assert translator.translate("display", source) == translation, (
            f"{language}: the .qm is older than the .ts for {source!r}: run make translations")


def test_ts_files_hold_every_label_in_the_code(tmp_path):
    fresh = tmp_path / "fresh.ts"
    pylupdate = Path(sys.executable).with_name("pylupdate6")
    subprocess.run([str(pylupdate), "--no-summary", "--ts", str(fresh), "ui/display"],
                   check=True, capture_output=True)
    in_code = set(messages(fresh))
    for language in TRANSLATED:
        assert set(messages(ts_path(language))) == in_code, (
            f"{ts_path(language)} is out of date with the code: run make translations")


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown display language 'fr'"):
        load_translator("fr")


def test_chinese_labels_on_the_roads_and_banner(qtbot, english):
    make_application("zh")
    window = DisplayWindow()
    qtbot.addWidget(window)
    assert window.roads.bead_plate.letters == {"banker": "庄", "player": "闲", "tie": "和"}
    assert window.roads.big_road.title == "大路"
    assert window.cards.side_names == {"player": "闲", "banker": "庄"}


def test_arabic_is_laid_out_right_to_left(qtbot, english):
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
