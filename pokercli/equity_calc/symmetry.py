"""Suit symmetry: deals and boards that a renaming of suits maps onto each other.

Two deals that are the same up to a renaming of suits that keeps the board
and the dead cards in place have the same counts; each class is computed once
and weighted by its total weight (:func:`canonical_deals`; hold'em and the
Omaha games). Within a preflop deal, boards are counted by rank multiset
(:mod:`pokercli._kernels.rankboards`, :mod:`pokercli._kernels.omaha.rankboards`),
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


#: Two-card deals mapped by every renaming at once, per block (bounds the temporary
#: arrays; deals of more cards a player take proportionally fewer).
_BLOCK = 1 << 15


def canonical_deals(spot: Spot, deals) -> list[tuple[tuple[tuple[int, ...], ...], float, int]]:
    """Group deals equal up to a suit renaming: (representative, total weight,
    members), groups in the order of their first deal, which represents them;
    each weight summed in deal order. A deal gives each player a hand of the
    same number of cards (two in hold'em, four to six in Omaha).

    NumPy maps every deal by every renaming of the stabilizer at once: each
    player's cards become one code (sorted, in base 52: ``52 * low + high``
    for two), and a deal's canonical form is the least of its images, player
    by player. Grouping deal by deal in Python took 65 µs a deal, more than
    half of the time of ``pokercli table --compute``."""
    perms = stabilizer(spot)
    if len(perms) <= 1 or len(deals) == 1:
        return [(d, w, 1) for d, w in deals]
    cards = np.array([d for d, _ in deals], np.int64)  # (deals, players, cards)
    players, held = cards.shape[1], cards.shape[2]
    one_key = held == 2 and players <= 5  # the codes in one integer (12 bits a player)
    canon = np.empty(len(cards) if one_key else cards.shape[:2], np.int64)
    place = 52 ** np.arange(held - 1, -1, -1)
    block = _BLOCK * 2 // held
    for start in range(0, len(cards), block):
        mapped = perms[:, cards[start:start + block]]  # (renamings, deals, players, cards)
        if held == 2:
            codes = 52 * mapped.min(axis=3) + mapped.max(axis=3)
        else:
            codes = np.sort(mapped, axis=3) @ place
        if one_key:
            canon[start:start + block] = (codes @ (2704 ** np.arange(players - 1, -1, -1))).min(axis=0)
            continue
        alive = np.ones(codes.shape[:2], bool)  # renamings still giving the least image
        for p in range(players):
            least = np.where(alive, codes[:, :, p], 52 ** held).min(axis=0)
            alive &= codes[:, :, p] == least
        canon[start:start + block] = codes[alive.argmax(axis=0), np.arange(codes.shape[1])]
    _, first, inverse = np.unique(canon, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    weights = np.bincount(inverse, weights=np.array([w for _, w in deals], np.float64))
    members = np.bincount(inverse)
    return [(deals[first[g]][0], float(weights[g]), int(members[g])) for g in np.argsort(first)]
