"""Who is asking: pit users' logins and sessions (a random token in the cookie, the user, a
CSRF token and an expiry), the API tokens of machine clients, and the lockout that slows a
password guesser without locking out the user.

Sessions are kept in the store under a hash of their token (the cookie is the secret), so a
restarted pit keeps its users logged in and its pages reconnect by themselves. Wrong passwords are
counted per client address and name: five in a row lock that name for that address only, for a
minute, then two, four ... up to an hour, so the right password from another client still
works. A name that is not a user gets the same answer in the same time as a wrong password and
is counted the same way, but is kept only as a keyed hash (never the name itself), and the
count is forgotten an hour after its last try. The scrypt check runs in a worker thread, a few
at a time and one at a time per address, never on the event loop nor under the lock the other
requests take.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from starlette.concurrency import run_in_threadpool

from pit.clock import Clock, iso
from pit.errors import PitError
from pit.store import Store
from pit.users import Users

SESSION_LIFETIME = timedelta(hours=8)  # a shift; then the user logs in again
WRONG_PASSWORDS = 5  # in a row from one address, then that name is locked for that address
LOCKOUT = timedelta(minutes=1)  # the first; each one after it twice the one before
MAX_LOCKOUT = timedelta(hours=1)
FORGET_AFTER = timedelta(hours=1)  # after the last try (or the lockout's end)
MAX_REMEMBERED = 10_000  # address and name pairs counted at once (the oldest go first)
HASHING_AT_ONCE = 2  # scrypt checks running at once (16 MiB and about 50 ms each)
WAITING_AT_MOST = 16  # logins waiting for a check; more are told to try again
TOKEN_BYTES = 32
REFUSED = "wrong user name or password"
BUSY = "too many logins at once from here: try again in a moment"
NOT_A_USER = "(not a user)"  # what the store and the log keep of a name that is not a user

log = logging.getLogger("pit.auth")


@dataclass(frozen=True)
class Session:
    token: str  # the cookie's; after a restart only its hash is known (the cookie has it)
    user: str
    csrf: str
    expires: datetime


@dataclass(frozen=True)
class Identity:
    """A request's user: by a session (a person in a browser) or an API token (a machine)."""

    user: str
    role: str
    session: Session | None = None


@dataclass
class Tries:
    last: datetime
    wrong: int = 0
    lockouts: int = 0  # how many times this address locked this name: the next lasts longer
    locked_until: datetime | None = None


