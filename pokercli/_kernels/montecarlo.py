"""Monte Carlo equity kernel: random deals and runouts, tallied like the enumerations.

A seed and its batch number give the same deals on every machine: the
generator is SplitMix64 (a counter run through a mixing function), and a
kernel call never depends on another one.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.evaluator import hand_value, rank_value
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.showdown import _showdown

_GAMMA = np.uint64(0x9E3779B97F4A7C15)


@jit_inline
def _mix(z):
    """SplitMix64's output function: 64 well-mixed bits from a counter value."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@jit_inline
def _below(r, n):
    """An integer in [0, n) from the high 32 bits of ``r`` (bias below n / 2**32)."""
    return np.int64(((r >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


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
    ctr = _mix(np.uint64(seed))
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
                    r = _mix(ctr)
                    j = lo + _below(r, hi - lo)  # a column of the alias table, then its coin
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
                r = _mix(ctr)
            i = j + _below(r, n - j)
            c = deck[i]
            while (used >> c) & 1:  # only a ranged player's card is refused
                ctr += _GAMMA
                i = j + _below(_mix(ctr), n - j)
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
                r = _mix(ctr)
            i = j + _below(r, n - j)
            c = deck[i]
            while (used >> c) & 1:
                ctr += _GAMMA
                i = j + _below(_mix(ctr), n - j)
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
            _showdown(hand_keys, hand_masks, bkey, bmask, offsets, rank_score,
                      flush_score, patterns, outcome, types, with_types)
    if heads_up:
        patterns[1] += w0
        patterns[2] += w1
        patterns[3] += done - w0 - w1
    stats[0] = done
    stats[1] = redraws
