"""Monte Carlo equity: random deals and runouts until a standard error or a sample count.

Batches of ``MC_BATCH`` samples are seeded from the seed and their number and
added in order, so the answer depends on the seed alone (and the version of
pokercli), not on the number of threads. The kernel is
:func:`pokercli._kernels.montecarlo.monte_carlo`.
"""

from __future__ import annotations

import math
import secrets
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Optional

import numpy as np

from pokercli.timing import LIGHT_SPENT, Clock
from pokercli import cards as C
from pokercli.equity_calc.exact import board_base, kernel_args
from pokercli.equity_calc.model import SEED_LIMIT, EquityResult
from pokercli.equity_calc.runouts import numpy_first
from pokercli.equity_calc.spot import Spot
from pokercli.equity_calc.tally import add_patterns, result_from_counts, split_result, split_stderrs, tally_arrays
from pokercli.errors import PokerError
from pokercli._kernels.lookup import strength_tables
from pokercli import jobs

#: Samples per batch (one kernel call).
MC_BATCH = 100_000
#: Fixed hands without hand types go to the kernels that draw the board whole
#: (:func:`fixed_hands_call`); False sends them to the general kernel, as before
#: (``benchmarks/bench_equity.py`` times both in one run).
FIXED_HANDS_KERNELS = True
#: Fixed hands are sampled by the kernels' NumPy twins (:mod:`pokercli.equity_calc.mc_light`:
#: the same samples) while no sampling kernel is loaded, in jobs of at most this many samples
#: (the default target needs up to 1 M; NumPy takes about 25 ms a million on one core,
#: importing Numba and loading the kernels about 0.25 s).
LIGHT_SAMPLES = 2_000_000
#: The standard error every player's equity reaches by default.
DEFAULT_STDERR = 0.0005
#: The samples at most by default.
DEFAULT_MAX_SAMPLES = 50_000_000
#: The fewest samples a standard error target is judged on.
MIN_TARGET = 10_000

_M64 = (1 << 64) - 1


def batch_seed(seed: int, batch: int) -> int:
    """The kernel seed of batch ``batch``: different seeds give different
    batches (the map is one-to-one for each batch, all 64 bits of the seed count)."""
    return (seed * 0x9E3779B97F4A7C15 + (batch + 1) * 0xD1B54A32D192ED03) & _M64


#: Redrawn deals a Monte Carlo kernel call may make before it returns (well
#: under a second's work), so that ranges that rarely fit together never keep
#: it from returning, and Ctrl-C is answered.
MC_MAX_REDRAWS = 2_000_000
#: Monte Carlo is refused when fewer valid deals than this share of the drawn
#: ones turn up (measured over at least ``MC_MAX_REDRAWS`` draws).
MC_MIN_ACCEPTANCE = 1e-5


def check_deal_possible(spot: Spot, budget: int = 200_000) -> None:
    """Raise when the ranged players' combos can never be dealt together.

    A depth-first search for one valid deal (players with the fewest combos
    first), stopped after ``budget`` steps: then Monte Carlo's own redraw
    count decides (:data:`MC_MIN_ACCEPTANCE`).
    """
    ranged = sorted((p for p, rnd in zip(spot.players, spot.random_players) if not p.fixed and not rnd),
                    key=lambda p: len(p.combos))
    masks = [sorted({sum(1 << c for c in combo) for combo, _ in p.combos}) for p in ranged]  # any hole cards
    steps = 0

    def walk(i: int, used: int) -> Optional[bool]:
        nonlocal steps
        if i == len(masks):
            return True
        for m in masks[i]:
            steps += 1
            if steps > budget:
                return None
            if not used & m:
                found = walk(i + 1, used | m)
                if found is not False:
                    return found
        return False

    if walk(0, 0) is False:
        raise PokerError("no deal is possible: the ranges leave no combination without a shared card",
                         "players")


