"""A DISPLAY that names no X server: the table falls back to text with one warning line,
instead of Qt aborting the process (rc 134) with a misleading libxcb-cursor message."""

import os
import socket
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from ui.x_server import X_TCP_PORT, x_server_problem

ROOT = Path(__file__).resolve().parent.parent


def listening_x_socket() -> tuple[socket.socket, int]:
    """A listening socket where libxcb would look for a free display number (Linux's abstract
    namespace: no file, nothing to clean up), and that number."""
    for number in range(400, 500):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(f"\0/tmp/.X11-unix/X{number}")
        except OSError:
            server.close()
            continue
        server.listen()
        return server, number
    raise RuntimeError("no free X display number in 400-499")


def test_an_x_server_on_its_unix_socket_answers_and_a_gone_one_is_named() -> None:
    server, number = listening_x_socket()
    with closing(server):
        assert x_server_problem(f":{number}") is None
        assert x_server_problem(f"unix:{number}.0") is None
    assert x_server_problem(f":{number}") == (
        f"DISPLAY=:{number}: no X server answers at /tmp/.X11-unix/X{number}")


def test_an_x_server_over_tcp_answers_and_a_gone_one_is_named() -> None:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    with closing(server):
        number = next(n for n in range(100, 200) if _bind(server, n))
        server.listen()
        assert x_server_problem(f"127.0.0.1:{number}") is None
    assert x_server_problem(f"127.0.0.1:{number}.0") == (
        f"DISPLAY=127.0.0.1:{number}.0: no X server answers at 127.0.0.1 port "
        f"{X_TCP_PORT + number}")


def _bind(server: socket.socket, number: int) -> bool:
    """Bind to display ``number``'s port; False when something already has it."""
    try:
        server.bind(("127.0.0.1", X_TCP_PORT + number))
    except OSError:
        return False
    return True


def test_a_display_name_that_is_not_one_is_named() -> None:
    assert x_server_problem("screen0") == "DISPLAY='screen0' is not an X display name like ':0'"


def test_a_stale_display_falls_back_to_headless_text_with_one_warning() -> None:
    server, number = listening_x_socket()
    server.close()  # the display number is free: nothing answers there
    environ = {key: value for key, value in os.environ.items()
               if key not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")}
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--shoes", "1", "--driver", "sim://?seed=1&rate=0"],
        env={**environ, "DISPLAY": f":{number}"}, cwd=ROOT, capture_output=True, text=True,
        timeout=120, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (warning,) = done.stderr.splitlines()
    assert warning.endswith(
        f"WARNING ui.commands.run: DISPLAY=:{number}: no X server answers at "
        f"/tmp/.X11-unix/X{number}; running headless (text only): start the X server or unset "
        "DISPLAY")
    assert "== shoe 1 ended after" in done.stdout
