"""An alert is one open condition at one table: a hold, an offline spell, a silence, a pace
off its band, or a kind of trouble (a feed problem, a chain finding, an exposure...). While the
condition lasts, what would raise it again updates its alert instead (its repeats counted, the
newest details kept), so a person is told once, however often a table or a restarted pit says
it again, and no publisher can fill the queue.

A lasting condition ends when the table says so (back online, the hold cleared, heard again,
back in its pace band), or the pit's store is written again; any other ends when a supervisor
acknowledges it, after which the next one is a new alert."""

from __future__ import annotations

LASTING = frozenset({"hold", "offline", "silent", "pace", "store"})
MAX_DETAILS = 20  # the newest details an alert keeps (a hold's held cards, a feed's problems)
MAX_DETAIL = 400  # characters of one detail kept


def ends_with_acknowledgement(kind: str) -> bool:
    return kind not in LASTING
