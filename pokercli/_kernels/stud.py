"""Private Numba kernels of the stud games (seven cards each, no board):
razz's ace-to-five low, stud's high, stud hi-lo's high and eight-or-better low.

A hand's ace-to-five low is one read of a **low table**
(:func:`low_rank_table`) at the hand's rank key,
through hold'em's perfect hash. The table is built from **rank sets**,
ace-low (ace = bit 0 .. king = bit 12): ``m1`` the ranks a hand holds, ``m2``
those it holds twice or more, ``m3`` three times or more (:func:`low_values`).
With five or more distinct ranks the best low is the five lowest, one read of
``nopair[m1]`` (int64[8192]: the score of the five lowest ranks of a rank
set, :func:`nopair_table`; stud hi-lo's eight-or-better low reads it too);
otherwise :func:`paired_low` pairs the lowest ranks it can (a pair before two
pair before trips, lower pairs first). Scores are :mod:`pokercli.lowball`'s
(larger is better). A high hand is the evaluator's 30-bit score
(:mod:`pokercli._kernels.evaluator`).

Showdown tallies, as the Omaha kernels' (:mod:`pokercli._kernels.omaha.deals`), and
written out in the loop as they are there (an inlined helper taking the tally
arrays made Numba count references to them on every deal):
``hi[p, n]``, ``hl[p, n]`` (deals with a qualifying low), ``lo[p, n]``,
``scoop[p]``, ``sq[p]`` (squared shares in ``1 / SHARE_UNIT``), ``stats[0]``
(deals without a qualifying low), ``stats[1]`` (Monte Carlo deals) and
``types[p, t]``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pokercli._kernels.combinator import next_combination, unrank_combination
from pokercli._kernels.evaluator import KEY_INIT, hand_value, lowest_bit, popcount, rank_value
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels import scalar
from pokercli._kernels.montecarlo import draw_below, mix64
from pokercli._kernels.omaha.deals import SHARE_UNIT, add_coded

_GAMMA = scalar.GAMMA
_badugi_subsets = jit_inline(scalar.badugi_subsets)
#: The kernels' value rules, by :attr:`pokercli.games.rules.Ranking.value_rule`.
RULES = {"high": 0, "ace-to-five": 1, "deuce-to-seven": 2, "badugi": 3}
#: Deuce-to-seven: the wheel's hold'em scores and what they are with the ace only high
#: (:mod:`pokercli.lowball`), and the bits below a score's type.
WHEEL_STRAIGHT = np.int64((5 << 26) | (0b1111 << 13))
WHEEL_STRAIGHT_FLUSH = np.int64((9 << 26) | (0b1111 << 13))
WHEEL_HIGH = np.int64((1 << 26) | (0b1000000001111 << 13))
WHEEL_FLUSH = np.int64((6 << 26) | (0b1000000001111 << 13))
BELOW_TYPE = np.int64((1 << 26) - 1)
#: A score's rank-group field (:data:`pokercli.lowball.GROUPS`).
GROUPS = np.int64((1 << 20) - 1)
#: Where :func:`stud_samples`' deck entries hold a card's id, above its key
#: (every card key is below ``2**48``).
CARD_SHIFT = 48


def nopair_table() -> np.ndarray:
    """int64[8192]: by an ace-low rank set of five or more ranks, the score of
    its five lowest as a low without a pair (0 for fewer ranks)."""
    out = np.zeros(8192, np.int64)
    for m in range(8192):
        ranks = [r for r in range(13) if m >> r & 1]
        if len(ranks) >= 5:
            top = sorted(ranks[:5], reverse=True)
            packed = 0
            for r in top:
                packed = (packed << 4) | r
            out[m] = (6 << 26) | ((1 << 20) - 1 - packed)
    return out


@jit
def paired_low(m1, m2, m3):
    """The score of the best low of a hand with fewer than five distinct ranks
    (5 to 7 cards), from its rank sets."""
    d = popcount(m1)
    if d == 4:
        p = lowest_bit(m2)
        rest = m1 & ~(np.int64(1) << p)
        packed = p
        for r in range(12, -1, -1):
            if rest >> r & 1:
                packed = (packed << 4) | r
        return (np.int64(5) << 26) | (GROUPS - (packed << 4))
    if d == 3:
        if popcount(m2) >= 2:
            lo = lowest_bit(m2)
            hi = lowest_bit(m2 & ~(np.int64(1) << lo))
            k = lowest_bit(m1 & ~((np.int64(1) << lo) | (np.int64(1) << hi)))
            return (np.int64(4) << 26) | (GROUPS - ((hi << 16) | (lo << 12) | (k << 8)))
        t = lowest_bit(m3)
        rest = m1 & ~(np.int64(1) << t)
        k2 = lowest_bit(rest)
        k1 = lowest_bit(rest & ~(np.int64(1) << k2))
        return (np.int64(3) << 26) | (GROUPS - ((t << 16) | (k1 << 12) | (k2 << 8)))
    # two ranks: a full house (the lowest trips) where the other rank pairs, else quads
    t = lowest_bit(m3)
    other = lowest_bit(m1 & ~(np.int64(1) << t))
    if m2 >> other & 1:
        return (np.int64(2) << 26) | (GROUPS - ((t << 16) | (other << 12)))
    return (np.int64(1) << 26) | (GROUPS - ((t << 16) | (other << 12)))


@lru_cache(maxsize=1)
def low_rank_table() -> np.ndarray:
    """uint32, the shape of hold'em's ``rank_score``: by the slot of a rank
    multiset of 5 to 7 cards (hold'em's card keys and perfect hash), the score
    of its best ace-to-five low (:mod:`pokercli.lowball`; razz's value, which
    suits do not change), so that a low is one table read. Built from the rank
    sets by :func:`pokercli._kernels.stud.low_values` (half a second) and
    cached on disk beside the evaluator's tables."""
    from pokercli._kernels.lookup import TABLE_VERSION, tables
    from pokercli.paths import read_cached

    def load(payload: bytes) -> np.ndarray:
        import io

        with np.load(io.BytesIO(payload), allow_pickle=False) as data:
            out = data["low"]
        if out.shape != tables().rank_score.shape or out.dtype != np.uint32:
            raise ValueError("the array has the wrong shape")
        return out

    return read_cached(f"low-ranks-v{TABLE_VERSION}-u32.npz", load, _build_low, "ace-to-five low table")


