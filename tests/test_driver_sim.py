"""The simulated shoe, its script and replay forms, and driver URLs."""

import itertools
import time
from collections import Counter

import pytest
from driver_events import EventLog

from drivers import DriverError, open_driver
from drivers.base import CardRead, CutCardSeen, Misread, ShoeShuffled
from drivers.card_codes import ALL_CODES
from drivers.shoe_order import CUT, build_shoe, shoe_random

pytestmark = pytest.mark.timeout(30)


def take(driver, log, count):
    """Deal ``count`` events, acknowledging cards and rescanning misreads as a controller."""
    events = []
    for _ in range(count):
        event = log.next()
        events.append(event)
        if isinstance(event, CardRead | ShoeShuffled):
            driver.acknowledge(event)
        elif isinstance(event, Misread):
            driver.request_rescan()
    return events


NAMES = {"cut_card": "CUT", "misread": "NR", "shoe_shuffled": "SHUFFLED"}


def items(events):
    return [getattr(event, "code", None) or NAMES[event.kind] for event in events]


def test_a_shoe_is_every_card_of_n_decks_once_with_the_cut_card_in_the_last_deck():
    order = build_shoe(6, shoe_random(None, 0))
    cards = [item for item in order if item != CUT]
    assert Counter(cards) == Counter({code: 6 for code in ALL_CODES})
    assert 1 <= len(order) - 1 - order.index(CUT) <= 52
    fixed = build_shoe(1, shoe_random(3, 0), cut_from_end=10)
    assert fixed.index(CUT) == 52 - 10


def test_shoe_k_is_reproducible_from_seed_and_k():
    assert build_shoe(8, shoe_random(7, 2)) == build_shoe(8, shoe_random(7, 2))
    assert build_shoe(8, shoe_random(7, 2)) != build_shoe(8, shoe_random(7, 3))
    assert build_shoe(8, shoe_random(None, 2)) != build_shoe(8, shoe_random(None, 2))


def test_the_sim_deals_its_order_and_waits_for_each_acknowledgement():
    log = EventLog()
    with open_driver("sim://?decks=1&seed=7&cut=6", log.put) as driver:
        shuffled = log.next()
        assert isinstance(shuffled, ShoeShuffled)
        assert log.quiet(0.2), "dealt the reveal card before the new shoe was acknowledged"
        driver.acknowledge(shuffled)
        first = log.next()
        assert log.quiet(0.2), "dealt the next card before the first was acknowledged"
        driver.acknowledge(first)
        rest = take(driver, log, 52)
        expected = build_shoe(1, shoe_random(7, 0), cut_from_end=6)
        assert items([first, *rest]) == expected
        assert log.quiet(0.2), "dealt past the end of the shoe"
        driver.new_shoe()
        next_shoe = take(driver, log, 54)
        assert items(next_shoe) == ["SHUFFLED", *build_shoe(1, shoe_random(7, 1), cut_from_end=6)]


def test_the_sim_keeps_dealing_after_the_cut_card_while_asked():
    log = EventLog()
    with open_driver("sim://?decks=1&seed=1&cut=6", log.put) as driver:
        events = take(driver, log, 48)
        assert isinstance(events[-1], CutCardSeen)
        driver.acknowledge(events[-1])  # harmless: the cut card does not wait for it
        driver.acknowledge(events[-1])
        assert [event.kind for event in take(driver, log, 6)] == ["card"] * 6
        assert log.quiet(0.2), "dealt past the end, or twice for one acknowledgement"


def test_set_dealing_holds_the_dealer():
    log = EventLog()
    with open_driver("sim://?script=AS,KD", log.put) as driver:
        take(driver, log, 1)  # the new shoe
        driver.set_dealing(False)
        driver.acknowledge(log.next())
        assert log.quiet(0.2)
        driver.set_dealing(True)
        assert log.next().code == "KD"


def test_injected_misreads_are_followed_by_the_same_card_after_a_rescan():
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


def test_a_misread_waits_for_the_rescan_request():
    log = EventLog()
    with open_driver("sim://?script=NR,AS", log.put) as driver:
        take(driver, log, 1)  # the new shoe
        assert log.next().kind == "misread"
        assert log.quiet(0.2)
        driver.request_rescan()
        assert log.next().code == "AS"


def test_rate_paces_the_cards():
    log = EventLog()
    with open_driver("sim://?script=AS,KD,QH&rate=20", log.put) as driver:
        times = [event.at for event in take(driver, log, 4)[1:]]
    assert min(later - earlier for earlier, later in itertools.pairwise(times)) >= 0.045


@pytest.mark.parametrize(
    ("url", "taken", "cut_seen"),
    [("sim://?decks=1&seed=9&cut=6", 30, False), ("sim://?decks=1&cut=6", 47, True)],
)
def test_snapshot_and_restore_continue_the_same_shoe(url, taken, cut_seen):
    log = EventLog()
    with open_driver(url, log.put) as driver:
        driver.new_shoe()
        log.next()  # shoe 0's ShoeShuffled, dealt before new_shoe; not part of shoe 1
        first = take(driver, log, 1 + taken + cut_seen)
        snapshot = driver.snapshot()
        expected = take(driver, log, 3)
    restored_log = EventLog()
    restored = open_driver(url, restored_log.put)
    restored.restore(snapshot, cards_taken=taken, cut_seen=cut_seen)
    with restored:  # mid-shoe: no ShoeShuffled, the table already knows this shoe
        assert items(take(restored, restored_log, 3)) == items(expected)
    assert items(first[:1]) == ["SHUFFLED"]
    assert len([event for event in first if event.kind == "card"]) == taken


def test_restore_refuses_an_inconsistent_cut_card():
    driver = open_driver("sim://?script=AS,CUT,KD", EventLog().put)
    with pytest.raises(DriverError, match="cut card"):
        driver.restore(driver.snapshot(), cards_taken=2, cut_seen=False)
    with pytest.raises(DriverError, match="cut card"):
        driver.restore(driver.snapshot(), cards_taken=0, cut_seen=True)
    driver.close()


def test_script_deals_exactly_its_items_and_new_shoe_replays_it():
    log = EventLog()
    with open_driver("sim://?script=AS,10h,NR,CUT,KD", log.put) as driver:
        assert items(take(driver, log, 6)) == ["SHUFFLED", "AS", "TH", "NR", "CUT", "KD"]
        assert log.quiet(0.2)
        driver.new_shoe()
        assert items(take(driver, log, 2)) == ["SHUFFLED", "AS"]


def test_replay_deals_a_recording(tmp_path):
    recording = tmp_path / "shoe.txt"
    recording.write_text("# recorded at table 3\nAS\n\nNR\nKD\nCUT\n")
    log = EventLog()
    with open_driver(f"replay://{recording}?rate=0", log.put) as driver:
        assert items(take(driver, log, 5)) == ["SHUFFLED", "AS", "NR", "KD", "CUT"]


def test_a_bad_recording_names_file_and_line(tmp_path):
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
def test_bad_urls_name_what_is_wrong_and_the_valid_choices(url, message):
    with pytest.raises(DriverError) as raised:
        open_driver(url, EventLog().put)
    assert message in str(raised.value)


def test_close_is_safe_twice_and_without_start():
    driver = open_driver("sim://", EventLog().put)
    driver.close()
    driver.close()
    started = open_driver("sim://?rate=1000", EventLog().put)
    started.start()
    time.sleep(0.01)
    started.close()
    started.close()
    assert started.closed
