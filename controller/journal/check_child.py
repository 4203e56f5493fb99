"""The table's daily check, in its own process (controller.journal.daily_check): the full
check of the journal named on the command line at the lowest CPU priority, its result printed
as one line of JSON for the table to journal. It only reads the journal."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from controller.events.codec import encode
from controller.journal.verify_run import verify_journal

LOWEST = 19  # nice: the card path always comes first (the disk's best-effort I/O class too)


def main(argv: list[str]) -> int:
    try:
        os.nice(LOWEST - os.nice(0))
    except OSError as error:  # a sandbox that forbids it: the check runs all the same
        print(f"journal check: cannot lower its priority: {error.strerror}", file=sys.stderr)
    _, result, _ = verify_journal(Path(argv[0]))
    print(json.dumps(encode(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
