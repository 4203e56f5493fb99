"""Small files kept beside the journal (``PATH.feed``), replaced whole."""

from __future__ import annotations

import json
import os
from pathlib import Path


def replace_json(path: Path, document: object) -> None:
    """``path`` replaced by ``document`` as JSON: written beside it, synced, then renamed over
    it, so a reader, a crash or a power cut finds the old document or the new, never half."""
    temporary = path.with_name(path.name + ".new")
    with open(temporary, "w", encoding="utf-8") as stream:
        json.dump(document, stream)
        stream.flush()
        os.fdatasync(stream.fileno())
    temporary.replace(path)
