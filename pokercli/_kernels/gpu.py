"""Private CUDA kernels (numba-cuda): exact showdown counts of many deals, and Monte Carlo.

Nothing here imports ``numba.cuda`` until :func:`build` is called (the
package's ``[gpu]`` extra provides it; the module must import without it, and
``NUMBA_ENABLE_CUDASIM=1`` must be set before the first build to run the
kernels on Numba's CUDA simulator). The kernels compute what the CPU kernels
of :mod:`pokercli._kernels.showdown` and :mod:`pokercli._kernels.montecarlo`
compute, with the same tables (:mod:`pokercli._kernels.evaluator`) and the
same integer tallies: counts by winner pattern (bit ``p`` set when player
``p`` has the best hand), so the callers merge them exactly as the CPU's.

The lookup tables come packed (:func:`pokercli.gpu.packed_tables`): ``off``,
the perfect hash's offsets as 32-bit words, and ``tab``, the same words read
as 16-bit half-words, with the strengths of rank multisets from ``rank_base``
and of flush rank sets from ``flush_base``. ``shared`` kernels copy them into
each block's shared memory first (215 KB: a block fills an H100's SM).

``deal_patterns`` (exact, any board so far): thread ``t`` takes deal ``t //
chunks`` and that deal's boards ``per_thread * (t % chunks)`` onwards
(lexicographic combinations of the deal's remaining deck), counts its boards
by winner pattern in registers and adds them to ``out[deal, pattern]`` with
one atomic add per pattern at the end. Parameters:

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
``card_keys``     int64[52]           the evaluator's card keys
``off``, ``tab``, the packed tables (above)
``rank_base``,
``flush_base``
``out``           int64[D, 2**P]      boards by winner pattern, added to
================  ==================  ============================================

``preflop`` (every 5-card board of many deals; see its docstring): 32 deals
a warp, one per lane, and a block's warps share out each deal's boards by a
plan made on the host.

``monte_carlo``: ``streams`` threads, thread ``s`` draws ``per_stream`` (one
more when ``s < extra``) samples from its own SplitMix64 stream seeded by
``seed`` and ``s``; with fixed hands the board is a subset drawn by Floyd's
algorithm, otherwise ranged players get a combo by alias tables and the board
and random players' cards are drawn by rejection; the counts go to
``out[pattern]``; ``stats`` gets the samples taken and deals redrawn.
"""

from __future__ import annotations

from functools import lru_cache

cuda = None  # numba.cuda, set by build()

#: Players at most on the GPU (winner patterns are counted per thread, 2**players slots).
MAX_PLAYERS = 6


