"""The one compilation policy for every kernel, and the on-disk caches.

Importing this module imports Numba; only commands that evaluate hands do so.
Compiled code is cached on disk (``cache=True``) under the user's cache
directory (``NUMBA_CACHE_DIR`` is pointed there unless the user set it), never
next to the installed sources. The first run of a kernel module says on stderr
that it is compiling.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from pokercli import __version__


def cache_dir() -> Path:
    """pokercli's cache directory (``POKERCLI_CACHE_DIR`` overrides it)."""
    env = os.environ.get("POKERCLI_CACHE_DIR")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("pokercli"))


os.environ.setdefault("NUMBA_CACHE_DIR", str(cache_dir() / "numba"))

import numba  # noqa: E402

jit = numba.njit(cache=True, nogil=True, error_model="numpy")
jit_inline = numba.njit(cache=True, nogil=True, error_model="numpy", inline="always")


def _stamp(module_file: str) -> Path:
    source = Path(module_file).read_bytes()
    key = hashlib.sha1(source + f"{__version__}{numba.__version__}{sys.version}".encode()).hexdigest()
    return cache_dir() / "compiled" / f"{Path(module_file).stem}-{key[:16]}"


@contextmanager
def compile_notice(module_file: str, what: str):
    """Say on stderr that ``what`` is compiling, the first time only."""
    stamp = _stamp(module_file)
    first = not stamp.exists()
    if first:
        sys.stderr.write(f"pokercli: compiling {what} (first run only; cached in {cache_dir()})...\n")
        sys.stderr.flush()
        t0 = time.perf_counter()
    yield
    if first:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
        sys.stderr.write(f"pokercli: compiled {what} in {time.perf_counter() - t0:.1f} s\n")
