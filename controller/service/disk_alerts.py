"""The disk budget's alert on a running table: checked at start, once the journal is replayed,
and at each shoe's end (controller.journal.disk_budget; docs/journal.md, "Disk budget").

A ``disk_alert`` is an event like any other: journaled, on the feed, in the display's header
(controller.view.table_view) and in the service's status line (controller.service.status).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from controller.events import facts
from controller.events.due import FactDue
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.journal import Journal
from controller.journal.disk_budget import DiskWatch, FreeSpace
from controller.table.controller import TableController


class DiskBudgetCheck:
    """A bus subscriber: at each shoe's end, the budget checked again; a change of the alert
    goes to the controller as an input (a subscriber does not publish)."""

    def __init__(self, watch: DiskWatch, submit: Callable[[object], None]) -> None:
        self.watch = watch
        self.submit = submit

    def __call__(self, event: TableEvent) -> None:
        if event.type == EventType.SHOE_ENDED:
            alert = self.watch.check()
            if alert is not None:
                self.submit(FactDue(alert))


def check_at_start(controller: TableController, journal: Journal, min_free_days: int,
                   free_space: FreeSpace, view_events: Sequence[TableEvent]
                   ) -> tuple[DiskWatch, list[TableEvent]]:
    """The journal's disk watched, and the alert its budget calls for now (raised, or cleared
    when one raised still stands in the view's events), journaled before the table shows
    anything: the events to add to the view's."""
    watch = DiskWatch(journal.path, min_free_days, free_space)
    alerts = [event.fact for event in view_events if isinstance(event.fact, facts.DiskAlert)]
    watch.raised = bool(alerts) and alerts[-1].state == "raised"
    alert = watch.check()
    if alert is None:
        return watch, []
    controller.publish(alert)
    controller.bus.flush()
    return watch, journal.events(journal.last_seq)
