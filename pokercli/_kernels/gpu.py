"""Private CUDA kernels (numba-cuda): exact showdown counts of many deals, and Monte Carlo.

Nothing here imports ``numba.cuda`` until :func:`build` is called (the
package's ``[gpu]`` extra provides it; the module must import without it, and
``NUMBA_ENABLE_CUDASIM=1`` must be set before the first build to run the
kernels on Numba's CUDA simulator). The kernels compute what the CPU kernels
of :mod:`pokercli._kernels.showdown` and :mod:`pokercli._kernels.montecarlo`
compute, with the same tables (:mod:`pokercli._kernels.evaluator`) and the
same integer tallies: counts by winner pattern (bit ``p`` set when player
``p`` has the best hand), so the callers merge them exactly as the CPU's.

``deal_patterns`` (exact): thread ``t`` takes deal ``t // chunks`` and that
deal's boards ``per_thread * (t % chunks)`` onwards (lexicographic
combinations of the deal's remaining deck), counts its boards by winner
pattern in registers and adds them to ``out[deal, pattern]`` with one atomic
add per pattern at the end. Parameters:

================  ==================  ============================================
``hand_keys``     int64[D, P]         each deal's players' hole-card key sums
``hand_masks``    int64[D, P]         their 52-bit card masks
``decks``         int8[D, n]          each deal's remaining cards (card ids)
``k``             int                 board cards to come (0..5)
``per_thread``    int                 boards per thread
``chunks``        int                 threads per deal
``total``         int                 boards per deal, C(n, k)
``base_key``      int64               ``KEY_INIT`` plus the known board's keys
``base_mask``     int64               the known board's mask
``binom``         int64[53, 53]       binomials
``card_keys``,    as the evaluator's  ``offsets`` and 16-bit strength tables
``offsets``, ...
``out``           int64[D, 2**P]      boards by winner pattern, added to
================  ==================  ============================================

``monte_carlo``: ``streams`` threads, thread ``s`` draws ``per_stream`` (one
more when ``s < extra``) samples from its own SplitMix64 stream seeded by
``seed`` and ``s``; the dealing is the CPU kernel's (alias tables for ranged
players, a partial shuffle for the board and random players) and the counts
go to ``out[pattern]``; ``stats`` gets the samples taken and deals redrawn.
"""

from __future__ import annotations

from functools import lru_cache

cuda = None  # numba.cuda, set by build()

#: Players at most on the GPU (winner patterns are counted per thread, 2**players slots).
MAX_PLAYERS = 6