def _build_low() -> bytes:
    import io

    from pokercli import reference as R
    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import RANK_KEYS, ROW_SHIFT, tables

    base = tables()
    keys, sets = [], []
    for total in range(5, 8):
        for counts in R.rank_multisets(total):
            keys.append(sum(n * k for n, k in zip(counts, RANK_KEYS)))
            m = [0, 0, 0]
            for r, n in enumerate(counts):  # hold'em's rank r is the ace-low rank (r + 1) % 13
                for level in range(min(n, 3)):
                    m[level] |= 1 << ((r + 1) % 13)
            sets.append(m)
    keys_a = np.array(keys, np.int64)
    slots = (keys_a & 4095) + base.offsets[keys_a >> ROW_SHIFT].astype(np.int64)
    m = np.array(sets, np.int64)
    values = np.zeros(len(keys), np.int64)
    call(low_values, m[:, 0].copy(), m[:, 1].copy(), m[:, 2].copy(), nopair_table(), values)
    out = np.zeros(base.rank_score.shape, np.uint32)  # scores fit in 29 bits; hold'em's dtype
    out[slots] = values
    buf = io.BytesIO()
    np.savez(buf, low=out)
    return buf.getvalue()


@jit
def low_values(m1, m2, m3, nopair, out):
    """``out[i]``: the ace-to-five low of the hand whose rank sets are ``m1[i]``,
    ``m2[i]``, ``m3[i]`` (5 to 7 cards), for :func:`low_rank_table`."""
    for i in range(m1.shape[0]):
        out[i] = nopair[m1[i]] if popcount(m1[i]) >= 5 else paired_low(m1[i], m2[i], m3[i])


@jit_inline
def add_card(c, key, mask, m1, m2, m3, card_keys):
    """A hand's (key, card mask, rank sets) with the card ``c`` added."""
    b = np.int64(1) << ((c % 13 + 1) % 13)
    return key + card_keys[c], mask | (np.int64(1) << c), m1 | b, m2 | (m1 & b), m3 | (m2 & b)


