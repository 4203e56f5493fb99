"""The simulated shoe, its script and replay forms, and driver URLs."""

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

from drivers import DriverError, open_driver
from drivers.base import CardRead, CutCardSeen, Driver, DriverEvent, Misread, ShoeShuffled
from drivers.card_codes import ALL_CODES, CUT
from drivers.shoe_order import build_shoe, rest_of_shoe, shoe_random
from drivers.sim import SimDriver
from tests.support.clock import ManualClock
from tests.support.driver_events import EventLog

pytestmark = pytest.mark.timeout(30)


def take(driver: Driver, log: EventLog, count: int) -> list[DriverEvent]:
    """Deal ``count`` events, acknowledging cards and rescanning misreads as a controller."""
    events: list[DriverEvent] = []
    for _ in range(count):
        event = log.next()
        events.append(event)
        if isinstance(event, CardRead | ShoeShuffled):
            driver.acknowledge(event)
        elif isinstance(event, Misread):
            driver.request_rescan()
    return events


NAMES = {"cut_card": "CUT", "misread": "NR", "shoe_shuffled": "SHUFFLED"}


def items(events: Iterable[DriverEvent]) -> list[str]:
    return [getattr(event, "code", None) or NAMES[event.kind] for event in events]


def test_a_shoe_is_every_card_of_n_decks_once_with_the_cut_card_in_the_last_deck() -> None:
    order = build_shoe(6, shoe_random(None, 0))
    cards = [item for item in order if item != CUT]
    assert Counter(cards) == Counter({code: 6 for code in ALL_CODES})
    assert 1 <= len(order) - 1 - order.index(CUT) <= 52
    fixed = build_shoe(1, shoe_random(3, 0), cut_from_end=10)
    assert fixed.index(CUT) == 52 - 10


def test_shoe_k_is_reproducible_from_seed_and_k() -> None:
    assert build_shoe(8, shoe_random(7, 2)) == build_shoe(8, shoe_random(7, 2))
    assert build_shoe(8, shoe_random(7, 2)) != build_shoe(8, shoe_random(7, 3))
    assert build_shoe(8, shoe_random(None, 2)) != build_shoe(8, shoe_random(None, 2))


def test_the_sim_deals_its_order_and_waits_for_each_acknowledgement() -> None:
    log = EventLog()
    with open_driver("sim://?decks=1&seed=7&cut=6", log.put) as driver:
        shuffled = log.next_as(ShoeShuffled)
        assert log.quiet(0.2), "dealt the reveal card before the new shoe was acknowledged"
        driver.acknowledge(shuffled)
        first = log.next_as(CardRead)
        assert log.quiet(0.2), "dealt the next card before the first was acknowledged"
        driver.acknowledge(first)
        rest = take(driver, log, 52)
        expected = build_shoe(1, shoe_random(7, 0), cut_from_end=6)
        assert items([first, *rest]) == expected
        assert log.quiet(0.2), "dealt past the end of the shoe"
        driver.reshuffle()
        next_shoe = take(driver, log, 54)
        assert items(next_shoe) == ["SHUFFLED", *build_shoe(1, shoe_random(7, 1), cut_from_end=6)]


def test_the_sim_keeps_dealing_after_the_cut_card_while_asked() -> None:
    log = EventLog()
    with open_driver("sim://?decks=1&seed=1&cut=6", log.put) as driver:
        events = take(driver, log, 48)
        assert isinstance(events[-1], CutCardSeen)
        driver.acknowledge(events[-1])  # harmless: the cut card does not wait for it
        driver.acknowledge(events[-1])
        assert [event.kind for event in take(driver, log, 6)] == ["card"] * 6
        assert log.quiet(0.2), "dealt past the end, or twice for one acknowledgement"


def test_hold_dealing_holds_the_dealer() -> None:
    log = EventLog()
    with open_driver("sim://?script=AS,KD", log.put) as driver:
        take(driver, log, 1)  # the new shoe
        driver.hold_dealing(True)
        driver.acknowledge(log.next_as(CardRead))
        assert log.quiet(0.2)
        driver.hold_dealing(False)
        assert log.next_as(CardRead).code == "KD"


def test_injected_misreads_are_followed_by_the_same_card_after_a_rescan() -> None:
    log = EventLog()
    with open_driver("sim://?decks=1&seed=5&misread=0.3&cut=6", log.put) as driver:
        events = []
        while event := log.poll(0.3):
            events.append(event)
            if isinstance(event, CardRead | ShoeShuffled):
                driver.acknowledge(event)
            elif isinstance(event, Misread):
                driver.request_rescan()
    dealt = [item for item in items(events) if item != "NR"]
    assert dealt == ["SHUFFLED", *build_shoe(1, shoe_random(5, 0), cut_from_end=6)]
    assert 5 < items(events).count("NR") < 30
    assert "NR" not in items(events)[-1:] and "NR,NR" not in ",".join(items(events))


