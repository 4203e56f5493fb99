"""How urgent each kind of alert is, for the order of the floor's queue: what stops a game or
puts its honesty in doubt first, then what needs a look soon, then the pace."""

from __future__ import annotations

URGENT, SOON, NOTICE = 1, 2, 3
SEVERITY: dict[str, int] = {
    "integrity": URGENT,  # the shoe's order repeats an earlier shoe, or a card too many
    "chain": URGENT,  # a gap or a broken link in the table's hash chain
    "journal": URGENT,  # a journal end accepted unchecked, or its daily full check failed
    "hold": URGENT,  # the table waits for a supervisor
    "offline": URGENT,
    "store": URGENT,  # the pit's store cannot be written: the floor waits at the broker
    "exposure": SOON,
    "scanner": SOON,
    "feed": SOON,  # a message that is not an event
    "disk": SOON,  # the journal's disk has room for fewer days than the table's budget
    "silent": SOON,
    "pace": NOTICE,
}


def severity(kind: str) -> int:
    return SEVERITY.get(kind, SOON)
