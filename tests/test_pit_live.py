"""The floor's live stream as a page receives it: a pit's floor and its broadcaster in this
process, fed the feed's messages, with a real SQLite store."""

from __future__ import annotations

import json
import time

from controller.feed.message import event_message
from controller.journal.chain import GENESIS, canonical_data, row_hash
from pit.floor import Floor
from pit.live import Client, Live
from pit.settings import load_settings
from pit.store import Store


class Feed:
    """Chained events of several tables, as their feeds publish them."""

    def __init__(self, floor: Floor) -> None:
        self.floor = floor
        self.chains: dict[str, tuple[int, bytes]] = {}

    def status(self, table: str, status: str) -> None:
        self.floor.on_message(f"baccarat/{table}/status", status.encode())

    def state(self, table: str, state: str) -> None:
        seq, prev = self.chains.get(table, (0, GENESIS))
        seq += 1
        ts = time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime())
        fields = {"state": state, "previous": "awaiting_shuffle"}
        digest = row_hash(prev, seq, ts, "state", table, 1, 1, canonical_data(fields))
        wire = {"type": "state", "seq": seq, "ts": ts, "table": table, "shoe": 1, "round": 1,
                **fields}
        self.floor.on_message(f"baccarat/{table}/events", event_message(wire, prev, digest))
        self.chains[table] = (seq, digest)


def tiles_sent(live: Live, page: Client) -> dict[str, dict]:
    live.broadcast()
    sent: dict[str, dict] = {}
    while not page.queue.empty():
        message = page.queue.get_nowait()
        data = next(line for line in message.splitlines() if line.startswith("data: "))
        sent.update({tile["table"]: tile for tile in json.loads(data[6:])["tiles"]})
    return sent


def test_a_table_quiet_for_longer_than_a_hand_turns_silent_and_comes_first(tmp_path):
    # A hand a second at the target pace, so a second without an event is silence.
    floor = Floor(load_settings(None, {"target_hands_per_hour": 3600}),
                  Store(tmp_path / "pit.sqlite3"))
    live, page, feed = Live(floor), Client(None), Feed(floor)
    live.clients.add(page)
    for table, phase in (("t1", "betting"), ("t2", "betting"), ("t3", "hold")):
        feed.status(table, "online")
        feed.state(table, phase)
    first = tiles_sent(live, page)
    assert not any(tile["silent"] for tile in first.values())
    time.sleep(1.3)
    feed.state("t2", "player1")  # t2 deals on; t1 says nothing; t3 holds (quiet by nature)
    later = tiles_sent(live, page)
    assert later["t1"]["silent"] and not later["t2"]["silent"]
    assert later["t1"]["status"] == "online"  # the table's own word, beside the pit's
    assert later["t1"]["attention"] > later["t2"]["attention"]
    assert "t3" not in later or not later["t3"]["silent"]
    feed.state("t1", "player1")  # it speaks again
    assert not tiles_sent(live, page)["t1"]["silent"]
