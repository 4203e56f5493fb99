"""What a table id may be: one rule for ``[table] id`` and for every tool that is given one
(``feed tail --table``). The id is on the display's status bar, in every event, and one level
of the feed's MQTT topics."""

from __future__ import annotations

TABLE_ID_MAX = 32  # it is shown on the display's status bar and stored with every event
# MQTT's wildcards and level separator, and what NATS (a clustered floor broker) refuses in a
# topic: its own level separator and a space.
TOPIC_MARKS = "+#/. "


def table_id_problem(table_id: str) -> str | None:
    """Why ``table_id`` cannot name a table on the display and in every event, or None."""
    if not table_id.strip():
        return "expected a table id; it is empty"
    if not table_id.isprintable():
        return "expected a table id without control characters"
    if table_id != table_id.strip():
        return "expected a table id without leading or trailing spaces"
    if len(table_id) > TABLE_ID_MAX:
        return f"expected a table id of at most {TABLE_ID_MAX} characters"
    return None


def feed_table_id_problem(table_id: str) -> str | None:
    """Why ``table_id`` cannot name a table on the floor feed (one level of its topics), or
    None."""
    problem = table_id_problem(table_id)
    if problem is None and any(mark in table_id for mark in TOPIC_MARKS):
        return ("expected a table id without +, #, /, . or a space (it is one level of the "
                "feed's topics)")
    return problem
