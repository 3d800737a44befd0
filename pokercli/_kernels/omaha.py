"""Private Numba kernels of the Omaha games: exactly two hole cards and three board cards.

A hand's high value is the best five-card hand made of exactly two of its
hole cards and exactly three board cards. Instead of scoring every such
five-card hand (6 x 10 = 60 for four hole cards), the tables of
:mod:`pokercli._kernels.omaha_lookup` answer per four hole **ranks** (no
flush) and per suited hole **pair** (flushes):

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
``quad_index``    uint16[169 * 169]       by ``169 * (13 * a + b) + 13 * c + d`` (ranks of
                                          four hole cards, in any order): the number
                                          0..1819 of their rank multiset
``quad_best``     uint16[1820 * 6175]     by quad number * 6175 + board number: the best
                                          strength without a flush of two of the four
                                          ranks and three of the board's (the largest
                                          ``pair_best`` of the quad's six pairs); five
                                          and six hole cards take the largest of three
                                          quads (``COVERS``: three four-card subsets
                                          hold every pair), so a board costs one or
                                          three reads of a 12 KB slice per hand
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
more cards of at most one suit, so at most one suit can make a flush; a
hand's flushes are then read for its pairs of that suit only. Scoring the
same five cards without their flush never overrates them, so the best of the
quad (or pairs') value and those flushes is the hand's value. Fixed hands
read ``quad_best``, and so do the batch kernels (:func:`evaluate_rows4` and
the five- and six-card ones); hands dealt anew each deal read ``pair_best``
by pair (one row per board, which stays in cache where a new quad each hand
would miss).

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
from pokercli._kernels.evaluator import KEY_INIT, hand_value, popcount, prefetch, suit_of_nibble
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.montecarlo import draw_below, mix64

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
def build_quad_best(quads, pair_best, out):
    """``out[q, b]``: the largest ``pair_best[b, 13 * r1 + r2]`` over the six
    pairs ``r1 <= r2`` of the rank quad ``quads[q]`` (int64[1820, 4], sorted)."""
    for q in range(quads.shape[0]):
        for i in range(4):
            for j in range(i + 1, 4):
                col = 13 * quads[q, i] + quads[q, j]
                for b in range(pair_best.shape[0]):
                    v = pair_best[b, col]
                    if v > out[q, b]:
                        out[q, b] = v


@jit_inline
def _board_parts(board, card_keys, offsets, board_index, low_bits):
    """(board number, flush suit or -1, that suit's rank set * 169, low-rank set)
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
    row = np.int64(board_index[(k & 4095) + offsets[k >> 12]])
    three = (key >> 35) & 0x1111
    found = np.int64(three != 0)
    suit = suit_of_nibble(three)
    bits = ((mask >> (13 * suit)) & 0x1FFF) * found
    return row, suit + 4 * (1 - found), bits * 169, low


#: Rows between the one that computes its quad-table indices (and prefetches
#: them) and the one that reads them (a power of two): the read's address is
#: known when it issues, so the reads of several rows overlap (otherwise each
#: row's read waited on the chain of loads that make its address: 21 M rows/s
#: by pair, about 60 by quad, on deals whose table rows stay in cache). On
#: random deals the 22 MB table is read from memory: without the prefetch the
#: four-card kernel ran at 14-18 M rows/s, with it and 16 rows at 40-46 (8 rows:
#: 34, 32 rows: 44-46, within the noise of 16).
RING = 16


@jit_inline
def quad_base(hole, p, cover, m, quad_index, pair_code):
    """The first ``quad_best`` entry (quad number * ``BOARDS``) of the four cards
    of hand ``hole[p]`` that cover subset ``m`` picks."""
    a = hole[p, cover[m, 0]]
    b = hole[p, cover[m, 1]]
    c = hole[p, cover[m, 2]]
    d = hole[p, cover[m, 3]]
    return np.int64(quad_index[(pair_code[52 * a + b] & 255) * 169 + (pair_code[52 * c + d] & 255)]) * BOARDS


@jit_inline
def _suited_best(hole_bits, board_bits, flush_best):
    """The best flush of two of ``hole_bits`` and three of ``board_bits`` (13-bit
    rank sets of one suit: two or more, three or more)."""
    base = board_bits * 169
    best = np.int64(0)
    while hole_bits:
        r1 = popcount((hole_bits & -hole_bits) - 1)
        hole_bits &= hole_bits - 1
        rest = hole_bits
        while rest:
            r2 = popcount((rest & -rest) - 1)
            rest &= rest - 1
            best = max(best, np.int64(flush_best[base + 13 * r1 + r2]))
    return best


@jit_inline
def _low_set(mask):
    """The 8-bit low-rank set (ace = bit 0 .. eight = bit 7) of a 52-bit card set."""
    r = (mask | (mask >> 13) | (mask >> 26) | (mask >> 39)) & 0x1FFF
    return ((r & 0x7F) << 1) | ((r >> 12) & 1)


@jit_inline
def _row_mask(rows, i, first, count):
    """The 52-bit set of ``count`` card ids of row ``i`` from column ``first`` (a
    byte above 63 is taken modulo 64; the caller refuses it by its pair part or key)."""
    one = np.int64(1)
    m = np.int64(0)
    for x in range(first, first + count):
        m |= one << (np.int64(rows[i, x]) & 63)
    return m


@jit
def evaluate_rows4(rows, keys, offsets, board_index, first_pairs, second_pairs, quad_index,
                   quad_best, flush_best, low_best, hilo, value_map, mapped, high_out, low_out):
    """Four-card Omaha rows: ``rows`` (uint8[n, 9], the hole cards then the five
    board cards). ``high_out[i]``: the high hand's class 1..7462, or
    ``value_map[class]`` when ``mapped``; with ``hilo``, ``low_out[i]``: the
    low's 8-bit rank set (ace = bit 0 .. eight = bit 7, smaller is better), 0
    when none qualifies. Returns -1, or the first row refused (a byte that is
    not a card, a card twice), whose outputs and those of the ``RING`` rows
    before it are then left unwritten.

    ``keys``: the card keys of every byte (:func:`pokercli.evaluate._keys256`);
    ``first_pairs``, ``second_pairs`` (int64[65536], by ``256 * a + b``, see
    :func:`pokercli._kernels.omaha_lookup.pair_parts`): a hole pair's share of
    its quad's ``quad_index`` slot and its suit counts, bit 56 for a byte that
    is not a card. One ``quad_best`` read per row, prefetched when its index is
    known and read ``RING`` rows later; the flush of a board with three cards of
    a suit only when the hole holds two of it (7 % of random rows; 37 % have
    the board alone).
    """
    n = rows.shape[0]
    ring = np.zeros(RING, np.int64)
    flushes = np.zeros(RING, np.int64)
    for i in range(n + RING):
        if i >= RING:
            j = i - RING
            s = j & (RING - 1)
            c = 7463 - max(flushes[s], np.int64(quad_best[ring[s]]))
            high_out[j] = value_map[c] if mapped else c
        if i < n:
            pq = (first_pairs[(np.int64(rows[i, 0]) << 8) | rows[i, 1]]
                  + second_pairs[(np.int64(rows[i, 2]) << 8) | rows[i, 3]])
            key = ((np.int64(0x5555) << 32) + keys[rows[i, 4]] + keys[rows[i, 5]] + keys[rows[i, 6]]
                   + keys[rows[i, 7]] + keys[rows[i, 8]])
            hm = _row_mask(rows, i, 0, 4)
            bm = _row_mask(rows, i, 4, 5)
            if ((pq | key) >> 48) | (popcount(hm | bm) - 9):
                return i
            k = key & 0xFFFFFFFF
            row = np.int64(board_index[(k & 4095) + offsets[k >> 12]])
            s = i & (RING - 1)
            ring[s] = np.int64(quad_index[pq & 0xFFFFFFFF]) * BOARDS + row
            prefetch(quad_best, ring[s])
            both = (key >> 35) & (pq >> 35) & 0x1111
            f = np.int64(0)
            if both != 0:
                su = 13 * suit_of_nibble(both)
                f = _suited_best((hm >> su) & 0x1FFF, (bm >> su) & 0x1FFF, flush_best)
            flushes[s] = f
            if hilo:
                low_out[i] = (256 - np.int64(low_best[(_low_set(hm) << 8) | _low_set(bm)])) & 255
    return -1


@jit
def evaluate_rows5(rows, keys, offsets, board_index, first_pairs, second_pairs, quad_index,
                   quad_best, flush_best, low_best, hilo, value_map, mapped, high_out, low_out):
    """Five-card Omaha rows (uint8[n, 10]), as :func:`evaluate_rows4`: three
    quads (``COVERS[5]``: ``abcd``, ``abce``, ``abde``) hold every pair.

    The three batch kernels are written out, each for its hole size: one
    kernel for five and six cards, the size read at run time, ran at 24 and 22
    M rows/s instead of 31-34 and 27-33, and an inline helper shared for the
    flush and the low (it stores the low) halved every kernel's speed."""
    n = rows.shape[0]
    ring = np.zeros(3 * RING, np.int64)
    flushes = np.zeros(RING, np.int64)
    for i in range(n + RING):
        if i >= RING:
            j = i - RING
            s = j & (RING - 1)
            v = max(max(flushes[s], np.int64(quad_best[ring[3 * s]])),
                    max(np.int64(quad_best[ring[3 * s + 1]]), np.int64(quad_best[ring[3 * s + 2]])))
            high_out[j] = value_map[7463 - v] if mapped else 7463 - v
        if i < n:
            a = np.int64(rows[i, 0])
            b = np.int64(rows[i, 1])
            c = np.int64(rows[i, 2])
            d = np.int64(rows[i, 3])
            e = np.int64(rows[i, 4])
            ab = first_pairs[(a << 8) | b]
            cd = second_pairs[(c << 8) | d]
            ce = second_pairs[(c << 8) | e]
            de = second_pairs[(d << 8) | e]
            key = ((np.int64(0x5555) << 32) + keys[rows[i, 5]] + keys[rows[i, 6]] + keys[rows[i, 7]]
                   + keys[rows[i, 8]] + keys[rows[i, 9]])
            suits = ((ab + cd) >> 32) + (keys[e] >> 32)  # the hole's suit counts (+ 6), bit 24: a non-card
            hm = _row_mask(rows, i, 0, 5)
            bm = _row_mask(rows, i, 5, 5)
            if (suits >> 16) | (key >> 48) | (popcount(hm | bm) - 10):
                return i
            k = key & 0xFFFFFFFF
            row = np.int64(board_index[(k & 4095) + offsets[k >> 12]])
            s = i & (RING - 1)
            ring[3 * s] = np.int64(quad_index[(ab + cd) & 0xFFFFFFFF]) * BOARDS + row
            ring[3 * s + 1] = np.int64(quad_index[(ab + ce) & 0xFFFFFFFF]) * BOARDS + row
            ring[3 * s + 2] = np.int64(quad_index[(ab + de) & 0xFFFFFFFF]) * BOARDS + row
            prefetch(quad_best, ring[3 * s])
            prefetch(quad_best, ring[3 * s + 1])
            prefetch(quad_best, ring[3 * s + 2])
            both = (key >> 35) & (suits >> 3) & 0x1111
            f = np.int64(0)
            if both != 0:
                su = 13 * suit_of_nibble(both)
                f = _suited_best((hm >> su) & 0x1FFF, (bm >> su) & 0x1FFF, flush_best)
            flushes[s] = f
            if hilo:
                low_out[i] = (256 - np.int64(low_best[(_low_set(hm) << 8) | _low_set(bm)])) & 255
    return -1


@jit
def evaluate_rows6(rows, keys, offsets, board_index, first_pairs, second_pairs, quad_index,
                   quad_best, flush_best, low_best, hilo, value_map, mapped, high_out, low_out):
    """Six-card Omaha rows (uint8[n, 11]), as :func:`evaluate_rows4`: three
    quads (``COVERS[6]``: ``abcd``, ``abef``, ``cdef``) hold every pair."""
    n = rows.shape[0]
    ring = np.zeros(3 * RING, np.int64)
    flushes = np.zeros(RING, np.int64)
    for i in range(n + RING):
        if i >= RING:
            j = i - RING
            s = j & (RING - 1)
            v = max(max(flushes[s], np.int64(quad_best[ring[3 * s]])),
                    max(np.int64(quad_best[ring[3 * s + 1]]), np.int64(quad_best[ring[3 * s + 2]])))
            high_out[j] = value_map[7463 - v] if mapped else 7463 - v
        if i < n:
            a = np.int64(rows[i, 0])
            b = np.int64(rows[i, 1])
            c = np.int64(rows[i, 2])
            d = np.int64(rows[i, 3])
            e = np.int64(rows[i, 4])
            f = np.int64(rows[i, 5])
            ab = first_pairs[(a << 8) | b]
            cd = second_pairs[(c << 8) | d]
            ef = second_pairs[(e << 8) | f]
            cd1 = first_pairs[(c << 8) | d]
            key = ((np.int64(0x5555) << 32) + keys[rows[i, 6]] + keys[rows[i, 7]] + keys[rows[i, 8]]
                   + keys[rows[i, 9]] + keys[rows[i, 10]])
            suits = ((ab + cd) >> 32) + (ef >> 32)
            hm = _row_mask(rows, i, 0, 6)
            bm = _row_mask(rows, i, 6, 5)
            if (suits >> 16) | (key >> 48) | (popcount(hm | bm) - 11):
                return i
            k = key & 0xFFFFFFFF
            row = np.int64(board_index[(k & 4095) + offsets[k >> 12]])
            s = i & (RING - 1)
            ring[3 * s] = np.int64(quad_index[(ab + cd) & 0xFFFFFFFF]) * BOARDS + row
            ring[3 * s + 1] = np.int64(quad_index[(ab + ef) & 0xFFFFFFFF]) * BOARDS + row
            ring[3 * s + 2] = np.int64(quad_index[(cd1 + ef) & 0xFFFFFFFF]) * BOARDS + row
            prefetch(quad_best, ring[3 * s])
            prefetch(quad_best, ring[3 * s + 1])
            prefetch(quad_best, ring[3 * s + 2])
            both = (key >> 35) & (suits >> 3) & 0x1111
            fl = np.int64(0)
            if both != 0:
                su = 13 * suit_of_nibble(both)
                fl = _suited_best((hm >> su) & 0x1FFF, (bm >> su) & 0x1FFF, flush_best)
            flushes[s] = fl
            if hilo:
                low_out[i] = (256 - np.int64(low_best[(_low_set(hm) << 8) | _low_set(bm)])) & 255
    return -1


@jit
def omaha_boards(holes, deck, k, start, count, board, binom, card_keys, offsets, board_index,
                 quad_index, quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover,
                 hilo, with_types, type_of, hi, hl, lo, scoop, sq, stats, types):
    """Boards ``start .. start + count - 1`` (in the combinator's order) of the
    ``k`` cards to come from ``deck`` (int64[n], ascending card ids no one
    holds), completing ``board`` (int64[5], its first ``5 - k`` cards known),
    for the fixed hands ``holes`` (int64[players, h]), tallied (see the module).
    With ``with_types``, ``types[p, t]`` counts the boards on which player
    ``p``'s high hand has type ``t`` (``type_of``: int64[7464], a high strength's
    type 1..9)."""
    players = holes.shape[0]
    starts = np.arange(players + 1)
    keep = np.zeros(players, np.uint64)
    _deals(False, holes, starts, keep, starts, 0, deck, board, k, count, 0, np.uint64(0), start,
           binom, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
           low_best, low_bits, pair_code, cover, hilo, with_types, type_of, hi, hl, lo, scoop, sq,
           stats, types)


@jit
def omaha_monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board,
                      k, samples, max_redraws, seed, card_keys, offsets, board_index, quad_index,
                      quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover, hilo,
                      with_types, type_of, hi, hl, lo, scoop, sq, stats, types):
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
    _deals(True, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k,
           samples, max_redraws, seed, 0, np.zeros((1, 1), np.int64), card_keys, offsets,
           board_index, quad_index, quad_best, pair_best, flush_best, low_best, low_bits, pair_code,
           cover, hilo, with_types, type_of, hi, hl, lo, scoop, sq, stats, types)