def monte_carlo(spot: Spot, samples: Optional[int] = None, stderr: Optional[float] = None,
                seed: Optional[int] = None,
                progress: Optional[Callable[[int, int, float], None]] = None,
                device: str = "cpu") -> EquityResult:
    """Monte Carlo equity: stops at ``samples`` or when every stderr <= ``stderr``.

    Batches of ``MC_BATCH`` samples, each seeded from ``seed`` and its number,
    run on every core and are added in order, so the answer depends only on
    the seed (and the version of pokercli), not on the number of threads.

    ``device``: ``"cpu"``, ``"gpu"`` or ``"auto"`` (:mod:`pokercli.gpu`: the GPU
    for jobs of ``AUTO_MC_SAMPLES`` or more when one is present). On a GPU the
    batches are launches of ``gpu_batch(b)`` samples over ``gpu.STREAMS``
    streams; a seed gives the same answer on every run of the GPU engine (not
    the CPU's samples).
    """
    from pokercli import gpu

    t0 = Clock()
    seed, stderr, cap = sampling_plan(seed, samples, stderr)
    check_deal_possible(spot)
    players = len(spot.players)
    gpu_able = gpu.supports(players, spot.with_types)
    if device == "gpu" and not gpu_able:
        raise PokerError(f"the GPU engine counts up to {gpu.MAX_PLAYERS} players without hand "
                         f"types (categories): use engine='cpu'", "engine")
    # the samples a worst-case (p = 1/2) share needs; a tiny target asks for the cap (1e-300 ** 2 is 0.0)
    needed = cap if stderr is None or stderr < 1e-9 else min(cap, 0.25 / stderr ** 2)
    on_gpu = gpu_able and gpu.use_gpu(device, needed >= gpu.AUTO_MC_SAMPLES, "Monte Carlo")
    outcome = np.zeros((players, players + 1), np.int64)
    types = np.zeros((players, 10), np.int64)
    threads = jobs.threads()
    rank_strength, flush_strength = strength_tables(spot.game.rule.key)
    light = None
    if not on_gpu and FIXED_HANDS_KERNELS and needed <= LIGHT_SAMPLES and numpy_first():
        # no sampling kernel loaded yet: fixed hands sampled by the kernels' NumPy twins, the same samples
        from pokercli._kernels.lookup import kernel_tables
        from pokercli.equity_calc import mc_light

        keys, offsets = kernel_tables(spot.game.rule.key)[:2]
        light = mc_light.fixed_hands(spot, keys, offsets, rank_strength)
    if light is not None:
        def one(b: int, n: int):
            clock = Clock()
            pat = mc_light.patterns(*light, n, batch_seed(seed, b), offsets, rank_strength, flush_strength)
            LIGHT_SPENT[0] += clock.seconds()
            return add_patterns(pat, np.zeros((players, players + 1), np.int64)), \
                np.zeros((players, 10), np.int64), n, 0
    else:
        one, one_gpu = _kernel_batches(spot, seed, players, rank_strength, flush_strength)

    def add(part):
        o, t, got, again = part
        outcome[...] += o
        types[...] += t
        return got, again

    if on_gpu:
        done, interrupted, reached = run_batches(one_gpu, add, lambda n: _stderrs(outcome, n), cap,
                                                 stderr, 1, progress, gpu_batch, ahead=1)
    else:  # NumPy's twins on one thread, one batch at a time: two threads' NumPy calls contend for the GIL
        # (600,000 samples took 24-31 ms on two threads, 17-21 ms on one), and none is computed past the target
        done, interrupted, reached = run_batches(one, add, lambda n: _stderrs(outcome, n), cap, stderr,
                                                 1 if light is not None else threads, progress,
                                                 ahead=1 if light is not None else None)
    return _sampled_result(spot, outcome, types, done, stderr, seed, interrupted, reached, cap, t0, on_gpu)


