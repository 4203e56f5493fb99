"""The pit's screenshots in docs/pit.md: the floor with 20 tables, a table's page, and the held
table's page opened from its alert's link to the hold, in Debian's headless Chromium. ``make
pit-screenshots`` runs this.

Real tables on the simulated shoe deal whole shoes with surveillance on (as fast as they go);
their journals are then published, each cut at another round and chained anew under the
floor's table ids, by light publishers through a real Mosquitto into a real pit. One table
has gone offline and one holds, so the floor shows what needs attention first.

    .venv/bin/python -m tests.pit_gallery [OUT_FOLDER]   (default docs/images)
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from controller.events import facts
from controller.events.stream import TableEvent
from controller.journal import Journal
from tests.support.feed import CLI, Broker
from tests.support.feed_messages import Chain
from tests.support.journal import ROOT, wait_for
from tests.support.pit import Pit, browser

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

SEEDS = (11, 12, 13, 14)
TABLES = [f"T{n:02d}" for n in range(1, 21)]
OFFLINE, HOLDING, SHOWN = "T07", "T12", "T03"
WINDOW = (1920, 1360)  # the page's viewport (Chromium's window is taller): 4 rows of tiles
PROFILES = ROOT / "controller" / "game" / "profiles"


def deal_shoe(folder: Path, seed: int) -> list[TableEvent]:
    """A real table deals one shoe on the simulated shoe, Big and Small Tiger watched."""
    profile = folder / "tiger-watched.toml"
    profile.write_text((PROFILES / "tiger.toml").read_text() + "\n[surveillance]\n")
    journal = folder / f"seed-{seed}.sqlite"
    subprocess.run([*CLI, "run", "--headless", "--driver", f"sim://?seed={seed}&rate=0",
                    "--profile", str(profile), "--journal", str(journal), "--shoes", "1"],
                   cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, check=True,
                   timeout=300)
    reopened = Journal.open(journal)
    try:
        return list(reopened.iter_events(1))
    finally:
        reopened.close()


def messages(table: str, events: list[TableEvent]) -> list[bytes]:
    """The events as ``table`` would publish them: its own id, chained anew."""
    chain = Chain(table)
    return [chain.message(event.type, event.fields, ts=event.ts, shoe=event.shoe,
                          round_=event.round) for event in events]


def cut(events: list[TableEvent], rounds: int) -> list[TableEvent]:
    """The shoe's events after round ``rounds``, up to the next round's first card (its
    bets are open)."""
    ends = [i for i, e in enumerate(events) if e.type == "card" and e.round > rounds]
    return events[:ends[0]] if ends else events


def hold(table: str, events: list[TableEvent]) -> list[TableEvent]:
    """The shoe cut, then a card the scanner could not place: the table holds."""
    last = events[-1]
    made = [facts.Hold(code="impossible_card", message="a ninth ace of spades in this shoe",
                       card="AS", raw="AS", source="reader"),
            facts.State(state="hold", previous="player1")]
    return [*events, *(TableEvent(last.seq + n, last.ts, table, last.shoe, last.round + 1, fact)
                       for n, fact in enumerate(made, start=1))]


def viewport(driver: WebDriver, width: int, height: int) -> None:
    """Sizes the window so that its page gets ``width`` x ``height``."""
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])


def publish(broker: Broker, streams: dict[str, list[bytes]]) -> None:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="gallery")
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    for table, payloads in streams.items():
        client.publish(f"baccarat/{table}/status", "online", qos=1, retain=True)
        for payload in payloads:
            client.publish(f"baccarat/{table}/events", payload, qos=1)
    client.publish(f"baccarat/{OFFLINE}/status", "offline", qos=1,
                   retain=True).wait_for_publish(30)
    client.disconnect()
    client.loop_stop()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "images")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        shoes = [deal_shoe(folder, seed) for seed in SEEDS]
        # Whole shoes at once: more than Mosquitto queues for a subscriber by default.
        broker = Broker(folder, extra="allow_anonymous true\nmax_queued_messages 100000")
        broker.start()
        pit = Pit(folder, broker)
        pit.start()
        try:
            streams = {}
            for n, table in enumerate(TABLES):
                events = cut(shoes[n % len(shoes)], 12 + (n * 7) % 55)
                if table == HOLDING:
                    events = hold(table, events)
                streams[table] = messages(table, events)
            publish(broker, streams)
            wait_for(lambda: all(pit.tables().get(t, {}).get("seq") == len(streams[t])
                                 for t in TABLES), timeout=60)
            # The offline table's alert, raised once its spell lasts (offline_alert_after_seconds).
            wait_for(lambda: any(alert["kind"] == "offline" for alert in pit.get("/api/alerts")),
                     timeout=60)
            driver = browser(folder, pit)
            try:
                viewport(driver, *WINDOW)
                driver.get(pit.url + "/")
                wait_for(lambda: len(driver.find_elements("css selector", ".tile")) == 20,
                         timeout=30)
                time.sleep(1)
                assert driver.save_screenshot(str(out / "pit-floor.png"))
                viewport(driver, 1920, 1080)
                driver.get(f"{pit.url}/tables/{SHOWN}")
                wait_for(lambda: driver.find_elements("css selector", "#rounds tbody tr"),
                         timeout=30)
                time.sleep(1)
                assert driver.save_screenshot(str(out / "pit-table.png"))
                held = len(streams[HOLDING]) - 1  # its hold, as the alert's link opens it
                driver.get(f"{pit.url}/tables/{HOLDING}?event={held}#event-{held}")
                wait_for(lambda: driver.find_elements("css selector", "#rounds tbody tr"),
                         timeout=30)
                time.sleep(1)
                assert driver.save_screenshot(str(out / "pit-table-event.png"))
            finally:
                driver.quit()
        finally:
            pit.stop()
            broker.stop()
    print(json.dumps({"written": [str(out / name) for name in (
        "pit-floor.png", "pit-table.png", "pit-table-event.png")]}))


if __name__ == "__main__":
    main()