@jit_inline
def hand_score(key, mask, rule, offsets, rank_score, flush_score):
    """A hand's score by the value rule (:data:`RULES`): its high hand (0), its
    ace-to-five low (1), the deuce-to-seven low of five cards (2: the high
    hand with the ace only high, turned over so that larger is better), or
    its badugi (3: :func:`badugi_score`)."""
    if rule == 1:  # rank_score is the low table: one read at the key's rank part
        return np.int64(rank_value(key, offsets, rank_score))
    if rule == 3:
        return badugi_score(mask)
    h = np.int64(hand_value(key, mask, offsets, rank_score, flush_score))
    if rule == 2:
        h = WHEEL_HIGH if h == WHEEL_STRAIGHT else (WHEEL_FLUSH if h == WHEEL_STRAIGHT_FLUSH else h)
        return ((np.int64(10) - (h >> 26)) << 26) | (BELOW_TYPE - (h & BELOW_TYPE))
    return h


@jit_inline
def badugi_best(mask, track):
    """(score, card set) of a badugi hand of up to four cards (its 52-bit card
    set): the largest set of its cards with no two of a suit or of a rank, then
    the lowest such set (:func:`pokercli.lowball.badugi_of`: ``size << 26 |
    (8191 - ace-low rank set)``), and (``track``) of sets as good the smallest
    card set (without ``track`` the set is one of them: the score alone is wanted)."""
    c0 = c1 = c2 = c3 = np.int64(0)
    n = 0
    m = mask
    while m != 0 and n < 4:
        c = lowest_bit(m)
        m &= m - 1
        if n == 0:
            c0 = c
        elif n == 1:
            c1 = c
        elif n == 2:
            c2 = c
        else:
            c3 = c
        n += 1
    return _badugi_subsets(c0, c1, c2, c3, n, track)


@jit
def badugi_score(mask):
    """The badugi score of a hand of up to four cards (:func:`badugi_best`)."""
    return badugi_best(mask, False)[0]


@jit
def deuce_seven_scores(cards, card_keys, offsets, rank_score, flush_score, out):
    """``out[i]``: the deuce-to-seven score of row ``i`` of ``cards`` (int8[n, 5],
    card ids 0..51, checked by the caller): :func:`hand_score`'s rule 2, in
    one pass. Returns the first row holding a card twice, or -1."""
    for i in range(cards.shape[0]):
        key = KEY_INIT
        mask = np.int64(0)
        for j in range(5):
            c = np.int64(cards[i, j])
            key += card_keys[c]
            mask |= np.int64(1) << c
        if popcount(mask) != 5:
            return i
        h = np.int64(hand_value(key, mask, offsets, rank_score, flush_score))
        h = WHEEL_HIGH if h == WHEEL_STRAIGHT else (WHEEL_FLUSH if h == WHEEL_STRAIGHT_FLUSH else h)
        out[i] = ((np.int64(10) - (h >> 26)) << 26) | (BELOW_TYPE - (h & BELOW_TYPE))
    return -1


@jit
def badugi_fill(binom, table):
    """``table[i]``: the badugi score of the four-card hand of colex index ``i``
    (cards ``a < b < c < d``: ``C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)``), for
    the 270,725 hands; ``binom``: :func:`pokercli._kernels.combinator.binomials`."""
    for d in range(3, 52):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    mask = (np.int64(1) << a) | (np.int64(1) << b) | (np.int64(1) << c) | (np.int64(1) << d)
                    table[binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]] = badugi_score(mask)


@jit
def badugi_scores(words, c2, c3, c4, table, out):
    """``out[i]``: the badugi score of the four-card hand ``words[i]`` (its four
    card ids as the bytes of a uint32), read from :func:`badugi_fill`'s table
    at the hand's colex index ``a + c2[b] + c3[c] + c4[d]`` (``cK[x]``: x
    choose K). The cards are put in order as the set bits of the hand's card
    set, lowest first, which also finds a card held twice (fewer than four
    bits) or a byte that is no card (one of 64 up, or a bit above 51).
    Returns the first row that is not four distinct cards, or -1. (A sorting
    network of the four bytes, and binomials read from a two-dimensional
    table, ran at 0.8x: 211-219 against 254-268 M hands a second on an Intel
    Xeon.)"""
    one = np.int64(1)
    for i in range(words.shape[0]):
        x = np.int64(words[i])
        m = (one << (x & 63)) | (one << ((x >> 8) & 63)) | (one << ((x >> 16) & 63)) | (one << ((x >> 24) & 63))
        if popcount(m) != 4 or (m >> 52) != 0 or (x & 0xC0C0C0C0) != 0:
            return i
        a = lowest_bit(m)
        m &= m - 1
        b = lowest_bit(m)
        m &= m - 1
        c = lowest_bit(m)
        d = lowest_bit(m & (m - 1))
        out[i] = table[a + c2[b] + c3[c] + c4[d]]
    return -1


