"""``baccarat-table emulate-shoe``: a card shoe on a pseudo-terminal, for tests and demos.

Prints the device path (and keeps ``--link`` pointing at it), then plays simulated shoes
over the scanner or shoe wire protocol, or a listen-only reader format (``custom``: the
``[reader]`` of the table config ``--config``), until done or interrupted. Each shoe ends as
a dealer ends it: once the round with the cut card is complete the rest stays in the shoe,
and the next shoe follows a reshuffle. Open it from the table with
``serial://<path or link>?protocol=<same protocol>``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import itertools
import math
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO, cast

from common.errors import UserError
from common.user_paths import open_output
from controller.game.shoe_end import dealt_items
from controller.table.config import load_config
from drivers.card_codes import CUT
from drivers.custom_format import CustomFormat
from drivers.emulator import Faults, ShoeEmulator
from drivers.readers import NO_CUSTOM, READER_FORMATS
from drivers.shoe_order import build_shoe, check_cut, parse_items, shoe_random

DEFAULT_SHUFFLE_SECONDS = 5.0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = __doc__
    parser.add_argument("--protocol", choices=("scanner", "shoe", *READER_FORMATS),
                        default="scanner")
    parser.add_argument("--config", type=Path,
                        help="custom: the table config whose [reader] section is the format")
    parser.add_argument("--link", type=Path, help="keep a symlink at PATH to the device")
    parser.add_argument("--decks", type=int, default=8, choices=range(1, 9), metavar="1-8")
    parser.add_argument("--seed", type=int, help="reproducible shoes (shoe k from seed and k)")
    parser.add_argument("--cut", type=int, help="cut card N cards from the end (at least 6)")
    parser.add_argument(
        "--after-cut", type=int, metavar="N",
        help="end each shoe N cards after the cut card, whatever the round (fault tests; "
             "default: when the round with the cut card is complete)",
    )
    parser.add_argument("--shoes", type=int, default=1, help="how many shoes, 0 = endless")
    parser.add_argument(
        "--shuffle-seconds", type=float, default=DEFAULT_SHUFFLE_SECONDS, metavar="S",
        help=f"seconds a reshuffle between shoes takes (default {DEFAULT_SHUFFLE_SECONDS:g}); "
             "with a scanner, confirm the new shoe at the table meanwhile",
    )
    parser.add_argument("--script", help="play exactly these comma-separated items once "
                                         "(codes, NR, CUT)")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between cards")
    parser.add_argument("--no-read", type=float, default=0.0, metavar="P",
                        help="probability of a no-read before a card")
    parser.add_argument("--garbage", type=float, default=0.0, metavar="P",
                        help="probability of a line of random bytes before a card")
    parser.add_argument("--bad-checksum", type=float, default=0.0, metavar="P",
                        help="shoe: probability that a frame is first sent with a bad checksum")
    parser.add_argument("--drop-ack", type=float, default=0.0, metavar="P",
                        help="shoe: probability that an acknowledgement is ignored")
    parser.add_argument("--ack-timeout", type=float, default=0.5,
                        help="seconds to wait for $A (shoe) or the rescan trigger (scanner)")
    parser.add_argument("--fault-seed", type=int, help="reproducible fault injection")
    parser.add_argument("--log", help="log bytes sent and received to this file ('-' = stderr)")
    parser.set_defaults(handler=emulate_shoe)


def _shoes(args: argparse.Namespace) -> Iterator[list[str]]:
    if args.script is not None:
        yield parse_items(args.script.split(","))
        return
    if args.cut is not None:
        check_cut(args.cut, args.decks, "--cut")
    if args.shoes < 0:
        raise UserError(f"--shoes {args.shoes}: give a number of shoes, or 0 for endless")
    if args.after_cut is not None and args.after_cut < 0:
        raise UserError(f"--after-cut {args.after_cut}: give a number of cards, 0 or more")
    numbers = itertools.count() if args.shoes == 0 else range(args.shoes)
    for number in numbers:
        order = build_shoe(args.decks, shoe_random(args.seed, number), args.cut)
        if args.after_cut is None:
            yield dealt_items(order)
        else:
            yield order[: order.index(CUT) + 1 + args.after_cut]


def _check_probabilities(args: argparse.Namespace) -> Faults:
    faults = Faults(args.no_read, args.garbage, args.bad_checksum, args.drop_ack)
    for field in dataclasses.fields(faults):
        value = getattr(faults, field.name)
        if not 0 <= value <= 1:
            raise UserError(f"--{field.name.replace('_', '-')} {value}: a probability is 0 to 1")
    return faults


def _check_seconds(args: argparse.Namespace) -> None:
    for name in ("interval", "ack_timeout", "shuffle_seconds"):
        value = getattr(args, name)
        if not (math.isfinite(value) and value >= 0):
            raise UserError(f"--{name.replace('_', '-')} {value}: give seconds, 0 or more")


def _custom(args: argparse.Namespace) -> CustomFormat | None:
    """The ``[reader]`` format of ``--config``, which ``--protocol custom`` needs."""
    if args.protocol != "custom":
        if args.config is not None:
            raise UserError("--config applies to --protocol custom")
        return None
    custom = load_config(args.config).reader if args.config is not None else None
    if custom is None:
        raise UserError(f"--protocol custom: {NO_CUSTOM}; give it with --config")
    if custom.template is None:
        raise UserError(f"--protocol custom: {args.config}: reader.template is missing: the "
                        "emulator writes each card through it (like '{suit}{rank}')")
    return custom


def emulate_shoe(args: argparse.Namespace) -> int:
    faults = _check_probabilities(args)
    _check_seconds(args)
    custom = _custom(args)
    shoes = _shoes(args)
    first = next(shoes)  # bad --script or --cut fails here, before the pty exists
    with contextlib.ExitStack() as stack:
        log: TextIO | None = None
        if args.log == "-":
            log = sys.stderr
        elif args.log:
            log = cast(TextIO, stack.enter_context(  # opened in text mode
                open_output(args.log, "--log", "a", encoding="utf-8")))
        emulator = stack.enter_context(ShoeEmulator(
            itertools.chain([first], shoes), protocol=args.protocol, interval=args.interval,
            faults=faults, seed=args.fault_seed, log=log, link=args.link,
            ack_timeout=args.ack_timeout, shuffle_seconds=args.shuffle_seconds, custom=custom,
        ))
        # SIGTERM (systemd, test harnesses) ends the play like Ctrl-C: the link is removed.
        # Set before the path is printed: whoever reads it may stop us at once.
        signal.signal(signal.SIGTERM, lambda *_: emulator.stop())
        print(emulator.open(), flush=True)
        try:
            emulator.play()
        except KeyboardInterrupt:
            return 130
    return 0
