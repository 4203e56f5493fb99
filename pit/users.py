"""The pit's users: a file of names, roles, scrypt password hashes and API token hashes, one
user a line.

Each line is ``NAME:ROLE:scrypt:N:r:p:SALT:HASH:TOKEN`` (salt and hash in hex, a salt of its own
per user; TOKEN the SHA-256 of the user's API token in hex, or empty). A line of the file's
first form, ``NAME:scrypt:N:r:p:SALT:HASH``, is a user made before there were roles: a
supervisor, which is what they were made for (acknowledging alerts), and no more. The file is
written whole to a temporary file of mode 0600 beside it and renamed over it, so a crash never
leaves half a file and the hashes are never readable by others.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from pit.errors import PitError
from pit.roles import ROLES, SUPERVISOR, VIEWER

# scrypt's cost: 16 MiB of memory and about 50 ms a check (RFC 7914's interactive figures).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
# What a line of the file may ask: a login costs at most 128 MiB (N 2^17, r 8), never a
# memory error or a crash of the pit (N must be a power of 2 for scrypt at all).
SCRYPT_N_RANGE = [2**power for power in range(10, 18)]
SCRYPT_R_RANGE = range(1, 9)
SCRYPT_P_RANGE = range(1, 5)
SALT_BYTES = 16
HASH_BYTES = 32
MIN_PASSWORD_LENGTH = 8
FORBIDDEN_IN_NAME = ":\r\n"
TOKEN_BYTES = 32


@dataclass(frozen=True)
class PasswordHash:
    n: int
    r: int
    p: int
    salt: bytes
    digest: bytes

    @classmethod
    def of(cls, password: str) -> PasswordHash:
        salt = secrets.token_bytes(SALT_BYTES)
        return cls(SCRYPT_N, SCRYPT_R, SCRYPT_P, salt,
                   _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P))

    def matches(self, password: str) -> bool:
        return hmac.compare_digest(
            _scrypt(password, self.salt, self.n, self.r, self.p), self.digest)

    def line(self, name: str) -> str:
        return f"{name}:scrypt:{self.n}:{self.r}:{self.p}:{self.salt.hex()}:{self.digest.hex()}"


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=256 * n * r + 1024 * 1024, dklen=HASH_BYTES)


def token_digest(token: str) -> str:
    """What the file keeps of an API token. A token is 32 random bytes, so a fast hash is
    enough: there is nothing to guess that a slow one would protect."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class User:
    role: str
    password: PasswordHash
    token: str | None = None  # the SHA-256 of the user's API token, when they have one

    def line(self, name: str) -> str:
        scrypt = self.password.line(name).split(":", 1)[1]
        return f"{name}:{self.role}:{scrypt}:{self.token or ''}"


# Checked against when the name is unknown, so a wrong name costs as long as a wrong password.
_NOBODY = PasswordHash.of(secrets.token_hex(16))


class Users:
    """The users file: read when made, written back by ``add`` and ``remove``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.users: dict[str, User] = {}
        if path.exists():
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise PitError(f"{path}: cannot read the pit users' file: "
                               f"{getattr(error, 'strerror', None) or error}") from None
            for number, line in enumerate(text.splitlines(), start=1):
                if line.strip():
                    name, user = _parsed(line, path, number)
                    self.users[name] = user
        self._tokens = {user.token: name for name, user in self.users.items() if user.token}

    def names(self) -> list[str]:
        return sorted(self.users)

    def check(self, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s, in the same time for a name not in the file."""
        known = self.users.get(name)
        matched = (known.password if known else _NOBODY).matches(password)
        return known is not None and matched

    def holder(self, token: str) -> str | None:
        """The user whose API token this is, if anyone's."""
        return self._tokens.get(token_digest(token))

    def add(self, name: str, password: str, role: str | None = None) -> None:
        """A new user (a viewer unless ``role`` says otherwise), or a new password (and, when
        given, role) for one already in the file."""
        if not name or name != name.strip() or any(c in name for c in FORBIDDEN_IN_NAME):
            raise PitError(f"{name!r}: a name is not empty, has no ':' or line break "
                           "and no spaces at either end")
        if role is not None and role not in ROLES:
            raise PitError(f"{role!r}: a role is one of {', '.join(ROLES)}")
        if len(password) < MIN_PASSWORD_LENGTH:
            raise PitError(f"a password has at least {MIN_PASSWORD_LENGTH} characters")
        known = self.users.get(name)
        self.users[name] = User(role or (known.role if known else VIEWER),
                                PasswordHash.of(password), known.token if known else None)
        self._write()

    def new_token(self, name: str) -> str:
        """A new API token for ``name``, replacing (revoking) the one they had; only its hash
        is kept."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.users[name] = replace(self._user(name), token=token_digest(token))
        self._write()
        return token

    def revoke_token(self, name: str) -> None:
        self.users[name] = replace(self._user(name), token=None)
        self._write()

    def remove(self, name: str) -> None:
        self._user(name)
        del self.users[name]
        self._write()

    def _user(self, name: str) -> User:
        if name not in self.users:
            raise PitError(f"no user {name!r} in {self.path}")
        return self.users[name]

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        draft = self.path.with_name(self.path.name + ".new")
        text = "".join(self.users[name].line(name) + "\n" for name in self.names())
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            os.fchmod(file.fileno(), 0o600)  # a draft left by an older run may be wider
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(draft, self.path)


def _parsed(line: str, path: Path, number: int) -> tuple[str, User]:
    name, _, rest = line.partition(":")
    parts = rest.split(":")
    if parts[:1] == ["scrypt"]:  # a line from before roles and tokens: a supervisor
        parts = [SUPERVISOR, *parts, ""]
    try:
        if len(parts) != 8 or parts[0] not in ROLES or parts[1] != "scrypt" or not name:
            raise ValueError
        n, r, p = (int(part) for part in parts[2:5])
        password = PasswordHash(n, r, p, bytes.fromhex(parts[5]), bytes.fromhex(parts[6]))
        if parts[7] and len(bytes.fromhex(parts[7])) != hashlib.sha256().digest_size:
            raise ValueError
    except ValueError:
        raise PitError(f"{path}: line {number}: expected NAME:ROLE:scrypt:N:r:p:SALT:HASH:TOKEN "
                       f"(ROLE one of {', '.join(ROLES)}; made by baccarat-table pit-user "
                       "add)") from None
    if not (n in SCRYPT_N_RANGE and r in SCRYPT_R_RANGE and p in SCRYPT_P_RANGE):
        raise PitError(f"{path}: line {number}: scrypt costs N={n}, r={r}, p={p}: expected N a "
                       f"power of 2 from {SCRYPT_N_RANGE[0]} to {SCRYPT_N_RANGE[-1]}, r 1 to "
                       f"{SCRYPT_R_RANGE[-1]}, p 1 to {SCRYPT_P_RANGE[-1]} (pit-user add writes "
                       f"{SCRYPT_N}, {SCRYPT_R}, {SCRYPT_P})")
    return name, User(parts[0], password, parts[7] or None)
