"""Private CUDA kernel (numba-cuda): the stud and draw games' exact showdowns.

:func:`build` returns ``stud_exact``, the device twin of
:func:`pokercli._kernels.stud.stud_showdowns` in its exact mode: thread ``t``
takes ``per_thread`` combinations from ``first + t * per_thread`` on, below
``last`` (lexicographic, of the missing cards out of the pool), splits each
among the players every way of ``places``, values every hand by the game's
rule and adds the same integer tallies (``hi``, ``hl``, ``lo``, ``scoop``, ``sq``, ``stats``, ``types``),
kept per thread and added to the device arrays with one atomic add each at
the end. The values are the CPU's: the evaluator's 32-bit score tables (or
the low table for razz), read from device memory.

Nothing imports ``numba.cuda`` until :func:`build` is called; with
``NUMBA_ENABLE_CUDASIM=1`` set first it runs on Numba's CUDA simulator.
"""

from functools import lru_cache

#: The most players and missing cards a thread keeps tallies and positions for.
MAX_PLAYERS = 8
MAX_MISSING = 56
#: Sizes of a thread's tallies: a local array's size must be a literal number for
#: numba-cuda (a module global is one, an expression of globals is not).
TALLY = MAX_PLAYERS * (MAX_PLAYERS + 1)
TYPES = MAX_PLAYERS * 10