def test_a_misread_waits_for_the_rescan_request() -> None:
    log = EventLog()
    with open_driver("sim://?script=NR,AS", log.put) as driver:
        take(driver, log, 1)  # the new shoe
        assert log.next().kind == "misread"
        assert log.quiet(0.2)
        driver.request_rescan()
        assert log.next_as(CardRead).code == "AS"


def test_rate_paces_the_cards_on_the_drivers_clock() -> None:
    """At 20 cards a second no card comes until its clock has moved 1/20 s past the last,
    however long the test takes."""
    clock, log = ManualClock(100.0), EventLog()
    with SimDriver(log.put, script=["AS", "KD"], rate=20, clock=clock) as driver:
        driver.start()
        for code in ("SHUFFLED", "AS", "KD"):
            if code != "SHUFFLED":
                clock.read_twice()  # the dealer looked at the time, acknowledged: no card yet
                assert log.poll(0) is None, f"{code} dealt before its time"
                clock.advance(0.05)
            assert items(take(driver, log, 1)) == [code]


def dealt_cards(events: Iterable[DriverEvent]) -> list[str]:
    return [event.code for event in events if isinstance(event, CardRead)]


@pytest.mark.parametrize(("taken", "cut_seen"), [(0, False), (30, False), (47, True)])
def test_a_seeded_shoe_resumed_deals_the_rest_of_the_same_shoe(taken: int, cut_seen: bool) -> None:
    log = EventLog()
    with open_driver("sim://?decks=1&seed=9&cut=6", log.put) as driver:
        driver.reshuffle()  # the table's shoe 2
        log.next()  # shoe 1's ShoeShuffled, dealt before the reshuffle
        first = take(driver, log, 1 + taken + cut_seen)
        expected = take(driver, log, 3)
    assert items(first[:1]) == ["SHUFFLED"] and len(dealt_cards(first)) == taken
    resumed_log = EventLog()
    resumed = open_driver("sim://?decks=1&seed=9&cut=6", resumed_log.put)
    resumed.resume_shoe(2, dealt_cards(first), cut_seen)
    with resumed:  # mid-shoe: no ShoeShuffled, the table already knows this shoe
        assert items(take(resumed, resumed_log, 3)) == items(expected)


# Seed 3's one-deck shoe, its cut card after card 32 (20 from the end), as a journal saw it.
SEED_3_CARDS = [item for item in build_shoe(1, shoe_random(3, 0), cut_from_end=20) if item != CUT]


@pytest.mark.parametrize(("url", "taken", "cut_seen"), [
    ("sim://?decks=1&cut=20", 31, False),  # unseeded: its order is nowhere to be found again
    ("sim://?decks=1&seed=4&cut=20", 31, False),  # seed 3's cards do not fit seed 4's shoe
    ("sim://?decks=1", 40, True),
])
def test_a_shoe_resumed_without_its_order_deals_the_cards_left_in_a_fresh_order(
        url: str, taken: int, cut_seen: bool) -> None:
    dealt = SEED_3_CARDS[:taken]
    log = EventLog()
    driver = open_driver(url, log.put)
    driver.resume_shoe(1, dealt, cut_seen)
    with driver:
        rest = take(driver, log, 52 - taken + (not cut_seen))
        assert log.quiet(0.2), "dealt past the end of the shoe"
    assert Counter(dealt + dealt_cards(rest)) == Counter(ALL_CODES)  # each card once
    # The cut card where it would be: 20 cards from the end, after card 32; once only.
    cut_at = [index for index, item in enumerate(items(rest)) if item == "CUT"]
    assert cut_at == ([] if cut_seen else [32 - taken])


def test_a_script_the_journals_cards_do_not_begin_deals_its_items_not_yet_dealt() -> None:
    log = EventLog()
    driver = open_driver("sim://?script=AS,NR,CUT,KD,QH", log.put)
    note = driver.resume_shoe(1, ["QH", "KD"], cut_seen=False)
    assert note == ("shoe 1: the 2 cards the journal shows dealt from it do not begin this "
                    "simulator's shoe (card 1 dealt was QH, the shoe's card 1 is AS); dealing "
                    "the script's items not yet dealt")
    with driver:
        assert items(take(driver, log, 3)) == ["AS", "NR", "CUT"]
        assert log.quiet(0.2)
    log = EventLog()
    driver = open_driver("sim://?script=AS,NR,CUT,KD,QH", log.put)
    note = driver.resume_shoe(1, ["AS", "KD"], cut_seen=False)
    assert note is not None
    assert "the cut card did not come out, the shoe has it before card 2" in note
    with driver:
        assert items(take(driver, log, 3)) == ["NR", "CUT", "QH"]


