"""The pit in its own process against a test broker, and its JSON API read over HTTP."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request
from pathlib import Path

from tests.feed_support import CLI, Broker, free_port
from tests.journal_support import ROOT, wait_for


class Pit:
    def __init__(self, folder: Path, broker: Broker) -> None:
        self.folder, self.broker = folder, broker
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with (self.folder / "pit.log").open("ab") as log:
            self.process = subprocess.Popen(
                [*CLI, "pit", "--broker", self.broker.url, "--listen",
                 f"127.0.0.1:{self.port}", "--store", str(self.folder / "pit.sqlite"),
                 "--client-id", "pit-test"], cwd=ROOT, stdin=subprocess.DEVNULL,
                stdout=log, stderr=log)
        wait_for(self._answers, timeout=20)

    def _answers(self) -> bool:
        assert self.process.poll() is None, (self.folder / "pit.log").read_text()
        try:
            self.get("/api/tables")
        except OSError:
            return False
        return True

    def get(self, path: str) -> object:
        with urllib.request.urlopen(self.url + path, timeout=5) as answer:
            return json.load(answer)

    def tables(self) -> dict[str, dict]:
        return {tile["table"]: tile for tile in self.get("/api/tables")}

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None


def browser(folder: Path):
    """Debian's headless Chromium through chromedriver (no browser downloads)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1600,1000",
                 f"--user-data-dir={folder / 'chromium-profile'}"):
        options.add_argument(flag)
    # Chromium makes its singleton socket under TMPDIR: a long one (a test's tmp_path) is
    # past a socket path's 107 bytes, and Chromium exits as it starts.
    service = Service("/usr/bin/chromedriver", env={**os.environ, "TMPDIR": "/tmp"})
    return webdriver.Chrome(options=options, service=service)
