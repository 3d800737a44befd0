"""Omaha kernels: the lookup tables' builders (what each table holds: :mod:`pokercli._kernels.omaha`)."""

from __future__ import annotations

import numpy as np

from pokercli._kernels.jit import jit

@jit
def build_pair_best(board_counts, card_keys, offsets, rank_strength, out):
    """``out[b, 13 * r1 + r2]`` for every board rank multiset ``b``
    (``board_counts``: int64[6175, 13], rank counts of five cards) and hole
    ranks ``r1 <= r2``: the best strength of the pair with three of the
    board's ranks, no flush. Pairs the board leaves no room for (a fifth card
    of a rank) stay 0. ``card_keys[r]`` (hearts) gives each rank's key."""
    for b in range(board_counts.shape[0]):
        ranks = np.empty(5, np.int64)
        n = 0
        for r in range(13):
            for _ in range(board_counts[b, r]):
                ranks[n] = r
                n += 1
        for r1 in range(13):
            for r2 in range(r1, 13):
                need1 = board_counts[b, r1] + 1 + (1 if r1 == r2 else 0)
                need2 = board_counts[b, r2] + 1 + (1 if r1 == r2 else 0)
                if need1 > 4 or need2 > 4:
                    continue
                pair = card_keys[r1] + card_keys[r2]
                best = 0
                for i in range(3):
                    for j in range(i + 1, 4):
                        for k in range(j + 1, 5):
                            key = (pair + card_keys[ranks[i]] + card_keys[ranks[j]]
                                   + card_keys[ranks[k]]) & 0xFFFFFFFF
                            best = max(best, np.int64(rank_strength[(key & 4095) + offsets[key >> 12]]))
                out[b, 13 * r1 + r2] = best


@jit
def build_flush_best(flush_strength, out):
    """``out[s, 13 * r1 + r2]`` for every 13-bit rank set ``s`` of three to five
    board cards of one suit and hole ranks ``r1 < r2`` of that suit not in
    ``s``: the best flush (or straight flush) of the pair and three of ``s``."""
    for s in range(8192):
        bits = np.empty(5, np.int64)
        n = 0
        for r in range(13):
            if (s >> r) & 1:
                if n < 5:
                    bits[n] = np.int64(1) << r
                n += 1
        if n < 3 or n > 5:
            continue
        for r1 in range(13):
            for r2 in range(r1 + 1, 13):
                pair = (np.int64(1) << r1) | (np.int64(1) << r2)
                if s & pair:
                    continue
                best = 0
                for i in range(n - 2):
                    for j in range(i + 1, n - 1):
                        for k in range(j + 1, n):
                            best = max(best, np.int64(flush_strength[pair | bits[i] | bits[j] | bits[k]]))
                out[s, 13 * r1 + r2] = best


#: Four-card subsets of the hole cards (by position) that together hold every pair.
COVERS = {4: ((0, 1, 2, 3),),
          5: ((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4)),
          6: ((0, 1, 2, 3), (0, 1, 4, 5), (2, 3, 4, 5))}
#: The five-card board rank multisets (each rank at most four times): the
#: stride of ``quad_best``'s rows.
BOARD_MULTISETS = BOARDS = 6175


def cover_of(h: int) -> np.ndarray:
    """int64[subsets, 4]: :data:`COVERS` of ``h`` hole cards."""
    return np.array(COVERS[h], np.int64)


@jit
def build_quad_best(quads, pair_rows, out):
    """``out[q]``: the elementwise largest of the pair table's rows
    ``pair_rows[13 * r1 + r2]`` (uint16[169, boards]: by pair, so that each row
    is read in order) over the six pairs ``r1 <= r2`` of the rank quad
    ``quads[q]`` (int64[1820, 4], sorted)."""
    for q in range(quads.shape[0]):
        best = out[q]
        for i in range(4):
            for j in range(i + 1, 4):
                row = pair_rows[13 * quads[q, i] + quads[q, j]]
                for b in range(row.shape[0]):
                    if row[b] > best[b]:
                        best[b] = row[b]
