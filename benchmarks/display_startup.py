"""Start-up to the first painted frame, with 1,000 rounds of events to catch up on.

A restarted display primes its view from the journal's events (``Table.view_events``) before
it shows anything. This script plays 1,000+ rounds on the simulated shoe, writes their events
as JSON lines, then starts a fresh Python process that imports the display, reads and applies
them, shows the window (1920x1080, offscreen) and reports when the cards panel has painted.
The time runs from just before the process is spawned. Target: under 800 ms.

Run: .venv/bin/python benchmarks/display_startup.py [--rounds N] [--runs N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from controller.events.stream import TableEvent
from controller.table.config import TableConfig
from ui.display.scenarios import play

CHILD = """
import os, sys, time
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import json
from controller.events.codec import decode
from controller.events.stream import TableEvent
from ui.display.app import make_application
from ui.display.window import DisplayWindow
app = make_application("en")
def event(line):
    fields = json.loads(line)
    type_ = fields.pop("type")
    envelope = [fields.pop(key) for key in ("seq", "ts", "table", "shoe", "round")]
    return TableEvent(*envelope, decode(type_, fields))
with open(sys.argv[1], encoding="utf-8") as lines:
    events = [event(line) for line in lines]
window = DisplayWindow()
window.resize(1920, 1080)
window.prime(events)
paint = window.cards.paintEvent
def first_paint(event):
    paint(event)
    print(time.monotonic(), window.view.roads.hands(), len(events), flush=True)
    os._exit(0)
window.cards.paintEvent = first_paint
window.show()
app.exec()
"""


def played_events(rounds: int) -> list[TableEvent]:
    """Whole simulated shoes, one after another, until ``rounds`` rounds were played."""
    events: list[TableEvent] = []
    seed = 0
    while sum(event.type == "round_result" for event in events) < rounds:
        seed += 1
        events += play(TableConfig(driver_url=f"sim://?seed={seed}&rate=0"))
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000, help="at least this many rounds")
    parser.add_argument("--runs", type=int, default=5, help="process starts timed")
    args = parser.parse_args()
    events = played_events(args.rounds)
    rounds = sum(event.type == "round_result" for event in events)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "events.jsonl"
        path.write_text("".join(event.to_json() + "\n" for event in events), encoding="utf-8")
        times = []
        for _ in range(args.runs):
            start = time.monotonic()
            output = subprocess.run([sys.executable, "-c", CHILD, str(path)], check=True,
                                    capture_output=True, text=True).stdout.split()
            times.append((float(output[0]) - start) * 1000)
    print(f"{rounds} rounds ({len(events)} events) primed, window 1920x1080 offscreen")
    print(f"process start -> first painted frame: best {min(times):.0f} ms, "
          f"median {sorted(times)[len(times) // 2]:.0f} ms, worst {max(times):.0f} ms")


if __name__ == "__main__":
    main()
