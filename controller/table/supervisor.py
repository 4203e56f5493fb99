"""The supervisor PIN: stored only as a salted PBKDF2 hash in the table config."""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from common.errors import Refused

SCHEME = "pbkdf2_sha256"
ITERATIONS = 200_000
# A stored hash is refused outside this range: fewer iterations make guessing the PIN from a
# copied config cheaper (0 crashes the first check); more make one PIN check outlast the watchdog
# on a slow table PC (1,000,000 takes about 0.7 s on a desktop CPU, seconds on a small board).
MIN_ITERATIONS, MAX_ITERATIONS = 10_000, 1_000_000
SALT_BYTES, HASH_BYTES = 16, 32  # what hash_pin writes: a 16-byte salt, a SHA-256 digest
_REMAKE = "make a new one with 'baccarat-table hash-pin'"
_STORED = re.compile(rf"{SCHEME}\$([0-9]+)\$([0-9a-f]*)\$([0-9a-f]*)")


def hash_pin(pin: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    """The config value for ``pin``: ``pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>``."""
    salt = salt if salt is not None else secrets.token_bytes(SALT_BYTES)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, iterations)
    return f"{SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def check_pin_hash(stored: str) -> None:
    """Raise ValueError, saying what is wrong, when ``stored`` is not a hash hash_pin makes
    with between MIN_ITERATIONS and MAX_ITERATIONS iterations."""
    match = _STORED.fullmatch(stored)
    if match is None:
        raise ValueError(f"expected '{SCHEME}$<iterations>$<salt>$<hash>' in lower-case hex; "
                         f"{_REMAKE}")
    iterations, salt, digest = match.groups()
    # Compared as text by verify_pin, so a leading 0 could never match; a long digit string is
    # out of range before int() (which refuses more than 4300 digits) sees it.
    if iterations.startswith("0") or len(iterations) > len(str(MAX_ITERATIONS)) or not (
            MIN_ITERATIONS <= int(iterations) <= MAX_ITERATIONS):
        shown = iterations if len(iterations) <= 20 else f"({len(iterations)} digits)"
        raise ValueError(f"iterations {shown}: expected {MIN_ITERATIONS:,} to "
                         f"{MAX_ITERATIONS:,} (the default is {ITERATIONS:,}); {_REMAKE}")
    for part, text, size in (("salt", salt, SALT_BYTES), ("hash", digest, HASH_BYTES)):
        if len(text) != 2 * size:
            raise ValueError(f"the {part} has {len(text)} hex digits, expected {2 * size} "
                             f"({size} bytes); {_REMAKE}")


@dataclass(frozen=True, slots=True)
class CheckedPin:
    """A typed PIN already hashed against ``stored``, off the controller's thread (the hash
    takes about 0.2 s, which would hold up the cards): the verdict instead of the digits. The
    controller still decides, and keeps the count of wrong PINs and the lockout."""

    stored: str
    matches: bool

    @classmethod
    def of(cls, pin: str, stored: str) -> CheckedPin:
        return cls(stored, verify_pin(pin, stored))


def verify_pin(pin: str | CheckedPin, stored: str) -> bool:
    """True when ``pin`` matches the stored hash (constant-time comparison); a CheckedPin
    gives its verdict, when it was reached against this same stored hash."""
    if isinstance(pin, CheckedPin):
        return pin.stored == stored and pin.matches
    _, iterations, salt, _ = stored.split("$")
    candidate = hash_pin(pin, bytes.fromhex(salt), int(iterations))
    return hmac.compare_digest(candidate, stored)


PIN_ATTEMPTS = 5
PIN_LOCKOUT_SECONDS = 60


class PinRefused(Refused):
    """A supervisor action refused at the PIN: the reason, and the facts to record with it
    (``wrong_pin``, ``locked_until``) so a restart keeps the count and the lockout."""


def is_blank(pin: str | CheckedPin | None) -> bool:
    """No PIN at all, or an empty one (``pin=``, OK on an empty PIN dialog): never a guess."""
    return pin is None or (isinstance(pin, str) and not pin.strip())


