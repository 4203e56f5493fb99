"""The feed's phases (the state machine's states, docs/state-machine.md) in the words the pit
shows, and how much each needs the pit supervisor's eye."""

from __future__ import annotations

PHASE_WORDS: dict[str, str] = {
    "awaiting_shuffle": "waiting for a shoe",
    "awaiting_reveal": "new shoe: reveal card",
    "burning": "burning",
    "awaiting_burn_confirmation": "burn to confirm",
    "shoe_ended": "shoe ended",
    "betting": "place your bets",
    "player1": "dealing",
    "banker1": "dealing",
    "player2": "dealing",
    "banker2": "dealing",
    "player3": "dealing: third card",
    "banker3": "dealing: third card",
    "paused": "paused",
    "hold": "HOLD: supervisor needed",
}


def phase_words(phase: str | None) -> str:
    if phase is None:
        return "not seen yet"
    return PHASE_WORDS.get(phase, phase.replace("_", " "))
