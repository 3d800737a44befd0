"""Private Numba kernels of the equity calculator.

The heads-up tally (two lookups, three register counters) is written out in
each kernel that needs it: factored into an inlined helper returning the
counters it measured twice as slow.

Showdown counts are integers: ``outcome[p, 1]`` counts boards player ``p``
wins alone, ``outcome[p, n]`` (n >= 2) boards it shares among ``n`` players
(for up to ``PATTERN_PLAYERS`` players they are first tallied by winner
pattern and converted by :func:`patterns_to_outcome`);
``types[p, t]`` counts boards on which it ends with hand type ``t``.
"""

from __future__ import annotations

import numpy as np

from pokercli._combinator import next_combination, unrank_combination
from pokercli._jit import jit, jit_inline
from pokercli._kernels import KEY_INIT, hand_value


#: Up to this many players, outcomes are tallied by winner pattern (2**players slots).
PATTERN_PLAYERS = 10


@jit_inline
def _showdown(hand_keys, hand_masks, bkey, bmask, offsets, rank_score, flush_score, patterns,
              outcome, types, with_types, weight=1):
    """Score every player on one board and tally who wins (``weight`` boards alike).

    With up to ``PATTERN_PLAYERS`` players the set of winners (a bit pattern)
    is counted in ``patterns``; with more, ``outcome`` is updated directly.
    """
    players = hand_keys.shape[0]
    best = np.uint32(0)
    pattern = 0
    if not with_types and players <= PATTERN_PLAYERS:
        for p in range(players):
            s = hand_value(hand_keys[p] + bkey, hand_masks[p] | bmask, offsets, rank_score,
                           flush_score)
            bit = 1 << p
            pattern = bit if s > best else (pattern | bit if s == best else pattern)
            best = max(best, s)
        patterns[pattern] += weight
        return
    nbest = 0
    for p in range(players):
        s = hand_value(hand_keys[p] + bkey, hand_masks[p] | bmask, offsets, rank_score, flush_score)
        if with_types:
            types[p, s >> 26] += weight
        if s > best:
            best = s
            pattern = 1 << p
            nbest = 1
        elif s == best:
            pattern |= 1 << p
            nbest += 1
    if players <= PATTERN_PLAYERS:
        patterns[pattern] += weight
    else:
        for p in range(players):
            if (pattern >> p) & 1:
                outcome[p, nbest] += weight


@jit
def patterns_to_outcome(patterns, outcome):
    """Add pattern counts into ``outcome[p, n]`` (player p among n winners)."""
    players = outcome.shape[0]
    for pat in range(1, patterns.shape[0]):
        cnt = patterns[pat]
        if cnt == 0:
            continue
        n = 0
        for p in range(players):
            n += (pat >> p) & 1
        for p in range(players):
            if (pat >> p) & 1:
                outcome[p, n] += cnt


@jit
def boards5(hand_keys, hand_masks, deck, first_lo, first_hi, base_key, base_mask, card_keys,
            offsets, rank_score, flush_score, patterns, outcome, types, with_types):
    """All 5-card boards of ``deck`` whose first card index is in [first_lo, first_hi):
    the preflop path, with running key and mask sums per level. Heads-up without
    type counts (the common case) keeps its tallies in registers:
    ``patterns[1|2|3]`` += boards won by player 1, won by player 2, tied.
    """
    n = deck.shape[0]
    one = np.int64(1)
    heads_up = hand_keys.shape[0] == 2 and not with_types
    k0 = hand_keys[0]
    k1 = hand_keys[1]
    m0 = hand_masks[0]
    m1 = hand_masks[1]
    w0 = 0
    w1 = 0
    tie = 0
    for a in range(first_lo, first_hi):
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
                        ke = kd + card_keys[deck[e]]
                        me = md | (one << deck[e])
                        if heads_up:
                            s0 = hand_value(k0 + ke, m0 | me, offsets, rank_score, flush_score)
                            s1 = hand_value(k1 + ke, m1 | me, offsets, rank_score, flush_score)
                            if s0 > s1:
                                w0 += 1
                            elif s1 > s0:
                                w1 += 1
                            else:
                                tie += 1
                        else:
                            _showdown(hand_keys, hand_masks, ke, me, offsets, rank_score,
                                      flush_score, patterns, outcome, types, with_types)
    patterns[1] += w0
    patterns[2] += w1
    patterns[3] += tie