@jit
def _deals(draw, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k,
           count, max_redraws, seed, start, binom, card_keys, offsets, board_index, quad_index,
           quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover, hilo, with_types,
           type_of, hi, hl, lo, scoop, sq, stats, types):
    """The loop of both :func:`omaha_boards` (``draw`` False: every player
    fixed, ``count`` boards from board ``start`` of ``pool`` in the
    combinator's order) and :func:`omaha_monte_carlo` (``draw`` True).

    Scoring and tallying are written out in this one loop, not in inlined
    helpers: an inlined helper that takes arrays and holds a loop or a branch
    makes Numba count references to every array it takes, on every board,
    which cost more than half the time."""
    players = combo_start.shape[0] - 1
    h = combo_cards.shape[1]
    nq = cover.shape[0]
    one = np.int64(1)
    masks = np.zeros(combo_cards.shape[0], np.int64)
    for c in range(combo_cards.shape[0]):
        for i in range(h):
            masks[c] |= one << combo_cards[c, i]
    hole = np.empty((players, h), np.int64)
    npairs = h * (h - 1) // 2
    qb = np.empty((players, nq), np.int64)
    pcol = np.empty((players, npairs), np.int64)
    sp = np.empty((players, 5, 15), np.int64)
    nsp = np.empty((players, 5), np.int64)
    hole_low = np.zeros(players, np.int64)
    kind = np.empty(players, np.int64)  # 0 fixed, 1 ranged, 2 random
    for p in range(players):
        size = combo_start[p + 1] - combo_start[p]
        kind[p] = 0 if size == 1 else (1 if size > 1 else 2)
        if size == 1:
            for i in range(h):
                hole[p, i] = combo_cards[combo_start[p], i]
    n = pool.shape[0]
    idx = np.empty(k, np.int64)
    if not draw:
        unrank_combination(start, n, binom, idx)
    full = board.copy()
    high = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)
    ctr = np.uint64(seed)
    taken = 0
    redraws = 0
    while taken < count:
        if draw:
            used = fixed_mask
            ok = True
            for p in range(players):
                if kind[p] != 1:
                    continue
                size = combo_start[p + 1] - combo_start[p]
                ctr += _GAMMA
                r = mix64(ctr)
                col = combo_start[p] + draw_below(r, size)
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
                    j = pos + draw_below(mix64(ctr), n - pos)
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
        else:
            for i in range(k):
                full[5 - k + i] = pool[idx[i]]
            next_combination(idx, n)
        # Each player's parts: a fixed hand's first quad_best entry of each
        # cover quad (quad number * 6175), a dealt hand's pairs' rank indices
        # 13 * r1 + r2 (read in pair_best, whose one row per board stays in
        # cache where a new quad each deal would miss), the rank indices of
        # the suited pairs by suit (suit 4: none, its one entry 0 reads
        # flush_best's 0), the low-rank set; fixed hands' once.
        for p in range(players):
            if kind[p] == 0 and taken > 0:
                continue
            for m in range(nq if kind[p] == 0 else 0):
                qb[p, m] = quad_base(hole, p, cover, m, quad_index, pair_code)
            for s in range(5):
                nsp[p, s] = 0
                sp[p, s, 0] = 0
            hole_low[p] = 0
            npc = 0
            for x in range(h):
                a = hole[p, x]
                hole_low[p] |= low_bits[a]
                for y in range(x + 1, h):
                    code = pair_code[52 * a + hole[p, y]]
                    pcol[p, npc] = code & 255
                    npc += 1
                    s = (code >> 8) - 1
                    if s >= 0:
                        sp[p, s, nsp[p, s]] = code & 255
                        nsp[p, s] += 1
        taken += 1
        # Score every player (see the module), then tally the board.
        row, suit, frow, board_low = _board_parts(full, card_keys, offsets, board_index, low_bits)
        best_h = np.int64(0)
        best_l = np.int64(0)
        for p in range(players):
            best = np.int64(0)
            if kind[p] == 0:
                for m in range(nq):
                    best = max(best, np.int64(quad_best[qb[p, m] + row]))
            else:
                for j in range(npairs):
                    best = max(best, np.int64(pair_best[169 * row + pcol[p, j]]))
            best = max(best, np.int64(flush_best[frow + sp[p, suit, 0]]))
            for j in range(1, nsp[p, suit]):
                best = max(best, np.int64(flush_best[frow + sp[p, suit, j]]))
            high[p] = best
            low[p] = low_best[(hole_low[p] << 8) | board_low] * np.int64(hilo)
            best_h = max(best_h, best)
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
            if with_types:
                types[p, type_of[high[p]]] += 1
    if draw:
        stats[1] += taken
        stats[2] += redraws


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
        rows[r], suits[r], frows[r], lows[r] = _board_parts(full, card_keys, offsets, board_index,
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
