"""The pit's one-line errors for what a person gave it (the command shows them, exit 2); the
tree of every error is in common/errors.py."""

from common.errors import UserError


class PitError(UserError):
    """A file, address or argument the pit cannot use: the message names what and where."""