@lru_cache(maxsize=1)
def build():
    """Compile-on-first-call kernel factories: ``(deal_patterns_for(players),
    monte_carlo_for(players, shared, fixed, k), preflop_for(players, shared))``."""
    global cuda
    import numba.cuda
    from numba import int32, int64, uint16, uint32, uint64

    cuda = numba.cuda  # a module global: the simulator swaps it for its own while a kernel runs
    from numba.cuda import config

    # kernels launched with 1,024-thread blocks: at most 64 registers a thread (the simulator has no bounds)
    big_blocks = cuda.jit if config.ENABLE_CUDASIM else cuda.jit(launch_bounds=1024)

    from pokercli._kernels import scalar

    # SplitMix64 and the bounded draw: the CPU kernels' own functions (written once),
    # compiled as device functions; the simulator calls them as they are (its
    # wrapper of a device function from another module costs ~20x per call)
    device = (lambda fn: fn) if config.ENABLE_CUDASIM else cuda.jit(device=True, inline=True)
    gamma = uint64(scalar.GAMMA)
    mix = device(scalar.mix64)
    below = device(scalar.draw_below)
    unrank = device(scalar.unrank)
    step = device(scalar.step)

    @cuda.jit(device=True, inline=True)
    def value(key, mask, off, tab, rank_base, flush_base):
        """Strength of a hand from its 64-bit key sum and card mask, read from
        the packed tables (``off``: the offsets as words; ``tab``: the same
        memory as half-words, strengths from ``rank_base`` and ``flush_base``)."""
        k = key & 0xFFFFFFFF
        v = int32(tab[rank_base + (k & 4095) + int64(off[k >> 12])])
        flush = (key >> 35) & 0x1111
        if flush != 0:
            g = (int64((flush & 0x1110) != 0) + int64((flush & 0x1100) != 0)
                 + int64((flush & 0x1000) != 0))
            v = int32(tab[flush_base + ((mask >> (13 * g)) & 0x1FFF)])
        return v

    @lru_cache(maxsize=None)
    def deal_patterns_for(players: int):
        npat = 1 << players

        @cuda.jit
        def deal_patterns(hand_keys, hand_masks, decks, k, per_thread, chunks, total, base_key,
                          base_mask, binom, card_keys, off, tab, rank_base, flush_base, out):
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
            unrank(start, n, k, binom, idx)
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
                    s = value(hand_keys[d, p] + bkey, hand_masks[d, p] | bmask, off, tab, rank_base,
                              flush_base)
                    if s > best:
                        best = s
                        pattern = 1 << p
                    elif s == best:
                        pattern |= 1 << p
                counts[pattern] += 1
                step(idx, n, k)  # the next combination
            for q in range(1, npat):
                if counts[q]:
                    cuda.atomic.add(out, (d, q), int64(counts[q]))

        return deal_patterns

    @lru_cache(maxsize=None)
    def preflop_for(players: int, shared: bool):
        """Every 5-card board of many preflop deals. ``shared``: the packed
        tables are copied into the block's shared memory first (the lookups
        are then shared-memory reads; it needs the device's opt-in size)."""
        npat = 1 << players

        @big_blocks
        def preflop(hand_rk, hand_sk, hand_bits, codes, firsts, plan, parts, packed32, packed16,
                    rank_base, flush_base, code_base, out):
            """Block ``g * parts + part`` takes deals ``32 g .. 32 g + 31``, one
            per lane, so a warp's lanes run the same loops over their own decks
            (no divergence but flushes); warp ``w`` of the block counts the
            boards of the items ``plan[part * warps + w]`` (-1: none), an item
            being the first two deck positions ``firsts[item]``. ``codes[pos,
            deal]``: the deal's ``pos``-th remaining card as its 23-bit rank key,
            card id << 23 and 4 * suit << 27; ``hand_*[deal, p]``: each player's
            rank key sum, suit nibbles and card mask. Counts by winner pattern
            go to ``out[deal]``, one atomic add per pattern and lane."""
            tid = cuda.threadIdx.x
            lane = tid & 31
            warps = cuda.blockDim.x >> 5
            g = cuda.blockIdx.x // parts
            row = (cuda.blockIdx.x - g * parts) * warps + (tid >> 5)
            n = codes.shape[0]
            d = g * 32 + lane
            if shared:
                off = cuda.shared.array(0, uint32)
                tab = cuda.shared.array(0, uint16)
                for i in range(tid, packed32.shape[0], cuda.blockDim.x):
                    off[i] = packed32[i]
                for i in range(tid, n * 32, cuda.blockDim.x):
                    off[code_base + i] = codes[i >> 5, g * 32 + (i & 31)]
                cuda.syncthreads()
            else:
                off = packed32
                tab = packed16
            hrk = cuda.local.array(MAX_PLAYERS, int32)
            hsk = cuda.local.array(MAX_PLAYERS, int32)
            hb = cuda.local.array(MAX_PLAYERS, int64)
            for p in range(players):
                hrk[p] = hand_rk[d, p]
                hsk[p] = hand_sk[d, p]
                hb[p] = hand_bits[d, p]
            counts = cuda.local.array(64, int32)
            for q in range(npat):
                counts[q] = 0
            c1 = c2 = c3 = int32(0)
            one = int64(1)
            for slot in range(plan.shape[1]):
                f = plan[row, slot]
                if f < 0:
                    break
                a = firsts[f, 0]
                b = firsts[f, 1]
                if shared:
                    ea = int32(off[code_base + a * 32 + lane])
                    eb = int32(off[code_base + b * 32 + lane])
                else:
                    ea = int32(codes[a, d])
                    eb = int32(codes[b, d])
                rk_ab = (ea & 0x7FFFFF) + (eb & 0x7FFFFF)
                sk_ab = (int32(1) << ((ea >> 27) & 12)) + (int32(1) << ((eb >> 27) & 12)) + 0x3333
                bm_ab = (one << ((ea >> 23) & 63)) | (one << ((eb >> 23) & 63))
                for i in range(b + 1, n - 2):
                    if shared:
                        ec = int32(off[code_base + i * 32 + lane])
                    else:
                        ec = int32(codes[i, d])
                    rk_c = rk_ab + (ec & 0x7FFFFF)
                    sk_c = sk_ab + (int32(1) << ((ec >> 27) & 12))
                    bm_c = bm_ab | (one << ((ec >> 23) & 63))
                    for j in range(i + 1, n - 1):
                        if shared:
                            ed = int32(off[code_base + j * 32 + lane])
                        else:
                            ed = int32(codes[j, d])
                        rk_d = rk_c + (ed & 0x7FFFFF)
                        sk_d = sk_c + (int32(1) << ((ed >> 27) & 12))
                        bm_d = bm_c | (one << ((ed >> 23) & 63))
                        for k in range(j + 1, n):
                            if shared:
                                ee = int32(off[code_base + k * 32 + lane])
                            else:
                                ee = int32(codes[k, d])
                            rk = rk_d + (ee & 0x7FFFFF)
                            sk = sk_d + (int32(1) << ((ee >> 27) & 12))
                            bm = bm_d | (one << ((ee >> 23) & 63))
                            best = int32(-1)
                            pattern = 0
                            for p in range(players):
                                r = rk + hrk[p]
                                v = int32(tab[rank_base + (r & 4095) + int32(off[r >> 12])])
                                fl = (sk + hsk[p]) & 0x8888
                                if fl != 0:
                                    s = int32(fl > 0x8) + int32(fl > 0x88) + int32(fl > 0x888)
                                    v = int32(tab[flush_base + int32(((hb[p] | bm) >> (13 * s)) & 0x1FFF)])
                                if v > best:
                                    best = v
                                    pattern = 1 << p
                                elif v == best:
                                    pattern |= 1 << p
                            if npat == 4:
                                c1 += pattern == 1
                                c2 += pattern == 2
                                c3 += pattern == 3
                            else:
                                counts[pattern] += 1
            if d < out.shape[0]:
                if npat == 4:
                    if c1:
                        cuda.atomic.add(out, (d, 1), int64(c1))
                    if c2:
                        cuda.atomic.add(out, (d, 2), int64(c2))
                    if c3:
                        cuda.atomic.add(out, (d, 3), int64(c3))
                else:
                    for q in range(1, npat):
                        if counts[q]:
                            cuda.atomic.add(out, (d, q), int64(counts[q]))

        return preflop

    @lru_cache(maxsize=None)
    def monte_carlo_for(players: int, shared: bool, fixed: bool, k: int):
        """The Monte Carlo kernel of ``players`` players and ``k`` board cards
        to come. ``fixed``: every player holds one hand (no range, no random
        hand), so the hands stay in registers and only the board is dealt."""
        npat = 1 << players

        @big_blocks
        def monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, base_key,
                        base_mask, per_stream, extra, max_redraws, seed, card_keys, deck, packed32,
                        packed16, rank_base, flush_base, deck_base, streams, out, stats):
            """32 random bits a card. With ``fixed`` hands the board's ``k`` cards
            are a uniform k-subset of the ``deck`` (the cards still out, each as
            its key plus its card id << 48) by Floyd's algorithm: no rejection,
            so a warp's lanes run in step. Otherwise cards are drawn by
            rejection from the 52 (a card already out is drawn again). ``shared``:
            the packed tables (and ``deck``, from the 64-bit word ``deck_base``)
            are read from the block's shared memory."""
            if shared:
                off = cuda.shared.array(0, uint32)
                tab = cuda.shared.array(0, uint16)
                for i in range(cuda.threadIdx.x, packed32.shape[0], cuda.blockDim.x):
                    off[i] = packed32[i]
                if fixed:
                    deck_sm = cuda.shared.array(0, int64)
                    for i in range(cuda.threadIdx.x, deck.shape[0], cuda.blockDim.x):
                        deck_sm[deck_base + i] = deck[i]
                cuda.syncthreads()
            else:
                off = packed32
                tab = packed16
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
                if fixed or combo_start[p + 1] - lo == 1:
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
            n = deck.shape[0]
            redraws = 0
            done = samples
            r = uint64(0)
            half = 0
            for it in range(samples):
                bkey = base_key
                bmask = base_mask
                if fixed:
                    taken = int64(0)  # deck positions on the board
                    for j in range(n - k, n):
                        if half == 0:
                            ctr += gamma
                            r = mix(ctr)
                            t = int64((r >> uint64(32)) * uint64(j + 1) >> uint64(32))
                        else:
                            t = int64((r & uint64(0xFFFFFFFF)) * uint64(j + 1) >> uint64(32))
                        half ^= 1
                        if (taken >> t) & 1:
                            t = j
                        taken |= one << t
                        if shared:
                            code = deck_sm[deck_base + t]
                        else:
                            code = deck[t]
                        bkey += code
                        bmask |= one << ((code >> 48) & 63)
                else:
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
                    half = 0
                    # one loop over draws, not a loop per card: a warp's lanes then
                    # run until the last has its cards, not each card's rejections in turn
                    j = 0
                    while j < dealt:
                        if half == 0:
                            ctr += gamma
                            r = mix(ctr)
                            c = int64((r >> uint64(32)) * uint64(52) >> uint64(32))
                        else:
                            c = int64((r & uint64(0xFFFFFFFF)) * uint64(52) >> uint64(32))
                        half ^= 1
                        bit = one << c
                        if used & bit:
                            continue
                        used |= bit
                        if j < k:
                            bkey += card_keys[c]
                            bmask |= bit
                        else:
                            p = random_players[(j - k) >> 1]
                            if (j - k) & 1 == 0:
                                hand_keys[p] = card_keys[c]
                                hand_masks[p] = bit
                            else:
                                hand_keys[p] += card_keys[c]
                                hand_masks[p] |= bit
                        j += 1
                if players == 2:
                    v0 = value(hand_keys[0] + bkey, hand_masks[0] | bmask, off, tab, rank_base, flush_base)
                    v1 = value(hand_keys[1] + bkey, hand_masks[1] | bmask, off, tab, rank_base, flush_base)
                    c1 += v0 > v1
                    c2 += v1 > v0
                    c3 += v0 == v1
                    continue
                best = int32(-1)
                pattern = 0
                for p in range(players):
                    v = value(hand_keys[p] + bkey, hand_masks[p] | bmask, off, tab, rank_base,
                              flush_base)
                    if v > best:
                        best = v
                        pattern = 1 << p
                    elif v == best:
                        pattern |= 1 << p
                if npat == 8:
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
