"""The display on a real X server (Xvfb), through Qt's xcb platform as on a desktop: the
offscreen tests cannot see a missing system library that stops xcb from loading."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None,
                                reason="Xvfb is not installed (make test installs it as root)")


@pytest.fixture
def x_display(tmp_path):
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


def test_the_display_plays_a_shoe_in_a_real_x_window(x_display):
    environ = {key: value for key, value in os.environ.items() if key != "QT_QPA_PLATFORM"}
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "run", "--windowed", "--shoes", "1",
         "--driver", "sim://?seed=2&rate=0"],
        env={**environ, "DISPLAY": x_display}, cwd=ROOT, capture_output=True, text=True,
        timeout=120, stdin=subprocess.DEVNULL,
    )
    assert "Could not load the Qt platform plugin" not in done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
