"""The retained ``state`` message: the table as it stands, for a consumer that just arrived.

Built from a ``TableView`` fed the same journaled events the feed publishes, and published
when the table comes to rest (waiting for bets, a shoe, a supervisor), not at every card.
"""

from __future__ import annotations

from typing import Any

from controller.events.states import BURNING_OR_DEALING
from controller.view.table_view import TableView, result_summary


def at_rest(view: TableView) -> bool:
    # Burning or dealing, the table is between inputs a dealer makes in a row: a consumer's
    # picture can wait.
    return view.state not in BURNING_OR_DEALING


def table_state(view: TableView, seq: int) -> dict[str, Any]:
    """The state message's content after the event ``seq``."""
    stats = view.roads.stats()
    result = view.result
    return {
        "table": view.table,
        "seq": seq,
        "shoe": view.shoe,
        "round": view.round,
        "phase": view.state,
        "hold": {"code": view.hold.code, "message": view.hold.message} if view.hold else None,
        "scanner": view.scanner,
        "cards_left": view.cards_left,
        "last_round": view.last_round,
        "last_result": result_summary(result) if result else None,
        "roads": {
            "hands": stats.hands,
            **{key: stats.counts[key] for key in ("banker", "player", "tie", "banker_pair",
                                                  "player_pair")},
            "big_road_columns": list(view.roads.big_road_columns()),
            "streak": {"side": view.streaks.side, "length": view.streaks.current},
        },
    }
