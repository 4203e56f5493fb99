"""The error a person's input causes, as opposed to a fault in the program.

It lives in the lowest layer so that drivers, controller and ui can all raise it. The command
line shows a ``UserError`` as one line and exits 2; any other exception keeps its traceback,
because it is a bug to report (README.md, "The command").
"""


class UserError(ValueError):
    """Something a person gave is wrong: an option's value, a file's content, a name. The
    message says what was wrong and where (file, key, line, the raw text). A ValueError, so
    the code that parses input can keep catching ValueError."""