def _kernel_batches(spot: Spot, seed: int, players: int, rank_strength, flush_strength):
    """(a CPU batch, a GPU batch) of :func:`monte_carlo` by the Numba kernels."""
    from pokercli import gpu
    from pokercli._kernels import montecarlo as K
    from pokercli._kernels.jit import call

    keys, offsets, rank_score, flush_score, _ = kernel_args(spot.game.rule.key)
    combo_cards, starts, keep, other = combo_tables(spot, random_dealt=True)
    fixed_mask = C.card_mask(spot.board + spot.removed)
    base_key, base_mask = board_base(spot, keys)

    def one_gpu(b: int, n: int):
        pat, got, again = gpu.monte_carlo(spot.game.rule.key, players, combo_cards, starts, keep, other,
                                          fixed_mask, base_key, base_mask, spot.to_come, n,
                                          batch_seed(seed, b))
        return add_patterns(pat, np.zeros((players, players + 1), np.int64)), \
            np.zeros((players, 10), np.int64), got, again

    fast = fixed_hands_call(spot, keys, offsets, rank_strength)
    with_random = fixed_random_call(spot, keys, offsets, rank_strength) if fast is None else None

    def one(b: int, n: int):
        pat, o, t = tally_arrays(players)
        if fast is not None:
            call(fast[0], *fast[1:], n, np.uint64(batch_seed(seed, b)), offsets, rank_strength,
                 flush_strength, pat)
            return add_patterns(pat, o), t, n, 0
        if with_random is not None:
            call(K.fixed_and_random, *with_random, n, np.uint64(batch_seed(seed, b)), offsets, rank_strength,
                 flush_strength, pat)
            return add_patterns(pat, o), t, n, 0
        stats = np.zeros(2, np.int64)
        call(K.monte_carlo, combo_cards, starts, keep, other, fixed_mask, base_key, base_mask,
             spot.to_come, n, MC_MAX_REDRAWS, np.uint64(batch_seed(seed, b)), keys, offsets,
             rank_score, flush_score, rank_strength, flush_strength, pat, o, t, spot.with_types,
             stats)
        return add_patterns(pat, o), t, int(stats[0]), int(stats[1])

    return one, one_gpu


def _sampled_result(spot: Spot, outcome, types, done: int, stderr, seed: int, interrupted: bool, reached: bool,
                    cap: int, t0: Clock, on_gpu: bool) -> EquityResult:
    """The :class:`EquityResult` of :func:`monte_carlo`'s counts."""
    from pokercli import gpu

    players = len(spot.players)
    if done == 0:
        raise KeyboardInterrupt
    result = result_from_counts(spot, outcome.astype(np.float64), types.astype(np.float64), float(done), "monte-carlo")
    for pr, se in zip(result.players, _stderrs(outcome, done)):
        pr.stderr = se
    result.samples = done
    result.boards = None
    result.stderr_target = stderr
    result.seed = seed
    result.interrupted = interrupted
    result.seconds = t0.seconds()
    result.evaluations = float(done * players)
    if on_gpu:
        result.note = f"sampled on the GPU ({gpu.status()[1]})"
    if stderr is not None:
        result.target_reached = reached
    ended = sampling_note(done, cap, stderr, reached, interrupted, max(p.stderr for p in result.players))
    result.note = "; ".join(n for n in (result.note, ended) if n)
    return result


def sampling_note(done: int, cap: int, stderr: Optional[float], reached: bool, interrupted: bool,
                  largest: float) -> str:
    """What a Monte Carlo result says of how it ended, or "": stopped at the
    sample cap before the standard error target, or fewer valid samples than
    asked for (ranges that rarely fit together: each kernel call redraws a
    rejected deal at most :data:`MC_MAX_REDRAWS` times)."""
    if interrupted:
        return ""
    missed = stderr is not None and not reached
    if done < cap and not reached:
        note = (f"only {done:,} valid deals of the {cap:,} samples asked for: the ranges rarely "
                f"fit together, and each batch stops after {MC_MAX_REDRAWS:,} redrawn deals")
        return note + (f"; the standard errors did not reach {stderr:g} (largest {largest:.2g})"
                       if missed else "")
    if missed:
        return (f"stopped at the cap of {cap:,} samples before every standard error "
                f"reached {stderr:g} (largest {largest:.2g})")
    return ""


