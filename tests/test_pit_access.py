"""Who may see and do what on the pit: every page and API behind the login, the roles, the API
tokens of machine clients, a lockout that slows a guesser without locking out the user, the
password checks off the event loop, and the security headers. A real Mosquitto, a real SQLite
store, the pit's own web server, and headless Chromium for the pages."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from pit import users as pit_users
from pit.store import Store
from tests.support.feed import CLI, Broker, needs_mosquitto
from tests.support.journal import ROOT, rows, wait_for
from tests.support.pit import browser
from tests.support.pit_alerts import (
    PASSWORD,
    READER,
    USER,
    Client,
    LivePit,
    Table,
    live_pit,
    module_broker,
)
from tests.test_pit import needs_chromium

pytestmark = needs_mosquitto
# The fixtures `broker` and `pit` (tests/support/pit_alerts.py), named here for pytest.
__all__ = ["live_pit", "module_broker"]

PAGES = ("/", "/tables/t1", "/alerts")
API = ("/api/tables", "/api/tables/t1", "/api/tables/t1/rounds?last=3", "/api/alerts",
       "/api/alert-queue", "/api/live", "/api/tables/t1/live", "/api/status")


@pytest.fixture
def watched(pit: LivePit, broker: Broker) -> Iterator[Table]:
    """Table t1 online with surveillance on: an exposure reading and an exposure alert."""
    table = Table(broker, "t1")
    table.status("online")
    # The retained status reaches the pit once it is subscribed: only then is an event not
    # published into the void.
    wait_for(lambda: pit.heard("t1"), timeout=20)
    table.event("exposure", pit.clock(), rtp={"player_pair": "1.0312", "banker": "0.9894"},
                cards_left=180)
    table.event("exposure_alert", pit.clock(), bet="player_pair", state="raised",
                rtp="1.0312", alert_rtp="1.0000", closed=False)
    wait_for(lambda: pit.alerts("exposure"), timeout=20)
    yield table
    table.close()


def add_user(pit: LivePit, name: str, role: str) -> Client:
    pit.users().add(name, PASSWORD, role)
    client = pit.client()
    assert client.log_in(name, PASSWORD).status == 303
    return client


def test_every_page_and_api_answer_only_a_logged_in_user(pit: LivePit, watched: Table) -> None:
    stranger = pit.client()
    for page in PAGES:
        answer = stranger.request(page)
        assert answer.status == 303, page  # to the login form, which brings them back
        assert dict(answer.headers)["location"] == f"/login?next={quote(page, safe='')}"
    for path in API:
        answer = stranger.request(path)
        assert answer.status == 401 and "log in first" in answer.body, path
    assert stranger.request("/login").status == 200
    assert stranger.request("/static/floor.js").status == 200  # scripts and style: no data
    # Logged in, the same answer.
    user = pit.client()
    user.log_in()
    assert all(user.request(page).status == 200 for page in PAGES)
    assert all(user.request(path).status == 200 for path in API if "live" not in path)
    # Who acknowledged an alert is no longer anyone's to read.
    alert = pit.alerts("exposure")[0]
    user.request(f"/alerts/{alert['id']}/ack", {"csrf": user.session_token()})
    assert stranger.request("/api/alerts").status == 401
    assert USER not in stranger.request("/api/alert-queue").body


def test_the_login_brings_its_user_back_only_to_a_page_of_the_pit(pit: LivePit) -> None:
    for sent, back in (("/tables/t1", "/tables/t1"), ("//evil.example/", "/"),
                       ("https://evil.example/", "/"), ("/\\evil.example", "/")):
        client = pit.client()
        form = client.request(f"/login?next={quote(sent, safe='')}").body
        target = form.split('name="next" value="', 1)[1].split('"', 1)[0]
        answer = client.request("/login", {"csrf": client.jar["pit_login"], "user": USER,
                                           "password": PASSWORD, "next": target})
        assert dict(answer.headers)["location"] == back, sent


def test_a_viewer_reads_but_may_not_acknowledge(pit: LivePit, watched: Table) -> None:
    viewer = add_user(pit, "val", "viewer")
    alert = pit.alerts("exposure")[0]
    assert "<form" not in first_message(viewer, "/api/alert-queue/live")  # no forms drawn
    supervisor = pit.client()
    supervisor.log_in()
    assert "<form" in first_message(supervisor, "/api/alert-queue/live")
    answer = viewer.request(f"/alerts/{alert['id']}/ack", {"csrf": viewer.session_token()})
    assert answer.status == 403 and "val is a viewer" in answer.body
    assert next(a for a in pit.alerts() if a["id"] == alert["id"])["open"]
    assert supervisor.request(f"/alerts/{alert['id']}/ack",
                              {"csrf": supervisor.session_token()}).status == 303


def test_only_surveillance_sees_the_side_bets_exposure(pit: LivePit, watched: Table) -> None:
    viewer, supervisor = add_user(pit, "val", "viewer"), pit.client()
    supervisor.log_in()
    surveillance = add_user(pit, "sam", "surveillance")
    for client in (viewer, supervisor):
        detail = client.json("/api/tables/t1")
        assert detail["exposure"] is None and detail["exposure_course"] == []
        for path in ("/api/alerts", "/api/tables/t1"):
            assert "1.0312" not in client.request(path).body
        (alert,) = [a for a in client.json("/api/alerts") if a["kind"] == "exposure"]
        assert "player_pair" not in alert["message"] and "surveillance" in alert["message"]
        assert "1.0312" not in first_message(client, "/api/tables/t1/live")
    detail = surveillance.json("/api/tables/t1")
    assert detail["exposure"]["player_pair"] == "1.0312" and detail["exposure_course"]
    (alert,) = [a for a in surveillance.json("/api/alerts") if a["kind"] == "exposure"]
    assert alert["message"] == "player_pair returns 1.0312 (alert above 1.0000)"
    assert "1.0312" in first_message(surveillance, "/api/tables/t1/live")


@needs_chromium
def test_the_table_page_shows_the_exposure_chart_to_surveillance_only(
    pit: LivePit, watched: Table, tmp_path: Path
) -> None:
    for role, shown in (("supervisor", False), ("surveillance", True)):
        pit.users().add(f"{role}-user", PASSWORD, role)
        driver = browser(tmp_path / role, Signed(pit.url, f"{role}-user", PASSWORD))
        try:
            driver.get(pit.url + "/tables/t1")
            wait_for(lambda d=driver: d.find_element("id", "table").text == "t1", timeout=20)
            wait_for(lambda d=driver: d.find_elements("css selector", "#alerts li"),
                     timeout=20)
            assert driver.find_element("id", "surveillance").is_displayed() is shown, role
            assert ("1.031" in driver.find_element("tag name", "body").text) is shown, role
        finally:
            driver.quit()


def test_an_api_token_reads_the_json_api_until_revoked(pit: LivePit, watched: Table) -> None:
    def pit_user(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*CLI, "pit-user", *args, "--users", str(pit.users_file)],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)

    made = pit_user("token", READER)
    assert made.returncode == 0, made.stderr
    token = made.stdout.splitlines()[-1]
    machine = Client(pit.url, headers={"Authorization": f"Bearer {token}"})
    assert machine.json("/api/tables")[0]["table"] == "t1"
    assert machine.json("/api/tables/t1")["exposure"]  # the token's user is surveillance
    assert pit_user("list").stdout.splitlines()[0] == f"{READER} surveillance token"
    # A token reads the JSON API, nothing else: no page, no acknowledging.
    assert machine.request("/alerts").status == 401
    assert machine.request("/alerts/1/ack", {"csrf": "x"}).status == 401
    old = Client(pit.url, headers={"Authorization": f"Bearer {pit.token}"})
    assert old.request("/api/tables").status == 401  # the token made before it: replaced
    assert pit_user("token", READER, "--revoke").returncode == 0
    answer = machine.request("/api/tables")
    assert answer.status == 401 and "revoked" in answer.body
    assert machine.request("/api/tables", headers={"Authorization": "Bearer guessed"}).status \
        == 401
    assert token not in pit.users_file.read_text()  # only its hash is kept


def test_a_user_file_from_before_roles_makes_its_users_supervisors(tmp_path: Path) -> None:
    from pit.users import PasswordHash, Users

    users = tmp_path / "users"
    users.write_text(PasswordHash.of(PASSWORD).line("old-timer") + "\n")
    assert Users(users).users["old-timer"].role == "supervisor"
    assert Users(users).check("old-timer", PASSWORD)


def test_an_open_live_stream_ends_with_its_session(pit: LivePit, watched: Table) -> None:
    import urllib.request

    client = pit.client()
    client.log_in()
    request = urllib.request.Request(pit.url + "/api/live", headers={
        "Cookie": "; ".join(f"{k}={v}" for k, v in client.jar.items())})
    with urllib.request.urlopen(request, timeout=10) as stream:
        while not stream.readline().startswith(b'data: {"broker"'):  # the page's opening
            pass
        assert client.request("/logout", {"csrf": client.session_token()}).status == 303
        watched.event("betting_open", pit.clock(), state="betting", closed_bets=[])
        after = stream.read()  # the stream ends: nothing more for a logged-out page
    # What was on its way before the logout may still arrive; the event after it never does.
    assert b'"phase":"betting"' not in after


# The lockout.

def test_a_guesser_locks_the_name_for_his_address_only_and_longer_each_time(pit: LivePit) -> None:
    guesser = pit.client()
    guesser.headers["X-Forwarded-For"] = "10.0.0.66"  # through the reverse proxy
    for _ in range(4):
        assert guesser.log_in(USER, "a guess").status == 401
    locked = guesser.log_in(USER, "a guess")
    assert locked.status == 429 and "try again in 60 s" in locked.body
    assert guesser.log_in(USER, PASSWORD).status == 429  # not even the right one from there
    supervisor = pit.client()
    supervisor.headers["X-Forwarded-For"] = "10.0.0.7"  # the supervisor's own terminal
    assert supervisor.log_in(USER, PASSWORD).status == 303
    pit.clock.advance(61)
    for _ in range(4):
        assert guesser.log_in(USER, "a guess").status == 401
    assert "try again in 120 s" in guesser.log_in(USER, "a guess").body  # twice as long
    pit.clock.advance(121)
    for _ in range(4):
        guesser.log_in(USER, "a guess")
    assert "try again in 240 s" in guesser.log_in(USER, "a guess").body
    assert pit.client().log_in(USER, PASSWORD).status == 303  # and from the pit's own machine
    outcomes = rows(pit.store.path, "SELECT outcome FROM logins")
    assert ("locked out until 2026-12-01T20:01:00.000Z (from 10.0.0.66)",) in outcomes


def test_names_tried_that_are_not_users_are_not_kept(pit: LivePit) -> None:
    made_up = [f"made-up-name-{n:03d}-" + "x" * 200 for n in range(12)]
    for name in made_up:
        assert pit.client().log_in(name, "a guess").status == 401
    kept = " ".join(user for (user,) in rows(pit.store.path, "SELECT user FROM logins"))
    assert not any(name in kept for name in made_up)
    assert kept.split() == ["(not", "a", "user)"] * len(made_up)
    assert not any(name in repr(vars(pit.auth)) for name in made_up)  # nor in memory
    assert pit.client().log_in("made-up-name-000-" + "x" * 200, "a guess").status == 401


# The password checks: in worker threads, a few at a time, never holding up other requests.

class Gate:
    """scrypt held at a gate the test opens: shows what the pit does while passwords are
    being checked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.inside = 0
        self.most = 0
        self.opened = threading.Event()
        self._lock = threading.Lock()
        real = pit_users._scrypt

        def held(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
            with self._lock:
                self.inside += 1
                self.most = max(self.most, self.inside)
            try:
                self.opened.wait(30)
                return real(password, salt, n, r, p)
            finally:
                with self._lock:
                    self.inside -= 1

        monkeypatch.setattr(pit_users, "_scrypt", held)


def test_password_checks_never_hold_up_the_other_requests(
    pit: LivePit, monkeypatch: pytest.MonkeyPatch
) -> None:
    supervisor = pit.client()
    supervisor.log_in()  # before the gate
    gate = Gate(monkeypatch)
    outcomes: list[int] = []
    logins = [threading.Thread(target=lambda n=n: outcomes.append(
        from_address(pit, f"10.0.1.{n}").log_in(USER, "a guess").status)) for n in range(4)]
    for login in logins:
        login.start()
    wait_for(lambda: gate.inside == 2, timeout=20)
    # Four checks asked for, two at a time; meanwhile the pit answers everyone else.
    assert supervisor.request("/api/tables").status == 200
    assert supervisor.request("/alerts").status == 200
    # A second login from an address whose first is still being checked: told at once.
    busy = from_address(pit, "10.0.1.0").log_in(USER, PASSWORD)
    assert busy.status == 503 and "too many logins at once" in busy.body
    assert gate.most == 2
    gate.opened.set()
    for login in logins:
        login.join(30)
    assert outcomes == [401] * 4 and gate.most == 2


def test_a_heavy_read_never_holds_up_the_other_requests(
    pit: LivePit, watched: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    supervisor = pit.client()
    supervisor.log_in()
    opened, asked = threading.Event(), []
    real = Store.newest_events

    def held(store: Store, table: str, journal: int, count: int) -> list[dict[str, Any]]:
        asked.append(count)
        opened.wait(30)
        return real(store, table, journal, count)

    monkeypatch.setattr(Store, "newest_events", held)
    reading = threading.Thread(target=lambda: supervisor.request(
        "/api/tables/t1/rounds?last=100000"))
    reading.start()
    wait_for(lambda: asked, timeout=20)
    assert supervisor.request("/api/tables").status == 200  # the loop is not waiting for it
    opened.set()
    reading.join(30)
    assert asked[0] == 40 * (500 + 1)  # at most the last 500 rounds read


# The security headers.

def test_every_answer_carries_the_security_headers(pit: LivePit, watched: Table) -> None:
    user = pit.client()
    user.log_in()
    answers = [pit.client().request(path) for path in ("/", "/api/tables", "/login",
                                                       "/static/pit.css", "/nowhere")]
    answers += [user.request(path) for path in ("/", "/tables/t1", "/alerts", "/api/tables",
                                               "/api/tables/nowhere", "/static/floor.js")]
    for answer in answers:
        headers = {name.lower(): value for name, value in answer.headers}
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy
        assert headers["x-content-type-options"] == "nosniff"


@needs_chromium
def test_the_pages_work_under_their_content_security_policy(
    pit: LivePit, watched: Table, tmp_path: Path
) -> None:
    driver = browser(tmp_path, pit)
    try:
        driver.get(pit.url + "/")
        wait_for(lambda: driver.find_elements("css selector", ".tile"), timeout=20)
        driver.get(pit.url + "/tables/t1")
        wait_for(lambda: driver.find_elements("css selector", "#alerts li"), timeout=20)
        driver.get(pit.url + "/alerts")
        wait_for(lambda: driver.find_elements("css selector", "#open .alert"), timeout=20)
        # selenium leaves get_log unannotated
        refused = [entry["message"]
                   for entry in driver.get_log("browser")
                   if "Content Security Policy" in entry["message"]]
        assert refused == []
    finally:
        driver.quit()


class Signed:
    """A pit's address and a user to log in as (what ``browser`` needs)."""

    def __init__(self, url: str, user: str, password: str) -> None:
        self.url, self.user, self.password = url, user, password


def from_address(pit: LivePit, address: str) -> Client:
    client = pit.client()
    client.headers["X-Forwarded-For"] = address
    return client


def first_message(client: Client, path: str) -> str:
    """The first message of a live stream."""
    import urllib.request

    request = urllib.request.Request(client.url + path, headers={
        **client.headers, "Cookie": "; ".join(f"{k}={v}" for k, v in client.jar.items())})
    with urllib.request.urlopen(request, timeout=10) as stream:
        lines = []
        line: bytes
        for line in stream:
            if line.startswith(b"data: "):
                return line.decode()
            lines.append(line)
    raise AssertionError(lines)
