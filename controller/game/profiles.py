"""Table profiles: the bets a table offers, what they pay, its limits and cut-off rounds.

A profile is a TOML file (format in docs/profiles.md). The shipped ones live next to this module
in ``controller/game/profiles/``; a site passes a path to its own. Every value is checked at load,
and a bad one is refused with the file, the key and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from common.errors import UserError
from common.settings import SettingsError, SettingsReader, read_toml
from common.user_paths import read_text
from controller.game.bets import BET_NAMES, BET_RULES, DEFAULT_PAY
from controller.game.cards import MAX_DECKS, MIN_DECKS

DEFAULT_MINOR_UNIT = Decimal("0.01")
PUSH = "push"  # an optional pay that returns the stake instead (EZ banker's Dragon 7)
# Bounds on what a profile may say: wide enough for any real table, narrow enough that a typo
# (a 99.999% commission, a 38-digit pay) is refused at load instead of settling money.
MAX_COMMISSION_PERCENT = Decimal(10)
MAX_PAY = 1000  # x:y pays at most 1000:1
MAX_AMOUNT = Decimal(1_000_000_000)  # a stake limit
MINOR_UNIT_RANGE = (Decimal("0.0001"), Decimal(1000))
_NUMBER = r"(\d{1,4}(?:\.\d{1,2})?)"  # up to 9999.99: a pay's x or y, a commission
_RATIO = re.compile(rf"\s*{_NUMBER}\s*:\s*{_NUMBER}\s*")
_PERCENT = re.compile(rf"\s*{_NUMBER}\s*%\s*")
_PAY_EXPECTED = (f'a pay ratio "x:y" with x and y above 0, like "11:1" (at most 2 decimals '
                 f"each, and at most {MAX_PAY}:1)")
_TOP_KEYS = ("name", "decks", "commission", "minor_unit", "limits", "bets", "surveillance")
_SURVEILLANCE_KEYS = ("alert_rtp", "auto_close", "misread_alert_per_100", "clear_margin",
                      "clear_cards", "carried_run_cards", "compare_shoes")
# A return threshold outside these is a typo: no bet comes near 0.5 or 2 per unit staked.
ALERT_RTP_RANGE = (Decimal("0.5"), Decimal(2))
MISREAD_ALERT_RANGE = (Decimal(0), Decimal(100))
CLEAR_MARGIN_RANGE = (Decimal(0), Decimal("0.1"))
CLEAR_CARDS_RANGE = (0, 416)
CARRIED_RUN_RANGE = (8, 416)  # shorter runs happen by chance (docs/surveillance.md)
COMPARE_SHOES_RANGE = (1, 100)
_LIMIT_KEYS = ("min", "max")
_SIDES = ("player", "banker")
# How the player and banker limits apply: to each bet, or (rules sheet 003) to the difference
# between the amounts on the two sides, the table's net exposure on the pair.
PlayerBankerLimit = Literal["each", "difference"]
_BET_EXTRA_KEYS = ("last_round", *_LIMIT_KEYS)
_AMOUNT = 'an amount as a string like "10.00" or an integer (floats are inexact)'


class ProfileError(SettingsError):
    """A profile that cannot be used; the message names the file, the key and the value."""


class StakeError(UserError):
    """A stake the table does not take: outside its limits, not whole minor units, or a bet it
    does not offer."""


def _text(number: Decimal) -> str:
    """A decimal without exponent or trailing zeros: 0.950 -> "0.95", 1E+1 -> "10"."""
    return format(number.normalize(), "f")


def _decimal(value: object) -> Decimal | None:
    """A finite decimal given as a string or an integer (never a float, which is inexact)."""
    number = None
    if isinstance(value, str):
        try:
            number = Decimal(value)
        except InvalidOperation:
            return None
    elif isinstance(value, int) and not isinstance(value, bool):
        number = Decimal(value)
    return number if number is not None and number.is_finite() else None


@dataclass(frozen=True, slots=True)
class Ratio:
    """A pay "x:y": x won for every y staked, kept exact."""

    won: Decimal
    staked: Decimal

    @classmethod
    def parse(cls, text: str) -> Ratio:
        """The ratio "x:y"; ValueError unless x and y are above 0 with at most 2 decimals and
        the pay is at most MAX_PAY:1."""
        match = _RATIO.fullmatch(text)
        if not match or Decimal(match[1]) <= 0 or Decimal(match[2]) <= 0:
            raise ValueError(text)
        ratio = cls(Decimal(match[1]), Decimal(match[2]))
        if ratio.value > MAX_PAY:
            raise ValueError(text)
        return ratio

    @property
    def value(self) -> Fraction:
        return Fraction(self.won) / Fraction(self.staked)

    def less(self, rate: Decimal) -> Ratio:
        """This pay with a commission of ``rate`` (0.05 for 5%) taken off the win."""
        return Ratio(self.won * (1 - rate), self.staked)

    def __str__(self) -> str:
        return f"{_text(self.won)}:{_text(self.staked)}"


@dataclass(frozen=True, slots=True)
class BetTerms:
    """One bet as a profile offers it."""

    name: str
    pays: Mapping[str, Ratio]
    # Optional pay keys the profile sets to "push": the stake comes back instead (EZ banker).
    pushes: frozenset[str]
    min_stake: Decimal
    max_stake: Decimal
    last_round: int | None

    def closed_at(self, round_number: int) -> bool:
        """Taken no more at ``round_number`` (counted from 1 in each shoe)."""
        return self.last_round is not None and round_number > self.last_round


@dataclass(frozen=True, slots=True)
class SurveillanceTerms:
    """The profile's ``[surveillance]`` table (docs/surveillance.md)."""

    alert_rtp: Decimal = Decimal(1)  # a bet returning more than this raises an alert
    auto_close: bool = False  # and is closed for the rounds that follow until it falls back
    misread_alert_per_100: Decimal = Decimal(1)  # scanner misreads per 100 cards
    # An alert clears only once its value stayed below the threshold less this margin (a
    # fraction: of a unit staked for a return, of the cards read for misreads) for this many
    # cards, so a value wobbling around the threshold raises one alert, not one per wobble.
    clear_margin: Decimal = Decimal("0.005")
    clear_cards: int = 10
    carried_run_cards: int = 16  # an integrity alert for a run this long from an earlier shoe
    compare_shoes: int = 10  # the earlier shoes a shoe's order is compared with


