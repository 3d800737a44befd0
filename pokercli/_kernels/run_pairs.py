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
board from preflop heads-up is 1,712,304 runs and 1.3 * 10**12 pairs.
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
def set_squares(runs, flags, binom, m, j):
    """int64[F]: for each outcome column ``f`` of ``flags``, the sum over the
    ``j``-sets ``S`` of cards (0 < ``j`` < k) of ``c(S)**2``, ``c(S)`` the runs of
    the outcome holding every card of ``S``: each run adds its flags to the
    count of each of its C(k, j) ``j``-sets, numbered by the sum of C(card,
    i + 1) over its cards ascending (``binom``: :func:`binomials` of at least
    ``m``); then the counts are squared and summed. One term of
    :func:`disjoint_pairs`' sum, on its own so that the terms can run on
    several threads (:func:`pokercli.equity_calc.runs._exact`)."""
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
