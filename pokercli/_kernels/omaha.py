"""Private Numba kernels of the Omaha games: exactly two hole cards and three board cards.

A hand's high value is the best five-card hand made of exactly two of its
hole cards and exactly three board cards. Instead of scoring every such
five-card hand (6 x 10 = 60 for four hole cards), the tables of
:mod:`pokercli._kernels.omaha_lookup` answer per hole **pair**:

================  ======================  =============================================
parameter         array                   what it holds
================  ======================  =============================================
``card_keys``     int64[52]               the evaluator's card keys
                                          (:mod:`pokercli._kernels.evaluator`)
``offsets``       uint32[rows]            the evaluator's perfect-hash row offsets
``board_index``   uint16[slots]           by the perfect-hash slot of a five-card board's
                                          rank multiset: its number 0..6174
``pair_best``     uint16[6175 * 169]      by board number * 169 + ``13 * r1 + r2``
                                          (ranks ``r1 <= r2`` of a hole pair): the best
                                          strength without a flush of the pair and three
                                          of the board's cards
``flush_best``    uint16[8192 * 169]      by the 13-bit rank set of the board's cards of
                                          one suit (three or more) * 169 + ``13 * r1 + r2``
                                          (a hole pair of that suit): the best flush or
                                          straight flush of the pair and three of them
``low_best``      uint16[65536]           by ``256 * H + B`` (``H``, ``B``: the 8-bit sets
                                          of low ranks, ace = bit 0 .. eight = bit 7, of
                                          the hole and of the board): the best low of two
                                          hole and three board ranks as ``256 - ranks``
                                          (larger is better), 0 when none qualifies
``low_bits``      int64[52]               a card's low-rank bit (0 for nine and above)
``pair_code``     int64[52 * 52]          by ``52 * a + b``: the pair's rank index
                                          ``13 * r1 + r2``, plus ``256 * (suit + 1)``
                                          when both cards are of one suit
================  ======================  =============================================

Strengths are ``7463 - class`` (larger wins, equal ties), so a hand's high
value is the largest of its pairs' values. A five-card board holds three or
more cards of at most one suit, so at most one suit can make a flush.

Showdown tallies (integers, added to):

* ``hi[p, n]``: boards (or samples) on which ``p`` has the best high hand
  among ``n`` players, when no low qualifies (every board, in games without
  a low); ``hl[p, n]`` the same on boards where a low qualifies;
* ``lo[p, n]``: boards on which ``p`` has the best low among ``n``;
* ``scoop[p]``: boards whose whole pot ``p`` takes alone;
* ``sq[p]``: the sum of the squares of ``p``'s pot share in units of
  ``1 / SHARE_UNIT`` (Monte Carlo's standard errors);
* ``stats[0]``: boards without a qualifying low (hi-lo games).
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import next_combination, unrank_combination
from pokercli._kernels.evaluator import suit_of_nibble
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.montecarlo import _below, _mix

#: A pot in integer units: halves split among up to 11 players stay whole.
SHARE_UNIT = 55_440  # 2 * lcm(1..11)
_GAMMA = np.uint64(0x9E3779B97F4A7C15)


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


@jit_inline
def _hole_pairs(hole, h, pair_code, low_bits, pr, ps):
    """Each pair of the ``h`` hole cards: its rank index ``13 * r1 + r2`` in
    ``pr`` and its suit in ``ps`` (-1 unless both cards share it), from
    ``pair_code`` (int64[52 * 52]: ``rank index + 256 * (suit + 1)`` of a
    suited pair, ``rank index`` of another); returns the hole's low-rank set."""
    n = 0
    low = np.int64(0)
    for i in range(h):
        a = hole[i]
        low |= low_bits[a]
        for j in range(i + 1, h):
            code = pair_code[52 * a + hole[j]]
            pr[n] = code & 255
            ps[n] = (code >> 8) - 1
            n += 1
    return low


@jit_inline
def _board_parts(board, card_keys, offsets, board_index, low_bits):
    """(board number * 169, flush suit or -2, that suit's rank set * 169, low-rank set)
    of a five-card board. The suit counters of the card keys find a suit with
    three or more cards: each counter starts at 5, so three cards set its bit 3."""
    key = np.int64(0x5555) << 32
    low = np.int64(0)
    mask = np.int64(0)
    for i in range(5):
        c = board[i]
        key += card_keys[c]
        low |= low_bits[c]
        mask |= np.int64(1) << c
    k = key & 0xFFFFFFFF
    row = np.int64(board_index[(k & 4095) + offsets[k >> 12]]) * 169
    three = (key >> 35) & 0x1111
    found = np.int64(three != 0)
    suit = suit_of_nibble(three)
    bits = ((mask >> (13 * suit)) & 0x1FFF) * found
    return row, suit + 2 * found - 2, bits * 169, low


