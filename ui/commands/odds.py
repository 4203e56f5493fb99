"""``baccarat-table odds``: exact odds of the next round from a given shoe."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from controller.game.cards import ShoeComposition, cards
from controller.game.odds import Odds, analyse, profile_events
from controller.game.profiles import load_profile


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Exact combinatorial odds of one round dealt from the shoe "
                          "(no simulation).")
    parser.add_argument("--profile", default="classic",
                        help="shipped profile name or path to a profile TOML (default: classic)")
    parser.add_argument("--decks", type=int,
                        help="decks in the shoe (default: the profile's)")
    parser.add_argument("--removed", default="", metavar="CARDS",
                        help='cards already out of the shoe, blank-separated: "AS 9D KH"')
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(handler=odds)


def odds(args: argparse.Namespace) -> int:
    profile = load_profile(args.profile)
    decks = args.decks if args.decks is not None else profile.decks
    result = analyse(ShoeComposition(decks, cards(args.removed)), profile)
    shown = profile_events(profile)  # not another game's outcomes
    result = replace(result, probabilities={e: result.probabilities[e] for e in shown})
    if args.json:
        print(json.dumps(_as_json(profile.name, decks, result), indent=2))
    else:
        _print_table(profile.name, decks, result)
    return 0


def _as_json(profile: str, decks: int, result: Odds) -> dict[str, object]:
    return {
        "profile": profile,
        "decks": decks,
        "cards_left": result.cards_left,
        "probabilities": {event: float(p) for event, p in result.probabilities.items()},
        "wins": {bet: float(bet_odds.wins) for bet, bet_odds in result.bets.items()},
        "pushes": {bet: float(bet_odds.pushes) for bet, bet_odds in result.bets.items()},
        "rtp": {bet: float(bet_odds.rtp) for bet, bet_odds in result.bets.items()},
    }


def _print_table(profile: str, decks: int, result: Odds) -> None:
    print(f"profile {profile}, {decks} decks, {result.cards_left} cards left")
    width = max(24, *(len(name) + 2 for name in (*result.probabilities, *result.bets)))
    print(f"\n{'event':<{width}}{'probability':>12}")
    for event, probability in result.probabilities.items():
        print(f"{event:<{width}}{float(probability):>12.4%}")
    print(f"\n{'bet':<{width}}{'wins':>12}{'pushes':>10}{'return':>10}")
    for bet, bet_odds in result.bets.items():
        print(f"{bet:<{width}}{float(bet_odds.wins):>12.4%}{float(bet_odds.pushes):>10.4%}"
              f"{float(bet_odds.rtp):>10.4%}")
