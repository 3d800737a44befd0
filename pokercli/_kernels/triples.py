"""Three-way preflop showdowns by starting-hand class, sampled.

:func:`triple_outcomes` deals, for each triple of classes, ``samples`` random
deals of a combo of each class (no card shared) and a five-card board from the
other 46 cards, and counts how the three hands finished: one of the 13 weak
orders of three players (who won, who tied). The random numbers come from a
counter (splitmix64 of the seed, the triple and the draw), so a triple's
counts do not depend on how the triples are split between threads.
"""

import numpy as np

from pokercli._kernels.evaluator import KEY_INIT, hand_value
from pokercli._kernels.jit import jit, jit_inline

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@jit_inline
def mix(x):
    z = x
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@jit_inline
def below(x, n):
    """A number below ``n`` from the 64 random bits ``x`` (top 32 bits, scaled)."""
    return np.int64(((x >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@jit_inline
def deal_board(x, used, keys):
    """Five cards not in the mask ``used``, each from the next 64 random bits
    of the counter ``x`` (stepped by the golden ratio, drawn again when taken):
    (the counter after them, their mask, the sum of their ``keys``)."""
    board = np.int64(0)
    bkey = np.int64(0)
    n = 0
    while n < 5:
        x += _GOLDEN
        card = below(mix(x), 52)
        bit = np.int64(1) << card
        if ((used | board) & bit) == 0:
            board |= bit
            bkey += keys[card]
            n += 1
    return x, board, bkey


@jit
def triple_outcomes(tri, first, combo_cards, class_start, class_len, order_index, seed, samples,
                    keys, offsets, rank_tab, flush_tab, out):
    """``out[t - first, k]``: of ``samples`` deals of the classes ``tri[t]``, how
    many finished in weak order ``k`` (``order_index[9 d0 + 3 d1 + d2]``, ``d``
    the dense place of each seat, 0 the best), for ``t`` from ``first`` to
    ``first + len(out)``. Triples with no deal are left at 0 (the caller skips them)."""
    state_seed = np.uint64(seed) * _GOLDEN
    for row in range(out.shape[0]):
        t = first + row
        a, b, c = tri[t, 0], tri[t, 1], tri[t, 2]
        x = mix(state_seed ^ (np.uint64(t + 1) * _M2))
        done = 0
        tries = 0
        while done < samples and tries < 64 * samples:
            tries += 1
            x += _GOLDEN
            r = mix(x)
            ia = class_start[a] + below(r, class_len[a])
            x += _GOLDEN
            r = mix(x)
            ib = class_start[b] + below(r, class_len[b])
            x += _GOLDEN
            r = mix(x)
            ic = class_start[c] + below(r, class_len[c])
            ma = (np.int64(1) << combo_cards[ia, 0]) | (np.int64(1) << combo_cards[ia, 1])
            mb = (np.int64(1) << combo_cards[ib, 0]) | (np.int64(1) << combo_cards[ib, 1])
            mc = (np.int64(1) << combo_cards[ic, 0]) | (np.int64(1) << combo_cards[ic, 1])
            if (ma & mb) != 0 or (ma & mc) != 0 or (mb & mc) != 0:
                continue
            x, board, bkey = deal_board(x, ma | mb | mc, keys)  # five board cards from the 46 left
            ka = KEY_INIT + bkey + keys[combo_cards[ia, 0]] + keys[combo_cards[ia, 1]]
            kb = KEY_INIT + bkey + keys[combo_cards[ib, 0]] + keys[combo_cards[ib, 1]]
            kc = KEY_INIT + bkey + keys[combo_cards[ic, 0]] + keys[combo_cards[ic, 1]]
            va = np.int64(hand_value(ka, board | ma, offsets, rank_tab, flush_tab))
            vb = np.int64(hand_value(kb, board | mb, offsets, rank_tab, flush_tab))
            vc = np.int64(hand_value(kc, board | mc, offsets, rank_tab, flush_tab))
            da = _place(va, vb, vc)
            db = _place(vb, va, vc)
            dc = _place(vc, va, vb)
            out[row, order_index[9 * da + 3 * db + dc]] += 1
            done += 1


@jit_inline
def _place(v, o1, o2):
    """The dense place of value ``v`` among ``v, o1, o2``: how many distinct
    values are above it (0 best; tied hands share a place)."""
    above1 = np.int64(o1 > v)
    above2 = np.int64(o2 > v)
    return above1 + above2 - above1 * above2 * np.int64(o1 == o2)


@jit
def triple_deals(reps, rep_class, combo_cards, combo_class, out):
    """``out[a, b, c]``: for each class ``a`` with representative combo
    ``reps[k]`` (``rep_class[k] == a``), the deals of a combo of class ``b``
    and a combo of class ``c`` sharing no card with it or each other. (Every
    combo of a class is a suit permutation of its representative, so the
    caller scales row ``a`` by the class's combo count.)"""
    n = combo_cards.shape[0]
    masks = np.empty(n, np.int64)
    for i in range(n):
        masks[i] = (np.int64(1) << combo_cards[i, 0]) | (np.int64(1) << combo_cards[i, 1])
    for k in range(reps.shape[0]):
        x = masks[reps[k]]
        a = rep_class[k]
        for i in range(n):
            if (masks[i] & x) != 0:
                continue
            mi = masks[i] | x
            bi = combo_class[i]
            for j in range(n):
                if (masks[j] & mi) == 0:
                    out[a, bi, combo_class[j]] += 1
