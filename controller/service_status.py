"""What the table is doing, told to systemd as ``STATUS=`` lines (``systemctl status``)."""

from __future__ import annotations

from controller.events import TableEvent
from controller.sd_notify import SystemdNotifier


class ServiceStatus:
    """A subscriber that sends a one-line status when the table's situation changes: a round
    in play, a hold, a pause, the scanner, the end of a shoe (not every card)."""

    def __init__(self, notifier: SystemdNotifier) -> None:
        self.notifier = notifier

    def __call__(self, event: TableEvent) -> None:
        text = describe(event)
        if text is not None:
            self.notifier.status(text)


def describe(event: TableEvent) -> str | None:
    where = f"shoe {event.shoe} round {event.round}"
    data = event.data
    match event.type:
        case "betting_open":
            return f"{where}: in play"
        case "hold":
            return f"{where}: HOLD {data['code']}: {data['message']}"
        case "hold_cleared":
            return f"{where}: hold cleared by {data['by']} ({data['action']})"
        case "state" if data["state"] == "paused":
            return f"{where}: paused"
        case "scanner":
            return f"{where}: scanner {data['status']}"
        case "shoe_ended":
            return f"shoe {event.shoe} ended after {data['rounds']} rounds: awaiting the shuffle"
    return None
