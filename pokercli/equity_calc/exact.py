"""Exact equity: every deal of the players' combos and every runout of the board.

Deals that are the same up to a renaming of suits are computed once and
weighted (:mod:`pokercli.equity_calc.symmetry`); every board of a deal is scored by
the kernels of :mod:`pokercli._kernels.showdown`, split across threads. Wide
range jobs run in chunks of deals on an engine (:mod:`pokercli.jobs`: this
machine's cores or a Dask cluster), with checkpoints. Counts are integers
(weighted by the ranges' weights).
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Callable, Optional

import numpy as np

from pokercli.timing import Clock
from pokercli import cards as C
from pokercli.equity_calc import runouts
from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.spot import Spot
from pokercli.equity_calc.symmetry import canonical_deals, stabilizer
from pokercli.equity_calc.tally import add_patterns, result_from_counts, tally_arrays
from pokercli.errors import PokerError, TooMuchWork
from pokercli._kernels.lookup import strength_tables
from pokercli import jobs

#: Exact by default when the work is at most this many hand evaluations.
EXACT_DEFAULT_LIMIT = 4e8
#: ``method='exact'`` is refused above this many hand evaluations.
EXACT_MAX = 5e10
#: Measured order of magnitude, used only to word the refusal.
EVALS_PER_SECOND = 1.0e8


def _deals(spot: Spot, limit: float) -> Optional[list[tuple[tuple[tuple[int, int], ...], float]]]:
    """Every valid deal (one combo per player) with its weight; None past ``limit`` deals."""
    players = spot.players
    out: list[tuple[tuple[tuple[int, int], ...], float]] = []
    combos = [[(c, w, (1 << c[0]) | (1 << c[1])) for c, w in p.combos] for p in players]

    def walk(i: int, used: int, chosen: tuple, weight: float) -> bool:
        if i == len(players):
            out.append((chosen, weight))
            return len(out) <= limit
        for c, w, m in combos[i]:
            if not used & m:
                if not walk(i + 1, used | m, chosen + (c,), weight * w):
                    return False
        return True

    return out if walk(0, 0, (), 1.0) else None


# --- work estimates -------------------------------------------------------------

def boards_per_deal(spot: Spot) -> int:
    left = 52 - len(spot.board) - len(spot.removed) - 2 * len(spot.players)
    return math.comb(left, spot.to_come)


#: Preflop without hand types, a deal costs its rank multisets and flush
#: corrections (:mod:`pokercli._kernels.rankboards`): 6,188 plus 5,000 to 60,000,
#: counted as this many evaluations per player, not one per board.
PREFLOP_DEAL_WORK = 40_000


def work_per_deal(spot: Spot) -> int:
    """Hand evaluations per player and deal, for the work estimates."""
    if spot.to_come == 5 and not spot.with_types:
        return PREFLOP_DEAL_WORK
    return boards_per_deal(spot)


def raw_deal_bound(spot: Spot) -> float:
    return float(math.prod(float(len(p.combos)) for p in spot.players))


# --- kernels ------------------------------------------------------------------

@lru_cache(maxsize=3)
def kernel_args(ranking: str = "standard"):
    from pokercli import evaluate as E
    from pokercli._kernels.combinator import binomials

    keys, offsets, (rank_score, flush_score), _ = E.kernel_tables(ranking)
    return keys, offsets, rank_score, flush_score, binomials()


def board_base(spot: Spot, keys) -> tuple[int, int]:
    from pokercli._kernels.evaluator import KEY_INIT

    key = int(KEY_INIT) + sum(int(keys[c]) for c in spot.board)
    return key, C.card_mask(spot.board)


def exact_deal_tasks(spot: Spot, deal, threads: int):
    """Kernel argument tuples covering all boards of one deal, split for threads."""
    from pokercli._kernels import showdown as K

    keys, offsets, rank_score, flush_score, binom = kernel_args(spot.game.rule.key)
    hole = [c for combo in deal for c in combo]
    removed = set(hole) | set(spot.board) | set(spot.removed)
    deck = np.array([c for c in range(52) if c not in removed], np.int64)
    hand_keys = np.array([int(keys[a]) + int(keys[b]) for a, b in deal], np.int64)
    hand_masks = np.array([(1 << a) | (1 << b) for a, b in deal], np.int64)
    base_key, base_mask = board_base(spot, keys)
    k = spot.to_come
    total = int(binom[len(deck), k])
    if k == 5 and not spot.with_types:
        # preflop: boards by rank multiset, flush boards corrected (one small task per deal)
        from pokercli._kernels.rankboards import rank_boards5

        suit_bits = np.zeros((len(deal), 4), np.int64)
        for p, combo in enumerate(deal):
            for c in combo:
                suit_bits[p, c // 13] |= 1 << (c % 13)
        avail = sum(1 << int(c) for c in deck)
        rank_tab, flush_tab = strength_tables(spot.game.rule.key)
        return [(rank_boards5, hand_keys, suit_bits, np.int64(avail), keys, offsets, rank_tab,
                 flush_tab)], total
    if k == 5:
        # hand types: every board; threads take every `parts`-th first board card
        parts = max(1, min(threads, len(deck) - 4))
        return [(K.boards5, hand_keys, hand_masks, deck, first, parts, base_key, base_mask,
                 keys, offsets, rank_score, flush_score) for first in range(parts)], total
    parts = 1 if total < 200_000 else threads
    bounds = np.linspace(0, total, parts + 1).astype(np.int64)
    tasks = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        if hi > lo or total == 0:
            tasks.append((K.enumerate_boards, hand_keys, hand_masks, deck, k, int(lo), int(hi - lo),
                          base_key, base_mask, binom, keys, offsets, rank_score, flush_score))
    return tasks, total


def task_args(task, players: int, with_types: bool):
    patterns, outcome, types = tally_arrays(players)
    return task + (patterns, outcome, types, with_types), (patterns, outcome, types)


def _load_kernels(tasks, players: int, with_types: bool) -> None:
    """Load every kernel the tasks need before the clock starts."""
    from pokercli._kernels.jit import ensure

    seen = set()
    for task in tasks:
        if task[0] not in seen:
            seen.add(task[0])
            args, _ = task_args(task, players, with_types)
            ensure(*args)


def _run_task(task, players: int, with_types: bool):
    from pokercli._kernels.jit import call

    args, (patterns, outcome, types) = task_args(task, players, with_types)
    call(*args)
    return add_patterns(patterns, outcome), types


def exact(spot: Spot, progress: Optional[Callable[[int, int], None]] = None,
          force: bool = False, threads: Optional[int] = None,
          engine: Optional[str] = None, checkpoint=None, resume: bool = False,
          limit: Optional[float] = None, device: str = "cpu") -> EquityResult:
    """Exact equity by enumeration of every deal and runout, on ``threads``
    threads (default: every core, or ``POKERCLI_THREADS``).

    Jobs of at least ``ENGINE_MIN_DEALS`` distinct deals (wide ranges) run in
    chunks of deals on an engine (:mod:`pokercli.jobs`): this machine's
    cores, or the Dask cluster named by ``engine`` (or ``POKERCLI_SCHEDULER``);
    so does any job given a ``checkpoint`` file (finished chunks saved there,
    skipped with ``resume``).
    ``seconds`` in the result is the enumeration itself (kernels already loaded).
    Jobs of more than ``limit`` hand evaluations raise :class:`TooMuchWork`
    (default: ``EXACT_MAX`` when ``force``, else ``EXACT_DEFAULT_LIMIT``;
    ``GPU_FACTOR`` times more on a GPU).

    ``device``: ``"cpu"``, ``"gpu"`` or ``"auto"`` (:mod:`pokercli.gpu`: the
    GPU for jobs of ``AUTO_EXACT_WORK`` evaluations or more, when present). A
    GPU counts every board of every deal; the counts are the CPU's integers.
    On a Dask cluster each worker takes its GPU under ``"auto"``.
    """
    from pokercli import gpu

    players = len(spot.players)
    on_cluster = _cluster(engine)
    gpu_able = gpu.supports(players, spot.with_types)
    if device == "gpu" and not gpu_able:
        raise PokerError(f"the GPU engine counts up to {gpu.MAX_PLAYERS} players without hand "
                         f"types (categories): use engine='cpu'", "engine")
    if device == "gpu" and not on_cluster:
        gpu.use_gpu("gpu", True)  # refused here, in one line, when there is none
    per_deal = boards_per_deal(spot)
    work = work_per_deal(spot)
    stab = max(1, len(stabilizer(spot)))
    bound = raw_deal_bound(spot) / stab * work * players
    if limit is None:
        limit = EXACT_MAX if force else EXACT_DEFAULT_LIMIT
    if device == "gpu":
        limit *= GPU_FACTOR
    if bound > limit * 50:
        raise TooMuchWork(bound)
    # stop listing deals once there are clearly too many: at most `limit` evaluations
    # after suit-symmetric grouping (which merges up to `stab` deals into one), with slack
    cap = min(max(1.0, limit * stab / (work * players)) * 2 + 10, math.inf)
    if not on_cluster and checkpoint is None and device != "gpu" and runouts.applies(spot):
        fast = _by_runout(spot, cap, work, limit, device, threads, progress)
        if fast is not None:
            return fast
    deals = _deals(spot, limit=cap)
    if deals is None:
        raise TooMuchWork(bound)
    if not deals:
        raise PokerError("no deal is possible: the ranges leave no combination without a shared card",
                         "players")
    groups = canonical_deals(spot, deals)
    evaluations = len(groups) * work * players
    if evaluations > limit:
        raise TooMuchWork(evaluations)
    engine_note = ""
    if on_cluster:
        chunk_device = device if gpu_able else "cpu"
    else:
        big = evaluations >= gpu.AUTO_EXACT_WORK
        chunk_device = "gpu" if gpu_able and gpu.use_gpu(device, big, "exact equity") else "cpu"
    if len(groups) >= ENGINE_MIN_DEALS or checkpoint is not None:
        t0 = Clock()
        outcome, types, engine_note = _on_engine(spot, groups, threads, engine, progress,
                                                 checkpoint, resume, chunk_device)
    elif chunk_device == "gpu":
        t0 = Clock()
        outcome, types = _gpu_counts(spot, groups)
        engine_note = f"{len(groups)} distinct deals on the GPU"
        if progress:
            progress(1, 1)
    else:
        t0, outcome, types = _on_threads(spot, groups, threads or jobs.threads(), progress)
    boards = per_deal * sum(w for _, w, _ in groups)
    result = result_from_counts(spot, outcome, types, boards, "exact")
    result.deals = len(deals)
    result.seconds = t0.seconds()
    result.evaluations = evaluations
    result.note = engine_note
    return result


def _by_runout(spot: Spot, cap: float, work: int, limit: float, device: str, threads: Optional[int],
               progress) -> Optional[EquityResult]:
    """A postflop range spot in one pass over the runouts (:mod:`pokercli.equity_calc.runouts`),
    under the deal-by-deal engine's limit (its distinct deals counted as it counts them);
    None when there are too many deals to list, none, or that engine would take the job to a GPU."""
    from pokercli import gpu

    players = len(spot.players)
    threads = threads or jobs.threads()
    listed = None  # the deals as the deal-by-deal engine lists them, for its symmetry count
    light = None  # a hand against random that NumPy counts (no counting kernel loaded yet): its deals
    if players == 2 and runouts.random_case(spot) and runouts.numpy_first():
        light = runouts.two_player_deals(spot)
        if not runouts.numpy_will_do(spot, light):
            light = None
    if light is None and runouts.random_case(spot):
        deals = math.comb(52 - len(spot.board) - len(spot.removed) - 2 * (players - 1), 2)
        weight = deals * spot.players[spot.random_players.index(True)].combos[0][1]
        count = lambda: runouts.random_counts(spot, threads, progress)  # noqa: E731
    else:
        arrays = light if light is not None else \
            runouts.two_player_deals(spot) if players == 2 else runouts.deal_rows(spot, cap)
        if arrays is None:
            return None
        deals, weight = runouts.deal_count(arrays)
        if not deals or deals > cap:
            return None  # none, or too many: the deal-by-deal engine says so
        listed = lambda: runouts.deal_list(spot, arrays)  # noqa: E731
        if runouts.numpy_will_do(spot, arrays):  # a small job, no counting kernel loaded yet: NumPy answers it
            count = lambda: runouts.numpy_counts(spot, arrays)  # noqa: E731
        else:
            count = lambda: runouts.counts(spot, arrays, threads, progress)  # noqa: E731
    evaluations = deals * work * players
    if evaluations > limit:  # suit symmetry may bring the deal-by-deal count under the limit
        if listed is None:
            return None
        evaluations = len(canonical_deals(spot, listed())) * work * players
        if evaluations > limit:
            raise TooMuchWork(evaluations)
    if device == "auto" and evaluations >= gpu.AUTO_EXACT_WORK and gpu.supports(players) \
            and gpu.status()[0]:
        return None
    outcome, clock, done = count()
    result = result_from_counts(spot, outcome, np.zeros((players, 10)), boards_per_deal(spot) * float(weight),
                                "exact")
    result.deals, result.seconds, result.evaluations = deals, clock.seconds(), done
    return result


#: Exact jobs with at least this many distinct deals run in chunks on an engine.
ENGINE_MIN_DEALS = 64
#: Distinct deals per engine chunk.
ENGINE_CHUNK_DEALS = 16


def _on_threads(spot: Spot, groups, threads: int, progress):
    """Every deal's kernel tasks on a thread pool (deals split across threads)."""
    players = len(spot.players)
    tasks = []
    for deal, weight, _ in groups:
        deal_tasks, _ = exact_deal_tasks(spot, deal, threads)
        tasks += [(t, weight) for t in deal_tasks]
    _load_kernels([t for t, _ in tasks], players, spot.with_types)
    t0 = Clock()
    outcome = np.zeros((players, players + 1), np.float64)
    types = np.zeros((players, 10), np.float64)
    if len(tasks) == 1:
        # one small task (a flop or turn spot): a thread pool would cost more than the kernel
        (task, weight), = tasks
        o, ty = _run_task(task, players, spot.with_types)
        if progress:
            progress(1, 1)
        return t0, outcome + o * weight, types + ty * weight
    from pokercli._stop import result, shutdown

    pool = ThreadPoolExecutor(max_workers=threads)
    interrupted = True
    try:
        futures = [pool.submit(_run_task, t, players, spot.with_types) for t, _ in tasks]
        for done, ((task, weight), fut) in enumerate(zip(tasks, futures), 1):
            o, ty = result(fut)
            outcome += o * weight
            types += ty * weight
            if progress:
                progress(done, len(tasks))
        interrupted = False
    finally:
        # on Ctrl-C, drop the tasks not started yet and stop the running ones
        shutdown(pool, interrupted)
    return t0, outcome, types