@lru_cache(maxsize=1)
def build():
    """Compile-on-first-call kernels: ``(deal_patterns_for(players), monte_carlo_for(players))``."""
    global cuda
    import numba.cuda
    from numba import int32, int64, uint64

    cuda = numba.cuda  # a module global: the simulator swaps it for its own while a kernel runs

    gamma = uint64(0x9E3779B97F4A7C15)

    @cuda.jit(device=True, inline=True)
    def mix(z):
        z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
        return z ^ (z >> uint64(31))

    @cuda.jit(device=True, inline=True)
    def below(r, n):
        return int64(((r >> uint64(32)) * uint64(n)) >> uint64(32))

    @cuda.jit(device=True, inline=True)
    def value(key, mask, offsets, rank_tab, flush_tab):
        k = key & 0xFFFFFFFF
        v = int64(rank_tab[(k & 4095) + offsets[k >> 12]])
        flush = (key >> 35) & 0x1111
        if flush != 0:
            g = (int64((flush & 0x1110) != 0) + int64((flush & 0x1100) != 0)
                 + int64((flush & 0x1000) != 0))
            v = int64(flush_tab[(mask >> (13 * g)) & 0x1FFF])
        return v

    @lru_cache(maxsize=None)
    def deal_patterns_for(players: int):
        npat = 1 << players

        @cuda.jit
        def deal_patterns(hand_keys, hand_masks, decks, k, per_thread, chunks, total, base_key,
                          base_mask, binom, card_keys, offsets, rank_tab, flush_tab, out):
            t = cuda.grid(1)
            d = t // chunks
            if d >= hand_keys.shape[0]:
                return
            start = (t % chunks) * per_thread
            if start >= total:
                return
            count = min(per_thread, total - start)
            n = decks.shape[1]
            idx = cuda.local.array(5, int64)
            counts = cuda.local.array(npat, int32)
            for q in range(npat):
                counts[q] = 0
            # the combination of rank `start` (lexicographic), then successors
            r = start
            x = 0
            for i in range(k):
                while binom[n - x - 1, k - i - 1] <= r:
                    r -= binom[n - x - 1, k - i - 1]
                    x += 1
                idx[i] = x
                x += 1
            one = int64(1)
            for it in range(count):
                bkey = base_key
                bmask = base_mask
                for j in range(k):
                    c = int64(decks[d, idx[j]])
                    bkey += card_keys[c]
                    bmask |= one << c
                best = int64(-1)
                pattern = 0
                for p in range(players):
                    s = value(hand_keys[d, p] + bkey, hand_masks[d, p] | bmask, offsets, rank_tab,
                              flush_tab)
                    if s > best:
                        best = s
                        pattern = 1 << p
                    elif s == best:
                        pattern |= 1 << p
                counts[pattern] += 1
                # next combination
                i = k - 1
                while i >= 0 and idx[i] == n - k + i:
                    i -= 1
                if i >= 0:
                    idx[i] += 1
                    for j in range(i + 1, k):
                        idx[j] = idx[j - 1] + 1
            for q in range(1, npat):
                if counts[q]:
                    cuda.atomic.add(out, (d, q), int64(counts[q]))

        return deal_patterns

    @cuda.jit(device=True, inline=True)
    def value32(rk, sk, hand_bits, b0, b1, b2, b3, b4, offsets, rank_tab, flush_tab):
        """Strength of a 7-card hand from its 32-bit rank key sum ``rk`` and suit
        nibble sum ``sk`` (3 added to each nibble: bit 3 set when a suit has five
        cards); in the rare flush case the suit's ranks are gathered from the
        hand's per-suit bits ``hand_bits`` (13 bits a suit, 4 suits in an int64)
        and the five board cards."""
        v = int32(rank_tab[(rk & 4095) + offsets[rk >> 12]])
        flush = (sk >> 3) & 0x1111
        if flush != 0:
            g = int32((flush & 0x1110) != 0) + int32((flush & 0x1100) != 0) + int32((flush & 0x1000) != 0)
            bits = (hand_bits >> (13 * g)) & 0x1FFF
            for c in (b0, b1, b2, b3, b4):
                if c // 13 == g:
                    bits |= 1 << (c % 13)
            v = int32(flush_tab[bits])
        return v

    @lru_cache(maxsize=None)
    def preflop_for(players: int):
        npat = 1 << players

        @cuda.jit
        def preflop(hand_rk, hand_sk, hand_bits, decks, firsts, rkeys, offsets, rank_tab, flush_tab,
                    out):
            """Every 5-card board of each deal's deck: thread ``t`` takes deal
            ``t // len(firsts)`` and the boards whose first two deck positions
            are ``firsts[t % len(firsts)]``; tallies in registers."""
            t = cuda.grid(1)
            nf = firsts.shape[0]
            d = t // nf
            if d >= decks.shape[0]:
                return
            a = firsts[t % nf, 0]
            b = firsts[t % nf, 1]
            n = decks.shape[1]
            ca = int32(decks[d, a])
            cb = int32(decks[d, b])
            rk_ab = rkeys[ca] + rkeys[cb]
            sk_ab = (1 << (4 * (ca // 13))) + (1 << (4 * (cb // 13))) + 0x3333
            c1 = c2 = c3 = c4 = c5 = c6 = c7 = int64(0)
            counts = cuda.local.array(npat, int64)
            if npat > 8:
                for q in range(npat):
                    counts[q] = 0
            for i in range(b + 1, n - 2):
                cc = int32(decks[d, i])
                rk_c = rk_ab + rkeys[cc]
                sk_c = sk_ab + (1 << (4 * (cc // 13)))
                for j in range(i + 1, n - 1):
                    cd = int32(decks[d, j])
                    rk_d = rk_c + rkeys[cd]
                    sk_d = sk_c + (1 << (4 * (cd // 13)))
                    for k in range(j + 1, n):
                        ce = int32(decks[d, k])
                        rk = rk_d + rkeys[ce]
                        sk = sk_d + (1 << (4 * (ce // 13)))
                        best = int32(-1)
                        pattern = 0
                        for p in range(players):
                            v = value32(rk + hand_rk[d, p], sk + hand_sk[d, p], hand_bits[d, p],
                                        ca, cb, cc, cd, ce, offsets, rank_tab, flush_tab)
                            if v > best:
                                best = v
                                pattern = 1 << p
                            elif v == best:
                                pattern |= 1 << p
                        if npat <= 8:
                            c1 += pattern == 1
                            c2 += pattern == 2
                            c3 += pattern == 3
                            c4 += pattern == 4
                            c5 += pattern == 5
                            c6 += pattern == 6
                            c7 += pattern == 7
                        else:
                            counts[pattern] += 1
            if npat <= 8:
                for q, c in ((1, c1), (2, c2), (3, c3), (4, c4), (5, c5), (6, c6), (7, c7)):
                    if c and q < npat:
                        cuda.atomic.add(out, (d, q), c)
            else:
                for q in range(1, npat):
                    if counts[q]:
                        cuda.atomic.add(out, (d, q), counts[q])

        return preflop

    @lru_cache(maxsize=None)
    def monte_carlo_for(players: int):
        npat = 1 << players

        @cuda.jit
        def monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, base_key,
                        base_mask, k, per_stream, extra, max_redraws, seed, card_keys, offsets,
                        rank_tab, flush_tab, streams, out, stats):
            """Cards are drawn by rejection from the 52 (a card already out is
            drawn again), 32 random bits a card: no deck in memory."""
            s = cuda.grid(1)
            if s >= streams:
                return
            samples = per_stream + (1 if s < extra else 0)
            ctr = mix(uint64(seed) ^ mix(uint64(s + 1) * gamma))
            hand_keys = cuda.local.array(MAX_PLAYERS, int64)
            hand_masks = cuda.local.array(MAX_PLAYERS, int64)
            random_players = cuda.local.array(MAX_PLAYERS, int64)
            counts = cuda.local.array(npat, int64)
            if npat > 8:
                for q in range(npat):
                    counts[q] = 0
            c1 = c2 = c3 = c4 = c5 = c6 = c7 = int64(0)
            one = int64(1)
            fixed_used = fixed_mask
            ranged = False
            n_random = 0
            for p in range(players):
                lo = combo_start[p]
                hand_keys[p] = 0
                hand_masks[p] = 0
                if combo_start[p + 1] - lo == 1:
                    x1 = combo_cards[lo, 0]
                    x2 = combo_cards[lo, 1]
                    hand_keys[p] = card_keys[x1] + card_keys[x2]
                    hand_masks[p] = (one << x1) | (one << x2)
                    fixed_used |= hand_masks[p]
                elif combo_start[p + 1] == lo:
                    random_players[n_random] = p
                    n_random += 1
                else:
                    ranged = True
            dealt = k + 2 * n_random
            redraws = 0
            done = samples
            for it in range(samples):
                used = fixed_used
                if ranged:
                    while True:
                        used = fixed_used
                        ok = True
                        for p in range(players):
                            lo = combo_start[p]
                            hi = combo_start[p + 1]
                            if hi - lo <= 1:
                                continue
                            ctr += gamma
                            r = mix(ctr)
                            j = lo + below(r, hi - lo)
                            if (r & uint64(0xFFFFFFFF)) >= alias_keep[j]:
                                j = alias_other[j]
                            x1 = combo_cards[j, 0]
                            x2 = combo_cards[j, 1]
                            m = (one << x1) | (one << x2)
                            if used & m:
                                ok = False
                                break
                            used |= m
                            hand_keys[p] = card_keys[x1] + card_keys[x2]
                            hand_masks[p] = m
                        if ok:
                            break
                        redraws += 1
                        if redraws > max_redraws:
                            break
                    if redraws > max_redraws:
                        done = it
                        break
                bkey = base_key
                bmask = base_mask
                r = uint64(0)
                half = 0
                for j in range(dealt):
                    while True:
                        if half == 0:
                            ctr += gamma
                            r = mix(ctr)
                            c = int64((r >> uint64(32)) * uint64(52) >> uint64(32))
                        else:
                            c = int64((r & uint64(0xFFFFFFFF)) * uint64(52) >> uint64(32))
                        half ^= 1
                        if not (used >> c) & 1:
                            break
                    used |= one << c
                    if j < k:
                        bkey += card_keys[c]
                        bmask |= one << c
                    else:
                        p = random_players[(j - k) >> 1]
                        if (j - k) & 1 == 0:
                            hand_keys[p] = card_keys[c]
                            hand_masks[p] = one << c
                        else:
                            hand_keys[p] += card_keys[c]
                            hand_masks[p] |= one << c
                best = int64(-1)
                pattern = 0
                for p in range(players):
                    v = value(hand_keys[p] + bkey, hand_masks[p] | bmask, offsets, rank_tab,
                              flush_tab)
                    if v > best:
                        best = v
                        pattern = 1 << p
                    elif v == best:
                        pattern |= 1 << p
                if npat <= 8:
                    c1 += pattern == 1
                    c2 += pattern == 2
                    c3 += pattern == 3
                    c4 += pattern == 4
                    c5 += pattern == 5
                    c6 += pattern == 6
                    c7 += pattern == 7
                else:
                    counts[pattern] += 1
            if npat <= 8:
                for q, c in ((1, c1), (2, c2), (3, c3), (4, c4), (5, c5), (6, c6), (7, c7)):
                    if c and q < npat:
                        cuda.atomic.add(out, q, c)
            else:
                for q in range(1, npat):
                    if counts[q]:
                        cuda.atomic.add(out, q, counts[q])
            cuda.atomic.add(stats, 0, int64(done))
            cuda.atomic.add(stats, 1, int64(redraws))

        return monte_carlo

    return deal_patterns_for, monte_carlo_for, preflop_for