@jit_inline
def _high(pr, ps, npairs, row, suit, frow, pair_best, flush_best):
    """The best high strength of one hand's pairs on a board (see :func:`_board_parts`).
    Straight-line: an inlined helper that takes arrays and branches made Numba
    keep reference counting of its array arguments in the caller's loop."""
    best = np.int64(0)
    for j in range(npairs):
        flush = np.int64(flush_best[frow + pr[j]]) * np.int64(ps[j] == suit)
        best = max(best, max(np.int64(pair_best[row + pr[j]]), flush))
    return best


@jit_inline
def _tally(high, low, players, hilo, hi, hl, lo, scoop, sq, stats):
    """Who wins each half on one board, added to the tallies."""
    best_h = np.int64(0)
    best_l = np.int64(0)
    for p in range(players):
        best_h = max(best_h, high[p])
        best_l = max(best_l, low[p])
    nh = 0
    nl = 0
    for p in range(players):
        nh += 1 if high[p] == best_h else 0
        nl += 1 if low[p] == best_l else 0
    has_low = hilo and best_l > 0
    if hilo and not has_low:
        stats[0] += 1
    for p in range(players):
        wh = high[p] == best_h
        wl = has_low and low[p] == best_l
        share = 0
        if has_low:
            if wh:
                hl[p, nh] += 1
                share += SHARE_UNIT // (2 * nh)
            if wl:
                lo[p, nl] += 1
                share += SHARE_UNIT // (2 * nl)
            if wh and wl and nh == 1 and nl == 1:
                scoop[p] += 1
        elif wh:
            hi[p, nh] += 1
            share = SHARE_UNIT // nh
            if nh == 1:
                scoop[p] += 1
        sq[p] += share * share


@jit_inline
def _showdown(full, pr, ps, hole_low, npairs, card_keys, offsets, board_index, pair_best, flush_best,
              low_best, low_bits, hilo, high, low, hi, hl, lo, scoop, sq, stats):
    """Score every player (hole pairs ``pr``/``ps``, low-rank sets ``hole_low``)
    on the five-card board ``full`` into ``high``/``low`` and tally the board."""
    players = high.shape[0]
    row, suit, frow, board_low = _board_parts(full, card_keys, offsets, board_index, low_bits)
    for p in range(players):
        high[p] = _high(pr[p], ps[p], npairs, row, suit, frow, pair_best, flush_best)
        low[p] = low_best[(hole_low[p] << 8) | board_low] * np.int64(hilo)
    _tally(high, low, players, hilo, hi, hl, lo, scoop, sq, stats)


@jit
def evaluate_hands(holes, boards, card_keys, offsets, board_index, pair_best, flush_best,
                   low_best, low_bits, pair_code, high_out, low_out):
    """``high_out[i]``, ``low_out[i]``: the high strength and the low value
    (``256 - ranks``, 0 for none) of hole ``holes[i]`` (int64[n, h], distinct
    card ids, checked by the caller) on board ``boards[i]`` (int64[n, 5])."""
    h = holes.shape[1]
    npairs = h * (h - 1) // 2
    pr = np.empty(npairs, np.int64)
    ps = np.empty(npairs, np.int64)
    for i in range(holes.shape[0]):
        hole_low = _hole_pairs(holes[i], h, pair_code, low_bits, pr, ps)
        row, suit, frow, board_low = _board_parts(boards[i], card_keys, offsets, board_index, low_bits)
        high_out[i] = _high(pr, ps, npairs, row, suit, frow, pair_best, flush_best)
        low_out[i] = low_best[(hole_low << 8) | board_low]


@jit
def omaha_boards(holes, deck, k, start, count, board, binom, card_keys, offsets, board_index,
                 pair_best, flush_best, low_best, low_bits, pair_code, hilo, with_types, type_of,
                 hi, hl, lo, scoop, sq, stats, types):
    """Boards ``start .. start + count - 1`` (in the combinator's order) of the
    ``k`` cards to come from ``deck`` (int64[n], ascending card ids no one
    holds), completing ``board`` (int64[5], its first ``5 - k`` cards known),
    for the fixed hands ``holes`` (int64[players, h]), tallied (see the module).
    With ``with_types``, ``types[p, t]`` counts the boards on which player
    ``p``'s high hand has type ``t`` (``type_of``: int64[7464], a high strength's
    type 1..9)."""
    players, h = holes.shape
    npairs = h * (h - 1) // 2
    pr = np.empty((players, npairs), np.int64)
    ps = np.empty((players, npairs), np.int64)
    hole_low = np.empty(players, np.int64)
    for p in range(players):
        hole_low[p] = _hole_pairs(holes[p], h, pair_code, low_bits, pr[p], ps[p])
    n = deck.shape[0]
    idx = np.empty(k, np.int64)
    unrank_combination(start, n, binom, idx)
    full = board.copy()
    high = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)
    for _ in range(count):
        for i in range(k):
            full[5 - k + i] = deck[idx[i]]
        _showdown(full, pr, ps, hole_low, npairs, card_keys, offsets, board_index, pair_best,
                  flush_best, low_best, low_bits, hilo, high, low, hi, hl, lo, scoop, sq, stats)
        if with_types:
            for p in range(players):
                types[p, type_of[high[p]]] += 1
        next_combination(idx, n)


