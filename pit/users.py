"""The pit's users: a file of names and scrypt password hashes, one user a line.

Each line is ``NAME:scrypt:N:r:p:SALT:HASH`` (salt and hash in hex, a salt of its own per
user). The file is written whole to a temporary file of mode 0600 beside it and renamed over it,
so a crash never leaves half a file and the hashes are never readable by others.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from pit.errors import PitError

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


# Checked against when the name is unknown, so a wrong name costs as long as a wrong password.
_NOBODY = PasswordHash.of(secrets.token_hex(16))


class Users:
    """The users file: read when made, written back by ``add`` and ``remove``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.hashes: dict[str, PasswordHash] = {}
        if path.exists():
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise PitError(f"{path}: cannot read the pit users' file: "
                               f"{getattr(error, 'strerror', None) or error}") from None
            for number, line in enumerate(text.splitlines(), start=1):
                if line.strip():
                    name, hash_ = _parsed(line, path, number)
                    self.hashes[name] = hash_

    def names(self) -> list[str]:
        return sorted(self.hashes)

    def check(self, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s, in the same time for a name not in the file."""
        known = self.hashes.get(name)
        matched = (known or _NOBODY).matches(password)
        return known is not None and matched

    def add(self, name: str, password: str) -> None:
        """A new user, or a new password for one already in the file."""
        if not name or name != name.strip() or any(c in name for c in FORBIDDEN_IN_NAME):
            raise PitError(f"{name!r}: a name is not empty, has no ':' or line break "
                           "and no spaces at either end")
        if len(password) < MIN_PASSWORD_LENGTH:
            raise PitError(f"a password has at least {MIN_PASSWORD_LENGTH} characters")
        self.hashes[name] = PasswordHash.of(password)
        self._write()

    def remove(self, name: str) -> None:
        if name not in self.hashes:
            raise PitError(f"no user {name!r} in {self.path}")
        del self.hashes[name]
        self._write()

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        draft = self.path.with_name(self.path.name + ".new")
        text = "".join(self.hashes[name].line(name) + "\n" for name in self.names())
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            os.fchmod(file.fileno(), 0o600)  # a draft left by an older run may be wider
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(draft, self.path)


def _parsed(line: str, path: Path, number: int) -> tuple[str, PasswordHash]:
    name, _, rest = line.partition(":")
    parts = rest.split(":")
    try:
        if len(parts) != 6 or parts[0] != "scrypt" or not name:
            raise ValueError
        n, r, p = (int(part) for part in parts[1:4])
        hash_ = PasswordHash(n, r, p, bytes.fromhex(parts[4]), bytes.fromhex(parts[5]))
    except ValueError:
        raise PitError(f"{path}: line {number}: expected NAME:scrypt:N:r:p:SALT:HASH "
                       "(made by baccarat-table pit-user add)") from None
    if not (n in SCRYPT_N_RANGE and r in SCRYPT_R_RANGE and p in SCRYPT_P_RANGE):
        raise PitError(f"{path}: line {number}: scrypt costs N={n}, r={r}, p={p}: expected N a "
                       f"power of 2 from {SCRYPT_N_RANGE[0]} to {SCRYPT_N_RANGE[-1]}, r 1 to "
                       f"{SCRYPT_R_RANGE[-1]}, p 1 to {SCRYPT_P_RANGE[-1]} (pit-user add writes "
                       f"{SCRYPT_N}, {SCRYPT_R}, {SCRYPT_P})")
    return name, hash_
