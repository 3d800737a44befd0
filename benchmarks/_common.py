"""Helpers shared by the benchmark scripts (timing, peers, printing)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import time


def best_of(fn, repeat: int = 3) -> float:
    """Best wall time of ``repeat`` runs of ``fn()`` in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def numba_target() -> str:
    """What Numba compiles for, as a benchmark's heading says it. ``NUMBA_CPU_NAME``
    alone keeps this machine's instruction set (its AVX-512 included): Numba reads
    the CPU's features unless ``NUMBA_CPU_FEATURES`` is set, and an empty value
    means the named CPU's own (``NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES=""``:
    AVX2 code)."""
    name = os.environ.get("NUMBA_CPU_NAME")
    features = os.environ.get("NUMBA_CPU_FEATURES")
    if name is None and features is None:
        return "host"
    if features is None:
        return f'{name}, with this machine\'s features (set NUMBA_CPU_FEATURES="" for {name}\'s own)'
    own = f"{name}'s own" if name else "none"
    return f"{name or 'host'}, features {features or own}"


def peer(name: str):
    """Import a comparison library if installed (pip install '.[bench]'), else None."""
    try:
        return importlib.import_module(name)
    except ImportError:
        print(f"  ({name} not installed: pip install '.[bench]' to compare)")
        return None


def pokercli_cmd() -> list[str]:
    """The installed console script next to this interpreter (not a shell shim)."""
    from pathlib import Path

    exe = Path(sys.executable).parent / "pokercli"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("pokercli")
    return [found] if found else [sys.executable, "-m", "pokercli"]


def wall(cmd: list[str], stdin=None, repeat: int = 3, env=None) -> float:
    """Best wall time of running a command (output discarded)."""
    def run():
        with open(stdin, "rb") if stdin else open(os.devnull, "rb") as f:
            subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           check=False, env=env)
    run()  # warm: caches, compiled kernels, page cache
    return best_of(run, repeat)


def random_hands(n: int, k: int = 7, seed: int = 1):
    """``n`` rows of ``k`` distinct random card ids (int8), every row drawn afresh."""
    import numpy as np

    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.int8)
    step = 500_000
    for i in range(0, n, step):
        m = min(step, n - i)
        out[i:i + m] = np.argpartition(rng.random((m, 52)), k, axis=1)[:, :k]
    return out


def row(label: str, value: str, note: str = "") -> None:
    print(f"  {label:<52} {value:>14}  {note}")


def threads(n: int, fn):
    """``fn()`` with the kernels on ``n`` threads (``POKERCLI_THREADS``)."""
    os.environ["POKERCLI_THREADS"] = str(n)
    try:
        return fn()
    finally:
        os.environ.pop("POKERCLI_THREADS")


def cpu() -> str:
    """This machine's CPU model (what every printed figure is measured on)."""
    import platform

    fields: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    if "model name" not in fields:
        return platform.processor() or platform.machine()
    flags = set(fields.get("flags", "").split())
    vector = "AVX-512" if "avx512f" in flags else "AVX2" if "avx2" in flags else "no AVX2"
    return (f"{fields['model name']} (family {fields.get('cpu family', '?')}, model {fields.get('model', '?')}; "
            f"{vector})")
