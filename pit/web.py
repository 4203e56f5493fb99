"""The pit's web side: the floor page, the table pages, their live streams and the JSON API
beside them, read-only; the alert queue and the login that acknowledging needs
(pit/alert_pages.py)."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pit.alert_pages import alert_routes
from pit.auth import Auth
from pit.floor import Floor
from pit.live import Live
from pit.phases import phase_words

STATIC = Path(__file__).with_name("static")
MAX_ROUNDS = 1000


def make_app(floor: Floor, auth: Auth) -> Starlette:
    live = Live(floor)

    async def tables(_request: Request) -> Response:
        return JSONResponse([{**tile, "phase_words": phase_words(tile["phase"])}
                             for tile in floor.tiles()])

    async def table_detail(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        return JSONResponse(floor.detail(table))

    async def table_rounds(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        last = request.query_params.get("last", "10")
        if not last.isdigit():
            return JSONResponse({"error": f"last: expected a whole number, got {last!r}"},
                                status_code=400)
        return JSONResponse(floor.rounds(table, min(int(last), MAX_ROUNDS)))

    async def alerts(_request: Request) -> Response:
        return JSONResponse([alert.to_json() for alert in floor.store.alerts()])

    async def floor_page(_request: Request) -> Response:
        return FileResponse(STATIC / "floor.html")

    async def table_page(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        return FileResponse(STATIC / "table.html")

    async def floor_live(_request: Request) -> Response:
        return live.floor_stream()

    async def table_live(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in floor.tables:
            return unknown(table)
        return live.table_stream(table)

    return Starlette(lifespan=live.running, routes=[
        Route("/", floor_page),
        Route("/tables/{table}", table_page),
        Route("/api/live", floor_live),
        Route("/api/tables/{table}/live", table_live),
        Route("/api/tables", tables),
        Route("/api/tables/{table}", table_detail),
        Route("/api/tables/{table}/rounds", table_rounds),
        Route("/api/alerts", alerts),
        *alert_routes(floor, auth),
        Mount("/static", StaticFiles(directory=STATIC)),
    ])


def unknown(table: str) -> Response:
    return JSONResponse({"error": f"no table {table!r} on the feed"}, status_code=404)
