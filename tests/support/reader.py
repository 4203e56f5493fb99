"""Test helper: one site's own reader format, for the ``custom`` tests: lines such as
``CARD 12-h``, ``NOREAD`` and ``ERR door open``."""

from __future__ import annotations

import json

RANK_NUMBERS = {"1": "A", **{str(n): str(n) for n in range(2, 10)}, "10": "T", "11": "J",
                "12": "Q", "13": "K"}
SITE = {
    "pattern": r"CARD (?P<rank>\d+)-(?P<suit>[a-z])",
    "ranks": RANK_NUMBERS,
    "suits": {"s": "S", "h": "H", "d": "D", "c": "C"},
    "no_read": "NOREAD",
    "alarm": r"ERR (?P<text>.+)",
    "template": "CARD {rank}-{suit}",
}


def site_config() -> str:
    """SITE as a table config's ``[reader]`` section (TOML)."""
    lines = ["[reader]"]
    for key, value in SITE.items():
        if isinstance(value, dict):
            pairs = ", ".join(f"{json.dumps(token)} = {json.dumps(card)}"
                              for token, card in value.items())
            lines.append(f"{key} = {{ {pairs} }}")
        else:
            lines.append(f"{key} = '{value}'")  # a literal string: the backslashes stay
    return "\n".join(lines) + "\n"
