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

    @lru_cache(maxsize=None)
    def monte_carlo_for(players: int):
        npat = 1 << players

        @cuda.jit
        def monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, base_key,
                        base_mask, k, per_stream, extra, max_redraws, seed, card_keys, offsets,
                        rank_tab, flush_tab, streams, out, stats):
            s = cuda.grid(1)
            if s >= streams:
                return
            samples = per_stream + (1 if s < extra else 0)
            # the stream's seed: SplitMix64 of the seed and the stream's number
            ctr = mix(uint64(seed) ^ mix(uint64(s + 1) * gamma))
            hand_keys = cuda.local.array(MAX_PLAYERS, int64)
            hand_masks = cuda.local.array(MAX_PLAYERS, int64)
            random_players = cuda.local.array(MAX_PLAYERS, int64)
            counts = cuda.local.array(npat, int32)
            for q in range(npat):
                counts[q] = 0
            deck = cuda.local.array(52, int64)
            one = int64(1)
            fixed_used = fixed_mask
            ranged = False
            n_random = 0
            for p in range(players):
                lo = combo_start[p]
                hand_keys[p] = 0
                hand_masks[p] = 0
                if combo_start[p + 1] - lo == 1:
                    c1 = combo_cards[lo, 0]
                    c2 = combo_cards[lo, 1]
                    hand_keys[p] = card_keys[c1] + card_keys[c2]
                    hand_masks[p] = (one << c1) | (one << c2)
                    fixed_used |= hand_masks[p]
                elif combo_start[p + 1] == lo:
                    random_players[n_random] = p
                    n_random += 1
                else:
                    ranged = True
            n = 0
            for c in range(52):
                if not (fixed_used >> c) & 1:
                    deck[n] = c
                    n += 1
            dealt = 2 * n_random
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
                            c1 = combo_cards[j, 0]
                            c2 = combo_cards[j, 1]
                            m = (one << c1) | (one << c2)
                            if used & m:
                                ok = False
                                break
                            used |= m
                            hand_keys[p] = card_keys[c1] + card_keys[c2]
                            hand_masks[p] = m
                        if ok:
                            break
                        redraws += 1
                        if redraws > max_redraws:
                            break
                    if redraws > max_redraws:
                        done = it
                        break
                r = uint64(0)
                bkey = base_key
                bmask = base_mask
                for j in range(k + dealt):
                    if j & 1:
                        r = r << uint64(32)
                    else:
                        ctr += gamma
                        r = mix(ctr)
                    i = j + below(r, n - j)
                    c = deck[i]
                    while (used >> c) & 1:
                        ctr += gamma
                        i = j + below(mix(ctr), n - j)
                        c = deck[i]
                    deck[i] = deck[j]
                    deck[j] = c
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
                counts[pattern] += 1
            for q in range(1, npat):
                if counts[q]:
                    cuda.atomic.add(out, q, int64(counts[q]))
            cuda.atomic.add(stats, 0, int64(done))
            cuda.atomic.add(stats, 1, int64(redraws))

        return monte_carlo

    return deal_patterns_for, monte_carlo_for
