"""Where a game's small exact jobs skip the kernels: early in a process, a job a
light path takes (:mod:`pokercli.equity_calc.omaha_light`,
:mod:`pokercli.equity_calc.stud_light`) is counted in plain Python, since
importing NumPy and Numba and loading the kernels costs more (about 0.35 s)
than the counting (milliseconds). Once NumPy is loaded, or once the light paths
have spent :data:`pokercli.timing.LIGHT_BUDGET` seconds in the process, the
game's kernels take every job.
"""

from __future__ import annotations

import importlib
import sys
from typing import Callable

from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.spot import Spot
from pokercli.timing import LIGHT_SPENT, light_allowed


def equity(spot: Spot, job, game, applies: Callable[[Spot], bool], count: Callable[[Spot], EquityResult],
           kernels: str) -> EquityResult:
    """``count(spot)`` when the job is exact, on this machine, early in the
    process and ``applies(spot)``; else the kernels' ``equity`` (``"module:function"``)."""
    if (not job.sampling and job.checkpoint is None and not job.resume and job.device != "gpu"
            and job.engine in (None, "local") and "numpy" not in sys.modules and light_allowed()
            and applies(spot)):
        result = count(spot)
        LIGHT_SPENT[0] += result.seconds
        if job.report:
            job.report(1, 1)
        return result
    module, _, name = kernels.partition(":")
    return getattr(importlib.import_module(module), name)(spot, job, game)
