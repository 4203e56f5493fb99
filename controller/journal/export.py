"""Exporting the journal for audits: every row with its hashes, as CSV or JSON lines."""

from __future__ import annotations

import csv
import json
import sqlite3
from typing import TextIO

FORMATS = ("csv", "jsonl")
COLUMNS = ("seq", "ts", "type", "table", "shoe", "round", "data", "prev_hash", "hash")
_ROWS = ("SELECT seq, ts, type, table_id, shoe, round, data, hex(prev_hash), hex(hash)"
         " FROM events ORDER BY seq")


def export(connection: sqlite3.Connection, out: TextIO, format_: str) -> int:
    """Write every row to ``out``; the number of rows. ``data`` stays the exact hashed text."""
    if format_ not in FORMATS:
        raise ValueError(f"unknown export format {format_!r} (valid: {', '.join(FORMATS)})")
    count = 0
    writer = csv.writer(out, lineterminator="\n") if format_ == "csv" else None
    if writer is not None:
        writer.writerow(COLUMNS)
    for row in connection.execute(_ROWS):
        row = (*row[:7], row[7].lower(), row[8].lower())
        if writer is not None:
            writer.writerow(row)
        else:
            out.write(json.dumps(dict(zip(COLUMNS, row, strict=True)), ensure_ascii=False) + "\n")
        count += 1
    return count