@dataclass(frozen=True)
class Profile:
    name: str
    decks: int
    commission: Decimal  # the rate taken off banker wins; 0 for a no-commission table
    minor_unit: Decimal
    player_banker_limit: PlayerBankerLimit
    bets: Mapping[str, BetTerms]  # in the order the file lists them
    source: str
    # Watched only with a [surveillance] table (docs/surveillance.md); None without one.
    surveillance: SurveillanceTerms | None = None

    def pay(self, bet: str, pay_key: str = DEFAULT_PAY) -> Ratio:
        """What ``bet`` pays under ``pay_key``, after commission."""
        pays = self._terms(bet).pays
        # An optional pay the profile leaves out (banker "six") falls back to the default pay.
        ratio = pays[pay_key] if pay_key in pays else pays[DEFAULT_PAY]
        return ratio.less(self.commission) if bet == "banker" else ratio

    def pushes(self, bet: str, pay_key: str) -> bool:
        """Whether the profile returns the stake of ``bet`` instead of paying ``pay_key``."""
        return pay_key in self._terms(bet).pushes

    def closed_bets(self, round_number: int) -> frozenset[str]:
        """The bets taken no more at ``round_number`` (counted from 1 in each shoe)."""
        return frozenset(bet.name for bet in self.bets.values() if bet.closed_at(round_number))

    def check_stakes(self, stakes: Mapping[str, Decimal], round_number: int) -> None:
        """Raise StakeError unless the table takes every one of ``stakes`` (bet -> amount) on
        round ``round_number`` of the shoe: a bet it offers and has not closed, whole minor
        units, within the limits (on a "difference" table, player and banker's maximum bounds
        the difference between the two sides instead of each bet)."""
        for bet, stake in stakes.items():
            self._check_stake(bet, stake, round_number)
        if self.player_banker_limit == "difference":
            self._check_difference(stakes)

    def _check_stake(self, bet: str, stake: Decimal, round_number: int) -> None:
        terms = self._terms(bet)
        if not isinstance(stake, Decimal) or not stake.is_finite():
            raise StakeError(f"stake on {bet}: expected a Decimal amount, got {stake!r}")
        if terms.closed_at(round_number):
            raise StakeError(f"stake on {bet}: the bet is closed after round "
                             f"{terms.last_round} of the shoe; this is round {round_number}")
        if self.player_banker_limit == "difference" and bet in _SIDES:
            # The bet's maximum bounds the difference (_check_difference); MAX_AMOUNT keeps
            # a stake within what the arithmetic settles exactly.
            if not terms.min_stake <= stake <= MAX_AMOUNT:
                raise StakeError(f"stake on {bet}: {stake} is outside {terms.min_stake} to "
                                 f"{_text(MAX_AMOUNT)} (the table maximum {terms.max_stake} "
                                 "bounds the difference between player and banker)")
        elif not terms.min_stake <= stake <= terms.max_stake:
            raise StakeError(f"stake on {bet}: {stake} is outside the table limits "
                             f"{terms.min_stake} to {terms.max_stake}")
        # Only after the limits: a huge stake would overflow the decimal context here.
        if stake % self.minor_unit:
            raise StakeError(f"stake on {bet}: {stake} is not a whole number of {self.minor_unit}")

    def _check_difference(self, stakes: Mapping[str, Decimal]) -> None:
        """The net exposure of player against banker within the maximum of the side ahead
        (that side has a stake, already checked to be on an offered bet)."""
        player, banker = (stakes.get(side, Decimal(0)) for side in _SIDES)
        difference = abs(player - banker)
        if not difference:
            return
        ahead = "player" if player > banker else "banker"
        limit = self.bets[ahead].max_stake
        if difference > limit:
            raise StakeError(
                f"stakes on player {player} and banker {banker}: the difference {difference} "
                f"is above the {ahead} limit {limit} (this table limits the difference between "
                "the two sides)"
            )

    def terms(self) -> dict[str, Any]:
        """Everything the profile says, as JSON-ready data: what ``shoe_started`` records so a
        restart rebuilds the shoe in play's rules exactly (``profile_from_terms``), whatever
        the file says by then. Canonical: every bet's limits spelled out, the bets a list in
        the profile's order (a journaled object's keys are sorted), pays and the commission
        in lowest terms ("8.0:1" is "8:1", as every pay is shown); amounts and thresholds keep
        their places as written, since they are shown (and settled) with them."""
        terms: dict[str, Any] = {
            "name": self.name, "decks": self.decks,
            "commission": f"{_text(self.commission * 100)}%", "minor_unit": str(self.minor_unit),
            "player_banker": self.player_banker_limit,
            "bets": [{"bet": bet.name, "min": str(bet.min_stake), "max": str(bet.max_stake),
                      "pays": {**{key: str(pay) for key, pay in bet.pays.items()},
                               **dict.fromkeys(sorted(bet.pushes), PUSH)},
                      "last_round": bet.last_round} for bet in self.bets.values()],
            "surveillance": None}
        if self.surveillance is not None:
            watch = self.surveillance
            terms["surveillance"] = {
                "alert_rtp": str(watch.alert_rtp), "auto_close": watch.auto_close,
                "misread_alert_per_100": str(watch.misread_alert_per_100),
                "clear_margin": str(watch.clear_margin), "clear_cards": watch.clear_cards,
                "carried_run_cards": watch.carried_run_cards,
                "compare_shoes": watch.compare_shoes}
        return terms

    def _terms(self, bet: str) -> BetTerms:
        try:
            return self.bets[bet]
        except KeyError:
            raise StakeError(
                f"profile {self.name} does not offer {bet!r} (it offers {', '.join(self.bets)})"
            ) from None


