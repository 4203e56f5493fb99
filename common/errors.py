"""Every exception the program raises on purpose, in one tree under ``BaccaratError``.

It lives in common/, the lowest layer, so that drivers, controller, ui and the pit can all raise
it. The command line shows a ``UserError`` as one line and exits 2; any other exception keeps its
traceback, because it is a bug to report (README.md, "The command"). Each class is defined
beside the code that raises it; this is where they are listed (tests/test_errors.py checks the
tree below against the classes)::

    BaccaratError                   anything the program raises on purpose
    ├── UserError                   a person gave something wrong (a ValueError)
    │   ├── SettingsError           a setting: file, key and value named (common.settings;
    │   │                           the pit's [pit] too)
    │   │   ├── ConfigError         the table's config file (controller.table.config)
    │   │   ├── ProfileError        a table profile (controller.game.profiles)
    │   │   └── ReaderFormatError   a [reader] format (drivers.custom_format)
    │   ├── PathError               a file named that cannot be used (common.user_paths)
    │   ├── DriverError             a driver URL or its device (drivers.base)
    │   ├── CardCodeError           a text that is no card code (drivers.card_codes)
    │   ├── ShoeError               a card the shoe cannot hold (controller.game.cards)
    │   ├── StakeError              a stake the table does not take (controller.game.profiles)
    │   ├── EventFileError          an events file that cannot go on (controller.events.stream)
    │   ├── FeedError               a feed file that cannot be used (controller.feed.client)
    │   ├── RecordError             a feed record that is not one (controller.feed.outbox)
    │   └── PitError                a file or address the pit cannot use (pit.errors)
    ├── DataError                   bytes from a device, a file or the network that are not
    │   │                           what they must be (a ValueError; never a person's typing)
    │   ├── FrameError              a shoe's line that is no frame (drivers.shoe_protocol)
    │   ├── EventSchemaError        fields that make no event (controller.events.codec)
    │   ├── MessageError            a feed payload (controller.feed.message)
    │   ├── HeadUnreadable          a journal's head file (controller.journal.head)
    │   └── ChainStartUnknown       an archive's first rows (controller.journal.archive_file)
    ├── Refused                     an operator's action the table will not carry out now
    │   ├── CommandRefused          any command (controller.table.commands)
    │   └── PinRefused              a supervisor's PIN (controller.table.supervisor)
    └── Fault                       the program could not do its work (a RuntimeError)
        ├── JournalError            the journal cannot be used (controller.journal.store)
        ├── CheckFailedToRun        a daily check ended without a result
        │                           (controller.journal.daily_check)
        └── InputFailed             the table failed on an input: a bug
                                    (controller.table.controller)

The ValueError and RuntimeError bases are kept so that code written to catch those still
catches these.
"""

from __future__ import annotations

from typing import Any


class BaccaratError(Exception):
    """Anything the program raises on purpose (the tree is in this module's docstring)."""


class UserError(BaccaratError, ValueError):
    """Something a person gave is wrong: an option's value, a file's content, a name. The
    message says what was wrong and where (file, key, line, the raw text). A ValueError, so
    the code that parses input can keep catching ValueError."""


class DataError(BaccaratError, ValueError):
    """Bytes from a device, a file or the network that are not what they must be: hostile or
    damaged, never trusted. The message says what is wrong; a caller adds where."""


class Refused(BaccaratError):
    """An operator's action the table will not carry out now: the ``reason``, and the facts to
    record with the refusal (a wrong PIN, the lockout it started) as ``facts``."""

    def __init__(self, reason: str, **facts: Any) -> None:
        super().__init__(reason)
        self.facts = facts


class Fault(BaccaratError, RuntimeError):
    """The program could not do its work (a disk, a child process, a bug): not the fault of
    anything a person gave it."""
