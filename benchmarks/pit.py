"""The pit at floor scale, against a real local Mosquitto, with the floor page open.

N light publishers (one MQTT connection per 50 tables, not whole tables) replay chained table
event streams at dealing pace (``--rate`` events a second per table: cards, and a round's
result every sixth event, so the tiles' roads change too) into one pit process, while headless
Chromium, logged in as a pit user, shows the floor page (its live stream). Printed for each N:
event published -> visible on the page p50/p99 (a MutationObserver in the page notes when each
tile's seq changes), and the pit's CPU share of one core and its resident memory. The anchor,
measured in the same run: the same events' trip publisher -> plain subscriber on the same
broker.

    .venv/bin/python benchmarks/pit.py [--tables 20 100 500] [--seconds 20] [--rate 1.5]
                                       [--cluster]

``--cluster``: against a three-node NATS cluster on loopback (JetStream, MQTT 3.1.1, set up as
docs/feed.md's "A floor on a broker cluster" says) instead of one Mosquitto, the pit and the
publishers spread over its nodes.

Needs the ``mosquitto`` binary (or ``nats-server``), and Debian's chromium and chromium-driver.
Figures go to docs/performance.md under "The pit".
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from percentiles import percentiles

from controller.feed.message import event_message
from controller.journal.chain import GENESIS, canonical_data, row_hash
from tests.support.feed import Broker
from tests.support.nats import NatsCluster
from tests.support.pit import Pit, browser

TABLES_PER_CONNECTION = 50
# The broker as a floor's would be set up (docs/pit.md): the pit's queue and its messages in
# flight not capped at Mosquitto's defaults (1,000 and 20), which are for small installs.
FLOOR_BROKER = "allow_anonymous true\nmax_queued_messages 100000\nmax_inflight_messages 0"
CARDS = ("9C", "TH", "5D", "AS", "KH", "3C")
POSITIONS = ("player1", "banker1", "player2", "banker2", "player3")
WINNERS = ("banker", "player", "banker", "tie", "player", "banker", "banker")
# What the page runs: each tile's seq as it appears, with the wall-clock time (ms).
WATCH_PAGE = """
window.seen = [];
new MutationObserver(changes => {
  const now = Date.now();
  for (const change of changes) {
    const tile = change.type === "attributes" ? change.target : null;
    if (tile) window.seen.push([tile.dataset.table, Number(tile.dataset.seq), now]);
    for (const added of change.addedNodes || []) {
      if (added.dataset && added.dataset.seq) {
        window.seen.push([added.dataset.table, Number(added.dataset.seq), now]);
      }
    }
  }
}).observe(document.getElementById("floor"),
           {subtree: true, childList: true, attributes: true, attributeFilter: ["data-seq"]});
"""
# A tile's table and seq in the stream's JSON (its roads' cells have no seq).
TILE_SEQ = re.compile(rb'"table":"([^"]+)".*?"seq":(\d+)')
TAKE_SEEN = "const seen = window.seen; window.seen = []; return seen;"


def stream(table: str):
    """Endless chained events of a table: five cards, then the round's result."""
    prev, seq = GENESIS, 0
    while True:
        seq += 1
        ts = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
        hand, step = divmod(seq - 1, 6)
        if step < 5:
            kind, data = "card", {"card": CARDS[seq % 6], "position": POSITIONS[step],
                                  "raw": CARDS[seq % 6], "source": "reader",
                                  "cards_left": 400 - seq % 400}
        else:
            kind, data = "round_result", result(WINNERS[hand % len(WINNERS)])
        digest = row_hash(prev, seq, ts, kind, table, 1, hand + 1, canonical_data(data))
        envelope = {"type": kind, "seq": seq, "ts": ts, "table": table, "shoe": 1,
                    "round": hand + 1}
        yield seq, event_message(envelope, data, prev, digest)
        prev = digest


