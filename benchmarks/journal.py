"""The journal's cost: a durable card write, hands per second with the journal on, bytes
written per round, the start-up self-test, and the disk's floor: what the smallest durable
write (1 KB in place, then fdatasync, no SQLite) costs in bytes on this file system.

    .venv/bin/python benchmarks/journal.py [--dir DIR] [--writes N] [--shoes N]

DIR (default: a temporary directory) should be on the disk the table uses. Figures go to
docs/performance.md under "Journal".
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from percentiles import percentiles

from controller.events.facts import CardDealt
from controller.events.stream import TableEvent, utc_timestamp
from controller.journal import Journal
from controller.journal.verify import self_test
from controller.service.app import open_table
from controller.table.config import TableConfig


def write_bytes() -> int:
    """Bytes this process caused to be sent to the storage layer (/proc/self/io)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("write_bytes:"):
            return int(line.split()[1])
    raise RuntimeError("no write_bytes in /proc/self/io")


def device_sectors_written(directory: Path) -> int | None:
    """Sectors the disk holding ``directory`` has written since boot (all processes, the
    file system's own journal included); None where the kernel does not say."""
    device = os.stat(directory).st_dev
    stat = Path(f"/sys/dev/block/{os.major(device)}:{os.minor(device)}/stat")
    try:
        return int(stat.read_text().split()[6])
    except (OSError, IndexError, ValueError):
        return None


def durable_write_floor(directory: Path, count: int = 500) -> tuple[float, float | None]:
    """Bytes per 1 KB overwrite + fdatasync in a file already on disk: (this process's
    write_bytes, the device's sectors written x 512, or None)."""
    path = directory / "floor.bin"
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT)
    try:
        os.pwrite(descriptor, bytes(1 << 20), 0)
        os.fsync(descriptor)
        os.sync()
        before, sectors = write_bytes(), device_sectors_written(directory)
        for index in range(count):
            os.pwrite(descriptor, b"x" * 1024, index * 1024)
            os.fdatasync(descriptor)
        os.sync()
        after_sectors = device_sectors_written(directory)
    finally:
        os.close(descriptor)
        path.unlink()
    process = (write_bytes() - before) / count
    if sectors is None or after_sectors is None:
        return process, None
    return process, (after_sectors - sectors) * 512 / count


def card_writes(directory: Path, count: int) -> list[float]:
    """Seconds per durable append of a card event (one transaction, synchronous=FULL)."""
    times = []
    with Journal.open(directory / "cards.db") as journal:
        for seq in range(1, count + 1):
            event = TableEvent(seq, utc_timestamp(), "table-1", 1, seq // 5 + 1, CardDealt(
                position="player1", card="KD", raw="KD", source="reader", cards_left=400))
            started = time.perf_counter()
            journal.append(event)
            journal.commit()
            times.append(time.perf_counter() - started)
    return times


def hands(directory: Path, shoes: int) -> tuple[int, float, int, int | None]:
    """Simulated 8-deck shoes through the whole controller, journal on: (rounds, seconds,
    bytes this process wrote, bytes the device wrote or None)."""
    rounds = 0

    def count(event: TableEvent) -> None:
        nonlocal rounds
        rounds += event.type in ("round_result", "round_voided")

    config = TableConfig(driver_url="sim://?seed=1&rate=0",
                         journal_path=str(directory / "hands.db"))
    table = open_table(config, subscribers=(count,), stop_after_shoes=shoes)
    os.sync()
    before, sectors, started = write_bytes(), device_sectors_written(directory), time.perf_counter()
    try:
        table.runner.run()
    finally:
        table.close()
    seconds = time.perf_counter() - started
    os.sync()
    after_sectors = device_sectors_written(directory)
    device = None if sectors is None or after_sectors is None else (after_sectors - sectors) * 512
    return rounds, seconds, write_bytes() - before, device


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", type=Path, help="where to put the journals (default /tmp)")
    parser.add_argument("--writes", type=int, default=5000)
    parser.add_argument("--shoes", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        directory = Path(name)
        times = card_writes(directory, args.writes)
        p50, p99 = percentiles(times, 50, 99)
        print(f"durable card write: p50 {p50 * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, max "
              f"{max(times) * 1e3:.2f} ms ({args.writes} writes)")
        rounds, seconds, written, device = hands(directory, args.shoes)
        print(f"simulated shoes, journal on: {rounds} rounds in {seconds:.2f} s = "
              f"{rounds / seconds:.0f} hands/s; {written / rounds / 1024:.1f} KB written per "
              f"round (/proc/self/io){per_round(device, rounds)}")
        path = directory / "hands.db"
        started = time.perf_counter()
        report = self_test(path)
        seconds = time.perf_counter() - started
        print(f"self-test at start: {report.rows} rows in {seconds * 1e3:.0f} ms "
              f"({report.rows / seconds:.0f} rows/s)")
        process, device = durable_write_floor(directory)
        print(f"floor, one durable 1 KB write in place: {process / 1024:.1f} KB (/proc/self/io, "
              "which counts every page-cache folio it dirties whole)"
              + ("" if device is None else f", {device / 1024:.1f} KB at the device"))


def per_round(device_bytes: int | None, rounds: int) -> str:
    return "" if device_bytes is None else f", {device_bytes / rounds / 1024:.1f} KB at the device"


if __name__ == "__main__":
    main()
