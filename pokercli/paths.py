"""Where pokercli may write: the user's cache directory, else a private temporary one.

The cache holds Numba's compiled kernels, the evaluator's lookup tables and the
list of the 7,462 hand values; everything in it can be rebuilt, so deleting it
only costs time. The environment may be hostile, and pokercli never fails for
it: :func:`cache` decides once per process where to cache, and says so in one
warning line on stderr when it cannot use the usual place.

* the usual place: ``POKERCLI_CACHE_DIR``, else the platform's user cache
  directory (``~/.cache/pokercli`` on Linux); it is created when missing, but
  never a missing home directory;
* a read-only cache is used as it is: what it holds is read, what it lacks is
  built in memory for this run;
* a cache that cannot be created or written: a private directory
  ``pokercli-<uid>`` in the system's temporary directory (mode 0700, ours
  alone), else nothing is cached and everything is built in memory.

Cached files are written atomically (a temporary file in the same directory,
then a rename) and carry a checksum, so a damaged file is detected, rebuilt
and reported in one line (:func:`read_cached`, :func:`write_cached`).

Light on purpose: no NumPy, no Numba.
"""

from __future__ import annotations

import logging

import hashlib
import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional, TypeVar

T = TypeVar("T")

#: Environment variable naming the cache directory.
CACHE_ENV = "POKERCLI_CACHE_DIR"
#: The evaluator's lookup tables' format version and cache file (:mod:`pokercli._kernels.lookup`
#: writes it; :mod:`pokercli.postflop_pairs` also reads it without NumPy).
TABLE_VERSION = 2
EVALUATOR_TABLES = f"tables-v{TABLE_VERSION}.npz"


@dataclass(frozen=True)
class Cache:
    """Where this process caches: ``path`` (None: nothing is cached) and
    whether it may write there."""

    path: Optional[Path]
    writable: bool


def default_cache_dir() -> Optional[Path]:
    """``POKERCLI_CACHE_DIR``, else the platform's user cache directory; None
    when that directory would lie in a home directory that does not exist."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    try:
        home = Path.home()
    except (KeyError, RuntimeError):  # no home directory at all
        home = None
    from platformdirs import user_cache_dir

    path = Path(user_cache_dir("pokercli"))
    if home is not None and not home.is_dir() and home in path.parents:
        return None
    return path




def _private_name() -> str:
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return f"pokercli-{uid}"


def _try_writable(path: Path) -> Optional[str]:
    """Create ``path`` if needed and prove it writable; None, or why not."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
        return None
    except OSError as e:
        return e.strerror or type(e).__name__


def _private_temp() -> Optional[Path]:
    """A cache directory in the system's temporary directory that only this user
    can write (created with mode 0700; refused if someone else owns it)."""
    path = Path(tempfile.gettempdir()) / _private_name()
    try:
        path.mkdir(mode=0o700, exist_ok=True)
        st = path.lstat()
        if not stat.S_ISDIR(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()) \
                or st.st_mode & 0o022:
            return None
    except OSError:
        return None
    return None if _try_writable(path) else path


@lru_cache(maxsize=1)
def cache() -> Cache:
    """Decide, once per process, where to cache (see the module docstring)."""
    usual = default_cache_dir()
    if usual is None:
        reason = f"the home directory {Path.home()} does not exist"
    else:
        reason = _try_writable(usual)
        if reason is None:
            return Cache(usual, True)
        if usual.is_dir() and os.access(usual, os.R_OK | os.X_OK):
            return Cache(usual, False)  # used as it is; see unsaved()
    problem = f"cannot use the cache directory {usual} ({reason})" if usual is not None else reason
    temp = _private_temp()
    if temp is not None:
        warn_once("cache", f"warning: {problem}; caching in {temp} instead")
        return Cache(temp, True)
    warn_once("cache", f"warning: {problem}, nor a temporary directory; building everything "
                       "in memory (slower start)")
    return Cache(None, False)


def unsaved(what: str) -> None:
    """Say (once) that something had to be built and cannot be cached."""
    where = cache()
    if where.path is not None and not where.writable:
        warn_once("unsaved", f"warning: the cache directory {where.path} is read-only; "
                             f"building the {what} in memory for this run")


#: Where the library's notices go: the ``pokercli`` logger. The command line
#: installs the handler that prints them on stderr (``pokercli: ...``); a
#: Python program sees warnings through logging's last resort and the
#: progress notices (compiling, building tables, at INFO) when it asks for them.
LOG = logging.getLogger("pokercli")

_warned: set[str] = set()


def warn_once(key: str, message: str) -> None:
    """One warning through :data:`LOG`, once per process for each ``key``."""
    if key in _warned:
        return
    _warned.add(key)
    LOG.warning(message)


def numba_environment() -> None:
    """Before Numba is first imported: a ``NUMBA_NUM_THREADS`` of 0 or below
    makes ``import numba`` itself fail (its value is read then), so it is
    set aside for this process with one warning line: every core, as
    ``POKERCLI_THREADS`` then chooses. (Numba ignores a value that is not a
    number with a warning of its own.)"""
    text = os.environ.get("NUMBA_NUM_THREADS")
    if text is None or "numba" in sys.modules:
        return
    try:
        wanted = int(text.strip())
    except ValueError:
        return
    if wanted <= 0:
        del os.environ["NUMBA_NUM_THREADS"]
        warn_once("numba threads", f"warning: NUMBA_NUM_THREADS={text.strip()} is not a number of threads "
                                   "(1 and up); ignored")


def notice(message: str) -> None:
    """A progress notice (compiling a kernel, building a table) through :data:`LOG`, at INFO."""
    LOG.info(message)


# --- cached files: atomic writes, checksums ------------------------------------

_MAGIC = b"pokercli-cache sha256 "


def write_cached(name: str, payload: bytes) -> None:
    """Write ``payload`` to the cache file ``name`` atomically, with a checksum.

    Does nothing when the cache is not writable; a failed write (a full disk)
    leaves the old file, or none, never a partial one.
    """
    where = cache()
    if where.path is None or not where.writable:
        return
    data = _MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=where.path, prefix=f".{name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, where.path / name)
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def read_cached(name: str, load: Callable[[bytes], T], build: Callable[[], bytes],
                what: str) -> T:
    """The cache file ``name`` read by ``load``; built by ``build`` (and cached)
    when it is missing, or damaged (its checksum fails or ``load`` raises), in
    which case one line says so."""
    where = cache()
    if where.path is not None:
        path = where.path / name
        try:
            data = path.read_bytes()
        except OSError:
            data = None
        if data is not None:
            head, _, payload = data.partition(b"\n")
            if head == _MAGIC + hashlib.sha256(payload).hexdigest().encode():
                try:
                    return load(payload)
                except Exception:  # noqa: BLE001 - any failure to read it back: rebuild
                    pass
            warn_once(f"damaged {name}", f"warning: the cache file {path} ({what}) was damaged; "
                                         "rebuilding it")
    payload = build()
    unsaved(what)
    write_cached(name, payload)
    return load(payload)


@lru_cache(maxsize=None)
def data_digest(name: str) -> str:
    """The first 12 hex digits of the SHA-256 of a file shipped in
    ``pokercli/data/``: the key of what is derived from it and cached."""
    from importlib import resources

    raw = resources.files("pokercli").joinpath(f"data/{name}").read_bytes()
    return hashlib.sha256(raw).hexdigest()[:12]
