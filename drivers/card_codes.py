"""Card-code syntax: the wire format every shoe, scanner and file uses for one card.

A code is a rank (A 2-9 T J Q K, with ``10`` accepted for T) followed by a suit (S H D C),
case-insensitive (ASCII only), surrounding blanks ignored. The canonical form is upper case
with ``T``: ``AS``, ``TH``, ``KD``.
"""

from common.errors import UserError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
ALL_CODES = tuple(rank + suit for rank in RANKS for suit in SUITS)
CUT = "CUT"  # the cut card, where a card code may stand (a scanner's line, a shoe's frame)


class CardCodeError(UserError):
    """A text that is not a card code; the message quotes it."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"bad card code {text!r}: {reason}")
        self.text = text


def parse_card_code(text: str) -> str:
    """Return the canonical code for ``text`` (``" 10h"`` -> ``"TH"``) or raise CardCodeError."""
    if not text.isascii():  # str.upper() would turn the long s of "Aſ" into the S of "AS"
        raise CardCodeError(text, "card codes are ASCII letters and digits")
    code = text.strip().upper()
    if code.startswith("10"):
        code = "T" + code[2:]
    if len(code) != 2:
        raise CardCodeError(text, "expected a rank (A 2-9 T/10 J Q K) then a suit (S H D C)")
    rank, suit = code[0], code[1]
    if rank not in RANKS:
        raise CardCodeError(text, f"unknown rank {rank!r} (expected one of {' '.join(RANKS)})")
    if suit not in SUITS:
        raise CardCodeError(text, f"unknown suit {suit!r} (expected one of {' '.join(SUITS)})")
    return code

