"""Omaha kernels: every board of a deal, or sampled deals, into showdown tallies
(the tallies: :mod:`pokercli._kernels.omaha`)."""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import next_combination, unrank_combination
from pokercli._kernels.evaluator import popcount
from pokercli._kernels.jit import jit, jit_inline
from pokercli._kernels import scalar
from pokercli._kernels.montecarlo import draw_below, mix64
from pokercli._kernels.omaha.evaluate import board_parts, hand_parts, quad_base

#: A pot in integer units: halves split among up to 11 players stay whole.
SHARE_UNIT = 55_440  # 2 * lcm(1..11)
_GAMMA = scalar.GAMMA
#: The most players whose hi-lo showdowns :func:`_deals` counts by code
#: (:func:`add_coded`: ``4 ** P`` codes, 512 KB at eight); more take a branch a tally.
CODED_HILO = 8


@jit_inline
def add_coded(codes, players, hilo, hi, hl, lo, scoop, sq, stats):
    """Add the showdowns counted in ``codes`` to the tallies, as
    :mod:`pokercli._kernels.omaha` documents them: in hi-lo ``codes[(h << players) |
    l]`` (``4 ** P`` codes) counts the showdowns whose best highs are the
    players of the bits of ``h`` and best eight-or-better lows those of
    ``l`` (0: no low qualified); in other games ``codes[h]`` (``2 ** P``:
    thirteen badugi hands make 8,192). Called once, after a kernel's loop:
    the showdowns are counted by code in the loop, with no branch."""
    low_bits = players if hilo else 0
    lows = (np.int64(1) << low_bits) - 1
    for code in range(codes.shape[0]):
        c = codes[code]
        if c == 0:
            continue
        won_h = code >> low_bits
        won_l = code & lows
        nh = popcount(won_h)
        nl = popcount(won_l)
        if hilo and won_l == 0:
            stats[0] += c
        for p in range(players):
            wh = (won_h >> p) & 1
            wl = (won_l >> p) & 1
            share = 0
            if won_l != 0:
                if wh:
                    hl[p, nh] += c
                    share += SHARE_UNIT // (2 * nh)
                if wl:
                    lo[p, nl] += c
                    share += SHARE_UNIT // (2 * nl)
                if wh and wl and nh == 1 and nl == 1:
                    scoop[p] += c
            elif wh:
                hi[p, nh] += c
                share = SHARE_UNIT // nh
                if nh == 1:
                    scoop[p] += c
            sq[p] += share * share * c


@jit
def omaha_boards(holes, deck, k, start, count, board, binom, card_keys, offsets, board_index,
                 quad_index, quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover,
                 hilo, with_types, type_of, hi, hl, lo, scoop, sq, stats, types):
    """Boards ``start .. start + count - 1`` (in the combinator's order) of the
    ``k`` cards to come from ``deck`` (int64[n], ascending card ids no one
    holds), completing ``board`` (int64[5], its first ``5 - k`` cards known),
    for the fixed hands ``holes`` (int64[players, h]), tallied (see the module).
    With ``with_types``, ``types[p, t]`` counts the boards on which player
    ``p``'s high hand has type ``t`` (``type_of``: int64[7464], a high strength's
    type 1..9)."""
    players = holes.shape[0]
    starts = np.arange(players + 1)
    keep = np.zeros(players, np.uint64)
    _deals(False, holes, starts, keep, starts, 0, deck, board, k, count, 0, np.uint64(0), start,
           binom, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
           low_best, low_bits, pair_code, cover, hilo, with_types, type_of, hi, hl, lo, scoop, sq,
           stats, types)


@jit
def omaha_many_deals(holes, decks, k, count, board, binom, card_keys, offsets, board_index, quad_index,
                     quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover, hilo, with_types,
                     type_of, hi, hl, lo, scoop, sq, stats, types):
    """Every board of many deals, tallied together: deal ``d``'s fixed hands
    ``holes[d]`` (int64[deals, players, h]) and the ``count`` boards of ``k``
    cards from ``decks[d]`` (int64[deals, n]: each deal's cards left), as
    :func:`omaha_boards` counts one deal. One call a chunk of small deals
    (a flop's, a turn's): a call a deal spent more in Python than in its boards."""
    players = holes.shape[1]
    starts = np.arange(players + 1)
    keep = np.zeros(players, np.uint64)
    for d in range(holes.shape[0]):
        _deals(False, holes[d], starts, keep, starts, 0, decks[d], board, k, count, 0, np.uint64(0), 0,
               binom, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
               low_best, low_bits, pair_code, cover, hilo, with_types, type_of, hi, hl, lo, scoop, sq,
               stats, types)


