"""Pit users' logins: sessions kept here (a random token in the cookie, the user, a CSRF token
and an expiry), and the lockout after five wrong passwords in a row.

Sessions live in memory: a restarted pit asks its users to log in again. A wrong name and a
wrong password get the same answer in the same time, and a name not in the users file is
locked out like one that is, so the answers never tell which names exist.
"""

from __future__ import annotations

import logging
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from pit.clock import Clock, iso
from pit.errors import PitError
from pit.store import Store
from pit.users import Users

SESSION_LIFETIME = timedelta(hours=8)  # a shift; then the user logs in again
WRONG_PASSWORDS = 5  # in a row, then the name is locked out
LOCKOUT = timedelta(minutes=1)
TOKEN_BYTES = 32
REFUSED = "wrong user name or password"

log = logging.getLogger("pit.auth")


@dataclass(frozen=True)
class Session:
    token: str
    user: str
    csrf: str
    expires: datetime


@dataclass
class Tries:
    wrong: int = 0
    locked_until: datetime | None = None


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Auth:
    def __init__(self, users_file: Path, store: Store, clock: Clock) -> None:
        self.users_file, self.store, self.clock = users_file, store, clock
        self._users: Users | None = None
        self._users_seen: tuple[int, int] | None = None  # the file's mtime and size when read
        self._sessions: dict[str, Session] = {}
        self._tries: dict[str, Tries] = {}
        self._lock = threading.Lock()

    def users(self) -> Users:
        """The users file as it is now: ``pit-user add`` and ``remove`` apply without a
        restart (a removed user's sessions end with it)."""
        try:
            status = self.users_file.stat()
            seen: tuple[int, int] | None = (status.st_mtime_ns, status.st_size)
        except FileNotFoundError:
            seen = None
        if self._users is None or seen != self._users_seen:
            self._users, self._users_seen = Users(self.users_file), seen
        return self._users

    def login(self, name: str, password: str) -> Session | str:
        """A new session, or the one line to show instead: the lockout, or ``REFUSED``."""
        now = self.clock()
        with self._lock:
            self._forget_the_past(now)
            tries = self._tries.setdefault(name, Tries())
            if tries.locked_until is not None and now < tries.locked_until:
                return locked_words(tries.locked_until, now)
            if self.users().check(name, password):
                del self._tries[name]
                session = Session(new_token(), name, new_token(), now + SESSION_LIFETIME)
                self._sessions[session.token] = session
                self.store.log_login(iso(now), name, "signed in")
                return session
            tries.wrong += 1
            if tries.wrong < WRONG_PASSWORDS:
                self.store.log_login(iso(now), name, "wrong password")
                return REFUSED
            tries.wrong, tries.locked_until = 0, now + LOCKOUT
            self.store.log_login(iso(now), name, f"locked out until {iso(tries.locked_until)}")
            log.warning("pit: %r locked out until %s after %d wrong passwords", name,
                        iso(tries.locked_until), WRONG_PASSWORDS)
            return locked_words(tries.locked_until, now)

    def _forget_the_past(self, now: datetime) -> None:
        """Expired sessions and lockouts run out, so that neither grows without end."""
        self._sessions = {token: session for token, session in self._sessions.items()
                          if session.expires > now}
        self._tries = {name: tries for name, tries in self._tries.items()
                       if tries.wrong or (tries.locked_until and tries.locked_until > now)}

    def session(self, token: str | None) -> Session | None:
        """The live session of the cookie's token, if any."""
        if token is None:
            return None
        with self._lock:
            session = self._sessions.get(token)
            if session is None:
                return None
            if self.clock() >= session.expires or not self._still_a_user(session.user):
                del self._sessions[token]
                return None
            return session

    def _still_a_user(self, name: str) -> bool:
        try:
            return name in self.users().hashes
        except PitError as error:  # a users file gone bad logs everyone out; reading goes on
            log.warning("pit: %s", error)
            return False

    def logout(self, session: Session) -> None:
        with self._lock:
            self._sessions.pop(session.token, None)
        self.store.log_login(iso(self.clock()), session.user, "signed out")


def locked_words(until: datetime, now: datetime) -> str:
    seconds = max(1, int((until - now).total_seconds() + 0.999))
    return (f"locked: {WRONG_PASSWORDS} wrong passwords in a row; try again in {seconds} s "
            f"(at {iso(until)})")