@jit_inline
def _run_length(n, idx, rl, prev, g, ng, ig):
    """Length of the run of equal (size, subset) choices ending at suit ``g``
    within its class of interchangeable suits (1 when it starts a run)."""
    p = prev[g]
    if p >= 0 and ng == n[p] and ig == idx[p]:
        return rl[p] + 1
    return 1


@jit_inline
def _start(n, idx, prev, g, ng):
    """First subset index allowed for suit ``g`` with ``ng`` cards (canonical order)."""
    p = prev[g]
    if p >= 0 and ng == n[p]:
        return idx[p]
    return 0


@jit
def suit_boards5(hand_keys, hand_masks, base_key, sub_count, sub_key, sub_mask, prev, weight_num,
                 first_n, first_i, t_lo, t_hi, offsets, rank_score, flush_score, patterns,
                 outcome, types, with_types):
    """Every 5-card board, built suit by suit, one per class of boards that a
    renaming of interchangeable suits maps onto each other, weighted by the
    size of the class (preflop: suits ``a`` and ``b`` are interchangeable when
    swapping them leaves every hand and the dead cards as they are).

    ``sub_*[g, k, i]`` list the subsets of ``k`` available ranks of suit
    ``g`` (count, key sum, card mask); suits of one class list the same ranks
    in the same order, and their choices are kept in non-decreasing (size,
    index) order. A board then stands for ``weight_num / prod(run lengths)``
    boards. Items ``t_lo .. t_hi-1`` of (``first_n``, ``first_i``) fix suit 0's
    choice, so threads can share the work.
    """
    n = np.zeros(4, np.int64)
    idx = np.zeros(4, np.int64)
    rl = np.ones(4, np.int64)
    heads_up = hand_keys.shape[0] == 2 and not with_types
    k0 = hand_keys[0]
    k1 = hand_keys[1]
    m0 = hand_masks[0]
    m1 = hand_masks[1]
    w0 = 0
    w1 = 0
    tie = 0
    for t in range(t_lo, t_hi):
        a = first_n[t]
        ia = first_i[t]
        n[0] = a
        idx[0] = ia
        ka = base_key + sub_key[0, a, ia]
        ma = sub_mask[0, a, ia]
        for b in range(0, 6 - a):
            if prev[1] >= 0 and b < n[prev[1]]:
                continue
            for ib in range(_start(n, idx, prev, 1, b), sub_count[1, b]):
                rl[1] = _run_length(n, idx, rl, prev, 1, b, ib)
                n[1] = b
                idx[1] = ib
                kb = ka + sub_key[1, b, ib]
                mb = ma | sub_mask[1, b, ib]
                for c in range(0, 6 - a - b):
                    if prev[2] >= 0 and c < n[prev[2]]:
                        continue
                    d = 5 - a - b - c
                    for ic in range(_start(n, idx, prev, 2, c), sub_count[2, c]):
                        rl[2] = _run_length(n, idx, rl, prev, 2, c, ic)
                        n[2] = c
                        idx[2] = ic
                        kc = kb + sub_key[2, c, ic]
                        mc = mb | sub_mask[2, c, ic]
                        if prev[3] >= 0 and d < n[prev[3]]:
                            continue
                        denom = rl[1] * rl[2]
                        w_base = weight_num // denom
                        p3 = prev[3]
                        for id_ in range(_start(n, idx, prev, 3, d), sub_count[3, d]):
                            w = w_base
                            if p3 >= 0 and d == n[p3] and id_ == idx[p3]:
                                w = weight_num // (denom * (rl[p3] + 1))
                            bkey = kc + sub_key[3, d, id_]
                            bmask = mc | sub_mask[3, d, id_]
                            if heads_up:
                                s0 = hand_value(k0 + bkey, m0 | bmask, offsets, rank_score,
                                                flush_score)
                                s1 = hand_value(k1 + bkey, m1 | bmask, offsets, rank_score,
                                                flush_score)
                                if s0 > s1:
                                    w0 += w
                                elif s1 > s0:
                                    w1 += w
                                else:
                                    tie += w
                            else:
                                _showdown(hand_keys, hand_masks, bkey, bmask, offsets, rank_score,
                                          flush_score, patterns, outcome, types, with_types, w)
    patterns[1] += w0
    patterns[2] += w1
    patterns[3] += tie


