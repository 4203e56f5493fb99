"""Resident memory of the display: after 1,000 rounds, and over 100 shoes (no growth).

Plays 100 simulated shoes one after another (a new seed each) and feeds every event to one
display window (1920x1080, offscreen), painting after each shoe; the process's resident set
is read from /proc after each shoe. Targets: under 120 MB after 1,000 rounds; no growth over
100 shoes. Run: .venv/bin/python benchmarks/display_memory.py [--shoes N]
"""

from __future__ import annotations

import argparse
import gc
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from full_hd_window import full_hd_window

from controller.table.config import TableConfig
from ui.display.scenarios import play

PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_mb() -> float:
    return int(Path("/proc/self/statm").read_text().split()[1]) * PAGE / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=100)
    shoes = parser.parse_args().shoes
    app, window = full_hd_window()
    rounds = 0
    at_1000 = None
    samples = []
    for shoe in range(1, shoes + 1):
        for event in play(TableConfig(driver_url=f"sim://?seed={shoe}&rate=0")):
            window.on_event(event)
            rounds += event.type == "round_result"
        app.processEvents()
        window.grab()
        gc.collect()
        samples.append(resident_mb())
        if at_1000 is None and rounds >= 1000:
            at_1000 = (rounds, samples[-1])
    print(f"{shoes} shoes, {rounds} rounds through one window (1920x1080 offscreen)")
    settled = min(10, shoes)  # the first shoes fill caches; growth counts from the tenth
    if at_1000 is not None:
        print(f"resident after {at_1000[0]} rounds: {at_1000[1]:.1f} MB")
    tenth = [samples[i] for i in range(settled - 1, shoes, 10)]
    print("resident every 10 shoes (MB): " + " ".join(f"{value:.1f}" for value in tenth))
    print(f"resident after {rounds} rounds: {samples[-1]:.1f} MB; growth from shoe {settled} "
          f"to shoe {shoes}: {samples[-1] - samples[settled - 1]:+.1f} MB")


if __name__ == "__main__":
    main()