def shipped_profiles() -> list[str]:
    """Names of the profiles that come with the controller."""
    folder = resources.files("controller.game") / "profiles"
    return sorted(entry.name[: -len(".toml")] for entry in folder.iterdir()
                  if entry.name.endswith(".toml"))


def looks_like_path(name_or_path: str) -> bool:
    """True for a profile given as a file (it has a slash or ends in .toml), not a name."""
    return "/" in name_or_path or name_or_path.endswith(".toml")


def load_profile(name_or_path: str | Path) -> Profile:
    """A shipped profile by name (``classic``), or a site's profile by path to its file
    (``site.toml``, ``./site``, ``/etc/baccarat-table/site.toml``)."""
    text = str(name_or_path)
    if not looks_like_path(text):
        if text not in shipped_profiles():
            raise ProfileError(
                f"unknown profile {text!r}: expected one of {', '.join(shipped_profiles())} "
                "or the path to a profile file (with a / or ending in .toml)"
            )
        resource = resources.files("controller.game") / "profiles" / f"{text}.toml"
        return parse_profile(resource.read_text(encoding="utf-8"), source=f"{text}.toml")
    return parse_profile(read_text(text, "profile"), source=text)


def parse_profile(text: str, source: str) -> Profile:
    """Check and build a profile from TOML ``text``; ``source`` names it in errors."""
    return _Reader(source).profile(read_toml(text, source, ProfileError))


