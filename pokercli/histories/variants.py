"""PHH's variant codes, and its amounts read exactly."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from pokercli.errors import PokerError

#: PHH variant codes -> (pokercli game, betting).
VARIANTS = {
    "FT": ("holdem", "fixed-limit"),
    "NT": ("holdem", "no-limit"),
    "NS": ("shortdeck-straight", "no-limit"),  # pokerkit's short deck: a straight beats trips
    "PO": ("omaha", "pot-limit"),
    "FO/8": ("omaha-hilo", "fixed-limit"),
    "F7S": ("stud", "fixed-limit"),
    "F7S/8": ("stud-hilo", "fixed-limit"),
    "FR": ("razz", "fixed-limit"),
    "N2L1D": ("27-single", "no-limit"),
    "F2L3D": ("27-triple", "fixed-limit"),
    "FB": ("badugi", "fixed-limit"),
    # pokercli's own codes, for games PHH has no code for (PokerStars deals them)
    "PT": ("holdem", "pot-limit"),
    "NO": ("omaha", "no-limit"),
    "FO": ("omaha", "fixed-limit"),
    "PO/8": ("omaha-hilo", "pot-limit"),
    "PO5": ("omaha5", "pot-limit"),
    "PO5/8": ("omaha5-hilo", "pot-limit"),
}
#: The codes of the PHH spec (the rest are pokercli's).
PHH_CODES = ("FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
#: Variants whose all-in equity pokercli computes (a board still to come).
BOARD_VARIANTS = {"FT", "NT", "NS", "PO", "FO/8", "PT", "NO", "FO", "PO/8", "PO5", "PO5/8"}


def phh_number(x: Fraction) -> str:
    """An amount as PHH writes it: an integer when whole, else the shortest float."""
    return str(x.numerator) if x.denominator == 1 else repr(float(x))


def number(value, field: str) -> Fraction:
    """A PHH amount (TOML integer or float; ``inf`` for an unknown stack) as an exact fraction."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PokerError(f"{field}: {value!r} is not a number")
    if isinstance(value, float):
        if value != value or value == float("inf") or value == float("-inf"):
            raise PokerError(f"{field}: {value!r} is not a finite amount")
        return Fraction(repr(value))
    return Fraction(value)


def amounts(doc: dict, field: str, count: Optional[int] = None) -> list[Fraction]:
    values = doc.get(field)
    if not isinstance(values, list):
        raise PokerError(f"{field}: expected an array of amounts")
    if count is not None and len(values) != count:
        raise PokerError(f"{field}: {len(values)} amounts for {count} players")
    out = [number(v, field) for v in values]
    if any(v.numerator < 0 for v in out):
        raise PokerError(f"{field}: amounts are not negative")
    return out
