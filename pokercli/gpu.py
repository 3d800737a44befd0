"""The GPU engine: which device a job runs on, and the host side of the CUDA kernels.

``engine`` (the API's ``engine=``, the CLI's ``--engine``) is ``"auto"``
(the default: a GPU for big jobs when one is present, said once on stderr),
``"cpu"`` or ``"gpu"`` (refused in one line when the ``[gpu]`` extra or a
device is missing). The kernels are in :mod:`pokercli._kernels.gpu`; this
module turns deals and players into their arrays, launches them in pieces
short enough for Ctrl-C to be answered within a second, and returns the same
integer tallies as the CPU kernels (counts by winner pattern).

Nothing here imports NumPy or Numba at import time; ``numba.cuda`` is imported
on the first question about the GPU.
"""

from __future__ import annotations

import math
import os
from functools import lru_cache
from typing import Optional

from pokercli._kernels.gpu import MAX_PLAYERS
from pokercli.errors import PokerError, shown

DEVICES = ("auto", "cpu", "gpu")
#: ``engine="auto"`` sends exact jobs of at least this many hand evaluations to a GPU.
AUTO_EXACT_WORK = 2e9
#: ... and Monte Carlo jobs of at least this many samples (the cap, or what a stderr target needs).
AUTO_MC_SAMPLES = 5e7
#: Boards per exact kernel launch (about 0.1 s on an H100), so Ctrl-C is answered at once.
LAUNCH_BOARDS = 2e10
#: Monte Carlo streams (threads) per launch; a seed's samples depend on this, fixed.
STREAMS = 1 << 18
THREADS_PER_BLOCK = 256

_MISSING = "the GPU engine needs numba-cuda: pip install 'pokercli[gpu]'"


def _shim_numpy() -> None:
    """numba-cuda 0.30.4 registers ``np.row_stack``, which NumPy 2.5 removed:
    give it the function NumPy had made it an alias of (``np.vstack``)."""
    import numpy as np

    if not hasattr(np, "row_stack"):
        np.row_stack = np.vstack


@lru_cache(maxsize=1)
def status() -> tuple[bool, str]:
    """(a GPU is usable, its name or why not), asked once per process."""
    import importlib

    try:
        _shim_numpy()
        cuda = importlib.import_module("numba.cuda")
    except ImportError:
        return False, _MISSING
    except Exception as e:  # noqa: BLE001 - a broken CUDA install: one line, not a traceback
        return False, f"the GPU engine cannot load numba-cuda: {type(e).__name__}: {e}"
    try:
        if not cuda.is_available():
            return False, "the GPU engine found no CUDA GPU (or no NVIDIA driver) on this machine"
        name = getattr(cuda.get_current_device(), "name", "Numba's CUDA simulator")
        return True, name.decode() if isinstance(name, bytes) else str(name)
    except Exception as e:  # noqa: BLE001
        return False, f"the GPU engine cannot use the CUDA GPU: {type(e).__name__}: {e}"


def check_engine(engine) -> str:
    """``engine`` checked: one of :data:`DEVICES` (None is ``"auto"``)."""
    if engine is None:
        return "auto"
    if engine not in DEVICES:
        raise PokerError(f"engine must be 'auto', 'cpu' or 'gpu', not {shown(engine)}", "engine")
    return engine


def use_gpu(engine: str, big: bool, announce: Optional[str] = None) -> bool:
    """Whether a job runs on the GPU: ``"gpu"`` always (refused in one line
    without one), ``"auto"`` when the job is ``big`` and a GPU is present
    (``announce`` names the job in the stderr line that says so)."""
    if engine == "cpu":
        return False
    if engine == "gpu":
        ok, why = status()
        if not ok:
            raise PokerError(why, "engine")
        return True
    if not big:
        return False
    ok, name = status()
    if ok and announce:
        from pokercli.paths import warn_once

        warn_once(f"gpu {announce}", f"note: {announce} on the GPU ({name}); --engine cpu for the CPU")
    return ok


def worker_device(engine: str) -> str:
    """A chunk's device on a Dask worker or this machine: ``"auto"`` takes
    the GPU when this process has one (a cluster's workers may differ)."""
    if engine == "auto":
        return "gpu" if status()[0] else "cpu"
    if engine == "gpu":
        use_gpu("gpu", True)
    return engine


# --- device tables ---------------------------------------------------------------