def result(winner: str) -> dict:
    return {"player": ["9C", "TH", "5D"], "banker": ["AS", "KH"], "player_total": 4,
            "banker_total": 1, "winner": winner, "player_pair": False, "banker_pair": False,
            "player_natural": False, "banker_natural": False, "natural": False,
            "banker_six_cards": None, "winning_bets": [winner], "pushed_bets": [],
            "pays": {winner: "1"}, "bets": {}}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run(tables: int, seconds: float, rate: float, folder: Path, cluster: bool) -> None:
    if cluster:  # the pit on node 1, the anchor on node 2, the publishers round the nodes
        broker: Broker | NatsCluster = NatsCluster(folder)
        ports = broker.mqtt_ports
        url = broker.url(1)
    else:
        broker = Broker(folder, extra=FLOOR_BROKER)
        ports, url = [broker.port], broker.url
    broker.start()
    pit = Pit(folder, SimpleNamespace(url=url))
    pit.start(*(["--protocol", "3.1.1"] if cluster else []))
    sent: dict[tuple[str, int], float] = {}
    anchor: list[float] = []
    probe = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="anchor")
    probe.on_message = lambda _c, _u, m: anchor.append(
        time.monotonic() - sent.get((m.topic.split("/")[1], int(m.payload[m.payload.index(
            b'"seq":') + 6:].split(b",")[0])), time.monotonic()))
    probe.on_connect = lambda c, *_: c.subscribe("baccarat/+/events", qos=1)
    probe.connect("127.0.0.1", ports[1 % len(ports)])
    probe.loop_start()
    page = browser(folder, pit)
    page.get(pit.url + "/")
    page.execute_script(WATCH_PAGE)
    names = [f"b{n:03d}" for n in range(tables)]
    streams = {name: stream(name) for name in names}
    clients = []
    for start in range(0, tables, TABLES_PER_CONNECTION):
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"pub-{start}")
        client.connect("127.0.0.1", ports[len(clients) % len(ports)])
        client.loop_start()
        clients.append((client, names[start:start + TABLES_PER_CONNECTION]))
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    last_seen: dict[str, int] = {}
    published_at: dict[tuple[str, int], float] = {}  # wall clock, as the page's Date.now()

    def watch() -> None:  # what the floor page showed, and when
        while time.monotonic() < stop + 2:
            for table, shown, at in page.execute_script(TAKE_SEEN):
                for seq in range(last_seen.get(table, 0) + 1, shown + 1):
                    published = published_at.get((table, seq))
                    if published is not None:
                        latencies.append(at / 1000 - published)
                last_seen[table] = max(last_seen.get(table, 0), shown)
            time.sleep(0.2)

    streamed: list[float] = []

    def listen() -> None:  # the floor page's stream itself, read as it comes
        request = urllib.request.Request(pit.url + "/api/live",
                                         headers={"Authorization": f"Bearer {pit.token}"})
        with urllib.request.urlopen(request, timeout=10) as stream:
            for line in stream:
                if time.monotonic() > stop + 2:
                    return
                if not line.startswith(b"data: "):
                    continue
                now = time.time()
                for name, number in TILE_SEQ.findall(line):  # lighter than parsing it all
                    table, shown = name.decode(), int(number)
                    for seq in range(streamed_seen.get(table, 0) + 1, shown + 1):
                        published = published_at.get((table, seq))
                        if published is not None:
                            streamed.append(now - published)
                    streamed_seen[table] = max(streamed_seen.get(table, 0), shown)

    streamed_seen: dict[str, int] = {}
    watcher = threading.Thread(target=watch)
    watcher.start()
    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    cpu_before, wall_before = cpu_seconds(pit.process.pid), time.monotonic()
    interval = 1 / rate
    while time.monotonic() < stop:
        tick = time.monotonic()
        for client, group in clients:
            for name in group:
                seq, payload = next(streams[name])
                sent[(name, seq)] = time.monotonic()
                published_at[(name, seq)] = time.time()
                client.publish(f"baccarat/{name}/events", payload, qos=1)
        time.sleep(max(0.0, interval - (time.monotonic() - tick)))
    cpu = (cpu_seconds(pit.process.pid) - cpu_before) / (time.monotonic() - wall_before)
    watcher.join()
    rss = rss_mb(pit.process.pid)
    page.quit()
    for client, _ in clients:
        client.disconnect()
        client.loop_stop()
    probe.disconnect()
    probe.loop_stop()
    pit.stop()
    broker.stop()
    page_p50, page_p99 = percentiles(latencies, 50, 99)
    stream_p50, stream_p99 = percentiles(streamed, 50, 99)
    anchor_p50, anchor_p99 = percentiles(anchor, 50, 99)
    print(f"{tables} tables, {len(latencies)} events: published -> visible on the floor page: "
          f"p50 {page_p50 * 1000:.1f} ms  p99 {page_p99 * 1000:.1f} ms "
          f"(goal p99 < 1000 ms)")
    print(f"  published -> in the page's event stream: p50 {stream_p50 * 1000:.1f} ms  "
          f"p99 {stream_p99 * 1000:.1f} ms")
    print(f"  anchor, published -> plain subscriber: p50 {anchor_p50 * 1000:.1f} ms  "
          f"p99 {anchor_p99 * 1000:.1f} ms; "
          f"p50 ratio {page_p50 / max(anchor_p50, 1e-6):.1f}x")
    print(f"  the pit: CPU {cpu * 100:.1f} % of one core (goal < 50 % at 500), "
          f"RSS {rss:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[20, 100, 500])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=1.5, help="events a second per table")
    parser.add_argument("--cluster", action="store_true",
                        help="a three-node NATS cluster instead of one Mosquitto")
    args = parser.parse_args()
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as folder:
            run(tables, args.seconds, args.rate, Path(folder), args.cluster)


if __name__ == "__main__":
    main()
