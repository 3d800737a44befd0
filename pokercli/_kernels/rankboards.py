"""Private kernel: a preflop deal's showdowns over every five-card board without
telling apart cards whose suit cannot matter (issue #15, part 1).

A board's outcome depends on its suits only where some player makes a flush.
So every board is first counted by its **rank multiset** alone: the 6,188
multisets of five ranks, each weighted by the number of boards that have it
(the product over its ranks of C(cards of that rank left, copies)), every
player valued by the rank table only. Then the boards on which someone can
make a flush are **corrected**: for each suit, each set of its cards on the
board that lets some player reach five of it (three or more board cards, and
enough in a player's hole), and each rank multiset of the other board cards
(their suits cannot flush, so only the number of ways to pick them counts),
the kernel adds the true outcome and takes away the rank-only one, both
weighted by that number of ways. Every board is counted once, exactly as the
full enumeration counts it; the integers are the same (tested against the
full enumeration on every kind of deal).

As Aces against Kings: about 6,000 multisets and 12,000 flush corrections
instead of 1,712,304 boards.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import next_combination
from pokercli._kernels.jit import jit, jit_inline


@jit_inline
def _binom_small(n, k):
    """C(n, k) for 0 <= n <= 13, 0 <= k <= 5 (0 when k > n)."""
    if k > n or k < 0:
        return np.int64(0)
    out = np.int64(1)
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@jit_inline
def rank_index(key, offsets):
    k = key & 0xFFFFFFFF
    return (k & 4095) + offsets[k >> 12]


@jit_inline
def _tally(values, players, weight, outcome):
    """``outcome[p, n] += weight`` for each winner ``p`` of ``n`` equal best values."""
    if players == 2:
        a = values[0]
        b = values[1]
        if a > b:
            outcome[0, 1] += weight
        elif b > a:
            outcome[1, 1] += weight
        else:
            outcome[0, 2] += weight
            outcome[1, 2] += weight
        return
    best = values[0]
    n = 1
    for p in range(1, players):
        v = values[p]
        if v > best:
            best = v
            n = 1
        elif v == best:
            n += 1
    for p in range(players):
        if values[p] == best:
            outcome[p, n] += weight


@jit_inline
def winner_bits(values, players):
    """The bit pattern of the players holding the best value."""
    best = values[0]
    pattern = np.int64(1)
    for p in range(1, players):
        v = values[p]
        if v > best:
            best = v
            pattern = np.int64(1) << p
        elif v == best:
            pattern |= np.int64(1) << p
    return pattern


@jit
def rank_multisets(left, size, rank_keys):
    """Every multiset of ``size`` (0..5) ranks that the cards left allow
    (``left``: int64[13], cards of each rank), in lexicographic order:
    (int64[m, max(size, 1)] its ranks, ascending; int64[m] the sum of its
    ranks' ``rank_keys``; int64[m] its number of card choices, the product over
    its ranks of C(cards left, copies))."""
    most = (1, 13, 91, 455, 1820, 6188)[size]  # C(12 + size, size) multisets
    ranks = np.empty((most, max(size, 1)), np.int64)
    keys = np.empty(most, np.int64)
    weights = np.empty(most, np.int64)
    now = np.zeros(size, np.int64)
    m = 0
    while True:
        weight = np.int64(1)
        key = np.int64(0)
        run = 1
        for i in range(1, size + 1):
            key += rank_keys[now[i - 1]]
            if i < size and now[i] == now[i - 1]:
                run += 1
                continue
            weight *= _binom_small(left[now[i - 1]], run)
            run = 1
        if weight:
            ranks[m, :size] = now
            keys[m] = key
            weights[m] = weight
            m += 1
        i = size - 1  # the next non-decreasing sequence
        while i >= 0 and now[i] == 12:
            i -= 1
        if i < 0:
            return ranks[:m], keys[:m], weights[:m]
        now[i] += 1
        for j in range(i + 1, size):
            now[j] = now[i]


@jit
def rank_boards5(hand_keys, suit_bits, avail, card_keys, offsets, rank_tab, flush_tab,
                 patterns, outcome, types, with_types):
    """Every five-card board of the cards in ``avail`` (a 52-bit set: the deck less
    the players' and dead cards), counted into ``outcome[p, n]`` (boards player
    ``p`` shares with ``n - 1`` others; ``n = 1``: wins alone).

    ``hand_keys``: int64[P], each player's two card keys summed (their rank keys
    in the low 32 bits); ``suit_bits``: int64[P, 4], each player's 13-bit rank
    set in each suit group; tables: strength tables (higher wins). ``patterns``
    and ``types`` are left untouched (no hand types: ``with_types`` is the
    other kernels' business).
    """
    _boards5(hand_keys, suit_bits, avail, card_keys, offsets, rank_tab, flush_tab, outcome,
             False, np.zeros(1, np.int64), np.zeros((1, 1, 1), np.int64))


@jit
def rank_boards5_pots(hand_keys, suit_bits, avail, card_keys, offsets, rank_tab, flush_tab, pot_masks, outcomes):
    """:func:`rank_boards5`'s boards counted for several pots at once: the
    pots of one all-in (the main pot and side pots), each won among its
    players (``pot_masks[q]``: their bits), all over the same deck.
    ``outcomes[q, p, n]``: the boards on which player ``p`` shares pot ``q``
    with ``n - 1`` others (``n = 1``: wins it alone); int64[pots, P, P + 1]."""
    _boards5(hand_keys, suit_bits, avail, card_keys, offsets, rank_tab, flush_tab,
             np.zeros((1, 1), np.float64), True, pot_masks, outcomes)


@jit_inline
def _tally_into(values, players, weight, outcome, pots, pot_masks, outcomes):
    """:func:`_tally` into ``outcome`` (the board's winners among every player),
    or with ``pots`` into ``outcomes[q]`` for each pot ``q`` (its winners among
    the players of ``pot_masks[q]``)."""
    if not pots:
        _tally(values, players, weight, outcome)
        return
    for q in range(pot_masks.shape[0]):
        mask = pot_masks[q]
        best = np.int64(-1)
        n = 0
        for p in range(players):
            if (mask >> p) & 1:
                v = np.int64(values[p])
                if v > best:
                    best = v
                    n = 1
                elif v == best:
                    n += 1
        for p in range(players):
            if (mask >> p) & 1 and np.int64(values[p]) == best:
                outcomes[q, p, n] += weight


@jit_inline
def _boards5(hand_keys, suit_bits, avail, card_keys, offsets, rank_tab, flush_tab, outcome, pots, pot_masks,
             outcomes):
    """The enumeration of :func:`rank_boards5`, tallied by :func:`_tally_into`."""
    players = hand_keys.shape[0]
    one = np.int64(1)
    rank_keys = np.empty(13, np.int64)
    left = np.zeros(13, np.int64)  # cards of each rank left
    for r in range(13):
        rank_keys[r] = card_keys[r] & 0xFFFFFFFF
        for g in range(4):
            left[r] += (avail >> (13 * g + r)) & 1
    values = np.empty(players, np.int64)
    flat = np.empty(players, np.int64)
    # 1. every board by its rank multiset, valued without flushes
    _, board_keys, counts = rank_multisets(left, 5, rank_keys)
    for m in range(counts.shape[0]):
        weight = counts[m]
        key = board_keys[m]
        for p in range(players):
            values[p] = rank_tab[rank_index(hand_keys[p] + key, offsets)]
        _tally_into(values, players, weight, outcome, pots, pot_masks, outcomes)
    # 2. the boards where a player can flush: true outcome in, rank-only outcome out
    suited = np.empty(13, np.int64)
    held = np.zeros(players, np.int64)  # each player's hole cards of suit g
    for g in range(4):
        most = 0
        for p in range(players):
            c = 0
            bits = suit_bits[p, g]
            while bits:
                bits &= bits - 1
                c += 1
            held[p] = c
            if c > most:
                most = c
        n_suited = 0
        for r in range(13):
            if (avail >> (13 * g + r)) & 1:
                suited[n_suited] = r
                n_suited += 1
        other = np.zeros(13, np.int64)  # cards of each rank left outside suit g
        for r in range(13):
            other[r] = left[r] - ((avail >> (13 * g + r)) & 1)
        for k in range(max(3, 5 - most), 6):
            if k > n_suited:
                break
            _, rest_keys, rest_counts = rank_multisets(other, 5 - k, rank_keys)  # the other board cards
            pick = np.arange(k)
            while True:
                fbits = np.int64(0)
                fkey = np.int64(0)
                for i in range(k):
                    fbits |= one << suited[pick[i]]
                    fkey += rank_keys[suited[pick[i]]]
                for t in range(rest_counts.shape[0]):
                    weight = rest_counts[t]
                    key = fkey + rest_keys[t]
                    changed = False
                    for p in range(players):
                        flat[p] = rank_tab[rank_index(hand_keys[p] + key, offsets)]
                        if held[p] + k >= 5:  # five of suit g: the flush table's value
                            values[p] = flush_tab[fbits | suit_bits[p, g]]
                            changed = True
                        else:
                            values[p] = flat[p]
                    if changed and (pots or players == 2
                                    or winner_bits(values, players) != winner_bits(flat, players)):
                        _tally_into(values, players, weight, outcome, pots, pot_masks, outcomes)
                        _tally_into(flat, players, -weight, outcome, pots, pot_masks, outcomes)
                if not next_combination(pick, n_suited):  # the next k-subset of the suited ranks left
                    break
