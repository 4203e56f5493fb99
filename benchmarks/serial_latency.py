"""Card latency through the serial driver: a line written on the emulator side of a pty to
the ``card`` event in the controller's process.

The emulator runs in its own process (as ``emulate-shoe`` does) and logs the monotonic time
just before each write; the driver's sink records the time each card reaches it (the
monotonic clock is shared by all processes). Three runs: main thread idle; main thread busy
computing at a 10 µs thread switch interval; busy at Python's default 5 ms switch interval
(what the table runs with). Last, the interpreter's floor: a bare
thread that only reads timestamps from a raw pty while the main thread is busy: no pyserial,
driver or parsing, at the short switch interval. And what a short interval costs: two
threads computing flat out, timed at 5 ms, 50 µs and 10 µs.

Targets: p50 < 0.1 ms and p99 < 0.5 ms.
Run: .venv/bin/python benchmarks/serial_latency.py [--cards N] [--work N]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import sys
import threading
import time
import tty

from emulated_shoe import EmulatedShoe
from percentiles import percentiles

from drivers import open_driver
from drivers.base import CardRead, DriverEvent
from drivers.card_codes import ALL_CODES

INTERVAL = 0.001  # seconds between lines: the scanner debounce never merges distinct cards
# A short switch interval to compare with Python's default (the table sets none of its own).
SWITCH_INTERVAL = 0.00001


def busy_until(done: threading.Event) -> None:
    """Keep the main thread computing in Python, as the controller and display would."""
    total = 0
    while not done.is_set():
        for number in range(2000):
            total += number * number


def run(cards: int, busy: bool, switch_interval: float | None) -> list[float]:
    received: list[float] = []
    done = threading.Event()

    def sink(event: DriverEvent) -> None:
        if isinstance(event, CardRead):
            received.append(time.monotonic())
            if len(received) == cards:
                done.set()

    script = list(itertools.islice(itertools.cycle(ALL_CODES), cards))
    with EmulatedShoe(script, INTERVAL) as shoe:
        connected = threading.Event()

        def first_sink(event: DriverEvent) -> None:
            if event.kind == "connected":
                connected.set()
            sink(event)

        driver = open_driver(f"serial://{shoe.path}?baud=115200", first_sink)
        with driver:
            connected.wait(5)
            default_interval = sys.getswitchinterval()
            if switch_interval is not None:
                sys.setswitchinterval(switch_interval)
            shoe.play()
            if busy:
                busy_until(done)
            else:
                done.wait(cards * INTERVAL * 10 + 10)
            sys.setswitchinterval(default_interval)
    sent = shoe.sent
    if len(received) != len(sent):
        raise SystemExit(f"lost cards: sent {len(sent)}, received {len(received)}")
    return [(got - put) * 1000 for put, got in zip(sent, received, strict=True)]


def bare_thread_floor(cards: int) -> list[float]:
    """Latency of a thread that does nothing but ``os.read`` a pty fed by a child process."""
    write_end, read_end = os.openpty()
    tty.setraw(read_end)
    child = os.fork()
    if child == 0:  # the writer: a monotonic timestamp a line, one every INTERVAL
        os.close(read_end)
        time.sleep(0.2)
        for _ in range(cards):
            os.write(write_end, f"{time.monotonic():.9f}\n".encode())
            time.sleep(INTERVAL)
        os._exit(0)
    os.close(write_end)
    latencies: list[float] = []
    done = threading.Event()

    def reader() -> None:
        with contextlib.suppress(OSError):  # EIO: the writer has gone
            while data := os.read(read_end, 4096):
                now = time.monotonic()
                latencies.extend((now - float(sent)) * 1000 for sent in data.split())
        done.set()

    default_interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    threading.Thread(target=reader, daemon=True).start()
    busy_until(done)
    sys.setswitchinterval(default_interval)
    os.waitpid(child, 0)
    os.close(read_end)
    return latencies


def interval_cost(interval: float, work: int) -> float:
    """Seconds for two threads to compute ``work`` squares each at switch interval ``interval``."""

    def compute() -> None:
        total = 0
        for number in range(work):
            total += number * number

    default_interval = sys.getswitchinterval()
    sys.setswitchinterval(interval)
    threads = [threading.Thread(target=compute) for _ in range(2)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    sys.setswitchinterval(default_interval)
    return seconds


def report(name: str, latencies: list[float]) -> None:
    p50, p99 = percentiles(latencies, 50, 99)
    print(f"{name:<44} p50 {p50:.3f} ms  p99 {p99:.3f} ms  max {max(latencies):.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=2000, help="lines a run (2000)")
    parser.add_argument("--work", type=int, default=3_000_000,
                        help="squares each thread computes to time a switch interval")
    args = parser.parse_args()
    cards = args.cards
    print(f"{cards} scanner lines each, one every {INTERVAL * 1000:g} ms, over a pty")
    report("main thread idle", run(cards, busy=False, switch_interval=None))
    report("main thread busy, 10 µs switch interval",
           run(cards, busy=True, switch_interval=SWITCH_INTERVAL))
    report("main thread busy, default 5 ms interval", run(cards, busy=True, switch_interval=0.005))
    report("floor: bare thread reading a pty, main busy", bare_thread_floor(cards))
    costs = ", ".join(f"{interval * 1e6:g} µs {interval_cost(interval, args.work):.3f} s"
                      for interval in (0.005, 0.00005, SWITCH_INTERVAL))
    print(f"two threads computing flat out, by switch interval: {costs}")


if __name__ == "__main__":
    main()
