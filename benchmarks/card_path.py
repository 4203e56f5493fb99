"""Where a card's time goes on its way to the screen, for ``display_latency.py``: each stage's
share of the card line written -> frame painted, and what every thread and process on the
machine took from the cores meanwhile.

The stages, by card (each one a timestamp taken where the card passes):

- reader: the line written on the pty -> the driver's thread has parsed it (``CardRead.at``);
- queue: -> the table's thread takes it from its inbox;
- table: the controller's work on it and the bus's subscribers ahead of the display's bridge
  (none once the bridge comes first), less the journal's commit;
- journal commit: the hash-chained transaction, committed (durable before anyone sees it);
- to the GUI thread: the bridge's signal queued to the GUI thread and picked up;
- view: the GUI thread applying the batch (the view, the felt, the panels), of which the
  header's fitting and the surveillance panel are shown apart;
- paint: -> the felt's paint has ended.

The consumers are timed apart too: each bus subscriber's time on the table's thread per card,
and the CPU time of every thread of this process (the GUI, the table, the reader, the feed's
relay, surveillance's worker and integrity threads) and of the processes beside it
(surveillance's child, the broker, the busy core) over the shoe.

The hooks wrap the classes' methods for this process only; nothing of the program changes.
"""

from __future__ import annotations

import os
import statistics
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from percentiles import percentiles

from controller.events.stream import TableEvent
from controller.journal import Journal
from controller.table.controller import TableController
from drivers.base import CardRead
from ui.display.bridge import EventBridge

