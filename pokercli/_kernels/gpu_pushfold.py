"""Private CUDA kernel (numba-cuda): four-handed push/fold's values on sampled deals.

:func:`build` returns ``four_values``, the device twin of
:func:`pokercli._kernels.four_handed.action_values`: thread ``t`` walks the
game tree for deals ``first + t``, ``first + t + threads``, ... below
``last`` exactly as the CPU kernel walks it for one deal (down by the same
:func:`pokercli._kernels.scalar.four_down`), and adds what each
decision's actions are worth to a block's sums in shared memory (an atomic
add each); at the end each block adds its sums to ``out`` and ``ev`` (one
atomic add an entry). The tree has ``DECISIONS`` decisions and ``ENDINGS``
endings (the four-handed game's), fixed at compile time.

Nothing imports ``numba.cuda`` until :func:`build` is called; with
``NUMBA_ENABLE_CUDASIM=1`` set first it runs on Numba's CUDA simulator.
"""

from functools import lru_cache

#: The four-handed game's decisions and endings (its tree is fixed).
DECISIONS = 14
ENDINGS = 15
#: The tree's nodes (a local array's shape must be literal numbers for numba-cuda).
NODES = DECISIONS + ENDINGS
#: A block's sums: every decision's two actions for each class, then the four seats' payoffs.
SUMS = DECISIONS * 2 * 169 + 4

cuda = None  # numba.cuda, set by build()


@lru_cache(maxsize=1)
def build():
    global cuda
    import numba.cuda
    from numba import float64, int64

    cuda = numba.cuda  # a module global: the simulator swaps it for its own while a kernel runs
    from numba.cuda import config

    from pokercli._kernels import scalar

    down = scalar.four_down if config.ENABLE_CUDASIM else cuda.jit(device=True, inline=True)(scalar.four_down)

    @cuda.jit
    def four_values(cls, multi, prob, dec_player, child_p, child_f, leaf_m, leaf_pair, pay, pair_j, pair_k,
                    win, tie, first, last, out, ev):
        sums = cuda.shared.array(SUMS, float64)
        for i in range(cuda.threadIdx.x, SUMS, cuda.blockDim.x):
            sums[i] = 0.0
        cuda.syncthreads()
        reach = cuda.local.array(DECISIONS, float64)
        p = cuda.local.array(DECISIONS, float64)
        val = cuda.local.array((NODES, 4), float64)
        w6 = cuda.local.array(6, float64)
        t6 = cuda.local.array(6, float64)
        c = cuda.local.array(4, int64)
        for n in range(first + cuda.grid(1), last, cuda.gridsize(1)):
            down(n, cls, multi, prob, dec_player, child_p, child_f, leaf_m, leaf_pair, pay, pair_j, pair_k,
                 win, tie, c, p, reach, val, w6, t6)
            for d in range(DECISIONS - 1, -1, -1):
                cp = child_p[d]
                cf = child_f[d]
                pl = dec_player[d]
                cuda.atomic.add(sums, (2 * d) * 169 + c[pl], reach[d] * val[cp, pl])
                cuda.atomic.add(sums, (2 * d + 1) * 169 + c[pl], reach[d] * val[cf, pl])
                for s in range(4):
                    val[d, s] = p[d] * val[cp, s] + (1.0 - p[d]) * val[cf, s]
            for s in range(4):
                cuda.atomic.add(sums, DECISIONS * 2 * 169 + s, val[0, s])
        cuda.syncthreads()
        for i in range(cuda.threadIdx.x, SUMS - 4, cuda.blockDim.x):
            cuda.atomic.add(out, i, sums[i])
        if cuda.threadIdx.x < 4:
            cuda.atomic.add(ev, cuda.threadIdx.x, sums[SUMS - 4 + cuda.threadIdx.x])

    return four_values
