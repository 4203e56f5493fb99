"""The pit in the test's own process, on a clock the test moves by hand, against a test broker;
tables that publish chained events on it; and HTTP requests that keep cookies and show the
redirects and Set-Cookie headers as they come."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
import uvicorn
from paho.mqtt.enums import CallbackAPIVersion

from pit.auth import Auth
from pit.broker_link import BrokerLink
from pit.clock import iso
from pit.floor import Floor
from pit.ingest import start_ingest
from pit.settings import load_settings
from pit.store import Store
from pit.users import Users
from pit.watch import Watch
from pit.web import make_app
from tests.support.clock import ManualWallClock
from tests.support.feed import Broker, Reachable, free_port
from tests.support.feed_messages import Chain
from tests.support.journal import wait_for

USER, PASSWORD = "maria", "correct horse battery"
READER = "back-office"


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]]
    body: str

    def cookies(self) -> list[str]:
        return [value for name, value in self.headers if name.lower() == "set-cookie"]


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None  # the 303 is the answer: the test reads its Location and cookies


@dataclass
class Client:
    """One browser's worth of HTTP: its cookies, sent back to the pit."""

    url: str
    jar: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)  # sent with every request

    def request(self, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> Answer:
        data = None if form is None else urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.url + path, data=data,
                                         headers={**self.headers, **(headers or {})})
        if self.jar:
            request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.jar.items()))
        opener = urllib.request.build_opener(NoRedirects)
        try:
            with opener.open(request, timeout=10) as reply:
                answer = Answer(reply.status, reply.getheaders(), reply.read().decode())
        except urllib.error.HTTPError as error:
            answer = Answer(error.code, list(error.headers.items()), error.read().decode())
        for header in answer.cookies():
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0" or morsel.value == "":
                    self.jar.pop(name, None)
                else:
                    self.jar[name] = morsel.value
        return answer

    def login_token(self) -> str:
        page = self.request("/login").body
        return page.split('name="csrf" value="', 1)[1].split('"', 1)[0]

    def log_in(self, user: str = USER, password: str = PASSWORD) -> Answer:
        return self.request("/login", {"csrf": self.login_token(), "user": user,
                                       "password": password})

    def session_token(self) -> str:
        page = self.request("/alerts").body
        return page.split('name="pit-csrf" content="', 1)[1].split('"', 1)[0]

    def json(self, path: str) -> Any:
        return json.loads(self.request(path).body)


class LivePit:
    """Store, floor, login and web app as ``baccarat-table pit`` puts them together, with the
    test's clock; the watch checked when the test says. Its users: ``USER``, a supervisor, and
    a machine client of the surveillance role with an API token (``reader``)."""

    def __init__(self, folder: Path, broker: Reachable, clock: ManualWallClock,
                 **settings: object) -> None:
        self.folder, self.clock = folder, clock
        self.users_file = users = folder / "users"
        Users(users).add(USER, PASSWORD, "supervisor")
        Users(users).add(READER, PASSWORD, "surveillance")
        self.token = Users(users).new_token(READER)
        self.user, self.password = USER, PASSWORD
        self.settings = load_settings(None, {"broker": broker.url, "users_file": str(users),
                                             "client_id": f"pit-{folder.name}", **settings})
        self.start()

    def restart(self) -> None:
        """The pit stopped and started again on its store (its users and token kept)."""
        self.stop()
        self.start()

    def start(self) -> None:
        folder, clock, users = self.folder, self.clock, self.users_file
        self.store = Store(folder / "pit.sqlite")
        self.floor = Floor(self.settings, self.store, clock)
        self.watch = Watch(self.floor)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.auth = Auth(users, self.store, clock)
        app = make_app(self.floor, self.auth)
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_for(lambda: self.server.started, timeout=20)
        broker = self.settings.broker
        self.link = BrokerLink(broker.url, broker.client_id, clock, broker.protocol)
        self.ingest = start_ingest(self.settings, self.floor, self.link)
        # A new session misses what is published before its subscriptions: tests publish next
        # (unless the broker refused the pit, as some tests want).
        wait_for(lambda: self.ingest.subscribed.is_set() or self.link.state == "refused",
                 timeout=20)

    def offline_lasts(self) -> None:
        """The clock moved on by ``offline_alert_after_seconds`` and the watch checked: a
        table offline (its will) for that long is an alert now (a shorter spell is none)."""
        self.clock.advance(self.settings.offline_alert_after_seconds)
        self.watch.check()

    def status(self, table: str) -> str | None:
        """The table's status as its tile says (None while it is not on the floor)."""
        status = self.reader().json(f"/api/tables/{table}").get("status")
        return None if status is None else str(status)

    def heard(self, table: str) -> bool:
        """Whether the pit has heard of ``table`` (on the floor once it sent an event)."""
        return table in self.floor.tables or table in self.floor.heard

    def users(self) -> Users:
        """The pit's users file, to add to (the running pit reads it again)."""
        return Users(self.users_file)

    def client(self) -> Client:
        """A browser's worth of HTTP, not logged in."""
        return Client(self.url)

    def reader(self) -> Client:
        """A machine client reading the JSON API with its token."""
        return Client(self.url, headers={"Authorization": f"Bearer {self.token}"})

    def alerts(self, kind: str | None = None) -> list[dict[str, Any]]:
        alerts = self.reader().json("/api/alerts")
        return [a for a in alerts if kind is None or a["kind"] == kind]

    def stop(self) -> None:
        self.ingest.stop()
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.store.close()


