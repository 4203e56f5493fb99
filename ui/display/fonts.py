"""The fonts the display asks for, and a warning at start-up when none installed can draw the
display's language (Qt would draw empty boxes without a word)."""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtGui import QFontDatabase

# Fonts that cover the five languages (Debian: fonts-noto-core, fonts-noto-cjk), with DejaVu
# as the fallback that is almost always there.
FONT_FAMILIES = ["Noto Sans", "Noto Sans CJK SC", "Noto Sans Arabic", "DejaVu Sans"]

WritingSystem = QFontDatabase.WritingSystem
# What each language needs, and the Debian package that brings it.
NEEDS = {
    "en": (WritingSystem.Latin, "fonts-noto-core"),
    "zh": (WritingSystem.SimplifiedChinese, "fonts-noto-cjk"),
    "el": (WritingSystem.Greek, "fonts-noto-core"),
    "ru": (WritingSystem.Cyrillic, "fonts-noto-core"),
    "ar": (WritingSystem.Arabic, "fonts-noto-core"),
}


def missing_font(language: str,
                 families: Callable[[WritingSystem], list[str]] = QFontDatabase.families
                 ) -> str | None:
    """A one-line warning naming the package to install when no font draws ``language``."""
    system, package = NEEDS[language]
    if families(system):
        return None
    return (f"no installed font can draw the display's language {language!r}: its text will "
            f"show as empty boxes; install the {package} package (apt install {package})")
