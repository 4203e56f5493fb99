"""Headless mode: each round as one line of text, the Big Road after it, and operator commands
typed on standard input (documented in docs/operator.md)."""

from __future__ import annotations

import io
import re
import shlex
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

from controller.events import facts
from controller.events.stream import TableEvent
from controller.roads import big_road_text
from controller.service.status import disk_text
from controller.table.commands import MAX_BY, MAX_REASON, Action, Command
from controller.view.table_view import TableView

# Typed word -> action; supervisor actions take pin=NNNN (and by=NAME, reason words).
COMMAND_WORDS = {
    "burn": Action.CONFIRM_BURN,
    "cut": Action.CUT_CARD,
    "card": Action.MANUAL_CARD,
    "pause": Action.PAUSE,
    "resume": Action.RESUME,
    "void": Action.VOID_ROUND,
    "accept": Action.ACCEPT_CARD,
    "newshoe": Action.NEW_SHOE,
    "clear": Action.CLEAR_ROADS,
}
# Bounds on what one typed line may carry: a command is short, and whatever is typed may end
# up in the journal and on every screen.
MAX_LINE = 200
OPTIONS = ("pin", "by", "round")
_OPTION = re.compile(r"([A-Za-z]+)=(.*)", re.DOTALL)
_UNDECODED = range(0xDC80, 0xDD00)  # a byte that is not UTF-8, as surrogateescape keeps it
_SKIP_PIECE = 8192  # the rest of a line too long is read and dropped in pieces this size
TOO_LONG = f"input line too long: at most {MAX_LINE} characters; ignored"
# Who may give a command is its action's own rule (Action.pin), as the table applies it.
HELP = f"""commands (one per line, at most {MAX_LINE} characters; the dealer's unless it says who):
  newshoe [pin=NNNN] [by=NAME]  confirm a new, shuffled shoe; end the shoe in play early
                             (who: {Action.NEW_SHOE.pin.value})
  burn                       confirm the burn (scanners that do not read burn cards)
  cut                        the cut card came out (readers that cannot see it)
  card KD [pin=NNNN]         enter a card by hand
                             (who: {Action.MANUAL_CARD.pin.value})
  pause | resume             stop the table / carry on
  void pin=NNNN [by=NAME] [round=N] REASON...   void the round in play or on hold
                             (who: {Action.VOID_ROUND.pin.value}); round=N: that round of the
                             shoe in play or nothing
  accept pin=NNNN [by=NAME]  clear a hold by accepting the held card
                             (who: {Action.ACCEPT_CARD.pin.value})
  clear pin=NNNN [by=NAME]   clear the roads (who: {Action.CLEAR_ROADS.pin.value})
  history                    the last 10 rounds
  help | quit
the Big Road after each round: one column per run of wins, B (banker) or P (player) in each
cell, a number after it for the ties on that win (B1: a banker win with one tie on it); a
leading -N is N ties before the shoe's first win"""
START = "text mode: the rounds print here as they are played; type 'help' for the commands"


def parse_command(line: str, shoe: int = 0) -> Command | str | None:
    """A Command from one typed line, or a str naming a local request (help, history, quit),
    or None for a blank line; ``round=N`` names round N of ``shoe`` (the one in play). Raises
    ValueError saying what in the line is wrong."""
    line = line.rstrip("\r\n")
    for column, char in enumerate(line, 1):
        if _UNDECODED.start <= ord(char) < _UNDECODED.stop:
            raise ValueError(f"byte 0x{ord(char) - 0xDC00:02x} at column {column} is not UTF-8 "
                             "text; ignored")
        if not (char.isprintable() or char == "\t"):
            raise ValueError(f"control character {char!r} at column {column}; ignored")
    try:
        words = shlex.split(line)
    except ValueError as error:  # "No closing quotation"
        raise ValueError(f"cannot split the line into words: {str(error).lower()}") from None
    if not words:
        return None
    word, rest = words[0].lower(), words[1:]
    if word in ("help", "history", "quit"):
        return word
    if word not in COMMAND_WORDS:
        raise ValueError(f"unknown command {word!r}; type 'help'")
    options, free = _options(rest)
    action = COMMAND_WORDS[word]
    card = None
    if action == Action.MANUAL_CARD:
        if len(free) != 1:
            got = repr(" ".join(free)) if free else "nothing"
            raise ValueError(f"card takes exactly one card, like 'card KD'; got {got}")
        card = free.pop()
    reason = " ".join(free)
    by = options.get("by", "dealer" if "pin" not in options else "supervisor")
    for name, text, most in (("reason", reason, MAX_REASON), ("by=", by, MAX_BY)):
        if len(text) > most:
            raise ValueError(f"{name} too long: at most {most} characters, got {len(text)}")
    return Command(action, by=by, reason=reason, pin=options.get("pin"), card=card,
                   target=_target(action, options.get("round"), shoe))


