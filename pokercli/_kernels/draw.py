"""Five-card draw kernel: every hold of a hand against every draw."""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import next_combination
from pokercli._kernels.evaluator import KEY_INIT, hand_value
from pokercli._kernels.jit import jit

@jit
def draw_counts(hand, deck, binom, card_keys, offsets, rank_class, flush_class, category, counts):
    """Five-card draw: for each of the 32 holds (bit i keeps ``hand[i]``), count the
    final hands by ``category[class]`` over every draw of the rest from ``deck``.

    ``hand``: int64[5] card ids; ``deck``: int64[n] the cards that can be
    drawn (n >= 5, checked by the caller); ``binom``: int64[53, 53] binomials;
    ``rank_class``/``flush_class``: class tables; ``category``: int64[7463], a
    class's Jacks or Better category (0 royal flush .. 10 nothing);
    ``counts``: int64[32, categories], added to.
    """
    n = deck.shape[0]
    one = np.int64(1)
    for hold in range(32):
        key = KEY_INIT
        mask = np.int64(0)
        held = 0
        for i in range(5):
            if (hold >> i) & 1:
                key += card_keys[hand[i]]
                mask |= one << hand[i]
                held += 1
        k = 5 - held
        if k == 0:
            counts[hold, category[hand_value(key, mask, offsets, rank_class, flush_class)]] += 1
            continue
        idx = np.empty(k, np.int64)
        for j in range(k):
            idx[j] = j
        while True:
            kk = key
            mm = mask
            for j in range(k):
                c = deck[idx[j]]
                kk += card_keys[c]
                mm |= one << c
            counts[hold, category[hand_value(kk, mm, offsets, rank_class, flush_class)]] += 1
            if not next_combination(idx, n):
                break
