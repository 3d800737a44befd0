"""The one compilation policy for every kernel, and the on-disk cache of compiled code.

Importing this module imports Numba; only commands that evaluate hands do so.

Every kernel is compiled ``nogil`` with NumPy's error model, and cached on disk
by pokercli's own cache (:class:`_KernelCache`), never through Numba's default
locators (which fall back to writing beside the installed sources, or into
Numba's own user-wide directory):

* the directory is :func:`pokercli.paths.cache`'s (the user's cache directory,
  else a private temporary one), subdirectory ``numba/<hash of every kernel
  source>``: Numba checks only the file a kernel is defined in to decide
  whether its cached code is stale, not the files of the helpers compiled
  into it, so naming the directory after all kernel sources makes any change
  compile afresh; inside it, this package's kernels are filed by folder and
  stamped with that hash, not by their files' paths and times
  (:class:`_Locator`), so that copies of the same sources share them;
* every index and data file carries a SHA-256 checksum: a damaged file (cut
  short, garbled) is detected before it is unpickled, said in one line, and
  rebuilt (Numba writes through a temporary file and a rename);
* a read-only cache is read as it is; kernels it lacks compile in memory;
* with no usable directory at all, nothing is cached (one warning line).

The first run of a kernel says on stderr that it is compiling.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import os
import pickle
import threading
import time
from pathlib import Path
from typing import Optional

try:
    import fcntl
except ImportError:  # not POSIX: each process compiles what it lacks
    fcntl = None

from pokercli import __version__
from pokercli._stop import COMPILE_THREAD, compiles_left_behind
from pokercli._stop import check as _check_stop
from pokercli import timing
from pokercli.paths import cache, notice, numba_environment, unsaved, warn_once

def kernel_sources(here: Path = Path(__file__).parent) -> list[Path]:
    """Every module of this package and its family folders (``omaha/``): the
    code compiled into kernels (the helpers of one are inlined into
    another's) and this compile policy."""
    return sorted(here.rglob("*.py"))


def _sources_digest(here: Path = Path(__file__).parent) -> str:
    digest = hashlib.sha1(__version__.encode())
    for path in kernel_sources(here):
        digest.update(path.relative_to(here).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


#: The digest of every kernel source as this process found them: the name of
#: its Numba cache directory, and the source stamp of this package's kernels in it.
_DIGEST = _sources_digest()


def _numba_cache_dir() -> Optional[Path]:
    """Numba's cache directory, one per version of the kernel sources (None: no cache)."""
    root = cache().path
    return None if root is None else root / "numba" / _DIGEST


# Only ``import numba`` here: its typing registries (which import SciPy, when
# installed, to offer BLAS functions pokercli never uses, about half a second)
# load when a kernel compiles, not when a cached kernel loads (see _load_cached).
numba_environment()  # (a NUMBA_NUM_THREADS that would make the import fail)
import numba  # noqa: E402
from numba.core import caching as _caching  # noqa: E402
try:  # Numba's own type fingerprints, a private name: a Numba without it keys kernels by typeof (slower)
    from numba._dispatcher import compute_fingerprint as _fingerprint  # noqa: E402
except ImportError:  # pragma: no cover - the Numba tested has it
    _fingerprint = numba.typeof

_NUMBA_DIR = _numba_cache_dir()


class _Damaged(Exception):
    """A cache file whose checksum does not match its contents."""


class _Locator(_caching._SourceFileBackedLocatorMixin, _caching._CacheLocator):
    """pokercli's kernels are cached in pokercli's directory, nowhere else.

    A kernel of this package is filed by its module's folder inside the
    package (``kernels``, ``kernels-omaha``, in a folder of the Numba
    version) and stamped with the digest of every kernel source (the
    directory's name), where Numba files a kernel by
    the absolute path of its source file and stamps it with the file's time
    and size: so two copies of the same sources (a checkout and an installed
    copy, as the test suite's subprocesses import; a reinstall, which gives
    every file a new time) share one compiled kernel, where each copy compiled
    its own, or found the other's index stale and compiled again. A kernel
    compiled through this policy from another file (a program's own) is filed
    and stamped as Numba does."""

    _PACKAGE = Path(__file__).resolve().parent

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        try:
            folder = Path(py_file).resolve().parent.relative_to(self._PACKAGE)
        except (OSError, ValueError):
            folder = None
        self._folder = None if folder is None else "-".join(("kernels",) + folder.parts)

    def get_cache_path(self):
        if self._folder is None:
            return str(_NUMBA_DIR / self.get_suitable_cache_subpath(self._py_file))
        # one folder a Numba version: two environments with other Numbas and the same sources would
        # otherwise take turns finding the other's index stale (Numba's index holds its version)
        return str(_NUMBA_DIR / f"numba-{numba.__version__}" / self._folder)

    def get_source_stamp(self):
        return super().get_source_stamp() if self._folder is None else _DIGEST

    def ensure_cache_path(self):  # called by Numba before it saves
        os.makedirs(self.get_cache_path(), exist_ok=True)

    @classmethod
    def from_function(cls, py_func, py_file):
        return cls(py_func, py_file)


class _CacheImpl(_caching.CompileResultCacheImpl):
    _locator_classes = [_Locator]


class _VerifiedFile(_caching.IndexDataCacheFile):
    """Numba's index and data files with a SHA-256 checksum of what they hold."""

    def _dump(self, obj):
        payload = super()._dump(obj)
        return hashlib.sha256(payload).digest() + payload

    @staticmethod
    def _payload(blob: bytes) -> bytes:
        if hashlib.sha256(blob[32:]).digest() != blob[:32]:
            raise _Damaged()
        return blob[32:]

    def _load_index(self):
        try:
            with open(self._index_path, "rb") as f:
                version = pickle.load(f)
                data = f.read()
        except FileNotFoundError:
            return {}
        if version != self._version:
            return {}
        stamp, overloads = pickle.loads(self._payload(data))
        if stamp != self._source_stamp:
            return {}
        if not isinstance(overloads, dict):
            raise _Damaged()
        return overloads

    def _load_data(self, name):
        with open(self._data_path(name), "rb") as f:
            return pickle.loads(self._payload(f.read()))


class _KernelCache(_caching.FunctionCache):
    """Numba's per-function cache, with pokercli's locator and checked files;
    it never fails for the cache: a damaged entry is rebuilt, a read-only or
    full disk means compiling in memory."""

    _impl_class = _CacheImpl

    def __init__(self, py_func):
        super().__init__(py_func)
        self._cache_file.__class__ = _VerifiedFile

    def _load_overload(self, sig, target_context):
        try:
            return super()._load_overload(sig, target_context)
        except Exception:  # noqa: BLE001 - a damaged index or data file: rebuild it
            warn_once("damaged kernels", f"warning: compiled kernels cached in {_NUMBA_DIR} were "
                                         "damaged; rebuilding them")
            if cache().writable:
                try:
                    self._cache_file.flush()  # an empty index, written atomically
                except OSError:
                    pass
            return None

    def save_overload(self, sig, data):
        if not cache().writable:
            unsaved("compiled kernels")
            return
        try:
            super().save_overload(sig, data)
        except Exception:  # noqa: BLE001 - a full disk, or Numba failing to serialize: the kernel is compiled
            # and in use already, so the command goes on (seen once under load: a RuntimeError "no compiled
            # object yet" from Numba's serializer, which had failed a push/fold command)
            warn_once("unsaved kernels", f"warning: cannot save compiled kernels in {_NUMBA_DIR}; "
                                         "they are compiled again next time")


def _kernel(**options):
    def wrap(fn):
        disp = numba.njit(nogil=True, error_model="numpy", **options)(fn)
        if _NUMBA_DIR is not None and isinstance(disp, numba.core.dispatcher.Dispatcher):
            disp._cache = _KernelCache(fn)
        return disp

    return wrap


jit = _kernel()
jit_inline = _kernel(inline="always")


#: CPU names whose instruction set multiplies 64-bit integers in vectors
#: (AVX-512DQ), for when ``NUMBA_CPU_FEATURES`` is set and names no such feature.
_AVX512DQ_CPUS = frozenset((
    "skylake-avx512", "cascadelake", "cooperlake", "cannonlake", "icelake-client", "icelake-server",
    "tigerlake", "rocketlake", "sapphirerapids", "emeraldrapids", "graniterapids", "graniterapids-d",
    "znver4", "znver5", "x86-64-v4"))


def vector_multiply64() -> bool:
    """Whether the kernels compile for a CPU that multiplies 64-bit integers
    in vectors (AVX-512DQ's ``vpmullq``). Numba gives LLVM the host's CPU
    features unless ``NUMBA_CPU_FEATURES`` is set; then the features it
    names, and those of the CPU name (``NUMBA_CPU_NAME``, else the host's)."""
    from numba.core import codegen, config
    import llvmlite.binding as llvm

    features = config.CPU_FEATURES if config.CPU_FEATURES is not None else codegen.get_host_cpu_features()
    named = features.split(",")
    if "+avx512dq" in named or "-avx512dq" in named:
        return "+avx512dq" in named
    return (config.CPU_NAME or llvm.get_host_cpu_name()) in _AVX512DQ_CPUS


#: Kernels this process has loaded or compiled, and (kernel, argument types)
#: pairs it has them for (:func:`ensure`).
_warm: set = set()
_ready: set = set()
_compile_lock = threading.Lock()
#: Kernels that only build cached tables (the evaluator's perfect hash): having
#: loaded them, a process still has no kernel that counts or samples (:func:`kernels_loaded`).
_BUILDERS: set = set()


def table_builder(kernel):
    """Mark ``kernel`` as one that only builds cached tables (see :func:`kernels_loaded`)."""
    _BUILDERS.add(kernel)
    return kernel


def kernels_loaded() -> bool:
    """Whether this process has loaded (or compiled) a kernel other than a
    table builder: then small jobs are cheaper on the kernels than in NumPy.
    On a cold cache the evaluator's tables are built by a kernel, which loads
    Numba; the light paths still take small jobs after that, instead of
    compiling their kernels (2.4 s more for a first ``--monte-carlo``)."""
    return not _warm <= _BUILDERS  # (no new set: a quick query asks this every call)


def call(kernel, *args):
    """Call a kernel, loading or compiling it first if this process has not.

    The first time ever on this machine, the compile says so on stderr. Loading
    or compiling happens under a lock (threads may call the same kernel at
    once); the call itself does not. A requested stop (Ctrl-C during a job on
    worker threads, :mod:`pokercli._stop`) raises instead of calling.
    """
    _check_stop()
    ensure(kernel, *args)
    return kernel(*args)


def ensure(kernel, *args) -> None:
    """Load (or compile) a kernel for these argument types without running it.

    Keyed by the kernel and its arguments' types, not the kernel alone: a call
    with types it has not been prepared for (another dtype, a read-only array)
    would otherwise compile in Numba's dispatch, in the calling thread, where
    a Ctrl-C waits for it and no other process shares the work."""
    key = _signature_key(kernel, args)
    if key not in _ready:
        while not _compile_lock.acquire(timeout=_STEP):
            _check_stop()
        try:
            if key not in _ready:
                _prepare(kernel, args)
                _ready.add(key)
            _warm.add(kernel)
        finally:
            _compile_lock.release()


def _signature_key(kernel, args) -> tuple:
    """``kernel`` and its arguments' types, as Numba's dispatch tells them apart
    (the fingerprints of its type cache: 3 µs for twenty arguments, against
    0.2 ms for ``numba.typeof``)."""
    try:
        return kernel, tuple(map(_fingerprint, args))
    except Exception:  # noqa: BLE001 - a value with no fingerprint: its Numba type
        return kernel, tuple(numba.typeof(a) for a in args)


def _load_cached(kernel, signature) -> bool:
    """Load a kernel's machine code from the disk cache, as ``Dispatcher.compile``
    does on a cache hit but without first refreshing Numba's typing and lowering
    registries.

    Cached code needs none of them (it is unserialized and linked as it is),
    except the runtime, initialized here; yet the refresh costs about 0.3 s of
    every command that evaluates hands.
    Anything unexpected (a cache miss, another Numba version's internals)
    returns False and the caller compiles the usual way, which refreshes.
    """
    if not isinstance(getattr(kernel, "_cache", None), _KernelCache):
        return False
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
    t0 = time.perf_counter()
    try:
        _stoppable(_load_or_compile, kernel, args)
    finally:
        timing.PREPARING[0] += time.perf_counter() - t0


#: Seconds between a waiting thread's looks for a stop while a kernel loads or compiles.
_STEP = 0.1


def _stoppable(work, *args) -> None:
    """Run ``work(*args)`` (loading or compiling a kernel) on a thread of its
    own while this thread waits in short steps, so that a Ctrl-C during a
    compile (up to about 7 s for one kernel) is answered at once: in the main
    thread, Python raises KeyboardInterrupt in the wait; a worker thread of a
    stopping job raises :class:`~pokercli._stop.Stopped` and its job ends,
    instead of waiting for the compile. LLVM lets go of Python's lock while it
    optimizes, so the waiting thread runs. A compile left behind goes on (a
    daemon thread: it does not keep the process alive); a later call of the
    same kernel waits for it in Numba's own compile lock. A failure of the
    work is raised here. The process must not end while such a compile runs
    (an exit's teardown under LLVM's feet crashed it, SIGSEGV): the command
    line ends at once without the teardown (:func:`pokercli._stop.exit_past_compiles`),
    and a program using the library waits for it at exit
    (:func:`_finish_compiles`)."""
    failure: list = []
    done = threading.Event()

    def run() -> None:
        try:
            work(*args)
        except BaseException as e:  # noqa: BLE001 - handed to the waiting thread
            failure.append(e)
        finally:
            threading.current_thread().name = f"{COMPILE_THREAD} (done)"  # not one left behind
            done.set()

    threading.Thread(target=run, name=COMPILE_THREAD, daemon=True).start()
    while not done.wait(_STEP):
        _check_stop()
    if failure:
        raise failure[0]


@atexit.register
def _finish_compiles() -> None:
    """At the exit of a program using the library, wait for the compiles a
    Ctrl-C left running (see :func:`_stoppable`)."""
    for thread in compiles_left_behind():
        thread.join()


def _load_or_compile(kernel, args) -> None:
    if not isinstance(kernel, numba.core.dispatcher.Dispatcher):
        return  # NUMBA_DISABLE_JIT: a plain Python function
    signature = tuple(numba.typeof(a) for a in args)
    if _load_cached(kernel, signature):
        return
    name = kernel.py_func.__name__
    when = (f"first run only; cached in {_NUMBA_DIR}" if _NUMBA_DIR is not None and cache().writable
            else "this run only: it cannot be cached")
    with _compile_turn(kernel):
        if _load_cached(kernel, signature):  # another process compiled it while this one waited
            return
        notice(f"compiling {name} ({when})...")
        t0 = time.perf_counter()
        kernel.compile(signature)
        notice(f"compiled {name} in {time.perf_counter() - t0:.1f} s")


@contextlib.contextmanager
def _compile_turn(kernel):
    """Waits for another process compiling ``kernel`` into the same cache (two
    commands started together on an empty cache; the test suite's two
    workers), so that each kernel compiles once and the other loads it: an
    exclusive lock on a file beside the cached code, held while compiling.
    With no lock to take (no writable cache, no ``fcntl``, a lock file that
    cannot be opened or locked) the kernel compiles at once, as before."""
    if fcntl is None or _NUMBA_DIR is None or not cache().writable:
        yield
        return
    name = f"{kernel.py_func.__module__}.{kernel.py_func.__qualname__}.lock"
    try:
        os.makedirs(_NUMBA_DIR, exist_ok=True)
        turn = open(_NUMBA_DIR / name, "a")
    except OSError:
        yield
        return
    with turn:  # closing the file lets the lock go
        try:
            fcntl.flock(turn, fcntl.LOCK_EX)
        except OSError:
            pass
        yield