def test_a_shoe_numbered_by_the_table_before_its_first_card_is_that_shoe() -> None:
    log = EventLog()
    with open_driver("sim://?decks=1&seed=7&cut=6", log.put) as driver:
        shuffled = log.next_as(ShoeShuffled)
        driver.number_shoe(3)  # the table's shoe 3: the seed's shoe 2
        driver.acknowledge(shuffled)
        dealt = take(driver, log, 53)
        driver.number_shoe(4)  # too late: a shoe is not changed once dealing began
        assert items(dealt) == build_shoe(1, shoe_random(7, 2), cut_from_end=6)


def test_script_deals_exactly_its_items_and_new_shoe_replays_it() -> None:
    log = EventLog()
    with open_driver("sim://?script=AS,10h,NR,CUT,KD", log.put) as driver:
        assert items(take(driver, log, 6)) == ["SHUFFLED", "AS", "TH", "NR", "CUT", "KD"]
        assert log.quiet(0.2)
        driver.reshuffle()
        assert items(take(driver, log, 2)) == ["SHUFFLED", "AS"]


def test_replay_deals_a_recording(tmp_path: Path) -> None:
    recording = tmp_path / "shoe.txt"
    recording.write_text("# recorded at table 3\nAS\n\nNR\nKD\nCUT\n")
    log = EventLog()
    with open_driver(f"replay://{recording}?rate=0", log.put) as driver:
        assert items(take(driver, log, 5)) == ["SHUFFLED", "AS", "NR", "KD", "CUT"]


def test_a_bad_recording_names_file_and_line(tmp_path: Path) -> None:
    recording = tmp_path / "shoe.txt"
    recording.write_text("AS\nKX\n")
    with pytest.raises(DriverError, match=r"shoe.txt:2: bad card code 'KX'"):
        open_driver(f"replay://{recording}", EventLog().put)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("usb://x", "unknown scheme 'usb'; valid: sim://, serial://, replay://"),
        ("sim://?decks=8&speed=2", "unknown option 'speed' for sim://; valid options: decks"),
        ("sim://?decks=9", "decks='9' is not a whole number from 1 to 8"),
        ("sim://?misread=often", "misread='often' is not a number"),
        ("sim://?cut=60&decks=1", "cut='60' is not a whole number from 1 to 52"),
        ("sim://?cut=5", "cut 5: the cut card must be at least 6 cards from the end (the last "
                         "round needs up to 6 cards after it)"),
        ("sim://?script=AS,ZZ", "item 2: bad card code 'ZZ'"),
        ("sim://?script=AS&seed=1", "cannot be combined with ['seed']"),
        ("serial:///dev/ttyUSB0?protocol=smart", "protocol='smart' is not one of scanner, shoe"),
        ("serial:///dev/ttyUSB0?rescan=XYZ", "rescan='XYZ' is not hex bytes"),
        ("serial:///dev/ttyUSB0?protocol=shoe&debounce=5", "debounce apply to protocol=scanner"),
        ("serial://?baud=9600", "no device"),
        ("replay://", "no file"),
        ("/dev/ttyUSB0", "has no scheme"),
    ],
)
def test_bad_urls_name_what_is_wrong_and_the_valid_choices(url: str, message: str) -> None:
    with pytest.raises(DriverError) as raised:
        open_driver(url, EventLog().put)
    assert message in str(raised.value)


def test_close_is_safe_twice_and_without_start() -> None:
    driver = open_driver("sim://", EventLog().put)
    driver.close()
    driver.close()
    log = EventLog()
    started = open_driver("sim://?rate=1000", log.put)
    started.start()
    log.next()  # its thread is dealing
    started.close()
    started.close()
    assert started.closed


@pytest.mark.parametrize("left", [60, 10, 6, 3])
def test_a_random_cut_card_not_yet_seen_stays_among_the_last_deck_of_the_cards_left(
    left: int
) -> None:
    cards = [item for item in build_shoe(2, shoe_random(1, 0)) if item != CUT]
    for seed in range(20):
        rest = rest_of_shoe(2, cards[:104 - left], shoe_random(seed, 0))
        after_cut = len(rest) - 1 - rest.index(CUT)
        if left >= 6:  # at least a round's worth after it, and no more than a deck
            assert 6 <= after_cut <= min(52, left)
        else:  # it should have come out already: it comes next
            assert after_cut == left
