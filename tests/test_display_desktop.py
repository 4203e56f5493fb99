"""The display on a real X server (Xvfb), through Qt's xcb platform as on a desktop: the
offscreen tests cannot see a missing system library that stops xcb from loading."""

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None,
                                reason="Xvfb is not installed (make test installs it as root)")


@pytest.fixture
def x_display(tmp_path: Path) -> Iterator[str]:
    number = 90 + os.getpid() % 100
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def test_the_display_plays_a_shoe_in_a_real_x_window(x_display: str) -> None:
    environ = {key: value for key, value in os.environ.items() if key != "QT_QPA_PLATFORM"}
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--windowed", "--shoes", "1",
         "--driver", "sim://?seed=2&rate=0"],
        env={**environ, "DISPLAY": x_display}, cwd=ROOT, capture_output=True, text=True,
        timeout=120, stdin=subprocess.DEVNULL,
    )
    assert "Could not load the Qt platform plugin" not in done.stderr
    assert done.returncode == 0, done.stderr[-2000:]


def start_bare_x(number: int, size: str) -> subprocess.Popen[bytes]:
    """An X server with no window manager, as on a kiosk PC without a desktop."""
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{size}x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 10
    while not socket.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return server


def display_window_size(display: str) -> str | None:
    """The display window's size on ``display`` ("1920x1080"), as the X server has it."""
    tree = subprocess.run(["xwininfo", "-root", "-tree"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=10).stdout
    for line in tree.splitlines():
        if '"Baccarat table"' in line:
            return line.split(")")[-1].split()[0].split("+")[0]
    return None


@pytest.mark.skipif(shutil.which("xwininfo") is None, reason="xwininfo (x11-utils) is missing")
def test_without_a_window_manager_the_display_fills_the_screen_and_shows_the_shoe_ended(
        tmp_path: Path) -> None:
    number = 190 + os.getpid() % 100
    server = start_bare_x(number, "1920x1080")
    environ = {key: value for key, value in os.environ.items() if key != "QT_QPA_PLATFORM"}
    log = tmp_path / "display.log"
    try:
        with log.open("w") as stderr:
            display = subprocess.Popen(
                [sys.executable, "-m", "ui.cli", "run", "--shoes", "1",
                 "--driver", "sim://?seed=2&rate=0"],
                env={**environ, "DISPLAY": f":{number}"}, cwd=ROOT, stderr=stderr,
                stdin=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while "the shoes are played" not in log.read_text() and display.poll() is None:
                assert time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.1)
            # The shoe is over and the window still up, filling the screen: SHOE ENDED shows.
            assert display_window_size(f":{number}") == "1920x1080"
            assert display.wait(timeout=30) == 0, log.read_text()[-2000:]
    finally:
        server.terminate()
        server.wait(timeout=10)
