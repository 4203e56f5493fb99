"""``baccarat-table hash-pin``: the config value for a supervisor PIN."""

from __future__ import annotations

import argparse
import getpass
import sys

from controller.supervisor import hash_pin

MIN_PIN_LENGTH = 4


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "hash-pin", help="print the [supervisor] pin_hash value for a PIN",
        description="Asks for the PIN twice (or reads one line from standard input when it is "
                    "not a terminal) and prints the hash to put in the config's "
                    "[supervisor] pin_hash.")
    parser.set_defaults(handler=print_pin_hash)


def print_pin_hash(args: argparse.Namespace) -> int:
    if sys.stdin.isatty():
        pin = getpass.getpass("supervisor PIN: ")
        if getpass.getpass("again: ") != pin:
            raise ValueError("the two PINs differ")
    else:
        pin = sys.stdin.readline().strip()
    if len(pin) < MIN_PIN_LENGTH or not pin.isdigit():
        raise ValueError(f"a PIN is at least {MIN_PIN_LENGTH} digits")
    print(hash_pin(pin))
    return 0
