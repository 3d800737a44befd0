"""Omaha kernels: a hand's value on a board from the tables, and the batch evaluators."""

from __future__ import annotations

import numpy as np

from pokercli._kernels.evaluator import popcount, prefetch, suit_of_nibble
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.omaha.tables import BOARDS

@jit_inline
def board_parts(board, card_keys, offsets, board_index, low_bits):
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


@jit
def hand_parts(holes, cover, quad_index, pair_code, low_bits):
    """The parts of each fixed hand of ``holes`` (int64[players, h]) that its
    values on every board are read with, once a job: (``qb[p, m]``: the first
    ``quad_best`` entry of its cover quad ``m``, :func:`quad_base`;
    ``sp[p, s, :nsp[p, s]]``: the rank indices of its pairs suited in suit
    ``s``, zeros past them, and suit 4 (no flush suit on the board) all zeros,
    which read ``flush_best``'s 0; ``nsp``; ``hole_low[p]``: its low-rank set)."""
    players = holes.shape[0]
    h = holes.shape[1]
    nq = cover.shape[0]
    qb = np.empty((players, nq), np.int64)
    sp = np.zeros((players, 5, 15), np.int64)
    nsp = np.zeros((players, 5), np.int64)
    hole_low = np.zeros(players, np.int64)
    for p in range(players):
        for m in range(nq):
            qb[p, m] = quad_base(holes, p, cover, m, quad_index, pair_code)
        for x in range(h):
            a = holes[p, x]
            hole_low[p] |= low_bits[a]
            for y in range(x + 1, h):
                code = pair_code[52 * a + holes[p, y]]
                s = (code >> 8) - 1
                if s >= 0:
                    sp[p, s, nsp[p, s]] = code & 255
                    nsp[p, s] += 1
    return qb, sp, nsp, hole_low


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
    :func:`pokercli._kernels.omaha.lookup.pair_parts`): a hole pair's share of
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
