"""Game recall as text (``history``); the rounds themselves come from controller.events.recall."""

from __future__ import annotations

from typing import Any


def round_text(record: dict[str, Any]) -> str:
    """One round as a few lines of text."""
    head = f"shoe {record['shoe']} round {record['round']}  {record['ended']}  "
    if record["status"] == "void":
        void = record["void"]
        head += f"VOID by {void['by']}: {void['reason']}"
    else:
        head += (f"{record['winner'].upper()} {record['player_total']}-{record['banker_total']}"
                 f"  wins: {', '.join(record['winning_bets']) or '-'}")
    lines = [head, "  " + "  ".join(f"{c['position']} {c['card']}"
                                    + ("" if c["source"] == "reader" else f" ({c['source']})")
                                    for c in record["cards"])]
    for action in record["actions"]:
        what = action.get("action") or action.get("code") or ""
        who = f" by {action['by']}" if action.get("by") else ""
        why = action.get("reason") or action.get("message") or ""
        lines.append(f"  {action['ts']} {action['type']} {what}{who}" + (f": {why}" if why else ""))
    return "\n".join(lines)
