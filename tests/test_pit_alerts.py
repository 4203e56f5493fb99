"""The floor's alert queue: pit users log in and acknowledge alerts, in headless Chromium and
over HTTP, against a real Mosquitto, a real SQLite store and the pit's own web server; the
silent and pace alerts on a clock the test moves."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement

from tests.support.clock import ManualWallClock
from tests.support.feed import Broker, needs_mosquitto
from tests.support.journal import ROOT, rows, wait_for
from tests.support.pit import browser, log_in
from tests.support.pit_alerts import (
    PASSWORD,
    START,
    USER,
    LivePit,
    Table,
    live_pit,
    module_broker,
)
from tests.test_pit import HOSTILE, needs_chromium

pytestmark = needs_mosquitto
# The fixtures `broker` and `pit` (tests/support/pit_alerts.py), named here for pytest.
__all__ = ["live_pit", "module_broker"]


@pytest.fixture
def tables(broker: Broker) -> Iterator[Callable[[str], Table]]:
    made: list[Table] = []

    def table(name: str) -> Table:
        made.append(Table(broker, name))
        return made[-1]

    yield table
    for table_ in made:
        table_.close()


def a_hold(pit: LivePit, table: Table, message: str = "card AS not in this shoe") -> dict[str, Any]:
    table.status("online")
    seq = table.hold(pit.clock(), message)
    wait_for(lambda: any(a["table"] == table.table and a["seq"] == seq
                         for a in pit.alerts("hold")), timeout=20)  # not another table's
    return next(a for a in pit.alerts("hold") if a["table"] == table.table and a["seq"] == seq)


# Logging in and acknowledging, in the browser.

@needs_chromium
def test_a_pit_user_logs_in_and_acknowledges_an_alert_with_a_note(pit: LivePit,
                                                                  tables: Callable[[str], Table],
                                                                  tmp_path: Path) -> None:
    alert = a_hold(pit, tables("t1"))
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/alerts")  # behind the login: to the form, and back after it
        log_in(driver, USER, PASSWORD)
        wait_for(lambda: driver.find_elements("id", "signed-in"), timeout=20)
        assert driver.current_url == pit.url + "/alerts"
        assert driver.find_element("id", "signed-in").text == USER
        assert driver.find_element("id", "role").text == "supervisor"
        pit.clock.advance(75)
        row = wait_for_row(driver, alert["id"])
        row.find_element("name", "note").send_keys("reader cleaned, shoe checked")
        row.find_element("css selector", "button").click()
        wait_for(lambda: past_text(driver, alert["id"]), timeout=20)
        shown = past_text(driver, alert["id"])
        assert USER in shown and "reader cleaned, shoe checked" in shown
        acked = next(a for a in pit.alerts() if a["id"] == alert["id"])
        assert acked["acked_at"] == "2026-12-01T20:01:15.000Z" and not acked["open"]
        assert (acked["acked_by"], acked["note"]) == (USER, "reader cleaned, shoe checked")
        assert local_time(driver, acked["acked_at"]) in shown
        assert not open_rows(driver)
    finally:
        driver.quit()


@needs_chromium
def test_five_wrong_passwords_lock_the_account_for_a_minute(pit: LivePit, tmp_path: Path) -> None:
    driver = browser(tmp_path)
    try:
        driver.get(pit.url + "/login")
        for _ in range(4):
            log_in(driver, USER, "not the password")
            assert refusal(driver) == "wrong user name or password"
        log_in(driver, USER, "not the password")
        assert refusal(driver).startswith("locked: 5 wrong passwords in a row; try again in 60 s")
        pit.clock.advance(59)
        log_in(driver, USER, PASSWORD)  # the right password, too early
        assert refusal(driver).startswith("locked: ") and "in 1 s" in refusal(driver)
        pit.clock.advance(1.5)
        log_in(driver, USER, PASSWORD)
        wait_for(lambda: driver.current_url == pit.url + "/", timeout=20)  # on the floor
    finally:
        driver.quit()
    outcomes = [outcome for (outcome,) in rows(pit.store.path, "SELECT outcome FROM logins")]
    assert outcomes == ["wrong password (from 127.0.0.1)"] * 4 + [
        "locked out until 2026-12-01T20:01:00.000Z (from 127.0.0.1)",
        "signed in (from 127.0.0.1)"]


@needs_chromium
def test_table_text_on_the_queue_is_shown_as_text(pit: LivePit, tables: Callable[[str], Table],
                                                  tmp_path: Path) -> None:
    alert = a_hold(pit, tables("t2"), HOSTILE)
    client = pit.client()
    client.log_in()
    client.request(f"/alerts/{alert['id']}/ack", {"csrf": client.session_token(),
                                                  "note": HOSTILE})
    a_hold(pit, tables("t3"), HOSTILE)  # one open, one acknowledged with a note
    driver = browser(tmp_path, pit)
    try:
        driver.get(pit.url + "/alerts")
        wait_for(lambda: open_rows(driver) and past_text(driver, alert["id"]), timeout=20)
        assert HOSTILE in open_rows(driver)[0]
        assert past_text(driver, alert["id"]).count(HOSTILE) == 2  # the message and the note
        assert not driver.find_elements("css selector", "main img")
        assert driver.title == "Pit: alert queue"
    finally:
        driver.quit()


@needs_chromium
def test_the_queue_page_is_kept_live_by_its_event_stream_without_polling(
        pit: LivePit, tables: Callable[[str], Table], tmp_path: Path) -> None:
    driver = browser(tmp_path, pit)
    try:
        driver.get(pit.url + "/alerts")
        wait_for(lambda: driver.find_element("id", "connection").text == "LIVE", timeout=20)
        driver.execute_script("window.sameLoad = true")
        alert = a_hold(pit, tables("t13"))  # raised: the open row comes by itself
        wait_for_row(driver, alert["id"])
        client = pit.client()
        client.log_in()
        client.request(f"/alerts/{alert['id']}/ack", {"csrf": client.session_token(),
                                                      "note": "seen from the podium"})
        wait_for(lambda: "seen from the podium" in past_text(driver, alert["id"]), timeout=20)
        assert not open_rows(driver)
        assert driver.execute_script("return window.sameLoad") is True  # never reloaded
        fetched = driver.execute_script(
            "return performance.getEntriesByType('resource')"
            ".map(e => new URL(e.name).pathname)")
        assert not [path for path in fetched if path.startswith("/api/")]  # no polling
        assert driver.execute_script(
            "return stream instanceof EventSource && stream.readyState === EventSource.OPEN "
            "&& new URL(stream.url).pathname") == "/api/alert-queue/live"
    finally:
        driver.quit()


# The login's rules, over HTTP.

def test_a_post_without_the_csrf_token_is_refused(pit: LivePit,
                                                  tables: Callable[[str], Table]) -> None:
    alert = a_hold(pit, tables("t4"))
    client = pit.client()
    assert client.request("/login", {"user": USER, "password": PASSWORD}).status == 403
    assert client.log_in().status == 303
    ack = f"/alerts/{alert['id']}/ack"
    assert client.request(ack, {"note": "no token"}).status == 403
    assert client.request(ack, {"csrf": "guessed", "note": "wrong token"}).status == 403
    assert client.request("/logout", {}).status == 403
    assert next(a for a in pit.alerts() if a["id"] == alert["id"])["open"]
    stranger = pit.client()  # a token of someone else's page, without their session
    assert stranger.request(ack, {"csrf": client.session_token()}).status == 403
    assert client.request(ack, {"csrf": client.session_token()}).status == 303
    assert not next(a for a in pit.alerts() if a["id"] == alert["id"])["open"]
    assert client.request(ack, {"csrf": client.session_token()}).status == 409  # it stands


def test_cookies_are_http_only_same_site_strict_and_secure_over_https(pit: LivePit) -> None:
    client = pit.client()
    (form_cookie,) = client.request("/login").cookies()
    answer = client.log_in()
    assert answer.status == 303 and dict(answer.headers)["location"] == "/"
    session = next(c for c in answer.cookies() if c.startswith("pit_session="))
    for cookie in (form_cookie, *answer.cookies()):  # the session's, and the form's used up
        flags = [flag.strip().lower() for flag in cookie.split(";")]
        assert "httponly" in flags and "samesite=strict" in flags
        assert "secure" not in flags  # served over plain http here
    assert "max-age=28800" in session.lower()  # the session's eight hours
    behind_tls = pit.client()  # through a reverse proxy on this machine that speaks https
    proxied = behind_tls.request("/login", headers={"X-Forwarded-Proto": "https"})
    assert "secure" in [flag.strip().lower() for flag in proxied.cookies()[0].split(";")]


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer(pit: LivePit) -> None:
    def answer(user: str, password: str) -> tuple[int, str]:
        reply = pit.client().log_in(user, password)
        return reply.status, reply.body.split('name="csrf"')[0]  # the page up to its token

    assert answer("nobody", "not the password") == answer(USER, "not the password")
    assert answer("nobody", "not the password")[0] == 401
    for _ in range(4):
        answer("nobody", "still not")
    assert "locked: 5 wrong passwords" in answer("nobody", "still not")[1]  # like a real name


def test_a_logged_out_session_can_no_longer_acknowledge(pit: LivePit,
                                                        tables: Callable[[str], Table]) -> None:
    alert = a_hold(pit, tables("t5"))
    client = pit.client()
    client.log_in()
    token = client.session_token()
    cookie = dict(client.jar)
    assert client.request("/logout", {"csrf": token}).status == 303
    client.jar.update(cookie)  # the old cookie, kept by someone
    assert client.request(f"/alerts/{alert['id']}/ack", {"csrf": token}).status == 403


def test_the_queue_puts_the_most_urgent_and_longest_waiting_first(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    t6, t7 = tables("t6"), tables("t7")
    for table in (t6, t7):  # one after the other: the watch goes through them in that order
        table.status("online")
        table.event("state", pit.clock(), state="betting", previous="awaiting_shuffle")
        wait_for(lambda t=table: t.table in {t["table"] for t in pit.reader().json(
            "/api/tables")}, timeout=20)
    pit.clock.advance(120)
    pit.watch.check()  # t6 and t7 silent: alerts that need a look soon
    wait_for(lambda: len(pit.alerts("silent")) == 2, timeout=20)
    pit.clock.advance(5)
    t7.hold(pit.clock(), "card 7H read twice")  # urgent, and raised last
    wait_for(lambda: pit.alerts("hold"), timeout=20)
    queue = pit.reader().json("/api/alert-queue")
    assert [(a["kind"], a["table"]) for a in queue["open"]] == [
        ("hold", "t7"), ("silent", "t6"), ("silent", "t7")]
    assert queue["past"] == []


# The alerts no single message raises: silence and pace, on the test's clock.

def test_a_table_online_but_silent_longer_than_a_hand_raises_one_alert(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    table = tables("t8")
    table.status("online")
    table.event("betting_open", pit.clock(), state="betting", closed_bets=[])
    wait_for(lambda: seq_of(pit, "t8") == 1, timeout=20)
    pit.clock.advance(90)
    pit.watch.check()
    assert not pit.alerts("silent")  # 90 s is the setting: not yet
    pit.clock.advance(1)
    pit.watch.check()
    pit.watch.check()
    (silent,) = pit.alerts("silent")
    assert silent["table"] == "t8" and silent["message"] == (
        "table t8 silent: online, no event for 91 s")
    assert silent["raised"] == "2026-12-01T20:01:31.000Z"
    assert pit.reader().json("/api/tables/t8")["silent"]  # the tile says so too
    seq = table.event("betting_closed", pit.clock(), reason="first_card", closed_bets=[])
    wait_for(lambda: seq_of(pit, "t8") == seq, timeout=20)
    pit.watch.check()
    assert not pit.reader().json("/api/tables/t8")["silent"]
    pit.clock.advance(100)
    pit.watch.check()
    assert len(pit.alerts("silent")) == 2  # silent again after it spoke


def test_a_journal_end_accepted_unchecked_is_an_urgent_alert(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    table = tables("t12")
    table.status("online")
    seq = table.event("journal_end_accepted", pit.clock(), by="supervisor 4471",
                      reason="power cut during a commit", finding="the last row's hash is torn")
    wait_for(lambda: pit.alerts("journal"), timeout=20)
    (alert,) = pit.alerts("journal")
    assert (alert["table"], alert["seq"], alert["severity"]) == ("t12", seq, 1)
    assert alert["message"] == ("journal: supervisor 4471 accepted an end that could not be "
                                "checked (the last row's hash is torn): power cut during a "
                                "commit")


def test_a_shuffle_or_a_hold_is_no_silence(pit: LivePit, tables: Callable[[str], Table]) -> None:
    shuffling, holding = tables("t9"), tables("t10")
    shuffling.status("online")
    shuffling.event("shoe_ended", pit.clock(), rounds=70, reason="cut_card")
    shuffling.event("state", pit.clock(), state="awaiting_shuffle", previous="shoe_ended")
    a_hold(pit, holding)
    wait_for(lambda: len(pit.reader().json("/api/tables")) == 2, timeout=20)
    pit.clock.advance(600)
    pit.watch.check()
    assert not pit.alerts("silent")


def test_pace_outside_the_band_is_told_once_after_an_hour_online(
        pit: LivePit, tables: Callable[[str], Table]) -> None:
    table = tables("t11")
    table.status("online")
    wait_for(lambda: pit.heard("t11"), timeout=20)  # online from START
    for round_ in range(1, 41):  # 40 hands in the hour: below 70 - 25 % = 52.5
        pit.clock.advance(88)
        table.result(pit.clock(), round_)
    wait_for(lambda: pit.reader().json("/api/tables/t11")["round"] == 40, timeout=20)
    pit.watch.check()
    assert not pit.alerts("pace")  # online 58 minutes: not judged yet
    pit.clock.advance(125)
    pit.watch.check()
    pit.watch.check()
    (pace,) = pit.alerts("pace")
    assert pace["message"] == "table t11: 40 hands in the last hour, target 70 (52.5 to 87.5)"
    for round_ in range(41, 61):  # 60 in the last hour: back in the band
        pit.clock.advance(1)
        table.result(pit.clock(), round_)
    wait_for(lambda: pit.reader().json("/api/tables/t11")["round"] == 60, timeout=20)
    pit.watch.check()
    assert len(pit.alerts("pace")) == 1
    pit.clock.advance(40 * 60)  # the first hands fall out of the hour
    pit.watch.check()
    assert len(pit.alerts("pace")) == 2


# The store and the users file.

def test_a_store_made_before_logins_keeps_its_alerts_and_takes_acknowledgements(
        tmp_path: Path) -> None:
    from pit.store import Store

    old = sqlite3.connect(tmp_path / "pit.sqlite")
    old.executescript("""
        CREATE TABLE alerts (id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, kind TEXT NOT NULL,
            seq INTEGER, message TEXT NOT NULL, raised TEXT NOT NULL,
            acked_by TEXT, acked_at TEXT, note TEXT);
        INSERT INTO alerts (table_id, kind, seq, message, raised)
            VALUES ('t1', 'offline', 7, 'table t1 went offline', '2026-12-01T19:00:00.000Z');""")
    old.commit()
    old.close()
    store = Store(tmp_path / "pit.sqlite")
    try:
        (alert,) = store.queue()
        assert alert.message == "table t1 went offline" and alert.acked_at is None
        acked = store.acknowledge(alert.id, USER, "2026-12-01T19:05:00.000Z", "power back")
        assert acked is not None and acked.to_json()["note"] == "power back"
        store.log_login("2026-12-01T19:04:00.000Z", USER, "signed in")
    finally:
        store.close()


def test_pit_user_asks_twice_without_echo_and_keeps_a_scrypt_hash_only_its_owner_reads(
        tmp_path: Path) -> None:
    users = tmp_path / "users"
    shown = on_a_terminal(["pit-user", "add", USER, "--users", str(users)],
                          [PASSWORD, PASSWORD])
    assert "password: " in shown and "again: " in shown and PASSWORD not in shown
    assert f"pit user '{USER}' (viewer) saved" in shown  # a viewer unless told otherwise
    assert users.stat().st_mode & 0o777 == 0o600
    (line,) = users.read_text().splitlines()
    assert line.startswith(f"{USER}:viewer:scrypt:16384:8:1:") and PASSWORD not in line
    differ = on_a_terminal(["pit-user", "add", "ana", "--users", str(users)],
                           [PASSWORD, "something else"])
    assert "the two passwords differ" in differ
    from pit.users import Users

    assert Users(users).check(USER, PASSWORD) and not Users(users).check(USER, "wrong")
    assert Users(users).names() == [USER]


def test_pit_user_with_a_password_file_then_list_and_remove(tmp_path: Path) -> None:
    import subprocess

    from tests.support.feed import CLI

    users, secret = tmp_path / "users", tmp_path / "secret"
    secret.write_text("a long enough one\n")
    config = tmp_path / "pit.toml"
    config.write_text("[pit]\nusers_file = 'users'\n")  # relative to the config's folder

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*CLI, "pit-user", *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=60)

    for name in ("zoe", "ana"):
        assert run("add", name, "--config", str(config), "--password-file",
                   str(secret)).returncode == 0
    assert run("list", "--users", str(users)).stdout == "ana viewer\nzoe viewer\n"
    assert run("remove", "zoe", "--users", str(users)).returncode == 0
    assert run("list", "--config", str(config)).stdout == "ana viewer\n"
    gone = run("remove", "zoe", "--users", str(users))
    assert gone.returncode == 2 and gone.stderr == (
        f"baccarat-table pit-user: error: no user 'zoe' in {users}\n")
    short = tmp_path / "short"
    short.write_text("abc\n")
    refused = run("add", "bob", "--users", str(users), "--password-file", str(short))
    assert refused.returncode == 2 and "at least 8 characters" in refused.stderr
    users.write_text(users.read_text() + "carl:md5:abc\n")
    bad = run("list", "--users", str(users))
    assert bad.returncode == 2 and bad.stderr == (
        f"baccarat-table pit-user: error: {users}: line 2: expected "
        "NAME:ROLE:scrypt:N:r:p:SALT:HASH:TOKEN (ROLE one of viewer, supervisor, "
        "surveillance; made by baccarat-table pit-user add)\n")


@pytest.mark.parametrize(("line", "shown"), [
    ("silent_after_seconds = 0", "pit.silent_after_seconds = 0: expected a whole number of "
     "seconds from 1 to 86400"),
    ("silent_after_seconds = '90'", "pit.silent_after_seconds = '90': expected a whole number"),
    ("pace_band_percent = 150", "pit.pace_band_percent = 150: expected a whole number of percent "
     "from 1 to 100"),
    ("users_file = ''", "pit.users_file = '': expected a path to the pit users' file"),
])
def test_a_bad_alert_or_users_setting_is_refused_naming_the_key(tmp_path: Path, line: str,
                                                                shown: str) -> None:
    from common.settings import SettingsError
    from pit.settings import load_settings

    config = tmp_path / "pit.toml"
    config.write_text(f"[pit]\n{line}\n")
    with pytest.raises(SettingsError) as refused:
        load_settings(str(config), {})
    assert str(refused.value).startswith(f"{config}: ") and shown in str(refused.value)


# The queue's picture for docs/pit.md.

@needs_chromium
def test_the_alert_queue_picture(tmp_path: Path, broker: Broker,
                                 tables: Callable[[str], Table]) -> None:
    """docs/images/pit-alerts.png when PIT_SCREENSHOTS names a folder (make pit-screenshots):
    an hour and five minutes of a floor of five tables, ending with a hold, a table offline, a
    silent one and one off pace open, and two alerts acknowledged with notes, as a logged-in
    pit user sees them."""
    pit = LivePit(tmp_path, broker, ManualWallClock(START))
    try:
        floor = {name: tables(name) for name in ("T-03", "T-07", "T-11", "T-12", "T-15")}
        for table in floor.values():
            table.status("online")
        wait_for(lambda: all(pit.heard(name) for name in floor), timeout=20)
        client = pit.client()
        client.log_in()
        hands = {"T-03": 66, "T-07": 72, "T-11": 31, "T-12": 70, "T-15": 68}
        plan = [(30 + i * 3540 // n, name, "result") for name, n in hands.items()
                for i in range(n)]
        plan += [(2400, "T-07", "exposure"), (2580, "T-07", "ack"), (2700, "T-12", "scanner"),
                 (3100, "T-12", "ack"), (3800, "T-12", "state"), (3720, "T-15", "offline"),
                 (3780, "T-03", "hold"), *((3840, name, "state") for name in ("T-07", "T-11"))]
        rounds = dict.fromkeys(hands, 0)
        notes = iter(("surveillance watching the player pair bets",
                      "reader lens cleaned; no misreads since"))
        quiet: set[str] = set()
        for offset, name, what in sorted(plan):
            pit.clock.now = START + timedelta(seconds=offset)
            table = floor[name]
            if what == "result" and name not in quiet:
                rounds[name] += 1
                table.result(pit.clock(), rounds[name])
            elif what == "exposure":
                table.event("exposure_alert", pit.clock(), round_=rounds[name], bet="player_pair",
                            state="raised", rtp="1.0312", alert_rtp="1.0000", closed=False)
            elif what == "scanner":
                table.event("scanner_alert", pit.clock(), round_=rounds[name], misreads=6,
                            cards=112, per_hundred="5.4", level="warning")
            elif what == "ack":
                wait_for(lambda n=name: [a for a in pit.alerts() if a["table"] == n],
                         timeout=20)
                (alert,) = [a for a in pit.alerts() if a["table"] == name]
                client.request(f"/alerts/{alert['id']}/ack",
                               {"csrf": client.session_token(), "note": next(notes)})
            elif what == "offline":
                quiet.add(name)
                table.status("offline")  # told by the watch at the end, long after
                wait_for(lambda n=name: pit.status(n) == "offline", timeout=20)
            elif what == "hold":
                quiet.add(name)
                table.hold(pit.clock(), "card 7H read twice: check the shoe",
                           code="duplicate_card")
            elif what == "state":
                table.event("state", pit.clock(), round_=rounds[name], state="betting",
                            previous="banker2")
            wait_for(lambda t=table: seq_of(pit, t.table) == t.seq, timeout=20)
        pit.clock.now = START + timedelta(minutes=65)
        pit.watch.check()
        assert sorted(a["kind"] for a in pit.alerts() if a["open"]) == [
            "hold", "offline", "pace", "silent"]
        driver = browser(tmp_path)
        try:
            driver.get(pit.url + "/alerts")
            log_in(driver, USER, PASSWORD)
            wait_for(lambda: len(open_rows(driver)) == 4 and past_text(driver, 1), timeout=20)
            assert len(driver.find_elements("css selector", ".alert form.ack")) == 4
            assert len(driver.find_elements("css selector", ".group form.ack.all")) == 4
            picture = tmp_path / "pit-alerts.png"
            driver.save_screenshot(str(picture))
        finally:
            driver.quit()
        if os.environ.get("PIT_SCREENSHOTS"):
            shutil.copy(picture, Path(os.environ["PIT_SCREENSHOTS"]) / "pit-alerts.png")
    finally:
        pit.stop()


def on_a_terminal(args: list[str], answers: list[str]) -> str:
    """The command run on a pseudo-terminal of its own, typing each answer at its prompt;
    everything the terminal showed."""
    import pty
    import select
    import sys

    pid, terminal = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "ui.cli", *args])
    shown, answered = b"", 0
    pending = list(answers)
    while True:
        ready, _, _ = select.select([terminal], [], [], 30)
        assert ready, shown
        try:
            chunk = os.read(terminal, 1024)
        except OSError:  # the command ended and closed its side
            break
        if not chunk:
            break
        shown += chunk
        if pending and shown[answered:].endswith((b"password: ", b"again: ")):
            os.write(terminal, pending.pop(0).encode() + b"\r")
            answered = len(shown)  # the next answer waits for the next prompt
    os.waitpid(pid, 0)
    os.close(terminal)
    return shown.decode()


def seq_of(pit: LivePit, table: str) -> int:
    """The last seq the pit has of ``table``; 0 before it has any."""
    seqs: dict[str, int] = {t["table"]: t["seq"] for t in pit.reader().json("/api/tables")}
    return seqs.get(table, 0)


def refusal(driver: WebDriver) -> str:
    wait_for(lambda: driver.find_elements("id", "refusal"), timeout=20)
    return driver.find_element("id", "refusal").text


def open_rows(driver: WebDriver) -> list[str]:
    texts: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#open .alert')].map(e => e.innerText);")
    return texts


def wait_for_row(driver: WebDriver, alert_id: int) -> WebElement:
    selector = f'#open .alert[data-alert="{alert_id}"]'
    wait_for(lambda: driver.find_elements("css selector", selector), timeout=20)
    return driver.find_element("css selector", selector)


def past_text(driver: WebDriver, alert_id: int) -> str:
    text: str = driver.execute_script(
        "const r = document.querySelector('#past tr[data-alert=\"' + arguments[0] + '\"]');"
        "return r ? r.innerText : '';", alert_id)
    return text


def local_time(driver: WebDriver, ts: str) -> str:
    time: str = driver.execute_script(
        "return new Date(arguments[0]).toLocaleTimeString([], {hour12: false});", ts)
    return time