def fixed_hands_call(spot: Spot, keys, offsets, rank_strength) -> Optional[tuple]:
    """When every player holds one combo and no hand types are counted, the kernel
    (:func:`pokercli._kernels.montecarlo.fixed_headsup`, ``fixed_three`` or ``fixed_multi``)
    and its leading arguments: the hands, both part tables of the deck left, the known
    board, the hands' values by rank multisets (:func:`pokercli._kernels.montecarlo.rank_values`).
    None otherwise."""
    from pokercli._kernels import montecarlo as K
    from pokercli.equity_calc.mc_light import fixed_setup

    setup = fixed_setup(spot, keys) if FIXED_HANDS_KERNELS else None
    if setup is None:
        return None
    players = len(setup[0])
    kernel = {2: K.fixed_headsup, 3: K.fixed_three}.get(players, K.fixed_multi)
    if players in FLUSHY:
        hands = [list(p.cards or p.combos[0][0]) for p in spot.players]
        if flush_chance(hands, spot.board, spot.removed, spot.game.deck, spot.to_come) > FLUSHY[players]:
            kernel = {2: K.fixed_headsup_flushy, 3: K.fixed_three_flushy}[players]
    return (kernel, *_board_arguments(setup, keys, offsets, rank_strength))


#: Above what chance of a flush on the board a fixed-hands Monte Carlo of two
#: or three hands values every board's flushes with no branch (the kernels
#: ``fixed_headsup_flushy``, ``fixed_three_flushy``): the same counts, but the
#: branch mispredicts where many boards give a flush, and the branchless
#: valuing costs more where few do. Where the two cross, in ns a board, one
#: thread (2026-11-27): heads-up at a chance of about 0.09 on a Zen 5 and 0.16
#: compiled for AVX2 (0.145: 4.06 -> 3.61 and 4.75 -> 4.89; 0.205: 3.96 ->
#: 2.78 and 4.63 -> 4.16; 0.364: 5.52 -> 2.75 and 6.43 -> 4.19), three hands at
#: about 0.25 and 0.22 (0.186: 6.87 -> 7.56 and 7.33 -> 7.54; 0.302: 6.53 ->
#: 5.57 and 7.07 -> 6.14). The bounds are above both, for AVX2 laptops.
#: Since 2026-11-28 the three-hand kernel counts its boards in scalars, which
#: lets the compiler vectorize its loop (``_count7`` in the kernels): it
#: crosses the branch at about 0.07 on the Zen 5 and 0.08 for AVX2 (0.043:
#: 5.12 -> 5.41 and 6.35 -> 6.77; 0.099: 5.73 -> 5.45 and 6.95 -> 6.76;
#: 0.186: 6.86 -> 5.46 and 7.87 -> 6.65), so three hands take it above 0.10.
FLUSHY = {2: 0.17, 3: 0.10}