@jit
def razz_scores(cards, card_keys, offsets, low_table, out):
    """``out[i]``: the razz (ace-to-five low) score of row ``i`` of ``cards``
    (int8[n, w], card ids 0..51 (range checked by the caller), -1 padding the
    end of a row of 5 to 7 cards), one read of ``low_table``
    (:func:`low_rank_table`, through hold'em's perfect hash ``offsets``) at the
    sum of the row's card keys (hold'em's ``card_keys``; the rank part is
    read). Returns the first row that is not 5 to 7 distinct cards followed
    only by padding, or -1 (the same checks as
    :func:`pokercli._kernels.evaluator.evaluate_batch`, whose row loop this
    repeats: shared as an inlined helper taking the batch, both kernels ran at
    half their speed, 79 and 87 M rows/s against 120 and 162)."""
    width = cards.shape[1]
    one = np.int64(1)
    for i in range(cards.shape[0]):
        key = np.int64(0)
        mask = np.int64(0)
        dup = np.int64(0)
        count = width
        for j in range(width):
            c = np.int64(cards[i, j])
            if c < 0:
                count = j
                break
            bit = one << c
            dup |= mask & bit
            key += card_keys[c]
            mask |= bit
        for j in range(count + 1, width):  # only in padded rows: a card after the padding
            dup |= np.int64(cards[i, j] >= 0)
        if dup or count < 5:
            return i
        low = key & 0xFFFFFFFF
        out[i] = low_table[(low & 4095) + offsets[low >> 12]]
    return -1


@jit_inline
def known_cards(hands, sizes, card_keys):
    """(int64[P] keys, int64[P] card sets) of each player's known cards
    (``hands[p, :sizes[p]]``), the keys from ``KEY_INIT``."""
    players = hands.shape[0]
    key0 = np.full(players, KEY_INIT, np.int64)
    mask0 = np.zeros(players, np.int64)
    for p in range(players):
        for i in range(sizes[p]):
            c = hands[p, i]
            key0[p] += card_keys[c]
            mask0[p] |= np.int64(1) << c
    return key0, mask0


