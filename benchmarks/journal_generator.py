"""A realistic synthetic journal of any age, written fast: a valid hash chain, its head file
and its indexes, as a table that had dealt that long would leave it.

A real table first plays a few simulated shoes into a template journal (every event a shoe
makes, as the product makes it); the generator then writes those shoes again and again,
renumbered and re-stamped, hashing each row into the chain. A busy table writes about 8 rows a
hand and 60 hands an hour for 18 hours a day: about 8,600 rows a day, 3 million a year.

    .venv/bin/python benchmarks/journal_generator.py OUT.sqlite3 --days 365
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

from controller.journal import Journal
from controller.journal.chain import GENESIS, row_hash
from controller.journal.head import HeadFile
from controller.service.app import open_table
from controller.table.config import TableConfig

ROWS_A_DAY = 8 * 60 * 18  # rows a hand, hands an hour, hours a day
TABLE = "table-1"
_INSERT = ("INSERT INTO events (seq, ts, type, table_id, shoe, round, data, prev_hash, hash) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")


def template_shoes(folder: Path, shoes: int = 3) -> list[list[tuple[str, int, int, str]]]:
    """Real shoes played into a journal in ``folder``: for each after the first, its rows from
    the one after the last shoe's ``shoe_ended`` (the new shoe's shuffle) to its own
    ``shoe_ended``, as (type, shoe number less the shoe's, round, canonical data text)."""
    path = folder / "template.sqlite3"
    table = open_table(TableConfig(table_id=TABLE, driver_url="sim://?seed=3&rate=0",
                                   journal_path=str(path)), stop_after_shoes=shoes)
    table.run()
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT type, shoe, round, data FROM events ORDER BY seq"
                                  ).fetchall()
    played: list[list[tuple[str, int, int, str]]] = [[]]
    for type_, shoe, round_, data in rows:
        played[-1].append((type_, shoe, round_, data))
        if type_ == "shoe_ended":
            played.append([])
    whole = played[1:-1]  # the first holds the table's very start
    return [[(type_, shoe - max(number for _, number, _, _ in rows), round_, data)
             for type_, shoe, round_, data in rows] for rows in whole]


def _stamps(start: datetime, step: timedelta) -> Iterator[str]:
    moment = start
    while True:
        yield moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        moment += step


def write_journal(path: Path, days: float, template: list[list[tuple[str, int, int, str]]],
                  ending: datetime | None = None) -> int:
    """A journal at ``path`` of about ``days`` days of dealing up to ``ending`` (now); the
    rows written."""
    Journal.open(path).close()  # the schema, the application id and the head file
    target = max(1, round(days * ROWS_A_DAY))
    stamps = _stamps((ending or datetime.now(UTC)) - timedelta(days=days),
                     timedelta(days=1) / ROWS_A_DAY)
    seq, previous, shoe = 0, GENESIS, 0
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = OFF")  # written once, then synced by the close
    connection.execute("BEGIN")
    while seq < target:
        played = template[shoe % len(template)]
        shoe += 1
        events, rounds = [], []
        for type_, before, round_, data in played:
            seq += 1
            ts = next(stamps)
            digest = row_hash(previous, seq, ts, type_, TABLE, shoe + before, round_, data)
            events.append((seq, ts, type_, TABLE, shoe + before, round_, data, previous,
                           digest))
            previous = digest
            if type_ == "shoe_started":
                fields = json.loads(data)
                connection.execute("INSERT INTO shoes (shoe, seq, profile, decks) VALUES "
                                   "(?, ?, ?, ?)", (shoe, seq, fields["profile"], fields["decks"]))
            elif type_ in ("round_result", "round_voided"):
                winner = json.loads(data).get("winner") if type_ == "round_result" else None
                rounds.append((shoe, round_, "result" if winner else "void", winner, seq))
        connection.executemany(_INSERT, events)
        connection.executemany("INSERT INTO rounds (shoe, round, status, winner, seq) VALUES "
                               "(?, ?, ?, ?, ?)", rounds)
    connection.execute("COMMIT")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    head = HeadFile(path.resolve())
    head.write(seq, previous, seq, sync=True)
    head.close()
    return seq


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--days", type=float, default=1.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        template = template_shoes(Path(folder))
    started = time.perf_counter()
    rows = write_journal(args.out, args.days, template)
    print(f"{args.out}: {rows:,} rows ({args.days:g} days of dealing) in "
          f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