def flush_chance(hands: list[list[int]], board, removed, deck, to_come: int) -> float:
    """The chance that the ``to_come`` cards dealt from ``deck`` (less the
    hands, the board and the ``removed`` cards) give some hand five or more
    cards of a suit: the chance that a fixed-hands kernel's board takes its
    flush branch. Exact, from the suits alone: each way the cards to come
    fall into the four suits, weighted by its hypergeometric chance."""
    gone = {c for h in hands for c in h} | set(board) | set(removed)
    left = [sum(1 for c in deck if c not in gone and c // 13 == g) for g in range(4)]
    need = [[5 - sum(1 for c in list(h) + list(board) if c // 13 == g) for g in range(4)] for h in hands]
    total, hit = math.comb(sum(left), to_come), 0
    for c0 in range(min(left[0], to_come) + 1):
        for c1 in range(min(left[1], to_come - c0) + 1):
            for c2 in range(min(left[2], to_come - c0 - c1) + 1):
                c3 = to_come - c0 - c1 - c2
                falls = (c0, c1, c2, c3)
                if c3 <= left[3] and any(falls[g] >= n[g] for n in need for g in range(4)):
                    hit += math.prod(math.comb(left[g], falls[g]) for g in range(4))
    return hit / total if total else 0.0


def fixed_random_call(spot: Spot, keys, offsets, rank_strength) -> Optional[tuple]:
    """When every player holds one combo or is ``random`` (1 to
    :data:`pokercli._kernels.montecarlo.RANDOM_HANDS` of them), a board card
    is to come and no hand types are counted: the arguments of
    :func:`pokercli._kernels.montecarlo.fixed_and_random` before the sample
    count (the fixed hands' as :func:`fixed_hands_call` has them, then each
    seat's hand or random player, the two-card subsets of the deck left);
    None otherwise."""
    from pokercli._kernels import montecarlo as K
    from pokercli._kernels.jit import call
    from pokercli.equity_calc.mc_light import fixed_setup

    if not FIXED_HANDS_KERNELS or not 0 < sum(spot.random_players) <= K.RANDOM_HANDS or spot.to_come == 0:
        return None  # on the river the general kernel deals the random hands as quickly (111 against 100 M/s)
    setup = fixed_setup(spot, keys, random_players=True)
    if setup is None:
        return None
    seats, fixed, randoms = [], 0, 0
    for rnd in spot.random_players:
        seats.append(-1 - randoms if rnd else fixed)
        randoms += bool(rnd)
        fixed += not rnd
    return (*_board_arguments(setup, keys, offsets, rank_strength), np.array(seats, np.int64),
            *call(K.part_table, setup[2], keys, 2, 0))


def fixed_ranged_call(spot: Spot, keys, offsets, rank_strength) -> Optional[tuple]:
    """When some player holds a range (``random`` ones too, as every combo
    alike), at most ten players and no hand types, a board card to come: the
    arguments of :func:`pokercli._kernels.montecarlo.fixed_ranged_runs` before
    the runs (the fixed hands' as :func:`fixed_hands_call` has them, each
    seat's hand or ranged seat, the ranged seats' combos as key sums and
    masks, where each seat's rows start, their alias tables as rows); None
    otherwise."""
    from pokercli.equity_calc.mc_light import fixed_setup

    if not FIXED_HANDS_KERNELS or spot.to_come == 0 or all(len(p.combos) == 1 for p in spot.players):
        return None
    setup = fixed_setup(spot, keys, ranges=True)
    if setup is None or any(not p.combos for p in spot.players):
        return None
    seats, fixed, dealt = [], 0, []
    for p in spot.players:
        if len(p.combos) == 1:
            seats.append(fixed)
            fixed += 1
        else:
            seats.append(-1 - len(dealt))
            dealt.append(p.combos)
    combo_keys = np.array([int(keys[a]) + int(keys[b]) for combos in dealt for (a, b), _ in combos], np.int64)
    combo_masks = np.array([(1 << a) | (1 << b) for combos in dealt for (a, b), _ in combos], np.int64)
    starts = np.cumsum([0] + [len(combos) for combos in dealt]).astype(np.int64)
    tables = [alias_table([w for _, w in combos]) for combos in dealt]
    keep = np.concatenate([t[0] for t in tables])
    other = np.concatenate([t[1] + lo for t, lo in zip(tables, starts)])
    return (*_board_arguments(setup, keys, offsets, rank_strength), np.array(seats, np.int64), combo_keys,
            combo_masks, starts, keep, other)


def _board_arguments(setup: tuple, keys, offsets, rank_strength) -> tuple:
    """The fixed-hands kernels' leading arguments from :func:`pokercli.equity_calc.mc_light.fixed_setup`:
    the hands, both part tables of the deck left, the known board, the hands' values by rank multisets."""
    from pokercli._kernels import montecarlo as K
    from pokercli._kernels.jit import call

    hand_keys, hand_masks, deck, first, second, stride, base_key, base_mask, left = setup
    values = call(K.rank_values, hand_keys + base_key, left, first, second, keys, offsets, rank_strength)
    return (hand_keys, hand_masks, *call(K.part_table, deck, keys, first, stride),
            *call(K.part_table, deck, keys, second, 1), base_key, base_mask, values)


def sampling_plan(seed: Optional[int], samples: Optional[int],
                  stderr: Optional[float]) -> tuple[int, Optional[float], int]:
    """(seed, stderr target, sample cap): a random seed drawn when none is given
    (checked to be 64 bits), the default target when neither a count nor a
    target is, and the default cap when no count is."""
    if seed is None:
        seed = secrets.randbits(64)
    if not 0 <= seed < SEED_LIMIT:
        raise PokerError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed}", "seed")
    if samples is None and stderr is None:
        stderr = DEFAULT_STDERR
    return seed, stderr, samples if samples is not None else DEFAULT_MAX_SAMPLES


#: GPU Monte Carlo: the first launch's samples; each next one doubles, up to ``GPU_BATCH_MAX``
#: (2**30: 15 ms on an H100, so a launch's overhead is small, and well under a second on a
#: GPU twenty times slower, so that Ctrl-C is answered within a second).
GPU_BATCH = 1 << 20
GPU_BATCH_MAX = 1 << 30


def gpu_batch(b: int) -> int:
    """Samples of GPU launch ``b`` (the same for every run, so a seed repeats)."""
    return min(GPU_BATCH_MAX, GPU_BATCH << min(b, 20))


def run_batches(one, add, stderrs, cap: int, stderr: Optional[float], threads: int,
                progress, size: Callable[[int], int] = lambda b: MC_BATCH,
                ahead: Optional[int] = None) -> tuple[int, bool, bool]:
    """Batches ``one(batch, n)`` on ``threads`` threads until ``cap`` samples or
    every standard error ``stderrs(done)`` is at most ``stderr``; each batch's
    result goes to ``add(result) -> (samples, redrawn deals)`` in batch order,
    so the answer depends on the seed alone, not on the number of threads.
    Returns (samples, interrupted, target reached); Ctrl-C ends it early.
    Refuses ranges that almost never fit together (:data:`MC_MIN_ACCEPTANCE`).

    Up to ``ahead`` batches (default twice the threads) are queued at once, so a
    worker never waits for this thread to add a result and hand it the next
    batch: with one batch per thread at a time, one thread ran heads-up Monte
    Carlo at 67 M samples/s against 83 for the same kernel calls in a loop.
    Batches queued beyond the one that reaches the target are dropped unread.
    """
    from pokercli._stop import handled, result, shutdown

    ahead = 2 * threads if ahead is None else ahead
    done = requested = queued = batch = redraws = 0
    interrupted = reached = False
    se = [1.0]
    pending: deque = deque()
    pool = ThreadPoolExecutor(max_workers=threads)
    try:
        while True:
            # batch sizes depend only on the cap, never on what batches returned
            while len(pending) < ahead and requested < cap:
                n = min(size(queued), cap - requested)
                pending.append(pool.submit(one, queued, n))
                requested += n
                queued += 1
            if not pending:
                break
            # batches are added in order and the target is checked after each one,
            # so the result does not depend on how many threads ran them
            got, again = add(result(pending.popleft()))
            done += got
            redraws += again
            batch += 1
            se = stderrs(done) if done else [1.0]
            if stderr is not None and done >= MIN_TARGET and max(se) <= stderr:
                reached = True
                break
            if progress and (batch % threads == 0 or not pending):
                progress(min(done, cap), cap, max(se))
            drawn_deals = done + redraws
            if drawn_deals > MC_MAX_REDRAWS and done < MC_MIN_ACCEPTANCE * drawn_deals:
                raise PokerError(f"the ranges almost never fit together: {done:,} of "
                                 f"{drawn_deals:,} random deals of their combos were valid; "
                                 "narrow them", "players")
    except KeyboardInterrupt:
        interrupted = True
        handled()
    finally:
        for fut in pending:
            fut.cancel()
        # batches running when Ctrl-C came are dropped: each stops at its next kernel call, or
        # while it waits for a kernel to compile, instead of finishing (see pokercli._stop)
        shutdown(pool, interrupted)
    return done, interrupted, reached


def combo_tables(spot: Spot, random_dealt: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The players' combos as a sampling kernel reads them: (every listed combo's
    cards, int64[combos, hole cards]; where each player's rows start, int64[players
    + 1]; the alias tables' keep and other, as rows: :func:`alias_table`). A
    ``random`` player lists none with ``random_dealt`` (dealt from the deck), else
    every combo the known cards leave it, alike."""
    drawn = [[] if rnd and random_dealt else p.combos for p, rnd in zip(spot.players, spot.random_players)]
    hole = spot.game.hole_cards
    combo_cards = np.array([c for combos in drawn for c, _ in combos], np.int64).reshape(-1, hole)
    starts = np.cumsum([0] + [len(combos) for combos in drawn]).astype(np.int64)
    tables = [alias_table([w for _, w in combos]) for combos in drawn]
    keep = np.concatenate([t[0] for t in tables])
    other = np.concatenate([t[1] + lo for t, lo in zip(tables, starts)])
    return combo_cards, starts, keep, other


def alias_table(weights) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table of a player's combo weights, for Monte Carlo.

    Column ``j`` (drawn uniformly) keeps combo ``j`` when 32 random bits fall
    below ``keep[j]`` (out of 2**32) and gives combo ``other[j]`` otherwise, so
    each combo comes out with probability weight / total, to 2**-32, in O(1)
    and without a search. Vose's construction.
    """
    n = len(weights)
    total = math.fsum(weights)
    scaled = [w * n / total for w in weights]
    keep = np.full(n, 1 << 32, np.uint64)
    other = np.arange(n, dtype=np.int64)
    small = [j for j, x in enumerate(scaled) if x < 1.0]
    large = [j for j, x in enumerate(scaled) if x >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        keep[s] = round(scaled[s] * (1 << 32))
        other[s] = g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return keep, other  # columns left over (rounding) keep their own combo


def _stderrs(outcome: np.ndarray, n: int) -> list[float]:
    """Standard error of each player's mean pot share after ``n`` samples."""
    out = []
    players = outcome.shape[0]
    for p in range(players):
        s = outcome[p, 1] + sum(outcome[p, k] / k for k in range(2, players + 1))
        ss = outcome[p, 1] + sum(outcome[p, k] / k ** 2 for k in range(2, players + 1))
        mean = s / n
        var = max(ss / n - mean * mean, 0.0)
        out.append(math.sqrt(var / max(n - 1, 1)))
    return out


def split_sampled(spot: Spot, totals, done: int, plan: tuple, reached: bool, interrupted: bool,
                  seconds: float) -> EquityResult:
    """The Monte Carlo result of ``done`` samples' :func:`split_tallies`:
    ``plan`` is the job's (seed, stderr target, sample cap)."""
    seed, stderr, cap = plan
    if done == 0:
        raise KeyboardInterrupt
    se = split_stderrs(totals, done)
    res = split_result(spot, [t.astype(np.float64) for t in totals], float(done), "monte-carlo")
    for pr, s in zip(res.players, se):
        pr.stderr = s
        pr.total = float(done)
    res.samples = done
    res.stderr_target = stderr
    res.seed = seed
    res.interrupted = interrupted
    res.seconds = seconds
    if stderr is not None:
        res.target_reached = reached
    res.note = sampling_note(done, cap, stderr, reached, interrupted, max(se))
    return res
