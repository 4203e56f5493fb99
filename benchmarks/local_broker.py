"""A Mosquitto of the benchmarks' own on a loopback port (needs the ``mosquitto`` binary).

Benchmarks do not import tests/: this is the little of tests/support/feed.py they need.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_broker(folder: Path, port: int) -> subprocess.Popen:
    config = folder / "mosquitto.conf"
    config.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 0\n"
                      f"max_inflight_messages 0\n", encoding="utf-8")
    broker = subprocess.Popen([shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c",
                               str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return broker
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("mosquitto did not start")
