"""An EZ Baccarat table on the floor: a real EZ shoe (a table on sim://, the display's "ez"
scenario) dealt on a site's own profile, published chained through a real Mosquitto into the
pit. Its roads carry the Dragon 7 and Panda 8 badges as the dealer display's do, and its
limits are the ones that shoe recorded, on the JSON API and on the table page in Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from controller.events import facts
from controller.events.codec import encode
from controller.events.stream import TableEvent
from controller.roads import Hand
from tests.support.feed import Broker, needs_mosquitto
from tests.support.journal import wait_for
from tests.support.pit import browser
from tests.support.pit_alerts import LivePit, Table, live_pit, module_broker
from tests.test_pit import needs_chromium
from ui.display.scenarios import scenario_events

pytestmark = needs_mosquitto
__all__ = ["live_pit", "module_broker"]

# The shoe's events, each with the fields its feed message carries.
ShoeEvents = list[tuple[TableEvent, dict[str, Any]]]

SITE_PROFILE = "our-ez"  # a site's own profile, not one the pit's machine has


@pytest.fixture(scope="module")
def shoe() -> ShoeEvents:
    """The EZ shoe's events, its shoe_started as a site's own profile with its own limits."""
    events: ShoeEvents = []
    for event in scenario_events("ez"):
        fields = encode(event.fact)
        if isinstance(event.fact, facts.ShoeStarted):
            terms = dict(fields["profile_terms"], name=SITE_PROFILE)
            terms["bets"] = [dict(bet, min="25", max="7500") if bet["bet"] == "banker" else bet
                             for bet in terms["bets"]]
            fields = dict(fields, profile=SITE_PROFILE, profile_terms=terms)
        events.append((event, fields))
    return events


@pytest.fixture
def ez_table(pit: LivePit, broker: Broker, shoe: ShoeEvents) -> Iterator[Table]:
    table = Table(broker, "ez1")
    table.status("online")
    for event, fields in shoe:
        table.event(str(event.type), datetime.fromisoformat(event.ts.replace("Z", "+00:00")),
                    event.shoe, event.round, **fields)
    wait_for(lambda: pit.reader().json("/api/tables/ez1")["seq"] == table.seq, timeout=60)
    yield table
    table.close()


def badges(shoe: ShoeEvents) -> list[str | None]:
    """Each hand's badge, as the display's roads give it (tests/test_display_ez.py)."""
    return [Hand.from_round_result(event.fact).badge for event, _ in shoe
            if isinstance(event.fact, facts.RoundResult)]


def test_the_roads_badge_every_dragon_7_and_panda_8_and_the_limits_are_the_shoes(
        pit: LivePit, ez_table: Table, shoe: ShoeEvents) -> None:
    expected = badges(shoe)
    assert expected.count("dragon_7") >= 3 and expected.count("panda_8") >= 1  # the seed's
    detail = pit.reader().json("/api/tables/ez1")
    bead_plate = sorted(detail["roads"]["bead_plate"], key=lambda c: (c["col"], c["row"]))
    assert [cell.get("badge") for cell in bead_plate] == expected
    assert sorted(c["badge"] for c in detail["roads"]["big_road"] if "badge" in c) == sorted(
        b for b in expected if b)
    assert (detail["profile"], detail["limits"]) == (SITE_PROFILE, "25–7500")


@needs_chromium
def test_the_table_page_draws_the_badges_and_the_shoes_limits(pit: LivePit, ez_table: Table,
                                                              shoe: ShoeEvents,
                                                              tmp_path: Path) -> None:
    expected = badges(shoe)
    driver = browser(tmp_path, pit)
    try:
        driver.get(pit.url + "/tables/ez1")
        wait_for(lambda: driver.find_elements("css selector", "svg.bead_plate g"), timeout=20)
        drawn = driver.execute_script(
            "return [...document.querySelectorAll('svg.bead_plate g')]"
            ".map(g => g.dataset.badge || null)")
        assert sorted(drawn, key=str) == sorted(expected, key=str)
        big_road = driver.execute_script(
            "return [...document.querySelectorAll('svg.big_road g[data-badge]')]"
            ".map(g => g.dataset.badge)")
        assert sorted(big_road) == sorted(b for b in expected if b)
        assert f"{SITE_PROFILE} 25–7,500" in driver.find_element("tag name", "body").text
    finally:
        driver.quit()
