"""Private kernel: every deal of a range spot over every runout of a flop,
turn or river, in one call.

A runout's hands are valued once each -- every combo of every player, not
once per deal -- and then every deal (one combo per player, a row of
``deals``) is a comparison of values already known. A deal whose combo holds
a runout card is skipped for that runout, so the boards a deal counts are
exactly those of its own deck (the cards no hand, board or dead card
holds), as when it is enumerated alone.

================  ====================  ===============================================
parameter         array                 what it holds
================  ====================  ===============================================
``combo_keys``    int64[c]              each combo's two cards' key sum (no ``KEY_INIT``)
``combo_masks``   int64[c]              each combo's cards as a 52-bit mask
``deals``         int32[d, players]     each deal's combo of each player (rows of the above)
``weights``       int64[d]              each deal's weight (a whole number)
``runouts``       int64[r, to_come]     the runouts to count: card ids, ``to_come`` 0..2
``base_key``      int64                 ``KEY_INIT`` plus the keys of the board cards
``base_mask``     int64                 the board as a 52-bit mask
``patterns``      int64[2**players]     added to: weighted boards by winner pattern (bit
                                        ``p`` set when player ``p`` has the best hand)
================  ====================  ===============================================
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels import scalar
from pokercli._kernels.evaluator import hand_value, popcount, rank_value
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels.montecarlo import draw_below, mix64
from pokercli._kernels.omaha.deals import SHARE_UNIT

_GAMMA = scalar.GAMMA


@jit_inline
def runout_board(runouts, r, base_key, base_mask, card_keys):
    """The key sum and card mask of the board with runout ``r`` dealt."""
    key = base_key
    mask = base_mask
    for k in range(runouts.shape[1]):
        key += card_keys[runouts[r, k]]
        mask |= np.int64(1) << runouts[r, k]
    return key, mask


@jit_inline
def value_combos(keys, masks, key, mask, offsets, rank_tab, flush_tab, values):
    """``values[c]``: combo ``c``'s value on the board of ``key``/``mask``; -1
    where it holds one of the board's cards. Such a combo is valued without its
    cards (a card counted twice makes a key past the end of a short deck's
    table: read there, it crashed the process), and the value is dropped."""
    for c in range(keys.shape[0]):
        clear = (masks[c] & mask) == 0
        v = hand_value(key + keys[c] * np.int64(clear), mask | masks[c], offsets, rank_tab, flush_tab)
        values[c] = v if clear else -1


@jit
def runout_patterns(combo_keys, combo_masks, deals, weights, runouts, runout_weights, base_key, base_mask,
                    card_keys, offsets, rank_tab, flush_tab, values, patterns):
    """Add every deal's weight times the runout's, on every runout none of its
    combos meets, to ``patterns[winners]``. ``values``: int64[c], scratch."""
    n_deals, players = deals.shape
    for r in range(runouts.shape[0]):
        key, mask = runout_board(runouts, r, base_key, base_mask, card_keys)
        value_combos(combo_keys, combo_masks, key, mask, offsets, rank_tab, flush_tab, values)
        for d in range(n_deals):
            best = np.int64(-1)
            pattern = 0
            for p in range(players):
                v = values[deals[d, p]]
                if v < 0:
                    pattern = -1
                    break
                bit = 1 << p
                pattern = bit if v > best else (pattern | bit if v == best else pattern)
                best = max(best, v)
            if pattern > 0:
                patterns[pattern] += weights[d] * runout_weights[r]


@jit
def runout_patterns3(combo_keys, combo_masks, first, second, third, weights, runouts, runout_weights,
                     base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, values, patterns):
    """:func:`runout_patterns` of three players, the deals given as three
    index arrays (``first[d]``, ``second[d]``, ``third[d]``: each player's
    combo in deal ``d``): the loop over deals has no branch and no scatter --
    each of the seven winner patterns is its own running sum, a deal holding
    a combo that meets the runout (value -1: the OR of its values is
    negative) adds 0 -- so that it vectorizes. The same counts."""
    n = first.shape[0]
    for r in range(runouts.shape[0]):
        key, mask = runout_board(runouts, r, base_key, base_mask, card_keys)
        value_combos(combo_keys, combo_masks, key, mask, offsets, rank_tab, flush_tab, values)
        t1 = np.int64(0)
        t2 = np.int64(0)
        t3 = np.int64(0)
        t4 = np.int64(0)
        t5 = np.int64(0)
        t6 = np.int64(0)
        t7 = np.int64(0)
        for d in range(n):
            va = values[first[d]]
            vb = values[second[d]]
            vc = values[third[d]]
            best = max(va, max(vb, vc))
            w = weights[d] * np.int64((va | vb | vc) >= 0)
            a = np.int64(va == best)
            b = np.int64(vb == best)
            c = np.int64(vc == best)
            t1 += w * (a & (1 - b) & (1 - c))
            t2 += w * ((1 - a) & b & (1 - c))
            t3 += w * (a & b & (1 - c))
            t4 += w * ((1 - a) & (1 - b) & c)
            t5 += w * (a & (1 - b) & c)
            t6 += w * ((1 - a) & b & c)
            t7 += w * (a & b & c)
        rw = runout_weights[r]
        patterns[1] += t1 * rw
        patterns[2] += t2 * rw
        patterns[3] += t3 * rw
        patterns[4] += t4 * rw
        patterns[5] += t5 * rw
        patterns[6] += t6 * rw
        patterns[7] += t7 * rw


@jit
def runout_patterns_each(combo_keys, combo_masks, deals, weights, runouts, base_key, base_mask,
                         card_keys, offsets, rank_tab, flush_tab, values, patterns):
    """:func:`runout_patterns` of each runout apart, each weighing one:
    ``patterns[r, winners]`` (int64[runouts, 2**players]) for runout ``r``
    (a spot's equity after each next card, from one pass over its runouts)."""
    one = np.ones(1, np.int64)
    for r in range(runouts.shape[0]):
        runout_patterns(combo_keys, combo_masks, deals, weights, runouts[r:r + 1], one, base_key,
                        base_mask, card_keys, offsets, rank_tab, flush_tab, values, patterns[r])


@jit
def runout_counts2(first_keys, first_masks, second_keys, second_masks, weights, runouts, runout_weights,
                   base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, second_values, patterns):
    """Two players: ``weights[a, b]`` the weight of the deal of the first
    player's combo ``a`` against the second's ``b`` (0: they share a card).
    Every runout values each combo once; then the deals are a dense, branchless
    loop over ``weights`` rows (it vectorizes). ``patterns[1]``, ``[2]``,
    ``[3]``: weighted boards the first player wins, loses, ties (a runout
    weighing ``runout_weights[r]`` boards)."""
    n = first_keys.shape[0]
    m = second_keys.shape[0]
    won = np.int64(0)
    lost = np.int64(0)
    tied = np.int64(0)
    for r in range(runouts.shape[0]):
        key, mask = runout_board(runouts, r, base_key, base_mask, card_keys)
        value_combos(second_keys, second_masks, key, mask, offsets, rank_tab, flush_tab, second_values)
        run_won = np.int64(0)
        run_lost = np.int64(0)
        run_tied = np.int64(0)
        for a in range(n):
            if first_masks[a] & mask:
                continue
            va = hand_value(key + first_keys[a], mask | first_masks[a], offsets, rank_tab, flush_tab)
            row_won = np.int64(0)
            row_lost = np.int64(0)
            row_tied = np.int64(0)
            for b in range(m):
                vb = second_values[b]
                w = np.int64(weights[a, b]) * np.int64(vb >= 0)
                row_won += w * np.int64(va > vb)
                row_lost += w * np.int64(va < vb)
                row_tied += w * np.int64(va == vb)
            run_won += row_won
            run_lost += row_lost
            run_tied += row_tied
        won += run_won * runout_weights[r]
        lost += run_lost * runout_weights[r]
        tied += run_tied * runout_weights[r]
    patterns[1] += won
    patterns[2] += lost
    patterns[3] += tied


#: Fewer runouts than this (a river), or fewer runout-deal steps, are counted combo by
#: combo (:func:`runout_counts2_ranks`).
FEW_RUNOUTS = 13
SMALL_PAIR_WORK = 50_000


@jit
def runout_counts2_ranks(first_keys, first_masks, second_keys, second_masks, weights, runouts, runout_weights,
                         base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, second_values, patterns):
    """:func:`runout_counts2`, with the runouts that leave no flush possible
    counted by ranks (:func:`pair_by_ranks`) where that pays: not when every
    runout can make a flush (a board holding three of a suit: a monotone flop),
    nor for a river (one runout: 5.7 us by ranks against 1.4) or a job of
    fewer than ``SMALL_PAIR_WORK`` runout-deal steps (a turn of 18 against 25
    combos: 11 us either way; 146 against 27: 40 us by ranks, 69 combo by
    combo)."""
    suits = np.zeros(4, np.int64)
    for c in range(52):
        if (base_mask >> c) & 1:
            suits[c // 13] += 1
    work = runouts.shape[0] * first_keys.shape[0] * second_keys.shape[0]
    if max(max(suits[0], suits[1]), max(suits[2], suits[3])) >= 3 or runouts.shape[0] < FEW_RUNOUTS \
            or work < SMALL_PAIR_WORK:
        runout_counts2(first_keys, first_masks, second_keys, second_masks, weights, runouts, runout_weights,
                       base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, second_values, patterns)
    else:
        pair_by_ranks(first_keys, first_masks, second_keys, second_masks, weights, runouts, runout_weights,
                      base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, second_values, patterns)


@jit
def _rank_groups(keys, masks, base_mask):
    """A player's combos by pair of ranks: (each combo's group, numbered in
    order of appearance; a key of each group, whose rank part is the group's;
    each group's pair of ranks, ``low * 13 + high``; the combos holding each
    card, by card, and how many; the number of groups). A combo that meets the
    board (``base_mask``) holds no card here: it is never counted."""
    n = keys.shape[0]
    group = np.empty(n, np.int64)
    key = np.empty(n, np.int64)
    pairs = np.empty(n, np.int64)
    by_card = np.full((52, n), -1, np.int64)
    count = np.zeros(52, np.int64)
    seen = np.full(169, -1, np.int64)
    groups = 0
    for a in range(n):
        lo = -1
        hi = -1
        for c in range(52):
            if (masks[a] >> c) & 1:
                if (masks[a] & base_mask) == 0:
                    by_card[c, count[c]] = a
                    count[c] += 1
                if lo < 0:
                    lo = c
                else:
                    hi = c
        pair = min(lo % 13, hi % 13) * 13 + max(lo % 13, hi % 13)
        if seen[pair] < 0:
            seen[pair] = groups
            key[groups] = keys[a]
            pairs[groups] = pair
            groups += 1
        group[a] = seen[pair]
    return group, key, pairs, by_card, count, groups


@jit
def _combo_sums(group, own, other, weight, total, out, first):
    """Each combo's deals on a runout's ranks: ``out[i]`` = the first player's
    (won, lost, tied) weight over combo ``i``'s deals, its value ``own[group[i]]``
    against the other player's groups' values ``other`` weighted by
    ``weight[i]`` (``total[i]`` in all). ``first``: whether the combos are
    the first player's (else its wins are the other's losses)."""
    for i in range(group.shape[0]):
        v = own[group[i]]
        above = np.int64(0)
        tied = np.int64(0)
        for q in range(other.shape[0]):
            w = weight[i, q]
            above += w * np.int64(v > other[q])
            tied += w * np.int64(v == other[q])
        below = total[i] - above - tied
        out[i, 0] = above if first else below
        out[i, 1] = below if first else above
        out[i, 2] = tied


@jit_inline
def _take_off(c, by_card, count, hit, blocked, listed, sums):
    """The combos holding card ``c`` not yet listed in ``blocked`` (``hit``
    marks them), listed: (how many are listed now, and the sums of their
    deals' (won, lost, tied) in ``sums``)."""
    won = np.int64(0)
    lost = np.int64(0)
    tied = np.int64(0)
    for q in range(count[c]):
        i = by_card[c, q]
        if hit[i] == 0:
            hit[i] = 1
            blocked[listed] = i
            listed += 1
            won += sums[i, 0]
            lost += sums[i, 1]
            tied += sums[i, 2]
    return listed, won, lost, tied


@jit
def pair_by_ranks(first_keys, first_masks, second_keys, second_masks, weights, runouts, runout_weights,
                  base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, second_values, patterns):
    """:func:`runout_counts2`, with the runouts that leave no flush possible
    counted by ranks.

    Where the board and runout hold at most two cards of each suit (a *plain*
    runout), no hand holds a flush, and a combo's value is its ranks' alone:
    the combos of each pair of ranks (the six of QQ; AKs with AKo) share one
    value, the same on every runout of the same ranks. So for each rank
    multiset of the plain runouts (at most 91 on a flop) this reads one value
    for each pair of ranks of each player, and adds up the weighted wins,
    losses and ties of every deal (from the weight sums of each two pairs of
    ranks, worked out once) and of each combo's deals (its row or column of
    ``weights`` summed by pairs of ranks). A plain runout then counts every
    deal less the deals of the combos that hold one of its cards (a few
    entries, through lists of the combos holding each card), with the deals
    of two such combos added back. The runouts with three or more of a suit
    on the board are counted combo by combo, by one call of
    :func:`runout_counts2` with those runouts.
    """
    board_suits = np.zeros(4, np.int64)
    board_ranks = np.zeros(13, np.int64)
    for c in range(52):
        if (base_mask >> c) & 1:
            board_suits[c // 13] += 1
            board_ranks[c % 13] += 1
    n = first_keys.shape[0]
    m = second_keys.shape[0]
    group1, key1, pair1, by_card1, count1, g1 = _rank_groups(first_keys, first_masks, base_mask)
    group2, key2, pair2, by_card2, count2, g2 = _rank_groups(second_keys, second_masks, base_mask)
    # the weight sums: group by group, and each combo's by the other player's groups
    both = np.zeros((g1, g2), np.int64)
    row = np.zeros((n, g2), np.int64)
    col_t = np.zeros((m, g1), np.int64)  # by combo of the second player, then group of the first
    row_weight = np.zeros(n, np.int64)
    col_weight = np.zeros(m, np.int64)
    total_weight = np.int64(0)
    for a in range(n):
        for b in range(m):
            w = np.int64(weights[a, b]) * np.int64(((first_masks[a] | second_masks[b]) & base_mask) == 0)
            both[group1[a], group2[b]] += w
            row[a, group2[b]] += w
            col_t[b, group1[a]] += w
            row_weight[a] += w
            col_weight[b] += w
            total_weight += w
    # per rank multiset of plain runouts (by number, `slot` its row below, -1 until met):
    # the groups' values, every deal's (won, lost, tied), each combo's deals'
    slot = np.full(169, -1, np.int64)
    slots = 0
    value1 = np.zeros((91, g1), np.int64)
    value2 = np.zeros((91, g2), np.int64)
    every = np.zeros((91, 3), np.int64)
    deals1 = np.zeros((91, n, 3), np.int64)
    deals2 = np.zeros((91, m, 3), np.int64)
    ranks = np.zeros(13, np.int64)
    blocked1 = np.zeros(n, np.int64)  # a runout's combos that hold one of its cards
    blocked2 = np.zeros(m, np.int64)
    hit1 = np.zeros(n, np.int64)      # 1 where listed in blocked1
    hit2 = np.zeros(m, np.int64)
    suits = np.zeros(4, np.int64)
    special = np.empty(runouts.shape[0], np.int64)  # the runouts counted combo by combo
    n_special = 0
    won = np.int64(0)
    lost = np.int64(0)
    tied = np.int64(0)
    k_cards = runouts.shape[1]
    for r in range(runouts.shape[0]):
        key, mask = runout_board(runouts, r, base_key, base_mask, card_keys)
        for s in range(4):
            suits[s] = board_suits[s]
        lo = 0
        hi = 0
        for k in range(k_cards):
            suits[runouts[r, k] // 13] += 1
        most = max(max(suits[0], suits[1]), max(suits[2], suits[3]))
        run_won = np.int64(0)
        run_lost = np.int64(0)
        run_tied = np.int64(0)
        if most >= 3:  # a flush is possible: combo by combo, after this loop
            special[n_special] = r
            n_special += 1
            continue
        if k_cards >= 1:
            lo = runouts[r, 0] % 13
            hi = lo
        if k_cards == 2:
            lo = min(lo, runouts[r, 1] % 13)
            hi = max(runouts[r, 0] % 13, runouts[r, 1] % 13)
        rho = lo * 13 + hi
        x = slot[rho]
        if x < 0:  # the first runout of these ranks: its values and sums
            x = slots
            slot[rho] = x
            slots += 1
            for q in range(13):
                ranks[q] = board_ranks[q]
            for k in range(k_cards):
                ranks[runouts[r, k] % 13] += 1
            # a group whose ranks and the runout's would be a fifth card of a rank:
            # every combo of it holds a runout card, so its value is never
            # counted (0, not read from the table)
            for g in range(g1):
                fits = _fits(pair1[g], ranks)
                value1[x, g] = np.int64(rank_value(key + key1[g], offsets, rank_tab)) if fits else 0
            for g in range(g2):
                fits = _fits(pair2[g], ranks)
                value2[x, g] = np.int64(rank_value(key + key2[g], offsets, rank_tab)) if fits else 0
            # sums in registers, written once (losses: the weight less wins and ties)
            e_won = np.int64(0)
            e_tied = np.int64(0)
            for p in range(g1):
                va = value1[x, p]
                for q in range(g2):
                    w = both[p, q]
                    vb = value2[x, q]
                    e_won += w * np.int64(va > vb)
                    e_tied += w * np.int64(va == vb)
            every[x, 0] = e_won
            every[x, 1] = total_weight - e_won - e_tied
            every[x, 2] = e_tied
            _combo_sums(group1, value1[x], value2[x], row, row_weight, deals1[x], True)
            _combo_sums(group2, value2[x], value1[x], col_t, col_weight, deals2[x], False)
        run_won = every[x, 0]
        run_lost = every[x, 1]
        run_tied = every[x, 2]
        # less the deals of the combos holding a runout card, each listed once
        nb1 = 0
        nb2 = 0
        for k in range(k_cards):
            c = runouts[r, k]
            nb1, d_won, d_lost, d_tied = _take_off(c, by_card1, count1, hit1, blocked1, nb1, deals1[x])
            run_won -= d_won
            run_lost -= d_lost
            run_tied -= d_tied
            nb2, d_won, d_lost, d_tied = _take_off(c, by_card2, count2, hit2, blocked2, nb2, deals2[x])
            run_won -= d_won
            run_lost -= d_lost
            run_tied -= d_tied
        for q in range(nb1):  # the deals taken off twice given back
            a = blocked1[q]
            va = value1[x, group1[a]]
            for t in range(nb2):
                b = blocked2[t]
                w = np.int64(weights[a, b])
                vb = value2[x, group2[b]]
                run_won += w * np.int64(va > vb)
                run_lost += w * np.int64(va < vb)
                run_tied += w * np.int64(va == vb)
        for q in range(nb1):
            hit1[blocked1[q]] = 0
        for q in range(nb2):
            hit2[blocked2[q]] = 0
        won += run_won * runout_weights[r]
        lost += run_lost * runout_weights[r]
        tied += run_tied * runout_weights[r]
    patterns[1] += won
    patterns[2] += lost
    patterns[3] += tied
    if n_special:
        runout_counts2(first_keys, first_masks, second_keys, second_masks, weights, runouts[special[:n_special]],
                       runout_weights[special[:n_special]], base_key, base_mask, card_keys, offsets, rank_tab,
                       flush_tab, second_values, patterns)


@jit
def free_combos(keys, masks, weights, blocked):
    """The combos of a range (key sums, masks, weights) that hold no card of
    ``blocked``, in order: what ``keys[keep], masks[keep], weights[keep]``
    give for ``keep = (masks & blocked) == 0``, in one call instead of five
    NumPy steps."""
    n = 0
    for a in range(masks.shape[0]):
        n += (masks[a] & blocked) == 0
    out_keys = np.empty(n, np.int64)
    out_masks = np.empty(n, np.int64)
    out_weights = np.empty(n, np.int64)
    d = 0
    for a in range(masks.shape[0]):
        if (masks[a] & blocked) == 0:
            out_keys[d] = keys[a]
            out_masks[d] = masks[a]
            out_weights[d] = weights[a]
            d += 1
    return out_keys, out_masks, out_weights


@jit
def pair_deals(first_keys, first_masks, first_weights, second_keys, second_masks, second_weights,
               first_blocked, second_blocked):
    """Two players' combos that hold no card of their ``blocked`` masks
    (:func:`free_combos` of each: key sums and masks) and the weights of
    their deals (:func:`pair_weights`), in one call: (first keys, first
    masks, second keys, second masks, weights, deals, total weight, largest
    weight)."""
    fk, fm, fw = free_combos(first_keys, first_masks, first_weights, first_blocked)
    sk, sm, sw = free_combos(second_keys, second_masks, second_weights, second_blocked)
    dense, deals, total, most = pair_weights(fm, fw, sm, sw)
    return fk, fm, sk, sm, dense, deals, total, most


@jit
def pair_weights(first_masks, first_weights, second_masks, second_weights):
    """The deal weights of two players' combos: ``w[a, b]`` the product of the
    two weights where the combos share no card, else 0; with the number of
    deals (weights above 0), their total weight and the largest."""
    n1 = first_masks.shape[0]
    n2 = second_masks.shape[0]
    dense = np.empty((n1, n2), np.int64)
    deals = 0
    total = 0
    most = 0
    for a in range(n1):
        for b in range(n2):
            w = first_weights[a] * second_weights[b] * ((first_masks[a] & second_masks[b]) == 0)
            dense[a, b] = w
            deals += w > 0
            total += w
            most = max(most, w)
    return dense, deals, total, most


@jit
def deals3(first_masks, second_masks, third_masks, first_weights, second_weights, third_weights):
    """Every deal of three players' combos that share no card, in the order of
    :func:`pokercli.equity_calc.quick.multi_equity`'s NumPy listing (by first
    combo, then second, then third): (first, second, third, weight, how many
    pairs of the first two share no card). Indices count on from each
    player's first combo in the three arrays laid end to end."""
    n1 = first_masks.shape[0]
    n2 = second_masks.shape[0]
    n3 = third_masks.shape[0]
    pairs = 0
    deals = 0
    for a in range(n1):
        for b in range(n2):
            if (first_masks[a] & second_masks[b]) == 0:
                pairs += 1
                for c in range(n3):
                    deals += ((first_masks[a] | second_masks[b]) & third_masks[c]) == 0
    first = np.empty(deals, np.int64)
    second = np.empty(deals, np.int64)
    third = np.empty(deals, np.int64)
    weight = np.empty(deals, np.int64)
    d = 0
    for a in range(n1):
        for b in range(n2):
            if (first_masks[a] & second_masks[b]) == 0:
                both = first_masks[a] | second_masks[b]
                for c in range(n3):
                    if (both & third_masks[c]) == 0:
                        first[d] = a
                        second[d] = n1 + b
                        third[d] = n1 + n2 + c
                        weight[d] = first_weights[a] * second_weights[b] * third_weights[c]
                        d += 1
    return first, second, third, weight, pairs


@jit
def runout_patterns3_ranks(combo_keys, combo_masks, first, second, third, weights, runouts, runout_weights,
                           base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, values, patterns):
    """:func:`runout_patterns3`, with the runouts that leave no flush possible
    counted by ranks (:func:`triple_by_ranks`) where that pays: not when
    every runout can make a flush (a board holding three of a suit) or there
    are fewer than 13 runouts (a river)."""
    suits = np.zeros(4, np.int64)
    for c in range(52):
        if (base_mask >> c) & 1:
            suits[c // 13] += 1
    if max(max(suits[0], suits[1]), max(suits[2], suits[3])) >= 3 or runouts.shape[0] < 13:
        runout_patterns3(combo_keys, combo_masks, first, second, third, weights, runouts, runout_weights,
                         base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, values, patterns)
    else:
        triple_by_ranks(combo_keys, combo_masks, first, second, third, weights, runouts, runout_weights,
                        base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, values, patterns)


@jit
def triple_by_ranks(combo_keys, combo_masks, first, second, third, weights, runouts, runout_weights,
                    base_key, base_mask, card_keys, offsets, rank_tab, flush_tab, values, patterns):
    """:func:`runout_patterns3` with the plain runouts (no flush possible:
    at most two cards of a suit on the board and runout) counted by ranks, as
    :func:`pair_by_ranks` counts two players: each player's combos grouped by
    pair of ranks (one value a group on the runouts of the same ranks), every
    deal's weight summed by its three groups once; a plain runout is then the
    winner patterns of those sums on its ranks, less the patterns of the deals
    holding one of its cards (listed by card). The other runouts go to
    :func:`runout_patterns3` in one call."""
    n = first.shape[0]
    group, key1, pair1, by_card_unused, count_unused, groups = _rank_groups(combo_keys, combo_masks, base_mask)
    # each player's own numbering of the groups its combos are in
    local = np.full((3, groups), -1, np.int64)
    sizes = np.zeros(3, np.int64)
    la = np.empty(n, np.int64)
    lb = np.empty(n, np.int64)
    lc = np.empty(n, np.int64)
    for d in range(n):
        for p in range(3):
            c = first[d] if p == 0 else (second[d] if p == 1 else third[d])
            g = group[c]
            if local[p, g] < 0:
                local[p, g] = sizes[p]
                sizes[p] += 1
        la[d] = local[0, group[first[d]]]
        lb[d] = local[1, group[second[d]]]
        lc[d] = local[2, group[third[d]]]
    # the groups each player's numbers stand for
    member = np.zeros((3, groups), np.int64)
    for g in range(groups):
        for p in range(3):
            if local[p, g] >= 0:
                member[p, local[p, g]] = g
    sa = sizes[0]
    sb = sizes[1]
    sc = sizes[2]
    # a deal with a combo that meets the board is never counted: out of the sums and lists
    live = np.empty(n, np.bool_)
    for d in range(n):
        live[d] = ((combo_masks[first[d]] | combo_masks[second[d]] | combo_masks[third[d]]) & base_mask) == 0
    triple = np.zeros(sa * sb * sc, np.int64)  # weight of the deals of each three groups
    for d in range(n):
        if live[d]:
            triple[(la[d] * sb + lb[d]) * sc + lc[d]] += weights[d]
    # each combo's two cards; the deals holding each card (in one combo of a deal at most)
    two = np.zeros((combo_masks.shape[0], 2), np.int64)
    for i in range(combo_masks.shape[0]):
        q = 0
        for c in range(52):
            if (combo_masks[i] >> c) & 1 and q < 2:
                two[i, q] = c
                q += 1
    held = np.zeros(53, np.int64)
    for d in range(n):
        if live[d]:
            for i in (first[d], second[d], third[d]):
                held[two[i, 0] + 1] += 1
                held[two[i, 1] + 1] += 1
    for c in range(52):
        held[c + 1] += held[c]
    fill = held[:52].copy()
    by_card = np.empty(held[52], np.int64)
    for d in range(n):
        if live[d]:
            for i in (first[d], second[d], third[d]):
                for q in range(2):
                    by_card[fill[two[i, q]]] = d
                    fill[two[i, q]] += 1
    board_ranks = np.zeros(13, np.int64)
    board_suits = np.zeros(4, np.int64)
    for c in range(52):
        if (base_mask >> c) & 1:
            board_ranks[c % 13] += 1
            board_suits[c // 13] += 1
    slot = np.full(169, -1, np.int64)
    slots = 0
    vals = np.zeros((91, 3, groups), np.int64)  # by slot: each player's groups' values
    every = np.zeros((91, 8), np.int64)
    ranks = np.zeros(13, np.int64)
    suits = np.zeros(4, np.int64)
    stamp = np.zeros(n, np.int64)  # the last runout that took a deal off (a deal with both its cards)
    special = np.empty(runouts.shape[0], np.int64)
    n_special = 0
    k_cards = runouts.shape[1]
    tally = np.zeros(8, np.int64)
    for r in range(runouts.shape[0]):
        for s in range(4):
            suits[s] = board_suits[s]
        for k in range(k_cards):
            suits[runouts[r, k] // 13] += 1
        if max(max(suits[0], suits[1]), max(suits[2], suits[3])) >= 3:
            special[n_special] = r
            n_special += 1
            continue
        lo = runouts[r, 0] % 13
        hi = lo
        if k_cards == 2:
            lo = min(lo, runouts[r, 1] % 13)
            hi = max(runouts[r, 0] % 13, runouts[r, 1] % 13)
        x = slot[lo * 13 + hi]
        if x < 0:  # the first runout of these ranks: the groups' values, every deal's patterns
            x = slots
            slot[lo * 13 + hi] = x
            slots += 1
            key, mask = runout_board(runouts, r, base_key, base_mask, card_keys)
            for q in range(13):
                ranks[q] = board_ranks[q]
            for k in range(k_cards):
                ranks[runouts[r, k] % 13] += 1
            for p in range(3):
                for q in range(sizes[p]):
                    g = member[p, q]
                    fits = _fits(pair1[g], ranks)
                    vals[x, p, q] = np.int64(rank_value(key + key1[g], offsets, rank_tab)) if fits else 0
            for a in range(sa):
                va = vals[x, 0, a]
                for b in range(sb):
                    vb = vals[x, 1, b]
                    for c in range(sc):
                        w = triple[(a * sb + b) * sc + c]
                        vc = vals[x, 2, c]
                        best = max(va, max(vb, vc))
                        every[x, np.int64(va == best) + 2 * np.int64(vb == best) + 4 * np.int64(vc == best)] += w
        for q in range(8):
            tally[q] = every[x, q]
        # less the deals holding a runout card, each once
        for k in range(k_cards):
            c = runouts[r, k]
            for t in range(held[c], held[c + 1]):
                d = by_card[t]
                if stamp[d] == r + 1:
                    continue
                stamp[d] = r + 1
                va = vals[x, 0, la[d]]
                vb = vals[x, 1, lb[d]]
                vc = vals[x, 2, lc[d]]
                best = max(va, max(vb, vc))
                tally[np.int64(va == best) + 2 * np.int64(vb == best) + 4 * np.int64(vc == best)] -= weights[d]
        rw = runout_weights[r]
        for q in range(1, 8):
            patterns[q] += tally[q] * rw
    if n_special:
        runout_patterns3(combo_keys, combo_masks, first, second, third, weights, runouts[special[:n_special]],
                         runout_weights[special[:n_special]], base_key, base_mask, card_keys, offsets, rank_tab,
                         flush_tab, values, patterns)


@jit_inline
def _fits(pair, ranks):
    """Whether a pair of ranks (``low * 13 + high``) with the rank counts
    ``ranks`` (a board and runout) makes at most four cards of every rank."""
    a = pair // 13
    b = pair % 13
    return ranks[a] + 2 <= 4 if a == b else (ranks[a] < 4) & (ranks[b] < 4)


@jit_inline
def deck_runout(deck, i, j, to_come, base_key, base_mask, card_keys):
    """The key sum and mask of the board with ``deck[i]`` dealt (and ``deck[j]``
    when two cards are to come)."""
    key = base_key + card_keys[deck[i]]
    mask = base_mask | (np.int64(1) << deck[i])
    if to_come == 2:
        key += card_keys[deck[j]]
        mask |= np.int64(1) << deck[j]
    return key, mask


@jit
def random_patterns(fixed_keys, fixed_masks, random_seat, deck, to_come, base_key, base_mask, card_keys,
                    offsets, rank_tab, flush_tab, first, count, patterns):
    """Fixed hands against one ``random`` hand (every two cards of ``deck``,
    the cards no fixed hand, board or dead card holds): add one to
    ``patterns[winners]`` for every (runout, random hand) that share no card.

    The random hand and the runout together are a set of ``to_come + 2``
    cards of the deck, and the random hand's value depends on that set alone:
    each set is valued once and then split every way into a runout (``to_come``
    cards) and a hand (two), where the fixed hands' best value on that runout
    decides. Sets are taken by their lowest card, those from ``first`` to
    ``first + count - 1`` (indices into ``deck``). ``to_come``: 1 or 2.
    """
    one = np.int64(1)
    n = deck.shape[0]
    players = fixed_keys.shape[0]
    rbit = 1 << random_seat
    # the fixed hands' best value and winner pattern on every runout, by deck indices
    best = np.full((n, n), -1, np.int64)
    winners = np.zeros((n, n), np.int64)
    for i in range(n):
        for j in range(i + 1 if to_come == 2 else i, i + 1 if to_come == 1 else n):
            key, mask = deck_runout(deck, i, j, to_come, base_key, base_mask, card_keys)
            b = np.int64(-1)
            pattern = 0
            for p in range(players):
                seat_bit = 1 << (p if p < random_seat else p + 1)
                v = hand_value(key + fixed_keys[p], mask | fixed_masks[p], offsets, rank_tab, flush_tab)
                pattern = seat_bit if v > b else (pattern | seat_bit if v == b else pattern)
                b = max(b, v)
            best[i, j] = b
            winners[i, j] = pattern
    for a in range(first, min(first + count, n)):
        for b_ in range(a + 1, n):
            for c in range(b_ + 1, n):
                key3 = base_key + card_keys[deck[a]] + card_keys[deck[b_]] + card_keys[deck[c]]
                mask3 = base_mask | (one << deck[a]) | (one << deck[b_]) | (one << deck[c])
                if to_come == 1:
                    v = hand_value(key3, mask3, offsets, rank_tab, flush_tab)
                    for r in (a, b_, c):
                        fb = best[r, r]
                        w = winners[r, r]
                        patterns[rbit if v > fb else (w | rbit if v == fb else w)] += 1
                    continue
                for d in range(c + 1, n):
                    v = hand_value(key3 + card_keys[deck[d]], mask3 | (one << deck[d]), offsets, rank_tab,
                                   flush_tab)
                    # the six runouts of the set {a, b_, c, d}: pairs, the other two the hand
                    for r1, r2 in ((a, b_), (a, c), (a, d), (b_, c), (b_, d), (c, d)):
                        fb = best[r1, r2]
                        w = winners[r1, r2]
                        patterns[rbit if v > fb else (w | rbit if v == fb else w)] += 1


@jit
def _rank_tally(hero, key, used, avail, rank_keys, offsets, rank_tab):
    """(won, tied) of a hero value ``hero`` against every two cards of the deck
    left after the runout (``avail[r] - used[r]`` cards of rank ``r``), each
    valued by its ranks alone on the board and runout ``key`` (no flush): one
    table read per pair of ranks, weighted by the pairs of cards it stands for."""
    won = np.int64(0)
    tied = np.int64(0)
    for v1 in range(13):
        a1 = avail[v1] - used[v1]
        if a1 <= 0:
            continue
        k1 = key + rank_keys[v1]
        if a1 >= 2:
            cnt = a1 * (a1 - 1) // 2
            v = np.int64(rank_value(k1 + rank_keys[v1], offsets, rank_tab))
            won += cnt * np.int64(hero > v)
            tied += cnt * np.int64(hero == v)
        for v2 in range(v1 + 1, 13):
            cnt = a1 * (avail[v2] - used[v2])
            if cnt > 0:
                v = np.int64(rank_value(k1 + rank_keys[v2], offsets, rank_tab))
                won += cnt * np.int64(hero > v)
                tied += cnt * np.int64(hero == v)
    return won, tied


@jit
def random_ranks2(hand_mask, board_mask, free, to_come, key_init, card_keys, offsets, rank_tab, flush_tab):
    """One fixed hand counted by ranks (the cards of the
    52-bit mask ``hand_mask``) against every two cards of the mask ``free``
    over every runout of ``to_come`` (1 or 2) cards of it, on the board
    ``board_mask``. Returns (won, lost, tied, table reads). Every argument but
    the tables is a number: nothing to build in Python for a call.

    A hand holds a flush only with five cards of a suit, so where the board and
    runout hold at most two of each suit (a *plain* runout) neither hand can
    hold one, and everything is a matter of ranks: the runout's outcome depends
    on its ranks alone, and the random hands fall into pairs of ranks, each one
    table read weighted by how many pairs of cards it stands for (the cards of
    each rank left in the deck). So the plain runouts of each rank multiset are
    counted together: 91 reads for each of its (at most 91) multisets on a flop.

    A runout whose board holds three or more of a suit (only one suit can, in
    five cards) is counted one by one: the fixed hand valued in full, the
    random hands by ranks as above (the multiset's tally when the fixed hand's
    value is its ranks' value), and then each random hand that holds enough of
    that suit for a flush valued in full instead, the difference added. On a
    rainbow flop that is 45 hands for about 200 runouts, where
    :func:`random_patterns` values every set of four cards (178,365).
    """
    one = np.int64(1)
    deck = np.empty(52, np.int64)
    n = 0
    hand_key = np.int64(0)
    base_key = np.int64(key_init)
    base_mask = np.int64(board_mask)
    for c in range(52):
        if (free >> c) & 1:
            deck[n] = c
            n += 1
        if (hand_mask >> c) & 1:
            hand_key += card_keys[c]
        if (board_mask >> c) & 1:
            base_key += card_keys[c]
    avail = np.zeros(13, np.int64)
    rank_keys = np.zeros(13, np.int64)  # a card of each rank's key: rank_value reads the rank part alone
    for q in range(n):
        avail[deck[q] % 13] += 1
        rank_keys[deck[q] % 13] = card_keys[deck[q]]
    board_suits = np.zeros(4, np.int64)
    for s in range(4):
        m = (base_mask >> (13 * s)) & 0x1FFF
        while m:
            m &= m - 1
            board_suits[s] += 1
    used = np.zeros(13, np.int64)
    # the plain tally of every runout rank multiset (r1 <= r2; r2 = r1 alone when one card comes)
    hero_plain = np.zeros(169, np.int64)
    won_plain = np.zeros(169, np.int64)
    tied_plain = np.zeros(169, np.int64)
    plain = np.zeros(169, np.int64)  # plain runouts of each multiset: all of them, less the others
    reads = np.int64(0)
    for r1 in range(13):
        for r2 in range(r1, 13 if to_come == 2 else r1 + 1):
            if to_come == 2:
                cnt = avail[r1] * (avail[r1] - 1) // 2 if r1 == r2 else avail[r1] * avail[r2]
            else:
                cnt = avail[r1]
            if cnt <= 0:
                continue
            rho = r1 * 13 + r2
            used[r1] += 1
            key = base_key + rank_keys[r1]
            if to_come == 2:
                used[r2] += 1
                key += rank_keys[r2]
            h = np.int64(rank_value(key + hand_key, offsets, rank_tab))
            w, t = _rank_tally(h, key, used, avail, rank_keys, offsets, rank_tab)
            reads += 92
            hero_plain[rho] = h
            won_plain[rho] = w
            tied_plain[rho] = t
            plain[rho] = cnt
            used[r1] = 0
            used[r2] = 0
    won = np.int64(0)
    tied = np.int64(0)
    runouts = np.int64(0)
    suit_cards = np.zeros((4, 13), np.int64)  # deck indices of each suit's cards
    suit_count = np.zeros(4, np.int64)
    has = np.zeros((4, 13), np.int64)  # 1 where the deck holds the card
    left_by_rank = np.zeros(13, np.int64)
    for q in range(n):
        s = deck[q] // 13
        suit_cards[s, suit_count[s]] = q
        suit_count[s] += 1
        has[s, deck[q] % 13] = 1
    for i in range(n):
        ci = deck[i]
        for j in range(i + 1 if to_come == 2 else i, i + 1 if to_come == 1 else n):
            runouts += 1
            cj = deck[j]
            # the suit with the most cards on the board and runout, and how many
            top = np.int64(0)
            most = np.int64(-1)
            for s in range(4):
                c = board_suits[s] + np.int64(ci // 13 == s) + np.int64(to_come == 2 and cj // 13 == s)
                if c > most:
                    most = c
                    top = s
            if most < 3:
                continue
            r1 = min(ci % 13, cj % 13)
            r2 = max(ci % 13, cj % 13)
            rho = r1 * 13 + r2
            plain[rho] -= 1
            rkey = base_key + card_keys[ci]
            rmask = base_mask | (one << ci)
            if to_come == 2:
                rkey += card_keys[cj]
                rmask |= one << cj
            hx = np.int64(hand_value(rkey + hand_key, rmask | hand_mask, offsets, rank_tab, flush_tab))
            if hx == hero_plain[rho]:
                w = won_plain[rho]
                t = tied_plain[rho]
            else:  # the fixed hand holds a flush: the random hands' ranks against its value
                used[r1] += 1
                if to_come == 2:
                    used[r2] += 1
                w, t = _rank_tally(hx, rkey, used, avail, rank_keys, offsets, rank_tab)
                reads += 91
                used[r1] = 0
                used[r2] = 0
            # the random hands that can hold a flush in suit `top` (`need` or more of its
            # cards): valued in full instead
            need = 5 - most
            if need == 1:
                # a random hand with one card of the suit holds a flush whatever its other
                # card, worth the suit's ranks alone (five suited cards of seven leave no full
                # house or quads): one read for each such card, and the values by ranks taken
                # off by the other card's rank
                suited = (rmask >> (13 * top)) & 0x1FFF
                others = np.int64(0)  # the other cards left: not of the suit, not in the runout
                for r in range(13):
                    cnt = (avail[r] - has[top, r] - np.int64(ci % 13 == r and ci // 13 != top)
                           - np.int64(to_come == 2 and cj % 13 == r and cj // 13 != top))
                    left_by_rank[r] = cnt
                    others += cnt
                for a in range(suit_count[top]):
                    x = suit_cards[top, a]
                    if x == i or x == j:
                        continue
                    cx = deck[x]
                    f = np.int64(flush_tab[suited | (one << (cx - 13 * top))])
                    w += others * np.int64(hx > f)
                    t += others * np.int64(hx == f)
                    kx = rkey + card_keys[cx]
                    for r in range(13):
                        cnt = left_by_rank[r]
                        if cnt > 0:
                            v = np.int64(rank_value(kx + rank_keys[r], offsets, rank_tab))
                            w -= cnt * np.int64(hx > v)
                            t -= cnt * np.int64(hx == v)
                    reads += 14
                need = 2  # then the hands with two of the suit, pair by pair below
            # the pairs left that hold a flush: two of the suit (every pair when the board
            # and runout hold five of it), valued in full
            xs = suit_count[top] if need > 0 else n
            for a in range(xs):
                x = suit_cards[top, a] if need > 0 else a
                if x == i or x == j:
                    continue
                cx = deck[x]
                for b in range(a + 1, xs):
                    y = suit_cards[top, b] if need > 0 else b
                    if y == i or y == j:
                        continue
                    cy = deck[y]
                    vkey = rkey + card_keys[cx] + card_keys[cy]
                    ve = np.int64(hand_value(vkey, rmask | (one << cx) | (one << cy), offsets, rank_tab,
                                             flush_tab))
                    vr = np.int64(rank_value(vkey, offsets, rank_tab))
                    w += np.int64(hx > ve) - np.int64(hx > vr)
                    t += np.int64(hx == ve) - np.int64(hx == vr)
                    reads += 2
            won += w
            tied += t
    for rho in range(169):
        won += plain[rho] * won_plain[rho]
        tied += plain[rho] * tied_plain[rho]
    left = n - to_come
    total = runouts * (left * (left - 1) // 2)
    return won, total - won - tied, tied, reads


@jit
def fixed_patterns(hands, players, free, to_come, base_key, base_mask, card_keys, offsets, rank_tab, flush_tab):
    """Fixed hands over every runout of ``to_come`` (0 to 2) cards from the
    cards of the 52-bit mask ``free`` (those no hand, board or dead card holds,
    in the game's deck): int64[2**players], the runouts of each winner pattern.
    ``hands``: int64[2 * players], each hand's key sum, then each hand's card
    mask. The runouts are walked here, not listed: one call, one small array in.

    A suit in which some player holds ``5 - to_come`` or more cards (hand and
    board) may give a flush. Unless a player holds a flush already, a runout
    with no card of such a suit gives none, so it is valued by its ranks
    alone, and the runouts of the same ranks are valued once, weighted by how
    many there are (at most 91 rank pairs for a flop's 990 runouts). The
    runouts holding a card of such a suit are valued one by one, in full. The
    same counts as valuing every runout in full."""
    one = np.int64(1)
    deck = np.empty(52, np.int64)
    patterns = np.zeros(1 << players, np.int64)
    flushy = 0  # the suits that may give a flush, a bit each; all four once a player holds a flush
    for p in range(players):  # (then every runout gives it, a card of its suit or not)
        m = base_mask | hands[players + p]
        for s in range(4):
            held = popcount((m >> (13 * s)) & 0x1FFF)
            if held + to_come >= 5:
                flushy |= 1 << s
            if held >= 5:
                flushy = 15
    special = 0  # the cards of those suits first in ``deck``, then the others
    for c in range(52):
        if (free >> c) & 1 and (flushy >> (c // 13)) & 1:
            deck[special] = c
            special += 1
    n = special
    plain = np.zeros(13, np.int64)      # the other cards by rank, and a card key of each rank
    rank_key = np.zeros(13, np.int64)   # (the key's low 32 bits, which alone rank_value reads, are a rank's)
    for c in range(52):
        if (free >> c) & 1 and not (flushy >> (c // 13)) & 1:
            deck[n] = c
            n += 1
            plain[c % 13] += 1
            rank_key[c % 13] = card_keys[c]
    for a in range(13 if to_come else 0):  # the runouts of no flush suit, by their ranks
        if plain[a] == 0:
            continue
        if to_come == 1:
            _rank_runout(base_key + rank_key[a], plain[a], hands, players, offsets, rank_tab, patterns)
        else:
            for b in range(a, 13):
                weight = plain[a] * plain[b] if b > a else plain[a] * (plain[a] - 1) // 2
                if weight:
                    _rank_runout(base_key + rank_key[a] + rank_key[b], weight, hands, players, offsets, rank_tab,
                                 patterns)
    for i in range(special if to_come else 1):  # the runouts with a card of a flush suit (the river), in full
        key_i = base_key
        mask_i = base_mask
        if to_come:
            key_i += card_keys[deck[i]]
            mask_i |= one << deck[i]
        first = i + 1 if to_come == 2 else 0
        last = n if to_come == 2 else 1
        for j in range(first, last):
            key = key_i
            mask = mask_i
            if to_come == 2:
                key += card_keys[deck[j]]
                mask |= one << deck[j]
            best = np.int64(-1)
            pattern = 0
            for p in range(players):
                v = hand_value(key + hands[p], mask | hands[players + p], offsets, rank_tab, flush_tab)
                bit = 1 << p
                pattern = bit if v > best else (pattern | bit if v == best else pattern)
                best = max(best, v)
            patterns[pattern] += 1
    return patterns


@jit_inline
def _rank_runout(key, weight, hands, players, offsets, rank_tab, patterns):
    """``weight`` runouts of the board key ``key`` that give no player a flush
    (:func:`fixed_patterns`), each hand valued by its ranks, added to ``patterns``."""
    best = np.int64(-1)
    pattern = 0
    for p in range(players):
        v = np.int64(rank_value(key + hands[p], offsets, rank_tab))
        bit = 1 << p
        pattern = bit if v > best else (pattern | bit if v == best else pattern)
        best = max(best, v)
    patterns[pattern] += weight


@jit
def runs_sample(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, deck, k, runs, base_key,
                base_mask, count, max_redraws, seed, card_keys, offsets, rank_tab, flush_tab, share_sum, scoop,
                blank, stats):
    """Monte Carlo of the board run ``runs`` times, for fixed hands and ranges
    of two cards: each sample deals each ranged player a combo, then
    ``runs * k`` different cards of ``deck``, ``k`` to each run.

    Players as in :func:`pokercli._kernels.montecarlo.monte_carlo`, by how
    many rows of ``combo_cards`` (int64[combos, 2]) they list in
    ``combo_start[p]:combo_start[p + 1]``: one (a fixed hand, dealt once,
    outside the loop), several (a range, its combo drawn by Walker's alias
    method, ``alias_keep``/``alias_other`` as rows of ``combo_cards``; when a
    combo meets a card of ``fixed_mask`` (the board and the dead cards), a
    fixed hand or an earlier player's combo, the whole deal is drawn again,
    so deals come by the product of their combos' weights among those that
    share no card) or none (a ``random`` player: two cards of the deck, dealt
    before the runs'). ``deck`` (int64[n]): every card that neither
    ``fixed_mask`` nor a fixed hand holds; the runs' cards come from a
    partial Fisher-Yates shuffle of it (two cards a random number, its high
    half then its low half, from a counter-based generator, the seed hashed
    first), a card a ranged player holds in this deal drawn again (from a
    fresh number), so each run's cards are uniform among those left. With
    fixed hands alone a sample draws no combo and refuses no card.

    Each run's pot goes to its best hands (ties split, in units of
    ``SHARE_UNIT``: ``share_sum[p]`` sums the player's units over runs and
    samples); ``scoop[p]`` counts the samples where ``p`` won every run alone,
    ``blank[p]`` those where it won nothing. Stops early after
    ``max_redraws`` redrawn deals of the combos; ``stats[0]`` the samples
    taken, ``stats[1]`` the redrawn deals (added to)."""
    players = combo_start.shape[0] - 1
    one = np.int64(1)
    hand_keys = np.zeros(players, np.int64)
    hand_masks = np.zeros(players, np.int64)
    fixed_used = fixed_mask
    ranged = False
    random_players = np.zeros(players, np.int64)
    n_random = 0
    for p in range(players):
        lo = combo_start[p]
        if combo_start[p + 1] - lo == 1:
            hand_keys[p] = card_keys[combo_cards[lo, 0]] + card_keys[combo_cards[lo, 1]]
            hand_masks[p] = (one << combo_cards[lo, 0]) | (one << combo_cards[lo, 1])
            fixed_used |= hand_masks[p]
        elif combo_start[p + 1] == lo:
            random_players[n_random] = p
            n_random += 1
        else:
            ranged = True
    first = 2 * n_random  # deck positions: the random players' cards, then the runs'
    dealt = first + runs * k
    n = deck.shape[0]
    cards = deck.copy()
    nothing = np.zeros(players, np.int64)
    alone = np.zeros(players, np.int64)
    values = np.zeros(players, np.int64)
    ctr = mix64(np.uint64(seed))
    taken = 0
    redraws = 0
    won0 = won1 = all0 = all1 = np.int64(0)  # heads-up, in scalars: runs won alone, samples won whole
    while taken < count:
        used = fixed_used
        if ranged:
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
                m = (one << combo_cards[j, 0]) | (one << combo_cards[j, 1])
                if used & m:
                    ok = False
                    break
                used |= m
                hand_keys[p] = card_keys[combo_cards[j, 0]] + card_keys[combo_cards[j, 1]]
                hand_masks[p] = m
            if not ok:
                redraws += 1
                if redraws >= max_redraws:
                    break
                continue
        r = np.uint64(0)
        for i in range(dealt):
            if i & 1:
                r <<= np.uint64(32)  # the second card of a random number: its low half
            else:
                ctr += _GAMMA
                r = mix64(ctr)
            j = i + draw_below(r, n - i)
            c = cards[j]
            while (used >> c) & 1:  # a card a ranged player holds is drawn again (never with fixed hands alone)
                ctr += _GAMMA
                j = i + draw_below(mix64(ctr), n - i)
                c = cards[j]
            cards[j] = cards[i]
            cards[i] = c
        for q in range(n_random):  # each random player's two cards, before the runs'
            c1 = cards[2 * q]
            c2 = cards[2 * q + 1]
            hand_keys[random_players[q]] = card_keys[c1] + card_keys[c2]
            hand_masks[random_players[q]] = (one << c1) | (one << c2)
        if players == 2:  # heads-up in scalars: no arrays written and read back a run
            h0 = hand_keys[0]
            h1 = hand_keys[1]
            m0 = hand_masks[0]
            m1 = hand_masks[1]
            a0 = np.int64(1)
            a1 = np.int64(1)
            for r in range(runs):
                key = base_key
                mask = base_mask
                for i in range(first + r * k, first + r * k + k):
                    key += card_keys[cards[i]]
                    mask |= one << cards[i]
                if ((key + h0) | (key + h1)) >> 32 & 0x8888:  # a flush is possible: rare, the branch predicted
                    v0 = np.int64(hand_value(key + h0, mask | m0, offsets, rank_tab, flush_tab))
                    v1 = np.int64(hand_value(key + h1, mask | m1, offsets, rank_tab, flush_tab))
                else:
                    v0 = np.int64(rank_value(key + h0, offsets, rank_tab))
                    v1 = np.int64(rank_value(key + h1, offsets, rank_tab))
                w0 = np.int64(v0 > v1)
                w1 = np.int64(v1 > v0)
                won0 += w0
                won1 += w1
                a0 &= w0
                a1 &= w1
            all0 += a0
            all1 += a1
            taken += 1
            continue
        for p in range(players):
            alone[p] = 1
            nothing[p] = 1
        for r in range(runs):
            key = base_key
            mask = base_mask
            for i in range(first + r * k, first + r * k + k):
                key += card_keys[cards[i]]
                mask |= one << cards[i]
            suited = np.int64(0)
            for p in range(players):
                suited |= key + hand_keys[p]
            best = np.int64(-1)
            if (suited >> 32) & 0x8888:  # some hand may hold a flush: rare, so the branch is predicted
                for p in range(players):
                    v = np.int64(hand_value(key + hand_keys[p], mask | hand_masks[p], offsets, rank_tab,
                                            flush_tab))
                    values[p] = v
                    best = max(best, v)
            else:
                for p in range(players):
                    v = np.int64(rank_value(key + hand_keys[p], offsets, rank_tab))
                    values[p] = v
                    best = max(best, v)
            winners = 0
            for p in range(players):
                winners += values[p] == best
            unit = SHARE_UNIT // winners
            for p in range(players):
                top = values[p] == best
                share_sum[p] += unit * top
                alone[p] &= top & (winners == 1)
                nothing[p] &= not top
        for p in range(players):
            scoop[p] += alone[p]
            blank[p] += nothing[p]
        taken += 1
    if players == 2:
        ties = taken * runs - won0 - won1
        share_sum[0] += SHARE_UNIT * won0 + (SHARE_UNIT // 2) * ties
        share_sum[1] += SHARE_UNIT * won1 + (SHARE_UNIT // 2) * ties
        scoop[0] += all0
        scoop[1] += all1
        blank[0] += all1  # heads-up, taking nothing of every run is the other taking it all
        blank[1] += all0
    stats[0] += taken
    stats[1] += redraws
