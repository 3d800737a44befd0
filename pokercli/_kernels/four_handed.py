"""Four-handed push/fold on sampled deals.

:func:`sample_deals` deals four hands and some boards for each of a run of
deal numbers (splitmix64 of the seed and the deal number, so a deal does not
depend on how the run is split between threads) and keeps each seat's
starting-hand class and what each multiway ending pays it, averaged over the
boards. :func:`action_values` walks the jam-or-fold game's tree for each
deal and sums what each decision's two actions are worth to the player who
takes it, given everybody's strategy.
"""

import numpy as np

from pokercli._kernels.evaluator import KEY_INIT, hand_value
from pokercli._kernels.jit import jit
from pokercli._kernels.triples import below, deal_board, mix

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0x94D049BB133111EB)


@jit
def sample_deals(seed, first, boards, class_of_cards, keys, offsets, rank_tab, flush_tab, paid_by_order,
                 cls_out, u_out):
    """Deals ``first .. first + len(cls_out)``: eight different cards (two for
    each of four seats) drawn by rejection, ``cls_out[n, s]`` seat ``s``'s
    class (``class_of_cards[c1, c2]``); then ``boards`` boards of five of the
    other cards, and what each multiway ending ``j`` pays each seat averaged
    over those boards: ``u_out[n, j, s]``, the mean of ``paid_by_order[o, j,
    s]`` for the order ``o`` of the four hands each board gives: the sum over
    the pairs of seats ``a < b`` (in the order 01, 02, 03, 12, 13, 23) of 0
    (``a``'s hand is better), 1 (they tie) or 2 (``b``'s is), times 3 to the
    power of the pair's position."""
    state_seed = np.uint64(seed) * _GOLDEN
    cards = np.empty(8, np.int64)
    vals = np.empty(4, np.int64)
    paid = np.empty((u_out.shape[1], 4))
    for row in range(cls_out.shape[0]):
        x = mix(state_seed ^ (np.uint64(first + row + 1) * _M2))
        hole = np.int64(0)
        n = 0
        while n < 8:
            x += _GOLDEN
            card = below(mix(x), 52)
            bit = np.int64(1) << card
            if (hole & bit) == 0:
                hole |= bit
                cards[n] = card
                n += 1
        for s in range(4):
            cls_out[row, s] = class_of_cards[cards[2 * s], cards[2 * s + 1]]
        paid[:, :] = 0.0
        for _ in range(boards):
            x, board, bkey = deal_board(x, hole, keys)
            for s in range(4):
                c1 = cards[2 * s]
                c2 = cards[2 * s + 1]
                mask = (np.int64(1) << c1) | (np.int64(1) << c2)
                vals[s] = hand_value(KEY_INIT + bkey + keys[c1] + keys[c2], board | mask, offsets, rank_tab,
                                     flush_tab)
            order = np.int64(0)
            power = np.int64(1)
            for a in range(3):
                for b in range(a + 1, 4):
                    order += power * (np.int64(vals[b] >= vals[a]) + np.int64(vals[b] > vals[a]))
                    power *= 3
            for j in range(paid.shape[0]):
                for s in range(4):
                    paid[j, s] += paid_by_order[order, j, s]
        for j in range(paid.shape[0]):
            for s in range(4):
                u_out[row, j, s] = paid[j, s] / boards


#: Deals :func:`action_values` walks together, each step of the walk a loop over
#: them that the compiler vectorizes (1.3 to 1.5 times as fast as a deal at a time).
BLOCK = 128


