"""Live updates: the floor's changes pushed to every open page by server-sent events.

The ingest thread counts each change on the floor (``Floor.version``, and per table when it
last changed, its roads and its finished rounds) and wakes the broadcaster on the web
server's event loop. The broadcaster gathers a burst for a moment, works out each changed
table's tile once, as the HTML the page shows (pit/pages.py; its roads as data, only when they
changed), and queues the same message for every open floor page; a table page gets that
table's whole picture, with its last rounds when one finished. A page starts with everything
(a snapshot) and its browser's EventSource reconnects by itself after the pit restarts. A
table fallen silent is the watch's finding (pit/watch.py), which marks the table changed like
a message does. An alert queue page gets the whole queue when an alert was raised or
acknowledged. What a page is sent is what its user's role may see (pit/roles.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread
from starlette.responses import Response, StreamingResponse

from pit.alert_queue import Filter, queue
from pit.broker_link import BrokerLink
from pit.floor import Floor
from pit.pages import queue_parts, table_parts, tile_html
from pit.road_marks import tile_roads
from pit.roles import VIEWER, alert_for, detail_for, may_acknowledge, sees_exposure
from pit.store import Alert

log = logging.getLogger(__name__)
GATHER = 0.05  # seconds a burst of changes is gathered into one message
REFRESH_EVERY = 60.0  # seconds between whole refreshes (the hands of the last hour move on)
KEEPALIVE = 10.0  # seconds between comments on a quiet stream (finds closed pages)
MAX_QUEUED = 200  # messages a page may fall behind before its stream is ended (it reconnects)
RECENT_ROUNDS = 10  # card by card on the table page
RECONNECT_MS = 1000  # the EventSource's wait before it reconnects

def attention(tile: dict[str, Any]) -> int:
    """How much a tile needs the supervisor's eye (more first): open alerts, then offline
    or silent, then a hold."""
    return (4 * bool(tile["open_alerts"])
            + 2 * bool(tile["status"] == "offline" or tile["silent"])
            + int(tile["phase"] == "hold"))


def sse(kind: str, data: dict[str, Any]) -> str:
    return f"event: {kind}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"


@dataclass(eq=False)
class Client:
    """One open page: the floor (``table`` None), one table's, or the alert queue
    (``alerts``), and its user's role."""

    table: str | None
    role: str = VIEWER
    alerts: bool = False
    valid: Callable[[], bool] = lambda: True  # the user's session or token still good
    filter: Filter = field(default_factory=Filter)  # the alert queue page's: what it shows
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(MAX_QUEUED))
    closed: bool = False

    def send(self, message: str) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:  # a page that stopped reading: it starts again anew
            self.closed = True


