"""The leak guard (tests/conftest.py) sees each kind of leftover a test can leave, and lets
go of each once it is ended."""

from __future__ import annotations

import os
import pty
import socket
import subprocess
import sys
import threading

from tests.support.leaks import Inventory, leftovers


def test_a_thread_still_running_is_a_leftover_until_it_ends() -> None:
    before, stop = Inventory.now(), threading.Event()
    thread = threading.Thread(target=stop.wait, name="left-running")
    thread.start()
    assert leftovers(before, grace=0) == ["thread 'left-running'"]
    stop.set()
    thread.join()
    assert leftovers(before, grace=0) == []


def test_a_child_process_still_running_is_a_leftover_until_it_is_reaped() -> None:
    before = Inventory.now()
    child = subprocess.Popen([sys.executable, "-c", "import time; print(flush=True); "
                              "time.sleep(60)"], stdout=subprocess.PIPE)
    assert child.stdout is not None
    try:
        child.stdout.readline()  # it runs its own command now, not yet the test's (a fork)
        (left,) = leftovers(before, grace=0)
        assert left.startswith(f"child process {child.pid}: ") and "time.sleep(60)" in left
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
    assert leftovers(before, grace=0) == []


def test_a_listening_port_is_a_leftover_and_a_connecting_socket_is_not() -> None:
    before = Inventory.now()
    with socket.socket() as listener, socket.socket() as client:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        client.connect(("127.0.0.1", port))
        assert leftovers(before, grace=0) == [f"listening port {port}"]
    assert leftovers(before, grace=0) == []


def test_both_ends_of_a_pseudo_terminal_are_leftovers_until_closed() -> None:
    before = Inventory.now()
    master, slave = pty.openpty()
    try:
        left = leftovers(before, grace=0)
        assert sorted(line.split(" on ")[1] for line in left) == sorted(
            [os.readlink(f"/proc/self/fd/{master}"), os.ttyname(slave)])
    finally:
        os.close(master)
        os.close(slave)
    assert leftovers(before, grace=0) == []
