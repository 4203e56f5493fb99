"""``baccarat-table screenshot OUT.png``: the display rendered offscreen after a scenario."""

from __future__ import annotations

import argparse
import os

from common.errors import UserError
from common.user_paths import open_output
from controller.table.config import LANGUAGES
from ui.display.scenarios import SCENARIOS

LAYOUTS = {"landscape": (1920, 1080), "laptop": (1280, 800), "portrait": (1080, 1920)}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Play a scenario on a simulated table and save the display as a PNG, rendered offscreen "
        "(no screen needed). Scenarios: "
        + "; ".join(f"{name}: {s.description}" for name, s in SCENARIOS.items()))
    parser.add_argument("out", metavar="OUT.png", help="where to write the image")
    parser.add_argument("--scenario", default="shoe", choices=sorted(SCENARIOS),
                        help="what to play first (default: shoe)")
    parser.add_argument("--size", default="landscape", metavar="WxH|NAME",
                        help="window size: landscape (1920x1080), laptop (1280x800), "
                             "portrait (1080x1920) or WIDTHxHEIGHT")
    parser.add_argument("--language", default="en", choices=LANGUAGES,
                        help="the display's language (default: en)")
    parser.set_defaults(handler=screenshot)


def parse_size(text: str) -> tuple[int, int]:
    if text in LAYOUTS:
        return LAYOUTS[text]
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise UserError(f"--size {text!r}: expected {', '.join(LAYOUTS)} or WIDTHxHEIGHT, "
                         "such as 1920x1080") from None
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise UserError(f"--size {text!r}: each side must be 200 to 8000 pixels")
    return width, height


def screenshot(args: argparse.Namespace) -> int:
    size = parse_size(args.size)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Qt starts only once the arguments are good
    from ui.display.render import png_bytes, render_scenario

    with open_output(args.out, "image", "wb") as out:
        out.write(png_bytes(render_scenario(args.scenario, size, args.language)))
    print(f"{args.out}: {size[0]}x{size[1]}, scenario {args.scenario}, language {args.language}")
    return 0
