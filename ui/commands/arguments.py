"""Argument types shared by the subcommands: argparse refuses a bad value with its usage line
and one error line naming the option, before the command starts."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` (to ``high``, when given)."""
    expected = f"a whole number from {low} to {high}" if high is not None else (
        f"a whole number, at least {low}")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
        return value

    return parse
