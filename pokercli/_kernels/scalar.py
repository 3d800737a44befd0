"""Scalar helpers (and the unranking of a combination) written once for both targets: the CPU kernels compile them
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
