"""The floor's alert queue and the pit users' login: ``/alerts``, ``/api/alert-queue``,
``/login``, ``/logout``, the acknowledgement ``POST /alerts/{id}/ack`` and a table's
acknowledge-all ``POST /tables/{table}/alerts/ack``; the pages from Jinja2 templates.

Every pit user reads the queue; acknowledging needs a role that may (pit/roles.py). Every
state-changing request carries a CSRF token: the session's in its forms, and before there is a
session a token of the login form's own, matched against a cookie set with the form.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import (
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from pit.access import SESSION_COOKIE, identity_of, still_valid
from pit.alert_queue import KINDS, SEVERITY_NAMES, Filter, queue
from pit.auth import BUSY, REFUSED, SESSION_LIFETIME, Auth, new_token
from pit.errors import PitError
from pit.floor import Floor
from pit.live import Live
from pit.pages import TEMPLATES
from pit.roles import may_acknowledge

LOGIN_COOKIE = "pit_login"  # the login form's token, before there is a session
MAX_FORM_BYTES = 16 * 1024
MAX_NOTE = 500  # characters of a note kept
MAX_DARK_DAYS = 3650  # the longest a supervisor may say a table has been dark
LOGIN_FORM_SECONDS = 3600  # a login form left open longer is sent again
FORM_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")  # as new_token makes them


def alert_routes(floor: Floor, auth: Auth, live: Live,
                 read: Callable[..., Awaitable[Any]]) -> list[Route]:
    async def alert_queue(request: Request) -> Response:
        alerts = await read(floor.store.queue)
        return JSONResponse(queue(alerts, floor.clock(), identity_of(request).role,
                                  Filter.of(request.query_params)))

    async def alert_queue_live(request: Request) -> Response:
        return live.queue_stream(identity_of(request).role, still_valid(request),
                                 Filter.of(request.query_params))

    async def show_alerts(request: Request) -> Response:
        identity = identity_of(request)
        session = identity.session
        with floor.lock:
            tables = sorted(floor.tables)
        return TEMPLATES.TemplateResponse(request, "alerts.html", {
            "identity": identity, "csrf": session.csrf if session else "",
            "shown": Filter.of(request.query_params), "tables": tables, "kinds": KINDS,
            "severities": SEVERITY_NAMES})

    async def show_login(request: Request) -> Response:
        return login_form(request, "", 200)

    async def log_in(request: Request) -> Response:
        form = await form_of(request)
        if not same(form.get("csrf"), request.cookies.get(LOGIN_COOKIE)):
            return forbidden()
        address = request.client.host if request.client else "unknown"
        try:
            outcome = await auth.login(address, form.get("user", ""), form.get("password", ""))
        except PitError as error:  # the users file went bad while the pit ran
            return login_form(request, str(error), 503)
        if isinstance(outcome, str):
            return login_form(request, outcome,
                              401 if outcome == REFUSED else 503 if outcome == BUSY else 429)
        answer = RedirectResponse(back_to(form.get("next")), status_code=303)
        set_cookie(answer, request, SESSION_COOKIE, outcome.token,
                   int(SESSION_LIFETIME.total_seconds()))
        set_cookie(answer, request, LOGIN_COOKIE, "", 0, path="/login")  # used up
        return answer

    async def log_out(request: Request) -> Response:
        session, form = identity_of(request).session, await form_of(request)
        if session is None or not same(form.get("csrf"), session.csrf):
            return forbidden()
        await read(auth.logout, session)
        answer = RedirectResponse("/login", status_code=303)
        set_cookie(answer, request, SESSION_COOKIE, "", 0)
        return answer

    async def acknowledged(request: Request, act: Callable[[str, str | None], Awaitable[Any]],
                           refusal: str) -> Response:
        """A supervisor's acknowledgement (its note kept), or its refusal: 409 with
        ``refusal`` when there was nothing open to acknowledge."""
        form = await form_of(request)
        user = acknowledger(request, form)
        if isinstance(user, Response):
            return user
        if not await act(user, form.get("note", "").strip()[:MAX_NOTE] or None):
            return PlainTextResponse(refusal, status_code=409)
        return RedirectResponse(back_to(form.get("back"), "/alerts"), status_code=303)

    async def acknowledge(request: Request) -> Response:
        alert_id = request.path_params["alert"]
        return await acknowledged(
            request, lambda user, note: read(floor.acknowledge, alert_id, user, note),
            f"alert {alert_id} is not open: acknowledged already, or no such alert")

    async def acknowledge_table(request: Request) -> Response:
        table = request.path_params["table"]
        return await acknowledged(
            request, lambda user, note: read(floor.acknowledge_table, table, user, note),
            f"table {table!r} has no open alert")

    async def retire(request: Request) -> Response:
        user = acknowledger(request, await form_of(request))
        if isinstance(user, Response):
            return user
        table = request.path_params["table"]
        if not await read(floor.retire, table, user):
            return PlainTextResponse(f"no table {table!r} on the floor", status_code=404)
        return RedirectResponse("/", status_code=303)

    async def retire_dark(request: Request) -> Response:
        form = await form_of(request)
        user = acknowledger(request, form)
        if isinstance(user, Response):
            return user
        days = form.get("days", "")
        if not (days.isdigit() and 1 <= int(days) <= MAX_DARK_DAYS):
            return PlainTextResponse(f"days: expected a whole number from 1 to {MAX_DARK_DAYS}, "
                                     f"got {days[:20]!r}", status_code=400)
        await read(floor.retire_dark, int(days), user)
        return RedirectResponse("/", status_code=303)

    return [
        Route("/alerts", show_alerts),
        Route("/api/alert-queue", alert_queue),
        Route("/api/alert-queue/live", alert_queue_live),
        Route("/login", show_login, methods=["GET"]),
        Route("/login", log_in, methods=["POST"]),
        Route("/logout", log_out, methods=["POST"]),
        Route("/alerts/{alert:int}/ack", acknowledge, methods=["POST"]),
        Route("/tables/{table}/alerts/ack", acknowledge_table, methods=["POST"]),
        Route("/tables/{table}/retire", retire, methods=["POST"]),
        Route("/floor/retire-dark", retire_dark, methods=["POST"]),
    ]


def acknowledger(request: Request, form: dict[str, str]) -> str | Response:
    """The user a state-changing supervisor's request acts for (its session's CSRF token
    sent, a role that may), or the refusal."""
    identity = identity_of(request)
    session = identity.session
    if session is None or not same(form.get("csrf"), session.csrf):
        return forbidden()
    if not may_acknowledge(identity.role):
        return PlainTextResponse(f"refused: {identity.user} is a {identity.role}, who may "
                                 "not do that (a supervisor's)", status_code=403)
    return session.user


def back_to(target: str | None, otherwise: str = "/") -> str:
    """Where a form sends its user: the page that sent them to it, only ever a path on
    the pit (never another site: ``//host`` or ``/\\host`` would be one)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return otherwise
    return target


def login_form(request: Request, refusal: str, status: int) -> Response:
    """The form with a token of its own, also set in a cookie only /login is sent, and the
    page to go back to once logged in. A token the browser has already is used again, so
    that two login forms (two tabs, or a page's favicon sent to the form) do not undo each
    other."""
    token = request.cookies.get(LOGIN_COOKIE, "")
    if not FORM_TOKEN.fullmatch(token):
        token = new_token()
    target = request.query_params.get("next") or ""
    answer = TEMPLATES.TemplateResponse(request, "login.html", {
        "refusal": refusal, "csrf": token, "next": back_to(target)}, status_code=status)
    set_cookie(answer, request, LOGIN_COOKIE, token, LOGIN_FORM_SECONDS, path="/login")
    return answer


def set_cookie(answer: Response, request: Request, name: str, value: str, max_age: int,
               path: str = "/") -> None:
    """HttpOnly and SameSite=Strict always; Secure when the page came over https (directly or
    through a reverse proxy whose X-Forwarded-Proto uvicorn trusts)."""
    answer.set_cookie(name, value, max_age=max_age, path=path, httponly=True,
                      samesite="strict", secure=request.url.scheme == "https")


async def form_of(request: Request) -> dict[str, str]:
    """A urlencoded form's fields (the first of each); nothing when it is too big."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            return {}
    fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
    return {key: values[0] for key, values in fields.items()}


def same(given: str | None, expected: str | None) -> bool:
    return bool(given) and bool(expected) and hmac.compare_digest(str(given), str(expected))


def forbidden() -> Response:
    return PlainTextResponse("refused: log in first, and send the page's CSRF token (reload "
                             "the page and try again)", status_code=403)
