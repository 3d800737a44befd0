"""The order of the 169 starting-hand classes that top-X% ranges (``15%``,
``5%-15%``) follow: by equity against 1 to 9 random opponents.

Both come as data, in ``pokercli/data/preflop_order.json``. Against one
random hand the order is exact: the classes by their equity derived from the
shipped table of heads-up deals (:func:`pokercli.hand_strength.class_order`,
which a test compares with the shipped order). Against 2 to 9 random hands an
exact figure is out of reach (every hand of every opponent on every board),
so the file holds Monte Carlo estimates made by pokercli's own engine:
:data:`SAMPLES` samples per class and count of opponents, seeded, a standard
error of at most 0.00036 each. ``scripts/gen_preflop_order.py`` makes the
file (its estimates, their seeds) and checks entries of it. Nothing here
computes: the module reads data, so the range language that uses it imports
no engine.

Classes with equal figures keep grid order (AA, AKs, AQs, …), so the order is
fixed.
"""

from __future__ import annotations

import json
from functools import lru_cache

from pokercli.errors import PokerError

DATA_NAME = "preflop_order.json"
#: Monte Carlo samples behind each shipped figure.
SAMPLES = 2_000_000
#: The counts of random opponents an order exists for.
OPPONENTS = range(1, 10)


@lru_cache(maxsize=1)
def _document() -> dict:
    from importlib import resources

    return json.loads(resources.files("pokercli").joinpath("data", DATA_NAME).read_text())


def shipped() -> dict[str, dict[str, float]]:
    """The shipped estimates: opponents (as text, "2".."9") -> class -> equity."""
    return _document()["equity"]


@lru_cache(maxsize=None)
def order(opponents: int = 1) -> tuple[str, ...]:
    """The 169 classes, best first, by equity against ``opponents`` random hands
    (equal figures in grid order: the order the file lists them in)."""
    if not isinstance(opponents, int) or isinstance(opponents, bool) or opponents not in OPPONENTS:
        raise PokerError(f"order must be a count of random opponents from 1 to 9, not {opponents!r}",
                         "order")
    if opponents == 1:
        return tuple(_document()["order"]["1"])
    table = shipped()[str(opponents)]
    grid = {name: i for i, name in enumerate(table)}
    return tuple(sorted(grid, key=lambda n: (-table[n], grid[n])))
