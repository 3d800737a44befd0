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
import threading
import time
from pathlib import Path

from pokercli import __version__
from pokercli.paths import cache_dir


#: Modules whose code is compiled into kernels (the helpers of one are inlined into another's).
KERNEL_SOURCES = ("_jit.py", "_kernels.py", "_equity_kernels.py", "_batch_kernel.py", "_combinator.py")


def _numba_cache_dir(here: Path = Path(__file__).parent) -> Path:
    """Numba's cache directory, one per version of the kernel sources.

    Numba checks only the file a kernel is defined in to decide whether its
    cached code is stale, not the files of the helpers compiled into it: after
    a change to ``_kernels.hand_value`` it would go on loading equity kernels
    built with the old one. Naming the directory after all kernel sources
    makes any such change compile afresh.
    """
    digest = hashlib.sha1(__version__.encode())
    for name in KERNEL_SOURCES:
        digest.update((here / name).read_bytes())
    return cache_dir() / "numba" / digest.hexdigest()[:16]


_USER_NUMBA_CACHE = os.environ.get("NUMBA_CACHE_DIR")
_NUMBA_CACHE = str(_numba_cache_dir())
os.environ.setdefault("NUMBA_CACHE_DIR", _NUMBA_CACHE)


# Only ``import numba`` here: its typing registries (which import SciPy, when
# installed, to offer BLAS functions pokercli never uses, about half a second)
# load when a kernel compiles, not when a cached kernel loads (see _load_cached).
import numba  # noqa: E402
if not _USER_NUMBA_CACHE:
    # Numba may have been imported (and its configuration read) before pokercli:
    # point its cache at pokercli's directory all the same, never beside the sources.
    numba.config.CACHE_DIR = _NUMBA_CACHE

jit = numba.njit(cache=True, nogil=True, error_model="numpy")
jit_inline = numba.njit(cache=True, nogil=True, error_model="numpy", inline="always")


def _stamp(module_file: str, name: str) -> Path:
    source = Path(module_file).read_bytes()
    key = hashlib.sha1(source + f"{__version__}{numba.__version__}{sys.version}".encode()).hexdigest()
    # beside Numba's own cache, so that clearing that cache brings the notice back
    return Path(numba.config.CACHE_DIR) / "pokercli-compiled" / f"{Path(module_file).stem}.{name}-{key[:16]}"


_warm: set = set()
_compile_lock = threading.Lock()


def call(kernel, *args):
    """Call a kernel; the first time ever on this machine, say that it compiles.

    A stamp file per kernel (and source version) in the cache directory records
    that Numba has compiled and cached it, so the notice shows once. Loading or
    compiling happens under a lock (threads may call the same kernel at once);
    the call itself does not.
    """
    ensure(kernel, *args)
    return kernel(*args)


def ensure(kernel, *args) -> None:
    """Load (or compile) a kernel for these argument types without running it."""
    if kernel not in _warm:
        with _compile_lock:
            if kernel not in _warm:
                _prepare(kernel, args)
                _warm.add(kernel)


def _load_cached(kernel, signature) -> bool:
    """Load a kernel's machine code from Numba's disk cache, as ``Dispatcher.compile``
    does on a cache hit but without first refreshing Numba's typing and lowering
    registries.

    Cached code needs none of them (it is unserialized and linked as it is),
    except the runtime, initialized here; yet the refresh costs about 0.3 s of
    every command that evaluates hands.
    Anything unexpected (a cache miss, another Numba version's internals)
    returns False and the caller compiles the usual way, which refreshes.
    """
    try:
        from numba.core import sigutils
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.runtime import rtsys

        with global_compiler_lock:
            # the one part of the refresh that cached code needs: Numba's runtime
            # (memory management of arrays allocated inside kernels)
            rtsys.initialize(kernel.targetctx)
            args, _ = sigutils.normalize_signature(signature)
            if kernel.overloads.get(tuple(args)) is not None:
                return True
            cres = kernel._cache._load_overload(signature, kernel.targetctx)
            if cres is None or cres.objectmode:
                return False
            kernel.targetctx.insert_user_function(cres.entry_point, cres.fndesc, [cres.library])
            kernel.add_overload(cres)
            return True
    except Exception:  # noqa: BLE001 - any surprise means: compile normally
        return False


def _prepare(kernel, args) -> None:
    py = kernel.py_func
    signature = tuple(numba.typeof(a) for a in args)
    stamp = _stamp(py.__code__.co_filename, py.__name__)
    if stamp.exists():
        if not _load_cached(kernel, signature):
            kernel.compile(signature)
        return
    sys.stderr.write(f"pokercli: compiling {py.__name__} (first run only; cached in {cache_dir()})...\n")
    sys.stderr.flush()
    t0 = time.perf_counter()
    kernel.compile(signature)
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
    except OSError:
        pass
    sys.stderr.write(f"pokercli: compiled {py.__name__} in {time.perf_counter() - t0:.1f} s\n")
