"""Card to painted frame: a card line written on the emulator's pseudo-terminal to the end of
the paint that shows it on the dealer display.

The emulator (its own process, as ``emulate-shoe``) plays one full 8-deck shoe on the scanner
protocol and logs the monotonic time just before each write. This process runs the real
table on ``serial://`` with the display offscreen at 1920x1080: driver thread, controller
thread, bridge, GUI thread. The cards panel's paint is timed at its end; the roads fill up
as the shoe goes, so late cards are shown with every road full.

The dealer confirms the new shoe first (a scanner cannot say the shoe was shuffled). With
``--cards N`` only the shoe's first N cards are dealt (a brief run, before the cut card).

Targets: p50 < 4 ms, p99 < 8 ms. Run: .venv/bin/python benchmarks/display_latency.py [--cards N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from emulated_shoe import EmulatedShoe
from full_hd_window import full_hd_window

from controller.events.stream import TableEvent
from controller.table.commands import Command
from controller.table.config import TableConfig
from drivers.card_codes import CUT
from drivers.shoe_order import build_shoe, shoe_random
from ui.display.bridge import EventBridge
from ui.table_process import TableProcess

INTERVAL = 0.04  # seconds between cards: faster than any dealer, slow enough to paint each
SEED = 7
SHOWN = frozenset({"card"})  # the events the cards panel paints
READ = ("reveal", "burn", "card")  # one scanner line each, in order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, help="deal only the shoe's first N cards")
    order = build_shoe(8, shoe_random(SEED, 0))
    cards = parser.parse_args().cards
    if cards is not None:
        if not 0 < cards <= order.index(CUT):
            parser.error(f"--cards: 1 to {order.index(CUT)} (the cut card)")
        order = order[:cards]
    app, window = full_hd_window()
    applied: list[tuple[int, str]] = []  # (line index, event type) in the GUI thread
    painted: dict[int, float] = {}
    pending: list[int] = []
    panel = window.cards
    paint = panel.paintEvent

    def timed_paint(event) -> None:
        paint(event)
        now = time.monotonic()
        for index in pending:
            painted.setdefault(index, now)
        pending.clear()
        if len(applied) == cards:  # a brief run: every card read is shown
            app.quit()

    panel.paintEvent = timed_paint  # sip finds the instance attribute for the virtual
    show = window.on_events

    def on_events(events) -> None:
        for event in events:
            if event.type in READ:
                index = len(applied)
                applied.append((index, event.type))
                if event.type in SHOWN:
                    pending.append(index)
        show(events)

    bridge = EventBridge()
    bridge.received.connect(on_events)
    connected = threading.Event()

    def note_connected(event: TableEvent) -> None:
        if event.type == "scanner" and event.fields["status"] == "connected":
            connected.set()

    with EmulatedShoe(order, INTERVAL) as shoe:
        # Identical reads closer than the debounce are one read: keep it under the interval.
        url = f"serial://{shoe.path}?baud=115200&debounce=10"
        process = TableProcess(TableConfig(driver_url=url), stop_after_shoes=1)
        # The dealer confirms the shoe once the table is open.
        bridge.opened.connect(lambda table: table.runner.submit(Command("new_shoe")))
        bridge.runner_finished.connect(app.quit)
        bridge.start(process, note_connected)
        connected.wait(30)  # the driver opens the port in its thread, flushing what came before
        shoe.play()
        app.exec()
        process.close()  # a brief run ends before the shoe does
    sent = shoe.sent
    measured = [(index, (painted[index] - sent[index]) * 1000)
                for index, kind in applied if kind in SHOWN and index in painted]
    latencies = [latency for _, latency in measured]
    rounds = window.view.roads.hands()
    cuts = statistics.quantiles(latencies, n=100)
    print(f"{len(latencies)} dealt cards over {rounds} rounds, one card every "
          f"{INTERVAL * 1000:g} ms, display 1920x1080 offscreen")
    print(f"card line written -> frame painted: p50 {cuts[49]:.2f} ms  p99 {cuts[98]:.2f} ms  "
          f"max {max(latencies):.2f} ms")
    late = [latency for index, latency in measured if index > len(applied) * 3 // 4]
    late_cuts = statistics.quantiles(late, n=100)
    print(f"last quarter of the shoe (roads full):   p50 {late_cuts[49]:.2f} ms  "
          f"p99 {late_cuts[98]:.2f} ms")


if __name__ == "__main__":
    main()
