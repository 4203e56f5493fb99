"""The floor's alert queue and the pit users' login: ``/alerts``, ``/api/alert-queue``,
``/login``, ``/logout`` and the acknowledgement ``POST /alerts/{id}/ack``.

Reading the queue is open; acknowledging needs a logged-in pit user. Every state-changing
request carries a CSRF token: the session's in its forms, and before there is a session a
token of the login form's own, matched against a cookie set with the form.
"""

from __future__ import annotations

import hmac
from datetime import datetime
from html import escape
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import parse_qs

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from pit.auth import REFUSED, SESSION_LIFETIME, Auth, Session, new_token
from pit.clock import iso
from pit.errors import PitError
from pit.floor import Floor
from pit.store import Alert

SESSION_COOKIE = "pit_session"
LOGIN_COOKIE = "pit_login"  # the login form's token, before there is a session
# The pages load only their own files and are never framed (no clickjacking of the forms).
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
                "X-Frame-Options": "DENY"}
MAX_FORM_BYTES = 16 * 1024
MAX_NOTE = 500  # characters of a note kept
LOGIN_FORM_SECONDS = 3600  # a login form left open longer is sent again
TEMPLATES = Path(__file__).with_name("templates")


def alert_routes(floor: Floor, auth: Auth) -> list[Route]:
    login_page, alerts_page = (Template((TEMPLATES / name).read_text(encoding="utf-8"))
                               for name in ("login.html", "alerts.html"))

    async def alert_queue(_request: Request) -> Response:
        return JSONResponse(queue(floor.store.queue(), floor.clock()))

    async def show_alerts(request: Request) -> Response:
        session = auth.session(request.cookies.get(SESSION_COOKIE))
        return HTMLResponse(alerts_page.substitute(csrf=session.csrf if session else "",
                                                   account=account(session)),
                            headers=PAGE_HEADERS)

    async def show_login(request: Request) -> Response:
        return login_form(request, login_page, "", 200)

    async def log_in(request: Request) -> Response:
        form = await form_of(request)
        if not same(form.get("csrf"), request.cookies.get(LOGIN_COOKIE)):
            return forbidden()
        try:
            outcome = await run_in_threadpool(auth.login, form.get("user", ""),
                                              form.get("password", ""))
        except PitError as error:  # the users file went bad while the pit ran
            return login_form(request, login_page, str(error), 503)
        if isinstance(outcome, str):
            return login_form(request, login_page, outcome, 401 if outcome == REFUSED else 429)
        answer = RedirectResponse("/alerts", status_code=303)
        set_cookie(answer, request, SESSION_COOKIE, outcome.token,
                   int(SESSION_LIFETIME.total_seconds()))
        set_cookie(answer, request, LOGIN_COOKIE, "", 0, path="/login")  # used up
        return answer

    async def log_out(request: Request) -> Response:
        session, form = auth.session(request.cookies.get(SESSION_COOKIE)), await form_of(request)
        if session is None or not same(form.get("csrf"), session.csrf):
            return forbidden()
        auth.logout(session)
        answer = RedirectResponse("/alerts", status_code=303)
        set_cookie(answer, request, SESSION_COOKIE, "", 0)
        return answer

    async def acknowledge(request: Request) -> Response:
        session, form = auth.session(request.cookies.get(SESSION_COOKIE)), await form_of(request)
        if session is None or not same(form.get("csrf"), session.csrf):
            return forbidden()
        alert_id = request.path_params["alert"]
        note = form.get("note", "").strip()[:MAX_NOTE] or None
        if floor.acknowledge(alert_id, session.user, note) is None:
            return PlainTextResponse(f"alert {alert_id} is not open: acknowledged already, or "
                                     "no such alert", status_code=409)
        return RedirectResponse("/alerts", status_code=303)

    return [
        Route("/alerts", show_alerts),
        Route("/api/alert-queue", alert_queue),
        Route("/login", show_login, methods=["GET"]),
        Route("/login", log_in, methods=["POST"]),
        Route("/logout", log_out, methods=["POST"]),
        Route("/alerts/{alert:int}/ack", acknowledge, methods=["POST"]),
    ]


def queue(alerts: list[Alert], now: datetime) -> dict[str, Any]:
    """The page's queue: open alerts most urgent first and, within that, the longest waiting
    first; then the acknowledged, the last acknowledged first (as the store gives them)."""
    open_ = sorted((a.to_json() for a in alerts if a.acked_at is None),
                   key=lambda alert: (alert["severity"], alert["id"]))
    past = [a.to_json() for a in alerts if a.acked_at is not None]
    return {"now": iso(now), "open": open_, "past": past}


def login_form(request: Request, page: Template, refusal: str, status: int) -> Response:
    """The form with a new token of its own, also set in a cookie only /login is sent."""
    token = new_token()
    answer = HTMLResponse(page.substitute(refusal=escape(refusal), csrf=token),
                          status_code=status, headers=PAGE_HEADERS)
    set_cookie(answer, request, LOGIN_COOKIE, token, LOGIN_FORM_SECONDS, path="/login")
    return answer


def account(session: Session | None) -> str:
    if session is None:
        return '<a href="/login" id="login">log in to acknowledge</a>'
    return (f'<span class="user">signed in as <b id="signed-in">{escape(session.user)}</b></span> '
            f'<form method="post" action="/logout" class="logout">'
            f'<input type="hidden" name="csrf" value="{session.csrf}">'
            f'<button type="submit" id="logout">log out</button></form>')


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
