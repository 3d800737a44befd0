"""A job's own seconds: light (no NumPy, no Numba), so that paths which need
no kernel (the heads-up preflop lookup) can time themselves without loading one.

>>> clock = Clock()
>>> clock.seconds() >= 0.0
True
"""

from __future__ import annotations

import sys
import time

#: Seconds the light paths (plain Python, or NumPy without Numba) may spend on
#: exact jobs in one process before the kernels take over: about what importing
#: Numba and loading a kernel costs once. A process asking a few questions never
#: pays for the import; one asking thousands pays it once, after at most twice
#: its cost (what renting skis until their price is spent guarantees).
LIGHT_BUDGET = 0.3
#: Seconds the light paths have spent in this process so far (they add to it).
LIGHT_SPENT = [0.0]


def light_allowed() -> bool:
    """Whether a light path may still take a job (see :data:`LIGHT_BUDGET`)."""
    return LIGHT_SPENT[0] < LIGHT_BUDGET


def kernels_ready() -> bool:
    """Whether this process has loaded a kernel that counts or samples
    (:func:`pokercli._kernels.jit.kernels_loaded`): then small jobs go to the
    kernels (the quick paths of :mod:`pokercli.equity_calc.quick`) rather
    than to NumPy or plain Python. Numba being imported is not enough: on a
    cold cache the evaluator's tables are built by a kernel, and the jobs after
    it would otherwise compile their own (seconds each)."""
    # (a module another thread is still importing is in sys.modules without its functions yet)
    loaded = getattr(sys.modules.get("pokercli._kernels.jit"), "kernels_loaded", None)
    return loaded is not None and loaded()


#: Seconds this process has spent loading kernels from the cache and compiling
#: them (:func:`pokercli._kernels.jit` adds to it).
PREPARING = [0.0]


class Clock:
    """A job's seconds of work: the time since it started, less the time spent
    meanwhile loading kernels from the cache or compiling them (a first run's
    compilation is reported apart, by the compile notices, not as the job's
    time)."""

    def __init__(self) -> None:
        self.start, self.preparing = time.perf_counter(), PREPARING[0]

    def seconds(self) -> float:
        return max(0.0, time.perf_counter() - self.start - (PREPARING[0] - self.preparing))
