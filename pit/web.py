"""The pit's web side: the floor page, the table pages, their live streams and the JSON API
beside them; the alert queue and the login (pit/alert_pages.py); all behind the login
(pit/access.py). Store reads run in worker threads, never on the event loop."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import anyio.to_thread
from anyio import CapacityLimiter
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from pit.access import Access, SecurityHeaders, identity_of, still_valid
from pit.alert_pages import alert_routes
from pit.auth import Auth
from pit.broker_link import BrokerLink
from pit.floor import Floor
from pit.live import Live
from pit.pages import TEMPLATES, table_parts
from pit.roles import alert_for, detail_for, event_for, may_acknowledge
from pit.store import Store

STATIC = Path(__file__).with_name("static")
MAX_ROUNDS = 500  # rounds one request may ask for (a shoe is about 80)
MAX_SEQ_DIGITS = 18  # of an event asked for by its seq (SQLite's integers end at 19 digits)
READS_AT_ONCE = 2  # store reads running at once in worker threads; more wait their turn


class Reads:
    """Store reads in worker threads, a few at a time: the event loop never waits for the
    store, and a flood of heavy reads cannot take every worker thread."""

    def __init__(self) -> None:
        self._limiter: CapacityLimiter | None = None  # made on the event loop, when first used

    async def __call__(self, read: Callable[..., Any], *args: Any) -> Any:
        if self._limiter is None:
            self._limiter = CapacityLimiter(READS_AT_ONCE)
        return await anyio.to_thread.run_sync(partial(read, *args), limiter=self._limiter)


def make_app(floor: Floor, auth: Auth, live: Live | None = None,
             link: BrokerLink | None = None) -> ASGIApp:
    live = live or Live(floor, link)
    read = Reads()

    async def tables(_request: Request) -> Response:
        return JSONResponse(await read(floor.tiles))

    async def table_detail(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        detail = await read(floor.detail, table)
        return JSONResponse(detail_for(detail, identity_of(request).role))

    async def table_rounds(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        last = request.query_params.get("last", "10")
        if not last.isdigit():
            return JSONResponse({"error": f"last: expected a whole number, got {last!r}"},
                                status_code=400)
        return JSONResponse(await read(floor.rounds, table, min(int(last), MAX_ROUNDS)))

    async def alerts(request: Request) -> Response:
        role = identity_of(request).role
        return JSONResponse([alert_for(alert.to_json(), role)
                             for alert in await read(floor.store.alerts)])

    async def status(_request: Request) -> Response:
        return JSONResponse({"broker": link.status() if link else None,
                             "store": floor.store.status()})

    async def floor_page(request: Request) -> Response:
        tiles = await read(live.snapshot)
        return TEMPLATES.TemplateResponse(request, "floor.html", {
            **supervising(request), "tiles": [tile["html"] for tile in tiles],
            "unlisted": floor.unlisted()})

    async def table_page(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        role = identity_of(request).role
        asked = request.query_params.get("event", "")
        shown = (await read(linked_event, floor.store, table, int(asked), role)
                 if asked.isdigit() and len(asked) <= MAX_SEQ_DIGITS else None)
        view = live.view_for(await read(live.table_view, table, True), role)
        return TEMPLATES.TemplateResponse(request, "table.html", {
            **supervising(request), "table": table, "shown": shown,
            "parts": table_parts(view)})

    async def floor_live(request: Request) -> Response:
        return live.floor_stream(still_valid(request))

    async def table_live(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        return live.table_stream(table, identity_of(request).role, still_valid(request))

    app = Starlette(lifespan=live.running, middleware=[Middleware(Access, auth=auth)], routes=[
        Route("/", floor_page),
        Route("/tables/{table}", table_page),
        Route("/api/live", floor_live),
        Route("/api/tables/{table}/live", table_live),
        Route("/api/tables", tables),
        Route("/api/tables/{table}", table_detail),
        Route("/api/tables/{table}/rounds", table_rounds),
        Route("/api/alerts", alerts),
        Route("/api/status", status),
        *alert_routes(floor, auth, live, read),
        Mount("/static", StaticFiles(directory=STATIC)),
    ])
    return SecurityHeaders(app)


def supervising(request: Request) -> dict[str, Any]:
    """What a page's supervisor's forms need: its session's CSRF token, and whether its user
    may act (retire, acknowledge)."""
    identity = identity_of(request)
    session = identity.session
    return {"csrf": session.csrf if session else "",
            "supervisor": bool(session and may_acknowledge(identity.role))}


def linked_event(store: Store, table: str, seq: int, role: str) -> dict[str, Any]:
    """The event an alert links to (``/tables/ID?event=SEQ#event-SEQ``), as ``role`` may see
    it; or, for one the pit did not keep as an event, why it was kept apart."""
    event = store.event(table, seq)
    apart = [why for at, why, _body in store.apart(table) if at == seq]
    return {"seq": seq, "event": event and event_for(event, role),
            "apart": apart[-1] if apart else None}


def unknown(table: str) -> Response:
    return JSONResponse({"error": f"no table {table!r} on the feed"}, status_code=404)