@jit
def enumerate_boards(hand_keys, hand_masks, deck, k, start, count, base_key, base_mask, binom,
                     card_keys, offsets, rank_score, flush_score, patterns, outcome, types,
                     with_types):
    """Showdowns on boards ``start .. start+count-1`` (lexicographic) of ``k`` cards of ``deck``.

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


@jit
def _pick_in(cum, lo, hi, u):
    """First index j in [lo, hi) with cum[j] > u (cum is cumulative over all combos)."""
    end = hi
    while lo < hi:
        mid = (lo + hi) // 2
        if cum[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    return min(lo, end - 1)


@jit_inline
def _splitmix(x):
    """SplitMix64 step: (next state, output). Seeds the generator below."""
    x = x + np.uint64(0x9E3779B97F4A7C15)
    z = x
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x, z ^ (z >> np.uint64(31))


@jit_inline
def _xorshift(s):
    """xorshift64* step: (next state, 64 random bits)."""
    s ^= s >> np.uint64(12)
    s ^= s << np.uint64(25)
    s ^= s >> np.uint64(27)
    return s, s * np.uint64(0x2545F4914F6CDD1D)


@jit
def monte_carlo(combo_cards, combo_start, cum_weight, fixed_mask, base_key, base_mask, k, samples,
                seed, card_keys, offsets, rank_score, flush_score, patterns, outcome, types,
                with_types):
    """``samples`` random deals: each player's combo by weight, then ``k`` board cards.

    The generator is xorshift64* seeded through SplitMix64 from ``seed``, so a
    seed gives the same deals on every machine.

    ``fixed_mask`` holds the board and dead cards (never dealt), ``base_mask``
    and ``base_key`` the board alone. A deal where two players' combos collide
    (or touch the board or dead cards) is redrawn whole, which samples the
    weighted distribution over valid deals exactly. Returns the number of
    redrawn deals.
    """
    state, first = _splitmix(np.uint64(seed))
    state = first | np.uint64(1)
    players = combo_start.shape[0] - 1
    hand_keys = np.zeros(players, np.int64)
    hand_masks = np.zeros(players, np.int64)
    one = np.int64(1)
    rejected = 0
    heads_up = players == 2 and not with_types
    w0 = 0
    w1 = 0
    tie = 0
    # players with a single combo (fixed hands) are dealt once, outside the loop
    fixed_used = fixed_mask
    all_fixed = True
    for p in range(players):
        lo = combo_start[p]
        if combo_start[p + 1] - lo == 1:
            c1 = combo_cards[lo, 0]
            c2 = combo_cards[lo, 1]
            hand_keys[p] = card_keys[c1] + card_keys[c2]
            hand_masks[p] = (one << c1) | (one << c2)
            fixed_used |= hand_masks[p]
        else:
            all_fixed = False
    for _ in range(samples):
        used = fixed_used
        while not all_fixed:
            used = fixed_used
            ok = True
            for p in range(players):
                lo = combo_start[p]
                hi = combo_start[p + 1]
                if hi - lo == 1:
                    continue
                base = cum_weight[lo - 1] if lo > 0 else 0.0
                state, r = _xorshift(state)
                u = base + (r >> np.uint64(11)) * (1.0 / 9007199254740992.0) * (cum_weight[hi - 1] - base)
                j = _pick_in(cum_weight, lo, hi, u)
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
            rejected += 1
        bkey = base_key
        bmask = base_mask
        for _j in range(k):
            while True:
                state, r = _xorshift(state)
                c = np.int64(((r >> np.uint64(32)) * np.uint64(52)) >> np.uint64(32))
                bit = one << c
                if not used & bit:
                    break
            used |= bit
            bkey += card_keys[c]
            bmask |= bit
        if heads_up:
            s0 = hand_value(hand_keys[0] + bkey, hand_masks[0] | bmask, offsets, rank_score,
                            flush_score)
            s1 = hand_value(hand_keys[1] + bkey, hand_masks[1] | bmask, offsets, rank_score,
                            flush_score)
            if s0 > s1:
                w0 += 1
            elif s1 > s0:
                w1 += 1
            else:
                tie += 1
        else:
            _showdown(hand_keys, hand_masks, bkey, bmask, offsets, rank_score,
                      flush_score, patterns, outcome, types, with_types)
    if heads_up:
        patterns[1] += w0
        patterns[2] += w1
        patterns[3] += tie
    return rejected



@jit
def potentials(hero_final, runout_keys, runout_masks, opp_keys, opp_masks, opp_weights, opp_state,
               base_key, base_mask, card_keys, offsets, rank_score, flush_score, hp):
    """Hand-potential matrix over every opponent hand and runout.

    ``opp_state[j]`` is 0/1/2 when our hand is ahead of / tied with / behind
    opponent hand ``j`` now; ``hero_final[r]`` is our score after runout ``r``.
    ``hp[now, final]`` accumulates the weight of each (opponent hand, runout)
    pair by its state now and at showdown (0 ahead, 1 tied, 2 behind).
    Runouts that use an opponent's card are skipped for that opponent.
    """
    for j in range(opp_keys.shape[0]):
        now = opp_state[j]
        w = opp_weights[j]
        k = base_key + opp_keys[j]
        m = base_mask | opp_masks[j]
        for r in range(runout_keys.shape[0]):
            if runout_masks[r] & opp_masks[j]:
                continue
            s = hand_value(k + runout_keys[r], m | runout_masks[r], offsets, rank_score, flush_score)
            h = hero_final[r]
            if h > s:
                hp[now, 0] += w
            elif h == s:
                hp[now, 1] += w
            else:
                hp[now, 2] += w


@jit
def draw_counts(hand, deck, binom, card_keys, offsets, rank_class, flush_class, category, counts):
    """Five-card draw: for each of the 32 holds (bit i keeps ``hand[i]``), count the
    final hands by ``category[class]`` over every draw of the rest from ``deck``."""
    n = deck.shape[0]
    one = np.int64(1)
    for hold in range(32):
        key = KEY_INIT
        mask = np.int64(0)
        held = 0
        for i in range(5):
            if (hold >> i) & 1:
                key += card_keys[hand[i]]
                mask |= one << hand[i]
                held += 1
        k = 5 - held
        if k == 0:
            counts[hold, category[hand_value(key, mask, offsets, rank_class, flush_class)]] += 1
            continue
        idx = np.empty(k, np.int64)
        for j in range(k):
            idx[j] = j
        while True:
            kk = key
            mm = mask
            for j in range(k):
                c = deck[idx[j]]
                kk += card_keys[c]
                mm |= one << c
            counts[hold, category[hand_value(kk, mm, offsets, rank_class, flush_class)]] += 1
            if not next_combination(idx, n):
                break
