"""Table profiles: the shipped ones load with the pays the rules sheets state, a site's own
file loads by path, and a bad file is refused naming the file, the key and the expectation."""

from decimal import Decimal
from pathlib import Path

import pytest

from controller.game.profiles import ProfileError, StakeError, load_profile, shipped_profiles

SHIPPED: dict[str, tuple[int, dict[str, str | None]]] = {
    "classic": (8, {"player": "1:1", "banker": "0.95:1", "tie": "8:1", "player_pair": "11:1",
                    "banker_pair": "11:1"}),
    "no-commission": (8, {"player": "1:1", "banker": "1:1", "tie": "8:1", "player_pair": "11:1",
                          "banker_pair": "11:1", "lucky_six": None, "player_natural": "7:2",
                          "banker_natural": "7:2"}),
    "big-win": (6, {"player": "1:1", "banker": "0.95:1", "tie": "8:1", "player_pair": "11:1",
                    "banker_pair": "11:1", "any_pair": "5:1"}),
    "tiger": (8, {"player": "1:1", "banker": "0.95:1", "tie": "8:1", "player_pair": "11:1",
                  "banker_pair": "11:1", "small_tiger": "22:1", "big_tiger": "50:1"}),
    "live": (8, {"player": "1:1", "banker": "0.95:1", "tie": "8:1", "player_pair": "11:1",
                 "banker_pair": "11:1", "lucky_six": None, "player_natural": "7:2",
                 "banker_natural": "7:2"}),
    "ez-baccarat": (8, {"player": "1:1", "banker": "1:1", "tie": "8:1", "dragon_7": "40:1",
                        "panda_8": "25:1"}),
    "dragon-bonus": (8, {"player": "1:1", "banker": "0.95:1", "tie": "8:1",
                         "player_pair": "11:1", "banker_pair": "11:1",
                         "dragon_bonus_player": None, "dragon_bonus_banker": None}),
}

GOOD = """
name = "site"
decks = 4
commission = "5%"
[limits]
min = "1"
max = 500
[bets]
player = { pays = "1:1" }
banker = { pays = "1:1" }
tie = { pays = "9:1", max = "50.00", last_round = 40 }
"""


def test_every_shipped_profile_is_listed_and_loads() -> None:
    assert sorted(SHIPPED) == shipped_profiles()


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_shipped_profile_decks_and_pays(name: str) -> None:
    decks, pays = SHIPPED[name]
    profile = load_profile(name)
    assert profile.name == name
    assert profile.decks == decks
    assert list(profile.bets) == list(pays)
    for bet, pay in pays.items():
        if pay is not None:
            assert str(profile.pay(bet)) == pay


@pytest.mark.parametrize("name", ["live", "no-commission"])
def test_sheet_003_profiles_lucky_six_pays_cut_offs_and_difference_limit(name: str) -> None:
    profile = load_profile(name)
    assert str(profile.pay("lucky_six", "two_cards")) == "12:1"
    assert str(profile.pay("lucky_six", "three_cards")) == "20:1"
    assert profile.closed_bets(50) == frozenset()
    assert profile.closed_bets(51) == {"lucky_six", "player_natural", "banker_natural"}
    assert profile.closed_bets(61) == {"lucky_six", "player_natural", "banker_natural",
                                       "player_pair", "banker_pair"}
    assert profile.player_banker_limit == "difference"
    assert load_profile("classic").player_banker_limit == "each"


def test_no_commission_banker_pays_half_on_a_six() -> None:
    profile = load_profile("no-commission")
    assert (str(profile.pay("banker")), str(profile.pay("banker", "six"))) == ("1:1", "1:2")
    # Without a "six" pay, a banker six pays like any banker win.
    assert str(load_profile("classic").pay("banker", "six")) == "0.95:1"


def test_ez_banker_pushes_on_a_dragon_seven_and_dragon_bonus_pays_by_margin() -> None:
    ez = load_profile("ez-baccarat")
    assert ez.commission == 0 and ez.pushes("banker", "seven_three_cards")
    assert not ez.pushes("banker", "pays") and str(ez.pay("banker")) == "1:1"
    bonus = load_profile("dragon-bonus")
    for side in ("dragon_bonus_player", "dragon_bonus_banker"):
        assert [str(bonus.pay(side, key)) for key in
                ("natural", "by_9", "by_8", "by_7", "by_6", "by_5", "by_4")] == [
            "1:1", "30:1", "10:1", "6:1", "4:1", "2:1", "1:1"]
    # Elsewhere a banker Dragon 7 is an ordinary banker win.
    assert not load_profile("classic").pushes("banker", "seven_three_cards")


