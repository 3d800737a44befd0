"""The random numbers of every Monte Carlo kernel, written once for the CPU
and the GPU: plain functions that :mod:`pokercli._kernels.montecarlo`
compiles with Numba for the CPU and :mod:`pokercli._kernels.gpu` with
``numba.cuda`` as device functions (and the CUDA simulator runs as Python).

SplitMix64 is used as a counter run through its output function: a stream
adds ``GAMMA`` to its counter and mixes it, so successive numbers do not wait
on each other. A bounded draw takes the high 32 bits of a 64-bit number
times ``n`` (Lemire's multiply-shift; the bias is below n / 2**32, far under
any standard error).

>>> import warnings; warnings.simplefilter("ignore")  # uint64 products wrap, as intended
>>> hex(int(mix64(uint64(1))))
'0x5692161d100b05e5'
>>> int(draw_below(uint64(1 << 63), 10))
5
"""

from numba import int64, uint64

#: SplitMix64's increment (the golden ratio in 64 bits).
GAMMA = uint64(0x9E3779B97F4A7C15)


def mix64(z):
    """SplitMix64's output function: 64 well-mixed bits from a counter value."""
    z = (z ^ (z >> uint64(30))) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> uint64(27))) * uint64(0x94D049BB133111EB)
    return z ^ (z >> uint64(31))


def draw_below(r, n):
    """An integer in [0, n) from the high 32 bits of ``r`` (bias below n / 2**32)."""
    return int64(((r >> uint64(32)) * uint64(n)) >> uint64(32))
