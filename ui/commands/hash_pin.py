"""``baccarat-table hash-pin``: the config value for a supervisor PIN."""

from __future__ import annotations

import argparse
import getpass
import sys

from common.errors import UserError
from controller.table.supervisor import hash_pin

MIN_PIN_LENGTH = 4


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Asks for the PIN twice (or reads one line from standard input when "
                          "it is not a terminal) and prints the hash to put in the config's "
                          "[supervisor] pin_hash.")
    parser.set_defaults(handler=print_pin_hash)


def print_pin_hash(args: argparse.Namespace) -> int:
    if sys.stdin.isatty():
        pin = getpass.getpass("supervisor PIN: ")
        if getpass.getpass("again: ") != pin:
            raise UserError("the two PINs differ")
    else:
        pin = sys.stdin.readline().strip()
    if len(pin) < MIN_PIN_LENGTH or not pin.isdigit():
        raise UserError(f"a PIN is at least {MIN_PIN_LENGTH} digits")
    print(hash_pin(pin))
    return 0
