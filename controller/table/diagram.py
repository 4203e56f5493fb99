"""The state diagrams, written from the very tables the controller runs on: the round machine
in three small diagrams (a new shoe, a round, voids and the shoe's end) and a table of the
cards it holds, the stops machine beside it in two (a pause, a hold), and the operator's
actions on both. Small enough
to read: the whole round machine in one diagram was a tangle of crossing edges."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from controller.events.states import (
    BURN,
    BURNING_OR_IN_ROUND,
    IN_ROUND,
    NO_SHOE,
    NO_SHOE_OR_REVEAL,
    ROUND,
)
from controller.table.commands import Action
from controller.table.machine import (
    ANY_STOP_STATE,
    ROUND_HOLDS,
    ROUND_TRANSITIONS,
    STOP_TRANSITIONS,
)

HEADER = """# The table's state machines

Generated from `controller/table/machine.py` by `baccarat-table state-diagram --output
docs/state-machine.md`; a test fails when this file is stale. Two machines run side by side.
The **round** machine is the shoe and its rounds; its states are named for what the table waits
for (`player3`: the player's third card). It is drawn in three parts, each small enough to
read: a new shoe up to its first bets, a round, and the moves that void a round or end the
shoe from many states at once (a box naming several states stands for each of them); the
cards it holds, which leave it where it is, are a table. The **stops** machine is whether
cards may reach the round: every card passes through it first, and a pause or a hold leaves
the round where it is; it is drawn in two parts, a pause and a hold. Conditions in brackets
are tried in order: the first that holds wins, which is how the third-card rule reads off the
diagram (`!` is "not"). A move that stays in its state (a card passed on to the round) is
drawn as a loop. Events name where the table rests with the stops machine's state while it
is stopped, else the round machine's (docs/events.md, `state`).

"""

Move = dict[str, Any]
# The groups of states (controller.events.states), drawn as one box each where a move leaves
# all of them; the box is named for the group.
GROUPS: dict[tuple[str, ...], tuple[str, str]] = {
    NO_SHOE: ("no_shoe", "awaiting_shuffle or shoe_ended"),
    IN_ROUND: ("in_round", "betting, player1, banker1, player2, banker2, player3 or banker3"),
    BURNING_OR_IN_ROUND: ("burning_or_in_round", "burning, betting or a dealing state"),
    ROUND: ("any_round_state", "any state"),
    ANY_STOP_STATE: ("any_stop_state", "any state"),
}
SHOE_START = {*NO_SHOE_OR_REVEAL, *BURN}
# Each machine's parts: every move is in exactly one, or among the round's holds
# (tests/test_config_and_cli.py).
ROUND_PARTS: tuple[tuple[str, Callable[[Move], bool]], ...] = (
    ("A new shoe, up to its first bets",
     lambda move: move["dest"] is not None and _sources(move) <= SHOE_START),
    ("A round", lambda move: move["trigger"] in ("card", "close_betting")
     and move["dest"] is not None and _sources(move) <= set(IN_ROUND)
     and isinstance(move["source"], str)),
    ("Voiding a round, ending the shoe",
     lambda move: move["trigger"] in ("void", "end_shoe")),
)

STOP_PARTS: tuple[tuple[str, Callable[[Move], bool]], ...] = (
    ("A pause", lambda move: move["trigger"] in ("pause", "resume")
     or (move["trigger"] == "card" and move["dest"] is None)),
    ("A hold, and the shoe's end", lambda move: move["trigger"] in (
        "hold", "accept", "discard", "release") or move["dest"] == "hold"),
)


def _sources(move: Move) -> set[str]:
    source = move["source"]
    return {source} if isinstance(source, str) else set(source)


def _node(states: str | Sequence[str]) -> tuple[str, str]:
    """The id and the label of the box for ``states`` (one state, or a group of them)."""
    if isinstance(states, str):
        return str(states), str(states)
    if len(states) == 1:
        return str(states[0]), str(states[0])
    return GROUPS.get(tuple(states), ("_".join(states), " or ".join(states)))


def _label(move: Move) -> str:
    """``trigger [condition & !unless]``, as the transitions library writes a guard."""
    guards = [*_names(move.get("conditions")).split(", "),
              *(f"!{name}" for name in _names(move.get("unless")).split(", "))]
    guards = [guard for guard in guards if guard not in ("", "!")]
    return str(move["trigger"]) + (f" [{' & '.join(guards)}]" if guards else "")


def mermaid(title: str, moves: Sequence[Move], initial: str | None = None) -> str:
    """The moves as a mermaid state diagram: one box per state (or list of states a move
    leaves at once), one edge per pair of boxes with every move between them."""
    nodes: dict[str, str] = {}
    edges: dict[tuple[str, str], list[str]] = {}
    for move in moves:
        source, source_label = _node(move["source"])
        dest, dest_label = (source, source_label) if move["dest"] is None else _node(
            move["dest"])
        nodes.setdefault(source, source_label)
        nodes.setdefault(dest, dest_label)
        edges.setdefault((source, dest), []).append(_label(move))
    lines = ["---", title, "---", "stateDiagram-v2", "  direction LR"]
    lines += [f'  state "{label}" as {ident}' for ident, label in nodes.items()]
    lines += [f"  {source} --> {dest}: {' | '.join(labels)}"
              for (source, dest), labels in edges.items()]
    if initial is not None and initial in nodes:
        lines.append(f"  [*] --> {initial}")
    return "```mermaid\n" + "\n".join(lines) + "\n```\n"


def parts(transitions: Sequence[Move], predicates: Sequence[tuple[str, Callable[[Move], bool]]]
          ) -> list[tuple[str, list[Move]]]:
    """A machine's moves by part (the round's holds are a table of their own)."""
    return [(title, [move for move in transitions if belongs(move)])
            for title, belongs in predicates]


def holds_table() -> str:
    lines = ["### Cards the round holds", "",
             "A card where none may come is held, never dropped, and the round stays where it "
             "is until a supervisor accepts the card or voids the round (the stops machine's "
             "`hold`).", "", "| in | unless | when | hold code |", "| --- | --- | --- | --- |"]
    for move in ROUND_HOLDS:
        lines.append(f"| {_node(move['source'])[1]} | {_names(move.get('unless'))} | "
                     f"{_names(move.get('conditions')) or 'always'} | {move['before'].code} |")
    return "\n".join(lines) + "\n"


def _drawn(transitions: Sequence[Move], predicates: Sequence[tuple[str, Callable[[Move], bool]]],
           initial: str) -> str:
    """Each part's diagram, the machine's start drawn in the first."""
    return "".join(f"### {title}\n\n{mermaid(title, moves, initial if index == 0 else None)}\n"
                   for index, (title, moves) in enumerate(parts(transitions, predicates)))


def state_diagram_markdown() -> str:
    return (f"{HEADER}## The round\n\n"
            f"{_drawn(ROUND_TRANSITIONS, ROUND_PARTS, 'awaiting_shuffle')}{holds_table()}\n"
            f"## The stops\n\n{_drawn(STOP_TRANSITIONS, STOP_PARTS, 'running')}"
            f"{operator_table()}\n{behaviour_table('round', ROUND_TRANSITIONS)}\n"
            f"{behaviour_table('stops', STOP_TRANSITIONS)}")


# The operator's actions (controller.table.operator) and the moves each makes.
# Who may give each is the action's own rule (Action.pin).
OPERATOR_MOVES = {
    Action.NEW_SHOE: "round: shuffled (no shoe in play, not paused by the dealer, no hold); "
                     "else round: end_shoe, then stops: release",
    Action.CONFIRM_BURN: "round: confirm_burn, while the table runs",
    Action.CUT_CARD: "none: the shoe's last round is set as by the device's cut card "
                     "(cut_card, source manual); refused once the cut card is out",
    Action.MANUAL_CARD: "stops: card (source manual: passes a pause that is the reader's "
                        "alone)",
    Action.PAUSE: "stops: pause (the operator's reason)",
    Action.RESUME: "stops: resume (once no reason is left)",
    Action.VOID_ROUND: "round: void (with the held cards), then stops: discard; outside a "
                       "round, stops: discard alone",
    Action.ACCEPT_CARD: "stops: accept (the held cards dealt to the round)",
    Action.CLEAR_ROADS: "roads_cleared only",
}


def operator_table() -> str:
    lines = ["## The operator's actions", "",
             "Each is carried out (`operator_action`) or refused (`action_refused`, with why); "
             "docs/operator.md.", "", "| action | who | moves |", "| --- | --- | --- |"]
    lines += [f"| {action} | {action.pin.value} | {OPERATOR_MOVES[action]} |" for action in Action]
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
