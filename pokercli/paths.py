"""Where pokercli may write: the user's cache directory, nowhere else."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """pokercli's cache directory (``POKERCLI_CACHE_DIR`` overrides it).

    Holds Numba's compiled kernels, the evaluator's lookup tables and the list
    of the 7,462 hand values; deleting it only costs a rebuild.
    """
    env = os.environ.get("POKERCLI_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("pokercli"))
