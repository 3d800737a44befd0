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
import threading
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
#: ... and with the tables in shared memory (one block fills an SM's shared memory).
MC_THREADS = 1024

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

    from pokercli.paths import numba_environment

    numba_environment()
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

        warn_once(f"gpu {announce}", f"note: {announce} on the GPU ({name}); engine='cpu' for the CPU")
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
def packed_tables(ranking: str):
    """The evaluator's lookup tables in one block of 32-bit words, as the kernels
    read them (from device memory, or copied into each block's shared memory):
    ``(words, rank_base, flush_base)`` — the perfect hash's offsets are the first
    words; the same memory read as 16-bit half-words holds the strengths of rank
    multisets from ``rank_base`` and of flush rank sets from ``flush_base``."""
    import numpy as np

    from pokercli._kernels.lookup import kernel_tables, strength_tables

    offsets = kernel_tables(ranking)[1]
    rank_tab, flush_tab = strength_tables(ranking)
    rank_base = 2 * len(offsets)
    flush_base = rank_base + len(rank_tab)
    words = np.zeros((flush_base + len(flush_tab) + 1) // 2, np.uint32)
    words[:len(offsets)] = offsets
    half = words.view(np.uint16)
    half[rank_base:flush_base] = rank_tab
    half[flush_base:flush_base + len(flush_tab)] = flush_tab
    return words, rank_base, flush_base


@lru_cache(maxsize=3)
def _tables(ranking: str):
    """On the device: card keys, the packed tables as words and as half-words,
    binomials, and the half-word bases of the two strength tables."""
    import numpy as np
    from numba import cuda

    from pokercli._kernels.combinator import binomials

    words, rank_base, flush_base = packed_tables(ranking)
    return (cuda.to_device(np.ascontiguousarray(cuda_keys(ranking))), cuda.to_device(words),
            cuda.to_device(words.view(np.uint16)), cuda.to_device(binomials()), rank_base, flush_base)


#: Whether kernels may copy the tables into shared memory (tests turn it off to run the other path).
USE_SHARED = True


def _shared_fits(nbytes: int) -> bool:
    """Whether a block may have ``nbytes`` of dynamic shared memory on this device
    (227 KB on an H100; the tables' 215 KB do not fit on an A100's 163 KB)."""
    if not USE_SHARED:
        return False
    if simulated():
        return True
    from numba import cuda

    try:
        return nbytes <= int(cuda.get_current_device().MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
    except Exception:  # noqa: BLE001 - an attribute this driver does not report: keep to device memory
        return False


def _launch(kernel, blocks: int, threads: int, shared_bytes: int, args) -> None:
    """Launch ``kernel`` with ``shared_bytes`` of dynamic shared memory; above
    48 KB a kernel must opt in (numba-cuda has no option for it: the driver's
    attribute is set on the compiled kernel, NVIDIA/numba-cuda#94)."""
    if shared_bytes > 48 * 1024 and not simulated():
        from numba.cuda.cudadrv.driver import binding, driver

        kernel = kernel.specialize(*args)
        attr = binding.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
        for compiled in kernel.overloads.values():
            f = compiled._codelibrary.get_cufunc()
            driver.cuKernelSetAttribute(attr, shared_bytes, f.handle, f.device.id)
    kernel[blocks, threads, 0, shared_bytes](*args)


def _sm_count() -> int:
    from numba import cuda

    return 1 if simulated() else int(cuda.get_current_device().MULTIPROCESSOR_COUNT)


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
    (``base_key`` with ``KEY_INIT``, ``base_mask``). Preflop deals go to the
    preflop kernel, the rest to :func:`board_patterns`.
    """
    _check_players(hands.shape[1])
    if k == 5 and base_mask == 0 and decks.shape[1] >= 5:
        return _preflop_patterns(ranking, hands, decks)
    return board_patterns(ranking, hands, decks, k, base_key, base_mask)


def board_patterns(ranking: str, hands, decks, k: int, base_key: int, base_mask: int):
    """:func:`deal_patterns` by the general kernel: any board so far, the
    boards of each deal split among threads by their lexicographic rank."""
    import numpy as np
    from numba import cuda

    from pokercli._stop import check

    deals, players = hands.shape[0], hands.shape[1]
    kernel = _kernels()[0](players)
    keys, words, half, binom, rank_base, flush_base = _tables(ranking)
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
            words, half, rank_base, flush_base, d_out)
        out[lo:hi] = d_out.copy_to_host()
        check()
    return out


def _warps() -> int:
    """Warps per block of the preflop kernel: 32 (1,024 threads) on a device,
    2 on the simulator (a Python thread per thread)."""
    return 2 if simulated() else 32


@lru_cache(maxsize=8)
def _plan(n: int, rows: int):
    """The preflop kernel's work for ``rows`` warps of one group of deals:
    ``(firsts, plan, balance)`` — every first two deck positions (a, b) of a
    5-card board of ``n`` cards and each warp's items (indices into
    ``firsts``; -1 pads) on the device, the items dealt longest first to the
    least loaded warp so that the warps of a block end together (an item is
    C(n - 1 - b, 3) boards), and the most loaded warp's work over the mean."""
    import heapq

    import numpy as np
    from numba import cuda

    firsts = [(a, b) for b in range(1, n - 3) for a in range(b)]
    cost = [math.comb(n - 1 - b, 3) + 4 for _, b in firsts]
    heap = [(0, w) for w in range(rows)]
    items = [[] for _ in range(rows)]
    for f in sorted(range(len(firsts)), key=lambda f: -cost[f]):
        load, w = heapq.heappop(heap)
        items[w].append(f)
        heapq.heappush(heap, (load + cost[f], w))
    plan = np.full((rows, max(map(len, items))), -1, np.int32)
    for w, mine in enumerate(items):
        plan[w, :len(mine)] = mine
    loads = [sum(cost[f] for f in mine) for mine in items]
    balance = max(loads) * rows / sum(loads)
    return cuda.to_device(np.array(firsts, np.int32)), cuda.to_device(plan), balance


def _parts(n: int, groups: int, warps: int, per_sm: int) -> int:
    """Blocks per group of 32 deals: as many as fill the device's last wave
    best, while each warp's share of a deal stays balanced (within 1 %)."""
    slots = _sm_count() * per_sm

    def score(parts):
        blocks = groups * parts
        return blocks / (math.ceil(blocks / slots) * slots)

    options = [p for p in (1, 2, 3) if p == 1 or _plan(n, p * warps)[2] <= 1.01]
    return max(options, key=lambda p: (round(score(p), 3), -p))


def _preflop_patterns(ranking: str, hands, decks):
    """:func:`deal_patterns` of preflop deals: the preflop kernel, 32 deals a
    block (one per lane), the tables in shared memory where they fit."""
    import numpy as np
    from numba import cuda

    from pokercli._stop import check

    deals, players = hands.shape[0], hands.shape[1]
    n = decks.shape[1]
    words_host = packed_tables(ranking)[0]
    shared_bytes = 4 * (len(words_host) + 32 * n)
    shared = _shared_fits(shared_bytes)
    kernel = _kernels()[2](players, shared)
    _, words, half, _, rank_base, flush_base = _tables(ranking)
    rk = np.asarray(cuda_keys(ranking), np.int64) & 0xFFFFFFFF
    assert rk.max() < 1 << 23  # a card's code: its rank key, then its id, then its suit
    cards = np.arange(52)
    card_code = (rk | (cards << 23) | ((cards // 13) << 29)).astype(np.uint32)
    groups = -(-deals // 32)  # deals padded to whole warps with copies of the last
    pad = groups * 32 - deals
    padded = np.concatenate([hands, np.repeat(hands[-1:], pad, axis=0)])
    decks = np.concatenate([decks, np.repeat(decks[-1:], pad, axis=0)])
    suit_key = np.int64(1) << (4 * (padded // 13))
    hand_rk = rk[padded[:, :, 0]] + rk[padded[:, :, 1]]
    hand_sk = suit_key[:, :, 0] + suit_key[:, :, 1]
    hand_bits = (np.int64(1) << padded[:, :, 0].astype(np.int64)) | (np.int64(1) << padded[:, :, 1].astype(np.int64))
    codes = card_code[decks.astype(np.int64)]
    warps = _warps()
    total = math.comb(n, 5)
    per_launch = max(1, int(LAUNCH_BOARDS // (32 * total)))  # groups
    launches = math.ceil(groups / per_launch)
    per_launch = math.ceil(groups / launches)
    out = np.zeros((groups * 32, 1 << players), np.int64)
    for lo in range(0, groups, per_launch):
        hi = min(groups, lo + per_launch)
        parts = _parts(n, hi - lo, warps, 1 if shared else 2)
        firsts, plan, _ = _plan(n, parts * warps)
        rows = slice(32 * lo, 32 * hi)
        d_out = cuda.to_device(np.zeros((32 * (hi - lo), 1 << players), np.int64))
        args = (cuda.to_device(np.ascontiguousarray(hand_rk[rows], np.int32)),
                cuda.to_device(np.ascontiguousarray(hand_sk[rows], np.int32)),
                cuda.to_device(np.ascontiguousarray(hand_bits[rows])),
                cuda.to_device(np.ascontiguousarray(codes[rows].T)),
                firsts, plan, parts, words, half, rank_base, flush_base, len(words_host), d_out)
        _launch(kernel, (hi - lo) * parts, 32 * warps, shared_bytes if shared else 0, args)
        out[rows] = d_out.copy_to_host()
        check()
    return out[:deals]


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
    keys, words, half, _, rank_base, flush_base = _tables(ranking)
    fixed = all(int(starts[p + 1]) - int(starts[p]) == 1 for p in range(players))
    deck_base = (words.shape[0] + 1) // 2  # the deck's first 64-bit word in shared memory
    if fixed:
        out_mask = int(fixed_mask)
        for a, b in combo_cards:
            out_mask |= (1 << int(a)) | (1 << int(b))
        left = [c for c in range(52) if not out_mask >> c & 1]
        deck = np.asarray(cuda_keys(ranking), np.int64)[left] | (np.array(left, np.int64) << 48)
    else:
        deck = np.zeros(1, np.int64)
    shared_bytes = 8 * (deck_base + len(deck))
    shared = _shared_fits(shared_bytes)
    kernel = _kernels()[1](players, shared, fixed, k)
    # the simulator runs a thread per Python thread: few streams, one small block
    streams = min(64 if simulated() else STREAMS, samples)
    per_stream, extra = divmod(samples, streams)
    # counts by pattern, then samples taken and deals redrawn: one buffer, zeroed and read back once
    tally = _tally_buffer((1 << players) + 2, threading.get_ident())
    tally.copy_to_device(np.zeros((1 << players) + 2, np.int64))
    out, stats = tally[:1 << players], tally[1 << players:]
    if len(combo_cards) == 0:
        combo_cards = np.zeros((1, 2), np.int64)
        keep = np.zeros(1, np.uint64)
        other = np.zeros(1, np.int64)
    combos_d, starts_d, keep_d, other_d, deck_d = _uploaded(
        np.asarray(combo_cards, np.int64), np.asarray(starts, np.int64), np.asarray(keep, np.uint64),
        np.asarray(other, np.int64), deck)
    args = (combos_d, starts_d, keep_d, other_d, np.int64(fixed_mask), np.int64(base_key),
            np.int64(base_mask), per_stream, extra, max(1000, 20 * (per_stream + 1)),
            np.uint64(seed), keys, deck_d, words, half, rank_base, flush_base, deck_base, streams,
            out, stats)
    threads = 64 if simulated() else MC_THREADS if shared else THREADS_PER_BLOCK
    _launch(kernel, math.ceil(streams / threads), threads, shared_bytes if shared else 0, args)
    got = tally.copy_to_host()
    return got[:1 << players], int(got[-2]), int(got[-1])


@lru_cache(maxsize=16)
def _tally_buffer(size: int, thread: int):
    """A device buffer kept for every launch of this size on this thread
    (allocating one per launch cost more than a 2**26-sample kernel)."""
    import numpy as np
    from numba import cuda

    return cuda.device_array(size, np.int64)


_UPLOADED: list = []


def _uploaded(*arrays):
    """The job's arrays on the device, uploaded once for all of a job's
    launches (the last job's are kept)."""
    import numpy as np
    from numba import cuda

    arrays = [np.ascontiguousarray(a) for a in arrays]
    key = [(a.dtype.str, a.shape, a.tobytes()) for a in arrays]
    if not _UPLOADED or _UPLOADED[0] != key:
        _UPLOADED[:] = [key, [cuda.to_device(a) for a in arrays]]
    return _UPLOADED[1]


def simulated() -> bool:
    """Whether the kernels run on Numba's CUDA simulator (``NUMBA_ENABLE_CUDASIM=1``)."""
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "") not in ("", "0")


# --- the stud and draw games ---------------------------------------------------------

#: Combinations of the missing cards a thread of the stud kernel takes (the
#: simulator runs each thread in Python: fewer there).
STUD_PER_THREAD = 256
STUD_THREADS = 128
#: Hands a stud launch values at most (combinations x splits x players), so that
#: every launch is short and a Ctrl-C is answered between launches.
STUD_LAUNCH_HANDS = 1 << 31


def stud_max_players() -> int:
    from pokercli._kernels.gpu_stud import MAX_PLAYERS as STUD_MAX

    return STUD_MAX


def stud_supports(players: int, missing: int) -> bool:
    """Whether the stud kernel takes a job of ``players`` hands and ``missing`` cards to deal."""
    from pokercli._kernels.gpu_stud import MAX_MISSING, MAX_PLAYERS as STUD_MAX

    return players <= STUD_MAX and missing <= MAX_MISSING


def stud_launches(total: int, ways: int, players: int, per_thread: int) -> list[tuple[int, int]]:
    """(first combination, combinations) of each launch of a stud job of
    ``total`` combinations, each split ``ways`` ways among ``players``: at most
    :data:`STUD_LAUNCH_HANDS` hands a launch, a whole number of threads' runs."""
    step = max(1, STUD_LAUNCH_HANDS // max(1, ways * players) // per_thread) * per_thread
    return [(lo, min(step, total - lo)) for lo in range(0, total, step)]


def stud_exact(hands, sizes, pool, places, tables, with_types: bool, tallies) -> None:
    """Every deal of the missing cards of one layout of a stud or draw game
    (:func:`pokercli.equity_calc.stud.layout`, ``places`` its splits), counted
    on the GPU into ``tallies`` (the CPU kernel's hi, hl, lo, scoop, sq, stats,
    types arrays, added to): the same integers as
    :func:`pokercli._kernels.stud.stud_showdowns`. Launched in pieces of
    :func:`stud_launches`, a Ctrl-C checked between them."""
    import numpy as np
    from numba import cuda

    from pokercli._stop import check

    _shim_numpy()
    from pokercli._kernels.gpu_stud import build

    kernel = build()
    k = int(sum(hands.shape[1] - s for s in sizes))
    total = math.comb(len(pool), k)
    per_thread = 8 if simulated() else STUD_PER_THREAD
    rule, hilo, keys, offsets, rank_score, flush_score, nopair, binom = tables
    dev = [cuda.to_device(np.ascontiguousarray(a)) for a in
           (hands, sizes, pool, places, keys, offsets, rank_score, flush_score, nopair, binom)]
    out = [cuda.to_device(np.zeros_like(t)) for t in tallies]
    threads = 32 if simulated() else STUD_THREADS
    for first, count in stud_launches(total, places.shape[0], hands.shape[0], per_thread):
        launched = math.ceil(count / per_thread)
        kernel[max(1, math.ceil(launched / threads)), threads](
            dev[0], dev[1], dev[2], dev[3], np.int64(first), np.int64(per_thread), np.int64(first + count),
            rule, hilo, *dev[4:], bool(with_types), *out)
        cuda.synchronize()
        check()
    for t, d in zip(tallies, out):
        t += d.copy_to_host()


# --- four-handed push/fold --------------------------------------------------------------

#: Deals a four-handed push/fold launch walks (a pass over more is several launches,
#: so a Ctrl-C is answered between them).
PUSHFOLD_LAUNCH_DEALS = 1 << 22


def pushfold_upload(*arrays) -> list:
    """A four-handed game's arrays on the device, once a game (the deals, the
    tree and the pair chances of :func:`pushfold_values`)."""
    import numpy as np
    from numba import cuda

    _shim_numpy()
    return [cuda.to_device(np.ascontiguousarray(a)) for a in arrays]


def pushfold_values(device_arrays: list, prob, deals: int):
    """:func:`pokercli._kernels.four_handed.action_values` over ``deals`` deals on
    the GPU (``device_arrays``: :func:`pushfold_upload` of its arguments from
    ``cls`` to ``tie``): (float64[decision, action, class], float64[4])."""
    import numpy as np
    from numba import cuda

    from pokercli._kernels.gpu_pushfold import DECISIONS, build
    from pokercli._stop import check

    kernel = build()
    prob_d = cuda.to_device(np.ascontiguousarray(prob, np.float64))
    out = cuda.to_device(np.zeros(DECISIONS * 2 * 169))
    ev = cuda.to_device(np.zeros(4))
    threads = 32 if simulated() else THREADS_PER_BLOCK
    cls, multi, *tree = device_arrays
    for first in range(0, deals, PUSHFOLD_LAUNCH_DEALS):
        last = min(deals, first + PUSHFOLD_LAUNCH_DEALS)
        blocks = max(1, min(math.ceil((last - first) / threads), 8 * _sm_count()))
        kernel[blocks, threads](cls, multi, prob_d, *tree, np.int64(first), np.int64(last), out, ev)
        cuda.synchronize()
        check()
    return out.copy_to_host().reshape(DECISIONS, 2, 169), ev.copy_to_host()
