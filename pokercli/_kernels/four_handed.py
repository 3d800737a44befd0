"""Four-handed push/fold on sampled deals.

:func:`sample_deals` deals four hands and some boards for each of a run of
deal numbers (splitmix64 of the seed and the deal number, so a deal does not
depend on how the run is split between threads) and keeps each seat's
starting-hand class and what each multiway ending pays it, averaged over the
boards. :func:`action_values` walks every
ending of the jam-or-fold game for each deal and sums what each decision's two
actions are worth to the player who takes it, given everybody's strategy.
"""

import numpy as np

from pokercli._kernels.evaluator import KEY_INIT, hand_value
from pokercli._kernels.jit import jit
from pokercli._kernels.triples import below, deal_board, mix

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0x94D049BB133111EB)


@jit
def sample_deals(seed, first, boards, class_of_cards, keys, offsets, rank_tab, flush_tab, multi_m,
                 multi_players, order_index, multi_pay, cls_out, u_out):
    """Deals ``first .. first + len(cls_out)``: eight different cards (two for
    each of four seats) drawn by rejection, ``cls_out[n, s]`` seat ``s``'s
    class (``class_of_cards[c1, c2]``); then ``boards`` boards of five of the
    other cards, and for each multiway ending ``j`` (``multi_m[j]`` players
    in the hand, ``multi_players[j, :m]``) what it pays each seat averaged over
    those boards: ``u_out[n, j, s]``, the mean of ``multi_pay[j, k, s]`` for
    the weak order ``k`` each board gives (``order_index[m, code]``, ``code``
    the sum of each player's dense place, 0 the best and tied values sharing
    one, times 4 to the power of its position in ``multi_players[j]``)."""
    state_seed = np.uint64(seed) * _GOLDEN
    cards = np.empty(8, np.int64)
    vals = np.empty(4, np.int64)
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
        for j in range(u_out.shape[1]):
            for s in range(4):
                u_out[row, j, s] = 0.0
        for _ in range(boards):
            x, board, bkey = deal_board(x, hole, keys)
            for s in range(4):
                c1 = cards[2 * s]
                c2 = cards[2 * s + 1]
                mask = (np.int64(1) << c1) | (np.int64(1) << c2)
                vals[s] = hand_value(KEY_INIT + bkey + keys[c1] + keys[c2], board | mask, offsets, rank_tab,
                                     flush_tab)
            for j in range(multi_m.shape[0]):
                m = multi_m[j]
                code = np.int64(0)
                power = np.int64(1)
                for a in range(m):
                    v = vals[multi_players[j, a]]
                    place = np.int64(0)
                    for b in range(m):  # distinct values above v
                        vb = vals[multi_players[j, b]]
                        if vb > v:
                            seen = False
                            for c in range(b):
                                if vals[multi_players[j, c]] == vb:
                                    seen = True
                            if not seen:
                                place += 1
                    code += place * power
                    power *= 4
                k = order_index[m, code]
                for s in range(4):
                    u_out[row, j, s] += multi_pay[j, k, s]
        for j in range(u_out.shape[1]):
            for s in range(4):
                u_out[row, j, s] /= boards


@jit
def action_values(cls, multi, prob, dec_player, term_act, term_dec, term_m, term_pair, pay,
                  pair_j, pair_k, win, tie, out, ev):
    """For every deal ``n`` (``cls[n, seat]`` each seat's class) and every
    ending ``t``: ``term_act[t, s]`` is seat ``s``'s action (0 push or call, 1
    fold, 2 none), ``term_dec[t, s]`` the decision it was taken at (any
    index where it takes none). ``pay[t, k, s]`` is what the ending pays
    seat ``s``: for one player in the hand ``k = 0``; for two, the players of pair
    ``term_pair[t]`` (seats ``pair_j``, ``pair_k``), ``k`` 0 a tie, 1 the first
    wins, 2 the second, weighed by their classes' exact chances ``win`` /
    ``tie``. Three or four players' ending ``t`` pays ``multi[n, term_pair[t], s]``
    (:func:`sample_deals`).

    Adds to ``out[d, a, c]`` what action ``a`` at decision ``d`` is worth to
    its player (``dec_player[d]``) holding class ``c``, weighted by how often
    the other seats act as the ending needs (``prob[d, c]``: how often class
    ``c`` pushes or calls at ``d``), and to ``ev[s]`` seat ``s``'s payoff
    weighted by how often everybody acts so."""
    n_dec = prob.shape[0]
    p = np.empty(n_dec)
    w6 = np.empty(6)
    t6 = np.empty(6)
    q = np.empty(4)
    u = np.empty(4)
    for n in range(cls.shape[0]):
        c0 = cls[n, 0]
        c1 = cls[n, 1]
        c2 = cls[n, 2]
        c3 = cls[n, 3]
        for d in range(n_dec):
            p[d] = prob[d, cls[n, dec_player[d]]]
        for x in range(6):
            a = cls[n, pair_j[x]]
            b = cls[n, pair_k[x]]
            w6[x] = win[a, b]
            t6[x] = tie[a, b]
        for t in range(term_act.shape[0]):
            for s in range(4):
                a = term_act[t, s]
                if a == 0:
                    q[s] = p[term_dec[t, s]]
                elif a == 1:
                    q[s] = 1.0 - p[term_dec[t, s]]
                else:
                    q[s] = 1.0
            if term_m[t] == 2:
                x = term_pair[t]
                w = w6[x]
                ti = t6[x]
                lo = 1.0 - w - ti
                for s in range(4):
                    u[s] = ti * pay[t, 0, s] + w * pay[t, 1, s] + lo * pay[t, 2, s]
            elif term_m[t] == 1:
                for s in range(4):
                    u[s] = pay[t, 0, s]
            else:
                j = term_pair[t]
                for s in range(4):
                    u[s] = multi[n, j, s]
            q01 = q[0] * q[1]
            q23 = q[2] * q[3]
            everyone = q01 * q23
            for s in range(4):
                ev[s] += everyone * u[s]
            out[term_dec[t, 0], term_act[t, 0], c0] += q[1] * q23 * u[0]
            out[term_dec[t, 1], term_act[t, 1], c1] += q[0] * q23 * u[1]
            out[term_dec[t, 2], term_act[t, 2], c2] += q01 * q[3] * u[2]
            if term_act[t, 3] != 2:
                out[term_dec[t, 3], term_act[t, 3], c3] += q01 * q[2] * u[3]
