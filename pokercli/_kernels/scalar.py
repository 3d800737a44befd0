"""Scalar helpers (and the unranking of a combination, and four-handed push/fold's walk down its game tree)
written once for both targets: the CPU kernels compile them
with Numba (``jit_inline``, :mod:`pokercli._kernels.montecarlo`) and the CUDA
kernels as device functions (:mod:`pokercli._kernels.gpu`).

Plain Python functions of NumPy scalars, nothing else: this module keeps its
globals few on purpose. Numba's CUDA simulator, on which the tests run the GPU
kernels, scans the globals of a device function's module at every call made
from another module (to swap in its fake ``cuda``), so helpers kept in a big
module made the simulated test job take 4-5 minutes instead of about 20 s.
"""

import numpy as np

#: SplitMix64's counter step (the golden ratio in 64 bits).
GAMMA = np.uint64(0x9E3779B97F4A7C15)


def mix64(z):
    """SplitMix64's output function: 64 well-mixed bits from a counter value."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def draw_below(r, n):
    """An integer in [0, n) from the high 32 bits of ``r`` (bias below n / 2**32)."""
    return np.int64(((r >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


def unrank(r, n, k, binom, idx):
    """Write into ``idx[:k]`` the combination of ``k`` out of ``n`` with
    lexicographic index ``r`` (``binom[a, b]``: a choose b)."""
    x = 0
    for i in range(k):
        while binom[n - x - 1, k - i - 1] <= r:
            r -= binom[n - x - 1, k - i - 1]
            x += 1
        idx[i] = x
        x += 1


def step(idx, n, k):
    """Step ``idx[:k]`` (increasing positions below ``n``) to the next
    combination in lexicographic order, in place (the last one stays)."""
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i >= 0:
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1


def badugi_subsets(c0, c1, c2, c3, n, track):
    """(score, card set) of the best badugi among the first ``n`` of the cards
    ``c0..c3``: the largest subset with no two of a suit or of a rank, then
    the lowest (``size << 26 | (8191 - ace-low rank set)``), and (``track``)
    of subsets as good the smallest card set."""
    best = np.int64(0)
    best_set = np.int64(0)
    for sub in range(1, 1 << n):
        suits = np.int64(0)
        ranks = np.int64(0)
        chosen = np.int64(0)
        size = 0
        ok = True
        for j in range(n):
            if not (sub >> j) & 1:
                continue
            c = c0 if j == 0 else (c1 if j == 1 else (c2 if j == 2 else c3))
            sb = np.int64(1) << (c // 13)
            rb = np.int64(1) << ((c % 13 + 1) % 13)
            if (suits & sb) or (ranks & rb):
                ok = False
                break
            suits |= sb
            ranks |= rb
            chosen |= np.int64(1) << c
            size += 1
        if ok:
            s = (np.int64(size) << 26) | (np.int64(0x1FFF) - ranks)
            if s > best or (track and s == best and chosen < best_set):
                best = s
                best_set = chosen
    return best, best_set


#: Fixed hands: the board cards to come (0..5) -> the sizes of its two parts, each drawn
#: whole from a table of every subset of that size (``montecarlo.part_table``). Hold'em and
#: short deck leave 5, 2, 1 or 0 cards to come; 3 and 4 are there for completeness.
BOARD_PARTS = ((0, 0), (1, 0), (2, 0), (3, 0), (2, 2), (3, 2))

#: A part's rank multiset number (:func:`multiset_id`) rides in its key's bits from here up:
#: the sum of a board's two part keys then holds the index of the board's rank
#: multisets in the value tables of ``montecarlo.rank_values`` (at most 455 * 91 < 2**16).
ID_SHIFT = 48


def multiset_id(r1, r2, r3, m):
    """Number (0 .. C(12 + m, m) - 1) of the multiset of ``m`` ranks ``r1 <= r2 <= r3``
    (only the first ``m`` count): the combinatorial number of the strictly
    increasing ``r1 < r2 + 1 < r3 + 2``. Arrays of ranks give arrays of numbers."""
    if m == 0:
        return 0
    if m == 1:
        return r1
    if m == 2:
        return r1 + (r2 + 1) * r2 // 2
    return r1 + (r2 + 1) * r2 // 2 + (r3 + 2) * (r3 + 1) * r3 // 6



def four_down(n, cls, multi, prob, dec_player, child_p, child_f, leaf_m, leaf_pair, pay, pair_j, pair_k,
              win, tie, c, p, reach, val, w6, t6):
    """Four-handed push/fold's game tree for deal ``n``, walked down (the
    arguments from ``cls`` to ``tie`` are those of
    :func:`pokercli._kernels.four_handed.action_values`; the rest are the
    caller's scratch arrays): ``c[s]`` each seat's class, ``p[d]`` how often
    its player pushes or calls at decision ``d``, ``reach[d]`` how often the
    players before reach it, and ``val[len(p) + t, s]`` what ending ``t``
    pays seat ``s``. The caller walks back up, adding what each decision's
    actions are worth where it keeps its sums."""
    n_dec = prob.shape[0]
    for s in range(4):
        c[s] = np.int64(cls[n, s])
    for d in range(n_dec):
        p[d] = prob[d, c[dec_player[d]]]
    for x in range(6):
        a = c[pair_j[x]]
        b = c[pair_k[x]]
        w6[x] = win[a, b]
        t6[x] = tie[a, b]
    for t in range(leaf_m.shape[0]):
        r = n_dec + t
        m = leaf_m[t]
        if m == 2:
            x = leaf_pair[t]
            w = w6[x]
            ti = t6[x]
            lo = 1.0 - w - ti
            for s in range(4):
                val[r, s] = ti * pay[t, 0, s] + w * pay[t, 1, s] + lo * pay[t, 2, s]
        elif m == 1:
            for s in range(4):
                val[r, s] = pay[t, 0, s]
        else:
            j = leaf_pair[t]
            for s in range(4):
                val[r, s] = multi[n, j, s]
    reach[0] = 1.0
    for d in range(n_dec):
        if child_p[d] < n_dec:
            reach[child_p[d]] = reach[d] * p[d]
        if child_f[d] < n_dec:
            reach[child_f[d]] = reach[d] * (1.0 - p[d])
