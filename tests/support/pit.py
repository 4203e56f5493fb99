"""The pit in its own process against a test broker, its JSON API read over HTTP with an API
token, and headless Chromium logged in to its pages."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pit.users import Users
from tests.support.feed import CLI, Reachable, free_port
from tests.support.journal import ROOT, wait_for

if TYPE_CHECKING:
    from selenium.webdriver import Chrome
    from selenium.webdriver.remote.webdriver import WebDriver
    from selenium.webdriver.remote.webelement import WebElement

FLOOR_USER, FLOOR_PASSWORD = "floor-test", "a floor test password"


class Pit:
    """``baccarat-table pit`` in its own process, with one user of ``role`` who has an API
    token (``self.token``)."""

    def __init__(self, folder: Path, broker: Reachable, role: str = "surveillance",
                 client_id: str = "pit-test", users: str = "pit-users") -> None:
        self.folder, self.broker, self.client_id = folder, broker, client_id
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.users_file = folder / users
        accounts = Users(self.users_file)
        accounts.add(FLOOR_USER, FLOOR_PASSWORD, role)
        self.token = accounts.new_token(FLOOR_USER)
        self.user, self.password = FLOOR_USER, FLOOR_PASSWORD

    def launch(self, *options: str) -> subprocess.Popen[bytes]:
        """The pit's process, not waited for."""
        with (self.folder / "pit.log").open("ab") as log:
            return subprocess.Popen(
                [*CLI, "pit", "--broker", self.broker.url, "--listen",
                 f"127.0.0.1:{self.port}", "--store", str(self.folder / "pit.sqlite"),
                 "--users", str(self.users_file), "--client-id", self.client_id, *options],
                cwd=ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log)

    def start(self, *options: str) -> None:
        self.process = self.launch(*options)
        wait_for(self._answers, timeout=20)

    def log(self) -> str:
        return (self.folder / "pit.log").read_text()

    def _answers(self) -> bool:
        assert self.process is not None and self.process.poll() is None, self.log()
        try:
            self.get("/api/tables")
        except OSError:
            return False
        return True

    def get(self, path: str) -> Any:
        request = urllib.request.Request(self.url + path,
                                         headers={"Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            return json.load(answer)

    def tables(self) -> dict[str, dict[str, Any]]:
        return {tile["table"]: tile for tile in self.get("/api/tables")}

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None


class SignsIn(Protocol):
    """A pit's address and a user to log in to it as: a ``Pit``, or any pit and user."""

    url: str
    user: str
    password: str


def browser(folder: Path, pit: SignsIn | None = None) -> Chrome:
    """Debian's headless Chromium through chromedriver (no browser downloads); logged in to
    ``pit`` as its user when given."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1600,1000",
                 f"--user-data-dir={folder / 'chromium-profile'}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # CSP refusals among them
    # Chromium makes its singleton socket under TMPDIR: a long one (a test's tmp_path) is
    # past a socket path's 107 bytes, and Chromium exits as it starts.
    service = Service("/usr/bin/chromedriver", env={**os.environ, "TMPDIR": "/tmp"})
    driver = webdriver.Chrome(options=options, service=service)
    if pit is not None:
        driver.get(pit.url + "/login")
        log_in(driver, pit.user, pit.password)
        wait_for(lambda: "/login" not in driver.current_url, timeout=20)
    return driver


def log_in(driver: WebDriver, user: str, password: str) -> None:
    """The login form filled in and sent; back once the next page (the form again, with its
    refusal, or the page logged in to) has loaded."""
    wait_for(lambda: driver.find_elements("id", "password"), timeout=20)
    driver.find_element("id", "user").send_keys(user)
    driver.find_element("id", "password").send_keys(password)
    form = driver.find_element("tag name", "html")
    driver.find_element("css selector", "button#login").click()
    wait_for(lambda: gone(form), timeout=20)
    wait_for(lambda: driver.execute_script("return document.readyState") == "complete",
             timeout=20)


def gone(element: WebElement) -> bool:
    """Whether the page that held ``element`` has been replaced."""
    from selenium.common.exceptions import StaleElementReferenceException

    try:
        element.is_enabled()
    except StaleElementReferenceException:
        return True
    return False
