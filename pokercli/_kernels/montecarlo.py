"""Monte Carlo equity kernel: random deals and runouts, tallied like the enumerations.

A seed and its batch number give the same deals on every machine: the
generator is SplitMix64 (a counter run through a mixing function), and a
kernel call never depends on another one.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import next_combination
from pokercli._kernels.evaluator import hand_value, rank_value, suit_of_nibble
from pokercli._kernels.jit import jit, jit_inline, vector_multiply64
from pokercli._kernels.showdown import showdown_pattern

from pokercli._kernels import scalar

_GAMMA = scalar.GAMMA
#: SplitMix64's output function and a bounded draw, written once for the CPU
#: and CUDA kernels (:mod:`pokercli._kernels.scalar`).
mix64 = jit_inline(scalar.mix64)
draw_below = jit_inline(scalar.draw_below)


@jit
def monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, base_key, base_mask,
                k, samples, max_redraws, seed, card_keys, offsets, rank_score, flush_score,
                rank_strength, flush_strength, patterns, outcome, types, with_types, stats):
    """``samples`` random deals: each player's hand, then ``k`` board cards.

    Players come in three kinds, by how many combos they list in
    ``combo_cards[combo_start[p]:combo_start[p + 1]]``:

    * one combo: a fixed hand, dealt once, outside the loop;
    * several: a ranged player, whose combo is drawn by Walker's alias method
      (:func:`pokercli.equity_calc.alias_table`): a uniform column ``j``, kept when
      32 random bits fall below ``alias_keep[j]``, else replaced by
      ``alias_other[j]``. When two ranged players' combos collide, all of them
      are drawn again, which samples the weighted distribution over valid
      deals exactly;
    * none: a ``random`` player (every two cards alike): dealt from the deck
      like the board, so any number of them costs no redraws.

    ``fixed_mask`` holds the board and dead cards (never dealt), ``base_mask``
    and ``base_key`` the board alone. The board and then the random players'
    cards come from a partial Fisher-Yates shuffle of the cards no fixed hand
    holds (deck positions 0 .. k - 1, then k ..); a card a ranged player holds
    in this deal is drawn again. A random number gives two cards (its high
    half, then its low half).

    Measured in runs taking turns with the kernel before random players were
    dealt: the board loop kept as it was (a constant five-card loop, random
    cards after it) and the redraw budget checked only where ranged players
    are drawn keep heads-up fixed hands at the same speed; either change
    alone cost 10-40 %.

    The generator is SplitMix64, a counter run through a mixing function, so a
    seed (64 bits) gives the same deals on every machine, and successive
    numbers do not wait on each other.

    The call stops early after ``max_redraws`` redrawn deals of the ranged
    players (so that a call always returns soon, however rarely their ranges
    fit together); ``stats[0]`` is the number of samples taken,
    ``stats[1]`` the number of redrawn deals.

    Parameters (``card_keys``, ``offsets``, tables, ``base_key``,
    ``base_mask``, ``patterns``, ``outcome``, ``types``, ``with_types`` as in
    :mod:`pokercli._kernels.showdown`):

    * ``combo_cards``: int64[combos, 2], every listed combo's two card ids;
    * ``combo_start``: int64[players + 1], player ``p``'s combos are rows
      ``combo_start[p]`` .. ``combo_start[p + 1] - 1``;
    * ``alias_keep``: uint64[combos], ``alias_other``: int64[combos], the
      alias table of each ranged player's rows (``other`` as row numbers);
    * ``fixed_mask``: int64, the board and dead cards (52-bit);
    * ``k``: board cards to come (0..5); ``samples``: samples wanted;
      ``max_redraws``: the redraw budget of this call; ``seed``: uint64;
    * ``rank_score``/``flush_score``: 30-bit score tables (multiway);
      ``rank_strength``/``flush_strength``: 16-bit strengths (heads-up);
    * ``stats``: int64[2], written.
    """
    ctr = mix64(np.uint64(seed))
    players = combo_start.shape[0] - 1
    hand_keys = np.zeros(players, np.int64)
    hand_masks = np.zeros(players, np.int64)
    random_players = np.zeros(players, np.int64)
    one = np.int64(1)
    redraws = 0
    heads_up = players == 2 and not with_types
    w0 = 0
    w1 = 0
    # players with a single combo (fixed hands) are dealt once, outside the loop
    fixed_used = fixed_mask
    ranged = False
    n_random = 0
    for p in range(players):
        lo = combo_start[p]
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
    deck = np.empty(52, np.int64)
    n = 0
    for c in range(52):
        if not (fixed_used >> c) & 1:
            deck[n] = c
            n += 1
    dealt = 2 * n_random  # deck positions the random players take after the board
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
                    ctr += _GAMMA
                    r = mix64(ctr)
                    j = lo + draw_below(r, hi - lo)  # a column of the alias table, then its coin
                    if (r & np.uint64(0xFFFFFFFF)) >= alias_keep[j]:
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
        r = np.uint64(0)
        bkey = base_key
        bmask = base_mask
        for j in range(5):  # a constant count, so that the compiler unrolls it
            if j == k:
                break
            if j & 1:
                r <<= np.uint64(32)  # the second card of a random number: its low half
            else:
                ctr += _GAMMA
                r = mix64(ctr)
            i = j + draw_below(r, n - j)
            c = deck[i]
            while (used >> c) & 1:  # only a ranged player's card is refused
                ctr += _GAMMA
                i = j + draw_below(mix64(ctr), n - j)
                c = deck[i]
            deck[i] = deck[j]
            deck[j] = c
            bkey += card_keys[c]
            bmask |= one << c
        for j in range(k, k + dealt):  # the random players' cards: deck positions k .. k + dealt - 1
            if (j - k) & 1:
                r <<= np.uint64(32)
            else:
                ctr += _GAMMA
                r = mix64(ctr)
            i = j + draw_below(r, n - j)
            c = deck[i]
            while (used >> c) & 1:
                ctr += _GAMMA
                i = j + draw_below(mix64(ctr), n - j)
                c = deck[i]
            deck[i] = deck[j]
            deck[j] = c
            p = random_players[(j - k) >> 1]
            first = np.int64((j - k) & 1 == 0)
            hand_keys[p] = hand_keys[p] * (1 - first) + card_keys[c]
            hand_masks[p] = hand_masks[p] * (1 - first) | (one << c)
        if heads_up:
            # 16-bit strengths (see pokercli.equity_calc._strength_tables)
            key0 = hand_keys[0] + bkey
            key1 = hand_keys[1] + bkey
            if ((key0 | key1) >> 32) & 0x8888:  # a flush: rare, so the branch is predicted
                s0 = hand_value(key0, hand_masks[0] | bmask, offsets, rank_strength,
                                flush_strength)
                s1 = hand_value(key1, hand_masks[1] | bmask, offsets, rank_strength,
                                flush_strength)
            else:
                s0 = rank_value(key0, offsets, rank_strength)
                s1 = rank_value(key1, offsets, rank_strength)
            w0 += s0 > s1  # added, not branched on: the winner is unpredictable
            w1 += s1 > s0
        else:
            showdown_pattern(hand_keys, hand_masks, bkey, bmask, offsets, rank_score,
                      flush_score, patterns, outcome, types, with_types)
    if heads_up:
        patterns[1] += w0
        patterns[2] += w1
        patterns[3] += done - w0 - w1
    stats[0] = done
    stats[1] = redraws


#: Shared with the NumPy twins of these kernels (:mod:`pokercli.equity_calc.mc_light`).
BOARD_PARTS = scalar.BOARD_PARTS
ID_SHIFT = scalar.ID_SHIFT
multiset_id = jit_inline(scalar.multiset_id)


@jit_inline
def multisets(m):
    """How many multisets of ``m`` ranks there are: C(12 + m, m)."""
    return (1, 13, 91, 455)[m]


@jit
def part_table(deck, card_keys, m, stride):
    """Every ``m``-card subset of ``deck`` (``m`` 0..3): (keys, 52-bit masks).

    A key is the sum of the cards' keys plus, from bit :data:`ID_SHIFT` up,
    ``stride`` times the number of its rank multiset (:func:`multiset_id`).
    ``m = 0`` gives the empty subset alone (key 0, mask 0)."""
    n = deck.shape[0]
    size = 1
    for i in range(m):
        size = size * (n - i) // (i + 1)
    keys = np.zeros(size, np.int64)
    masks = np.zeros(size, np.int64)
    idx = np.arange(m)
    one = np.int64(1)
    r = np.zeros(3, np.int64)
    for t in range(size):
        key = np.int64(0)
        mask = np.int64(0)
        for q in range(m):
            c = deck[idx[q]]
            key += card_keys[c]
            mask |= one << c
            r[q] = c % 13
            u = q
            while u > 0 and r[u - 1] > r[u]:  # insertion sort of the ranks so far (no allocation)
                r[u - 1], r[u] = r[u], r[u - 1]
                u -= 1
        keys[t] = key + ((multiset_id(r[0], r[1], r[2], m) * stride) << ID_SHIFT)
        masks[t] = mask
        if t + 1 < size:
            next_combination(idx, n)
    return keys, masks


@jit
def rank_values(keys, left, first, second, card_keys, offsets, rank_strength):
    """Each fixed hand's 16-bit strength when no flush is possible, for every pair of
    rank multisets of the two parts: ``values[p, a * multisets(second) + b]``.

    ``keys[p]``: player ``p``'s hole cards and the known board, ``KEY_INIT``
    included (only the rank bits count); ``left[r]``: the cards of rank ``r``
    left in the deck. A pair of multisets the deck cannot deal (more cards of a
    rank than it has: a fifth ace, or a 2 in short deck) is left 0 and never read.
    """
    players = keys.shape[0]
    ns = multisets(second)
    values = np.zeros((players, multisets(first) * ns), np.uint16)
    ranks = np.zeros((2, multisets(3), 3), np.int64)  # each multiset's ranks, by number
    for part in range(2):
        m = first if part == 0 else second
        for r3 in range(13):
            for r2 in range(r3 + 1):
                for r1 in range(r2 + 1):
                    i = multiset_id(r1, r2, r3, m)
                    ranks[part, i, 0] = r1
                    ranks[part, i, 1] = r2
                    ranks[part, i, 2] = r3
    need = np.zeros(13, np.int64)
    for a in range(multisets(first)):
        for b in range(ns):
            need[:] = 0
            add = np.int64(0)
            for q in range(first):
                need[ranks[0, a, q]] += 1
                add += card_keys[ranks[0, a, q]]  # card r is rank r (of the first suit)
            for q in range(second):
                need[ranks[1, b, q]] += 1
                add += card_keys[ranks[1, b, q]]
            dealt = True
            for r in range(13):
                dealt &= need[r] <= left[r]
            if dealt:
                for p in range(players):
                    values[p, a * ns + b] = rank_value(keys[p] + add, offsets, rank_strength)
    return values


@jit_inline
def _worse(size):
    """Lemire's rejection bound for an index below ``size`` from 32 random bits ``x``:
    ``x * size`` is kept when its low 32 bits are at least ``2**32 mod size``, and then
    its high 32 bits are uniform below ``size`` exactly."""
    return (np.uint64(1) << np.uint64(32)) % size


@jit_inline
def _start(seed, first_keys, second_keys):
    """A fixed-hands kernel's generator state and draw constants: (counter, the two
    table sizes, the rejection bound of :func:`_accepted`)."""
    nt = np.uint64(first_keys.shape[0])
    npart = np.uint64(second_keys.shape[0])
    return mix64(np.uint64(seed)), nt, npart, _worse(nt * npart)


#: Candidates :func:`_accepted` draws at a time (an even number: two a random number).
ACCEPT_CHUNK = 512
#: Whether the kernels compile for a CPU that multiplies 64-bit integers in
#: vectors (AVX-512DQ): then the candidates' random numbers and rows are
#: computed in a loop of their own, which the compiler vectorizes, before they
#: are checked (:func:`_accepted_split`); else both in one loop
#: (:func:`_accepted_fused`), since a vectorized SplitMix64 without that
#: multiply measured slower. Both draw the same boards.
WIDE = vector_multiply64()
_LOW32 = np.uint64(0xFFFFFFFF)
_ROWS = np.uint64((1 << 40) - 1)


@jit_inline
def _candidate(x, nt, npart, worse):
    """A candidate pair of part rows from 32 random bits ``x``, packed (first
    row, second row ``<< 20``), bit 63 set when Lemire's rejection refuses
    ``x`` (:func:`_accepted`)."""
    a = x * nt
    b = (a & _LOW32) * npart
    return (a >> np.uint64(32)) | ((b >> np.uint64(32)) << np.uint64(20)) | (
        np.uint64((b & _LOW32) < worse) << np.uint64(63))


@jit_inline
def _candidates(ctr, nt, npart, worse, n, cand):
    """The next ``n`` candidates (:func:`_candidate`) into ``cand``, two a random
    number (its high 32 bits, then its low 32 bits), ``(n + 1) // 2`` numbers:
    the counter moved past them. No candidate depends on the one before, and
    the loop reads no table, so it is vectorized where 64-bit products are (:data:`WIDE`)."""
    nt = nt & _LOW32  # below 2**32: 32-bit products
    npart = npart & _LOW32
    half = (np.uint64(n) + np.uint64(1)) >> np.uint64(1)
    for c in range(half):
        r = mix64(ctr + (c + np.uint64(1)) * _GAMMA)
        cand[np.uint64(2) * c] = _candidate(r >> np.uint64(32), nt, npart, worse)
        cand[np.uint64(2) * c + np.uint64(1)] = _candidate(r & _LOW32, nt, npart, worse)
    return ctr + half * _GAMMA


@jit_inline
def _accepted_split(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys, cand):
    """:func:`_accepted` where 64-bit products are vectorized: the chunk's
    candidates computed first (:func:`_candidates`), then checked and kept."""
    ctr = _candidates(ctr, nt, npart, worse, ACCEPT_CHUNK, cand)
    m = np.uint64(0)
    for c in range(ACCEPT_CHUNK):
        e = cand[c]
        i = e & np.uint64(0xFFFFF)
        j = (e >> np.uint64(20)) & np.uint64(0xFFFFF)
        rows[m] = e & _ROWS
        keys[m] = first_keys[i] + second_keys[j]
        m += np.uint64(((first_masks[i] & second_masks[j]) == 0) & ((e >> np.uint64(63)) == 0))
    return ctr, np.int64(m)


@jit_inline
def _accepted_fused(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys, cand):
    """:func:`_accepted` in one loop, two candidates a random number (``cand`` unused)."""
    m = np.uint64(0)
    for c in range(ACCEPT_CHUNK // 2):
        ctr += _GAMMA
        r = mix64(ctr)
        for h in range(2):
            x = (r >> np.uint64(32)) if h == 0 else (r & _LOW32)
            a = x * nt
            b = (a & _LOW32) * npart
            i = a >> np.uint64(32)
            j = b >> np.uint64(32)
            rows[m] = i | (j << np.uint64(20))
            keys[m] = first_keys[i] + second_keys[j]
            m += np.uint64(((first_masks[i] & second_masks[j]) == 0) & ((b & _LOW32) >= worse))
    return ctr, np.int64(m)


#: The boards kept of the next :data:`ACCEPT_CHUNK` candidates: (counter, how
#: many were kept); kept board ``t``'s two part rows go packed (first row,
#: second row ``<< 20``) to ``rows[t]``, the sum of their keys to ``keys[t]``;
#: ``cand`` is room for the chunk's candidates.
#:
#: A candidate is a pair of rows, one index below ``nt * npart`` from 32
#: random bits (the high, then the low half of each random number) by
#: Lemire's multiply-shift with his rejection (:func:`_worse`), so it is
#: uniform exactly. Its two digits come from two multiplies (``x * nt``: the
#: first row and a remainder; remainder ``* npart``: the second row, and the
#: low bits the rejection looks at). A rejected value and rows that share a
#: card are left out, so the kept boards are those of drawing each board
#: again until it is kept, in the same order (the NumPy twins,
#: :mod:`pokercli.equity_calc.mc_light`, draw the same).
#:
#: Every candidate is written to the next free place and that place kept only
#: when the candidate is (the count moved on by the test, no branch): a loop
#: drawing again while a board is rejected mispredicts about one board in
#: eight and makes the boards after it wait. Indices are unsigned, so no index
#: is checked for a negative value. Two ways, the same boards: :data:`WIDE`.
_accepted = _accepted_split if WIDE else _accepted_fused


@jit_inline
def _rows(e):
    """The two part rows packed in ``e`` (:func:`_accepted`)."""
    return e & np.uint64(0xFFFFF), e >> np.uint64(20)


@jit_inline
def _flush_or_rows(key, mask, row, flush_strength):
    """A fixed hand's strength with no branch: ``row`` (its ``values`` read,
    exact when it holds no flush) unless ``key`` holds five of a suit, then
    that suit's ranks in ``mask`` read in ``flush_strength`` (as
    :func:`pokercli._kernels.evaluator.hand_value` selects; seven cards never
    hold both a flush and a full house or four of a kind, so the flush is the
    hand). For spots whose boards often give a flush (``flushy`` kernels):
    there the branch of :func:`fixed_headsup` mispredicts."""
    flush = (key >> 35) & 0x1111
    f = np.int64(flush_strength[(mask >> (13 * suit_of_nibble(flush))) & 0x1FFF])
    return row + np.int64(flush != 0) * (f - row)


@jit_inline
def _headsup_boards(flushy, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength, patterns):
    """:func:`fixed_headsup` (``flushy`` False) and :func:`fixed_headsup_flushy`
    (True: each board's flushes valued with no branch, :func:`_flush_or_rows`);
    ``flushy`` is a constant where this is inlined. The same counts either way.

    The board to come is two parts (:data:`BOARD_PARTS`): a subset drawn
    from the table ``first_keys``/``first_masks`` and one from
    ``second_keys``/``second_masks`` (:func:`part_table` of the deck),
    drawn again while they share a card (:func:`_accepted`). Every board then
    arises from the same number of (first, second) pairs (a five-card board
    from ten), so boards are uniform: half a random number and two table reads
    per board, against three numbers and five card draws dealt card by card
    (:func:`monte_carlo`). The boards are drawn a chunk at a time, the
    rejected ones left out without a branch (:func:`_accepted`), then valued.

    When no hand can hold a flush, a hand's strength is one read of its row
    of ``values`` (:func:`rank_values`) at the board's pair of part rank
    multisets, which the part keys carry in their top bits (:data:`ID_SHIFT`):
    no hash of the seven ranks. Otherwise both hands are evaluated in full.

    ``rank_strength``/``flush_strength``: 16-bit strengths;
    ``base_key``/``base_mask``: ``KEY_INIT`` plus the known board. The
    heads-up, three-way and multiway loops are separate kernels: as branches
    of one, the heads-up loop ran about 10 % slower.
    """
    ctr, nt, npart, worse = _start(seed, first_keys, second_keys)
    rows = np.empty(ACCEPT_CHUNK, np.uint64)
    keys = np.empty(ACCEPT_CHUNK, np.int64)
    cand = np.empty(ACCEPT_CHUNK, np.uint64)
    h0 = hand_keys[0]
    h1 = hand_keys[1]
    m0 = hand_masks[0]
    m1 = hand_masks[1]
    w0 = 0
    w1 = 0
    done = 0
    while done < samples:
        ctr, kept = _accepted(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys,
                              cand)
        use = min(kept, samples - done)
        for t in range(use):
            bkey = base_key + keys[t]
            key0 = h0 + bkey
            key1 = h1 + bkey
            if flushy:  # a constant: the branch is compiled away
                i, j = _rows(rows[t])
                bmask = base_mask | first_masks[i] | second_masks[j]
                x = (bkey >> ID_SHIFT) & 0xFFFF
                s0 = _flush_or_rows(key0, m0 | bmask, np.int64(values[0, x]), flush_strength)
                s1 = _flush_or_rows(key1, m1 | bmask, np.int64(values[1, x]), flush_strength)
            elif ((key0 | key1) >> 32) & 0x8888:  # a flush is possible: rare, so the branch is predicted
                i, j = _rows(rows[t])
                bmask = base_mask | first_masks[i] | second_masks[j]
                s0 = np.int64(hand_value(key0, m0 | bmask, offsets, rank_strength, flush_strength))
                s1 = np.int64(hand_value(key1, m1 | bmask, offsets, rank_strength, flush_strength))
            else:
                x = (bkey >> ID_SHIFT) & 0xFFFF
                s0 = np.int64(values[0, x])
                s1 = np.int64(values[1, x])
            w0 += s0 > s1  # added, not branched on: the winner is unpredictable
            w1 += s1 > s0
        done += use
    patterns[1] += w0
    patterns[2] += w1
    patterns[3] += samples - w0 - w1


@jit
def fixed_headsup(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                  base_key, base_mask, values, samples, seed, offsets, rank_strength,
                  flush_strength, patterns):
    """``samples`` random runouts for two fixed hands, tallied by winner pattern in ``patterns``
    (:func:`_headsup_boards`, its docstring above: a flush valued on a branch)."""
    _headsup_boards(False, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength, patterns)


@jit
def fixed_headsup_flushy(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                         base_key, base_mask, values, samples, seed, offsets, rank_strength,
                         flush_strength, patterns):
    """:func:`fixed_headsup` valuing every board's flushes with no branch
    (:func:`_flush_or_rows`), for spots whose boards often give a flush
    (:func:`pokercli.equity_calc.montecarlo.fixed_hands_call` chooses): the same counts."""
    _headsup_boards(True, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength, patterns)


@jit_inline
def _winners3(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks, second_masks, values, offsets,
              rank_strength, flush_strength, flushy=False):
    """The winners (a pattern of bits) of three fixed hands on the board of
    key ``bkey`` made of the part rows ``i`` and ``j``: each hand's strength
    one read of its ``values`` row unless one may hold a flush; in scalars,
    the best kept by selects. ``flushy`` (a constant where this is inlined):
    every hand's flush valued with no branch (:func:`_flush_or_rows`)."""
    key0 = hand_keys[0] + bkey
    key1 = hand_keys[1] + bkey
    key2 = hand_keys[2] + bkey
    if flushy:
        bmask = base_mask | first_masks[i] | second_masks[j]
        x = (bkey >> ID_SHIFT) & 0xFFFF
        t0 = _flush_or_rows(key0, hand_masks[0] | bmask, np.int64(values[0, x]), flush_strength)
        t1 = _flush_or_rows(key1, hand_masks[1] | bmask, np.int64(values[1, x]), flush_strength)
        t2 = _flush_or_rows(key2, hand_masks[2] | bmask, np.int64(values[2, x]), flush_strength)
    elif ((key0 | key1 | key2) >> 32) & 0x8888:  # a flush is possible: rare, so the branch is predicted
        bmask = base_mask | first_masks[i] | second_masks[j]
        t0 = np.int64(hand_value(key0, hand_masks[0] | bmask, offsets, rank_strength, flush_strength))
        t1 = np.int64(hand_value(key1, hand_masks[1] | bmask, offsets, rank_strength, flush_strength))
        t2 = np.int64(hand_value(key2, hand_masks[2] | bmask, offsets, rank_strength, flush_strength))
    else:
        x = (bkey >> ID_SHIFT) & 0xFFFF
        t0 = np.int64(values[0, x])
        t1 = np.int64(values[1, x])
        t2 = np.int64(values[2, x])
    best = max(t0, max(t1, t2))
    return np.int64(t0 == best) | (np.int64(t1 == best) << 1) | (np.int64(t2 == best) << 2)


@jit_inline
def _winners(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks, second_masks, values, offsets,
             rank_strength, flush_strength):
    """:func:`_winners3` for any number of fixed hands up to ``PATTERN_PLAYERS``."""
    bmask = base_mask | first_masks[i] | second_masks[j]
    x = (bkey >> ID_SHIFT) & 0xFFFF
    best = np.int64(-1)
    pattern = np.int64(0)
    for p in range(hand_keys.shape[0]):
        key = hand_keys[p] + bkey
        if (key >> 35) & 0x1111:  # this hand may hold a flush
            s = np.int64(hand_value(key, hand_masks[p] | bmask, offsets, rank_strength, flush_strength))
        else:
            s = np.int64(values[p, x])
        bit = np.int64(1) << p
        pattern = bit if s > best else (pattern | bit if s == best else pattern)
        best = max(best, s)
    return pattern


#: Seven counts at zero (:func:`_count7`).
_NONE7 = (0, 0, 0, 0, 0, 0, 0)


@jit_inline
def _count7(c, pattern, n):
    """Counts ``c`` of the patterns 1..7 of three players' winners (a tuple of
    seven) with ``n`` (0 or 1) more of ``pattern``. A tally in scalars, with no
    store, lets the compiler vectorize a loop that values boards (gathers for
    the table reads); ``patterns[pattern] += 1`` in the loop keeps it scalar
    (three-way one board, flush draws: 5.4 -> 4.4 ns a board on a Zen 5, 6.2
    -> 5.6 compiled for AVX2)."""
    return (c[0] + (n & np.int64(pattern == 1)), c[1] + (n & np.int64(pattern == 2)),
            c[2] + (n & np.int64(pattern == 3)), c[3] + (n & np.int64(pattern == 4)),
            c[4] + (n & np.int64(pattern == 5)), c[5] + (n & np.int64(pattern == 6)),
            c[6] + (n & np.int64(pattern == 7)))


@jit_inline
def _add7(counts, c):
    """``counts[k] += c[k - 1]`` for the patterns ``k`` 1..7 (:func:`_count7`)."""
    counts[1] += c[0]
    counts[2] += c[1]
    counts[3] += c[2]
    counts[4] += c[3]
    counts[5] += c[4]
    counts[6] += c[5]
    counts[7] += c[6]


@jit_inline
def _fixed_patterns(three, flushy, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength,
                    patterns):
    """:func:`fixed_headsup`'s boards, each tallied by its winners' pattern
    (:func:`_winners3` where ``three``, a constant where this is inlined,
    else :func:`_winners`; ``flushy``, a constant too, with ``three``:
    flushes valued with no branch)."""
    ctr, nt, npart, worse = _start(seed, first_keys, second_keys)
    rows = np.empty(ACCEPT_CHUNK, np.uint64)
    keys = np.empty(ACCEPT_CHUNK, np.int64)
    cand = np.empty(ACCEPT_CHUNK, np.uint64)
    done = 0
    while done < samples:
        ctr, kept = _accepted(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys,
                              cand)
        use = min(kept, samples - done)
        if three and flushy:  # counted in scalars, no store: the loop is vectorized (gathers), as heads-up's
            c = _NONE7
            for t in range(use):
                i, j = _rows(rows[t])
                pattern = _winners3(hand_keys, hand_masks, base_key + keys[t], i, j, base_mask, first_masks,
                                    second_masks, values, offsets, rank_strength, flush_strength, True)
                c = _count7(c, pattern, 1)
            _add7(patterns, c)
        else:
            for t in range(use):
                i, j = _rows(rows[t])
                bkey = base_key + keys[t]
                if three:
                    pattern = _winners3(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks, second_masks,
                                        values, offsets, rank_strength, flush_strength, flushy)
                else:
                    pattern = _winners(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks, second_masks,
                                       values, offsets, rank_strength, flush_strength)
                patterns[pattern] += 1
        done += use


@jit
def fixed_three(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                base_key, base_mask, values, samples, seed, offsets, rank_strength,
                flush_strength, patterns):
    """:func:`fixed_headsup` for three fixed hands, the winners kept by selects."""
    _fixed_patterns(True, False, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength,
                    patterns)


@jit
def fixed_multi(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                base_key, base_mask, values, samples, seed, offsets, rank_strength,
                flush_strength, patterns):
    """:func:`fixed_headsup` for any number of fixed hands up to ``PATTERN_PLAYERS``."""
    _fixed_patterns(False, False, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength,
                    patterns)


@jit
def fixed_three_flushy(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                       base_key, base_mask, values, samples, seed, offsets, rank_strength,
                       flush_strength, patterns):
    """:func:`fixed_three` valuing every board's flushes with no branch (as
    :func:`fixed_headsup_flushy`): the same counts. (Four hands or more have
    none: each hand's flush is its own branch there, taken less often, and
    with no branch they ran at 0.58-0.79 of the speed even where a fourth of
    the boards gave a flush.)"""
    _fixed_patterns(True, True, hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                    base_key, base_mask, values, samples, seed, offsets, rank_strength, flush_strength,
                    patterns)




#: Random players at most that :func:`fixed_and_random` deals: with each more a
#: try is kept less often (the board and every random hand must miss each
#: other). AsKs preflop, one thread, M samples/s against the general kernel's
#: card-by-card deal: three random players 28.3 against 17.5 (compiled for
#: AVX2 23.1 against 18.8), four 17.7 against 14.8 (AVX2: 15.4 against 15.8),
#: five 10.1 against 12.7 (Zen 5, 2026-11-27).
RANDOM_HANDS = 3


@jit_inline
def _next32(ctr, r, h):
    """The next 32 random bits of a stream of halves: a fresh number's high
    half when ``h`` is 0, else the low half of the last one (``r``).
    (counter, the number, the next ``h``, the bits)."""
    if h == 0:
        ctr += _GAMMA
        r = mix64(ctr)
        return ctr, r, np.uint64(1), r >> np.uint64(32)
    return ctr, r, np.uint64(0), r & _LOW32


@jit
def fixed_and_random(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks, base_key, base_mask,
                     values, seats, hole_keys, hole_masks, samples, seed, offsets, rank_strength, flush_strength,
                     patterns):
    """``samples`` random deals for fixed hands and ``random`` players (any two
    unseen cards alike), tallied by winner pattern in ``patterns``.

    ``seats[p]``: player ``p``'s fixed hand (its row of ``hand_keys``,
    ``hand_masks`` and ``values``), or ``-1 - q`` for random player ``q``.
    A try draws the board as :func:`_accepted` draws a candidate (32 random
    bits, two part-table rows) and each random player's two cards as a row
    of ``hole_keys``/``hole_masks`` (every two-card subset of the deck left,
    keys without rank multiset numbers) from 32 more, by Lemire's
    multiply-shift with his rejection; the bits are the halves of the
    random numbers in turn (high, then low). A try is kept when no two of
    its parts share a card, so the kept deals are uniform among the deals
    of the deck left, as the general kernel's card-by-card deal is. Kept
    tries go to the front of a chunk without a branch, then are valued: a
    fixed hand by its ``values`` row (:func:`rank_values`) unless it may hold
    a flush, a random hand in full (:func:`hand_value`).
    """
    players = seats.shape[0]
    randoms = 0
    for p in range(players):
        randoms += seats[p] < 0
    ctr, nt, npart, worse = _start(seed, first_keys, second_keys)
    hn = np.uint64(hole_keys.shape[0])
    worse_hole = _worse(hn)
    rows = np.empty(ACCEPT_CHUNK + 1, np.uint64)
    keys = np.empty(ACCEPT_CHUNK + 1, np.int64)
    holes = np.empty((max(randoms, 1), ACCEPT_CHUNK + 1), np.uint64)
    r = np.uint64(0)
    h = np.uint64(0)
    done = 0
    while done < samples:
        want = min(ACCEPT_CHUNK, samples - done)
        m = 0
        while m < want:  # tries, the kept ones packed to the front
            ctr, r, h, x = _next32(ctr, r, h)
            a = x * nt
            b = (a & _LOW32) * npart
            i = a >> np.uint64(32)
            j = b >> np.uint64(32)
            mi = first_masks[i]
            mj = second_masks[j]
            ok = (b & _LOW32) >= worse
            clash = mi & mj
            used = mi | mj
            rows[m] = i | (j << np.uint64(20))
            keys[m] = first_keys[i] + second_keys[j]
            for q in range(RANDOM_HANDS):  # unrolled (a constant count): a loop of ``randoms`` steps ran slower
                if q < randoms:
                    ctr, r, h, x = _next32(ctr, r, h)
                    a = x * hn
                    row = a >> np.uint64(32)
                    ok &= (a & _LOW32) >= worse_hole
                    hm = hole_masks[row]
                    clash |= used & hm
                    used |= hm
                    holes[q, m] = row
            m += np.int64(ok & (clash == 0))
        for t in range(want):
            i, j = _rows(rows[t])
            bkey = base_key + keys[t]
            bmask = base_mask | first_masks[i] | second_masks[j]
            x = (bkey >> ID_SHIFT) & 0xFFFF
            best = np.int64(-1)
            pattern = np.int64(0)
            for p in range(players):
                seat = seats[p]
                if seat >= 0:
                    key = hand_keys[seat] + bkey
                    if (key >> 35) & 0x1111:  # this hand may hold a flush
                        v = np.int64(hand_value(key, hand_masks[seat] | bmask, offsets, rank_strength,
                                                flush_strength))
                    else:
                        v = np.int64(values[seat, x])
                else:
                    row = holes[-1 - seat, t]
                    v = np.int64(hand_value(hole_keys[row] + bkey, hole_masks[row] | bmask, offsets,
                                            rank_strength, flush_strength))
                bit = np.int64(1) << p
                pattern = bit if v > best else (pattern | bit if v == best else pattern)
                best = max(best, v)
            patterns[pattern] += 1
        done += want


#: Samples a runs kernel (:func:`fixed_runs`) draws at a time before it values them: a
#: block's last rounds redraw only a few samples each, so a larger block spends less on them.
RUNS_BLOCK = 1024


@jit_inline
def _run_check(e, t, first_keys, first_masks, second_keys, second_masks, rows, keys, taken, first):
    """Candidate ``e`` (:func:`_candidate`) as sample ``t``'s run: its rows
    packed to ``rows[t]``, its key to ``keys[t]`` (the first run's cards to
    ``taken[t]``); whether it is kept. (Reading the keys when the runs are
    valued instead, for the kept tries alone, measured no faster with AVX-512
    and 8 % slower compiled for AVX2: the reads then wait in the valuing.)"""
    i = e & np.uint64(0xFFFFF)
    j = (e >> np.uint64(20)) & np.uint64(0xFFFFF)
    mi = first_masks[i]
    mj = second_masks[j]
    if first:  # a constant where this is inlined: the branch is compiled away
        keep = ((mi & mj) == 0) & ((e >> np.uint64(63)) == 0)
        taken[t] = mi | mj
    else:
        keep = (((mi & mj) | ((mi | mj) & taken[t])) == 0) & ((e >> np.uint64(63)) == 0)
    rows[t] = e & _ROWS
    keys[t] = first_keys[i] + second_keys[j]
    return keep


@jit_inline
def _run_try(x, t, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys, taken,
             first):
    """:func:`_run_check` of the candidate from 32 random bits ``x``, its
    rows taken from the products as they are (no packing and unpacking: a
    double board heads-up 5.4 against 6.6 ns a board, compiled for AVX2)."""
    a = x * nt
    b = (a & _LOW32) * npart
    i = a >> np.uint64(32)
    j = b >> np.uint64(32)
    mi = first_masks[i]
    mj = second_masks[j]
    if first:
        keep = ((mi & mj) == 0) & ((b & _LOW32) >= worse)
        taken[t] = mi | mj
    else:
        keep = (((mi & mj) | ((mi | mj) & taken[t])) == 0) & ((b & _LOW32) >= worse)
    rows[t] = i | (j << np.uint64(20))
    keys[t] = first_keys[i] + second_keys[j]
    return keep


@jit_inline
def _bits32(k, ctr, r):
    """32 random bits for a round's try ``k``: a fresh number's high half
    for an even ``k``, the low half of the last one (``r``) for an odd one.
    (counter, the number, the bits)."""
    if (k & np.uint64(1)) == 0:
        ctr += _GAMMA
        r = mix64(ctr)
        return ctr, r, r >> np.uint64(32)
    return ctr, r, r & np.uint64(0xFFFFFFFF)


@jit_inline
def _draw_runs_fused(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys, taken,
                     want, first, pending, cand):
    """:func:`_draw_runs`, each try's candidate computed as it is checked (``cand`` unused)."""
    m = np.uint64(0)
    r = np.uint64(0)
    for t in range(np.uint64(want)):
        ctr, r, x = _bits32(t, ctr, r)
        keep = _run_try(x, t, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys,
                        taken, first)
        pending[m] = t
        m += np.uint64(1) - np.uint64(keep)
    n = m
    while n > 0:
        m = np.uint64(0)
        r = np.uint64(0)
        for k in range(n):
            ctr, r, x = _bits32(k, ctr, r)
            t = pending[k]
            keep = _run_try(x, t, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows,
                            keys, taken, first)
            pending[m] = t
            m += np.uint64(1) - np.uint64(keep)
        n = m
    return ctr


@jit_inline
def _draw_runs_split(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows, keys, taken,
                     want, first, pending, cand):
    """:func:`_draw_runs`, each round's candidates computed first
    (:func:`_candidates`, vectorized), then checked: the same candidates."""
    ctr = _candidates(ctr, nt, npart, worse, want, cand)
    m = np.uint64(0)
    for t in range(np.uint64(want)):
        keep = _run_check(cand[t], t, first_keys, first_masks, second_keys, second_masks, rows, keys, taken, first)
        pending[m] = t
        m += np.uint64(1) - np.uint64(keep)
    n = m
    while n > 0:
        ctr = _candidates(ctr, nt, npart, worse, n, cand)
        m = np.uint64(0)
        for k in range(n):
            t = pending[k]
            keep = _run_check(cand[k], t, first_keys, first_masks, second_keys, second_masks, rows, keys, taken,
                              first)
            pending[m] = t
            m += np.uint64(1) - np.uint64(keep)
        n = m
    return ctr


#: One run for each of the first ``want`` samples of a block: two part-table
#: rows sharing no card, as :func:`_accepted` draws them, written packed
#: (first row, second row ``<< 20``) to ``rows[t]`` and their key to
#: ``keys[t]``; the ``first`` run's cards to ``taken[t]``, a later run's
#: meeting none of them (nor the earlier runs', which the caller adds).
#: Returns the counter; ``cand`` is room for ``want + 1`` candidates.
#:
#: Rejection sampling in rounds: a round draws one candidate (32 random bits,
#: two a random number, a fresh number each round) for each sample still
#: without a run, in order, and keeps the list of those it rejected
#: (``pending``) for the next round. No candidate waits on the one before: a
#: loop drawing again while rejected, or a sample index moved on only by a
#: kept candidate, makes each try wait for the last one's card reads. The
#: first round takes every sample, so it reads no list; indices are unsigned,
#: so none is checked for a negative value. Two ways, the same runs (:data:`WIDE`).
_draw_runs = _draw_runs_split if WIDE else _draw_runs_fused


@jit_inline
def _packed_candidate(x, nt, runs, worse_all):
    """The rows of every run of a flop or a turn (one part each, of ``nt``
    rows; 2 or 3 runs) from 32 random bits ``x``: its product with ``nt``
    gives the first run's row and a remainder, the remainder's the second's,
    and so on; packed 20 bits a run, bit 63 set when the last remainder is
    below ``worse_all`` (Lemire's rejection for ``nt ** runs``, so the rows
    are uniform exactly)."""
    a = x * nt
    e = a >> np.uint64(32)
    a = (a & _LOW32) * nt
    e |= (a >> np.uint64(32)) << np.uint64(20)
    if runs == 3:
        a = (a & _LOW32) * nt
        e |= (a >> np.uint64(32)) << np.uint64(40)
    return e | (np.uint64((a & _LOW32) < worse_all) << np.uint64(63))


@jit_inline
def _packed_runs(ctr, nt, worse_all, runs, first_keys, first_masks, second_keys, rows, keys, want, cand, wide,
                 against, taken, to_out, out):
    """Every run of ``want`` samples when each run is one part and
    ``nt ** runs`` is below ``2**32`` (the runs of a flop or a turn): a try
    draws all of a sample's runs from 32 random bits
    (:func:`_packed_candidate`) and is kept when no two runs share a card,
    kept tries packed to the front (run ``r``'s row to ``rows[r, t]``, its
    key to ``keys[r, t]``). Tries come in rounds of as many as samples still
    want runs, each round from fresh random numbers, two tries a number (its
    high, then its low 32 bits); with ``wide`` (:data:`WIDE`: 64-bit products
    are vectorized) a round's tries are computed first, in a loop of their
    own, else as they are checked: the same tries. Returns the counter.

    The kept tries are uniform among the sets of runs that share no card. A
    try is about as cheap as one board's (no list of the samples still
    wanting a run, one random half for every run), and heads-up two runs of
    a flop are kept 91 % of the time.

    ``to_out`` (a constant): each kept try is written whole to ``out[t]``
    instead (its rows 20 bits a run, as :func:`_packed_candidate` packs
    them), and no key: one store a try where the rows and keys took six
    (:func:`_flop_kernel`)."""
    filled = np.uint64(0)
    target = np.uint64(want)
    nt = nt & _LOW32
    while filled < target:
        need = target - filled
        if wide:
            half = (need + np.uint64(1)) >> np.uint64(1)
            for c in range(half):
                r = mix64(ctr + (c + np.uint64(1)) * _GAMMA)
                cand[np.uint64(2) * c] = _packed_candidate(r >> np.uint64(32), nt, runs, worse_all)
                cand[np.uint64(2) * c + np.uint64(1)] = _packed_candidate(r & _LOW32, nt, runs, worse_all)
            ctr += half * _GAMMA
        r = np.uint64(0)
        for k in range(need):
            if wide:
                e = cand[k]
            else:
                ctr, r, x = _bits32(k, ctr, r)
                e = _packed_candidate(x, nt, runs, worse_all)
            i = e & np.uint64(0xFFFFF)
            j = (e >> np.uint64(20)) & np.uint64(0xFFFFF)
            mi = first_masks[i]
            mj = first_masks[j]
            if to_out:
                out[filled] = e
            else:
                rows[0, filled] = i
                rows[1, filled] = j
                keys[0, filled] = first_keys[i] + second_keys[0]
                keys[1, filled] = first_keys[j] + second_keys[0]
            clash = mi & mj
            if against:  # a constant: the runs meet none of the sample's cards in ``taken`` either
                clash |= (mi | mj) & taken[filled]
            if runs == 3:
                q = (e >> np.uint64(40)) & np.uint64(0xFFFFF)
                mq = first_masks[q]
                clash |= (mi | mj) & mq
                if against:
                    clash |= mq & taken[filled]
                if not to_out:
                    rows[2, filled] = q
                    keys[2, filled] = first_keys[q] + second_keys[0]
            filled += np.uint64((clash == 0) & ((e >> np.uint64(63)) == 0))
    return ctr


@jit_inline
def _headsup_won(bkey, e, h0, h1, m0, m1, base_mask, first_masks, second_masks, values, offsets, rank_strength,
                 flush_strength, flushy=False):
    """Whether each of two fixed hands wins the board of key ``bkey`` (rows
    packed in ``e``) alone: (0 or 1, 0 or 1). ``flushy`` (a constant where
    this is inlined): flushes valued with no branch (:func:`_flush_or_rows`)."""
    key0 = h0 + bkey
    key1 = h1 + bkey
    if flushy:
        i, j = _rows(e)
        bmask = base_mask | first_masks[i] | second_masks[j]
        x = (bkey >> ID_SHIFT) & 0xFFFF
        v0 = _flush_or_rows(key0, m0 | bmask, np.int64(values[0, x]), flush_strength)
        v1 = _flush_or_rows(key1, m1 | bmask, np.int64(values[1, x]), flush_strength)
    elif ((key0 | key1) >> 32) & 0x8888:  # a flush is possible: rare, so the branch is predicted
        i, j = _rows(e)
        bmask = base_mask | first_masks[i] | second_masks[j]
        v0 = np.int64(hand_value(key0, m0 | bmask, offsets, rank_strength, flush_strength))
        v1 = np.int64(hand_value(key1, m1 | bmask, offsets, rank_strength, flush_strength))
    else:
        x = (bkey >> ID_SHIFT) & 0xFFFF
        v0 = np.int64(values[0, x])
        v1 = np.int64(values[1, x])
    return np.int64(v0 > v1), np.int64(v1 > v0)


def _runs_kernel(flushy, with_random, with_ranges):
    """The body of the runs kernels (:func:`fixed_runs` and its kin), a
    kernel of its own for each set of flags, constants in it (a closure's):
    fixed hands (and ``random`` or ranged seats where ``with_random`` or
    ``with_ranges``) and the cards to come run ``runs`` times from the same
    deck (a double board; a preflop, flop or turn all-in run two or three
    times), ``samples`` times. Each run's cards are two part-table rows, as
    one board's in :func:`fixed_headsup`, and no run meets another: the
    runs are uniform among the sets of disjoint runs.

    A block of :data:`RUNS_BLOCK` samples' runs is drawn first, a run at a
    time (every sample's first run, then every sample's second, each against
    the cards of the sample's earlier runs), by :func:`_draw_runs`, whose
    rejections take no branch; then the block is valued. Drawn again in a
    loop while it met the first (44 % of second boards), a double board's
    second board cost more in mispredicted branches than valuing it: 1.5
    times this kernel's time heads-up. Two or three runs of a flop or a turn
    (a run is one part) are drawn together instead, every run of a sample
    from one try of 32 random bits (:func:`_packed_runs`): drawn a run at a
    time they ran at 0.84-0.86 of one board's speed a board once one board's
    draw was vectorized, together at 0.92-1.00 (in the kernels, 2026-11-27).

    Each hand's strength is one read of its ``values`` row unless it may
    hold a flush. Each run's pot goes to its best hands (ties split, in
    ``share_unit`` units summed in ``share_sum[p]``); ``scoop[p]`` counts the
    samples where ``p`` won every run alone, ``blank[p]`` those where it won
    nothing. Heads-up these are sums of 0s and 1s; with three players a
    sample's winners of every run make one code (three bits a run), the
    samples are counted by code, and the runs' winners are read from the
    counts at the end: one count a sample where a run at a time took one a
    run and two more a sample (three-way double board 8.8-10.4 -> 8.0 ns a
    board); more players count a run at a time.

    Why a closure and not a body inlined into each kernel with its flags as
    arguments, as the smaller kernels are: Numba inlines a function by
    copying its IR block by block, and each block's copy carries every
    variable of the function, so inlining a body this size (its own helpers
    inlined into it first) took 70 of the 80 s that :func:`fixed_runs` took
    to compile on a cold cache; as a kernel of its own, 7 s (Zen 5,
    2026-11-28: four such kernels had made a cold test suite run for ten
    minutes). The flags are constants either way, so the compiled code
    should be the same, and it measured the same speed; tested number for
    number as before."""
    @jit
    def runs_samples(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks, base_key,
                     base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength, share_unit,
                     share_sum, scoop, blank, seats, hole_keys, hole_masks, ranges):
        combo_keys, combo_masks, combo_start, alias_keep, alias_other, max_redraws, stats = ranges  # (one
        # tuple: a call of more than 30 arguments compiles to one of *args)
        dealt = with_random or with_ranges  # some seats' hands change from sample to sample (a constant)
        players = seats.shape[0] if dealt else hand_keys.shape[0]
        ctr, nt, npart, worse = _start(seed, first_keys, second_keys)
        randoms = 0  # the seats dealt a hand a sample: random players, or ranges
        for p in range(seats.shape[0] if dealt else 0):
            randoms += seats[p] < 0
        seat_keys = np.zeros((max(randoms, 1), RUNS_BLOCK + 1), np.int64)   # their hands' keys and cards
        seat_masks = np.zeros((max(randoms, 1), RUNS_BLOCK + 1), np.int64)
        redraws = 0
        stop = False
        hn = np.uint64(hole_keys.shape[0])
        worse_hole = _worse(hn)
        hole_rows = np.zeros((max(randoms, 1), RUNS_BLOCK + 1), np.uint64)
        hole_sums = np.zeros((max(randoms, 1), RUNS_BLOCK + 1), np.int64)
        nothing = np.zeros(1, np.int64)  # the empty second part of a hole's try
        rows = np.zeros((runs, RUNS_BLOCK + 1), np.uint64)
        keys = np.zeros((runs, RUNS_BLOCK + 1), np.int64)
        taken = np.zeros(RUNS_BLOCK + 1, np.int64)
        pats_size = np.int64(1) << players
        pats = np.zeros((runs, RUNS_BLOCK), np.int64)
        run_patterns = np.zeros(pats_size, np.int64)   # runs by their winners
        same_winners = np.zeros(pats_size, np.int64)   # samples with the same winners in every run, by them
        won_any = np.zeros(pats_size, np.int64)        # samples by who won something
        all0 = np.zeros(RUNS_BLOCK, np.int64)
        all1 = np.zeros(RUNS_BLOCK, np.int64)
        pending = np.zeros(RUNS_BLOCK, np.uint64)
        cand = np.zeros(RUNS_BLOCK + 1, np.uint64)
        coded = players == 3 and runs <= 3  # samples counted by one code of every run's winners
        combos = _packed_combos(nt, npart, runs)
        packed = combos > 0  # the runs of a flop or a turn
        worse_all = _worse(combos) if packed else np.uint64(0)
        joint = np.zeros(np.int64(1) << (3 * runs) if coded else 1, np.int64)
        done = 0
        while done < samples:
            want = min(RUNS_BLOCK, samples - done)
            if with_ranges:  # each sample's combos first, by their alias tables; the whole deal again when two meet
                t = 0
                while t < want:
                    ok = True
                    m = np.int64(0)
                    for q in range(randoms):
                        lo = combo_start[q]
                        ctr += _GAMMA
                        r = mix64(ctr)
                        col = lo + draw_below(r, combo_start[q + 1] - lo)  # a column, then its coin
                        pick = col if (r & _LOW32) < alias_keep[col] else alias_other[col]
                        cm = combo_masks[pick]
                        if m & cm:
                            ok = False
                            break
                        m |= cm
                        seat_keys[q, t] = combo_keys[pick]
                        seat_masks[q, t] = cm
                    if ok:
                        taken[t] = m
                        t += 1
                    else:
                        redraws += 1
                        if redraws >= max_redraws:
                            stop = True
                            break
                want = t
            if packed:  # the runs of a flop or a turn: all of a sample's runs in one try
                ctr = _packed_runs(ctr, nt, worse_all, runs, first_keys, first_masks, second_keys, rows, keys, want,
                                   cand, WIDE, with_ranges, taken, False, cand)
            else:
                ctr = _draw_runs(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows[0],
                                 keys[0], taken, want, not with_ranges, pending, cand)
                if with_ranges:  # the first run met the combos' cards; the later ones meet it too
                    for t in range(want):
                        i, j = _rows(rows[0, t])
                        taken[t] |= first_masks[i] | second_masks[j]
            for r in range(1, runs if not packed else 1):
                ctr = _draw_runs(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks, rows[r],
                                 keys[r], taken, want, False, pending, cand)
                if r + 1 < runs:
                    for t in range(want):
                        i, j = _rows(rows[r, t])
                        taken[t] |= first_masks[i] | second_masks[j]
            if with_random:  # each random player's two cards, a row of the hole table meeting no run's nor
                for t in range(want):  # an earlier random player's card, drawn in rounds as a run is
                    m = np.int64(0)
                    for r in range(runs):
                        i, j = _rows(rows[r, t])
                        m |= first_masks[i] | second_masks[j]
                    taken[t] = m
                for q in range(randoms):
                    ctr = _draw_runs(ctr, hn, np.uint64(1), worse_hole, hole_keys, hole_masks, nothing, nothing,
                                     hole_rows[q], hole_sums[q], taken, want, False, pending, cand)
                    for t in range(want):
                        hr = hole_rows[q, t] & np.uint64(0xFFFFF)
                        taken[t] |= hole_masks[hr]
                        seat_keys[q, t] = hole_keys[hr]
                        seat_masks[q, t] = hole_masks[hr]
            if players == 2 and dealt:  # heads-up with a random player or a range, in scalars as below; the hands
                w0 = np.int64(0)              # valued in the loop (an inlined helper taking the tables had Numba
                w1 = np.int64(0)              # count references to them on every board: ten times slower)
                a0 = np.int64(0)
                a1 = np.int64(0)
                for t in range(want):
                    all_0 = np.int64(1)
                    all_1 = np.int64(1)
                    for r in range(runs):
                        i, j = _rows(rows[r, t])
                        bkey = base_key + keys[r, t]
                        bmask = base_mask | first_masks[i] | second_masks[j]
                        v0 = np.int64(0)
                        v1 = np.int64(0)
                        for p in range(2):
                            seat = seats[p]
                            if seat >= 0:
                                key = hand_keys[seat] + bkey
                                if (key >> 35) & 0x1111:  # this hand may hold a flush
                                    v = np.int64(hand_value(key, hand_masks[seat] | bmask, offsets, rank_strength,
                                                            flush_strength))
                                else:
                                    v = np.int64(values[seat, (bkey >> ID_SHIFT) & 0xFFFF])
                            else:
                                v = np.int64(hand_value(seat_keys[-1 - seat, t] + bkey,
                                                        seat_masks[-1 - seat, t] | bmask, offsets, rank_strength,
                                                        flush_strength))
                            if p == 0:
                                v0 = v
                            else:
                                v1 = v
                        x0 = np.int64(v0 > v1)
                        x1 = np.int64(v1 > v0)
                        w0 += x0
                        w1 += x1
                        all_0 &= x0
                        all_1 &= x1
                    a0 += all_0
                    a1 += all_1
                _headsup_shares(want * runs, w0, w1, a0, a1, share_unit, share_sum, scoop, blank)
            elif players == 2:  # in scalars: a loop over two players ran at about half this speed
                h0 = hand_keys[0]
                h1 = hand_keys[1]
                m0 = hand_masks[0]
                m1 = hand_masks[1]
                w0 = np.int64(0)
                w1 = np.int64(0)
                a0 = np.int64(0)
                a1 = np.int64(0)
                if runs == 2:  # both runs of a sample at once: no per-sample store and reload
                    for t in range(want):
                        x0, x1 = _headsup_won(base_key + keys[0, t], rows[0, t], h0, h1, m0, m1, base_mask,
                                              first_masks, second_masks, values, offsets, rank_strength,
                                              flush_strength, flushy)
                        y0, y1 = _headsup_won(base_key + keys[1, t], rows[1, t], h0, h1, m0, m1, base_mask,
                                              first_masks, second_masks, values, offsets, rank_strength,
                                              flush_strength, flushy)
                        w0 += x0 + y0
                        w1 += x1 + y1
                        a0 += x0 & y0
                        a1 += x1 & y1
                else:
                    all0[:want] = 1
                    all1[:want] = 1
                    for r in range(runs):  # a run at a time: the loop over samples has no inner loop
                        for t in range(want):
                            x0, x1 = _headsup_won(base_key + keys[r, t], rows[r, t], h0, h1, m0, m1, base_mask,
                                                  first_masks, second_masks, values, offsets, rank_strength,
                                                  flush_strength, flushy)
                            w0 += x0
                            w1 += x1
                            all0[t] &= x0
                            all1[t] &= x1
                    for t in range(want):
                        a0 += all0[t]
                        a1 += all1[t]
                _headsup_shares(want * runs, w0, w1, a0, a1, share_unit, share_sum, scoop, blank)
            elif coded and flushy and not dealt and runs == 2:  # three fixed hands, two runs (a double board),
                ran = _NONE7   # flushes with no branch: counted in scalars, so that the loop is vectorized (as in
                same = _NONE7  # :func:`_flop_kernel`)
                some = _NONE7
                for t in range(want):
                    i, j = _rows(rows[0, t])
                    p0 = _winners3(hand_keys, hand_masks, base_key + keys[0, t], i, j, base_mask, first_masks,
                                   second_masks, values, offsets, rank_strength, flush_strength, True)
                    i, j = _rows(rows[1, t])
                    p1 = _winners3(hand_keys, hand_masks, base_key + keys[1, t], i, j, base_mask, first_masks,
                                   second_masks, values, offsets, rank_strength, flush_strength, True)
                    ran = _count7(_count7(ran, p0, 1), p1, 1)
                    same = _count7(same, p0, np.int64(p0 == p1))
                    some = _count7(some, p0 | p1, 1)
                _add7(run_patterns, ran)
                _add7(same_winners, same)
                _add7(won_any, some)
            elif coded:  # three players: every run's winners as one code (three bits a run), counted
                for t in range(want):
                    code = np.int64(0)
                    for r in range(runs):
                        i, j = _rows(rows[r, t])
                        bkey = base_key + keys[r, t]
                        if dealt:  # seat by seat, written out as heads-up above
                            bmask = base_mask | first_masks[i] | second_masks[j]
                            best = np.int64(-1)
                            pattern = np.int64(0)
                            for p in range(3):
                                seat = seats[p]
                                if seat >= 0:
                                    key = hand_keys[seat] + bkey
                                    if (key >> 35) & 0x1111:  # this hand may hold a flush
                                        v = np.int64(hand_value(key, hand_masks[seat] | bmask, offsets, rank_strength,
                                                                flush_strength))
                                    else:
                                        v = np.int64(values[seat, (bkey >> ID_SHIFT) & 0xFFFF])
                                else:
                                    v = np.int64(hand_value(seat_keys[-1 - seat, t] + bkey,
                                                            seat_masks[-1 - seat, t] | bmask, offsets, rank_strength,
                                                            flush_strength))
                                bit = np.int64(1) << p
                                pattern = bit if v > best else (pattern | bit if v == best else pattern)
                                best = max(best, v)
                        else:
                            pattern = _winners3(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks,
                                                second_masks, values, offsets, rank_strength, flush_strength, flushy)
                        code |= pattern << (3 * r)
                    joint[code] += 1
            else:  # each run's winners as a pattern of bits, counted; then each sample's runs together
                for r in range(runs):
                    for t in range(want):
                        i, j = _rows(rows[r, t])
                        bkey = base_key + keys[r, t]
                        if dealt:  # a fixed hand by its values row unless it may hold a flush, a dealt one in full
                            bmask = base_mask | first_masks[i] | second_masks[j]
                            x = (bkey >> ID_SHIFT) & 0xFFFF
                            best = np.int64(-1)
                            pattern = np.int64(0)
                            for p in range(players):
                                seat = seats[p]
                                if seat >= 0:
                                    key = hand_keys[seat] + bkey
                                    if (key >> 35) & 0x1111:
                                        v = np.int64(hand_value(key, hand_masks[seat] | bmask, offsets, rank_strength,
                                                                flush_strength))
                                    else:
                                        v = np.int64(values[seat, x])
                                else:
                                    v = np.int64(hand_value(seat_keys[-1 - seat, t] + bkey,
                                                            seat_masks[-1 - seat, t] | bmask, offsets, rank_strength,
                                                            flush_strength))
                                bit = np.int64(1) << p
                                pattern = bit if v > best else (pattern | bit if v == best else pattern)
                                best = max(best, v)
                        elif players == 3:
                            pattern = _winners3(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks,
                                                second_masks, values, offsets, rank_strength, flush_strength,
                                                flushy)
                        else:
                            pattern = _winners(hand_keys, hand_masks, bkey, i, j, base_mask, first_masks,
                                               second_masks, values, offsets, rank_strength, flush_strength)
                        pats[r, t] = pattern
                        run_patterns[pattern] += 1
                for t in range(want):
                    first = pats[0, t]
                    every = np.int64(1)
                    some = first
                    for r in range(1, runs):
                        every &= np.int64(pats[r, t] == first)
                        some |= pats[r, t]
                    same_winners[first] += every  # the same winners in every run
                    won_any[some] += 1            # who won something
            done += want
            if stop:  # the ranges' redraw budget is spent: the samples so far
                break
        if coded:  # every run's winners, read from the codes
            _decoded(joint, runs, run_patterns, same_winners, won_any)
        _shares(players, run_patterns, same_winners, won_any, share_unit, share_sum, scoop, blank)
        stats[0] += done
        stats[1] += redraws

    return runs_samples


@jit_inline
def _packed_combos(nt, npart, runs):
    """``nt ** runs`` where the runs are of a flop or a turn (one part each,
    ``npart`` 1; two or three runs) and that is below ``2**32``, so that one
    try of 32 random bits draws them all (:func:`_packed_runs`); else 0."""
    if npart != 1 or runs < 2 or runs > 3:
        return np.uint64(0)
    combos = np.uint64(1)
    for q in range(runs):
        if combos > 0 and combos <= (_LOW32 // nt):
            combos *= nt
        else:
            combos = np.uint64(0)
    return combos


@jit_inline
def _headsup_shares(boards, w0, w1, a0, a1, share_unit, share_sum, scoop, blank):
    """Two players' pot shares, scoops and blanks added from ``boards`` runs,
    of which each won ``w0``, ``w1`` alone (the rest split), and the samples
    in which each won every run alone (``a0``, ``a1``)."""
    ties = boards - w0 - w1
    half = share_unit // 2
    share_sum[0] += share_unit * w0 + half * ties
    share_sum[1] += share_unit * w1 + half * ties
    scoop[0] += a0
    scoop[1] += a1
    blank[0] += a1  # heads-up, taking nothing of every run is the other taking it all
    blank[1] += a0


@jit_inline
def _decoded(joint, runs, run_patterns, same_winners, won_any):
    """The samples counted by one code of every run's winners (``joint``,
    three bits a run, three players) added to the runs by their winners, the
    samples with the same winners in every run and the samples by who won
    something (:func:`_shares`)."""
    for code in range(joint.shape[0]):
        n = joint[code]
        first = code & 7
        every = np.int64(1)
        some = np.int64(0)
        for r in range(runs):
            pattern = (code >> (3 * r)) & 7
            run_patterns[pattern] += n
            every &= np.int64(pattern == first)
            some |= pattern
        same_winners[first] += n * every
        won_any[some] += n


@jit_inline
def _shares(players, run_patterns, same_winners, won_any, share_unit, share_sum, scoop, blank):
    """Each player's pot shares, scoops and blanks added from the runs counted
    by their winners (``run_patterns``), the samples with the same winners in
    every run (``same_winners``) and the samples by who won something
    (``won_any``), each indexed by a pattern of bits."""
    for pattern in range(1, np.int64(1) << players):
        winners = 0
        for p in range(players):
            winners += (pattern >> p) & 1
        for p in range(players):
            if (pattern >> p) & 1:
                share_sum[p] += run_patterns[pattern] * (share_unit // winners)
                if winners == 1:
                    scoop[p] += same_winners[pattern]
            else:
                blank[p] += won_any[pattern]


def _flop_kernel(flushy, runs):
    """:func:`_runs_kernel`'s kernel for fixed hands and the runs of a flop
    or a turn, compiled for ``runs`` 2 or 3 and ``flushy`` (constants in it,
    as there; it takes :func:`fixed_runs`'s arguments and ignores its
    ``runs``): the same tries (:func:`_packed_runs`), so the same runs and counts, but each
    kept try is stored whole (one store, no keys) and its runs read from it
    as they are valued, and every count is kept in scalars, with no store in
    the loop that values the runs, which the compiler then vectorizes where
    no flush takes a branch (gathers for the table reads). Three runs of a
    three-way flop: 6.2 -> 3.6 ns a board on a Zen 5, 7.5 -> 5.2 compiled for
    AVX2 (in the kernels, 2026-11-28)."""
    @jit
    def flop_runs(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks, base_key, base_mask,
                  values, runs_, samples, seed, offsets, rank_strength, flush_strength, share_unit, share_sum,
                  scoop, blank):
        ctr, nt, npart, worse = _start(seed, first_keys, second_keys)
        players = hand_keys.shape[0]
        out = np.zeros(RUNS_BLOCK + 1, np.uint64)
        cand = np.zeros(RUNS_BLOCK + 1, np.uint64)
        no_rows = np.zeros((1, 1), np.uint64)  # (the rows and keys :func:`_packed_runs` does not write here)
        no_keys = np.zeros((1, 1), np.int64)
        no_taken = np.zeros(1, np.int64)
        worse_all = _worse(_packed_combos(nt, npart, runs))
        base_run = base_key + second_keys[0]  # a run's board key: this and its row's key
        h0 = hand_keys[0]
        h1 = hand_keys[1]
        m0 = hand_masks[0]
        m1 = hand_masks[1]
        w0 = np.int64(0)
        w1 = np.int64(0)
        a0 = np.int64(0)
        a1 = np.int64(0)
        pats_size = np.int64(1) << players
        run_patterns = np.zeros(pats_size, np.int64)
        same_winners = np.zeros(pats_size, np.int64)
        won_any = np.zeros(pats_size, np.int64)
        joint = np.zeros(1 << (3 * runs), np.int64)  # three players, flushes on a branch: samples by one code of
        done = 0                                     # every run's winners (:func:`_runs_kernel`)
        while done < samples:
            want = min(RUNS_BLOCK, samples - done)
            ctr = _packed_runs(ctr, nt, worse_all, runs, first_keys, first_masks, second_keys, no_rows, no_keys, want,
                               cand, WIDE, False, no_taken, True, out)
            if players == 2:
                for t in range(want):
                    e = out[t]
                    all_0 = np.int64(1)
                    all_1 = np.int64(1)
                    for r in range(runs):
                        i = (e >> np.uint64(20 * r)) & np.uint64(0xFFFFF)
                        x0, x1 = _headsup_won(base_run + first_keys[i], i, h0, h1, m0, m1, base_mask, first_masks,
                                              second_masks, values, offsets, rank_strength, flush_strength, flushy)
                        w0 += x0
                        w1 += x1
                        all_0 &= x0
                        all_1 &= x1
                    a0 += all_0
                    a1 += all_1
            elif players == 3:
                ran = _NONE7   # runs by their winners 1..7
                same = _NONE7  # samples with the same winners in every run, by them
                some = _NONE7  # samples by who won something
                for t in range(want):  # each run's winners written out (``runs`` a constant): a loop over
                    e = out[t]          # them kept the compiler from vectorizing this one
                    i0 = e & np.uint64(0xFFFFF)
                    i1 = (e >> np.uint64(20)) & np.uint64(0xFFFFF)
                    i2 = (e >> np.uint64(40)) & np.uint64(0xFFFFF)
                    p0 = _winners3(hand_keys, hand_masks, base_run + first_keys[i0], i0, np.uint64(0), base_mask,
                                   first_masks, second_masks, values, offsets, rank_strength, flush_strength, flushy)
                    p1 = _winners3(hand_keys, hand_masks, base_run + first_keys[i1], i1, np.uint64(0), base_mask,
                                   first_masks, second_masks, values, offsets, rank_strength, flush_strength, flushy)
                    p2 = p1  # two runs: the second again, which changes neither test below
                    if runs == 3:
                        p2 = _winners3(hand_keys, hand_masks, base_run + first_keys[i2], i2, np.uint64(0),
                                       base_mask, first_masks, second_masks, values, offsets, rank_strength,
                                       flush_strength, flushy)
                    if flushy:
                        ran = _count7(_count7(_count7(ran, p0, 1), p1, 1), p2, np.int64(runs == 3))
                        same = _count7(same, p0, np.int64((p0 == p1) & (p1 == p2)))
                        some = _count7(some, p0 | p1 | p2, 1)
                    else:  # a flush on a branch: the loop stays scalar (vectorized, it valued every hand in full)
                        code = p0 | (p1 << 3)
                        if runs == 3:
                            code |= p2 << 6
                        joint[code] += 1
                _add7(run_patterns, ran)
                _add7(same_winners, same)
                _add7(won_any, some)
            else:
                for t in range(want):
                    e = out[t]
                    first = np.int64(0)
                    every = np.int64(1)
                    anyone = np.int64(0)
                    for r in range(runs):
                        i = (e >> np.uint64(20 * r)) & np.uint64(0xFFFFF)
                        pattern = _winners(hand_keys, hand_masks, base_run + first_keys[i], i, np.uint64(0), base_mask,
                                           first_masks, second_masks, values, offsets, rank_strength, flush_strength)
                        run_patterns[pattern] += 1
                        first = pattern if r == 0 else first
                        every &= np.int64(pattern == first)
                        anyone |= pattern
                    same_winners[first] += every
                    won_any[anyone] += 1
            done += want
        if players == 2:
            _headsup_shares(samples * runs, w0, w1, a0, a1, share_unit, share_sum, scoop, blank)
        else:
            if players == 3 and not flushy:
                _decoded(joint, runs, run_patterns, same_winners, won_any)
            _shares(players, run_patterns, same_winners, won_any, share_unit, share_sum, scoop, blank)

    return flop_runs


#: The runs kernel's body for fixed hands alone, with flushes on a branch and
#: with none, with random players, with ranged ones (:func:`_runs_kernel`).
_RUNS_PLAIN = _runs_kernel(False, False, False)
_RUNS_FLUSHY = _runs_kernel(True, False, False)
_RUNS_RANDOM = _runs_kernel(False, True, False)
_RUNS_RANGED = _runs_kernel(False, False, True)
#: Fixed hands' two or three runs of a flop or a turn (:func:`_flop_kernel`),
#: by (flushy, runs): each takes :func:`fixed_runs`'s arguments.
_FLOP_RUNS = {(flushy, runs): _flop_kernel(flushy, runs) for flushy in (False, True) for runs in (2, 3)}


def packed(nt: int, npart: int, runs: int) -> bool:
    """Whether the runs are of a flop or a turn and one try of 32 random bits
    draws them all (:func:`_packed_combos` above 0): then a kernel of
    :func:`_flop_kernel` takes fixed hands' runs, else :func:`fixed_runs`."""
    return npart == 1 and 2 <= runs <= 3 and nt ** runs < 1 << 32


def runs_kernel(flushy: bool, first_keys, second_keys, runs: int):
    """The kernel for fixed hands' runs (all take the same arguments): one of
    :func:`_flop_kernel` for two or three runs of a flop or a turn
    (:func:`packed`), else :func:`fixed_runs`; each with flushes valued with
    no branch where ``flushy`` (where one board's Monte Carlo values them so).
    Chosen here, not in a kernel: a kernel holding both compiled both."""
    if packed(first_keys.shape[0], second_keys.shape[0], runs):
        return _FLOP_RUNS[bool(flushy), runs]
    return fixed_runs_flushy if flushy else fixed_runs


@jit
def fixed_runs(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
               base_key, base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength,
               share_unit, share_sum, scoop, blank):
    """Fixed hands' cards to come run ``runs`` times, ``samples`` times
    (:func:`_runs_kernel`, its docstring above: a flush valued on a branch).
    Two or three runs of a flop or a turn are drawn the same way here, but
    :func:`runs_kernel` gives them a kernel of their own, faster, with the
    same runs and counts (:func:`_flop_kernel`)."""
    none = np.zeros(1, np.int64)
    _RUNS_PLAIN(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                base_key, base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength,
                share_unit, share_sum, scoop, blank, none, none, none,
                (none, none, none, np.zeros(1, np.uint64), none, 1, np.zeros(2, np.int64)))


@jit
def fixed_runs_flushy(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                      base_key, base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength,
                      share_unit, share_sum, scoop, blank):
    """:func:`fixed_runs` valuing every run's flushes with no branch, two or
    three hands (as :func:`fixed_headsup_flushy`; more keep the branch): the same counts."""
    none = np.zeros(1, np.int64)
    _RUNS_FLUSHY(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                 base_key, base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength,
                 share_unit, share_sum, scoop, blank, none, none, none,
                 (none, none, none, np.zeros(1, np.uint64), none, 1, np.zeros(2, np.int64)))


@jit
def fixed_random_runs(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks, base_key,
                      base_mask, values, seats, hole_keys, hole_masks, runs, samples, seed, offsets, rank_strength,
                      flush_strength, share_unit, share_sum, scoop, blank):
    """:func:`fixed_runs` with ``random`` players too (``seats`` and the hole
    table as :func:`fixed_and_random` takes them): after a block's runs, each
    random player's two cards are a row of ``hole_keys``/``hole_masks`` drawn
    in rounds as a run is (:func:`_draw_runs`), meeting no run's card nor an
    earlier random player's; each run's winners then found seat by seat, a
    random hand valued in full. Flushes on a branch."""
    _RUNS_RANDOM(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                 base_key, base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength,
                 share_unit, share_sum, scoop, blank, seats, hole_keys, hole_masks,
                 (hole_keys, hole_masks, seats, np.zeros(1, np.uint64), seats, 1, np.zeros(2, np.int64)))


@jit
def fixed_ranged_runs(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks, base_key,
                      base_mask, values, seats, combo_keys, combo_masks, combo_start, alias_keep, alias_other,
                      runs, samples, max_redraws, seed, offsets, rank_strength, flush_strength, share_unit,
                      share_sum, scoop, blank, stats):
    """:func:`fixed_runs` with ranged players too (``seats[p]``: a fixed
    hand's row, or ``-1 - q`` for ranged seat ``q``, whose combos are rows
    ``combo_start[q]`` .. ``combo_start[q + 1] - 1`` of ``combo_keys`` (two
    cards' key sums) and ``combo_masks``, drawn by the alias tables
    ``alias_keep``/``alias_other`` (rows)). A block's samples first draw each
    ranged seat's combo, in seat order, the whole deal again when two meet
    (combos that meet a fixed hand or the board were left out of the tables);
    then the runs, as fixed hands' are, each meeting no combo's card; each
    run's winners found seat by seat, a ranged hand valued in full. Stops
    after ``max_redraws`` redrawn deals with the samples so far; ``stats[0]``
    the samples, ``stats[1]`` the redrawn deals (added to). Flushes on a branch."""
    _RUNS_RANGED(hand_keys, hand_masks, first_keys, first_masks, second_keys, second_masks,
                 base_key, base_mask, values, runs, samples, seed, offsets, rank_strength, flush_strength,
                 share_unit, share_sum, scoop, blank, seats, combo_keys, combo_masks,
                 (combo_keys, combo_masks, combo_start, alias_keep, alias_other, max_redraws, stats))