@lru_cache(maxsize=3)
def _tables(ranking: str):
    """The evaluator's tables on the device: card keys, offsets, 16-bit strengths, binomials."""
    import numpy as np
    from numba import cuda

    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.lookup import kernel_tables, strength_tables

    keys, offsets, _, _ = kernel_tables(ranking)
    rank_tab, flush_tab = strength_tables(ranking)
    return tuple(cuda.to_device(np.ascontiguousarray(a)) for a in
                 (keys, offsets, rank_tab, flush_tab, binomials()))


def _kernels():
    _shim_numpy()
    from pokercli._kernels.gpu import build

    return build()


def _check_players(players: int) -> None:
    if players > MAX_PLAYERS:
        raise PokerError(f"the GPU engine takes up to {MAX_PLAYERS} players, not {players}: "
                         "use engine='cpu'", "engine")


def supports(players: int, with_types: bool = False) -> bool:
    """Whether the GPU kernels can count this job (``--categories`` and more
    than :data:`MAX_PLAYERS` players stay on the CPU)."""
    return players <= MAX_PLAYERS and not with_types


def decks_of(held, removed: int = 0):
    """Each deal's remaining cards in ascending order (int8[D, n]): the cards
    of neither ``held[d]`` (a 52-bit mask per deal) nor ``removed`` (a mask)."""
    import numpy as np

    held = np.asarray(held, np.int64) | np.int64(removed)
    taken = (held[:, None] >> np.arange(52, dtype=np.int64)) & 1
    n = 52 - int(taken[0].sum()) if len(held) else 0
    return np.argsort(taken, axis=1, kind="stable")[:, :n].astype(np.int8)


