"""Private kernels: the runs of a run-it-twice or double-board job listed, and
the ordered pairs of runs that share no card counted per outcome.

Two runs of ``k`` cards from a deck of ``m`` are an ordered pair of k-sets
that share no card. For an outcome (a player taking a run alone, say) with
``c(S)`` the runs of that outcome that hold every card of the set ``S``, the
pairs of runs of the outcome that share no card are, by inclusion and
exclusion over the cards the two runs share,

    sum over j = 0..k of (-1)**j * sum over the j-sets S of c(S)**2

(``c`` of the empty set is the number of runs of the outcome, of a run's own
k-set 1 or 0): each run's cards counted once, not each pair of runs. A double
board from preflop heads-up is 1,712,304 runs and 1.6 * 10**12 pairs; its
runs of five cards take :func:`board_squares`, one walk for every term.
"""

from __future__ import annotations

import numpy as np

from pokercli._kernels.combinator import binomials, next_combination
from pokercli._kernels.jit import jit


@jit
def run_positions(m, k):
    """uint8[C(m, k), k]: every k-set of the positions 0..m-1, ascending, in
    lexicographic order (a run's cards, as positions in the deck array)."""
    count = np.int64(1)
    for i in range(k):
        count = count * (m - i) // (i + 1)
    out = np.empty((count, k), np.uint8)
    idx = np.arange(k)
    for t in range(count):
        for q in range(k):
            out[t, q] = idx[q]
        next_combination(idx, m)
    return out


@jit
def run_rows(prefix, deck, k, out):
    """``out[p, t]``: row ``p`` of ``prefix`` (uint8[P, w]: a player's hole
    cards and the known board) and then the ``k`` cards of run ``t``
    (``deck`` at :func:`run_positions`' ``t``-th k-set of positions, in its
    lexicographic order): each player's hand on every run, a player's runs
    side by side, for the batch evaluator (uint8[P, C(len(deck), k), w + k]),
    written in one pass where NumPy took a gather and two strided copies."""
    players = prefix.shape[0]
    width = prefix.shape[1]
    m = deck.shape[0]
    idx = np.arange(k)
    for t in range(out.shape[1]):
        for p in range(players):
            for q in range(width):
                out[p, t, q] = prefix[p, q]
            for q in range(k):
                out[p, t, width + q] = deck[idx[q]]
        next_combination(idx, m)


@jit
def set_squares(runs, flags, binom, m, j):
    """int64[F]: for each outcome column ``f`` of ``flags``, the sum over the
    ``j``-sets ``S`` of cards (0 < ``j`` < k) of ``c(S)**2``, ``c(S)`` the runs of
    the outcome holding every card of ``S``: each run adds its flags to the
    count of each of its C(k, j) ``j``-sets, numbered by the sum of C(card,
    i + 1) over its cards ascending (``binom``: :func:`binomials` of at least
    ``m``); then the counts are squared and summed. One term of
    :func:`disjoint_pairs`' sum, on its own so that the terms can run on
    several threads (:func:`pokercli.equity_calc.runs._disjoint_pairs`)."""
    n = runs.shape[0]
    k = runs.shape[1]
    outcomes = flags.shape[1]
    counts = np.zeros((binom[m, j], outcomes), np.int64)  # a j-set's outcomes side by side: one cache line
    places = np.arange(j)  # which of a run's k cards make the j-set
    while True:
        for t in range(n):
            rank = np.int64(0)
            for i in range(j):
                rank += binom[runs[t, places[i]], i + 1]
            for f in range(outcomes):
                counts[rank, f] += flags[t, f]
        if not next_combination(places, k):
            break
    out = np.zeros(outcomes, np.int64)
    for r in range(counts.shape[0]):
        for f in range(outcomes):
            out[f] += counts[r, f] * counts[r, f]
    return out


