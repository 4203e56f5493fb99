"""The pit's ingest at floor scale, against a real local Mosquitto.

N light publishers (one MQTT connection per 50 tables, not whole tables) replay chained table
event streams at dealing pace (``--rate`` events a second per table) into one pit process.
Printed for each N: event published -> in the pit's floor API (``/api/tables``, which the floor
page reads every second: add up to a second for the page) p50/p99, and the pit's CPU share of
one core and its resident memory. The anchor, measured in the same run: the same events' trip
publisher -> plain subscriber on the same broker.

    .venv/bin/python benchmarks/pit.py [--tables 20 100 500] [--seconds 20] [--rate 1.5]

Needs the ``mosquitto`` binary. Figures go to docs/performance.md under "The pit".
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.feed.message import event_message
from controller.journal.chain import GENESIS, canonical_data, row_hash
from tests.feed_support import Broker
from tests.pit_support import Pit

TABLES_PER_CONNECTION = 50
CARDS = ("9C", "TH", "5D", "AS", "KH", "3C")


def stream(table: str):
    """Endless chained events of a table: a card-sized event each time (what dominates)."""
    prev, seq = GENESIS, 0
    while True:
        seq += 1
        ts = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
        data = {"card": CARDS[seq % 6], "position": "player1", "raw": CARDS[seq % 6],
                "source": "reader", "cards_left": 400}
        digest = row_hash(prev, seq, ts, "card", table, 1, 1, canonical_data(data))
        wire = {"type": "card", "seq": seq, "ts": ts, "table": table, "shoe": 1, "round": 1,
                **data}
        yield seq, event_message(wire, prev, digest)
        prev = digest


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run(tables: int, seconds: float, rate: float, folder: Path) -> None:
    broker = Broker(folder)
    broker.start()
    pit = Pit(folder, broker)
    pit.start()
    sent: dict[tuple[str, int], float] = {}
    anchor: list[float] = []
    probe = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="anchor")
    probe.on_message = lambda _c, _u, m: anchor.append(
        time.monotonic() - sent.get((m.topic.split("/")[1], int(m.payload[m.payload.index(
            b'"seq":') + 6:].split(b",")[0])), time.monotonic()))
    probe.on_connect = lambda c, *_: c.subscribe("baccarat/+/events", qos=1)
    probe.connect("127.0.0.1", broker.port)
    probe.loop_start()
    names = [f"b{n:03d}" for n in range(tables)]
    streams = {name: stream(name) for name in names}
    clients = []
    for start in range(0, tables, TABLES_PER_CONNECTION):
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"pub-{start}")
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        clients.append((client, names[start:start + TABLES_PER_CONNECTION]))
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    last_seen: dict[str, int] = {}

    def watch() -> None:  # what the floor page reads
        while time.monotonic() < stop + 2:
            now = time.monotonic()
            for tile in pit.get("/api/tables"):
                for seq in range(last_seen.get(tile["table"], 0) + 1, tile["seq"] + 1):
                    published = sent.get((tile["table"], seq))
                    if published is not None:
                        latencies.append(now - published)
                last_seen[tile["table"]] = max(last_seen.get(tile["table"], 0), tile["seq"])
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    cpu_before, wall_before = cpu_seconds(pit.process.pid), time.monotonic()
    interval = 1 / rate
    while time.monotonic() < stop:
        tick = time.monotonic()
        for client, group in clients:
            for name in group:
                seq, payload = next(streams[name])
                sent[(name, seq)] = time.monotonic()
                client.publish(f"baccarat/{name}/events", payload, qos=1)
        time.sleep(max(0.0, interval - (time.monotonic() - tick)))
    cpu = (cpu_seconds(pit.process.pid) - cpu_before) / (time.monotonic() - wall_before)
    watcher.join()
    rss = rss_mb(pit.process.pid)
    for client, _ in clients:
        client.disconnect()
        client.loop_stop()
    probe.disconnect()
    probe.loop_stop()
    pit.stop()
    broker.stop()
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    anchors = statistics.quantiles(anchor, n=100) if len(anchor) > 1 else [0.0] * 99
    print(f"{tables} tables, {len(latencies)} events: published -> in the floor API: "
          f"p50 {quantiles[49] * 1000:.1f} ms  p99 {quantiles[98] * 1000:.1f} ms "
          f"(goal p99 < 1000 ms less the page's 1 s poll)")
    print(f"  anchor, published -> plain subscriber: p50 {anchors[49] * 1000:.1f} ms  "
          f"p99 {anchors[98] * 1000:.1f} ms; "
          f"p50 ratio {quantiles[49] / max(anchors[49], 1e-6):.1f}x")
    print(f"  the pit: CPU {cpu * 100:.1f} % of one core (goal < 50 % at 500), "
          f"RSS {rss:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[20, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=1.5, help="events a second per table")
    args = parser.parse_args()
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as folder:
            run(tables, args.seconds, args.rate, Path(folder))


if __name__ == "__main__":
    main()
