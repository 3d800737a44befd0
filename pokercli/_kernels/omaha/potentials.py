"""Omaha kernels: a hand's equity over every runout against weighted opponents."""

from __future__ import annotations

import numpy as np

from pokercli._kernels.evaluator import KEY_INIT, hand_value
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.omaha.evaluate import board_parts

@jit
def omaha_potentials(hero, board, nb, opps, opp_weights, runouts, card_keys, offsets, rank_score,
                     flush_score, board_index, pair_best, flush_best, low_best, low_bits, pair_code,
                     type_shift, hilo, hp, now, field, shares):
    """``percentile`` in the Omaha games: ``hero`` (int64[h]) against each
    opponent hand ``opps[j]`` (int64[n, h], weight ``opp_weights[j]``) now, on
    the ``nb`` known cards of ``board`` (int64[5]), and on every runout
    ``runouts[r]`` (int64[runouts, 5], full boards) that none of its cards is in.

    A pot share against one opponent: the whole pot, half or nothing, split
    in halves when a low qualifies (so 3/4 or 1/4 too); a state is ahead,
    tied or behind as the share is above, at or below one half. Now is scored
    with the evaluator (``rank_score``/``flush_score``, scores whose type is
    ``score >> type_shift``) over every two hole and three board cards; a
    runout with the Omaha tables. Added to: ``hp[now, final]`` the weights of
    (opponent, runout) pairs by state (0 ahead, 1 tied, 2 behind);
    ``now[state]`` the opponents' weights; ``field[type, state]`` by the
    opponent's hand type now; ``shares[0]`` the weighted share now,
    ``shares[1]`` at showdown, ``shares[2]`` the weight of the pairs."""
    h = hero.shape[0]
    runs = runouts.shape[0]
    rows = np.empty(runs, np.int64)
    suits = np.empty(runs, np.int64)
    frows = np.empty(runs, np.int64)
    lows = np.empty(runs, np.int64)
    masks = np.zeros(runs, np.int64)
    hero_high = np.empty(runs, np.int64)
    hero_low = np.empty(runs, np.int64)
    full = np.empty(5, np.int64)
    hand = np.empty((2, h), np.int64)
    for i in range(h):
        hand[0, i] = hero[i]
    for r in range(runs):
        for i in range(5):
            full[i] = runouts[r, i]
            masks[r] |= np.int64(1) << full[i]
        rows[r], suits[r], frows[r], lows[r] = board_parts(full, card_keys, offsets, board_index,
                                                           low_bits)
    board_low = np.int64(0)
    for i in range(nb):
        board_low |= low_bits[board[i]]
    our_high = np.int64(0)
    our_low = np.int64(0)
    state = 0
    w = 0.0
    for j in range(-1, opps.shape[0]):
        x = 0 if j < 0 else 1  # j = -1: our own hand's values, then each opponent's
        if j >= 0:
            for i in range(h):
                hand[1, i] = opps[j, i]
        # now: the best of every two hole and three board cards, by the evaluator
        high_now = np.int64(0)
        hole_low = np.int64(0)
        hole_mask = np.int64(0)
        for a in range(h):
            hole_low |= low_bits[hand[x, a]]
            hole_mask |= np.int64(1) << hand[x, a]
            for b in range(a + 1, h):
                pair = card_keys[hand[x, a]] + card_keys[hand[x, b]]
                pmask = (np.int64(1) << hand[x, a]) | (np.int64(1) << hand[x, b])
                for c in range(nb):
                    for d in range(c + 1, nb):
                        for e in range(d + 1, nb):
                            key = KEY_INIT + pair + card_keys[board[c]] + card_keys[board[d]] \
                                + card_keys[board[e]]
                            m = pmask | (np.int64(1) << board[c]) | (np.int64(1) << board[d]) \
                                | (np.int64(1) << board[e])
                            high_now = max(high_now, hand_value(key, m, offsets, rank_score,
                                                                flush_score))
        low_now = low_best[(hole_low << 8) | board_low] * np.int64(hilo)
        if j < 0:
            our_high = high_now
            our_low = low_now
        else:
            w = opp_weights[j]
            share = _share(our_high, our_low, high_now, low_now, hilo)
            state = 0 if share > 2 else (1 if share == 2 else 2)
            now[state] += w
            field[high_now >> type_shift, state] += w
            shares[0] += w * share / 4
        # every runout, by hole pair (written out: see _deals)
        for r in range(runs):
            if masks[r] & hole_mask:
                continue
            best = np.int64(0)
            for a in range(h):
                for b in range(a + 1, h):
                    code = pair_code[52 * hand[x, a] + hand[x, b]]
                    col = code & 255
                    flush = np.int64(flush_best[frows[r] + col]) * np.int64((code >> 8) - 1 == suits[r])
                    best = max(best, max(np.int64(pair_best[169 * rows[r] + col]), flush))
            low = low_best[(hole_low << 8) | lows[r]] * np.int64(hilo)
            if j < 0:
                hero_high[r] = best
                hero_low[r] = low
                continue
            final = _share(hero_high[r], hero_low[r], best, low, hilo)
            hp[state, 0 if final > 2 else (1 if final == 2 else 2)] += w
            shares[1] += w * final / 4
            shares[2] += w


@jit_inline
def _share(high, low, other_high, other_low, hilo):
    """Our pot share against one other hand, in quarters (0..4)."""
    hi = 2 if high > other_high else (1 if high == other_high else 0)
    if hilo and (low > 0 or other_low > 0):
        return hi + (2 if low > other_low else (1 if low == other_low else 0))
    return 2 * hi
