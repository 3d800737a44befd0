"""Private Numba kernels of the draw games with more than one draw to come:
each later draw's discards chosen by a fixed policy, played out by Monte Carlo.

The policy (:func:`keep_mask`), the same for every player: a hand stands pat
when it is made (no pair; in deuce-to-seven no straight or flush either; in
badugi four cards of different suits and ranks) and its top card is at or
below ``pat``; otherwise it keeps its lowest cards of different ranks that
are at or below ``keep`` (in badugi the cards its hand is valued from), at
most one fewer than a full hand, and draws the rest. Where two cards of a
rank could be kept, the lower card id is (badugi: of the best sets of cards,
the one whose card set, read as an integer, is smallest).

A card's **lowness** orders ranks for the policy: deuce-to-seven's ``c % 13``
(the two 0 .. the ace 12, the ace only high); ace-to-five's and badugi's
ace-low rank (the ace 0 .. the king 12). Rules are :data:`pokercli._kernels.stud.RULES`.

The stub is dealt from without replacement; when it runs out, the discards
so far (the dead cards among them, not the drawing player's own discards of
this draw) are shuffled into a new stub, as cardrooms do.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels import scalar
from pokercli._kernels.evaluator import KEY_INIT, lowest_bit, popcount
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.montecarlo import draw_below, mix64
from pokercli._kernels.omaha.deals import SHARE_UNIT
from pokercli._kernels.stud import badugi_best, hand_score

_GAMMA = scalar.GAMMA


@jit_inline
def lowness(c, rule):
    """The card's place in the policy's order of ranks (smaller is lower)."""
    return c % 13 if rule == 2 else (c % 13 + 1) % 13


@jit_inline
def hand_key(cards, full, card_keys):
    """(key, card set) of the first ``full`` cards of ``cards``."""
    key = KEY_INIT
    mask = np.int64(0)
    for i in range(full):
        key += card_keys[cards[i]]
        mask |= np.int64(1) << cards[i]
    return key, mask


@jit
def keep_mask(mask, full, rule, pat, keep, key, offsets, rank_score, flush_score):
    """The cards (52-bit set) the policy keeps of a hand of ``full`` cards
    (``mask``; ``key`` the sum of its card keys from ``KEY_INIT``), for the value rule ``rule`` (1: ace-to-five, 2: deuce-to-seven, 3: badugi)."""
    if rule == 3:
        chosen = badugi_best(mask, True)[1]
        top = np.int64(-1)
        m = chosen
        while m != 0:
            top = max(top, lowness(lowest_bit(m), rule))
            m &= m - 1
        if popcount(chosen) == full and top <= pat:
            return mask
        kept = np.int64(0)
        n = 0
        for r in range(13):  # the set's cards from the lowest, up to keep, at most full - 1
            if r > keep or n == full - 1:
                break
            m = chosen
            while m != 0:
                c = lowest_bit(m)
                m &= m - 1
                if lowness(c, rule) == r:
                    kept |= np.int64(1) << c
                    n += 1
        return kept
    v = hand_score(key, mask, rule, offsets, rank_score, flush_score)
    made = (v >> 26) == (9 if rule == 2 else 6)
    top = np.int64(-1)
    m = mask
    while m != 0:
        top = max(top, lowness(lowest_bit(m), rule))
        m &= m - 1
    if made and top <= pat:
        return mask
    kept = np.int64(0)
    n = 0
    for r in range(13):
        if r > keep or n == full - 1:
            break
        m = mask
        while m != 0:  # the lowest card id of this rank, if the hand has one
            c = lowest_bit(m)
            m &= m - 1
            if lowness(c, rule) == r:
                kept |= np.int64(1) << c
                n += 1
                break
    return kept


@jit
def keep_masks(cards, rule, pat, keep, card_keys, offsets, rank_score, flush_score, out):
    """``out[i]``: :func:`keep_mask` of row ``i`` of ``cards`` (int64[n, full],
    distinct card ids), for the tests and the policy's documentation."""
    full = cards.shape[1]
    for i in range(cards.shape[0]):
        key, mask = hand_key(cards[i], full, card_keys)
        out[i] = keep_mask(mask, full, rule, pat, keep, key, offsets, rank_score, flush_score)


@jit
def draw_rounds(hands, sizes, stub, pile, draws, rule, pat, keep, count, seed, card_keys, offsets,
                rank_score, flush_score, with_types, hi, scoop, sq, stats, types):
    """``count`` random hands played out over ``draws`` draws, each showdown tallied.

    ``hands``: int64[P, H] (H: 5, or 4 in badugi), player ``p``'s ``sizes[p]``
    kept cards first (they draw the rest now); ``stub``: int64[n], the cards
    left to deal; ``pile``: int64[d], the discards known so far (the dead
    cards), shuffled in when the stub runs out. Later draws follow
    :func:`keep_mask`; players draw in seat order. Tallies as
    :func:`pokercli._kernels.stud.stud_showdowns`' (no low half: ``hi[p, n]``
    counts pots ``p`` wins with ``n - 1`` others, ``scoop``, ``sq``,
    ``stats[1]`` the deals, ``types[p, t]`` when ``with_types``).
    """
    players = hands.shape[0]
    full = hands.shape[1]
    deck = np.empty(64, np.int64)
    muck = np.empty(64, np.int64)
    held = np.zeros((players, 8), np.int64)
    value = np.zeros(players, np.int64)
    mine = np.empty(8, np.int64)
    ctr = np.uint64(seed)
    for it in range(count):
        n = stub.shape[0]
        for i in range(n):
            deck[i] = stub[i]
        top = 0
        d = pile.shape[0]
        for i in range(d):
            muck[i] = pile[i]
        for r in range(draws):
            for p in range(players):
                k = 0  # the cards p keeps this draw
                if r == 0:
                    for i in range(sizes[p]):
                        mine[k] = hands[p, i]
                        k += 1
                    thrown = 0
                else:
                    key, mask = hand_key(held[p], full, card_keys)
                    kept = keep_mask(mask, full, rule, pat, keep, key, offsets, rank_score, flush_score)
                    thrown = 0
                    for i in range(full):
                        c = held[p, i]
                        if kept >> c & 1:
                            mine[k] = c
                            k += 1
                        else:
                            held[p, full + thrown] = c  # set aside until p's new cards are dealt
                            thrown += 1
                for i in range(k, full):
                    if top == n:  # the stub is out: the discards so far are the new stub
                        for j in range(d):
                            deck[j] = muck[j]
                        n = d
                        d = 0
                        top = 0
                    ctr += _GAMMA
                    j = top + draw_below(mix64(ctr), n - top)
                    c = deck[j]
                    deck[j] = deck[top]
                    deck[top] = c
                    top += 1
                    mine[i] = c
                for i in range(thrown):
                    muck[d] = held[p, full + i]
                    d += 1
                for i in range(full):
                    held[p, i] = mine[i]
        best = np.int64(0)
        for p in range(players):
            key, mask = hand_key(held[p], full, card_keys)
            value[p] = hand_score(key, mask, rule, offsets, rank_score, flush_score)
            best = max(best, value[p])
        nw = 0
        for p in range(players):
            nw += 1 if value[p] == best else 0
        for p in range(players):
            if value[p] == best:
                hi[p, nw] += 1
                share = SHARE_UNIT // nw
                sq[p] += share * share
                if nw == 1:
                    scoop[p] += 1
            if with_types:
                types[p, value[p] >> 26] += 1
    stats[1] += count
