"""How far the display falls behind the table under a flood of events: rate-0 shoes.

The simulated shoe at rate 0 deals as fast as the controller takes cards (thousands of events
a second), in the controller's thread, while the display (1920x1080, offscreen) shows them in
the GUI thread through the real bridge. Each event's publish time is noted as the bus hands it
to the bridge; it counts as shown when the felt has painted after the batch that carried it.
The lag is the time between the two. Target: never more than 1 s.

Run: .venv/bin/python benchmarks/display_lag.py [--shoes N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from full_hd_window import full_hd_window
from percentiles import percentiles

from controller.events.stream import TableEvent
from controller.table.config import TableConfig
from ui.display.bridge import EventBridge
from ui.table_process import TableProcess


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=20)
    shoes = parser.parse_args().shoes
    app, window = full_hd_window()
    published: dict[int, float] = {}  # seq -> when the bus handed it over
    waiting: list[int] = []  # applied, not yet painted
    lags: list[float] = []
    batches: list[int] = []
    bridge = EventBridge()

    def publish(event: TableEvent) -> None:
        published[event.seq] = time.monotonic()
        bridge(event)

    def show(events) -> None:
        batches.append(len(events))
        window.on_events(events)
        waiting.extend(event.seq for event in events)

    paint = window.cards.paintEvent

    def timed_paint(event) -> None:
        paint(event)
        now = time.monotonic()
        lags.extend(now - published.pop(seq) for seq in waiting)
        waiting.clear()

    window.cards.paintEvent = timed_paint  # sip finds the instance attribute for the virtual
    bridge.received.connect(show)
    process = TableProcess(TableConfig(driver_url="sim://?seed=11&rate=0"),
                           stop_after_shoes=shoes)
    bridge.runner_finished.connect(app.quit)
    start = time.monotonic()
    process.start(publish, opened=lambda table: None, refused=bridge.refused.emit,
                  ended=bridge.table_ended)
    app.exec()
    process.close()
    app.processEvents()
    window.grab()  # the last batch paints
    elapsed = time.monotonic() - start
    rounds = window.view.roads.hands()
    p50, p99 = percentiles(lags, 50, 99)
    print(f"{shoes} rate-0 shoes, {len(lags)} events in {elapsed:.1f} s, display 1920x1080 "
          f"offscreen; the last shoe's roads hold {rounds} hands")
    print(f"{len(batches)} batches: median {statistics.median(batches):.0f} events, "
          f"largest {max(batches)}")
    print(f"event published -> felt painted: p50 {p50 * 1000:.1f} ms  "
          f"p99 {p99 * 1000:.1f} ms  max {max(lags) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