READ = ("reveal", "burn", "card")  # one scanner line each, in order
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class CardPath:
    """Timestamps (time.monotonic) and durations by the index of the line read."""

    read: dict[int, float] = field(default_factory=dict)
    taken: dict[int, float] = field(default_factory=dict)
    handled: dict[int, float] = field(default_factory=dict)
    commit: dict[int, float] = field(default_factory=dict)  # seconds
    bridged: dict[int, float] = field(default_factory=dict)
    gui: dict[int, float] = field(default_factory=dict)
    viewed: dict[int, float] = field(default_factory=dict)
    header: dict[int, float] = field(default_factory=dict)  # seconds, the batch's
    surveillance: dict[int, float] = field(default_factory=dict)  # seconds, the batch's
    subscribers: dict[str, float] = field(default_factory=dict)  # seconds over card inputs
    _reads = 0
    _bridged = 0
    _current: int | None = None

    def hook_table(self) -> None:
        """Time the controller's inputs and the journal's commits (every table this process
        opens from now on)."""
        handle, commit = TableController.handle, Journal.commit
        path = self

        def timed_handle(controller: TableController, item: object) -> None:
            if not isinstance(item, CardRead):
                handle(controller, item)
                return
            index = path._reads
            path._reads += 1
            path.read[index], path.taken[index] = item.at, time.monotonic()
            path._current = index
            try:
                handle(controller, item)
            finally:
                path._current = None
                path.handled[index] = time.monotonic()

        def timed_commit(journal: Journal) -> None:
            start = time.monotonic()
            commit(journal)
            if path._current is not None:
                path.commit[path._current] = time.monotonic() - start

        TableController.handle = timed_handle  # type: ignore[method-assign]
        Journal.commit = timed_commit  # type: ignore[method-assign]

    def bridge(self) -> EventBridge:
        """The display's bridge, noting when each card line's event reaches it."""
        path = self

        class TimedBridge(EventBridge):
            def __call__(self, event: TableEvent) -> None:
                if event.type in READ:
                    path.bridged[path._bridged] = time.monotonic()
                    path._bridged += 1
                super().__call__(event)

        return TimedBridge()

    def time_subscribers(self, subscribers: list[Callable[[TableEvent], None]]) -> None:
        """Wrap each of a bus's subscribers (in place) to add up its time on card inputs."""
        path = self
        for position, subscriber in enumerate(subscribers):
            name = getattr(subscriber, "__qualname__", type(subscriber).__name__)
            name = {"TimedBridge": "display bridge"}.get(name, name.split(".<locals>.")[-1])

            def timed(event: TableEvent, subscriber: Any = subscriber, name: str = name
                      ) -> None:
                start = time.monotonic()
                subscriber(event)
                if path._current is not None:
                    path.subscribers[name] = (path.subscribers.get(name, 0.0)
                                              + time.monotonic() - start)

            subscribers[position] = timed

    def gui_batch(self, indexes: Sequence[int], start: float, end: float, header: float,
                  surveillance: float) -> None:
        for index in indexes:
            self.gui[index], self.viewed[index] = start, end
            self.header[index], self.surveillance[index] = header, surveillance

    def report(self, sent: Sequence[float], painted: dict[int, float], shown: Iterable[int]
               ) -> list[str]:
        """Each stage's p50 and p99 in ms over the cards ``shown`` (painted ones), and its
        share of the whole at the median."""
        cards = [index for index in shown if index in painted and index in self.viewed]

        def stage(name: str, value: Callable[[int], float]) -> tuple[str, list[float]]:
            return name, [value(index) * 1000 for index in cards]

        stages = [
            stage("reader (pty -> line parsed)", lambda i: self.read[i] - sent[i]),
            stage("queue (-> table thread)", lambda i: self.taken[i] - self.read[i]),
            stage("table (controller, subscribers ahead)",
                  lambda i: self.bridged[i] - self.taken[i] - self.commit.get(i, 0.0)),
            stage("journal commit", lambda i: self.commit.get(i, 0.0)),
            stage("to the GUI thread", lambda i: self.gui[i] - self.bridged[i]),
            stage("view (apply, panels)", lambda i: self.viewed[i] - self.gui[i]),
            stage("  of which header fitting", lambda i: self.header[i]),
            stage("  of which surveillance panel", lambda i: self.surveillance[i]),
            stage("paint (-> felt painted)", lambda i: painted[i] - self.viewed[i]),
            stage("whole (pty -> painted)", lambda i: painted[i] - sent[i]),
        ]
        lines = [f"{'stage':34} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8}"]
        for name, values in stages:
            p50, p99 = percentiles(values, 50, 99)
            lines.append(f"{name:34} {p50:8.3f} {p99:8.3f} "
                         f"{statistics.fmean(values):8.3f}")
        count = max(self._reads, 1)
        lines.append("table thread, per card read, each bus subscriber (mean ms): " + ", ".join(
            f"{name} {seconds * 1000 / count:.3f}" for name, seconds in sorted(
                self.subscribers.items(), key=lambda item: -item[1])))
        return lines


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User and system CPU time of a process, or of one of its threads."""
    stat = Path(f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat")
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


class CpuUse:
    """CPU taken by each thread of this process and by other processes, between ``start``
    and ``stop``."""

    def __init__(self) -> None:
        self.started: dict[str, float] = {}
        self.taken: dict[str, float] = {}
        self.processes: dict[str, int] = {}

    def watch(self, name: str, pid: int) -> None:
        self.processes[name] = pid

    def _now(self) -> dict[str, float]:
        own = os.getpid()
        seen: dict[str, float] = {}
        for thread in threading.enumerate():
            if thread.native_id is not None:
                name = "GUI thread" if thread is threading.main_thread() else thread.name
                seen[name] = seen.get(name, 0.0) + cpu_seconds(own, thread.native_id)
        for name, pid in self.processes.items():
            seen[name] = cpu_seconds(pid)
        return seen

    def start(self) -> None:
        self.started = self._now()

    def stop(self) -> None:
        now = self._now()
        self.taken = {name: seconds - self.started.get(name, 0.0)
                      for name, seconds in now.items()}

    def report(self, cards: int) -> str:
        shown = sorted(self.taken.items(), key=lambda item: -item[1])
        return "CPU per card read over the shoe (ms): " + ", ".join(
            f"{name} {seconds * 1000 / max(cards, 1):.2f}" for name, seconds in shown
            if seconds > 0)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"
