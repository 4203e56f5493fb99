"""The state diagram, drawn by ``transitions`` from the very tables the controller runs on."""

from __future__ import annotations

from transitions.extensions.diagrams import GraphMachine

from controller.machine import STATES, TRANSITIONS

HEADER = """# The table's state machine

Generated from `controller/machine.py` by `baccarat-table state-diagram --output
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
    return f"{HEADER}```mermaid\n{graph.strip()}\n```\n"
