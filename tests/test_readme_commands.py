"""The README's command table shows each subcommand's every option, as the program has them:
a person reads the forms there before `--help`."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from ui.cli import build_parser

README = Path(__file__).resolve().parent.parent / "README.md"


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    [action] = [action for action in parser._actions  # argparse lists them nowhere public
                if isinstance(action, argparse._SubParsersAction)]
    return dict(action.choices)


def command_forms() -> list[str]:
    """The first cell of each row of the README's command table, as written."""
    return [cells[0].replace("\\|", "|") for line in README.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `") and (cells := re.findall(r"`([^`]*)`", line))]


@pytest.mark.parametrize("command", ["journal", "feed", "broker-access"])
def test_the_readme_shows_every_subcommand_with_every_option(command: str) -> None:
    forms = command_forms()
    for name, sub in subparsers(subparsers(build_parser())[command]).items():
        [form] = [form for form in forms if form.startswith(f"{command} {name}")] or [""]
        assert form, f"README.md: no row for `{command} {name}`"
        for action in sub._actions:
            if action.option_strings and action.dest != "help":
                assert action.option_strings[-1] in form, (
                    f"README.md: `{command} {name}` does not show {action.option_strings[-1]}")
            elif not action.option_strings:
                shown = action.metavar or action.dest.upper()
                assert isinstance(shown, str)  # a positional's metavar is one name
                assert shown in form, (
                    f"README.md: `{command} {name}` does not show {action.dest}")