class SupervisorGate:
    """Who may give a supervisor action: the PIN, and the lockout after guessing at it.

    Five wrong PINs in a row lock supervisor actions for a minute of ``clock``, the table's
    monotonic seconds: a wall clock stepped back or forward (NTP, a dead RTC battery, daylight
    saving on a PC set to local time) neither lengthens nor shortens it. The count and the
    lockout are replayed from the journaled refusals (``count_wrong_pin``), and a shoe's end
    records where they stand (``carried``), since a restart replays only the shoe after it.
    A monotonic clock does not survive a reboot, so the journal holds no time the lockout
    depends on: a restart runs a lockout the journal does not show ended (by a right PIN or a
    counted wrong one after it) for its whole minute again, from the restart. ``wall`` only
    labels the record (``locked_until``: when it ends, by the wall clock, for people). A
    missing or empty PIN is refused without counting: a dealer pressing a key cannot lock
    the supervisors out."""

    def __init__(self, pin_hash: str | None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time) -> None:
        self.pin_hash = pin_hash
        self.clock, self.wall = clock, wall
        self._wrong_in_row = 0
        self._locked_until: float | None = None  # on ``clock``

    def check(self, pin: str | CheckedPin | None, what: str = "this action") -> None:
        """Raise PinRefused unless ``pin`` is the supervisor's and no lockout is running."""
        if self.pin_hash is None:
            raise PinRefused("no supervisor PIN is configured (see 'baccarat-table hash-pin')")
        left = self._lockout_left()
        if left:
            raise PinRefused(f"too many wrong PINs: supervisor actions locked for "
                             f"{math.ceil(left)} s more")
        if pin is None:
            raise PinRefused(f"{what} needs the supervisor PIN")
        if is_blank(pin):
            raise PinRefused(f"empty PIN: {what} needs the supervisor PIN (not counted as a "
                             "wrong one)")
        if not verify_pin(pin, self.pin_hash):
            if self._wrong_in_row + 1 >= PIN_ATTEMPTS:
                self.count_wrong_pin(starts_lockout=True)
                raise PinRefused(f"wrong supervisor PIN, {PIN_ATTEMPTS} in a row: supervisor "
                                 f"actions locked for {PIN_LOCKOUT_SECONDS} s",
                                 wrong_pin=True, locked_until=self._wall_end())
            self.count_wrong_pin(starts_lockout=False)
            raise PinRefused("wrong supervisor PIN", wrong_pin=True)
        self.passed()

    def passed(self) -> None:
        """A right PIN (now, or replayed from the journal) ends a run of wrong ones, and shows
        that any lockout before it was over."""
        self._wrong_in_row, self._locked_until = 0, None

    def count_wrong_pin(self, starts_lockout: bool) -> None:
        """One wrong PIN (now, or replayed from the journal); ``starts_lockout`` when it was
        the one that started a lockout: that runs a whole minute from now. One that did not
        was counted after any lockout before it was over."""
        if starts_lockout:
            self._wrong_in_row = 0
            self._locked_until = self.clock() + PIN_LOCKOUT_SECONDS
        else:
            self._wrong_in_row += 1
            self._locked_until = None

    def carried(self) -> dict[str, Any]:
        """The count of wrong PINs and a lockout still running, as ``shoe_ended`` records them
        for the next shoe (nothing when there is neither)."""
        facts: dict[str, Any] = {}
        if self._wrong_in_row:
            facts["wrong_pins"] = self._wrong_in_row
        if self._lockout_left():
            facts["locked_until"] = self._wall_end()
        return facts

    def restore(self, wrong_in_row: int, locked: bool) -> None:
        """Where a restart finds the count and the lockout: as a shoe's end recorded them; a
        lockout still running then runs a whole minute from now."""
        self._wrong_in_row = wrong_in_row
        self._locked_until = self.clock() + PIN_LOCKOUT_SECONDS if locked else None

    def _lockout_left(self) -> float:
        """The seconds of lockout left, on ``clock``; 0 when none is running."""
        return 0.0 if self._locked_until is None else max(0.0, self._locked_until - self.clock())

    def _wall_end(self) -> float:
        """When the running lockout ends by the wall clock (Unix time): a label, never read
        back."""
        return round(self.wall() + self._lockout_left(), 3)