def _target(action: Action, round_: str | None, shoe: int) -> tuple[int, int] | None:
    """The round a void names (``round=N``), as the display names it: voided or nothing."""
    if round_ is None:
        return None
    if action != Action.VOID_ROUND:
        raise ValueError("round= names the round a void voids: void only")
    if not (round_.isdigit() and 0 < int(round_) < 10_000):
        raise ValueError(f"round={round_[:20]!r}: expected a round number, like round=4")
    return (shoe, int(round_))


def _options(words: list[str]) -> tuple[dict[str, str], list[str]]:
    """The ``pin=``/``by=`` options among ``words``, and the other words in order. An unknown
    or repeated option is refused rather than dropped or read as part of the reason."""
    options: dict[str, str] = {}
    free = []
    for item in words:
        match = _OPTION.fullmatch(item)
        if match is None:
            free.append(item)
            continue
        key, value = match[1].lower(), match[2]
        if key not in OPTIONS:
            raise ValueError(f"unknown option {key}=; the options are "
                             f"{', '.join(f'{name}=' for name in OPTIONS)}")
        if key in options:
            raise ValueError(f"{key}= given twice")
        options[key] = value
    return options, free


def round_line(shoe: int, round_: int, result: facts.RoundResult) -> str:
    winner = result.winner
    banner = "TIE" if winner == "tie" else f"{winner.upper()} WINS"
    total = result.player_total if winner == "player" else result.banker_total
    marks = [name.replace("_", " ") for name, shown in (
        ("player_pair", result.player_pair), ("banker_pair", result.banker_pair),
        ("player_natural", result.player_natural), ("banker_natural", result.banker_natural))
        if shown]
    return (f"shoe {shoe} round {round_:>2}: "
            f"P {' '.join(result.player):<8} = {result.player_total}  "
            f"B {' '.join(result.banker):<8} = {result.banker_total}  "
            f"{banner} {total}" + (f" ({', '.join(marks)})" if marks else "")
            + f"  pays {', '.join(f'{bet} {pay}' for bet, pay in result.pays.items())}")


ORDINALS = {"1": "1st", "2": "2nd", "3": "3rd"}


def position_name(position: str) -> str:
    """"player3" -> "player's 3rd card"; a position it does not know, as sent."""
    side = position.rstrip("0123456789")
    number = position[len(side):]
    if side not in ("player", "banker") or number not in ORDINALS:
        return position
    return f"{side}'s {ORDINALS[number]} card"


