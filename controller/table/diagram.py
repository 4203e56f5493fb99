"""The state diagram, drawn by ``transitions`` from the very tables the controller runs on."""

from __future__ import annotations

from transitions.extensions.diagrams import GraphMachine

from controller.table.machine import STATES, TRANSITIONS

HEADER = """# The table's state machine

Generated from `controller/table/machine.py` by `baccarat-table state-diagram --output
docs/state-machine.md`; a test fails when this file is stale. States are named for what the
table waits for (`player3`: the player's third card). Conditions in brackets are tried in
order: the first that holds wins, which is how the third-card rule reads off the diagram.

"""


def state_diagram_markdown() -> str:
    # The machine is its own model: the diagram needs the condition names, never their answers.
    machine = GraphMachine(
        states=STATES, transitions=TRANSITIONS,
        initial="awaiting_shuffle", auto_transitions=False, graph_engine="mermaid",
        title="Baccarat table", show_conditions=True,
    )
    graph = machine.get_graph().source
    return f"{HEADER}```mermaid\n{graph.strip()}\n```\n\n{behaviour_table()}"


def _names(value: object) -> str:
    items = value if isinstance(value, list | tuple) else [value] if value else []
    return ", ".join(str(item) for item in items)


def behaviour_table() -> str:
    """What each move does, in the order the machine tries them: the callbacks the diagram
    cannot show (``before`` runs on the way, ``after`` once the table is there)."""
    lines = ["## What each move does", "",
             "Tried in this order for each trigger; the first whose guard holds wins.", "",
             "| trigger | from | to | guard | does |", "| --- | --- | --- | --- | --- |"]
    for move in TRANSITIONS:
        guard = " and ".join([_names(move.get("conditions"))] * bool(move.get("conditions"))
                             + [f"not {name}" for name in _names(move.get("unless")).split(", ")
                                if name])
        does = "; then ".join(part for part in (_names(move.get("before")),
                                                _names(move.get("after"))) if part)
        lines.append(f"| {move['trigger']} | {_names(move['source'])} | {move['dest']} "
                     f"| {guard} | {does} |")
    return "\n".join(lines) + "\n"