#: An explicit GPU engine may take exact jobs this many times the CPU's limits.
GPU_FACTOR = 100


def _cluster(engine: Optional[str]) -> bool:
    """Whether ``engine`` (a scheduler address, "local" or None) is a Dask cluster
    (:func:`pokercli.jobs.cluster_address`)."""
    return jobs.cluster_address(engine) is not None


def _gpu_counts(spot: Spot, groups) -> tuple[np.ndarray, np.ndarray]:
    """Weighted outcome and type counts of distinct deals, every board of each
    counted on the GPU, added deal by deal in order as on the CPU."""
    outcome, types = _group_counts_many([(spot, groups, "gpu")])[0]
    return np.array(outcome), np.array(types)


def group_counts(spot: Spot, groups, device: str = "cpu") -> tuple[list, list]:
    """One engine chunk: weighted outcome and type counts of some distinct deals,
    on one thread or on the GPU (``device``; ``"auto"``: the GPU when this
    process has one). Module-level so that Dask workers can import it."""
    from pokercli import gpu

    if gpu.worker_device(device) == "gpu":
        outcome, types = _gpu_counts(spot, groups)
        return outcome.tolist(), types.tolist()
    players = len(spot.players)
    outcome = np.zeros((players, players + 1), np.float64)
    types = np.zeros((players, 10), np.float64)
    for deal, weight, _ in groups:
        tasks, _ = exact_deal_tasks(spot, deal, 1)
        for task in tasks:
            o, ty = _run_task(task, players, spot.with_types)
            outcome += o * weight
            types += ty * weight
    return outcome.tolist(), types.tolist()