@jit
def board_squares(flags_t, binom, m):
    """int64[4, F]: :func:`set_squares` of the ``j``-sets for j = 1..4 at once,
    for runs of five cards (a double board, a preflop all-in run twice):
    ``flags_t`` is the flags transposed (uint8[F, N]: outcome ``f``'s column
    contiguous), its runs every five-set of the deck positions 0..m-1 in
    :func:`run_positions`' (lexicographic) order, which the five nested loops
    below walk without reading the runs; ``binom``: :func:`binomials` of at
    least ``m``.

    A ``j``-set ``s_1 < ... < s_j`` is numbered by the sum of ``C(m - 1 - s_i,
    j + 1 - i)`` (its complement's colex rank: the lexicographic order, read
    backwards), so that as the last card ``e`` of the runs steps up, each of
    the 15 sets holding it steps down by one place in its table: 15 streams,
    where :func:`set_squares`' colex numbers jumped across the table (the
    four-sets' 194,580 rows) and its loops over places and outcomes ran
    around every add. The 15 sets without ``e`` get the runs' sum over ``e``
    once, after the loop. The same integers as :func:`set_squares` (tested);
    a double board heads-up's four terms (two outcomes) in 44-47 ms on one
    thread against 322-340 ms (Intel Xeon, Emerald Rapids, 2026-11-28)."""
    outcomes = flags_t.shape[0]
    out = np.zeros((4, outcomes), np.int64)
    c1 = np.zeros(m, np.int64)
    c2 = np.zeros(binom[m, 2], np.int64)
    c3 = np.zeros(binom[m, 3], np.int64)
    c4 = np.zeros(binom[m, 4], np.int64)
    top = m - 1
    for f in range(outcomes):
        col = flags_t[f]
        c1[:] = 0
        c2[:] = 0
        c3[:] = 0
        c4[:] = 0
        t = 0
        for a in range(m - 4):
            xa = top - a
            for b in range(a + 1, m - 3):
                xb = top - b
                ab3 = binom[xa, 3] + binom[xb, 2]
                for c in range(b + 1, m - 2):
                    xc = top - c
                    abc4 = binom[xa, 4] + binom[xb, 3] + binom[xc, 2]
                    for d in range(c + 1, m - 1):
                        xd = top - d
                        # the sets holding e, less e's own term (top - e), which the loop adds
                        s2a = binom[xa, 2]
                        s2b = binom[xb, 2]
                        s2c = binom[xc, 2]
                        s2d = binom[xd, 2]
                        s3ab = ab3
                        s3ac = binom[xa, 3] + binom[xc, 2]
                        s3ad = binom[xa, 3] + binom[xd, 2]
                        s3bc = binom[xb, 3] + binom[xc, 2]
                        s3bd = binom[xb, 3] + binom[xd, 2]
                        s3cd = binom[xc, 3] + binom[xd, 2]
                        s4abc = abc4
                        s4abd = binom[xa, 4] + binom[xb, 3] + binom[xd, 2]
                        s4acd = binom[xa, 4] + binom[xc, 3] + binom[xd, 2]
                        s4bcd = binom[xb, 4] + binom[xc, 3] + binom[xd, 2]
                        g = np.int64(0)
                        for e in range(d + 1, m):
                            v = np.int64(col[t])
                            t += 1
                            xe = top - e
                            g += v
                            c1[e] += v
                            c2[s2a + xe] += v
                            c2[s2b + xe] += v
                            c2[s2c + xe] += v
                            c2[s2d + xe] += v
                            c3[s3ab + xe] += v
                            c3[s3ac + xe] += v
                            c3[s3ad + xe] += v
                            c3[s3bc + xe] += v
                            c3[s3bd + xe] += v
                            c3[s3cd + xe] += v
                            c4[s4abc + xe] += v
                            c4[s4abd + xe] += v
                            c4[s4acd + xe] += v
                            c4[s4bcd + xe] += v
                        # the sets within {a, b, c, d}
                        c1[a] += g
                        c1[b] += g
                        c1[c] += g
                        c1[d] += g
                        c2[binom[xa, 2] + xb] += g
                        c2[binom[xa, 2] + xc] += g
                        c2[binom[xa, 2] + xd] += g
                        c2[binom[xb, 2] + xc] += g
                        c2[binom[xb, 2] + xd] += g
                        c2[binom[xc, 2] + xd] += g
                        c3[ab3 + xc] += g
                        c3[ab3 + xd] += g
                        c3[binom[xa, 3] + binom[xc, 2] + xd] += g
                        c3[binom[xb, 3] + binom[xc, 2] + xd] += g
                        c4[abc4 + xd] += g
        for r in range(m):
            out[0, f] += c1[r] * c1[r]
        for r in range(c2.shape[0]):
            out[1, f] += c2[r] * c2[r]
        for r in range(c3.shape[0]):
            out[2, f] += c3[r] * c3[r]
        for r in range(c4.shape[0]):
            out[3, f] += c4[r] * c4[r]
    return out


