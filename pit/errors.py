"""The pit's one-line errors for what a person gave it (the command shows them, exit 2)."""


class PitError(ValueError):
    """A setting, file or argument the pit cannot use: the message names what and where."""