@jit
def omaha_monte_carlo(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board,
                      k, samples, max_redraws, seed, card_keys, offsets, board_index, quad_index,
                      quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover, hilo,
                      with_types, type_of, hi, hl, lo, scoop, sq, stats, types):
    """``samples`` random deals, tallied (see the module); ``stats[1]`` the
    samples taken, ``stats[2]`` the redrawn deals; ``types`` as in
    :func:`omaha_boards`.

    Players, as in :func:`pokercli._kernels.montecarlo.monte_carlo`, by how
    many rows of ``combo_cards`` (int64[combos, h]) they list in
    ``combo_start[p]:combo_start[p + 1]``: one (a fixed hand), several (a
    range, drawn by the alias tables ``alias_keep``/``alias_other``, rows of
    ``combo_cards``; when two
    ranged players' combos collide the whole deal is drawn again), none (a
    ``random`` player, dealt from the deck). ``fixed_mask``: the cards of the
    board, the dead cards and the fixed hands; ``pool`` (int64[n], permuted in
    place) every other card: the ``k`` missing board cards of ``board``
    (int64[5]) and the random players' cards come from a partial Fisher-Yates
    shuffle of it, a card a ranged player holds in this deal drawn again.
    Stops early after ``max_redraws`` redrawn deals.
    """
    _deals(True, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k,
           samples, max_redraws, seed, 0, np.zeros((1, 1), np.int64), card_keys, offsets,
           board_index, quad_index, quad_best, pair_best, flush_best, low_best, low_bits, pair_code,
           cover, hilo, with_types, type_of, hi, hl, lo, scoop, sq, stats, types)


