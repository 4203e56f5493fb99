"""Game recall: past rounds, card by card in deal order, with result, void and who did what,
from any run of a table's events (the journal's for ``history``, the feed's for the pit)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from controller.events.schema import EventType
from controller.events.stream import TableEvent
from controller.game.cards import Card
from controller.game.rules import hand_total

# Events kept in a round's record of who did what, beyond its cards.
_NOTED = ("operator_action", "hold", "hold_cleared", "misread", "action_refused")


def rounds(events: Iterable[TableEvent]) -> list[dict[str, Any]]:
    """Every finished round (a result or a void), oldest first."""
    finished: list[dict[str, Any]] = []
    open_rounds: dict[tuple[int, int], dict[str, Any]] = {}
    for event in events:
        key = (event.shoe, event.round)
        if event.round == 0 and event.type != EventType.ROUND_VOIDED:
            continue
        record = open_rounds.get(key)
        if record is None:
            record = open_rounds[key] = _new_round(event)
        data = event.data
        if event.type == EventType.CARD:
            record["cards"].append({"position": data["position"], "card": data["card"],
                                    "source": data.get("source"), "seq": event.seq,
                                    "ts": event.ts})
        elif event.type in _NOTED:
            record["actions"].append({"type": event.type, "seq": event.seq, "ts": event.ts,
                                      **{k: v for k, v in data.items() if k in (
                                          "action", "by", "reason", "code", "card", "message")}})
        elif event.type in (EventType.ROUND_RESULT, EventType.ROUND_VOIDED):
            finished.append(_finish(open_rounds.pop(key), event))
    return finished


def _new_round(event: TableEvent) -> dict[str, Any]:
    return {"shoe": event.shoe, "round": event.round, "table": event.table, "started": event.ts,
            "cards": [], "actions": []}


def _finish(record: dict[str, Any], event: TableEvent) -> dict[str, Any]:
    data = event.data
    hands = {side: [c["card"] for c in record["cards"] if c["position"].startswith(side)]
             for side in ("player", "banker")}
    record.update(ended=event.ts, seq=event.seq, player=hands["player"], banker=hands["banker"])
    if event.type == EventType.ROUND_RESULT:
        record.update(status="result", player_total=data["player_total"],
                      banker_total=data["banker_total"], winner=data["winner"],
                      winning_bets=data["winning_bets"], pays=data.get("pays", {}))
    else:
        record.update(status="void", winner=None, winning_bets=[], pays={},
                      player_total=_total(hands["player"]), banker_total=_total(hands["banker"]),
                      void={key: data.get(key) for key in ("reason", "by", "discarded")})
    return record


def _total(codes: list[str]) -> int | None:
    return hand_total([Card(code) for code in codes]) if codes else None
