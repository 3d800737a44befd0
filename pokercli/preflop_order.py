"""The order of the 169 starting-hand classes that top-X% ranges (``15%``,
``5%-15%``) follow: by equity against 1 to 9 random opponents.

Against one random hand the order is exact: each class's equity derived from
the shipped table of heads-up deals (:func:`pokercli.hand_strength.class_order`).
Against 2 to 9 random hands an exact figure is out of reach (every hand of
every opponent on every board), so the shipped file
``pokercli/data/preflop_order.json`` holds Monte Carlo estimates made by
pokercli's own engine: :data:`SAMPLES` samples per class and count of
opponents, seeded (:func:`seed_of`), a standard error of at most 0.00036
each. ``scripts/gen_preflop_order.py`` makes the file and checks entries of it.

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


def seed_of(name: str, opponents: int) -> int:
    """The seed of one shipped estimate: fixed by the class and the count of opponents."""
    from pokercli.ranges import starting_classes

    return 1000 * opponents + starting_classes().index(name)


def estimate(name: str, opponents: int, samples: int = SAMPLES, seed=None) -> float:
    """One class's Monte Carlo equity against ``opponents`` random hands: its
    representative hand (As Ah, As Ks, As Kh, ...) and ``opponents`` hands
    dealt at random, every sample a fresh deal and board."""
    from pokercli import equity
    from pokercli.cards import format_cards
    from pokercli.ranges import class_representative

    hand = format_cards(class_representative(name))
    seed = seed_of(name, opponents) if seed is None else seed
    result = equity([hand] + ["random"] * opponents, method="monte-carlo", samples=samples, seed=seed)
    return result.players[0].equity


@lru_cache(maxsize=1)
def shipped() -> dict[str, dict[str, float]]:
    """The shipped estimates: opponents (as text, "2".."9") -> class -> equity."""
    from importlib import resources

    doc = json.loads(resources.files("pokercli").joinpath("data", DATA_NAME).read_text())
    return doc["equity"]


@lru_cache(maxsize=None)
def order(opponents: int = 1) -> tuple[str, ...]:
    """The 169 classes, best first, by equity against ``opponents`` random hands."""
    from pokercli.ranges import starting_classes

    if not isinstance(opponents, int) or isinstance(opponents, bool) or opponents not in OPPONENTS:
        raise PokerError(f"order must be a count of random opponents from 1 to 9, not {opponents!r}",
                         "order")
    if opponents == 1:
        from pokercli.hand_strength import class_order

        return tuple(class_order())
    table = shipped()[str(opponents)]
    grid = starting_classes()
    return tuple(sorted(grid, key=lambda n: (-table[n], grid.index(n))))