@jit
def action_values(cls, multi, prob, dec_player, child_p, child_f, leaf_m, leaf_pair, pay,
                  pair_j, pair_k, win, tie, out, ev):
    """Walks the game tree for every deal ``n`` (``cls[n, seat]`` each seat's
    class). Decision ``d`` (numbered so that a decision comes after its
    parent; 0 the first) is ``dec_player[d]``'s, pushing (or calling) leads
    to node ``child_p[d]`` and folding to ``child_f[d]``: a decision below
    ``len(prob)``, else ending ``node - len(prob)``. Ending ``t`` has
    ``leaf_m[t]`` players in the hand and pays seat ``s`` ``pay[t, k, s]``:
    for one player ``k = 0``; for two, the players of pair ``leaf_pair[t]``
    (seats ``pair_j``, ``pair_k``), ``k`` 0 a tie, 1 the first wins, 2 the
    second, weighed by their classes' exact chances ``win`` / ``tie``; three
    or four players' ending pays ``multi[n, leaf_pair[t], s]``
    (:func:`sample_deals`).

    Adds to ``out[d, a, c]`` what action ``a`` at decision ``d`` is worth to
    its player holding class ``c``: how often the others' actions reach
    ``d`` (``prob[e, c]``: how often class ``c`` pushes or calls at ``e``)
    times what the player gets after ``a`` as everybody later plays; and to
    ``ev[s]`` what seat ``s`` gets from the start.

    The deals are walked ``BLOCK`` at a time, each node's figures a row over
    the block's deals; every deal's arithmetic is that of
    :func:`pokercli._kernels.scalar.four_down` and the walk back up (which the
    GPU kernel runs a deal at a time), and every sum takes the deals in
    order, so the sums are the same to the last bit."""
    n_dec = prob.shape[0]
    n_leaf = leaf_m.shape[0]
    total = cls.shape[0]
    c = np.empty((4, BLOCK), np.int64)
    p = np.empty((n_dec, BLOCK))
    q = np.empty((n_dec, BLOCK))
    reach = np.empty((n_dec, BLOCK))
    val = np.empty((n_dec + n_leaf, 4, BLOCK))
    w6 = np.empty((6, BLOCK))
    t6 = np.empty((6, BLOCK))
    for lo in range(0, total, BLOCK):
        b = min(BLOCK, total - lo)
        for s in range(4):
            for i in range(b):
                c[s, i] = np.int64(cls[lo + i, s])
        for d in range(n_dec):
            row = prob[d]
            cs = c[dec_player[d]]
            for i in range(b):
                x = row[cs[i]]
                p[d, i] = x
                q[d, i] = 1.0 - x
        for x in range(6):
            ca = c[pair_j[x]]
            cb = c[pair_k[x]]
            for i in range(b):
                w6[x, i] = win[ca[i], cb[i]]
                t6[x, i] = tie[ca[i], cb[i]]
        for t in range(n_leaf):
            r = n_dec + t
            m = leaf_m[t]
            if m == 2:
                x = leaf_pair[t]
                for s in range(4):
                    a0 = pay[t, 0, s]
                    a1 = pay[t, 1, s]
                    a2 = pay[t, 2, s]
                    for i in range(b):
                        w = w6[x, i]
                        ti = t6[x, i]
                        val[r, s, i] = ti * a0 + w * a1 + (1.0 - w - ti) * a2
            elif m == 1:
                for s in range(4):
                    a0 = pay[t, 0, s]
                    for i in range(b):
                        val[r, s, i] = a0
            else:
                j = leaf_pair[t]
                for s in range(4):
                    for i in range(b):
                        val[r, s, i] = multi[lo + i, j, s]
        for i in range(b):
            reach[0, i] = 1.0
        for d in range(n_dec):
            cp = child_p[d]
            cf = child_f[d]
            if cp < n_dec:
                for i in range(b):
                    reach[cp, i] = reach[d, i] * p[d, i]
            if cf < n_dec:
                for i in range(b):
                    reach[cf, i] = reach[d, i] * q[d, i]
        for d in range(n_dec - 1, -1, -1):  # up: each decision's worth to every seat
            cp = child_p[d]
            cf = child_f[d]
            pl = dec_player[d]
            cs = c[pl]
            for i in range(b):
                out[d, 0, cs[i]] += reach[d, i] * val[cp, pl, i]
                out[d, 1, cs[i]] += reach[d, i] * val[cf, pl, i]
            for s in range(4):
                for i in range(b):
                    val[d, s, i] = p[d, i] * val[cp, s, i] + q[d, i] * val[cf, s, i]
        for i in range(b):
            for s in range(4):
                ev[s] += val[0, s, i]
