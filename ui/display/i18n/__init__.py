"""Label translations through Qt's own system: .ts sources, compiled .qm files beside them.

Every label goes through ``translate("display", ...)`` (or ``QT_TRANSLATE_NOOP`` for tables of
labels) so that ``pylupdate6`` finds it; ``make translations`` refreshes the .ts files and
compiles them with Qt's ``lrelease`` (docs/display.md).
"""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QCoreApplication, QObject, QTranslator

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "zh", "el", "ru", "ar")
RIGHT_TO_LEFT = frozenset({"ar"})


def translate(context: str, text: str) -> str:
    """``text`` in the installed language (itself when none is installed)."""
    return QCoreApplication.translate(context, text)


def qm_path(language: str) -> Path:
    return HERE / f"display_{language}.qm"


def ts_path(language: str) -> Path:
    return HERE / f"display_{language}.ts"


def load_translator(language: str, parent: QObject | None = None) -> QTranslator | None:
    """The translator for ``language`` (None for English, the source language).

    Raises ValueError naming the language and file when a translation is missing or unreadable.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown display language {language!r} (expected one of "
                         f"{', '.join(LANGUAGES)})")
    if language == "en":
        return None
    translator = QTranslator(parent)  # the parent keeps it alive as long as the application
    path = qm_path(language)
    if not translator.load(str(path)):
        raise ValueError(f"cannot load the {language} translation {path}")
    return translator
