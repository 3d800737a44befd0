"""Private kernel: an Omaha deal's showdowns over every five-card board without
telling apart cards whose suit cannot matter (issue #15, part 1, in the Omaha games).

The idea of :mod:`pokercli._kernels.rankboards`, with Omaha's rule. A hand's
value without flushes (:mod:`pokercli._kernels.omaha`'s ``quad_best``) and its
low depend on the board's **rank multiset** only, and a flush needs two hole
and three board cards of one suit, which a five-card board holds for at most
one suit. So every board is first counted by its rank multiset (at most 6,175,
each weighted by the number of boards that have it: the product over its ranks
of C(cards of that rank left, copies)), every player valued without flushes.
Then, for each suit of which some player holds two or more cards, each set of
three, four or five of its cards left, and each rank multiset of the other
board cards (drawn from the other suits, so they cannot flush; only the number
of ways to pick them counts), the kernel adds the showdown with the flushes
and takes away the one without, both weighted by that number of ways; where
no player's value changes nothing is added. Every board is counted once,
exactly as the full enumeration counts it (tested against it on deals of
every game and size).

Showdowns are counted by outcome pattern: ``acc[H, L]`` holds the boards
whose best high hands are the players of bit set ``H`` and best lows those of
``L`` (``L = 1 << players``: no low qualifies, or a game without one);
:func:`tally_patterns` turns the patterns into the tallies of
:mod:`pokercli._kernels.omaha`. As Aces and Kings double-suited against Queens:
about 6,000 multisets and 60,000 flush sets instead of 1,086,008 boards.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.jit import jit
from pokercli._kernels.omaha.deals import SHARE_UNIT
from pokercli._kernels.combinator import next_combination
from pokercli._kernels.omaha.evaluate import hand_parts
from pokercli._kernels.rankboards import rank_index, winner_bits, rank_multisets


@jit
def omaha_rank_boards5(holes, avail, card_keys, offsets, board_index, quad_index, quad_best,
                       flush_best, low_best, low_bits, pair_code, cover, hilo, with_types, type_of,
                       acc, types):
    """Every five-card board of the cards in ``avail`` (a 52-bit set: the deck
    less the players' and dead cards) for the fixed hands ``holes``
    (int64[players, h]), counted into ``acc`` (int64[2**players, 2**players + 1],
    see the module) and, with ``with_types``, ``types[p, t]`` (boards on which
    player ``p``'s high hand has type ``t``). Tables as in
    :func:`pokercli._kernels.omaha.deals.omaha_boards`."""
    players = holes.shape[0]
    nq = cover.shape[0]
    one = np.int64(1)
    # each cover quad's first quad_best entry; suited pairs' rank indices by suit; low-rank sets
    qb, sp, nsp, hole_low = hand_parts(holes, cover, quad_index, pair_code, low_bits)
    rank_keys = np.empty(13, np.int64)
    low_of = np.empty(13, np.int64)
    left = np.zeros(13, np.int64)  # cards of each rank left
    for r in range(13):
        rank_keys[r] = card_keys[r] & 0xFFFFFFFF
        low_of[r] = low_bits[r]
        for g in range(4):
            left[r] += (avail >> (13 * g + r)) & 1
    flat = np.empty(players, np.int64)
    values = np.empty(players, np.int64)
    lows = np.empty(players, np.int64)
    flush = np.empty(players, np.int64)
    # 1. every board by its rank multiset, valued without flushes
    multisets, board_keys, counts = rank_multisets(left, 5, rank_keys)
    for i in range(counts.shape[0]):
        weight = counts[i]
        board_low = np.int64(0)
        for j in range(5):
            board_low |= low_of[multisets[i, j]]
        row = np.int64(board_index[rank_index(board_keys[i], offsets)])
        best_low = np.int64(0)
        for p in range(players):
            best = np.int64(0)
            for m in range(nq):
                best = max(best, np.int64(quad_best[qb[p, m] + row]))
            flat[p] = best
            lows[p] = low_best[(hole_low[p] << 8) | board_low] * np.int64(hilo)
            best_low = max(best_low, lows[p])
            if with_types:
                types[p, type_of[best]] += weight
        code = winner_bits(lows, players) if best_low > 0 else np.int64(1) << players
        acc[winner_bits(flat, players), code] += weight
    # 2. the boards with three or more cards of a suit some player holds two of:
    #    the showdown with flushes in, the one without out
    suited = np.empty(13, np.int64)
    other = np.empty(13, np.int64)  # cards of each rank left outside suit g
    for g in range(4):
        flushable = False
        for p in range(players):
            flushable |= nsp[p, g] > 0
        if not flushable:
            continue
        n_suited = 0
        for r in range(13):
            bit = (avail >> (13 * g + r)) & 1
            other[r] = left[r] - bit
            if bit:
                suited[n_suited] = r
                n_suited += 1
        for k in range(3, min(5, n_suited) + 1):
            rest_ranks, rest_keys, rest_counts = rank_multisets(other, 5 - k, rank_keys)  # the other cards
            rest_lows = np.zeros(rest_counts.shape[0], np.int64)
            for t in range(rest_counts.shape[0]):
                for j in range(5 - k):
                    rest_lows[t] |= low_of[rest_ranks[t, j]]
            pick = np.arange(k)
            while True:
                fbits = np.int64(0)
                fkey = np.int64(0)
                flow = np.int64(0)
                for i in range(k):
                    r = suited[pick[i]]
                    fbits |= one << r
                    fkey += rank_keys[r]
                    flow |= low_of[r]
                base = fbits * 169
                for p in range(players):  # each player's best flush with these suited cards
                    best = np.int64(0)
                    for j in range(nsp[p, g]):
                        best = max(best, np.int64(flush_best[base + sp[p, g, j]]))
                    flush[p] = best
                for t in range(rest_counts.shape[0]):
                    weight = rest_counts[t]
                    board_low = flow | rest_lows[t]
                    row = np.int64(board_index[rank_index(fkey + rest_keys[t], offsets)])
                    changed = False
                    for p in range(players):
                        best = np.int64(0)
                        for m in range(nq):
                            best = max(best, np.int64(quad_best[qb[p, m] + row]))
                        flat[p] = best
                        values[p] = max(best, flush[p])
                        changed |= flush[p] > best
                    if not changed:
                        continue
                    if with_types:
                        for p in range(players):
                            types[p, type_of[values[p]]] += weight
                            types[p, type_of[flat[p]]] -= weight
                    high = winner_bits(values, players)
                    was = winner_bits(flat, players)
                    if high == was:  # the same showdown: the patterns cancel
                        continue
                    best_low = np.int64(0)
                    for p in range(players):
                        lows[p] = low_best[(hole_low[p] << 8) | board_low] * np.int64(hilo)
                        best_low = max(best_low, lows[p])
                    code = winner_bits(lows, players) if best_low > 0 else np.int64(1) << players
                    acc[high, code] += weight
                    acc[was, code] -= weight
                if not next_combination(pick, n_suited):  # the next k-subset of the suited ranks left
                    break


@jit
def tally_patterns(acc, hilo, hi, hl, lo, scoop, sq, stats):
    """Add the outcome patterns ``acc`` (see the module) to the tallies of
    :mod:`pokercli._kernels.omaha.deals` (``hi``, ``hl``, ``lo``, ``scoop``, ``sq``,
    ``stats[0]``), as that module's kernels count board by board."""
    players = hi.shape[0]
    none = np.int64(1) << players
    for hmask in range(1, none):
        nh = 0
        for p in range(players):
            nh += (hmask >> p) & 1
        for code in range(none + 1):
            w = acc[hmask, code]
            if w == 0:
                continue
            has_low = code != none
            nl = 0
            for p in range(players):
                nl += (code >> p) & 1 if has_low else 0
            if hilo and not has_low:
                stats[0] += w
            for p in range(players):
                wh = (hmask >> p) & 1 == 1
                wl = has_low and (code >> p) & 1 == 1
                share = 0
                if has_low:
                    if wh:
                        hl[p, nh] += w
                        share += SHARE_UNIT // (2 * nh)
                    if wl:
                        lo[p, nl] += w
                        share += SHARE_UNIT // (2 * nl)
                    if wh and wl and nh == 1 and nl == 1:
                        scoop[p] += w
                elif wh:
                    hi[p, nh] += w
                    share = SHARE_UNIT // nh
                    if nh == 1:
                        scoop[p] += w
                sq[p] += share * share * w