@lru_cache(maxsize=1)
def build():
    global cuda
    import numba.cuda
    from numba import int64

    cuda = numba.cuda  # a module global: the simulator swaps it for its own while a kernel runs
    from numba.cuda import config

    from pokercli._kernels import scalar
    from pokercli._kernels.evaluator import KEY_INIT
    from pokercli._kernels.omaha.deals import SHARE_UNIT
    from pokercli._kernels.stud import BELOW_TYPE, WHEEL_FLUSH, WHEEL_HIGH, WHEEL_STRAIGHT, WHEEL_STRAIGHT_FLUSH

    device = (lambda fn: fn) if config.ENABLE_CUDASIM else cuda.jit(device=True, inline=True)
    unrank = device(scalar.unrank)
    step = device(scalar.step)
    subsets = device(scalar.badugi_subsets)
    share_unit, key_init = int64(SHARE_UNIT), int64(KEY_INIT)
    wheel_straight, wheel_straight_flush = int64(WHEEL_STRAIGHT), int64(WHEEL_STRAIGHT_FLUSH)
    wheel_high, wheel_flush, below_type = int64(WHEEL_HIGH), int64(WHEEL_FLUSH), int64(BELOW_TYPE)

    @cuda.jit(device=True, inline=True)
    def rank_value(key, offsets, tab):
        k = key & 0xFFFFFFFF
        return int64(tab[(k & 4095) + int64(offsets[k >> 12])])

    @cuda.jit(device=True, inline=True)
    def high_value(key, mask, offsets, rank_score, flush_score):
        flush = (key >> 35) & 0x1111
        if flush != 0:
            g = (int64((flush & 0x1110) != 0) + int64((flush & 0x1100) != 0)
                 + int64((flush & 0x1000) != 0))
            return int64(flush_score[(mask >> (13 * g)) & 0x1FFF])
        return rank_value(key, offsets, rank_score)

    @cuda.jit(device=True, inline=True)
    def badugi_score(mask):
        """:func:`pokercli._kernels.stud.badugi_score`: the best set of cards
        with no two of a suit or rank, the most cards first, then the lowest."""
        c0 = c1 = c2 = c3 = int64(0)
        n = 0
        for c in range(52):
            if n < 4 and (mask >> c) & 1:
                if n == 0:
                    c0 = c
                elif n == 1:
                    c1 = c
                elif n == 2:
                    c2 = c
                else:
                    c3 = c
                n += 1
        return subsets(c0, c1, c2, c3, n, False)[0]

    @cuda.jit(device=True, inline=True)
    def hand_score(key, mask, rule, offsets, rank_score, flush_score):
        """:func:`pokercli._kernels.stud.hand_score`."""
        if rule == 1:
            return rank_value(key, offsets, rank_score)
        if rule == 3:
            return badugi_score(mask)
        h = high_value(key, mask, offsets, rank_score, flush_score)
        if rule == 2:
            if h == wheel_straight:
                h = wheel_high
            elif h == wheel_straight_flush:
                h = wheel_flush
            return ((int64(10) - (h >> 26)) << 26) | (below_type - (h & below_type))
        return h

    @cuda.jit
    def stud_exact(hands, sizes, pool, places, first, per_thread, last, rule, hilo, card_keys, offsets,
                   rank_score, flush_score, nopair, binom, with_types, hi, hl, lo, scoop, sq, stats, types):
        t = cuda.grid(1)
        start = first + int64(t) * per_thread
        if start >= last:
            return
        count = min(per_thread, last - start)
        players = hands.shape[0]
        full = hands.shape[1]
        n = pool.shape[0]
        ways = places.shape[0]
        k = 0
        for p in range(players):
            k += full - sizes[p]
        key0 = cuda.local.array(MAX_PLAYERS, int64)
        mask0 = cuda.local.array(MAX_PLAYERS, int64)
        a1 = cuda.local.array(MAX_PLAYERS, int64)
        value = cuda.local.array(MAX_PLAYERS, int64)
        low = cuda.local.array(MAX_PLAYERS, int64)
        t_hi = cuda.local.array(TALLY, int64)
        t_hl = cuda.local.array(TALLY, int64)
        t_lo = cuda.local.array(TALLY, int64)
        t_scoop = cuda.local.array(MAX_PLAYERS, int64)
        t_sq = cuda.local.array(MAX_PLAYERS, int64)
        t_types = cuda.local.array(TYPES, int64)
        idx = cuda.local.array(MAX_MISSING, int64)
        drawn = cuda.local.array(MAX_MISSING, int64)
        for i in range(TALLY):
            t_hi[i] = 0
            t_hl[i] = 0
            t_lo[i] = 0
        for i in range(TYPES):
            t_types[i] = 0
        for p in range(MAX_PLAYERS):
            t_scoop[p] = 0
            t_sq[p] = 0
        no_low = int64(0)
        one = int64(1)
        for p in range(players):
            key = key_init
            mask = int64(0)
            m1 = int64(0)
            for i in range(sizes[p]):
                c = hands[p, i]
                key += card_keys[c]
                mask |= one << c
                m1 |= one << ((c % 13 + 1) % 13)
            key0[p] = key
            mask0[p] = mask
            a1[p] = m1
        if k > 0:
            unrank(start, n, k, binom, idx)
        for it in range(count):
            for i in range(k):
                drawn[i] = pool[idx[i]]
            for s in range(ways):
                best_h = int64(0)
                best_l = int64(0)
                for p in range(players):
                    key = key0[p]
                    mask = mask0[p]
                    m1 = a1[p]
                    for i in range(full - sizes[p]):
                        c = drawn[places[s, p, i]]
                        key += card_keys[c]
                        mask |= one << c
                        m1 |= one << ((c % 13 + 1) % 13)
                    v = hand_score(key, mask, rule, offsets, rank_score, flush_score)
                    value[p] = v
                    best_h = max(best_h, v)
                    if hilo:
                        lm = m1 & 0xFF
                        bits = 0
                        for b in range(8):
                            bits += (lm >> b) & 1
                        low[p] = int64(nopair[lm]) if bits >= 5 else int64(0)
                        best_l = max(best_l, low[p])
                nh = 0
                nl = 0
                for p in range(players):
                    nh += 1 if value[p] == best_h else 0
                    nl += 1 if hilo and low[p] == best_l else 0
                has_low = hilo and best_l > 0
                if hilo and not has_low:
                    no_low += 1
                for p in range(players):
                    wh = value[p] == best_h
                    wl = has_low and low[p] == best_l
                    share = int64(0)
                    if has_low:
                        if wh:
                            t_hl[p * (MAX_PLAYERS + 1) + nh] += 1
                            share += share_unit // (2 * nh)
                        if wl:
                            t_lo[p * (MAX_PLAYERS + 1) + nl] += 1
                            share += share_unit // (2 * nl)
                        if wh and wl and nh == 1 and nl == 1:
                            t_scoop[p] += 1
                    elif wh:
                        t_hi[p * (MAX_PLAYERS + 1) + nh] += 1
                        share = share_unit // nh
                        if nh == 1:
                            t_scoop[p] += 1
                    t_sq[p] += share * share
                    if with_types:
                        t_types[p * 10 + (value[p] >> 26)] += 1
            if k > 0:
                step(idx, n, k)
        for p in range(players):
            for m in range(players + 1):
                x = t_hi[p * (MAX_PLAYERS + 1) + m]
                if x:
                    cuda.atomic.add(hi, (p, m), x)
                x = t_hl[p * (MAX_PLAYERS + 1) + m]
                if x:
                    cuda.atomic.add(hl, (p, m), x)
                x = t_lo[p * (MAX_PLAYERS + 1) + m]
                if x:
                    cuda.atomic.add(lo, (p, m), x)
            if t_scoop[p]:
                cuda.atomic.add(scoop, p, t_scoop[p])
            if t_sq[p]:
                cuda.atomic.add(sq, p, t_sq[p])
            if with_types:
                for j in range(10):
                    if t_types[p * 10 + j]:
                        cuda.atomic.add(types, (p, j), t_types[p * 10 + j])
        if no_low:
            cuda.atomic.add(stats, 0, no_low)

    return stud_exact