@jit
def run_totals(flags):
    """int64[F]: the runs of each outcome (the empty set's ``c``)."""
    totals = np.zeros(flags.shape[1], np.int64)
    for t in range(flags.shape[0]):
        for f in range(flags.shape[1]):
            totals[f] += flags[t, f]
    return totals


def pairs_from_terms(totals, squares, k):
    """:func:`disjoint_pairs` from its terms: ``totals`` (:func:`run_totals`)
    and ``squares[j - 1]`` (:func:`set_squares` of the ``j``-sets, j = 1..k-1):
    the empty set's term ``totals**2``, each run's own k-set's ``totals``,
    with the signs of inclusion and exclusion. Python integers."""
    out = []
    for f, total in enumerate(int(x) for x in totals):
        value = total * total + (-1) ** k * total
        for j in range(1, k):
            value += (-1) ** j * int(squares[j - 1][f])
        out.append(value)
    return out


def disjoint_pairs(runs, flags, m):
    """int64[F]: for each outcome column ``f`` of ``flags`` (uint8[N, F], 1
    where run ``t`` has the outcome), the ordered pairs of runs of the outcome
    that share no card. ``runs``: uint8[N, k], each run's positions in a deck
    of ``m``, ascending (:func:`run_positions`). On the calling thread; the
    runs job runs the terms on every thread."""
    k = runs.shape[1]
    if k == 5:
        terms = board_squares(np.ascontiguousarray(flags.T), binomials(m), np.int64(m))
        return np.array(pairs_from_terms(run_totals(flags), [terms[j - 1] for j in range(1, k)], k), np.int64)
    binom = binomials(m)
    squares = [set_squares(runs, flags, binom, np.int64(m), np.int64(j)) for j in range(1, k)]
    return np.array(pairs_from_terms(run_totals(flags), squares, k), np.int64)


@jit
def disjoint_triples(runs, flags, m):
    """:func:`disjoint_pairs` for three runs of one or two cards: int64[F], for
    each outcome the ordered triples of runs of the outcome that share no card
    pairwise. For each first run of the outcome, the pairs of the runs of the
    outcome that share no card with it are counted as :func:`disjoint_pairs`
    counts pairs (their number squared, less the squares of how many of them
    hold each card, plus their number): runs times runs, about a million steps
    for a flop heads-up."""
    n = runs.shape[0]
    k = runs.shape[1]
    outcomes = flags.shape[1]
    masks = np.zeros(n, np.int64)
    for t in range(n):
        for q in range(k):
            masks[t] |= np.int64(1) << runs[t, q]
    held = np.zeros(m, np.int64)  # the runs left that hold each card
    result = np.zeros(outcomes, np.int64)
    for f in range(outcomes):
        for first in range(n):
            if flags[first, f] == 0:
                continue
            left = np.int64(0)
            held[:] = 0
            for t in range(n):
                if flags[t, f] != 0 and (masks[t] & masks[first]) == 0:
                    left += 1
                    for q in range(k):
                        held[runs[t, q]] += 1
            squares = np.int64(0)
            for c in range(m):
                squares += held[c] * held[c]
            # k = 1: a run's card is its own one-card set (left pairs with itself once each)
            result[f] += left * left - left if k == 1 else left * left - squares + left
    return result
