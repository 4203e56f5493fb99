"""Files a person named (an option, a config key, an argument): every one a command reads or
writes is opened here, so that a path that cannot be used (missing, a folder, on a read-only
file system, not allowed) is one UserError naming what the path is for and the absolute path
it tried, never a traceback or a bare ``[Errno 2]``."""

from __future__ import annotations

import os
from typing import IO, Any

from common.errors import UserError

StrPath = str | os.PathLike[str]


class PathError(UserError):
    """A file named for ``what`` that cannot be used: its absolute ``path`` and the ``reason``
    (kept apart so that a settings reader can name the key instead)."""

    def __init__(self, what: str, path: StrPath, reason: str) -> None:
        self.path, self.reason = os.path.abspath(path), reason
        super().__init__(f"{what} {self.path}: {reason}")


def path_error(what: str, path: StrPath, error: OSError, doing: str) -> PathError:
    """The one line for ``error`` met while ``doing`` (read, write) ``what`` at ``path``:
    ``--output /mnt/x.csv: cannot write it: Read-only file system``."""
    return PathError(what, path, f"cannot {doing} it: {error.strerror or error}")


def open_output(path: StrPath, what: str, mode: str = "w", **options: Any) -> IO[Any]:
    """``open(path, mode, **options)`` for writing; UserError naming ``what`` and ``path``."""
    try:
        return open(path, mode, **options)
    except OSError as error:
        raise path_error(what, path, error, "write") from None


def read_bytes(path: StrPath, what: str) -> bytes:
    """The content of ``path``; UserError naming ``what`` and ``path`` if it cannot be read."""
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise path_error(what, path, error, "read") from None


def decode_text(data: bytes, where: str) -> str:
    """``data`` as UTF-8; UserError naming ``where`` and the first bad byte and its offset."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserError(f"{where}: not UTF-8 text (byte {data[error.start:error.end]!r} at "
                        f"offset {error.start})") from None


def read_text(path: StrPath, what: str) -> str:
    """The UTF-8 text of ``path``; UserError naming the file, or the bad byte and offset."""
    return decode_text(read_bytes(path, what), f"{what} {os.path.abspath(path)}")


def read_password(path: StrPath, what: str) -> str:
    """The password alone in the file at ``path``, less a trailing line break.
    PathError naming ``what`` and ``path`` when it cannot be read or is not UTF-8 text, never
    quoting a byte of it nor where in it the fault is: either gives part of it away."""
    data = read_bytes(path, what)
    try:
        return data.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        raise PathError(what, path, "not UTF-8 text (its content is the password: not "
                        "shown)") from None