def deal_patterns(ranking: str, hands, decks, k: int, base_key: int, base_mask: int):
    """Boards by winner pattern of every deal: int64[D, 2**P], exact.

    ``hands``: int64[D, P, 2] hole cards; ``decks``: int[D, n] each deal's
    remaining cards; ``k`` cards to come from them onto the known board
    (``base_key`` with ``KEY_INIT``, ``base_mask``).
    """
    import numpy as np
    from numba import cuda

    from pokercli._stop import check

    deals, players = hands.shape[0], hands.shape[1]
    _check_players(players)
    if k == 5 and base_mask == 0 and decks.shape[1] >= 5:
        return _preflop_patterns(ranking, hands, decks)
    kernel = _kernels()[0](players)
    keys, offsets, rank_tab, flush_tab, binom = _tables(ranking)
    host_keys = np.asarray(cuda_keys(ranking))
    hand_keys = host_keys[hands[:, :, 0]] + host_keys[hands[:, :, 1]]
    hand_masks = (np.int64(1) << hands[:, :, 0].astype(np.int64)) | (np.int64(1) << hands[:, :, 1].astype(np.int64))
    n = decks.shape[1]
    total = math.comb(n, k)
    out = np.zeros((deals, 1 << players), np.int64)
    per_launch = max(1, int(LAUNCH_BOARDS // max(total, 1)))
    for lo in range(0, deals, per_launch):
        hi = min(deals, lo + per_launch)
        count = hi - lo
        per_thread = int(min(total, max(32, math.ceil(count * total / (1 << 21)))))
        chunks = math.ceil(total / per_thread)
        d_out = cuda.to_device(np.zeros((count, 1 << players), np.int64))
        threads = count * chunks
        kernel[math.ceil(threads / THREADS_PER_BLOCK), THREADS_PER_BLOCK](
            cuda.to_device(np.ascontiguousarray(hand_keys[lo:hi])),
            cuda.to_device(np.ascontiguousarray(hand_masks[lo:hi])),
            cuda.to_device(np.ascontiguousarray(decks[lo:hi], np.int8)),
            k, per_thread, chunks, total, np.int64(base_key), np.int64(base_mask), binom, keys,
            offsets, rank_tab, flush_tab, d_out)
        out[lo:hi] = d_out.copy_to_host()
        check()
    return out


@lru_cache(maxsize=4)
def _firsts(n: int):
    """The first two deck positions (a, b) of 5-card boards, ordered by b:
    threads of a warp then run the same number of boards, C(n - 1 - b, 3)."""
    import numpy as np
    from numba import cuda

    pairs = sorted(((a, b) for b in range(1, n - 3) for a in range(b)), key=lambda p: (p[1], p[0]))
    return cuda.to_device(np.array(pairs, np.int32).reshape(-1, 2))


def _preflop_patterns(ranking: str, hands, decks):
    """:func:`deal_patterns` of preflop deals: the nested-loop kernel, keys in
    two halves (rank key sum, suit nibbles), tallies in registers."""
    import numpy as np
    from numba import cuda

    from pokercli._stop import check

    deals, players = hands.shape[0], hands.shape[1]
    kernel = _kernels()[2](players)
    _, offsets, rank_tab, flush_tab, _ = _tables(ranking)
    rkeys_host = np.asarray(cuda_keys(ranking), np.int64) & 0xFFFFFFFF
    rkeys = _rank_keys(ranking)
    suit_key = np.int64(1) << (4 * (hands // 13))
    hand_rk = rkeys_host[hands[:, :, 0]] + rkeys_host[hands[:, :, 1]]
    hand_sk = suit_key[:, :, 0] + suit_key[:, :, 1]
    hand_bits = (np.int64(1) << hands[:, :, 0].astype(np.int64)) | (np.int64(1) << hands[:, :, 1].astype(np.int64))
    n = decks.shape[1]
    firsts = _firsts(n)
    total = math.comb(n, 5)
    out = np.zeros((deals, 1 << players), np.int64)
    per_launch = max(1, int(LAUNCH_BOARDS // total))
    for lo in range(0, deals, per_launch):
        hi = min(deals, lo + per_launch)
        d_out = cuda.to_device(np.zeros((hi - lo, 1 << players), np.int64))
        threads = (hi - lo) * firsts.shape[0]
        kernel[math.ceil(threads / THREADS_PER_BLOCK), THREADS_PER_BLOCK](
            cuda.to_device(np.ascontiguousarray(hand_rk[lo:hi])),
            cuda.to_device(np.ascontiguousarray(hand_sk[lo:hi])),
            cuda.to_device(np.ascontiguousarray(hand_bits[lo:hi])),
            cuda.to_device(np.ascontiguousarray(decks[lo:hi], np.int8)),
            firsts, rkeys, offsets, rank_tab, flush_tab, d_out)
        out[lo:hi] = d_out.copy_to_host()
        check()
    return out


@lru_cache(maxsize=3)
def _rank_keys(ranking: str):
    import numpy as np
    from numba import cuda

    return cuda.to_device(np.asarray(cuda_keys(ranking), np.int64) & 0xFFFFFFFF)


@lru_cache(maxsize=3)
def cuda_keys(ranking: str):
    from pokercli._kernels.lookup import kernel_tables

    return kernel_tables(ranking)[0]


def monte_carlo(ranking: str, players: int, combo_cards, starts, keep, other, fixed_mask: int,
                base_key: int, base_mask: int, k: int, samples: int, seed: int):
    """One launch of ``samples`` Monte Carlo samples: (int64[2**players] counts by
    winner pattern, samples taken, deals redrawn)."""
    import numpy as np
    from numba import cuda

    _check_players(players)
    kernel = _kernels()[1](players)
    keys, offsets, rank_tab, flush_tab, _ = _tables(ranking)
    streams = min(STREAMS, samples)
    per_stream, extra = divmod(samples, streams)
    out = cuda.to_device(np.zeros(1 << players, np.int64))
    stats = cuda.to_device(np.zeros(2, np.int64))
    if len(combo_cards) == 0:
        combo_cards = np.zeros((1, 2), np.int64)
        keep = np.zeros(1, np.uint64)
        other = np.zeros(1, np.int64)
    kernel[math.ceil(streams / THREADS_PER_BLOCK), THREADS_PER_BLOCK](
        cuda.to_device(np.ascontiguousarray(combo_cards, np.int64)),
        cuda.to_device(np.ascontiguousarray(starts, np.int64)),
        cuda.to_device(np.ascontiguousarray(keep, np.uint64)),
        cuda.to_device(np.ascontiguousarray(other, np.int64)),
        np.int64(fixed_mask), np.int64(base_key), np.int64(base_mask), k, per_stream, extra,
        max(1000, 20 * (per_stream + 1)), np.uint64(seed), keys, offsets, rank_tab, flush_tab,
        streams, out, stats)
    got = stats.copy_to_host()
    return out.copy_to_host(), int(got[0]), int(got[1])


def simulated() -> bool:
    """Whether the kernels run on Numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``)."""
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "") not in ("", "0")