@jit
def stud_showdowns(hands, sizes, pool, places, start, count, draw, seed, rule, hilo, card_keys,
                   offsets, rank_score, flush_score, nopair, binom, with_types, hi, hl, lo, scoop, sq,
                   stats, types):
    """Deal each player's missing cards and tally every showdown.

    ``hands``: int64[P, H] (H: a complete hand's cards, 7 in stud, 5 in
    draw), player ``p``'s ``sizes[p]`` known cards first; ``pool``: int64[n],
    the cards left to deal. The ``K`` missing cards are a combination of the
    pool; ``places[s, p, :H - sizes[p]]`` (int64[S, P, 7])
    lists which of the combination's ``K`` positions go to ``p`` in way
    ``s``, so that every split of a combination among the players is one
    deal. Exact (``draw`` False): combinations ``start .. start + count - 1``
    in lexicographic order, each split every way. Monte Carlo (``draw``):
    ``count`` random deals from the 64-bit ``seed``, split the first way.

    ``rule``: how hands are valued (:func:`hand_score`; a high hand by the
    evaluator's score tables); ``hilo``: half the pot to the best
    eight-or-better low, when one qualifies. ``types[p, t]`` counts each
    player's hand type when ``with_types``.

    A hand's key is summed first; its card set only where it is read:
    badugi, hi-lo's low (its ranks ace to eight, from the card set), and a
    high hand whose key counts five of a suit (else its value is its ranks',
    one table read). (Heads-up from fifth street on an Intel Xeon, one
    thread: stud 18.6 -> 15.1 ms, stud hi-lo 27.8 -> 24.4, razz level; the
    card set and three rank sets were built for every hand.)

    A showdown is counted by the bits of its best highs and lows
    (:func:`add_coded`), with no branch; the tallies are read from the counts
    after the loop. (Tallied player by player on branches, the same calls,
    best of 6 rounds taking turns: razz 23.7 -> 19.3 ms, stud 26.0 -> 22.0,
    stud hi-lo 40.1 -> 32.4, two 27-single draws 42.1 -> 33.8; compiled for
    AVX2 23.3 -> 17.9, 25.9 -> 20.5, 44.1 -> 34.3, 42.7 -> 32.5.)
    """
    players = hands.shape[0]
    full = hands.shape[1]
    n = pool.shape[0]
    ways = places.shape[0] if not draw else 1
    k = 0
    for p in range(players):
        k += full - sizes[p]
    key0, mask0 = known_cards(hands, sizes, card_keys)
    idx = np.empty(k, np.int64)
    drawn = np.empty(k, np.int64)
    deck = pool.copy()
    if not draw and k > 0:
        unrank_combination(start, n, binom, idx)
    value = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)  # stays 0 (no low) but in hi-lo
    low_bits = players if hilo else 0
    codes = np.zeros(np.int64(1) << (players + low_bits), np.int64)  # showdowns by winners (:func:`add_coded`)
    ctr = np.uint64(seed)
    for it in range(count):
        if draw:
            for i in range(k):
                ctr += _GAMMA
                j = i + draw_below(mix64(ctr), n - i)
                c = deck[j]
                deck[j] = deck[i]
                deck[i] = c
                drawn[i] = c
        else:
            for i in range(k):
                drawn[i] = pool[idx[i]]
        for s in range(ways):
            best_h = np.int64(0)
            best_l = np.int64(0)
            for p in range(players):
                key = key0[p]
                for i in range(full - sizes[p]):
                    key += card_keys[drawn[places[s, p, i]]]
                if rule == 3 or hilo or (rule != 1 and (key >> 35) & 0x1111 != 0):  # the card set is read
                    mask = mask0[p]
                    for i in range(full - sizes[p]):
                        mask |= np.int64(1) << drawn[places[s, p, i]]
                    v = hand_score(key, mask, rule, offsets, rank_score, flush_score)
                    if hilo:  # the ace-low rank set's ranks ace to eight, from the card set
                        ranks = (mask | (mask >> 13) | (mask >> 26) | (mask >> 39)) & 0x1FFF
                        lm = ((ranks << 1) & 0xFE) | (ranks >> 12)
                        low[p] = nopair[lm] if popcount(lm) >= 5 else 0
                        best_l = max(best_l, low[p])
                elif rule == 0:  # no flush: the high hand is its ranks'
                    v = np.int64(rank_value(key, offsets, rank_score))
                else:
                    v = hand_score(key, mask0[p], rule, offsets, rank_score, flush_score)
                value[p] = v
                best_h = max(best_h, v)
            won_h = np.int64(0)
            won_l = np.int64(0)
            for p in range(players):
                won_h |= np.int64(value[p] == best_h) << p
                won_l |= np.int64(low[p] == best_l) << p
                if with_types:
                    types[p, value[p] >> 26] += 1
            codes[(won_h << low_bits) | (won_l & -np.int64(best_l > 0))] += 1  # won_l 0 but in hi-lo
        if not draw and k > 0:
            next_combination(idx, n)
    add_coded(codes, players, hilo, hi, hl, lo, scoop, sq, stats)
    if draw:
        stats[1] += count


@jit_inline
def sampling_deck(hands, sizes, pool, card_keys):
    """The sampling kernels' start: each player's known cards' (keys, card
    sets) (:func:`known_cards`), where each player's cards to come lie in the
    shuffled deck (``first[p]`` to ``first[p + 1]``: the next positions in
    turn), and the deck of the cards left, each as its key with its id above
    (``card_keys[c] | c << CARD_SHIFT``)."""
    players = hands.shape[0]
    key0, mask0 = known_cards(hands, sizes, card_keys)
    first = np.zeros(players + 1, np.int64)
    for p in range(players):
        first[p + 1] = first[p] + hands.shape[1] - sizes[p]
    deck = np.empty(pool.shape[0], np.int64)
    for i in range(pool.shape[0]):
        deck[i] = card_keys[pool[i]] | (pool[i] << CARD_SHIFT)
    return key0, mask0, first, deck