def _group_counts_many(chunks) -> list:
    """Several chunks' :func:`group_counts` in one GPU call; each chunk's counts
    are added deal by deal in its own order, as :func:`group_counts` adds them."""
    from pokercli import gpu

    spot = chunks[0][0]
    if any(args[0] is not spot or gpu.worker_device(args[2]) != "gpu" for args in chunks):
        return [group_counts(*args) for args in chunks]
    players = len(spot.players)
    keys = kernel_args(spot.game.rule.key)[0]
    groups = [g for args in chunks for g in args[1]]
    hands = np.array([deal for deal, _, _ in groups], np.int64).reshape(len(groups), players, 2)
    held = (np.int64(1) << hands.reshape(len(groups), -1)).sum(axis=1)
    decks = gpu.decks_of(held, C.card_mask(list(spot.board) + list(spot.removed)))
    base_key, base_mask = board_base(spot, keys)
    patterns = iter(gpu.deal_patterns(spot.game.rule.key, hands, decks, spot.to_come, base_key, base_mask))
    out = []
    for args in chunks:
        outcome = np.zeros((players, players + 1), np.float64)
        for (_, weight, _), row in zip(args[1], patterns):
            outcome += add_patterns(row, np.zeros((players, players + 1), np.int64)) * weight
        out.append((outcome.tolist(), np.zeros((players, 10)).tolist()))
    return out


