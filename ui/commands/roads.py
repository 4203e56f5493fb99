"""``baccarat-table roads``: draw the roads and statistics of a list of hands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from common.errors import UserError
from common.user_paths import decode_text, read_bytes
from controller.roads import Hand, Roads, roads_text
from controller.roads.hand import json_type
from controller.roads.model import DEFAULT_ROWS
from ui.commands.arguments import whole_number

MAX_ROWS = 50  # road boards are 6 rows high; more only prints a taller empty grid


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        'Reads a JSON array of hands ({"winner": "banker"|"player"|"tie", "player_pair", '
        '"banker_pair", "natural"}) and prints the Bead Plate, Big Road, derived roads, ask '
        "road and statistics. Format: docs/roads.md.")
    parser.add_argument(
        "file", nargs="?", default="-", help="the hands as a JSON file (default: stdin, or -)"
    )
    parser.add_argument("--json", action="store_true", help="print the interchange object")
    parser.add_argument(
        "--rows", type=whole_number(1, MAX_ROWS), default=DEFAULT_ROWS, metavar="N",
        help=f"grid height, 1 to {MAX_ROWS} (default {DEFAULT_ROWS})",
    )
    parser.set_defaults(handler=run)


def read_hands(file: str) -> list[Hand]:
    """The hands in ``file`` ("-" for stdin); ValueError naming the file and the bad hand."""
    name = "stdin" if file == "-" else file
    # Bytes from either, decoded alike: standard input's own decoding would replace or
    # escape a bad byte instead of naming it.
    raw = sys.stdin.buffer.read() if file == "-" else read_bytes(file, "hands file")
    text = decode_text(raw, name)
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise UserError(f"{name}: not JSON: {error}") from None
    except RecursionError:  # a hands array is two levels deep; the parser stops near 1000
        raise UserError(f"{name}: JSON nested too deeply (an array of hands is 2 levels "
                         "deep)") from None
    if not isinstance(data, list):
        raise UserError(f"{name}: expected an array of hands, got {json_type(data)}")
    return [Hand.from_json(item, f"{name}: hand {index}") for index, item in enumerate(data)]


def run(args: argparse.Namespace) -> int:
    roads = Roads.from_hands(read_hands(args.file), rows=args.rows)
    if args.json:
        print(json.dumps(roads.to_json(), indent=1))
    else:
        print("\n".join(roads_text(roads)))
    return 0