@jit
def stud_samples(hands, sizes, pool, count, seed, rule, card_keys, offsets, rank_score, flush_score, with_types,
                 hi, scoop, sq, stats, types):
    """:func:`stud_showdowns`' Monte Carlo (``draw``) for a game without a low
    half, in a loop of its own: the same deals from the same ``seed`` (the
    same shuffle of ``pool``; each player the next positions in turn, the
    first way of the places) and the same tallies, counted faster.

    The deck it shuffles holds each card as its key with its id above
    (``card_keys[c] | c << CARD_SHIFT``), so a player's key is its known
    cards' key plus the entries its deck positions hold: no read of the keys
    table, no copy of the dealt cards, no places table. The ids' sum lands
    above the key's suit counts, where no value reads (seven ids sum to 357
    at most: no overflow). The card set is built, from the ids, only where
    it is read: badugi, and a high hand holding five of a suit (else the
    hand's value is its ranks' alone, one table read; razz's low always is).
    (Razz from third street heads-up on an Intel Xeon, the kernel on one
    thread: 15-17 M deals a second in the general kernel, 22.6-24.7 here;
    stud's 14.6 against 21.9.)

    A deal adds one to the count of the bits of its best hands (``2 ** P``
    of them), with no branch; the tallies are read from those counts at the
    end. (Tallied deal by deal on branches, the best of 6 rounds taking turns:
    razz heads-up 23.4 -> 27.1 M deals a second, stud 21.0 -> 28.2, razz
    three-way 14.6 -> 19.0; compiled for AVX2 23.2 -> 26.4, 20.2 -> 24.9,
    14.6 -> 18.1.)"""
    players = hands.shape[0]
    n = pool.shape[0]
    key0, mask0, first, deck = sampling_deck(hands, sizes, pool, card_keys)
    k = first[players]
    value = np.zeros(players, np.int64)
    codes = np.zeros(np.int64(1) << players, np.int64)  # deals by the bits of their best hands
    ctr = np.uint64(seed)
    for it in range(count):
        for i in range(k):
            ctr += _GAMMA
            j = i + draw_below(mix64(ctr), n - i)
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        best = np.int64(0)
        for p in range(players):
            key = key0[p]
            for i in range(first[p], first[p + 1]):
                key += deck[i]
            if rule == 3 or (rule != 1 and (key >> 35) & 0x1111 != 0):  # the card set is read
                mask = mask0[p]
                for i in range(first[p], first[p + 1]):
                    mask |= np.int64(1) << (deck[i] >> CARD_SHIFT)
                v = hand_score(key, mask, rule, offsets, rank_score, flush_score)
            elif rule == 0:  # no flush: the high hand is its ranks'
                v = np.int64(rank_value(key, offsets, rank_score))
            else:  # razz's low reads the ranks alone; deuce-to-seven without a flush needs no card set
                v = hand_score(key, mask0[p], rule, offsets, rank_score, flush_score)
            value[p] = v
            best = max(best, v)
        won = np.int64(0)
        for p in range(players):
            won |= np.int64(value[p] == best) << p
            if with_types:
                types[p, value[p] >> 26] += 1
        codes[won] += 1
    for won in range(codes.shape[0]):
        c = codes[won]
        if c == 0:
            continue
        nh = popcount(won)
        share = SHARE_UNIT // nh
        for p in range(players):
            if (won >> p) & 1:  # no low half: the high takes the pot, shared by the nh best
                hi[p, nh] += c
                sq[p] += share * share * c
                scoop[p] += c if nh == 1 else 0
    stats[1] += count