def profile_from_terms(terms: Mapping[str, Any], source: str) -> Profile:
    """The profile ``Profile.terms`` recorded, checked as a file is (``source`` names it in
    errors: the recorded profile's file and where the record is)."""
    try:
        bets = {bet["bet"]: {**bet["pays"], "min": bet["min"], "max": bet["max"],
                             **({} if bet["last_round"] is None
                                else {"last_round": bet["last_round"]})}
                for bet in terms["bets"]}
        # Each bet has its own limits: the table's are only what those lie within.
        limits = {"min": str(min(Decimal(bet["min"]) for bet in terms["bets"])),
                  "max": str(max(Decimal(bet["max"]) for bet in terms["bets"])),
                  "player_banker": terms["player_banker"]}
        data = {key: terms[key] for key in ("name", "decks", "commission", "minor_unit")}
    except (KeyError, TypeError, ValueError, ArithmeticError) as error:
        raise ProfileError(f"{source}: not a profile's recorded terms ({error!r})") from None
    data |= {"limits": limits, "bets": bets}
    if terms.get("surveillance") is not None:
        data["surveillance"] = terms["surveillance"]
    return _Reader(source).profile(data)


class _Reader(SettingsReader):
    """Reads one profile's TOML tables, naming the source file, the key and the value in every
    error (common.settings)."""

    def __init__(self, source: str) -> None:
        super().__init__(source, error=ProfileError)

    def amount(self, data: Mapping[str, Any], key: str,
               bounds: tuple[Decimal, Decimal] = (Decimal(0), MAX_AMOUNT)) -> Decimal:
        """A positive amount within ``bounds`` (above the low one when it is 0)."""
        low, high = bounds
        value = data.get(key.rsplit(".", 1)[-1])
        number = _decimal(value)
        if number is not None and (
                number > 0 if low == 0 else number >= low) and number <= high:
            return number
        within = f"above 0 and at most {_text(high)}" if low == 0 else (
            f"{_text(low)} to {_text(high)}")
        raise self.expected(key, f"{_AMOUNT}, {within}", value)

    def profile(self, data: Mapping[str, Any]) -> Profile:
        self.only(data, "", _TOP_KEYS)
        name = self.get(data, "name", str, "the profile's name as a string")
        decks = self.whole(data, "decks", MIN_DECKS, MAX_DECKS)
        commission = self.commission(data)
        minor_unit = self.amount(data, "minor_unit", MINOR_UNIT_RANGE) if (
            "minor_unit" in data) else DEFAULT_MINOR_UNIT
        limits = self.table(data, "limits", (*_LIMIT_KEYS, "player_banker"))
        table_min, table_max = self.limits(limits, "limits", None, minor_unit)
        player_banker = limits.get("player_banker", "each")
        if player_banker not in get_args(PlayerBankerLimit):
            raise self.expected("limits.player_banker", '"each" or "difference"', player_banker)
        bets = self.table(data, "bets", BET_NAMES, "bet")
        if not bets:
            raise self.expected("bets", f"at least one bet of {', '.join(BET_NAMES)}", {})
        return Profile(
            name=name,
            decks=decks,
            commission=commission,
            minor_unit=minor_unit,
            player_banker_limit=player_banker,
            bets={bet: self.bet(bets, bet, (table_min, table_max), minor_unit, decks)
                  for bet in bets},
            source=self.source,
            surveillance=self.surveillance(data),
        )

    def surveillance(self, data: Mapping[str, Any]) -> SurveillanceTerms | None:
        if "surveillance" not in data:
            return None
        table = self.table(data, "surveillance", _SURVEILLANCE_KEYS)
        default = SurveillanceTerms()
        auto_close = table.get("auto_close", default.auto_close)
        if not isinstance(auto_close, bool):
            raise self.expected("surveillance.auto_close", "true or false", auto_close)
        return SurveillanceTerms(
            alert_rtp=self.number(table, "surveillance.alert_rtp", ALERT_RTP_RANGE,
                                  default.alert_rtp),
            auto_close=auto_close,
            misread_alert_per_100=self.number(table, "surveillance.misread_alert_per_100",
                                              MISREAD_ALERT_RANGE, default.misread_alert_per_100),
            clear_margin=self.number(table, "surveillance.clear_margin", CLEAR_MARGIN_RANGE,
                                     default.clear_margin),
            clear_cards=self.whole_or(table, "surveillance.clear_cards", CLEAR_CARDS_RANGE,
                                      default.clear_cards),
            carried_run_cards=self.whole_or(table, "surveillance.carried_run_cards",
                                            CARRIED_RUN_RANGE, default.carried_run_cards),
            compare_shoes=self.whole_or(table, "surveillance.compare_shoes",
                                        COMPARE_SHOES_RANGE, default.compare_shoes),
        )

    def number(self, data: Mapping[str, Any], key: str, bounds: tuple[Decimal, Decimal],
               default: Decimal) -> Decimal:
        """A decimal number within ``bounds`` given as a string or an integer, or ``default``
        when the key is absent."""
        name = key.rsplit(".", 1)[-1]
        if name not in data:
            return default
        value = data[name]
        number = _decimal(value)
        low, high = bounds
        if number is not None and low <= number <= high:
            return number
        raise self.expected(key, f'a number as a string like "1.0" or an integer, {_text(low)} to '
                        f"{_text(high)}", value)

    def commission(self, data: Mapping[str, Any]) -> Decimal:
        expected = ('the commission on banker wins: "none" or a percentage like "5%" '
                    f"(0% to {MAX_COMMISSION_PERCENT}%, at most 2 decimals)")
        value = self.get(data, "commission", str, expected)
        if value.strip() == "none":
            return Decimal(0)
        match = _PERCENT.fullmatch(value)
        if not match or Decimal(match[1]) > MAX_COMMISSION_PERCENT:
            raise self.expected("commission", expected, value)
        return Decimal(match[1]) / 100

    def limits(self, data: Mapping[str, Any], key: str,
               defaults: tuple[Decimal, Decimal] | None, minor_unit: Decimal
               ) -> tuple[Decimal, Decimal]:
        low, high = (
            self.amount(data, f"{key}.{limit}") if limit in data or defaults is None
            else defaults[index]
            for index, limit in enumerate(_LIMIT_KEYS)
        )
        for limit, amount in zip(_LIMIT_KEYS, (low, high), strict=True):
            if amount % minor_unit:  # no stake could be exactly this limit
                raise self.expected(f"{key}.{limit}", f"a whole number of the minor unit "
                                f"{_text(minor_unit)}", str(amount))
        if high < low:
            raise self.expected(f"{key}.max", f"an amount of at least the minimum {low}", str(high))
        return low, high

    def bet(self, bets: Mapping[str, Any], name: str, table_limits: tuple[Decimal, Decimal],
            minor_unit: Decimal, decks: int) -> BetTerms:
        key = f"bets.{name}"
        rule = BET_RULES[name]
        terms = self.table(bets, key, (*rule.pay_keys, *_BET_EXTRA_KEYS))
        pays = {}
        pushes = set()
        for pay_key in rule.pay_keys:
            optional = pay_key in rule.optional_pays
            if pay_key not in terms and optional:
                continue
            text = self.get(terms, f"{key}.{pay_key}", str, 'a pay ratio "x:y" like "11:1"'
                            + (' or "push"' if optional else ""))
            if optional and text.strip() == PUSH:
                pushes.add(pay_key)
                continue
            try:
                pays[pay_key] = Ratio.parse(text)
            except ValueError:
                raise self.expected(f"{key}.{pay_key}", _PAY_EXPECTED + (
                    ', or "push" to return the stake' if optional else ""), text) from None
        low, high = self.limits(terms, key, table_limits, minor_unit)
        # Four cards a round at the least: a later cut-off could never be reached.
        most_rounds = decks * 52 // 4
        last_round = self.whole(terms, f"{key}.last_round", 1, most_rounds) if (
            "last_round" in terms
        ) else None
        return BetTerms(name, pays, frozenset(pushes), low, high, last_round)
