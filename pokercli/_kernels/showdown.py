"""Private Numba kernels of exact equity: every board of one deal, tallied.

Parameters shared by the kernels below (the evaluator's ``card_keys``,
``offsets`` and value tables are described in :mod:`pokercli._kernels.evaluator`):

================  ====================  ===============================================
parameter         array                 what it holds
================  ====================  ===============================================
``hand_keys``     int64[players]        each player's two hole cards: the sum of their
                                        card keys (``KEY_INIT`` not included)
``hand_masks``    int64[players]        each player's hole cards as a 52-bit mask
``k0, m0``,       int64                 the same for player 1 and player 2 (heads-up)
``k1, m1``
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

The heads-up tally (two lookups, three register counters) is written out in
each kernel that needs it: factored into an inlined helper returning the
counters it measured twice as slow. For the same reason the heads-up and the
multiway preflop kernels keep their own copies of the board loops: one merged
kernel (players in arrays, no rank-only shortcut) measured 30-50 % slower
(heads-up As Ah vs Ks Kh 7.4-8.0 ms against 6-7 ms, As Kd vs 7h 2c 15-19 ms
against 10-12 ms, the 3-way benchmark 25-32 ms against 19-23 ms).

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
from pokercli._kernels.evaluator import hand_value, one_suit_value, rank_value, suit_of_nibble


#: Up to this many players, outcomes are tallied by winner pattern (2**players slots).
PATTERN_PLAYERS = 10


@jit_inline
def _showdown(hand_keys, hand_masks, bkey, bmask, offsets, rank_score, flush_score, patterns,
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
    are counted or players are too many for winner patterns (otherwise
    :func:`headsup_boards5` and :func:`pattern_boards5` are faster).
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
                        _showdown(hand_keys, hand_masks, kd + card_keys[deck[e]],
                                  md | (one << deck[e]), offsets, rank_score, flush_score,
                                  patterns, outcome, types, with_types)


@jit_inline
def _flush_candidate(key):
    """Nibble flags of the suits holding four or more cards of a six-card key
    (KEY_INIT included): the only suits a seventh card can turn into a flush."""
    return ((key + (0x1111 << 32)) >> 35) & 0x1111


@jit_inline
def _skip(mask, card, sym_hi, sym_lo):
    """Whether a board prefix that just received ``card`` is not canonical.

    Interchangeable suits form chains (each suit points at the previous one
    it can be swapped with, ``pokercli.equity_calc.interchangeable_suits``); a
    board is canonical when, along every chain, the 13-bit rank sets do not
    increase. Cards come in card-id order, so a suit's rank set is complete
    before the next suit of its chain receives cards, and the check only
    concerns the suit of the new card: ``sym_hi[card]`` is its shift,
    ``sym_lo[card]`` the shift of the previous suit of its chain (52, an
    empty field, for suits outside every chain).
    """
    return ((mask >> sym_hi[card]) & 0x1FFF) > ((mask >> sym_lo[card]) & 0x1FFF)


@jit_inline
def _weight(mask, eq_a, eq_b, orbit):
    """How many boards the canonical board ``mask`` stands for: ``orbit`` by
    which of the (up to three) chain links join equal rank sets."""
    i = 0
    for j in range(3):
        i |= np.int64(((mask >> eq_a[j]) & 0x1FFF) == ((mask >> eq_b[j]) & 0x1FFF)) << j
    return orbit[i]


@jit
def headsup_boards5(k0, m0, k1, m1, deck, first, step, base_key, base_mask, sym_hi,
                    sym_lo, eq_a, eq_b, orbit, card_keys, offsets, rank_score, flush_score,
                    patterns, outcome, types, with_types):
    """Heads-up showdowns on all 5-card boards of ``deck`` whose first card index
    is ``first``, ``first + step``, ... (threads take every ``step``-th first card,
    which balances their work): ``patterns[1|2|3]`` += boards won by player 1,
    won by player 2, tied.

    Incremental and branch-free where it counts: key sums run per level; once
    four board cards are down, a player whose six cards hold no four of a suit
    cannot flush on any river, so the river loop reads only the rank table;
    otherwise the one suit that can flush is known and each river reads both
    tables and keeps the flush value when that suit reached five. The tally
    adds comparisons instead of branching on them.

    Interchangeable suits (see :func:`_skip`) are enumerated once per class of
    boards that renaming them maps onto each other, weighted by the class size:
    ``sym_hi``, ``sym_lo`` (int64[52], by card id: the bit shift of the card's
    suit group and of the previous suit of its chain, 52 for none), ``eq_a``,
    ``eq_b`` (int64[3]: the shifts of the suits each chain link joins) and
    ``orbit`` (int64[8]: class sizes by which links join equal rank sets), as
    :func:`pokercli.equity_calc.symmetry.board_symmetry` builds them.
    """
    n = deck.shape[0]
    one = np.int64(1)
    symmetric = orbit[0] > 1  # any interchangeable suits
    w0 = 0
    w1 = 0
    total = 0
    for a in range(first, n - 4, step):
        ka = base_key + card_keys[deck[a]]
        ma = base_mask | (one << deck[a])
        if _skip(ma, deck[a], sym_hi, sym_lo):
            continue
        for b in range(a + 1, n - 3):
            kb = ka + card_keys[deck[b]]
            mb = ma | (one << deck[b])
            if _skip(mb, deck[b], sym_hi, sym_lo):
                continue
            for c in range(b + 1, n - 2):
                kc = kb + card_keys[deck[c]]
                mc = mb | (one << deck[c])
                if _skip(mc, deck[c], sym_hi, sym_lo):
                    continue
                for d in range(c + 1, n - 1):
                    kd = kc + card_keys[deck[d]]
                    md = mc | (one << deck[d])
                    if _skip(md, deck[d], sym_hi, sym_lo):
                        continue
                    f0 = _flush_candidate(k0 + kd)
                    f1 = _flush_candidate(k1 + kd)
                    if (f0 | f1) == 0:
                        for e in range(d + 1, n):
                            ce = deck[e]
                            w = 1
                            if symmetric:
                                me = md | (one << ce)
                                if _skip(me, ce, sym_hi, sym_lo):
                                    continue
                                w = _weight(me, eq_a, eq_b, orbit)
                            ke = kd + card_keys[ce]
                            s0 = rank_value(k0 + ke, offsets, rank_score)
                            s1 = rank_value(k1 + ke, offsets, rank_score)
                            w0 += w * (s0 > s1)
                            w1 += w * (s1 > s0)
                            total += w
                        continue
                    lo0 = 13 * suit_of_nibble(f0)
                    lo1 = 13 * suit_of_nibble(f1)
                    sh0 = 35 + 4 * suit_of_nibble(f0)
                    sh1 = 35 + 4 * suit_of_nibble(f1)
                    bits0 = ((m0 | md) >> lo0) & 0x1FFF
                    bits1 = ((m1 | md) >> lo1) & 0x1FFF
                    for e in range(d + 1, n):
                        ce = deck[e]
                        w = 1
                        if symmetric:
                            me = md | (one << ce)
                            if _skip(me, ce, sym_hi, sym_lo):
                                continue
                            w = _weight(me, eq_a, eq_b, orbit)
                        ke = kd + card_keys[ce]
                        s0 = one_suit_value(k0 + ke, bits0 | (((one << ce) >> lo0) & 0x1FFF), sh0,
                                            offsets, rank_score, flush_score)
                        s1 = one_suit_value(k1 + ke, bits1 | (((one << ce) >> lo1) & 0x1FFF), sh1,
                                            offsets, rank_score, flush_score)
                        w0 += w * (s0 > s1)
                        w1 += w * (s1 > s0)
                        total += w
    patterns[1] += w0
    patterns[2] += w1
    patterns[3] += total - w0 - w1


@jit
def pattern_boards5(hand_keys, hand_masks, deck, first, step, base_key, base_mask,
                    sym_hi, sym_lo, eq_a, eq_b, orbit, card_keys, offsets, rank_score,
                    flush_score, patterns, outcome, types, with_types):
    """Multiway showdowns (up to ``PATTERN_PLAYERS``) on all 5-card boards of
    ``deck`` with first card index ``first``, ``first + step``, ..., tallied by winner
    pattern; flushes and interchangeable suits handled as in
    :func:`headsup_boards5`."""
    n = deck.shape[0]
    players = hand_keys.shape[0]
    one = np.int64(1)
    symmetric = orbit[0] > 1  # any interchangeable suits
    lo = np.zeros(players, np.int64)
    sh = np.zeros(players, np.int64)
    bits = np.zeros(players, np.int64)
    s = np.zeros(players, np.int64)
    for a in range(first, n - 4, step):
        ka = base_key + card_keys[deck[a]]
        ma = base_mask | (one << deck[a])
        if _skip(ma, deck[a], sym_hi, sym_lo):
            continue
        for b in range(a + 1, n - 3):
            kb = ka + card_keys[deck[b]]
            mb = ma | (one << deck[b])
            if _skip(mb, deck[b], sym_hi, sym_lo):
                continue
            for c in range(b + 1, n - 2):
                kc = kb + card_keys[deck[c]]
                mc = mb | (one << deck[c])
                if _skip(mc, deck[c], sym_hi, sym_lo):
                    continue
                for d in range(c + 1, n - 1):
                    kd = kc + card_keys[deck[d]]
                    md = mc | (one << deck[d])
                    if _skip(md, deck[d], sym_hi, sym_lo):
                        continue
                    flushable = 0
                    for p in range(players):
                        flushable |= _flush_candidate(hand_keys[p] + kd)
                    if flushable == 0:
                        for e in range(d + 1, n):
                            ce = deck[e]
                            w = 1
                            if symmetric:
                                me = md | (one << ce)
                                if _skip(me, ce, sym_hi, sym_lo):
                                    continue
                                w = _weight(me, eq_a, eq_b, orbit)
                            ke = kd + card_keys[ce]
                            best = np.int64(0)
                            for p in range(players):
                                s[p] = rank_value(hand_keys[p] + ke, offsets, rank_score)
                                best = max(best, s[p])
                            pattern = 0
                            for p in range(players):
                                pattern |= np.int64(s[p] == best) << p
                            patterns[pattern] += w
                        continue
                    for p in range(players):
                        g = suit_of_nibble(_flush_candidate(hand_keys[p] + kd))
                        lo[p] = 13 * g
                        sh[p] = 35 + 4 * g
                        bits[p] = ((hand_masks[p] | md) >> lo[p]) & 0x1FFF
                    for e in range(d + 1, n):
                        ce = deck[e]
                        w = 1
                        if symmetric:
                            me = md | (one << ce)
                            if _skip(me, ce, sym_hi, sym_lo):
                                continue
                            w = _weight(me, eq_a, eq_b, orbit)
                        ke = kd + card_keys[ce]
                        best = np.int64(0)
                        for p in range(players):
                            s[p] = one_suit_value(hand_keys[p] + ke,
                                                  bits[p] | (((one << ce) >> lo[p]) & 0x1FFF), sh[p],
                                                  offsets, rank_score, flush_score)
                            best = max(best, s[p])
                        pattern = 0
                        for p in range(players):
                            pattern |= np.int64(s[p] == best) << p
                        patterns[pattern] += w


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
        _showdown(hand_keys, hand_masks, base_key, base_mask, offsets, rank_score, flush_score,
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
        _showdown(hand_keys, hand_masks, bkey, bmask, offsets, rank_score, flush_score,
                  patterns, outcome, types, with_types)
        if it + 1 < count:
            next_combination(idx, n)
