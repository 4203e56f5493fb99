"""The floor feed's cost and speed against a real local Mosquitto:

1. card-to-subscriber latency of the table's own bus with the feed off, with the feed on and
   the broker down, up, and up while a backlog drains (the feed must not slow the card path);
2. a burst of journaled events draining after an outage: events per second until a subscriber
   has the last one;
3. many simulated tables publishing to one broker at dealing pace: card-to-subscriber p50/p99
   (the card's ``ts`` to its arrival at a subscriber on the broker), the broker's CPU beside
   the tables'.

    .venv/bin/python benchmarks/feed.py [--tables 100] [--workers 10] [--rate 1] [--seconds 60]
                                        [--burst 10000] [--dir DIR]

Needs the ``mosquitto`` binary. Figures go to docs/performance.md under "Floor feed".
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from local_broker import free_port, start_broker  # noqa: E402
from percentiles import percentiles  # noqa: E402

from common.broker import BrokerSettings  # noqa: E402
from controller.events.stream import TableEvent  # noqa: E402
from controller.feed.relay import FeedRelay  # noqa: E402
from controller.service.app import open_table  # noqa: E402 (after the path is set)
from controller.table.config import TableConfig  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def last_seq(journal: Path) -> int:
    connection = sqlite3.connect(f"{journal.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return connection.execute("SELECT max(seq) FROM events").fetchone()[0] or 0
    finally:
        connection.close()


def seconds_since(ts: str) -> float:
    return time.time() - datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()


def latency_line(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    p50, p99 = percentiles(values, 50, 99)
    return (f"p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
            f"max {max(values) * 1000:.2f} ms ({len(values)} cards)")


class Subscriber:
    """Counts the events of every table and times each card from its ``ts``."""

    def __init__(self, port: int, topic: str = "bench/+/events") -> None:
        self.latencies: list[float] = []
        self.last: dict[str, int] = {}
        self.count = 0
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-floor")
        self.client.on_connect = lambda client, *_: client.subscribe(topic, qos=1)
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def _message(self, _client, _userdata, message) -> None:
        event = json.loads(message.payload)
        self.count += 1
        self.last[event["table"]] = max(self.last.get(event["table"], 0), event["seq"])
        if event["type"] == "card":
            self.latencies.append(seconds_since(event["ts"]))

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def settings(port: int, table: str) -> BrokerSettings:
    return BrokerSettings("127.0.0.1", port, False, table, "bench")


def play(config: TableConfig, seconds: float | None = None, shoes: int | None = None,
         on_event=None) -> None:
    """A table through ``open_table`` for ``seconds``, or until ``shoes`` shoes ended."""
    table = open_table(config, subscribers=(on_event,) if on_event else (),
                       stop_after_shoes=shoes)
    if seconds is not None:
        threading.Timer(seconds, table.runner.stop).start()
    try:
        table.runner.run()
    finally:
        table.close()


def backlog(journal: Path, events: int) -> int:
    """Shoes played with no feed (an outage) until ``journal`` holds ``events``; the shoes."""
    shoes = 0
    while not journal.exists() or last_seq(journal) < events:
        shoes += 1
        play(TableConfig(table_id=journal.stem, driver_url="sim://?rate=0&seed=3",
                         journal_path=str(journal)), shoes=1)
    return shoes


def card_path(folder: Path, shoes: int, port: int, burst: int) -> None:
    print("1. The table's own card-to-subscriber latency (a bus subscriber, after the commit):")
    dead_port = free_port()  # nothing listens there: the broker is down
    draining = folder / "draining.db"
    backlog(draining, burst)
    for label, feed, journal in (
            ("feed off", None, folder / "off.db"),
            ("feed on, broker down", settings(dead_port, "down"), folder / "down.db"),
            ("feed on, broker up", settings(port, "up"), folder / "up.db"),
            (f"feed on, draining a {burst:,}-event backlog meanwhile", settings(port, "draining"),
             draining)):
        latencies: list[float] = []

        def timed(event: TableEvent, latencies=latencies) -> None:
            if event.type == "card":
                latencies.append(seconds_since(event.ts))

        play(TableConfig(table_id=journal.stem, driver_url="sim://?rate=200&seed=7",
                         journal_path=str(journal), feed=feed), shoes=shoes, on_event=timed)
        print(f"   {label}: {latency_line(latencies)}")


def drain(folder: Path, port: int, burst: int) -> None:
    print(f"2. A burst of {burst:,} journaled events draining after an outage:")
    journal = folder / "burst.db"
    shoes = backlog(journal, burst)
    last = last_seq(journal)
    subscriber = Subscriber(port, "bench/burst/events")
    time.sleep(0.5)
    started = time.monotonic()
    relay = FeedRelay(settings(port, "burst"), journal, "burst")
    relay.start()
    while subscriber.last.get("burst", 0) < last:
        time.sleep(0.01)
    took = time.monotonic() - started
    relay.stop()
    subscriber.close()
    print(f"   {last:,} events ({shoes} shoes) in {took:.2f} s: {last / took:,.0f} events/s, "
          f"{subscriber.count:,} messages received")


def floor(folder: Path, port: int, broker: subprocess.Popen, tables: int, workers: int,
          rate: float, seconds: float) -> None:
    print(f"3. {tables} tables in {workers} processes, {rate:g} cards/s each, {seconds:g} s:")
    subscriber = Subscriber(port)
    per_worker = -(-tables // workers)
    broker_cpu = cpu_seconds(broker.pid)
    started = time.monotonic()
    children = [subprocess.Popen(
        [sys.executable, __file__, "--worker", str(first), "--tables",
         str(min(per_worker, tables - first)), "--rate", str(rate), "--seconds", str(seconds),
         "--port", str(port), "--dir", str(folder)], cwd=ROOT)
        for first in range(0, tables, per_worker)]
    usage_before = os.times()
    for child in children:
        child.wait()
    wall = time.monotonic() - started
    usage_after = os.times()
    tables_cpu = (usage_after.children_user + usage_after.children_system
                  - usage_before.children_user - usage_before.children_system)
    broker_cpu = cpu_seconds(broker.pid) - broker_cpu
    time.sleep(2)
    subscriber.close()
    print(f"   card to subscriber: {latency_line(subscriber.latencies)}")
    print(f"   {subscriber.count:,} events from {len(subscriber.last)} tables "
          f"({subscriber.count / wall:,.0f}/s over {wall:.0f} s)")
    print(f"   CPU of one core: broker {broker_cpu / wall * 100:.1f} %, the {tables} tables "
          f"{tables_cpu / wall * 100:.1f} % ({tables_cpu / wall * 100 / tables:.2f} % each)")


def worker(first: int, count: int, rate: float, seconds: float, port: int,
           folder: Path) -> None:
    threads = []
    for index in range(first, first + count):
        table = f"t{index:03d}"
        config = TableConfig(table_id=table, driver_url=f"sim://?rate={rate:g}&seed={index}",
                             journal_path=str(folder / f"{table}.db"),
                             feed=settings(port, table))
        thread = threading.Thread(target=play, args=(config, seconds))
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--workers", type=int, default=10)
    parser.add_argument("--rate", type=float, default=1.0, help="cards per second per table")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--burst", type=int, default=10_000)
    parser.add_argument("--shoes", type=int, default=3, help="shoes for the card-path test")
    parser.add_argument("--dir", type=Path)
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        worker(args.worker, args.tables, args.rate, args.seconds, args.port, args.dir)
        return
    with tempfile.TemporaryDirectory(dir=args.dir) as directory:
        folder = Path(directory)
        port = free_port()
        broker = start_broker(folder, port)
        try:
            card_path(folder, args.shoes, port, args.burst)
            drain(folder, port, args.burst)
            floor(folder, port, broker, args.tables, args.workers, args.rate, args.seconds)
        finally:
            broker.terminate()
            broker.wait()


if __name__ == "__main__":
    main()