@jit
def hilo_samples(hands, sizes, pool, count, seed, card_keys, offsets, rank_score, flush_score, nopair,
                 with_types, hi, hl, lo, scoop, sq, stats, types):
    """:func:`stud_showdowns`' Monte Carlo (``draw``) for stud hi-lo, in a
    loop of its own: the same deals from the same ``seed`` as
    :func:`stud_samples` deals them (the deck holds each card's key with its
    id above) and the same tallies.

    A deal is valued in two passes: each player's high (the card set is
    always built: the low reads it) and eight-or-better low (``nopair`` at
    the ranks ace to eight), then the bits of the best highs and of the best
    lows (none when no low qualifies), by comparisons, no branch. The deal
    adds one to the count of that pair of bit sets (``4 ** P`` of them); the
    tallies are read from those counts at the end, as
    :func:`stud_showdowns` adds them deal by deal. (From third street on an
    Intel Xeon, one thread, best of 6 rounds taking turns with the general
    kernel's sampling mode: heads-up 9.7 -> 20.2 M deals a second, three-way
    6.2 -> 13.6; compiled for AVX2 11.7 -> 19.4 and 7.8 -> 12.7. The running
    best kept on branches instead of the second pass: 0.8 of this.)"""
    players = hands.shape[0]
    n = pool.shape[0]
    key0, mask0, first, deck = sampling_deck(hands, sizes, pool, card_keys)
    k = first[players]
    one = np.int64(1)
    codes = np.zeros(one << (2 * players), np.int64)  # deals by (best highs' bits, best lows' bits)
    highs = np.zeros(players, np.int64)
    lows = np.zeros(players, np.int64)
    ctr = np.uint64(seed)
    for it in range(count):
        for i in range(k):
            ctr += _GAMMA
            j = i + draw_below(mix64(ctr), n - i)
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
        best_h = np.int64(0)
        best_l = np.int64(0)
        for p in range(players):
            key = key0[p]
            mask = mask0[p]
            for i in range(first[p], first[p + 1]):
                e = deck[i]
                key += e
                mask |= one << (e >> CARD_SHIFT)
            v = np.int64(hand_value(key, mask, offsets, rank_score, flush_score))
            ranks = (mask | (mask >> 13) | (mask >> 26) | (mask >> 39)) & 0x1FFF
            low = nopair[((ranks << 1) & 0xFE) | (ranks >> 12)]  # 0 below five ranks ace to eight
            highs[p] = v
            lows[p] = low
            best_h = max(best_h, v)
            best_l = max(best_l, low)
            if with_types:
                types[p, v >> 26] += 1
        won_h = np.int64(0)
        won_l = np.int64(0)
        for p in range(players):
            won_h |= np.int64(highs[p] == best_h) << p
            won_l |= np.int64(lows[p] == best_l) << p
        codes[(won_h << players) | (won_l & -np.int64(best_l > 0))] += 1
    add_coded(codes, players, True, hi, hl, lo, scoop, sq, stats)
    stats[1] += count


