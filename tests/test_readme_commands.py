"""The README's command table shows every option of a command's forms, as the command line
takes them: a person reads the forms there first."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from ui.cli import build_parser

README = Path(__file__).resolve().parent.parent / "README.md"


def forms(command: str) -> dict[str, set[str]]:
    """Each action of ``command`` with the option strings it takes (help left out)."""
    parser = build_parser({command})
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    (actions,) = [a for a in commands.choices[command]._actions
                  if isinstance(a, argparse._SubParsersAction)]
    return {name: {option for a in sub._actions for option in a.option_strings
                   if option.startswith("--") and option != "--help"}
            for name, sub in actions.choices.items()}


def readme_form(command: str, action: str) -> str | None:
    """The first cell of the README's command-table row for ``command action``."""
    return next((line.split(" | ")[0] for line in README.read_text(encoding="utf-8").splitlines()
                 if line.startswith(f"| `{command} {action} ")), None)


@pytest.mark.parametrize("command", ["feed"])
def test_the_readme_shows_every_option_of_every_form(command):
    for action, options in forms(command).items():
        form = readme_form(command, action)
        assert form is not None, f"no row for {command} {action} in the README"
        missing = sorted(option for option in options if option not in form)
        assert not missing, f"README's {command} {action} lacks {', '.join(missing)}"