def test_a_site_profile_mixes_the_ez_and_dragon_bonus_bets_with_any_others(tmp_path: Path) -> None:
    path = tmp_path / "mixed.toml"
    path.write_text(GOOD.replace('tie = {', 'panda_8 = { pays = "25:1" }\n'
                                 'dragon_bonus_banker = { natural = "1:1", by_9 = "30:1", '
                                 'by_8 = "10:1", by_7 = "6:1", by_6 = "4:1", by_5 = "2:1", '
                                 'by_4 = "1:1" }\nlucky_six = { two_cards = "12:1", '
                                 'three_cards = "20:1" }\ntie = {'))
    profile = load_profile(path)
    assert list(profile.bets) == ["player", "banker", "panda_8", "dragon_bonus_banker",
                                  "lucky_six", "tie"]
    assert str(profile.pay("dragon_bonus_banker", "by_9")) == "30:1"


def test_a_site_profile_loads_by_path_with_its_limits(tmp_path: Path) -> None:
    path = tmp_path / "site.toml"
    path.write_text(GOOD)
    profile = load_profile(str(path))
    assert (profile.name, profile.decks, profile.minor_unit) == ("site", 4, Decimal("0.01"))
    assert profile.closed_bets(41) == {"tie"}
    profile.check_stakes({"tie": Decimal("50.00"), "player": Decimal("500")}, 40)
    with pytest.raises(StakeError, match=r"on tie: 50\.01 is outside the table limits 1 to 50"):
        profile.check_stakes({"tie": Decimal("50.01")}, 1)
    with pytest.raises(StakeError, match="on tie: the bet is closed after round 40 of the shoe; "
                                         "this is round 41"):
        profile.check_stakes({"tie": Decimal("5")}, 41)
    with pytest.raises(StakeError, match="outside the table limits 1 to 500"):
        profile.check_stakes({"player": Decimal("0.50")}, 1)
    # Each side on its own: 500 on both is within the limits, 501 on one is not.
    profile.check_stakes({"player": Decimal("500"), "banker": Decimal("500")}, 1)
    with pytest.raises(StakeError, match="on banker: 501 is outside the table limits 1 to 500"):
        profile.check_stakes({"player": Decimal("500"), "banker": Decimal("501")}, 1)
    with pytest.raises(StakeError, match=r"not a whole number of 0\.01"):
        profile.check_stakes({"player": Decimal("1.005")}, 1)
    with pytest.raises(StakeError, match="does not offer 'lucky_six'"):
        profile.check_stakes({"lucky_six": Decimal("5")}, 1)


def test_an_unknown_profile_name_lists_the_shipped_ones() -> None:
    with pytest.raises(ProfileError,
                       match=r"unknown profile 'clasic'.*classic, dragon-bonus, ez-baccarat, live"):
        load_profile("clasic")


