"""Private Numba kernels of exact equity: every board of one deal, tallied.

Parameters shared by the kernels below (the evaluator's ``card_keys``,
``offsets`` and value tables are described in :mod:`pokercli._kernels.evaluator`):

================  ====================  ===============================================
parameter         array                 what it holds
================  ====================  ===============================================
``hand_keys``     int64[players]        each player's two hole cards: the sum of their
                                        card keys (``KEY_INIT`` not included)
``hand_masks``    int64[players]        each player's hole cards as a 52-bit mask
``deck``          int64[n]              the card ids the board is drawn from (no hole,
                                        board or dead card), ascending
``base_key``      int64                 ``KEY_INIT`` plus the keys of the board cards
                                        already known
``base_mask``     int64                 those board cards as a 52-bit mask
``rank_score``,   uint32 or uint16      value tables: 30-bit scores, or 16-bit
``flush_score``                         strengths (compare-only kernels)
``patterns``      int64[2**players]     boards by winner pattern (bit ``p`` set when
                                        player ``p`` has the best hand); added to
``outcome``       int64[players,        ``outcome[p, n]``: boards ``p`` shares among
                  players + 1]          ``n`` winners (``n = 1``: wins alone); added to
                                        when players exceed ``PATTERN_PLAYERS``
``types``         int64[players, 10]    ``types[p, t]``: boards on which ``p`` ends with
                                        hand type ``t`` (1..9); added to when
                                        ``with_types``
``with_types``    bool                  count ``types`` as well
================  ====================  ===============================================

Preflop deals without hand types are counted by rank multiset instead
(:mod:`pokercli._kernels.rankboards`); ``boards5`` serves ``--categories``,
which needs every board's hand types.

Showdown counts are integers: ``outcome[p, 1]`` counts boards player ``p``
wins alone, ``outcome[p, n]`` (n >= 2) boards it shares among ``n`` players
(for up to ``PATTERN_PLAYERS`` players they are first tallied by winner
pattern and converted by ``pokercli.equity_calc.tally.add_patterns``);
``types[p, t]`` counts boards on which it ends with hand type ``t``.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import next_combination, unrank_combination
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.evaluator import hand_value


#: Up to this many players, outcomes are tallied by winner pattern (2**players slots).
PATTERN_PLAYERS = 10


@jit_inline
def showdown_pattern(hand_keys, hand_masks, bkey, bmask, offsets, rank_score, flush_score, patterns,
              outcome, types, with_types, weight=1):
    """Score every player on one board and tally who wins (``weight`` boards alike).

    With up to ``PATTERN_PLAYERS`` players the set of winners (a bit pattern)
    is counted in ``patterns``; with more, ``outcome`` is updated directly.
    One loop and one exit, the winners kept by selects: with an early
    ``return`` Numba kept reference counting of the array arguments inside the
    caller's loop, and the 3-way Monte Carlo ran at 11-15 M samples/s against
    17-21 for this version (medians and bests of one run).
    """
    players = hand_keys.shape[0]
    best = np.int64(0)
    pattern = 0
    nbest = 0
    for p in range(players):
        s = hand_value(hand_keys[p] + bkey, hand_masks[p] | bmask, offsets, rank_score, flush_score)
        if with_types:
            types[p, s >> 26] += weight
        bit = 1 << p
        pattern = bit if s > best else (pattern | bit if s == best else pattern)
        nbest = 1 if s > best else (nbest + 1 if s == best else nbest)
        best = max(best, s)
    if players <= PATTERN_PLAYERS:
        patterns[pattern] += weight
    else:
        for p in range(players):
            if (pattern >> p) & 1:
                outcome[p, nbest] += weight


@jit
def boards5(hand_keys, hand_masks, deck, first, step, base_key, base_mask, card_keys,
            offsets, rank_score, flush_score, patterns, outcome, types, with_types):
    """All 5-card boards of ``deck`` whose first card index is ``first``, ``first + step``, ...
    (threads share the boards by interleaved first cards: ``first`` in 0..step-1)
    with running key and mask sums per level: the preflop path when hand types
    are counted (otherwise :func:`pokercli._kernels.rankboards.rank_boards5`
    counts boards by rank multiset, far faster).
    """
    n = deck.shape[0]
    one = np.int64(1)
    for a in range(first, n - 4, step):
        ka = base_key + card_keys[deck[a]]
        ma = base_mask | (one << deck[a])
        for b in range(a + 1, n - 3):
            kb = ka + card_keys[deck[b]]
            mb = ma | (one << deck[b])
            for c in range(b + 1, n - 2):
                kc = kb + card_keys[deck[c]]
                mc = mb | (one << deck[c])
                for d in range(c + 1, n - 1):
                    kd = kc + card_keys[deck[d]]
                    md = mc | (one << deck[d])
                    for e in range(d + 1, n):
                        showdown_pattern(hand_keys, hand_masks, kd + card_keys[deck[e]],
                                  md | (one << deck[e]), offsets, rank_score, flush_score,
                                  patterns, outcome, types, with_types)


@jit
def enumerate_boards(hand_keys, hand_masks, deck, k, start, count, base_key, base_mask, binom,
                     card_keys, offsets, rank_score, flush_score, patterns, outcome, types,
                     with_types):
    """Showdowns on boards ``start .. start+count-1`` (lexicographic) of ``k`` cards of ``deck``.

    ``k``: board cards to come (0..4 here; 5 goes to the preflop kernels);
    ``binom``: int64[53, 53] binomials (``pokercli._kernels.combinator.binomials``).

    ``hand_keys``/``hand_masks`` hold each player's hole cards (key sums without
    ``KEY_INIT``); ``base_key``/``base_mask`` the known board, ``KEY_INIT`` included.
    """
    n = deck.shape[0]
    one = np.int64(1)
    if k == 0:
        showdown_pattern(hand_keys, hand_masks, base_key, base_mask, offsets, rank_score, flush_score,
                  patterns, outcome, types, with_types)
        return
    idx = np.empty(k, np.int64)
    unrank_combination(start, n, binom, idx)
    for it in range(count):
        bkey = base_key
        bmask = base_mask
        for j in range(k):
            c = deck[idx[j]]
            bkey += card_keys[c]
            bmask |= one << c
        showdown_pattern(hand_keys, hand_masks, bkey, bmask, offsets, rank_score, flush_score,
                  patterns, outcome, types, with_types)
        if it + 1 < count:
            next_combination(idx, n)