@jit
def _deals(draw, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k,
           count, max_redraws, seed, start, binom, card_keys, offsets, board_index, quad_index,
           quad_best, pair_best, flush_best, low_best, low_bits, pair_code, cover, hilo, with_types,
           type_of, hi, hl, lo, scoop, sq, stats, types):
    """The loop of both :func:`omaha_boards` (``draw`` False: every player
    fixed, ``count`` boards from board ``start`` of ``pool`` in the
    combinator's order) and :func:`omaha_monte_carlo` (``draw`` True).

    Scoring and tallying are written out in this one loop, not in inlined
    helpers: an inlined helper that takes arrays and holds a loop or a branch
    makes Numba count references to every array it takes, on every board,
    which cost more than half the time.

    A board is counted by the bits of its best highs and lows, with no
    branch, and the tallies read from those counts once after the loop
    (:func:`add_coded`), but in hi-lo with more than :data:`CODED_HILO`
    players (``4 ** P`` codes), where each board is tallied player by
    player as before. (Monte Carlo of fixed hands on an Intel Xeon, one
    thread, best of 6 rounds taking turns, M deals a second: Omaha heads-up
    11.6 -> 14.0, hi-lo heads-up 12.0 -> 15.3, hi-lo three-way 8.2 -> 12.3,
    Omaha three-way 6.9 -> 7.7.)"""
    players = combo_start.shape[0] - 1
    h = combo_cards.shape[1]
    nq = cover.shape[0]
    one = np.int64(1)
    masks = np.zeros(combo_cards.shape[0], np.int64)
    for c in range(combo_cards.shape[0]):
        for i in range(h):
            masks[c] |= one << combo_cards[c, i]
    hole = np.empty((players, h), np.int64)
    npairs = h * (h - 1) // 2
    qb = np.empty((players, nq), np.int64)
    pcol = np.empty((players, npairs), np.int64)
    sp = np.empty((players, 5, 15), np.int64)
    nsp = np.empty((players, 5), np.int64)
    hole_low = np.zeros(players, np.int64)
    kind = np.empty(players, np.int64)  # 0 fixed, 1 ranged, 2 random
    dealt = k  # the cards a deal draws from the pool: the board's, and random players' hands
    for p in range(players):
        size = combo_start[p + 1] - combo_start[p]
        kind[p] = 0 if size == 1 else (1 if size > 1 else 2)
        dealt = k + h * players if kind[p] == 2 else dealt
        if size == 1:
            for i in range(h):
                hole[p, i] = combo_cards[combo_start[p], i]
    n = pool.shape[0]
    idx = np.empty(k, np.int64)
    if not draw:
        unrank_combination(start, n, binom, idx)
    full = board.copy()
    high = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)  # stays 0 (no low) but in hi-lo
    coded = not hilo or players <= CODED_HILO
    low_shift = players if hilo else 0
    codes = np.zeros(np.int64(1) << ((players + low_shift) if coded else 0), np.int64)
    ctr = np.uint64(seed)
    taken = 0
    redraws = 0
    while taken < count:
        if draw:
            used = fixed_mask
            ok = True
            for p in range(players):
                if kind[p] != 1:
                    continue
                size = combo_start[p + 1] - combo_start[p]
                ctr += _GAMMA
                r = mix64(ctr)
                col = combo_start[p] + draw_below(r, size)
                pick = col if (r & np.uint64(0xFFFFFFFF)) < alias_keep[col] else alias_other[col]
                if used & masks[pick]:
                    ok = False
                    break
                used |= masks[pick]
                for i in range(h):
                    hole[p, i] = combo_cards[pick, i]
            if not ok:
                redraws += 1
                if redraws >= max_redraws:
                    break
                continue
            pos = 0
            for i in range(dealt):
                slot = i - k
                if slot >= 0 and kind[slot // h] != 2:
                    continue
                while True:
                    ctr += _GAMMA
                    j = pos + draw_below(mix64(ctr), n - pos)
                    card = pool[j]
                    pool[j] = pool[pos]
                    pool[pos] = card
                    pos += 1
                    if not (used >> card) & 1:
                        break
                if slot < 0:
                    full[5 - k + i] = card
                else:
                    hole[slot // h, slot % h] = card
        else:
            for i in range(k):
                full[5 - k + i] = pool[idx[i]]
            next_combination(idx, n)
        # Each player's parts: a fixed hand's first quad_best entry of each
        # cover quad (quad number * 6175), a dealt hand's pairs' rank indices
        # 13 * r1 + r2 (read in pair_best, whose one row per board stays in
        # cache where a new quad each deal would miss), the rank indices of
        # the suited pairs by suit (suit 4: none, its one entry 0 reads
        # flush_best's 0), the low-rank set; fixed hands' once.
        for p in range(players):
            if kind[p] == 0 and taken > 0:
                continue
            for m in range(nq if kind[p] == 0 else 0):
                qb[p, m] = quad_base(hole, p, cover, m, quad_index, pair_code)
            for s in range(5):
                nsp[p, s] = 0
                sp[p, s, 0] = 0
            hole_low[p] = 0
            npc = 0
            for x in range(h):
                a = hole[p, x]
                hole_low[p] |= low_bits[a]
                for y in range(x + 1, h):
                    code = pair_code[52 * a + hole[p, y]]
                    pcol[p, npc] = code & 255
                    npc += 1
                    s = (code >> 8) - 1
                    if s >= 0:
                        sp[p, s, nsp[p, s]] = code & 255
                        nsp[p, s] += 1
        taken += 1
        # Score every player (see the module), then tally the board.
        row, suit, frow, board_low = board_parts(full, card_keys, offsets, board_index, low_bits)
        best_h = np.int64(0)
        best_l = np.int64(0)
        for p in range(players):
            best = np.int64(0)
            if kind[p] == 0:
                for m in range(nq):
                    best = max(best, np.int64(quad_best[qb[p, m] + row]))
            else:
                for j in range(npairs):
                    best = max(best, np.int64(pair_best[169 * row + pcol[p, j]]))
            best = max(best, np.int64(flush_best[frow + sp[p, suit, 0]]))
            for j in range(1, nsp[p, suit]):
                best = max(best, np.int64(flush_best[frow + sp[p, suit, j]]))
            high[p] = best
            low[p] = low_best[(hole_low[p] << 8) | board_low] * np.int64(hilo)
            best_h = max(best_h, best)
            best_l = max(best_l, low[p])
        if coded:  # the winners' bits counted, no branch; the tallies read from the counts at the end
            won_h = np.int64(0)
            won_l = np.int64(0)
            for p in range(players):
                won_h |= np.int64(high[p] == best_h) << p
                won_l |= np.int64(low[p] == best_l) << p
                if with_types:
                    types[p, type_of[high[p]]] += 1
            codes[(won_h << low_shift) | (won_l & -np.int64(best_l > 0))] += 1
            continue
        nh = 0
        nl = 0
        for p in range(players):
            nh += 1 if high[p] == best_h else 0
            nl += 1 if low[p] == best_l else 0
        has_low = hilo and best_l > 0
        if hilo and not has_low:
            stats[0] += 1
        for p in range(players):
            wh = high[p] == best_h
            wl = has_low and low[p] == best_l
            share = 0
            if has_low:
                if wh:
                    hl[p, nh] += 1
                    share += SHARE_UNIT // (2 * nh)
                if wl:
                    lo[p, nl] += 1
                    share += SHARE_UNIT // (2 * nl)
                if wh and wl and nh == 1 and nl == 1:
                    scoop[p] += 1
            elif wh:
                hi[p, nh] += 1
                share = SHARE_UNIT // nh
                if nh == 1:
                    scoop[p] += 1
            sq[p] += share * share
            if with_types:
                types[p, type_of[high[p]]] += 1
    if coded:
        add_coded(codes, players, hilo, hi, hl, lo, scoop, sq, stats)
    if draw:
        stats[1] += taken
        stats[2] += redraws


@jit_inline
def _runs(dealt_hands, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k, runs, samples,
          max_redraws, seed, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
          low_best, low_bits, pair_code, cover, hilo, share_sum, scoop, blank, stats):
    """:func:`omaha_runs` (``dealt_hands`` False: every hand fixed) and
    :func:`omaha_ranged_runs` (True); ``dealt_hands`` is a constant where this
    is inlined, so the fixed hands' kernel holds none of the ranges' work
    (with it behind a branch, 3-6 % a board slower).

    ``samples`` deals of the ``k`` cards to come run ``runs`` times (a
    double board: two runs of five): each run completes ``board`` (int64[5],
    its first ``5 - k`` cards known) with ``k`` cards of ``pool`` (int64[n],
    every card that neither ``fixed_mask`` nor a fixed hand holds; permuted in
    place), no card in two runs:
    a partial Fisher-Yates shuffle of ``runs * k`` cards, a random number a
    card, as :func:`omaha_monte_carlo` deals one board.

    Players as in :func:`omaha_monte_carlo`, by how many rows of
    ``combo_cards`` (int64[combos, h]) they list: one (a fixed hand), several
    (a range, its combo drawn by the alias tables before the cards, the whole
    deal drawn again when a combo meets ``fixed_mask`` (the board and the dead
    cards), a fixed hand or an earlier combo), none (a ``random`` player,
    dealt from the pool before the runs' cards); a card a ranged player holds
    is drawn again. Each run is valued as its cards are dealt. Stops early
    after ``max_redraws`` redrawn deals;
    ``stats[0]`` the deals taken, ``stats[1]`` the redrawn ones (added to).
    With fixed hands alone a deal draws no combo and refuses no card.

    Each run's pot is shared as one board's pot is (:func:`_deals`): the
    best high hands split it, or in hi-lo (``hilo``) they split half and the
    best eight-or-better lows the other half when one qualifies; in
    ``SHARE_UNIT`` units, summed in ``share_sum[p]``. ``scoop[p]`` counts the
    deals where ``p`` took every run's pot whole, ``blank[p]`` those where it
    took nothing of any run. A fixed hand is scored by its cover quads, a
    dealt one by its pairs (:func:`_deals`), written out in the loop as
    there: an inlined helper taking the tables would have Numba count
    references to each of them on every board.

    As in :func:`_deals`, a run is counted by the code of its winners (up to
    :data:`CODED_HILO` players in hi-lo), and each code's pot shares, who
    takes that pot whole and who gets some of it are tables made before the
    loop: no branch a player. (One board's loop took the codes first and
    ran ahead of the runs: the Omaha rows of ``bench_runs.py`` fell from
    about 1.1 to 0.84-0.87 of one board's speed a board; with this, 0.97-1.21.)"""
    players = combo_start.shape[0] - 1
    h = combo_cards.shape[1]
    nq = cover.shape[0]
    npairs = h * (h - 1) // 2
    one = np.int64(1)
    masks = np.zeros(combo_cards.shape[0], np.int64)
    for c in range(combo_cards.shape[0]):
        for i in range(h):
            masks[c] |= one << combo_cards[c, i]
    kind = np.empty(players, np.int64)  # 0 fixed, 1 ranged, 2 random
    hole = np.zeros((players, h), np.int64)
    random_players = np.zeros(players, np.int64)
    n_random = 0
    fixed_used = fixed_mask
    for p in range(players):
        size = combo_start[p + 1] - combo_start[p]
        kind[p] = 0 if size == 1 else (1 if size > 1 else 2)
        if size == 1:
            for i in range(h):
                hole[p, i] = combo_cards[combo_start[p], i]
            fixed_used |= masks[combo_start[p]]
        elif size == 0:
            random_players[n_random] = p
            n_random += 1
    qb, sp, nsp, hole_low = hand_parts(hole, cover, quad_index, pair_code, low_bits)  # the fixed hands'
    pcol = np.zeros((players, npairs), np.int64)
    n = pool.shape[0]
    full = board.copy()
    high = np.zeros(players, np.int64)
    low = np.zeros(players, np.int64)
    everyone = (one << players) - 1
    # up to CODED_HILO players in hi-lo (any number else), a run is counted by the code of its winners
    # (as in _deals), and each code's pot shares, who takes it whole and who gets some of it are tables
    coded = not hilo or players <= CODED_HILO
    low_shift = players if hilo else 0
    codes_n = np.int64(1) << ((players + low_shift) if coded else 0)
    run_codes = np.zeros(codes_n, np.int64)
    code_share = np.zeros((codes_n, players), np.int64)
    whole_of = np.zeros(codes_n, np.int64)
    some_of = np.zeros(codes_n, np.int64)
    for code in range(codes_n if coded else 0):
        won_h = code >> low_shift
        won_l = code & ((one << low_shift) - 1)
        nh = popcount(won_h)
        nl = popcount(won_l)
        for p in range(players):
            share = 0
            if won_l != 0:
                share += SHARE_UNIT // (2 * nh) if (won_h >> p) & 1 else 0
                share += SHARE_UNIT // (2 * nl) if (won_l >> p) & 1 else 0
            elif (won_h >> p) & 1:
                share = SHARE_UNIT // nh
            code_share[code, p] = share
            whole_of[code] |= np.int64(share == SHARE_UNIT) << p
            some_of[code] |= np.int64(share != 0) << p
    ctr = np.uint64(seed)
    taken = 0
    redraws = 0
    while taken < samples:
        used = fixed_used
        if dealt_hands:  # ranges and random players: their cards, then their hands' parts (a constant)
            ok = True
            for p in range(players):
                if kind[p] != 1:
                    continue
                size = combo_start[p + 1] - combo_start[p]
                ctr += _GAMMA
                r = mix64(ctr)
                col = combo_start[p] + draw_below(r, size)
                pick = col if (r & np.uint64(0xFFFFFFFF)) < alias_keep[col] else alias_other[col]
                if used & masks[pick]:
                    ok = False
                    break
                used |= masks[pick]
                for i in range(h):
                    hole[p, i] = combo_cards[pick, i]
            if not ok:
                redraws += 1
                if redraws >= max_redraws:
                    break
                continue
            for i in range(h * n_random):  # the random players' cards first
                while True:  # a card a ranged player holds is drawn again
                    ctr += _GAMMA
                    j = i + draw_below(mix64(ctr), n - i)
                    card = pool[j]
                    if not (used >> card) & 1:
                        break
                pool[j] = pool[i]
                pool[i] = card
                hole[random_players[i // h], i % h] = card
            for p in range(players):  # a dealt hand's parts, as in _deals: its pairs, suited pairs,
                if kind[p] == 0:      # low ranks
                    continue
                for s in range(5):
                    nsp[p, s] = 0
                    sp[p, s, 0] = 0
                hole_low[p] = 0
                npc = 0
                for x in range(h):
                    a = hole[p, x]
                    hole_low[p] |= low_bits[a]
                    for y in range(x + 1, h):
                        code = pair_code[52 * a + hole[p, y]]
                        pcol[p, npc] = code & 255
                        npc += 1
                        s = (code >> 8) - 1
                        if s >= 0:
                            sp[p, s, nsp[p, s]] = code & 255
                            nsp[p, s] += 1
        whole = everyone  # bit p: p took every run so far whole
        none = everyone   # bit p: p took nothing of any run so far
        pos = h * n_random
        for r in range(runs):
            for i in range(k):
                ctr += _GAMMA
                j = pos + draw_below(mix64(ctr), n - pos)
                card = pool[j]
                while dealt_hands and (used >> card) & 1:  # a card a ranged player holds is drawn again
                    ctr += _GAMMA
                    j = pos + draw_below(mix64(ctr), n - pos)
                    card = pool[j]
                pool[j] = pool[pos]
                pool[pos] = card
                pos += 1
                full[5 - k + i] = card
            row, suit, frow, board_low = board_parts(full, card_keys, offsets, board_index, low_bits)
            best_h = np.int64(0)
            best_l = np.int64(0)
            for p in range(players):
                best = np.int64(0)
                if not dealt_hands or kind[p] == 0:
                    for m in range(nq):
                        best = max(best, np.int64(quad_best[qb[p, m] + row]))
                else:
                    for j in range(npairs):
                        best = max(best, np.int64(pair_best[169 * row + pcol[p, j]]))
                best = max(best, np.int64(flush_best[frow + sp[p, suit, 0]]))
                for j in range(1, nsp[p, suit]):
                    best = max(best, np.int64(flush_best[frow + sp[p, suit, j]]))
                high[p] = best
                low[p] = low_best[(hole_low[p] << 8) | board_low] * np.int64(hilo)
                best_h = max(best_h, best)
                best_l = max(best_l, low[p])
            if coded:  # the run's winners as a code: its pot's shares read from tables, no branch
                won_h = np.int64(0)
                won_l = np.int64(0)
                for p in range(players):
                    won_h |= np.int64(high[p] == best_h) << p
                    won_l |= np.int64(low[p] == best_l) << p
                code = (won_h << low_shift) | (won_l & -np.int64(best_l > 0))
                run_codes[code] += 1
                whole &= whole_of[code]
                none &= ~some_of[code]
                continue
            nh = 0
            nl = 0
            for p in range(players):
                nh += 1 if high[p] == best_h else 0
                nl += 1 if low[p] == best_l else 0
            has_low = hilo and best_l > 0
            for p in range(players):
                share = 0
                if has_low:
                    if high[p] == best_h:
                        share += SHARE_UNIT // (2 * nh)
                    if low[p] == best_l:
                        share += SHARE_UNIT // (2 * nl)
                elif high[p] == best_h:
                    share = SHARE_UNIT // nh
                share_sum[p] += share
                whole &= ~(np.int64(share != SHARE_UNIT) << p)
                none &= ~(np.int64(share != 0) << p)
        for p in range(players):
            scoop[p] += (whole >> p) & 1
            blank[p] += (none >> p) & 1
        taken += 1
    for code in range(run_codes.shape[0] if coded else 0):  # each run's pot shares, by code
        if run_codes[code]:
            for p in range(players):
                share_sum[p] += run_codes[code] * code_share[code, p]
    stats[0] += taken
    stats[1] += redraws


@jit
def omaha_runs(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k, runs, samples,
               max_redraws, seed, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
               low_best, low_bits, pair_code, cover, hilo, share_sum, scoop, blank, stats):
    """Runs of fixed hands alone (:func:`_runs`: every player lists one combo)."""
    _runs(False, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k, runs, samples,
          max_redraws, seed, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
          low_best, low_bits, pair_code, cover, hilo, share_sum, scoop, blank, stats)


@jit
def omaha_ranged_runs(combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k, runs,
                      samples, max_redraws, seed, card_keys, offsets, board_index, quad_index, quad_best, pair_best,
                      flush_best, low_best, low_bits, pair_code, cover, hilo, share_sum, scoop, blank, stats):
    """Runs where some player holds a range or is ``random`` (:func:`_runs`)."""
    _runs(True, combo_cards, combo_start, alias_keep, alias_other, fixed_mask, pool, board, k, runs, samples,
          max_redraws, seed, card_keys, offsets, board_index, quad_index, quad_best, pair_best, flush_best,
          low_best, low_bits, pair_code, cover, hilo, share_sum, scoop, blank, stats)
