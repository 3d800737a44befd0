"""Private Numba combinator over a deck less removed cards (SPEC §4).

Combinations of ``k`` positions out of ``n`` (positions index a deck array)
in lexicographic order, with an in-place next-combination stepper and
rank/unrank between a combination and its index, so that an enumeration can
be split into independent chunks ``[start, start + count)``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pokercli._kernels import scalar
from pokercli._kernels.jit import jit, jit_inline


def binomials(n_max: int = 52) -> np.ndarray:
    """Pascal's triangle ``C[n, k]`` as int64, 0 <= k <= n <= n_max: a copy of
    the one built per ``n_max`` (building it in Python took 0.35 ms, paid by
    every Omaha kernel call: 1.8 s of an Omaha range's 5,000 combo jobs)."""
    return _pascal(n_max).copy()


@lru_cache(maxsize=None)
def _pascal(n_max: int) -> np.ndarray:
    c = np.zeros((n_max + 1, n_max + 1), np.int64)
    for n in range(n_max + 1):
        c[n, 0] = 1
        for k in range(1, n + 1):
            c[n, k] = c[n - 1, k - 1] + c[n - 1, k]
    return c


@jit
def next_combination(idx, n):
    """Step ``idx`` (int64[k], increasing positions < n) to the next combination in
    lexicographic order, in place; False at the end (``idx`` is then unchanged)."""
    k = idx.shape[0]
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@jit
def rank_combination(idx, n, binom):
    """Lexicographic index of the combination ``idx`` (int64[k]) of ``k`` out of ``n``;
    ``binom`` is :func:`binomials` (int64[53, 53], ``binom[n, k]`` = C(n, k))."""
    k = idx.shape[0]
    r = 0
    prev = -1
    for i in range(k):
        for x in range(prev + 1, idx[i]):
            r += binom[n - x - 1, k - i - 1]
        prev = idx[i]
    return r


#: The unranking, written once for the CPU and CUDA kernels (:mod:`pokercli._kernels.scalar`).
_unrank = jit_inline(scalar.unrank)


@jit
def unrank_combination(r, n, binom, idx):
    """Write into ``idx`` (int64[k]) the combination of ``k`` out of ``n`` with
    lexicographic index ``r``; ``binom`` as for :func:`rank_combination`."""
    _unrank(r, n, idx.shape[0], binom, idx)


@jit
def combination_masks(deck, k, start, count, binom, out):
    """52-bit masks of combinations ``start .. start+count-1`` of ``k`` cards of ``deck``.

    ``deck``: int64[n] card ids (positions index it); ``out``: int64[count], written.
    """
    n = deck.shape[0]
    idx = np.empty(k, np.int64)
    unrank_combination(start, n, binom, idx)
    for it in range(count):
        m = np.int64(0)
        for j in range(k):
            m |= np.int64(1) << deck[idx[j]]
        out[it] = m
        if it + 1 < count:
            next_combination(idx, n)
