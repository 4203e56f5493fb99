"""Each table's and each pit's own login on the floor's Mosquitto, and what each may do there
(``baccarat-table broker-access``, docs/deployment.md, "The broker: a login for each table").

Two files Mosquitto reads: its ``password_file`` (``NAME:$7$ITERATIONS$SALT$HASH``, the
PBKDF2-SHA512 hash ``mosquitto_passwd`` writes, made here with hashlib so the command needs no
Mosquitto where it runs) and its ``acl_file``. A table's login is its table id, and it may
write (and read back) only its own topics, ``<prefix>/<id>/#``; a pit's may read every table's,
``<prefix>/#``, and write nothing. Each login has lines of its own in the ACL rather than one
``pattern write <prefix>/%u/#`` line, because a pattern applies to every login, a pit's too:
a pit's login could then publish as a table named like it. Both files are written whole, each
time, from the logins the ACL holds (and any other password in the file, kept as it was).
"""

from __future__ import annotations

import base64
import contextlib
import grp
import hashlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from controller.table.table_id import feed_table_id_problem

TABLE, PIT = "table", "pit"
ACCESS = {TABLE: "readwrite", PIT: "read"}  # the ACL's word for each kind of login
ITERATIONS = 20_000  # PBKDF2 rounds (mosquitto_passwd's default is 101)
SALT_BYTES = 12  # as mosquitto_passwd
PASSWORD_BYTES = 24  # a generated password: 32 characters, 192 bits
FILE_MODE = 0o640  # the broker's group reads them; nobody else
ACL_HEADER = """\
# The floor broker's access list, written by baccarat-table broker-access (docs/deployment.md).
# Each table writes (and reads back) only its own topics; a pit reads every table's and writes
# nothing. One block a login, not a pattern line: a pattern would apply to a pit's login too.
"""


class BrokerAccessError(ValueError):
    """A login name the broker cannot take, or one that is not there; or a file it wrote
    that is not as it writes it (naming the file and line)."""


@dataclass(frozen=True)
class Login:
    name: str
    kind: str  # TABLE or PIT
    topic: str  # what it may use: a table's own topics, or every table's for a pit

    def acl(self) -> str:
        return f"# {self.kind}\nuser {self.name}\ntopic {ACCESS[self.kind]} {self.topic}\n"


def login_for(name: str, kind: str, prefix: str) -> Login:
    """A table's login (its table id) or a pit's; BrokerAccessError saying why not."""
    problem = feed_table_id_problem(name)
    if problem is None and any(mark in name for mark in ": \t"):
        problem = "expected no spaces or ':' (a broker login name)"
    if problem is not None:
        raise BrokerAccessError(f"{kind} {name!r}: {problem}")
    return Login(name, kind, f"{prefix}/{name}/#" if kind == TABLE else f"{prefix}/#")


def password_hash(password: str, salt: bytes | None = None,
                  iterations: int = ITERATIONS) -> str:
    """The password file's form of ``password``: Mosquitto's ``$7$`` (PBKDF2-SHA512)."""
    salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha512", password.encode("utf-8"), salt, iterations)
    return (f"$7${iterations}${base64.b64encode(salt).decode()}$"
            f"{base64.b64encode(digest).decode()}")


class BrokerAccess:
    """The password file and the ACL file, as one list of logins."""

    def __init__(self, passwords: Path, acl: Path) -> None:
        self.passwords_path, self.acl_path = passwords, acl
        self.logins = self._read_acl()
        self.hashes = self._read_passwords()

    def add(self, login: Login) -> str:
        """``login`` added, or given a new password (and topics): the new password."""
        password = secrets.token_urlsafe(PASSWORD_BYTES)
        self.logins[login.name] = login
        self.hashes[login.name] = password_hash(password)
        self._write()
        return password

    def remove(self, name: str) -> Login:
        if name not in self.logins:
            raise BrokerAccessError(f"no login {name!r} in {self.acl_path}")
        login = self.logins.pop(name)
        self.hashes.pop(name, None)
        self._write()
        return login

    def _read_acl(self) -> dict[str, Login]:
        logins: dict[str, Login] = {}
        if not self.acl_path.exists():
            return logins
        user: str | None = None
        kinds = {word: kind for kind, word in ACCESS.items()}
        lines = self.acl_path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "user" and len(words) == 2:
                user = words[1]
            elif (words[0] == "topic" and len(words) == 3 and words[1] in kinds
                  and user is not None):
                logins[user] = Login(user, kinds[words[1]], words[2])
            else:
                raise BrokerAccessError(f"{self.acl_path}, line {number}: not as "
                                        f"broker-access writes it: {line[:80]!r}")
        return logins

    def _read_passwords(self) -> dict[str, str]:
        if not self.passwords_path.exists():
            return {}
        hashes = {}
        text = self.passwords_path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), 1):
            name, colon, hashed = line.partition(":")
            if not colon:
                raise BrokerAccessError(f"{self.passwords_path}, line {number}: not "
                                        "NAME:HASH")
            hashes[name] = hashed
        return hashes

    def _write(self) -> None:
        logins = sorted(self.logins.values(), key=lambda login: (login.kind, login.name))
        _replace(self.acl_path, ACL_HEADER + "".join(f"\n{login.acl()}" for login in logins))
        # A password of a login the ACL does not name (mosquitto_passwd's) is kept as it was.
        _replace(self.passwords_path, "".join(f"{name}:{hashed}\n"
                                              for name, hashed in self.hashes.items()))


def write_secret(path: Path, secret: str) -> None:
    """A login's password alone in its file, for the table's or the pit's ``password_file``:
    readable by its owner only."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(secret + "\n")


def _replace(path: Path, text: str) -> None:
    """``path`` replaced whole (a broker reloading it never reads half a file), readable by
    the broker's group (``mosquitto``, when it exists and this runs as root)."""
    temporary = path.with_name(f".{path.name}.new")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        os.fchmod(file.fileno(), FILE_MODE)
        if os.geteuid() == 0:
            # No such group here: the broker runs elsewhere, or as root.
            with contextlib.suppress(KeyError):
                os.fchown(file.fileno(), 0, grp.getgrnam("mosquitto").gr_gid)
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
