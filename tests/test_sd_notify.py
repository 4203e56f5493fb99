"""The sd_notify client and the GUI-thread watchdog, against a real Unix datagram socket."""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from PyQt6.QtCore import QCoreApplication, QTimer

from controller.service.sd_notify import SystemdNotifier, watchdog_interval
from ui.watchdog import start_watchdog

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class Listener:
    """The service manager's end: a bound AF_UNIX datagram socket."""

    def __init__(self, sock: socket.socket, notify_socket: str) -> None:
        self.sock = sock
        self.notify_socket = notify_socket

    def receive(self, timeout: float = 2.0) -> str:
        self.sock.settimeout(timeout)
        return self.sock.recv(4096).decode()

    def drain(self) -> list[str]:
        """Every message waiting right now, without blocking."""
        messages = []
        self.sock.setblocking(False)
        try:
            while True:
                messages.append(self.sock.recv(4096).decode())
        except BlockingIOError:
            return messages


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[Listener]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    yield Listener(sock, str(path))
    sock.close()


def watched(listener: Listener, watchdog_usec: int | None = None) -> dict[str, str]:
    environ = {"NOTIFY_SOCKET": listener.notify_socket}
    if watchdog_usec is not None:
        environ |= {"WATCHDOG_USEC": str(watchdog_usec), "WATCHDOG_PID": str(os.getpid())}
    return environ


def test_ready_status_watchdog_and_stopping_arrive_as_systemd_expects(listener: Listener) -> None:
    notifier = SystemdNotifier(watched(listener))
    notifier.ready("Table T1: journal checked, shoe open")
    notifier.status("Round 41: dealing")
    notifier.watchdog()
    notifier.stopping("Shutting down")
    assert [listener.receive() for _ in range(4)] == [
        "READY=1\nSTATUS=Table T1: journal checked, shoe open",
        "STATUS=Round 41: dealing",
        "WATCHDOG=1",
        "STOPPING=1\nSTATUS=Shutting down",
    ]
    notifier.close()


def test_a_status_with_newlines_stays_one_field(listener: Listener) -> None:
    SystemdNotifier(watched(listener)).status("shoe\nunplugged\n")
    assert listener.receive() == "STATUS=shoe unplugged"


def test_abstract_namespace_socket() -> None:
    name = f"baccarat-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        SystemdNotifier({"NOTIFY_SOCKET": "@" + name}).ready()
        sock.settimeout(2.0)
        assert sock.recv(4096) == b"READY=1"


def test_nothing_is_sent_without_notify_socket(listener: Listener) -> None:
    notifier = SystemdNotifier({"WATCHDOG_USEC": "1000000", "WATCHDOG_PID": str(os.getpid())})
    assert not notifier.enabled
    assert notifier.watchdog_interval() is None
    notifier.ready("ready")
    notifier.watchdog()
    notifier.stopping()
    assert listener.drain() == []


def test_a_vanished_socket_is_logged_once_and_does_not_raise(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    notifier = SystemdNotifier({"NOTIFY_SOCKET": str(tmp_path / "gone")})
    notifier.watchdog()
    notifier.watchdog()
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "cannot notify systemd" in caplog.text


def test_a_relative_notify_socket_is_refused() -> None:
    with pytest.raises(ValueError, match="NOTIFY_SOCKET='notify'"):
        SystemdNotifier({"NOTIFY_SOCKET": "notify"})


def test_watchdog_interval_is_half_of_watchdog_sec() -> None:
    mine = str(os.getpid())
    assert watchdog_interval({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": mine}) == 5.0
    assert watchdog_interval({"WATCHDOG_USEC": "10000000"}) == 5.0  # older systemd: no PID
    assert watchdog_interval({}) is None
    # Inherited from a parent process: that parent is the one being watched.
    assert watchdog_interval({"WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "1"}) is None
    with pytest.raises(ValueError, match="WATCHDOG_USEC='ten'"):
        watchdog_interval({"WATCHDOG_USEC": "ten"})


def test_gui_watchdog_pings_at_half_the_period(qapp: QCoreApplication, listener: Listener) -> None:
    notifier = SystemdNotifier(watched(listener, watchdog_usec=200_000))
    timer = start_watchdog(qapp, notifier)
    assert timer is not None and timer.interval() == 100
    run_event_loop(qapp, seconds=1.0)
    timer.stop()
    pings = listener.drain()
    assert set(pings) == {"WATCHDOG=1"}
    # One ping at start, then one per 100 ms: never faster, and not starved by an idle loop.
    assert 4 <= len(pings) <= 12


def test_gui_watchdog_is_off_when_systemd_does_not_watch(
    qapp: QCoreApplication, listener: Listener
) -> None:
    assert start_watchdog(qapp, SystemdNotifier(watched(listener))) is None
    assert start_watchdog(qapp, SystemdNotifier({})) is None
    assert listener.drain() == []


def test_a_frozen_event_loop_stops_the_pings(qapp: QCoreApplication, listener: Listener) -> None:
    notifier = SystemdNotifier(watched(listener, watchdog_usec=100_000))  # a ping every 50 ms
    timer = start_watchdog(qapp, notifier)
    assert timer is not None
    sent_while_frozen: list[str] = []

    def freeze() -> None:
        # A slot that hangs the GUI thread, as a deadlocked display would.
        listener.drain()
        time.sleep(0.6)
        sent_while_frozen.extend(listener.drain())

    run_event_loop(qapp, seconds=0.4)
    assert len(listener.drain()) >= 3  # alive before the freeze
    QTimer.singleShot(0, freeze)
    run_event_loop(qapp, seconds=0.1)  # returns once freeze() has
    assert sent_while_frozen == []
    listener.drain()
    run_event_loop(qapp, seconds=0.4)
    timer.stop()
    assert len(listener.drain()) >= 3  # alive again once the loop runs


def run_event_loop(app: QCoreApplication, seconds: float) -> None:
    QTimer.singleShot(round(seconds * 1000), app.quit)
    app.exec()
