"""What a person waits for, on a journal a day, a month and a year old (issue: "a table that
runs for years"): a restart to ready, the display's first frame after it, ``history --last
10``, ``shoe-report`` of the last shoe, the floor feed's first publish after a restart; and
the daily full verify's rows per second against the anchor, a bare loop that reads and hashes
the same rows. Journals come from benchmarks/journal_generator.py (a real table's shoes,
repeated); each is verified once and a table start journals the result, as the daily timer
and the running table do, so the waits are timed after a verified checkpoint.

Goals: each wait within 1.3x between the youngest journal and the oldest; the verify at least
0.5x the bare loop.

    .venv/bin/python benchmarks/journal_age.py [--days 1,30,365] [--runs 3] [--keep DIR]

``--keep DIR`` keeps the journals there and uses them again on the next run (a year's takes
minutes to write); each run adds a few rows to them.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import paho.mqtt.client as mqtt
from journal_generator import TABLE, template_shoes, write_journal
from local_broker import free_port, start_broker
from paho.mqtt.enums import CallbackAPIVersion

from common.broker import BrokerSettings
from controller.feed.outbox import FeedRecord, write_record
from controller.journal.chain import GENESIS, row_hash
from controller.journal.verify_run import verify_journal
from controller.service.app import Table, open_table
from controller.table.config import TableConfig
from ui.cli import main as cli

GOAL_GROWTH = 1.3
GOAL_VERIFY = 0.5


def seconds_of(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def table_config(journal: Path, feed: BrokerSettings | None = None) -> TableConfig:
    """The generated table's own config: a restart records no configuration change."""
    return TableConfig(table_id=TABLE, driver_url="sim://?seed=3&rate=0",
                       journal_path=str(journal), feed=feed)


def restart(journal: Path) -> None:
    """A table opened on ``journal`` (the start-up check, the replay) and closed again."""
    open_table(table_config(journal)).close()


def checkpoint(journal: Path) -> None:
    """A table started, its daily check run at once (in its child process) and its result
    journaled: the checkpoint later starts check from; then stopped."""
    table = open_table(table_config(journal))
    assert table.journal_check is not None
    table.journal_check.check_now()
    table.runner.stop()
    table.run()


def last_row(journal: Path) -> tuple[int, str]:
    with contextlib.closing(sqlite3.connect(f"file:{journal}?mode=ro", uri=True)) as db:
        seq, digest = db.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1"
                                 ).fetchone()
    return seq, digest.hex()


@contextlib.contextmanager
def floor_subscriber(port: int) -> Iterator[tuple[list[int], threading.Event]]:
    """The seqs of the events the broker hands on, and an event set at each."""
    seqs: list[int] = []
    arrived = threading.Event()

    def on_message(_client: object, _userdata: object, message: mqtt.MQTTMessage) -> None:
        seqs.append(json.loads(message.payload)["seq"])
        arrived.set()

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-floor")
    subscribed = threading.Event()
    client.on_connect = lambda c, *_: c.subscribe(f"bench/{TABLE}/events", qos=1)
    client.on_subscribe = lambda *_: subscribed.set()
    client.on_message = on_message
    client.connect("127.0.0.1", port)
    client.loop_start()
    subscribed.wait(10)
    try:
        yield seqs, arrived
    finally:
        client.disconnect()
        client.loop_stop()


def feed_first_publish(journal: Path, port: int) -> float:
    """Seconds from a restart with the floor feed on to its first event at the floor: the
    broker acknowledged everything before the restart (``PATH.feed``, as a table with a feed
    leaves it), so the first is the restart's own."""
    seq, digest = last_row(journal)
    write_record(journal, FeedRecord(acked_seq=seq, acked_hash=digest))
    feed = BrokerSettings("127.0.0.1", port, False, TABLE, "bench")
    tables: list[Table] = []

    def own() -> None:  # the thread that opens the journal writes and closes it
        tables.append(open_table(table_config(journal, feed)))
        tables[0].run()

    with floor_subscriber(port) as (seqs, arrived):
        started = time.perf_counter()
        runner = threading.Thread(target=own)
        runner.start()
        try:
            while not any(each > seq for each in seqs):
                if not arrived.wait(60):
                    raise RuntimeError("the feed published nothing after the restart")
                arrived.clear()
            seconds = time.perf_counter() - started
        finally:
            while runner.is_alive() and not tables:
                time.sleep(0.01)
            if tables:
                tables[0].close()
            runner.join()
    return seconds


