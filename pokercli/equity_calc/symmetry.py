"""Suit symmetry: deals and boards that a renaming of suits maps onto each other.

Two deals that are the same up to a renaming of suits that keeps the board
and the dead cards in place have the same counts; each class is computed once
and weighted by its total weight (:func:`canonical_deals`). Within a preflop
deal, boards are counted by rank multiset (:mod:`pokercli._kernels.rankboards`),
which leaves no suit symmetry to exploit.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

import numpy as np

from pokercli.equity_calc.spot import Spot


@lru_cache(maxsize=1)
def _suit_perms() -> np.ndarray:
    """The 24 suit renamings as card-id maps (24, 52)."""
    out = []
    for perm in permutations(range(4)):
        out.append([13 * perm[c // 13] + c % 13 for c in range(52)])
    return np.array(out, np.int64)


def stabilizer(spot: Spot) -> np.ndarray:
    """Suit renamings that map the board to itself and the dead cards to themselves."""
    return _stabilizer(tuple(sorted(spot.board)), tuple(sorted(spot.dead)))


@lru_cache(maxsize=256)
def _stabilizer(board: tuple, dead: tuple) -> np.ndarray:
    keep = []
    b, d = set(board), set(dead)
    for perm in _suit_perms():
        if {int(perm[c]) for c in b} == b and {int(perm[c]) for c in d} == d:
            keep.append(perm)
    return np.array(keep, np.int64)


def canonical_deals(spot: Spot, deals) -> list[tuple[tuple[tuple[int, int], ...], float, int]]:
    """Group deals equal up to a suit renaming: (representative, total weight, members)."""
    perms = stabilizer(spot)
    if len(perms) <= 1 or len(deals) == 1:
        return [(d, w, 1) for d, w in deals]
    groups: dict[tuple, list] = {}
    for deal, w in deals:
        flat = np.array(deal, np.int64).ravel()
        mapped = perms[:, flat].reshape(len(perms), -1, 2)
        mapped.sort(axis=2)
        keys = [tuple(map(tuple, m.tolist())) for m in mapped]
        key = min(keys)
        g = groups.get(key)
        if g is None:
            groups[key] = [deal, w, 1]
        else:
            g[1] += w
            g[2] += 1
    return [tuple(v) for v in groups.values()]
