"""The pit's store on a full disk, through a real Mosquitto: a message is acknowledged to the
broker only once the store kept it, so while the store cannot be written every event waits at
the broker (none is lost), one `store` alert is raised, and once the store can be written
again every event is kept exactly once: by the pit's own retry, or by the broker delivering
again what was never acknowledged when the pit reconnects.

The disk fills by SQLite's own limit on the store's size (``PRAGMA max_page_count``, set on the
pit's connection at its size now): its writes fail as on a full disk, "database or disk is
full"."""

from __future__ import annotations

import pytest

from tests.support.feed import needs_mosquitto
from tests.support.journal import wait_for
from tests.support.pit_alerts import LivePit, Table, live_pit, module_broker, online_t1

pytestmark = needs_mosquitto
__all__ = ["live_pit", "module_broker", "online_t1"]
ROUNDS = 30


def disk_full(pit: LivePit) -> None:
    """No page more for the store (its connection's limit, as a full disk would)."""
    db = pit.store._db  # the pit's own connection: the limit is the connection's
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")


def disk_freed(pit: LivePit) -> None:
    pit.store._db.execute("PRAGMA max_page_count = 1073741823")


def kept_seqs(pit: LivePit) -> list[int]:
    return [event["seq"] for event in pit.store.journal_events("t1", 1)]


def store_state(pit: LivePit) -> str:
    return str(pit.reader().json("/api/status")["store"]["state"])


def dealt_while_full(pit: LivePit, t1: Table) -> int:
    """Rounds dealt after the disk filled, until the store says it cannot keep them; the seq
    of the last event published."""
    t1.result(pit.clock(), 1)
    wait_for(lambda: kept_seqs(pit) == [1], timeout=20)
    disk_full(pit)
    for round_ in range(2, ROUNDS + 2):
        t1.result(pit.clock(), round_)
    wait_for(lambda: store_state(pit) == "failing", timeout=20)
    assert len(kept_seqs(pit)) < t1.seq
    return t1.seq


def test_a_full_store_loses_no_event_raises_one_alert_and_takes_them_all_once_freed(
        pit: LivePit, t1: Table, caplog: pytest.LogCaptureFixture) -> None:
    last = dealt_while_full(pit, t1)
    status = pit.reader().json("/api/status")["store"]
    assert "database or disk is full" in status["detail"]
    pit.clock.advance(600)  # the pit hears nothing meanwhile: no table is taken for silent
    pit.watch.check()

    disk_freed(pit)
    wait_for(lambda: kept_seqs(pit) == list(range(1, last + 1)), timeout=30)
    wait_for(lambda: store_state(pit) == "ok", timeout=20)
    assert pit.reader().json("/api/tables/t1")["round"] == ROUNDS + 1
    [alert] = pit.alerts("store")
    assert alert["open"] and not alert["lasting"] and alert["severity"] == 1
    assert "database or disk is full" in alert["message"]
    assert pit.alerts("chain") == []  # nothing was taken for a gap
    assert pit.alerts("silent") == []
    said = [r for r in caplog.records if "cannot write the store" in r.getMessage()]
    assert len(said) == 1 and said[0].levelname == "ERROR"


def test_events_never_acknowledged_come_again_from_the_broker_when_the_pit_is_back(
    pit: LivePit, t1: Table
) -> None:
    last = dealt_while_full(pit, t1)
    pit.restart()  # the disk freed meanwhile; the broker delivers again what it kept
    wait_for(lambda: kept_seqs(pit) == list(range(1, last + 1)), timeout=30)
    assert pit.reader().json("/api/tables/t1")["round"] == ROUNDS + 1
    assert pit.alerts("chain") == []
