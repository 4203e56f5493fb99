"""Surveillance of EZ Baccarat: late in a shoe rich in 8s, Panda 8 turns in the player's
favour; the exposure after every card equals the exact odds, and auto-close closes Panda 8 for
the rounds that follow (the worked example of docs/surveillance.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest

from drivers.card_codes import SUITS
from tests.support.surveillance import SurveilledTable, engine_rtp, known_cards

# The 80 cards left late in the shoe, by rank: rich in 8s (and 3s, 4s, 5s), poor in 9s, tens,
# aces and 2s (tests/test_odds_ez_dragon.py checks this shoe's returns against a plain walk).
LATE = {"A": 4, "2": 4, "3": 8, "4": 8, "5": 8, "6": 5, "7": 5, "8": 12, "9": 2, "T": 6,
        "J": 6, "Q": 6, "K": 6}


def late_rich_order() -> list[str]:
    """Eight decks in a fixed shuffled order: the reveal card AS and its one burn, 334 cards
    that leave LATE in the shoe, then LATE's 80 cards."""
    decks = [rank + suit for rank in "A23456789TJQK" for suit in SUITS for _ in range(8)]
    kept = []
    for rank, count in LATE.items():
        of_rank = [card for card in decks if card[0] == rank]
        kept += of_rank[:count]
    early = list(decks)
    for card in kept:
        early.remove(card)
    early.remove("AS")
    shuffle = random.Random(25)
    shuffle.shuffle(early)
    shuffle.shuffle(kept)
    return ["AS", *early, *kept]


ORDER = late_rich_order()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[SurveilledTable]:
    path = tmp_path / "ez-watched.toml"
    body = (resources.files("controller.game") / "profiles" / "ez-baccarat.toml").read_text()
    path.write_text(body + '\n[surveillance]\nalert_rtp = "1.0"\nauto_close = true\n')
    table = SurveilledTable(str(path))
    yield table
    table.close()


def test_the_order_is_eight_real_decks() -> None:
    assert len(ORDER) == 416 and len(set(ORDER)) == 52
    assert all(ORDER.count(card) == 8 for card in set(ORDER))


def test_panda_8_is_alerted_and_closed_when_the_late_shoe_turns_it(table: SurveilledTable) -> None:
    table.new_shoe()
    table.deal(" ".join(ORDER[:-16]))  # to where a cut card would end the shoe
    exposures = table.of_type("exposure")
    profile = table.controller.profile
    for exposure in exposures[::40] + exposures[-3:]:  # the exact odds, for the cards known out
        before = table.events[: table.events.index(exposure)]
        assert {bet: Decimal(rtp) for bet, rtp in exposure.fields["rtp"].items()} == engine_rtp(
            profile, known_cards(before))
    alerts = [e for e in table.of_type("exposure_alert") if e.fields["bet"] == "panda_8"]
    assert alerts and (alerts[0].fields["state"], alerts[0].fields["closed"]) == ("raised", True)
    raised_at = next(e for e in exposures if Decimal(e.fields["rtp"]["panda_8"]) > 1)
    assert raised_at.fields["cards_left"] <= 130  # late in the shoe, not before
    assert all(Decimal(e.fields["rtp"]["panda_8"]) < 1 for e in exposures[:200])
    # Closed from the next round whose betting closes, as a bet past its cut-off round.
    after = table.events[table.events.index(alerts[0]):]
    first_closed = next(e for e in after if e.type == "betting_closed")
    assert "panda_8" in first_closed.fields["closed_bets"]
    closed_results = [r for r in table.of_type("round_result") if r.round >= first_closed.round
                      and r.fields["bets"]["panda_8"]["outcome"] == "closed"]
    assert closed_results and all("panda_8" not in r.fields["winning_bets"]
                                  for r in closed_results)
    # The main bets never turned: they stay open.
    assert not any(r.fields["bets"][bet]["outcome"] == "closed"
                   for r in table.of_type("round_result") for bet in ("player", "banker", "tie"))
