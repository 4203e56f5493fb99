"""Game recall: past rounds, card by card in deal order, with result, void and who did what,
from any run of a table's events (the journal's for ``history``, the feed's for the pit)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from controller.events import facts
from controller.events.codec import encode
from controller.events.facts import EventType
from controller.events.stream import TableEvent
from controller.game.cards import Card
from controller.game.rules import hand_total

# Events kept in a round's record of who did what, beyond its cards.
_NOTED = (EventType.OPERATOR_ACTION, EventType.HOLD, EventType.HOLD_CLEARED, EventType.MISREAD,
          EventType.ACTION_REFUSED)


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
        match event.fact:
            case facts.CardDealt(position=position, card=card, source=source):
                record["cards"].append({"position": position, "card": card, "source": source,
                                        "seq": event.seq, "ts": event.ts})
            case facts.RoundResult() | facts.RoundVoided():
                finished.append(_finish(open_rounds.pop(key), event))
            case _ if event.type in _NOTED:
                record["actions"].append({"type": event.type, "seq": event.seq, "ts": event.ts,
                                          **{k: v for k, v in encode(event.fact).items() if k in (
                                              "action", "by", "reason", "code", "card",
                                              "message")}})
    return finished


def _new_round(event: TableEvent) -> dict[str, Any]:
    return {"shoe": event.shoe, "round": event.round, "table": event.table, "started": event.ts,
            "cards": [], "actions": []}


def _finish(record: dict[str, Any], event: TableEvent) -> dict[str, Any]:
    hands = {side: [c["card"] for c in record["cards"] if c["position"].startswith(side)]
             for side in ("player", "banker")}
    record.update(ended=event.ts, seq=event.seq, player=hands["player"], banker=hands["banker"])
    match event.fact:
        case facts.RoundResult() as result:
            record.update(status="result", player_total=result.player_total,
                          banker_total=result.banker_total, winner=result.winner,
                          winning_bets=list(result.winning_bets), pays=dict(result.pays))
        case facts.RoundVoided() as void:
            record.update(status="void", winner=None, winning_bets=[], pays={},
                          player_total=_total(hands["player"]),
                          banker_total=_total(hands["banker"]),
                          void={"reason": void.reason, "by": void.by,
                                "discarded": list(void.discarded)})
    return record


def _total(codes: list[str]) -> int | None:
    return hand_total([Card(code) for code in codes]) if codes else None