class Live:
    def __init__(self, floor: Floor, link: BrokerLink | None = None) -> None:
        self.floor, self.link = floor, link
        self.link_sent: str | None = None  # the broker link's state the floor pages have
        self.clients: set[Client] = set()
        self.sent = 0  # the floor's version at the last broadcast
        self.queue_sent: int | None = None  # the alerts' version sent last
        self._wake = asyncio.Event()
        self._pending = False
        self.loop: asyncio.AbstractEventLoop | None = None

    # The ingest thread's side.
    def _changed(self) -> None:
        if not self._pending and self.loop is not None:
            self._pending = True
            self.loop.call_soon_threadsafe(self._wake.set)

    # The event loop's side.
    @contextlib.asynccontextmanager
    async def running(self, _app: object) -> AsyncIterator[None]:
        """The broadcaster, for as long as the web server runs (its lifespan)."""
        self.loop = asyncio.get_running_loop()
        self.floor.on_change = self._changed
        if self.link is not None:
            self.link.on_change = self._changed
        task = asyncio.create_task(self._broadcaster())
        try:
            yield
        finally:
            task.cancel()

    async def _broadcaster(self) -> None:
        refreshed = time.monotonic()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), REFRESH_EVERY)
            self._wake.clear()
            self._pending = False
            await asyncio.sleep(GATHER)
            whole = time.monotonic() - refreshed > REFRESH_EVERY
            if whole:
                refreshed = time.monotonic()
            try:
                self.broadcast(whole)
                self.broadcast_link(whole)
                await self.broadcast_queue(whole)
            except Exception:  # one bad table must not stop every page's updates
                log.exception("pit: live updates: a broadcast failed; the next one goes on")

    def broadcast(self, whole: bool = False) -> None:
        """Sends every open page what changed since the last broadcast."""
        floor = self.floor
        tiles: list[dict[str, Any]] = []
        pages: dict[str, bool] = {}  # table pages to send: with their rounds or not
        watched = {client.table for client in self.clients if not client.alerts}
        with floor.lock:
            since, self.sent = self.sent, floor.version
            whole = whole or floor.removed > since  # a table left: each page drops its tile
            for table, record in floor.tables.items():
                if not (whole or record.changed > since):
                    continue
                if None in watched:
                    tiles.append(self._tile(table, roads=record.roads_changed > since))
                if table in watched:
                    pages[table] = record.rounds_changed > since
        if tiles:
            message = sse("tiles", {"whole": whole, "tiles": self.fragments(tiles)})
            for client in self.clients:
                if client.table is None and not client.alerts:
                    client.send(message)
        for table, rounds in pages.items():
            view = self.table_view(table, rounds)
            messages: dict[bool, str] = {}  # with the exposure or without it
            for client in self.clients:
                if client.table == table:
                    exposure = sees_exposure(client.role)
                    if exposure not in messages:
                        messages[exposure] = sse("table", self.page_message(view,
                                                                            client.role))
                    client.send(messages[exposure])

    def link_message(self) -> str:
        """The pit's own link to the broker, for the floor page's header: a page that says
        LIVE while the pit hears nothing from the floor would mislead."""
        return sse("pit", {"broker": self.link.status() if self.link else None})

    def broadcast_link(self, whole: bool = False) -> None:
        state = self.link.state if self.link else None
        if state == self.link_sent and not whole:
            return
        self.link_sent = state
        message = self.link_message()
        for client in self.clients:
            if client.table is None and not client.alerts:
                client.send(message)

    async def broadcast_queue(self, whole: bool = False) -> None:
        """Sends every open alert queue page the queue, when an alert was raised or
        acknowledged (and with every whole refresh: the times waited move on); the store is
        read in a worker thread."""
        pages = [client for client in self.clients if client.alerts]
        if not pages:
            return
        store = self.floor.store
        version = store.alerts_version()
        if version == self.queue_sent and not whole:
            return
        self.queue_sent = version
        alerts = await anyio.to_thread.run_sync(store.queue)
        messages: dict[tuple[str, Filter], str] = {}  # by role and filter
        for client in pages:
            key = (client.role, client.filter)
            if key not in messages:
                messages[key] = sse("queue", self.queue_message(alerts, client.role,
                                                                client.filter))
            client.send(messages[key])

    def queue_message(self, alerts: list[Alert], role: str, shown: Filter) -> dict[str, Any]:
        """What an alert queue page is sent: the queue as ``role`` may see it and act on it,
        in parts of HTML (pit/pages.py)."""
        return queue_parts(queue(alerts, self.floor.clock(), role, shown), may_acknowledge(role))

    def close(self) -> None:
        """Ends every open page's stream (the pit is stopping): each ends its response at
        once, so the web server stops without waiting for them; the pages reconnect to the
        pit when it is back."""
        for client in self.clients:
            client.closed = True
            client.send("")  # wakes its stream

    def _tile(self, table: str, roads: bool) -> dict[str, Any]:
        """A floor tile (the caller holds the floor's lock)."""
        tile = self.floor.tile(table)
        tile["attention"] = attention(tile)
        if roads:
            tile["roads"] = tile_roads(self.floor.tables[table].seen.view.roads)
        return tile

    def fragments(self, tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each tile as its page takes it: the HTML it shows (pit/pages.py), rendered once for
        every open page and outside the floor's lock, and where it goes."""
        now = self.floor.clock()
        return [{"table": tile["table"], "seq": tile["seq"], "attention": tile["attention"],
                 "html": tile_html(tile, now)} for tile in tiles]

    def snapshot(self) -> list[dict[str, Any]]:
        """Every tile, what needs the supervisor's eye first."""
        with self.floor.lock:
            tiles = [self._tile(table, roads=True) for table in self.floor.tables]
        tiles.sort(key=lambda tile: (-tile["attention"], tile["table"]))
        return self.fragments(tiles)

    @staticmethod
    def view_for(view: dict[str, Any], role: str) -> dict[str, Any]:
        """A table page's view as ``role`` may see it (pit/roles.py)."""
        return {**view, "detail": detail_for(view["detail"], role),
                "alerts": [alert_for(alert, role) for alert in view["alerts"]]}

    def page_message(self, view: dict[str, Any], role: str) -> dict[str, Any]:
        """What a table page is sent: its parts as HTML (pit/pages.py), and the data of what
        the browser draws (the roads, the exposure chart), as ``role`` may see them."""
        shown = self.view_for(view, role)
        detail = shown["detail"]
        return {"seq": detail["seq"], "roads": detail["roads"], "exposure": detail["exposure"],
                "exposure_course": detail["exposure_course"], "parts": table_parts(shown)}

    def table_view(self, table: str, rounds: bool) -> dict[str, Any]:
        """What the table page shows: its picture, its alerts and, when asked, its last
        rounds card by card."""
        detail = self.floor.detail(table)
        view = {"detail": detail,
                "alerts": [alert.to_json() for alert in self.floor.store.alerts(table)]}
        if rounds:
            view["rounds"] = self.floor.rounds(table, RECENT_ROUNDS)
        return view

    async def stream(self, client: Client, first: Callable[[], str]) -> AsyncIterator[str]:
        # The snapshot and the joining come without a pause between them, so no change
        # falls between the two.
        opening = first()
        self.clients.add(client)
        try:
            yield f"retry: {RECONNECT_MS}\n\n{opening}"
            while not client.closed:
                try:
                    message = await asyncio.wait_for(client.queue.get(), KEEPALIVE)
                except TimeoutError:
                    message = ": still here\n\n"
                if not client.valid():  # logged out, expired, revoked: the page asks anew
                    return
                yield message
        finally:
            self.clients.discard(client)

    def floor_stream(self, valid: Callable[[], bool]) -> Response:
        return event_stream(self.stream(Client(None, valid=valid), lambda: sse(
            "tiles", {"whole": True, "tiles": self.snapshot()}) + self.link_message()))

    def queue_stream(self, role: str, valid: Callable[[], bool], shown: Filter) -> Response:
        return event_stream(self.stream(
            Client(None, role, alerts=True, valid=valid, filter=shown), lambda: sse(
                "queue", self.queue_message(self.floor.store.queue(), role, shown))))

    def table_stream(self, table: str, role: str, valid: Callable[[], bool]) -> Response:
        return event_stream(self.stream(Client(table, role, valid=valid), lambda: sse(
            "table", self.page_message(self.table_view(table, rounds=True), role))))


def event_stream(messages: AsyncIterator[str]) -> Response:
    return StreamingResponse(messages, media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
