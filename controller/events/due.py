"""The one way a fact made off the table's thread reaches the table: as an input.

A worker (surveillance, the daily journal check, the disk budget) finds something worth an
event, but only the thread that owns the table publishes (controller.table.runner): it submits
``FactDue`` to the table's queue, and the table publishes the fact with its next transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.events.facts import Fact


@dataclass(frozen=True, slots=True)
class FactDue:
    """An input for the table: publish ``fact``. ``shoe``: the shoe it is about, when a later
    shoe makes it stale (an alert about the shoe in play is dropped once the next shoe has
    started); None when it stands whatever shoe is in play (a disk alert, a journal check's
    result, a shoe's integrity summary, which names its shoe itself)."""

    fact: Fact
    shoe: int | None = None
