"""Whether the X server that ``$DISPLAY`` names answers, asked before Qt loads its xcb platform.

Qt aborts the whole process (SIGABRT, exit status 134) when its xcb platform cannot connect,
with a hint about libxcb-cursor that sends a technician the wrong way. A stale ``DISPLAY`` (a
desktop session gone, an ssh forward closed) is common enough to check for first.
"""

from __future__ import annotations

import re
import socket

X_TCP_PORT = 6000  # display N listens on 6000 + N
CONNECT_SECONDS = 2.0  # a remote display that takes longer is as good as gone for a dealer
_DISPLAY = re.compile(r"(?P<host>[^:]*):(?P<number>[0-9]+)(?:\.[0-9]+)?")


def x_server_problem(display: str) -> str | None:
    """None when an X server accepts a connection at ``display`` (``:0``, ``unix:1.0``,
    ``host:10``); otherwise one line saying what is wrong, naming ``DISPLAY``."""
    match = _DISPLAY.fullmatch(display)
    if match is None:
        return f"DISPLAY={display!r} is not an X display name like ':0'"
    host, number = match["host"], int(match["number"])
    if host in ("", "unix"):
        # Where libxcb looks: Linux's abstract socket first, then the socket file.
        path = f"/tmp/.X11-unix/X{number}"
        if any(_answers_unix(address) for address in ("\0" + path, path)):
            return None
        where = path
    else:
        try:
            socket.create_connection((host, X_TCP_PORT + number), CONNECT_SECONDS).close()
            return None
        except OSError:
            where = f"{host} port {X_TCP_PORT + number}"
    return f"DISPLAY={display}: no X server answers at {where}"


def _answers_unix(address: str) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.settimeout(CONNECT_SECONDS)
        try:
            connection.connect(address)
        except OSError:
            return False
    return True
