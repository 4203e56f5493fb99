"""Every page and API behind a login: the pit's ASGI middleware that finds who is asking (a
session cookie, or an API token for ``GET /api/...``) and turns away whoever it cannot name:
a page to the login form (which brings them back), the API with 401, a form sent with 403.
Only the login form and the static files (scripts and style, no data) are open. Each answer,
whoever asked, carries the security headers."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pit.auth import Auth, Identity

SESSION_COOKIE = "pit_session"
OPEN_PATHS = ("/login",)
OPEN_PREFIXES = ("/static/",)
# The pages load only their own scripts, styles and data (no inline script or style), are
# never framed (no clickjacking of the forms) and are never taken for another type.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; "
                               "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
                               "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


def identity_of(request: Request) -> Identity:
    """The user the middleware found (every route but the open ones has one)."""
    identity: Identity = request.state.identity
    return identity


def still_valid(request: Request) -> Callable[[], bool]:
    """Whether the request's session or token is still what it was (not logged out, expired,
    revoked, its user removed or given another role): a live stream asks before each message."""
    still: Callable[[], bool] = request.state.still
    return still


def credentials(request: Request) -> tuple[str | None, str | None]:
    """The session cookie, and the API token of an ``Authorization: Bearer`` header."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    bearer = token.strip() if scheme.lower() == "bearer" else None
    return request.cookies.get(SESSION_COOKIE), bearer


class Access:
    def __init__(self, app: ASGIApp, auth: Auth) -> None:
        self.app, self.auth = app, auth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or path in OPEN_PATHS or path.startswith(OPEN_PREFIXES):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        identity, refusal = self._identify(request)
        if identity is None:
            await refusal(scope, receive, send)
            return
        state = scope.setdefault("state", {})
        state["identity"] = identity
        cookie, bearer = credentials(request)
        state["still"] = lambda: self.auth.identify(cookie, bearer) == identity
        await self.app(scope, receive, send)

    def _identify(self, request: Request) -> tuple[Identity | None, Response]:
        api = request.url.path.startswith("/api/")
        cookie, bearer = credentials(request)
        if bearer is not None:
            if not (api and request.method in ("GET", "HEAD")):
                return None, unauthorized("an API token reads the JSON API (GET /api/...) "
                                          "only")
            identity = self.auth.identify(None, bearer)
            return identity, unauthorized("that API token is not valid (revoked, replaced by "
                                          "a newer one, or never made)")
        identity = self.auth.identify(cookie, None)
        if api:
            return identity, unauthorized("log in first, or send Authorization: Bearer TOKEN "
                                          "(baccarat-table pit-user token NAME)")
        if request.method not in ("GET", "HEAD"):  # a form sent without a session
            return identity, PlainTextResponse("refused: log in first", status_code=403)
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return identity, RedirectResponse(f"/login?next={quote(target, safe='')}",
                                          status_code=303)


def unauthorized(why: str) -> Response:
    return JSONResponse({"error": why}, status_code=401,
                        headers={"WWW-Authenticate": 'Bearer realm="pit"'})


class SecurityHeaders:
    """The security headers on every answer, errors and redirects included."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)
