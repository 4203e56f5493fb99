"""`run` under systemd: READY only after the journal self-test and the driver are up, STATUS
lines, watchdog pings from the controller loop, STOPPING at the end; nothing without systemd."""

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_under_notify_socket(
    tmp_path: Path, *args: str, watchdog_usec: int | None = None
) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    address = str(tmp_path / "notify.sock")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(address)
    server.settimeout(0.2)
    messages: list[str] = []
    finished = threading.Event()

    def listen() -> None:  # as systemd does: read every datagram as it comes
        while not finished.is_set():
            try:
                messages.append(server.recv(4096).decode())
            except TimeoutError:
                continue

    listener = threading.Thread(target=listen)
    listener.start()
    environ = {**os.environ, "NOTIFY_SOCKET": address}
    if watchdog_usec:
        environ["WATCHDOG_USEC"] = str(watchdog_usec)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ui.cli", "run", "--headless", *args],
            env=environ, cwd=ROOT, capture_output=True, text=True, timeout=120,
            stdin=subprocess.DEVNULL,
        )
    finally:
        finished.set()
        listener.join()
        server.close()
        Path(address).unlink()
    return done, messages


def test_ready_then_status_then_stopping(tmp_path: Path) -> None:
    done, messages = run_under_notify_socket(
        tmp_path, "--driver", "sim://?seed=5&rate=0", "--shoes", "1",
        "--journal", str(tmp_path / "journal.sqlite3"))
    assert done.returncode == 0, done.stderr
    ready = next(i for i, m in enumerate(messages) if "READY=1" in m)
    assert any(m.startswith("STATUS=shoe") for m in messages[ready:])
    assert "STOPPING=1" in messages[-1]


def test_a_big_journal_gets_time_for_its_self_test_before_ready(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    done, _ = run_under_notify_socket(tmp_path, "--driver", "sim://?seed=5&rate=0",
                                      "--shoes", "3", "--journal", str(journal))
    assert done.returncode == 0, done.stderr
    size = journal.stat().st_size
    done, messages = run_under_notify_socket(tmp_path, "--driver", "sim://?seed=5&rate=0",
                                             "--shoes", "1", "--journal", str(journal))
    extend = next(m for m in messages if m.startswith("EXTEND_TIMEOUT_USEC="))
    ready = next(i for i, m in enumerate(messages) if "READY=1" in m)
    assert messages.index(extend) < ready
    allowed = int(extend.split("\n")[0].split("=")[1])
    assert allowed >= 60_000_000 + size * 1_000_000 // 10_000_000


def test_a_journal_that_fails_its_self_test_never_says_ready(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    journal.write_bytes(b"this is not a database" * 100)
    done, messages = run_under_notify_socket(tmp_path, "--journal", str(journal), "--shoes", "1")
    assert done.returncode == 3
    assert not any("READY=1" in m for m in messages)
    assert any("refusing to play" in m for m in messages)


def test_the_controller_loop_pings_the_watchdog(tmp_path: Path) -> None:
    # WatchdogSec=0.2 s: pings every 0.1 s while a slow simulated shoe deals.
    done, messages = run_under_notify_socket(
        tmp_path, "--driver", "sim://?seed=5&rate=50&cut=20", "--profile",
        str(ROOT / "tests" / "data" / "one-deck.toml"), "--shoes", "1",
        watchdog_usec=200_000)
    assert done.returncode == 0, done.stderr
    assert sum("WATCHDOG=1" in m for m in messages) >= 5


def test_a_service_manager_that_stops_reading_never_stalls_the_table(tmp_path: Path) -> None:
    address = str(tmp_path / "deaf.sock")
    deaf = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    deaf.bind(address)  # bound, never read: its queue fills after a few messages
    try:
        done = subprocess.run(
            [sys.executable, "-m", "ui.cli", "run", "--headless", "--shoes", "2",
             "--driver", "sim://?seed=9&rate=0"],
            env={**os.environ, "NOTIFY_SOCKET": address}, cwd=ROOT, capture_output=True,
            text=True, timeout=60, stdin=subprocess.DEVNULL,
        )
    finally:
        deaf.close()
    assert done.returncode == 0
    assert done.stdout.count("ended after") == 2