class HeadlessPrinter:
    """A subscriber that prints what a dealer needs to see, as text."""

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.out = out
        self.view = TableView()
        # The table's thread and the operator's input thread both print: one line at a time.
        self._lock = threading.Lock()

    def __call__(self, event: TableEvent) -> None:
        self.view.apply(event)
        text = self._describe(event)
        if text:
            self.say(text)

    def say(self, text: str) -> None:
        """Print ``text`` whole: another thread's line never lands inside it."""
        with self._lock:
            self.out.write(f"{text}\n")
            self.out.flush()

    def _describe(self, event: TableEvent) -> str | None:
        match event.fact:
            case facts.ShoeStarted(profile=profile, decks=decks):
                return f"== shoe {event.shoe} ({profile}, {decks} decks)"
            case facts.Reveal(card=card, burn=burn):
                return f"reveal {card}: burn {burn}"
            case facts.Burn(card=card, burn_left=left):
                return f"burn {card or 'confirmed'}: " + (f"{left} to burn" if left
                                                           else "burn done")
            case facts.CardDealt(card=card, source="manual", position=position):
                return f"{card} entered by hand: {position_name(position)}"
            case facts.ExposureAlert(bet=bet, state=state, rtp=rtp, alert_rtp=threshold,
                                     closed=closed):
                return (f"SURVEILLANCE: {bet.replace('_', ' ')} alert {state}, return {rtp} "
                        f"(threshold {threshold})" + (", bet closed" if closed else ""))
            case facts.ScannerAlert(misreads=misreads, cards=cards, per_hundred=per_100,
                                    level=level):
                return (f"SURVEILLANCE: scanner misreads {per_100} per 100 cards ({misreads} "
                        f"in {cards}), level {level}")
            case facts.RoundResult() as result:
                return "\n".join([round_line(event.shoe, event.round, result),
                                  *big_road_text(self.view.roads), ""])
            case facts.RoundVoided(by=by, reason=reason):
                return f"round {event.round} VOIDED by {by}: {reason}"
            case facts.Misread(position=position, raw=raw, count=count) as misread:
                again = ": pass it through the reader again" if misread.rescan_by_hand else ""
                return f"RESCAN CARD{again} ({position}, read {raw!r}" + (
                    f", {count} misreads)" if count > 1 else ")")
            case facts.DeviceFault(level=level, message=message, raw=raw):
                return f"CARD READER {level.upper()}: {message} (sent {raw!r})"
            case facts.DuplicateCard(card=card, reason=reason):
                return f"{card} from the reader again: {reason}; counted once"
            case facts.OperatorAction(action=action, by=by, reason=reason, card=card):
                done = action.replace("_", " ") + (f" {card}" if card else "")
                return f"{done} by {by}" + (f": {reason}" if reason else "")
            case facts.CutCard(last_round=last_round, source=source):
                marked = " marked by the dealer" if source == "manual" else ""
                return f"cut card{marked}: round {last_round} is the last"
            case facts.DiskAlert(state="raised") as alert:
                return disk_text(alert)
            case facts.DiskAlert(days_left=days):
                return f"DISK: room for {days} days of journal writes again"
            case facts.Hold(code=code, message=message):
                return f"HOLD {code}: {message} (a supervisor must clear it)"
            case facts.HoldCleared(by=by, action=action):
                return f"hold cleared by {by}: {action}"
            case facts.Scanner(status=status, reason=reason):
                return f"scanner {status}" + (f": {reason}" if reason else "")
            case facts.Prompt(message=message):
                return message
            case facts.ActionRefused(action=action, reason=reason):
                return f"refused {action}: {reason}"
            case facts.ShoeEnded(rounds=rounds):
                return (f"== shoe {event.shoe} ended after {rounds} rounds: shuffle, "
                        "then confirm the new shoe (newshoe)")
        return None

    def history(self) -> str:
        lines = []
        for played in list(self.view.recent):  # one C call: a consistent copy
            where = f"shoe {played.shoe} round {played.round}"
            match played.fact:
                case facts.RoundVoided(reason=reason, by=by):
                    lines.append(f"{where}: VOID ({reason}, by {by})")
                case facts.RoundResult(player=player, banker=banker, winner=winner):
                    lines.append(f"{where}: P {' '.join(player)} B {' '.join(banker)} {winner}")
        return "\n".join(lines) or "no rounds yet"


def read_commands(
    stream: TextIO, submit: Callable[[Command], None], printer: HeadlessPrinter,
    stop: Callable[[], None],
) -> threading.Thread:
    """Read operator commands from ``stream`` in a daemon thread and queue them.

    A line longer than MAX_LINE characters is refused whole (and never held whole); a byte that
    is not UTF-8 is kept (surrogateescape) for parse_command to name, rather than stopping the
    reader thread with a UnicodeDecodeError.
    """
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="surrogateescape")

    def loop() -> None:
        for line in bounded_lines(stream, MAX_LINE):
            if line is None:
                printer.say(TOO_LONG)
                continue
            try:
                parsed = parse_command(line, printer.view.shoe)
            except ValueError as error:
                printer.say(str(error))
                continue
            if parsed == "quit":
                break
            if parsed == "help":
                printer.say(HELP)
            elif parsed == "history":
                printer.say(printer.history())
            elif isinstance(parsed, Command):
                submit(parsed)
        else:
            return  # end of input: keep the table running (stdin may simply be closed)
        stop()

    thread = threading.Thread(target=loop, name="operator-input", daemon=True)
    thread.start()
    return thread


def bounded_lines(stream: TextIO, limit: int) -> Iterator[str | None]:
    """The lines of ``stream``, read in pieces of at most ``limit`` + 2 characters (a line
    and its CR LF: standard input keeps the CR); None in place of a line longer than ``limit``
    without its line ending, LF or CR LF alike, whose rest is read and dropped piece by piece,
    so a huge line is never held whole."""
    while piece := stream.readline(limit + 2):
        if len(piece.rstrip("\r\n")) <= limit:
            yield piece
            continue
        while piece and not piece.endswith("\n"):
            piece = stream.readline(_SKIP_PIECE)
        yield None