@jit
def omaha_monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board,
                      k, samples, max_redraws, seed, card_keys, offsets, board_index, pair_best,
                      flush_best, low_best, low_bits, pair_code, hilo, with_types, type_of,
                      hi, hl, lo, scoop, sq, stats, types):
    """``samples`` random deals, tallied (see the module); ``stats[1]`` the
    samples taken, ``stats[2]`` the redrawn deals; ``types`` as in
    :func:`omaha_boards`.

    Players, as in :func:`pokercli._kernels.montecarlo.monte_carlo`, by how
    many rows of ``combo_cards`` (int64[combos, h]) they list in
    ``combo_start[p]:combo_start[p + 1]``: one (a fixed hand), several (a
    range, drawn by the alias tables ``alias_keep``/``alias_other``, rows of
    ``combo_cards``; when two
    ranged players' combos collide the whole deal is drawn again), none (a
    ``random`` player, dealt from the deck). ``fixed_mask``: the cards of the
    board, the dead cards and the fixed hands; ``pool`` (int64[n], permuted in
    place) every other card: the ``k`` missing board cards of ``board``
    (int64[5]) and the random players' cards come from a partial Fisher-Yates
    shuffle of it, a card a ranged player holds in this deal drawn again.
    Stops early after ``max_redraws`` redrawn deals.
    """
    players = combo_start.shape[0] - 1
    h = combo_cards.shape[1]
    npairs = h * (h - 1) // 2
    one = np.int64(1)
    masks = np.zeros(combo_cards.shape[0], np.int64)
    for c in range(combo_cards.shape[0]):
        for i in range(h):
            masks[c] |= one << combo_cards[c, i]
    hole = np.empty((players, h), np.int64)
    pr = np.empty((players, npairs), np.int64)
    ps = np.empty((players, npairs), np.int64)
    hole_low = np.zeros(players, np.int64)
    kind = np.empty(players, np.int64)  # 0 fixed, 1 ranged, 2 random
    for p in range(players):
        size = combo_start[p + 1] - combo_start[p]
        kind[p] = 0 if size == 1 else (1 if size > 1 else 2)
        if size == 1:
            for i in range(h):
                hole[p, i] = combo_cards[combo_start[p], i]
            hole_low[p] = _hole_pairs(hole[p], h, pair_code, low_bits, pr[p], ps[p])
    n = pool.shape[0]
    full = board.copy()
    high = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)
    ctr = np.uint64(seed)
    taken = 0
    redraws = 0
    while taken < samples:
        used = fixed_mask
        ok = True
        for p in range(players):
            if kind[p] != 1:
                continue
            size = combo_start[p + 1] - combo_start[p]
            ctr += _GAMMA
            r = _mix(ctr)
            col = combo_start[p] + _below(r, size)
            pick = col if (r & np.uint64(0xFFFFFFFF)) < alias_keep[col] else alias_other[col]
            if used & masks[pick]:
                ok = False
                break
            used |= masks[pick]
            for i in range(h):
                hole[p, i] = combo_cards[pick, i]
        if not ok:
            redraws += 1
            if redraws >= max_redraws:
                break
            continue
        pos = 0
        for i in range(k + h * players):
            slot = i - k
            if slot >= 0 and kind[slot // h] != 2:
                continue
            while True:
                ctr += _GAMMA
                j = pos + _below(_mix(ctr), n - pos)
                card = pool[j]
                pool[j] = pool[pos]
                pool[pos] = card
                pos += 1
                if not (used >> card) & 1:
                    break
            if slot < 0:
                full[5 - k + i] = card
            else:
                hole[slot // h, slot % h] = card
        for p in range(players):
            if kind[p] != 0:
                hole_low[p] = _hole_pairs(hole[p], h, pair_code, low_bits, pr[p], ps[p])
        _showdown(full, pr, ps, hole_low, npairs, card_keys, offsets, board_index, pair_best,
                  flush_best, low_best, low_bits, hilo, high, low, hi, hl, lo, scoop, sq, stats)
        if with_types:
            for p in range(players):
                types[p, type_of[high[p]]] += 1
        taken += 1
    stats[1] += taken
    stats[2] += redraws
