"""Headless mode: each round as one line of text, the Big Road after it, and operator commands
typed on standard input (documented in docs/operator.md)."""

from __future__ import annotations

import shlex
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from controller.commands import Command
from controller.events import TableEvent
from controller.roads import big_road_text
from controller.view import TableView

# Typed word -> action; supervisor actions take pin=NNNN (and by=NAME, reason words).
COMMAND_WORDS = {
    "burn": "confirm_burn",
    "card": "manual_card",
    "pause": "pause",
    "resume": "resume",
    "void": "void_round",
    "accept": "accept_card",
    "newshoe": "new_shoe",
    "clear": "clear_roads",
}
HELP = """commands (one per line):
  burn                       confirm the burn (scanners that do not read burn cards)
  card KD                    enter a card by hand
  pause | resume             stop the table / carry on
  void pin=NNNN [by=NAME] REASON...   void the round in play or on hold (supervisor)
  accept pin=NNNN [by=NAME]  clear a hold by accepting the held card (supervisor)
  newshoe pin=NNNN [by=NAME] end the shoe early (supervisor)
  clear pin=NNNN [by=NAME]   clear the roads (supervisor)
  history                    the last 10 rounds
  help | quit"""


def parse_command(line: str) -> Command | str | None:
    """A Command from one typed line, or a str naming a local request (help, history, quit),
    or None for a blank line. Raises ValueError naming a word it does not know."""
    words = shlex.split(line)
    if not words:
        return None
    word, rest = words[0].lower(), words[1:]
    if word in ("help", "history", "quit"):
        return word
    if word not in COMMAND_WORDS:
        raise ValueError(f"unknown command {word!r}; type 'help'")
    options = dict(item.split("=", 1) for item in rest if "=" in item)
    free = [item for item in rest if "=" not in item]
    action = COMMAND_WORDS[word]
    card = free.pop(0) if action == "manual_card" and free else None
    return Command(action, by=options.get("by", "dealer" if "pin" not in options else "supervisor"),
                   reason=" ".join(free), pin=options.get("pin"), card=card)


def round_line(event: TableEvent) -> str:
    data = event.data
    winner = data["winner"]
    banner = "TIE" if winner == "tie" else f"{winner.upper()} WINS"
    total = data["player_total"] if winner == "player" else data["banker_total"]
    marks = [name.replace("_", " ") for name in
             ("player_pair", "banker_pair", "player_natural", "banker_natural") if data[name]]
    return (f"shoe {event.shoe} round {event.round:>2}: "
            f"P {' '.join(data['player']):<8} = {data['player_total']}  "
            f"B {' '.join(data['banker']):<8} = {data['banker_total']}  "
            f"{banner} {total}" + (f" ({', '.join(marks)})" if marks else "")
            + f"  pays {', '.join(f'{bet} {pay}' for bet, pay in data['pays'].items())}")


class HeadlessPrinter:
    """A subscriber that prints what a dealer needs to see, as text."""

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.out = out
        self.view = TableView()

    def __call__(self, event: TableEvent) -> None:
        self.view.apply(event)
        text = self._describe(event)
        if text:
            print(text, file=self.out, flush=True)

    def _describe(self, event: TableEvent) -> str | None:
        data = event.data
        match event.type:
            case "shoe_started":
                return f"== shoe {event.shoe} ({data['profile']}, {data['decks']} decks)"
            case "reveal":
                return f"reveal {data['card']}: burn {data['burn']}"
            case "round_result":
                return "\n".join([round_line(event), *big_road_text(self.view.roads), ""])
            case "round_voided":
                return f"round {event.round} VOIDED by {data['by']}: {data['reason']}"
            case "misread":
                return f"RESCAN CARD ({data['position']}, read {data['raw']!r})"
            case "cut_card":
                return f"cut card: round {data['last_round']} is the last"
            case "hold":
                return f"HOLD {data['code']}: {data['message']} (a supervisor must clear it)"
            case "hold_cleared":
                return f"hold cleared by {data['by']}: {data['action']}"
            case "scanner":
                return f"scanner {data['status']}" + (f": {data['reason']}" if data.get(
                    "reason") else "")
            case "prompt":
                return data["message"]
            case "action_refused":
                return f"refused {data['action']}: {data['reason']}"
            case "shoe_ended":
                return f"== shoe {event.shoe} ended after {data['rounds']} rounds"
        return None

    def history(self) -> str:
        lines = []
        for played in list(self.view.recent):  # one C call: a consistent copy
            if played["status"] == "void":
                lines.append(f"shoe {played['shoe']} round {played['round']}: VOID "
                             f"({played['reason']}, by {played['by']})")
            else:
                lines.append(f"shoe {played['shoe']} round {played['round']}: "
                             f"P {' '.join(played['player'])} B {' '.join(played['banker'])} "
                             f"{played['winner']}")
        return "\n".join(lines) or "no rounds yet"


def read_commands(
    stream: TextIO, submit: Callable[[Command], None], printer: HeadlessPrinter,
    stop: Callable[[], None],
) -> threading.Thread:
    """Read operator commands from ``stream`` in a daemon thread and queue them."""

    def loop() -> None:
        for line in stream:
            try:
                parsed = parse_command(line)
            except ValueError as error:
                print(error, file=printer.out, flush=True)
                continue
            if parsed == "quit":
                break
            if parsed == "help":
                print(HELP, file=printer.out, flush=True)
            elif parsed == "history":
                print(printer.history(), file=printer.out, flush=True)
            elif isinstance(parsed, Command):
                submit(parsed)
        else:
            return  # end of input: keep the table running (stdin may simply be closed)
        stop()

    thread = threading.Thread(target=loop, name="operator-input", daemon=True)
    thread.start()
    return thread