class Table:
    """A table's feed as the relay publishes it: status, and events chained seq by seq."""

    def __init__(self, broker: Broker, table: str) -> None:
        self.table, self.chain = table, Chain(table)
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"table-{table}")
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    @property
    def seq(self) -> int:
        """The number of the last event published."""
        return self.chain.seq

    @property
    def prev(self) -> bytes:
        """The last event's hash, which the next one carries."""
        return self.chain.prev

    def status(self, status: str) -> None:
        self._publish("status", status.encode(), retain=True)

    def event(self, type_: str, at: datetime, shoe: int = 1, round_: int = 1,
              **fields: object) -> int:
        self._publish("events", self.chain.message(type_, fields, ts=iso(at), shoe=shoe,
                                                   round_=round_))
        return self.chain.seq

    def heartbeat(self, at: datetime) -> None:
        self._publish("heartbeat", iso(at).encode())

    def hold(self, at: datetime, message: str, code: str = "impossible_card") -> int:
        return self.event("hold", at, code=code, message=message, card="AS", raw="AS",
                          source="reader")

    def result(self, at: datetime, round_: int) -> int:
        return self.event("round_result", at, round_=round_, player=["9C", "TH"],
                          banker=["5C", "2H"], player_total=9, banker_total=7,
                          winner="player", player_pair=False, banker_pair=False,
                          player_natural=True, banker_natural=False, natural=True,
                          banker_six_cards=None, winning_bets=["player"], pushed_bets=[],
                          pays={}, bets={})

    def _publish(self, leaf: str, payload: bytes, retain: bool = False) -> None:
        self.client.publish(f"baccarat/{self.table}/{leaf}", payload, qos=1,
                            retain=retain).wait_for_publish(10)

    def close(self) -> None:
        self._publish("status", b"", retain=True)  # the broker forgets it: no table for the next
        self.client.disconnect()
        self.client.loop_stop()


START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


# The fixtures of the tests of a pit in the test's process (imported by those test modules).

@pytest.fixture(scope="module", name="broker")
def module_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    broker = Broker(tmp_path_factory.mktemp("broker"))
    broker.start()
    yield broker
    broker.stop()


@pytest.fixture(name="pit")
def live_pit(tmp_path: Path, broker: Broker) -> Iterator[LivePit]:
    pit = LivePit(tmp_path, broker, ManualWallClock(START))
    yield pit
    pit.stop()


@pytest.fixture(name="t1")
def online_t1(broker: Broker) -> Iterator[Table]:
    """Table t1, online."""
    table = Table(broker, "t1")
    table.status("online")
    yield table
    table.close()
