"""``baccarat-table state-diagram``: the controller's state machine as a mermaid diagram."""

from __future__ import annotations

import argparse

from common.user_paths import open_output
from controller.table.diagram import state_diagram_markdown


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--output", metavar="FILE", help="write to FILE instead of stdout")
    parser.set_defaults(handler=state_diagram)


def state_diagram(args: argparse.Namespace) -> int:
    text = state_diagram_markdown()
    if args.output:
        with open_output(args.output, "--output", encoding="utf-8") as out:
            out.write(text)
    else:
        print(text, end="")
    return 0