def first_frame(journal: Path) -> None:
    """A restart, then the display's window primed with what the journal shows and painted."""
    from ui.display.app import make_application
    from ui.display.window import DisplayWindow

    app = make_application("en")  # kept while the window lives
    table = open_table(table_config(journal))
    try:
        window = DisplayWindow()
        window.resize(1920, 1080)
        window.prime(table.view_events)
        window.grab()
        window.deleteLater()
        app.processEvents()
    finally:
        table.close()


def command(*words: str) -> None:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        if cli(list(words)) != 0:
            raise RuntimeError(f"baccarat-table {' '.join(words)} failed")


def bare_hashing(journal: Path) -> None:
    """The anchor: every row read and its hash recomputed, nothing else."""
    previous = GENESIS
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as connection:
        for row in connection.execute("SELECT seq, ts, type, table_id, shoe, round, data "
                                      "FROM events ORDER BY seq"):
            previous = row_hash(previous, *row)


def waits_on(journal: Path, out: Path, port: int) -> dict[str, Callable[[], float]]:
    """Each wait on ``journal``: a call that takes it and says how many seconds it took."""
    return {
        "restart to ready": lambda: seconds_of(lambda: restart(journal)),
        "display's first frame": lambda: seconds_of(lambda: first_frame(journal)),
        "history --last 10": lambda: seconds_of(lambda: command(
            "history", "--journal", str(journal), "--last", "10")),
        "shoe-report, last shoe": lambda: seconds_of(lambda: command(
            "shoe-report", "--journal", str(journal), "--out", str(out))),
        "feed's first publish": lambda: feed_first_publish(journal, port),
    }


def interleaved(waits: list[dict[str, Callable[[], float]]], runs: int
                ) -> dict[str, list[float]]:
    """Each wait's median seconds on each journal, the journals taken in turn run by run (a
    machine whose load drifts meanwhile weighs on every age alike), after one untimed run of
    each (Qt's first window, the page cache: the same for every age)."""
    taken: dict[str, list[list[float]]] = {name: [[] for _ in waits] for name in waits[0]}
    for run in range(runs + 1):
        for name, per_age in taken.items():
            for age, wait in enumerate(waits):
                seconds = wait[name]()
                if run:
                    per_age[age].append(seconds)
    return {name: [statistics.median(each) for each in per_age]
            for name, per_age in taken.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", default="1,30,365",
                        help="ages of the journals, in days of dealing (default 1,30,365)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each wait (median)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep the journals here and use them again (default: a "
                             "temporary folder)")
    args = parser.parse_args()
    ages = [float(days) for days in args.days.split(",")]
    waits: list[dict[str, Callable[[], float]]] = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        journals = args.keep or folder
        journals.mkdir(parents=True, exist_ok=True)
        port = free_port()
        broker = start_broker(folder, port)
        try:
            template = None
            for days in ages:
                journal = journals / f"{days:g}-days.sqlite3"
                if not journal.exists():
                    template = template or template_shoes(folder)
                    write_journal(journal, days, template)
                rows = last_row(journal)[0]
                # The daily check, timed; then the table's own, journaled: the checkpoint.
                verify = seconds_of(partial(verify_journal, journal))
                bare = seconds_of(partial(bare_hashing, journal))
                checkpoint(journal)
                print(f"{days:g} days: {rows:,} rows; verify {rows / verify:,.0f} rows/s, bare "
                      f"hashing loop {rows / bare:,.0f} rows/s: {bare / verify:.2f}x (goal >= "
                      f"{GOAL_VERIFY}x: {'met' if bare / verify >= GOAL_VERIFY else 'NOT met'})",
                      flush=True)
                waits.append(waits_on(journal, folder / "report.png", port))
            medians = interleaved(waits, args.runs)
        finally:
            broker.terminate()
            broker.wait()
    print("wait".ljust(26) + "".join(f"{days:>10g} d" for days in ages) + "   oldest/youngest")
    for name, seconds in medians.items():
        growth = seconds[-1] / seconds[0]
        print(name.ljust(26) + "".join(f"{value * 1000:>10.0f} ms" for value in seconds)
              + f"   {growth:.2f}x (goal <= {GOAL_GROWTH}x: "
              + ("met" if growth <= GOAL_GROWTH else "NOT met") + ")")


if __name__ == "__main__":
    main()