def _on_engine(spot: Spot, groups, threads: Optional[int], engine: Optional[str], progress,
               checkpoint=None, resume: bool = False, device: str = "cpu"):
    """The deals in chunks on the local or Dask engine, merged in chunk order (so
    the sums, and the answer, are the same whichever engine and worker ran them);
    with a checkpoint file, finished chunks are saved and skipped on resume."""
    from pokercli.checkpoint import Checkpoint
    from pokercli.jobs import LocalEngine, engine_for, run_job

    chunks = [(spot, groups[k:k + ENGINE_CHUNK_DEALS], device)
              for k in range(0, len(groups), ENGINE_CHUNK_DEALS)]
    header = {"format": 1,
              "job": f"{spot.game.label}"
                     f"equity {' vs '.join(p.text for p in spot.players)}, board "
                     f"{C.format_cards(spot.board) or '-'}, dead {C.format_cards(spot.dead) or '-'}"
                     f"{', categories' if spot.with_types else ''}: {len(groups)} distinct deals "
                     f"in {len(chunks)} chunks"}
    players = len(spot.players)

    def valid(index: int, result) -> bool:
        """A chunk's saved counts: a (players, players + 1) outcome table and a
        (players, 10) hand-type table of finite, non-negative numbers."""
        return (isinstance(result, list) and len(result) == 2
                and _table_of(result[0], players, players + 1) and _table_of(result[1], players, 10))

    saved = Checkpoint(checkpoint, header, resume, valid)
    resumed = len(saved.done)
    if device == "gpu" and not _cluster(engine):
        runner = jobs.local_engine("gpu")
    else:
        runner = LocalEngine(threads) if threads and not engine else engine_for(engine)
    try:
        results = run_job(group_counts, chunks, runner, saved, progress)
    finally:
        runner.close()
        saved.close()
    outcome = np.zeros((players, players + 1), np.float64)
    types = np.zeros((players, 10), np.float64)
    for chunk_outcome, chunk_types in results:
        outcome += np.array(chunk_outcome)
        types += np.array(chunk_types)
    note = f"{len(groups)} distinct deals in {len(chunks)} chunks on {runner.description}"
    if resumed:
        note += f"; {resumed} chunks resumed from {checkpoint}"
    return outcome, types, note


def _table_of(rows, n: int, m: int) -> bool:
    return isinstance(rows, list) and len(rows) == n and all(
        isinstance(row, list) and len(row) == m
        and all(type(x) in (int, float) and math.isfinite(x) and x >= 0 for x in row) for row in rows)


group_counts.many = _group_counts_many