@pytest.mark.parametrize(
    ("old", "new", "key", "expected"),
    [
        ('tie = { pays = "9:1"', 'jackpot = { pays = "9:1"', "bets.jackpot",
         "unknown bet (valid: player, banker, tie"),
        ('tie = { pays = "9:1"', 'tie = { pay = "9:1"', "bets.tie.pay",
         "unknown key (valid: pays, last_round, min, max"),
        ('tie = { pays = "9:1"', 'tie = { pays = "-9:1"', "bets.tie.pays",
         'a pay ratio "x:y" with x and y above 0'),
        # "push" is for a pay that refines another (banker's "six", "seven_three_cards").
        ('tie = { pays = "9:1"', 'tie = { pays = "push"', "bets.tie.pays",
         'a pay ratio "x:y" with x and y above 0'),
        ('banker = { pays = "1:1" }', 'banker = { pays = "1:1", seven_three_cards = "pushed" }',
         "bets.banker.seven_three_cards", 'or "push" to return the stake'),
        ('banker = { pays = "1:1" }', 'banker = { pays = "1:1", dragon = "push" }',
         "bets.banker.dragon", "unknown key (valid: six, seven_three_cards, pays"),
        ('tie = { pays = "9:1"', 'dragon_bonus_player = { natural = "1:1", by_9 = "30:1" }\n'
         'tie = { pays = "9:1"', "bets.dragon_bonus_player.by_8", 'a pay ratio "x:y" like'),
        ('tie = { pays = "9:1"', 'tie = { pays = "0:1"', "bets.tie.pays",
         'a pay ratio "x:y" with x and y above 0'),
        ('tie = { pays = "9:1"', "tie = { pays = 9", "bets.tie.pays", 'a pay ratio "x:y"'),
        ('player = { pays = "1:1" }', "player = {}", "bets.player.pays", "a pay ratio"),
        ('decks = 4', 'decks = "4"', "decks", "a whole number 1 to 8"),
        ('decks = 4', 'decks = 9', "decks", "a whole number 1 to 8"),
        ('decks = 4', '', "decks", "missing: expected a whole number 1 to 8"),
        ('name = "site"', '', "name", "missing: expected the profile's name as a string"),
        ('commission = "5%"', 'commission = 5', "commission", '"none" or a percentage'),
        ('max = 500', 'max = 500.0', "limits.max", "floats are inexact"),
        ('max = 500', 'max = "0.5"', "limits.max", "at least the minimum 1"),
        ('last_round = 40', 'last_round = 0', "bets.tie.last_round", "a whole number 1 to 52"),
        # 4 decks deal 52 rounds at the most: a later cut-off could never be reached.
        ('last_round = 40', 'last_round = 53', "bets.tie.last_round", "a whole number 1 to 52"),
        ('commission = "5%"', 'commission = "99.999%"', "commission", "0% to 10%"),
        ('commission = "5%"', 'commission = "10.5%"', "commission", "0% to 10%"),
        ('commission = "5%"', 'commission = "2.125%"', "commission", "at most 2 decimals"),
        ('tie = { pays = "9:1"', 'tie = { pays = "12345678901234567890123456789012345678:1"',
         "bets.tie.pays", "at most 1000:1"),
        ('tie = { pays = "9:1"', 'tie = { pays = "1001:1"', "bets.tie.pays", "at most 1000:1"),
        ('tie = { pays = "9:1"', 'tie = { pays = "9:0.001"', "bets.tie.pays",
         "at most 2 decimals"),
        ('max = 500', 'max = "1000000000.01"', "limits.max", "at most 1000000000"),
        ('max = 500', 'max = 1e400', "limits.max", "floats are inexact"),
        ('min = "1"', 'min = "0.005"', "limits.min", "a whole number of the minor unit 0.01"),
        ('[limits]', 'minor_unit = "0"\n[limits]', "minor_unit", "0.0001 to 1000"),
        ('[limits]', 'minor_unit = "5000"\n[limits]', "minor_unit", "0.0001 to 1000"),
        ('[limits]', '[limit]', "limit", "unknown key (valid: name, decks"),
        ('max = 500', 'max = 500\nplayer_banker = "net"', "limits.player_banker",
         '= \'net\': expected "each" or "difference"'),
        ('max = 500', 'max = 500\nplayer_banker = true', "limits.player_banker",
         '= True: expected "each" or "difference"'),
    ],
)
def test_a_bad_profile_is_refused_with_file_key_and_expectation(
    tmp_path: Path, old: str, new: str, key: str, expected: str
) -> None:
    assert old in GOOD
    path = tmp_path / "bad.toml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    message = str(caught.value)
    # file, key and value, the one way every settings error names them (common/settings.py)
    assert message.startswith((f"{path}: {key}: ", f"{path}: {key} = "))
    assert expected in message


def test_a_profile_at_its_bounds_loads(tmp_path: Path) -> None:
    path = tmp_path / "edge.toml"
    path.write_text(GOOD.replace('commission = "5%"', 'commission = "10%"')
                    .replace('tie = { pays = "9:1"', 'tie = { pays = "1000:1"')
                    .replace("max = 500", 'max = "1000000000"')
                    .replace("last_round = 40", "last_round = 52"))
    profile = load_profile(path)
    assert str(profile.pay("banker")) == "0.9:1"
    assert str(profile.pay("tie")) == "1000:1"
    assert profile.closed_bets(52) == frozenset() and profile.closed_bets(53) == {"tie"}
    profile.check_stakes({"player": Decimal("1000000000")}, 52)


def test_a_profile_that_is_not_toml_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('name = "x"\ndecks = \n')
    with pytest.raises(ProfileError, match=r"broken.toml: not valid TOML: .*line 2"):
        load_profile(path)