@dataclass
class Checks:
    """The logins being checked now: how many wait, and from which addresses."""

    addresses: set[str] = field(default_factory=set)
    waiting: int = 0
    hashing: asyncio.Semaphore | None = None  # made on the event loop, at the first login


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Auth:
    def __init__(self, users_file: Path, store: Store, clock: Clock) -> None:
        self.users_file, self.store, self.clock = users_file, store, clock
        self._users: Users | None = None
        self._users_seen: tuple[int, int, int] | None = None  # the file's inode, mtime, size
        self._sessions: dict[str, Session] = {}  # by the hash of their token
        now, ended = clock(), []
        for key, user, csrf, expires in store.sessions():
            session = Session("", user, csrf, datetime.fromisoformat(expires))
            if session.expires > now:
                self._sessions[key] = session
            else:
                ended.append(key)
        store.end_sessions(ended)
        self._tries: dict[tuple[str, bytes], Tries] = {}
        self._names_key = secrets.token_bytes(32)  # keys the hashes the tries are kept under
        self._checks = Checks()
        self._lock = threading.Lock()  # never held while a password is checked

    def users(self) -> Users:
        """The users file as it is now: ``pit-user add``, ``remove`` and ``token`` apply
        without a restart (a removed user's sessions end with it)."""
        try:
            status = self.users_file.stat()
            seen: tuple[int, int, int] | None = (status.st_ino, status.st_mtime_ns,
                                                 status.st_size)
        except FileNotFoundError:
            seen = None
        users = self._users
        if users is None or seen != self._users_seen:
            users = Users(self.users_file)
            self._users, self._users_seen = users, seen
        return users

    async def login(self, address: str, name: str, password: str) -> Session | str:
        """A new session, or the one line to show instead: the lockout, ``BUSY`` or
        ``REFUSED``."""
        key = (address, hmac.new(self._names_key, name.encode("utf-8", "replace"),
                                 hashlib.sha256).digest())
        checks = self._checks
        with self._lock:
            now = self.clock()
            self._forget_the_past(now)
            tries = self._tries.get(key)
            if tries is not None and tries.locked_until is not None \
                    and now < tries.locked_until:
                return locked_words(tries.locked_until, now)
            if address in checks.addresses or checks.waiting >= WAITING_AT_MOST:
                return BUSY
            checks.addresses.add(address)
            checks.waiting += 1
        try:
            if checks.hashing is None:
                checks.hashing = asyncio.Semaphore(HASHING_AT_ONCE)
            async with checks.hashing:
                return await run_in_threadpool(self._check, key, address, name, password)
        finally:
            with self._lock:
                checks.addresses.discard(address)
                checks.waiting -= 1

    def _check(self, key: tuple[str, bytes], address: str, name: str,
               password: str) -> Session | str:
        """The password checked (in a worker thread), then its outcome counted and kept."""
        users = self.users()
        matched = users.check(name, password)
        who = name if name in users.users else NOT_A_USER
        locked: datetime | None = None
        with self._lock:
            now = self.clock()
            if matched:
                self._tries.pop(key, None)
                session = Session(new_token(), name, new_token(), now + SESSION_LIFETIME)
                self._sessions[token_hash(session.token)] = session
                outcome: Session | str = session
                kept = "signed in"
            else:
                outcome = self._wrong(key, now)
                locked = None if outcome == REFUSED else self._tries[key].locked_until
                kept = "wrong password" if locked is None else f"locked out until {iso(locked)}"
        if locked is not None:
            log.warning("pit: %s locked out from %s until %s after %d wrong passwords", who,
                        address, iso(locked), WRONG_PASSWORDS)
        if isinstance(outcome, Session):
            self.store.keep_session(token_hash(outcome.token), name, outcome.csrf,
                                    iso(outcome.expires))
        self.store.log_login(iso(now), who, f"{kept} (from {address})")
        return outcome

    def _wrong(self, key: tuple[str, bytes], now: datetime) -> str:
        tries = self._tries.setdefault(key, Tries(now))
        tries.last = now
        tries.wrong += 1
        if tries.wrong < WRONG_PASSWORDS:
            return REFUSED
        tries.wrong = 0
        tries.lockouts += 1
        tries.locked_until = now + min(LOCKOUT * 2 ** (tries.lockouts - 1), MAX_LOCKOUT)
        return locked_words(tries.locked_until, now)

    def _forget_the_past(self, now: datetime) -> None:
        """Expired sessions, and tries an hour old, so that neither grows without end."""
        self._sessions = {key: session for key, session in self._sessions.items()
                          if session.expires > now}
        self._tries = {key: tries for key, tries in self._tries.items()
                       if max(tries.last, tries.locked_until or tries.last) + FORGET_AFTER > now}
        if len(self._tries) > MAX_REMEMBERED:
            newest = sorted(self._tries.items(), key=lambda item: item[1].last)
            self._tries = dict(newest[-MAX_REMEMBERED:])

    def identify(self, cookie: str | None, bearer: str | None) -> Identity | None:
        """The user of a request's session cookie or API token, with their role now."""
        try:
            users = self.users()
        except PitError as error:  # a users file gone bad logs everyone out; reading goes on
            log.warning("pit: %s", error)
            return None
        if bearer is not None:
            name = users.holder(bearer)
            return None if name is None else Identity(name, users.users[name].role)
        if cookie is None:
            return None
        key = token_hash(cookie)
        with self._lock:
            session = self._sessions.get(key)
            if session is None or self.clock() >= session.expires \
                    or session.user not in users.users:
                return None  # the store forgets it at the next logout or restart
        return Identity(session.user, users.users[session.user].role, session)

    def logout(self, session: Session) -> None:
        """Ends the session (in a worker thread: it writes to the store), and with it every
        session that has run out."""
        now = self.clock()
        with self._lock:
            ended = [key for key, kept in self._sessions.items()
                     if kept == session or kept.expires <= now]
            for key in ended:
                del self._sessions[key]
        self.store.end_sessions(ended)
        self.store.log_login(iso(now), session.user, "signed out")


def locked_words(until: datetime, now: datetime) -> str:
    seconds = max(1, int((until - now).total_seconds() + 0.999))
    return (f"locked: {WRONG_PASSWORDS} wrong passwords in a row; try again in {seconds} s "
            f"(at {iso(until)})")
