"""The screenshots in docs/display.md: every scenario in each orientation, and the shoe as a
protanope and a deuteranope see it. ``make screenshots`` runs this (offscreen, no screen).

    python -m ui.display.gallery docs/images
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PyQt6.QtGui import QImage

# Machado, Oliveira and Fernandes (2009), full severity, applied to linear RGB.
CVD_MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
SIZES = {"landscape": (1920, 1080), "portrait": (1080, 1920), "laptop": (1280, 800)}
GALLERY = ("shoe", "round", "betting", "live", "ez", "hold", "rescan", "disconnected",
           "recall", "void", "help", "surveillance")


def _to_linear(value: int) -> float:
    channel = value / 255
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _to_srgb(value: float) -> int:
    value = min(1.0, max(0.0, value))
    channel = value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055
    return round(channel * 255)


def seen_as(rgb: int, kind: str) -> int:
    """The colour ``rgb`` (0xAARRGGBB) as seen with ``kind`` of colour-vision deficiency."""
    linear = [_to_linear((rgb >> shift) & 0xFF) for shift in (16, 8, 0)]
    red, green, blue = (_to_srgb(sum(m * c for m, c in zip(row, linear, strict=True)))
                        for row in CVD_MATRICES[kind])
    return 0xFF000000 | red << 16 | green << 8 | blue


def simulate(image: QImage, kind: str) -> QImage:
    """``image`` (a QImage) as seen with ``kind`` of colour-vision deficiency."""
    from PyQt6.QtGui import QImage

    out = image.convertToFormat(QImage.Format.Format_RGB32)
    seen: dict[int, int] = {}  # a screenshot has few distinct colours: each is worked out once
    for y in range(out.height()):
        for x in range(out.width()):
            rgb = out.pixel(x, y)
            mapped = seen.get(rgb)
            if mapped is None:
                mapped = seen[rgb] = seen_as(rgb, kind)
            out.setPixel(x, y, mapped)
    return out


def main(folder: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ui.display.render import render_scenario

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name in GALLERY:
        for layout in ("landscape", "portrait"):
            image = render_scenario(name, SIZES[layout])
            readme = name == "shoe" and layout == "landscape"  # the README's picture
            image.save(str(out / ("display.png" if readme else f"display-{name}-{layout}.png")),
                       "PNG")
            if readme:
                for kind in CVD_MATRICES:
                    simulate(image, kind).save(str(out / f"display-shoe-{kind}.png"), "PNG")
        print(f"{out}: {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
