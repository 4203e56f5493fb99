"""The state diagrams, drawn by ``transitions`` from the very tables the controller runs on:
the round machine, the stops machine beside it, and the operator's actions on both."""

from __future__ import annotations

from typing import Any

from transitions.extensions.diagrams import GraphMachine

from controller.table.machine import (
    ROUND_STATES,
    ROUND_TRANSITIONS,
    STOP_STATES,
    STOP_TRANSITIONS,
)

HEADER = """# The table's state machines

Generated from `controller/table/machine.py` by `baccarat-table state-diagram --output
docs/state-machine.md`; a test fails when this file is stale. Two machines run side by side.
The **round** machine is the shoe and its rounds; its states are named for what the table waits
for (`player3`: the player's third card). The **stops** machine is whether cards may reach the
round: every card passes through it first, and a pause or a hold leaves the round where it is.
Conditions in brackets are tried in order: the first that holds wins, which is how the
third-card rule reads off the diagram. A move that stays in its state (a held card, a card
passed on to the round) is drawn as a loop. Events name where the table rests with the stops
machine's state while it is stopped, else the round machine's (docs/events.md, `state`).

"""

# The operator's actions (controller.table.operator) and the moves each makes.
OPERATOR_ACTIONS = (
    ("new_shoe", "dealer with no shoe in play; supervisor mid-shoe",
     "round: shuffled (no shoe in play, not paused by the dealer, no hold); else "
     "round: end_shoe, then stops: release"),
    ("confirm_burn", "dealer", "round: confirm_burn, while the table runs"),
    ("cut_card", "dealer", "none: the shoe's last round is set as by the device's cut card "
     "(cut_card, source manual); refused once the cut card is out"),
    ("manual_card", "dealer while the reader is away; else supervisor",
     "stops: card (source manual: passes a pause that is the reader's alone)"),
    ("pause", "dealer", "stops: pause (the operator's reason)"),
    ("resume", "dealer", "stops: resume (once no reason is left)"),
    ("void_round", "supervisor", "round: void (with the held cards), then stops: discard; "
     "outside a round, stops: discard alone"),
    ("accept_card", "supervisor", "stops: accept (the held cards dealt to the round)"),
    ("clear_roads", "supervisor", "roads_cleared only"),
)


def _graph(title: str, states: list[str], transitions: list[dict[str, Any]],
           initial: str) -> str:
    # The machine is its own model: the diagram needs the condition names, never their answers.
    machine = GraphMachine(states=states, transitions=transitions, initial=initial,
                           auto_transitions=False, graph_engine="mermaid", title=title,
                           show_conditions=True)
    return f"```mermaid\n{machine.get_graph().source.strip()}\n```\n"


def state_diagram_markdown() -> str:
    return (f"{HEADER}## The round\n\n"
            f"{_graph('Round', ROUND_STATES, ROUND_TRANSITIONS, 'awaiting_shuffle')}\n"
            f"## The stops\n\n{_graph('Stops', STOP_STATES, STOP_TRANSITIONS, 'running')}\n"
            f"{operator_table()}\n{behaviour_table('round', ROUND_TRANSITIONS)}\n"
            f"{behaviour_table('stops', STOP_TRANSITIONS)}")


def operator_table() -> str:
    lines = ["## The operator's actions", "",
             "Each is carried out (`operator_action`) or refused (`action_refused`, with why); "
             "docs/operator.md.", "", "| action | who | moves |", "| --- | --- | --- |"]
    lines += [f"| {action} | {who} | {moves} |" for action, who, moves in OPERATOR_ACTIONS]
    return "\n".join(lines) + "\n"


def _names(value: object) -> str:
    items = value if isinstance(value, list | tuple) else [value] if value else []
    return ", ".join(str(item) for item in items)


def behaviour_table(name: str, transitions: list[dict[str, Any]]) -> str:
    """What each move does, in the order the machine tries them: the callbacks the diagram
    cannot show (``before`` runs on the way, ``after`` once the table is there)."""
    lines = [f"## What each move of the {name} machine does", "",
             "Tried in this order for each trigger; the first whose guard holds wins.", "",
             "| trigger | from | to | guard | does |", "| --- | --- | --- | --- | --- |"]
    for move in transitions:
        guard = " and ".join([_names(move.get("conditions"))] * bool(move.get("conditions"))
                             + [f"not {name}" for name in _names(move.get("unless")).split(", ")
                                if name])
        does = "; then ".join(part for part in (_names(move.get("before")),
                                                _names(move.get("after"))) if part)
        lines.append(f"| {move['trigger']} | {_names(move['source'])} | "
                     f"{move['dest'] or '(stays)'} | {guard} | {does} |")
    return "\n".join(lines) + "\n"
