"""Private kernel: every pair of two hold'em-style hands (a combo of one player
against a combo of the other) over every runout of a flop, turn or river, at
once. The range analysis (``hits --vs``, ``equity --distribution``,
``--next-card``) needs each combo's own counts; one runout's hands are
evaluated once each and compared pair by pair.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.evaluator import hand_value
from pokercli._kernels.jit import jit


@jit
def pair_counts(first, second, clash, board_key, board_mask, deck, to_come, card_keys, offsets,
                rank_tab, flush_tab, out):
    """``out[a, b]`` += (boards ``first[a]`` wins, boards tied, boards) against
    ``second[b]``, over every runout of ``to_come`` (0, 1 or 2) cards from
    ``deck`` that neither hand holds.

    ``first``: int64[n, 2], ``second``: int64[m, 2] card ids; ``clash``:
    bool[n, m], pairs sharing a card (skipped); ``board_key``/``board_mask``:
    the board's key sum (with ``KEY_INIT``) and card mask; ``deck``: int64[k],
    the cards a runout comes from; tables: strength tables (higher wins);
    ``out``: int64[n, m, 3].
    """
    n = first.shape[0]
    m = second.shape[0]
    one = np.int64(1)
    first_key = np.empty(n, np.int64)
    first_mask = np.empty(n, np.int64)
    second_key = np.empty(m, np.int64)
    second_mask = np.empty(m, np.int64)
    for a in range(n):
        first_key[a] = card_keys[first[a, 0]] + card_keys[first[a, 1]]
        first_mask[a] = (one << first[a, 0]) | (one << first[a, 1])
    for b in range(m):
        second_key[b] = card_keys[second[b, 0]] + card_keys[second[b, 1]]
        second_mask[b] = (one << second[b, 0]) | (one << second[b, 1])
    first_value = np.empty(n, np.int64)
    second_value = np.empty(m, np.int64)
    k = deck.shape[0]
    runouts_i = 1 if to_come == 0 else k
    for i in range(runouts_i):
        runouts_j = 1 if to_come < 2 else k
        for j in range(i + 1 if to_come == 2 else 0, runouts_j):
            key = board_key
            mask = board_mask
            if to_come >= 1:
                key += card_keys[deck[i]]
                mask |= one << deck[i]
            if to_come == 2:
                key += card_keys[deck[j]]
                mask |= one << deck[j]
            for a in range(n):
                if first_mask[a] & mask:
                    first_value[a] = -1
                else:
                    first_value[a] = hand_value(key + first_key[a], mask | first_mask[a], offsets,
                                                rank_tab, flush_tab)
            for b in range(m):
                if second_mask[b] & mask:
                    second_value[b] = -1
                else:
                    second_value[b] = hand_value(key + second_key[b], mask | second_mask[b], offsets,
                                                 rank_tab, flush_tab)
            for a in range(n):
                va = first_value[a]
                if va < 0:
                    continue
                for b in range(m):
                    vb = second_value[b]
                    if vb < 0 or clash[a, b]:
                        continue
                    out[a, b, 2] += 1
                    if va > vb:
                        out[a, b, 0] += 1
                    elif va == vb:
                        out[a, b, 1] += 1
