"""Suit symmetry: deals and boards that a renaming of suits maps onto each other.

* Deals: two deals that are the same up to a renaming of suits that keeps the
  board and the dead cards in place have the same counts; each class is
  computed once and weighted by its total weight (:func:`canonical_deals`).
* Boards: when swapping two suits leaves every hand, the board and the dead
  cards as they are (As Ah vs Ks Kh: spades/hearts and diamonds/clubs), the
  preflop kernels enumerate one board per class of boards such swaps map onto
  each other, weighted by the class size (:func:`board_symmetry`).
"""

from __future__ import annotations

import math
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
    keep = []
    b, d = set(spot.board), set(spot.dead)
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


def interchangeable_suits(spot: Spot, deal) -> list[int]:
    """prev[g]: the previous suit group interchangeable with group g, or -1.

    Two suits are interchangeable when swapping them leaves every hand, the
    board and the dead cards as they are.
    """
    sets = [set(combo) for combo in deal] + [set(spot.board), set(spot.dead)]

    def swap(c: int, a: int, b: int) -> int:
        g = c // 13
        return c + 13 * ((b - g) if g == a else (a - g) if g == b else 0)

    prev = [-1] * 4
    for g in range(1, 4):
        for h in range(g - 1, -1, -1):
            if all({swap(c, h, g) for c in cs} == cs for cs in sets):
                prev[g] = h
                break
    return prev


@lru_cache(maxsize=64)
def board_symmetry(prev: tuple[int, ...]):
    """Kernel arguments that enumerate 5-card boards once per class of boards
    that a renaming of interchangeable suits maps onto each other.

    ``prev`` chains each suit to the previous suit interchangeable with it
    (:func:`interchangeable_suits`). A board is canonical when the rank sets
    along each chain do not increase; it stands for ``k! / prod(run!)`` boards
    per chain of ``k`` suits whose rank sets form runs of equal sets.
    Returns (sym_hi, sym_lo, eq_a, eq_b, orbit), read by
    ``pokercli._kernels.showdown._skip`` and ``_weight``.
    """
    none = 52  # shift to an always-empty field
    sym_hi = np.full(52, none, np.int64)
    sym_lo = np.full(52, none, np.int64)
    links = [(g, prev[g]) for g in range(4) if prev[g] >= 0]
    for g, h in links:
        sym_hi[13 * g:13 * g + 13] = 13 * g
        sym_lo[13 * g:13 * g + 13] = 13 * h
    eq_a = np.full(3, none, np.int64)
    eq_b = np.full(3, none, np.int64)
    for j, (g, h) in enumerate(links):
        eq_a[j], eq_b[j] = 13 * g, 13 * h
    orbit = np.ones(8, np.int64)
    for flags in range(8):
        equal = {g: bool(flags >> j & 1) for j, (g, _) in enumerate(links)}
        size = 1
        for root in (g for g in range(4) if prev[g] < 0):
            chain = [root]
            while True:
                nxt = [g for g in range(4) if prev[g] == chain[-1]]
                if not nxt:
                    break
                chain.append(nxt[0])
            runs, run = [], 1
            for g in chain[1:]:
                if equal[g]:
                    run += 1
                else:
                    runs.append(run)
                    run = 1
            runs.append(run)
            size *= math.factorial(len(chain)) // math.prod(math.factorial(r) for r in runs)
        orbit[flags] = size
    return sym_hi, sym_lo, eq_a, eq_b, orbit