@jit
def stud_range_draws(choice_keys, choice_masks, choice_m1, choice_missing, choice_start, dead_mask, undealt,
                     log_fact, log_most, count, seed, rule, hilo, card_keys, offsets, rank_score, flush_score,
                     nopair, with_types, hi, hl, lo, scoop, sq, stats, types):
    """Monte Carlo of players given as ranges, each sample its own deal: each
    player's hand drawn uniformly from its choices (``choice_start[p]`` ..
    ``choice_start[p + 1] - 1``: the known cards' key sum with ``KEY_INIT``,
    card mask, ace-low rank bits and how many cards the hand still misses),
    all drawn again while two share a card or meet ``dead_mask``, and kept
    with a chance in proportion to the deal's completions (the ways to deal
    the missing cards: ``N! / prod(m_p!)`` over the ``N = undealt + sum(m_p)``
    cards left, against its largest, ``log_most``, from ``log_fact[n] =
    log n!``), so that every completed deal is as likely, as the exact count
    weighs them (a choice such as ``(A x) 7h``, missing one card more, is
    every hand it stands for); then each player's missing cards, uniformly
    from the rest of the deck. Samples are independent: the standard error
    is the per-sample one. The tallies are
    :func:`stud_showdowns`': each sample counted by the bits of its best
    highs and lows, the tallies read from the counts by :func:`add_coded`
    after the loop (an inlined helper called in the loop has the tallies'
    arrays reference-counted around every call, as
    :func:`pokercli._kernels.evaluator.hand_value` explains; tried, exact
    heads-up razz from fifth street took 30 ms instead of 14, and this
    kernel 1.35 s instead of 0.18 for 2 million samples). ``stats[1]`` counts the samples, ``stats[2]`` the redrawn
    deals of the ranges. Returns -1, or the sample at which 100,000 draws in a
    row found no deal (the ranges almost never fit together)."""
    players = choice_start.shape[0] - 1
    value = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)  # stays 0 (no low) but in hi-lo
    low_bits = players if hilo else 0
    codes = np.zeros(np.int64(1) << (players + low_bits), np.int64)  # samples by winners (:func:`add_coded`)
    # the seed hashed first: seeds one counter step apart must not give streams one step apart
    ctr = mix64(np.uint64(seed))
    one = np.int64(1)
    for it in range(count):
        used = np.int64(0)
        tries = 0
        while True:
            used = dead_mask
            ok = True
            for p in range(players):
                ctr += _GAMMA
                j = choice_start[p] + draw_below(mix64(ctr), choice_start[p + 1] - choice_start[p])
                m = choice_masks[j]
                if used & m:
                    ok = False
                    break
                used |= m
                value[p] = j  # the choice, until the hand is valued
            if ok:
                total = undealt
                logw = 0.0
                for p in range(players):
                    m = choice_missing[value[p]]
                    total += m
                    logw -= log_fact[m]
                logw += log_fact[total]
                if logw >= log_most:
                    break
                ctr += _GAMMA
                u = np.float64(mix64(ctr) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
                if u < np.exp(logw - log_most):
                    break
            tries += 1
            if tries >= 100_000:
                add_coded(codes, players, hilo, hi, hl, lo, scoop, sq, stats)
                return it
        stats[2] += tries
        best_h = np.int64(0)
        best_l = np.int64(0)
        for p in range(players):
            j = value[p]
            key = choice_keys[j]
            mask = choice_masks[j]
            m1 = choice_m1[j]
            for i in range(choice_missing[j]):
                while True:
                    ctr += _GAMMA
                    c = draw_below(mix64(ctr), 52)
                    if not (used >> c) & 1:
                        break
                used |= one << c
                key += card_keys[c]
                mask |= one << c
                m1 |= one << ((c % 13 + 1) % 13)
            v = hand_score(key, mask, rule, offsets, rank_score, flush_score)
            value[p] = v
            best_h = max(best_h, v)
            if hilo:
                lm = m1 & 0xFF
                low[p] = nopair[lm] if popcount(lm) >= 5 else 0
                best_l = max(best_l, low[p])
        won_h = np.int64(0)
        won_l = np.int64(0)
        for p in range(players):
            won_h |= np.int64(value[p] == best_h) << p
            won_l |= np.int64(low[p] == best_l) << p
            if with_types:
                types[p, value[p] >> 26] += 1
        codes[(won_h << low_bits) | (won_l & -np.int64(best_l > 0))] += 1
    add_coded(codes, players, hilo, hi, hl, lo, scoop, sq, stats)
    stats[1] += count
    return -1


@jit
def stud_standing(hero, hero_low, pool, size, start, count, rule, hilo, card_keys, offsets,
                  rank_score, flush_score, nopair, binom, now, field, shares):
    """Every hand of ``size`` cards of ``pool`` (int64[n]), combinations
    ``start .. start + count - 1`` in lexicographic order, against ours, of
    score ``hero`` and (``hilo``) eight-or-better low ``hero_low`` (the
    ``nopair`` score of its ranks, 0 for none): ``now[0]``, ``now[1]``,
    ``now[2]`` count the hands against which we take more than half a
    heads-up pot, half, less; ``field[t, j]`` the same by the hand's type
    ``t``; ``shares[0]`` adds our share in quarters of the pot. Scores as
    :func:`stud_showdowns`; ``binom``: :func:`pokercli._kernels.combinator.binomials`."""
    n = pool.shape[0]
    idx = np.empty(size, np.int64)
    unrank_combination(start, n, binom, idx)
    for it in range(count):
        key = KEY_INIT
        mask = np.int64(0)
        m1 = np.int64(0)
        m2 = np.int64(0)
        m3 = np.int64(0)
        for i in range(size):
            key, mask, m1, m2, m3 = add_card(pool[idx[i]], key, mask, m1, m2, m3, card_keys)
        v = hand_score(key, mask, rule, offsets, rank_score, flush_score)
        # our share of a heads-up pot in quarters: the high half and the low half,
        # or the whole pot to the high when neither hand has a low
        low = np.int64(0)
        if hilo:
            lm = m1 & 0xFF
            low = nopair[lm] if popcount(lm) >= 5 else 0
        q = np.int64(4) if hero > v else (np.int64(2) if hero == v else np.int64(0))
        if hilo and (hero_low > 0 or low > 0):
            q = q // 2 + (2 if hero_low > low else (1 if hero_low == low else 0))
        j = 0 if q > 2 else (1 if q == 2 else 2)
        now[j] += 1
        field[v >> 26, j] += 1
        shares[0] += q
        next_combination(idx, n)
