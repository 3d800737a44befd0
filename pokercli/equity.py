"""Equity of two or more hold'em hands or ranges (SPEC §5): exact or Monte Carlo.

* **Exact**: every deal of the players' combos (weighted, colliding combos
  excluded) and every runout of the board. Deals that are the same up to a
  renaming of suits (one that leaves the board and dead cards in place) are
  computed once and weighted by how many there are. Counts are integers.
* **Monte Carlo**: random deals and runouts until a standard-error target (or
  a sample count) is reached; reproducible with a seed.

A pot split ``n`` ways gives each winner ``1/n``: ``equity = (wins +
sum(ties_n / n)) / total``.
"""

from __future__ import annotations

import math
import os
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Callable, Optional, Sequence

import numpy as np

from pokercli import cards as C
from pokercli import ranges as RG
from pokercli import reference as R
from pokercli.errors import InputError, shown

#: Exact by default when the work is at most this many hand evaluations.
EXACT_DEFAULT_LIMIT = 4e8
#: ``--exact`` is refused above this many hand evaluations.
EXACT_MAX = 5e10
#: Measured order of magnitude, used only to word the refusal.
EVALS_PER_SECOND = 1.0e8
MC_BATCH = 100_000
DEFAULT_STDERR = 0.0005
DEFAULT_MAX_SAMPLES = 50_000_000


@dataclass
class Player:
    text: str
    combos: list[tuple[tuple[int, int], float]]
    fixed: bool
    cards: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        """A fixed hand in canonical notation, in the order given; a range as typed."""
        return C.format_cards(self.cards) if self.fixed else self.text


@dataclass
class PlayerResult:
    hand: str
    win: float
    tie: float
    equity: float
    wins: float
    ties: float
    total: float
    stderr: Optional[float] = None
    types: Optional[dict[str, float]] = None
    combos: int = 1


@dataclass
class EquityResult:
    players: list[PlayerResult]
    method: str
    board: list[int]
    dead: list[int]
    boards: Optional[float] = None
    deals: Optional[int] = None
    samples: Optional[int] = None
    stderr_target: Optional[float] = None
    seed: Optional[int] = None
    interrupted: bool = False
    target_reached: Optional[bool] = None
    seconds: float = 0.0
    evaluations: float = 0.0
    note: str = ""

    def to_json(self) -> dict:
        doc = {
            "method": self.method,
            "board": [C.card_name(c) for c in self.board],
            "dead": [C.card_name(c) for c in self.dead],
            "players": [],
        }
        for p in self.players:
            d = {"hand": p.hand, "win": p.win, "tie": p.tie, "equity": p.equity}
            if self.method == "exact":
                d.update(wins=_num(p.wins), ties=_num(p.ties), total=_num(p.total))
            else:
                d["stderr"] = p.stderr
            if p.types is not None:
                d["categories"] = p.types
            doc["players"].append(d)
        if self.method == "exact":
            doc["boards"] = _num(self.boards)
            doc["deals"] = self.deals
        else:
            doc["samples"] = self.samples
            doc["stderr"] = max(p.stderr for p in self.players)
            doc["stderr_target"] = self.stderr_target
            doc["seed"] = self.seed
            doc["interrupted"] = self.interrupted
            if self.stderr_target is not None:
                doc["target_reached"] = bool(self.target_reached)
        doc["seconds"] = round(self.seconds, 4)
        if self.note:
            doc["note"] = self.note
        return doc


def _num(x):
    return int(x) if x is not None and float(x).is_integer() else x


# --- input --------------------------------------------------------------------

def parse_player(text: str, index: int) -> Player:
    """A fixed hand (exactly two cards) or a range (see :mod:`pokercli.ranges`)."""
    duplicate = None
    try:
        cards: Optional[list[int]] = C.parse_cards(text, what=f"hand {index}")
    except C.DuplicateCard as e:
        cards, duplicate = None, e
    except InputError:
        cards = None
    if cards is not None and len(cards) == 2:
        return Player(text, [((min(cards), max(cards)), 1.0)], True, tuple(cards))
    try:
        return Player(text, RG.parse_range(text), False)
    except InputError as e:
        if cards is not None:
            raise InputError(f"hand {index} {shown(text.strip())} has {len(cards)} cards, expected 2") from None
        if duplicate is not None:
            raise duplicate from None
        raise InputError(f"player {index}: {e}") from None


@dataclass
class Job:
    players: list[Player]
    board: list[int]
    dead: list[int]
    with_types: bool = False

    @property
    def to_come(self) -> int:
        return 5 - len(self.board)


def prepare(players: Sequence[Player], board: Sequence[int], dead: Sequence[int],
            with_types: bool = False) -> Job:
    """Check the deal and remove combos that touch the board, dead cards or fixed hands."""
    if len(players) < 2:
        raise InputError("equity needs at least 2 players")
    if len(board) not in (0, 3, 4, 5):
        raise InputError(f"a board has 0, 3, 4 or 5 cards, not {len(board)}")
    groups = [("board", board), ("dead cards", dead)]
    groups += [(f"hand {i + 1}", p.combos[0][0]) for i, p in enumerate(players) if p.fixed]
    C.check_disjoint(groups)
    available = 52 - len(board) - len(dead)
    need = 2 * len(players) + (5 - len(board))
    if need > available:
        raise InputError(f"{len(players)} players and the board need {need} cards, "
                         f"but only {available} are left in the deck")
    blocked = C.card_mask(list(board) + list(dead))
    for p in players:
        if p.fixed:
            blocked |= C.card_mask(p.combos[0][0])
    out = []
    for i, p in enumerate(players):
        if p.fixed:
            out.append(p)
            continue
        combos = [(c, w) for c, w in p.combos if not (C.card_mask(c) & blocked)]
        if not combos:
            raise InputError(f"the range of player {i + 1} ({shown(p.text)}) is empty once the "
                             "board, dead cards and other hands are removed")
        out.append(Player(p.text, combos, False))
    return Job(out, list(board), list(dead), with_types)


# --- suit symmetry ------------------------------------------------------------

@lru_cache(maxsize=1)
def _suit_perms() -> np.ndarray:
    """The 24 suit renamings as card-id maps (24, 52)."""
    out = []
    for perm in permutations(range(4)):
        out.append([13 * perm[c // 13] + c % 13 for c in range(52)])
    return np.array(out, np.int64)


def _stabilizer(job: Job) -> np.ndarray:
    """Suit renamings that map the board to itself and the dead cards to themselves."""
    keep = []
    b, d = set(job.board), set(job.dead)
    for perm in _suit_perms():
        if {int(perm[c]) for c in b} == b and {int(perm[c]) for c in d} == d:
            keep.append(perm)
    return np.array(keep, np.int64)


def _deals(job: Job, limit: float) -> Optional[list[tuple[tuple[tuple[int, int], ...], float]]]:
    """Every valid deal (one combo per player) with its weight; None past ``limit`` deals."""
    players = job.players
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


def canonical_deals(job: Job, deals) -> list[tuple[tuple[tuple[int, int], ...], float, int]]:
    """Group deals equal up to a suit renaming: (representative, total weight, members)."""
    perms = _stabilizer(job)
    if len(perms) <= 1 or len(deals) == 1:
        return [(d, w, 1) for d, w in deals]
    groups: dict[tuple, list] = {}
    for deal, w in deals:
        flat = np.array(deal, np.int64).ravel()
        mapped = perms[:, flat].reshape(len(perms), -1, 2)
        mapped.sort(axis=2)
        keys = [tuple(map(tuple, m.tolist())) for m in mapped]
        key = min(keys)
        g = groups.get(key)
        if g is None:
            groups[key] = [deal, w, 1]
        else:
            g[1] += w
            g[2] += 1
    return [tuple(v) for v in groups.values()]


# --- work estimates -------------------------------------------------------------

def boards_per_deal(job: Job) -> int:
    left = 52 - len(job.board) - len(job.dead) - 2 * len(job.players)
    return math.comb(left, job.to_come)


def raw_deal_bound(job: Job) -> float:
    return float(np.prod([len(p.combos) for p in job.players], dtype=np.float64))


# --- kernels ------------------------------------------------------------------

@lru_cache(maxsize=1)
def _kernel_args():
    from pokercli import evaluate as E
    from pokercli._kernels.combinator import binomials

    keys, offsets, (rank_score, flush_score), _ = E._args()
    return keys, offsets, rank_score, flush_score, binomials()


@lru_cache(maxsize=1)
def _strength_tables():
    """16-bit tables ordered like the scores (higher wins, equal ties) for the
    kernels that only compare hands: 7463 - class (0 where no hand reads).
    Half the cache footprint of the 32-bit scores: measured about 10 % faster
    (heads-up Monte Carlo, medians of runs taking turns)."""
    from pokercli import evaluate as E

    return tuple(np.where(t > 0, 7463 - t.astype(np.int64), 0).astype(np.uint16)
                 for t in E._args()[3])


def _threads() -> int:
    """Threads for kernels: ``POKERCLI_THREADS`` (0 or unset: every core)."""
    cores = os.cpu_count() or 1
    text = os.environ.get("POKERCLI_THREADS", "").strip()
    try:
        wanted = int(text or "0")
        if wanted < 0:
            raise ValueError
    except ValueError:
        from pokercli.paths import warn_once

        warn_once("threads", f"warning: POKERCLI_THREADS={shown(text)} is not a whole number "
                             f"(0 for every core); using {cores}")
        wanted = 0
    return max(1, min(cores, wanted or cores))


def _board_base(job: Job, keys) -> tuple[int, int]:
    from pokercli._kernels.evaluator import KEY_INIT

    key = int(KEY_INIT) + sum(int(keys[c]) for c in job.board)
    return key, C.card_mask(job.board)


def _deal_tasks(job: Job, deal, threads: int):
    """Kernel argument tuples covering all boards of one deal, split for threads."""
    from pokercli._kernels import showdown as K

    keys, offsets, rank_score, flush_score, binom = _kernel_args()
    hole = [c for combo in deal for c in combo]
    removed = set(hole) | set(job.board) | set(job.dead)
    deck = np.array([c for c in range(52) if c not in removed], np.int64)
    hand_keys = np.array([int(keys[a]) + int(keys[b]) for a, b in deal], np.int64)
    hand_masks = np.array([(1 << a) | (1 << b) for a, b in deal], np.int64)
    base_key, base_mask = _board_base(job, keys)
    k = job.to_come
    total = int(binom[len(deck), k])
    if k == 5:
        # threads take every `parts`-th first board card (work falls steeply with it)
        parts = max(1, min(threads, len(deck) - 4))
        strides = [(first, parts) for first in range(parts)]
        players = len(deal)
        if job.with_types or players > K.PATTERN_PLAYERS:
            return [(K.boards5, hand_keys, hand_masks, deck, first, step, base_key, base_mask,
                     keys, offsets, rank_score, flush_score) for first, step in strides], total
        sym = board_symmetry(tuple(interchangeable_suits(job, deal)))
        strength = _strength_tables()  # these two kernels only compare hands
        if players == 2:
            (k0, k1), (m0, m1) = hand_keys.tolist(), hand_masks.tolist()
            return [(K.headsup_boards5, k0, m0, k1, m1, deck, first, step, base_key, base_mask, *sym,
                     keys, offsets, *strength) for first, step in strides], total
        return [(K.pattern_boards5, hand_keys, hand_masks, deck, first, step, base_key, base_mask, *sym,
                 keys, offsets, *strength) for first, step in strides], total
    parts = 1 if total < 200_000 else threads
    bounds = np.linspace(0, total, parts + 1).astype(np.int64)
    tasks = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        if hi > lo or total == 0:
            tasks.append((K.enumerate_boards, hand_keys, hand_masks, deck, k, int(lo), int(hi - lo),
                          base_key, base_mask, binom, keys, offsets, rank_score, flush_score))
    return tasks, total


def interchangeable_suits(job: Job, deal) -> list[int]:
    """prev[g]: the previous suit group interchangeable with group g, or -1.

    Two suits are interchangeable when swapping them leaves every hand, the
    board and the dead cards as they are.
    """
    sets = [set(combo) for combo in deal] + [set(job.board), set(job.dead)]

    def swap(c: int, a: int, b: int) -> int:
        g = c // 13
        return c + 13 * ((b - g) if g == a else (a - g) if g == b else 0)

    prev = [-1] * 4
    for g in range(1, 4):
        for h in range(g - 1, -1, -1):
            if all({swap(c, h, g) for c in cs} == cs for cs in sets):
                prev[g] = h
                break
    return prev


@lru_cache(maxsize=64)
def board_symmetry(prev: tuple[int, ...]):
    """Kernel arguments that enumerate 5-card boards once per class of boards
    that a renaming of interchangeable suits maps onto each other.

    ``prev`` chains each suit to the previous suit interchangeable with it
    (:func:`interchangeable_suits`). A board is canonical when the rank sets
    along each chain do not increase; it stands for ``k! / prod(run!)`` boards
    per chain of ``k`` suits whose rank sets form runs of equal sets.
    Returns (sym_hi, sym_lo, eq_a, eq_b, orbit), read by
    ``_equity_kernels._skip``/``_weight``.
    """
    none = 52  # shift to an always-empty field
    sym_hi = np.full(52, none, np.int64)
    sym_lo = np.full(52, none, np.int64)
    links = [(g, prev[g]) for g in range(4) if prev[g] >= 0]
    for g, h in links:
        sym_hi[13 * g:13 * g + 13] = 13 * g
        sym_lo[13 * g:13 * g + 13] = 13 * h
    eq_a = np.full(3, none, np.int64)
    eq_b = np.full(3, none, np.int64)
    for j, (g, h) in enumerate(links):
        eq_a[j], eq_b[j] = 13 * g, 13 * h
    orbit = np.ones(8, np.int64)
    for flags in range(8):
        equal = {g: bool(flags >> j & 1) for j, (g, _) in enumerate(links)}
        size = 1
        for root in (g for g in range(4) if prev[g] < 0):
            chain = [root]
            while True:
                nxt = [g for g in range(4) if prev[g] == chain[-1]]
                if not nxt:
                    break
                chain.append(nxt[0])
            runs, run = [], 1
            for g in chain[1:]:
                if equal[g]:
                    run += 1
                else:
                    runs.append(run)
                    run = 1
            runs.append(run)
            size *= math.factorial(len(chain)) // math.prod(math.factorial(r) for r in runs)
        orbit[flags] = size
    return sym_hi, sym_lo, eq_a, eq_b, orbit


def _tally_arrays(players: int):
    from pokercli._kernels.showdown import PATTERN_PLAYERS

    patterns = np.zeros(1 << players if players <= PATTERN_PLAYERS else 1, np.int64)
    return patterns, np.zeros((players, players + 1), np.int64), np.zeros((players, 10), np.int64)


@lru_cache(maxsize=16)
def _pattern_matrix(players: int) -> np.ndarray:
    """(2**players, players * (players + 1)): winner pattern -> outcome cells it adds to."""
    m = np.zeros((1 << players, players, players + 1), np.int64)
    for pattern in range(1, 1 << players):
        winners = [p for p in range(players) if pattern >> p & 1]
        for p in winners:
            m[pattern, p, len(winners)] = 1
    return m.reshape(1 << players, -1)


def _outcome(patterns: np.ndarray, outcome: np.ndarray) -> np.ndarray:
    """Add the winner-pattern counts into ``outcome[p, n]`` (player p among n winners)."""
    if len(patterns) > 1:
        outcome += (patterns @ _pattern_matrix(outcome.shape[0])).reshape(outcome.shape)
    return outcome


def _task_args(task, players: int, with_types: bool):
    patterns, outcome, types = _tally_arrays(players)
    return task + (patterns, outcome, types, with_types), (patterns, outcome, types)


def _load_kernels(tasks, players: int, with_types: bool) -> None:
    """Load every kernel the tasks need before the clock starts."""
    from pokercli._kernels.jit import ensure

    seen = set()
    for task in tasks:
        if task[0] not in seen:
            seen.add(task[0])
            args, _ = _task_args(task, players, with_types)
            ensure(*args)


def _run_task(task, players: int, with_types: bool):
    from pokercli._kernels.jit import call

    args, (patterns, outcome, types) = _task_args(task, players, with_types)
    call(*args)
    return _outcome(patterns, outcome), types


def exact(job: Job, progress: Optional[Callable[[int, int], None]] = None,
          force: bool = False, threads: Optional[int] = None,
          scheduler: Optional[str] = None, checkpoint=None, resume: bool = False,
          limit: Optional[float] = None) -> EquityResult:
    """Exact equity by enumeration of every deal and runout, on ``threads``
    threads (default: every core, or ``POKERCLI_THREADS``).

    Jobs of at least ``ENGINE_MIN_DEALS`` distinct deals (wide ranges) run in
    chunks of deals on an engine (:mod:`pokercli.engine`): this machine's
    cores, or the Dask cluster named by ``scheduler`` / ``POKERCLI_SCHEDULER``;
    so does any job given a ``checkpoint`` file (finished chunks saved there,
    skipped with ``resume``).
    ``seconds`` in the result is the enumeration itself (kernels already loaded).
    Jobs of more than ``limit`` hand evaluations raise :class:`TooMuchWork`
    (default: ``EXACT_MAX`` when ``force``, else ``EXACT_DEFAULT_LIMIT``).
    """
    players = len(job.players)
    per_deal = boards_per_deal(job)
    stab = max(1, len(_stabilizer(job)))
    bound = raw_deal_bound(job) / stab * per_deal * players
    if limit is None:
        limit = EXACT_MAX if force else EXACT_DEFAULT_LIMIT
    if bound > limit * 50:
        raise TooMuchWork(bound)
    # stop listing deals once there are clearly too many: at most `limit` evaluations
    # after suit-symmetric grouping (which merges up to `stab` deals into one), with slack
    deals = _deals(job, limit=min(max(1.0, limit * stab / (per_deal * players)) * 2 + 10, math.inf))
    if deals is None:
        raise TooMuchWork(bound)
    if not deals:
        raise InputError("no deal is possible: the ranges leave no combination without a shared card")
    groups = canonical_deals(job, deals)
    evaluations = len(groups) * per_deal * players
    if evaluations > limit:
        raise TooMuchWork(evaluations)
    engine_note = ""
    if len(groups) >= ENGINE_MIN_DEALS or checkpoint is not None:
        t0 = time.perf_counter()
        outcome, types, engine_note = _on_engine(job, groups, threads, scheduler, progress,
                                                 checkpoint, resume)
    else:
        t0, outcome, types = _on_threads(job, groups, threads or _threads(), progress)
    boards = per_deal * sum(w for _, w, _ in groups)
    result = _result(job, outcome, types, boards, "exact")
    result.deals = len(deals)
    result.seconds = time.perf_counter() - t0
    result.evaluations = evaluations
    result.note = engine_note
    return result


#: Exact jobs with at least this many distinct deals run in chunks on an engine.
ENGINE_MIN_DEALS = 64
#: Distinct deals per engine chunk.
ENGINE_CHUNK_DEALS = 16


def _on_threads(job: Job, groups, threads: int, progress):
    """Every deal's kernel tasks on a thread pool (deals split across threads)."""
    players = len(job.players)
    tasks = []
    for deal, weight, _ in groups:
        deal_tasks, _ = _deal_tasks(job, deal, threads)
        tasks += [(t, weight) for t in deal_tasks]
    _load_kernels([t for t, _ in tasks], players, job.with_types)
    t0 = time.perf_counter()
    outcome = np.zeros((players, players + 1), np.float64)
    types = np.zeros((players, 10), np.float64)
    from pokercli._stop import result, shutdown

    pool = ThreadPoolExecutor(max_workers=threads)
    interrupted = True
    try:
        futures = [pool.submit(_run_task, t, players, job.with_types) for t, _ in tasks]
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


def group_counts(job: Job, groups) -> tuple[list, list]:
    """One engine chunk: weighted outcome and type counts of some distinct deals,
    on one thread. Module-level so that Dask workers can import it."""
    players = len(job.players)
    outcome = np.zeros((players, players + 1), np.float64)
    types = np.zeros((players, 10), np.float64)
    for deal, weight, _ in groups:
        tasks, _ = _deal_tasks(job, deal, 1)
        for task in tasks:
            o, ty = _run_task(task, players, job.with_types)
            outcome += o * weight
            types += ty * weight
    return outcome.tolist(), types.tolist()


def _on_engine(job: Job, groups, threads: Optional[int], scheduler: Optional[str], progress,
               checkpoint=None, resume: bool = False):
    """The deals in chunks on the local or Dask engine, merged in chunk order (so
    the sums, and the answer, are the same whichever engine and worker ran them);
    with a checkpoint file, finished chunks are saved and skipped on resume."""
    from pokercli.engine import Checkpoint, LocalEngine, engine_for, run_job

    chunks = [(job, groups[k:k + ENGINE_CHUNK_DEALS]) for k in range(0, len(groups), ENGINE_CHUNK_DEALS)]
    header = {"format": 1,
              "job": f"equity {' vs '.join(p.text for p in job.players)}, board "
                     f"{C.format_cards(job.board) or '-'}, dead {C.format_cards(job.dead) or '-'}"
                     f"{', categories' if job.with_types else ''}: {len(groups)} distinct deals "
                     f"in {len(chunks)} chunks"}
    players = len(job.players)

    def valid(index: int, result) -> bool:
        """A chunk's saved counts: a (players, players + 1) outcome table and a
        (players, 10) hand-type table of finite, non-negative numbers."""
        return (isinstance(result, list) and len(result) == 2
                and _table_of(result[0], players, players + 1) and _table_of(result[1], players, 10))

    saved = Checkpoint(checkpoint, header, resume, valid)
    resumed = len(saved.done)
    engine = LocalEngine(threads) if threads and not scheduler else engine_for(scheduler)
    try:
        results = run_job(group_counts, chunks, engine, saved, progress)
    finally:
        engine.close()
        saved.close()
    outcome = np.zeros((players, players + 1), np.float64)
    types = np.zeros((players, 10), np.float64)
    for chunk_outcome, chunk_types in results:
        outcome += np.array(chunk_outcome)
        types += np.array(chunk_types)
    note = f"{len(groups)} distinct deals in {len(chunks)} chunks on {engine.description}"
    if resumed:
        note += f"; {resumed} chunks resumed from {checkpoint}"
    return outcome, types, note


def _table_of(rows, n: int, m: int) -> bool:
    return isinstance(rows, list) and len(rows) == n and all(
        isinstance(row, list) and len(row) == m
        and all(type(x) in (int, float) and math.isfinite(x) and x >= 0 for x in row) for row in rows)


class TooMuchWork(Exception):
    def __init__(self, evaluations: float):
        self.evaluations = evaluations
        super().__init__(f"about {evaluations:.2g} hand evaluations")


def _result(job: Job, outcome: np.ndarray, types: np.ndarray, total: float, method: str) -> EquityResult:
    out = []
    players = len(job.players)
    for p, pl in enumerate(job.players):
        wins = outcome[p, 1]
        ties = outcome[p, 2:].sum()
        share = wins + sum(outcome[p, n] / n for n in range(2, players + 1))
        tdict = None
        if job.with_types:
            tdict = {R.TYPE_NAMES[t]: float(types[p, t] / total) for t in range(1, 10)}
        out.append(PlayerResult(pl.label, float(wins / total), float(ties / total), float(share / total),
                                float(wins), float(ties), float(total), types=tdict,
                                combos=len(pl.combos)))
    return EquityResult(out, method, job.board, job.dead, boards=float(total))


# --- Monte Carlo --------------------------------------------------------------

#: A seed is a whole number below this (64 bits); every bit of it counts.
SEED_LIMIT = 1 << 64
_M64 = (1 << 64) - 1


def _batch_seed(seed: int, batch: int) -> int:
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


def is_random_player(job: Job, player: Player) -> bool:
    """Whether a player holds every two cards still unseen alike (``random``):
    Monte Carlo deals such a player from the deck instead of drawing combos."""
    if player.fixed:
        return False
    fixed = sum(2 for p in job.players if p.fixed)
    left = 52 - len(job.board) - len(job.dead) - fixed
    weights = {w for _, w in player.combos}
    return len(player.combos) == left * (left - 1) // 2 and len(weights) == 1


def check_deal_possible(job: Job, budget: int = 200_000) -> None:
    """Raise when the ranged players' combos can never be dealt together.

    A depth-first search for one valid deal (players with the fewest combos
    first), stopped after ``budget`` steps: then Monte Carlo's own redraw
    count decides (:data:`MC_MIN_ACCEPTANCE`).
    """
    ranged = sorted((p for p in job.players if not p.fixed and not is_random_player(job, p)),
                    key=lambda p: len(p.combos))
    masks = [sorted({(1 << a) | (1 << b) for (a, b), _ in p.combos}) for p in ranged]
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
        raise InputError("no deal is possible: the ranges leave no combination without a shared card")


def monte_carlo(job: Job, samples: Optional[int] = None, stderr: Optional[float] = None,
                seed: Optional[int] = None,
                progress: Optional[Callable[[int, int, float], None]] = None) -> EquityResult:
    """Monte Carlo equity: stops at ``samples`` or when every stderr <= ``stderr``.

    Batches of ``MC_BATCH`` samples, each seeded from ``seed`` and its number,
    run on every core and are added in order, so the answer depends only on
    the seed (and the version of pokercli), not on the number of threads.
    """
    from pokercli._kernels import montecarlo as K
    from pokercli._kernels.jit import call
    from pokercli._stop import result

    t0 = time.perf_counter()
    if seed is None:
        seed = secrets.randbits(64)
    if not 0 <= seed < SEED_LIMIT:
        raise InputError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed}")
    if samples is None and stderr is None:
        stderr = DEFAULT_STDERR
    cap = samples if samples is not None else DEFAULT_MAX_SAMPLES
    check_deal_possible(job)
    keys, offsets, rank_score, flush_score, _ = _kernel_args()
    rank_strength, flush_strength = _strength_tables()
    drawn = [[] if is_random_player(job, p) else p.combos for p in job.players]
    combo_cards = np.array([c for combos in drawn for c, _ in combos], np.int64).reshape(-1, 2)
    starts = np.cumsum([0] + [len(combos) for combos in drawn]).astype(np.int64)
    tables = [alias_table([w for _, w in combos]) for combos in drawn]
    keep = np.concatenate([t[0] for t in tables])
    other = np.concatenate([t[1] + lo for t, lo in zip(tables, starts)])
    fixed_mask = C.card_mask(job.board + job.dead)
    base_key, base_mask = _board_base(job, keys)
    players = len(job.players)
    outcome = np.zeros((players, players + 1), np.int64)
    types = np.zeros((players, 10), np.int64)
    done = requested = batch = redraws = 0
    interrupted = reached = False
    threads = _threads()

    def one(b: int, n: int):
        pat, o, t = _tally_arrays(players)
        stats = np.zeros(2, np.int64)
        call(K.monte_carlo, combo_cards, starts, keep, other, fixed_mask, base_key, base_mask,
             job.to_come, n, MC_MAX_REDRAWS, np.uint64(_batch_seed(seed, b)), keys, offsets,
             rank_score, flush_score, rank_strength, flush_strength, pat, o, t, job.with_types,
             stats)
        return _outcome(pat, o), t, int(stats[0]), int(stats[1])

    with ThreadPoolExecutor(max_workers=threads) as pool:
        try:
            while requested < cap and not reached:
                # batch sizes depend only on the cap, never on what batches returned
                sizes = []
                for _ in range(threads):
                    n = min(MC_BATCH, cap - requested)
                    if n > 0:
                        sizes.append(n)
                        requested += n
                futures = [pool.submit(one, batch + i, n) for i, n in enumerate(sizes)]
                # batches are added in order and the target is checked after each one,
                # so the result does not depend on how many threads ran them
                for fut in futures:
                    o, t, got, again = result(fut)
                    outcome += o
                    types += t
                    done += got
                    redraws += again
                    batch += 1
                    se = _stderrs(outcome, done) if done else [1.0]
                    if stderr is not None and done >= 10_000 and max(se) <= stderr:
                        reached = True
                        break
                if progress:
                    progress(min(done, cap), cap, max(se))
                drawn_deals = done + redraws
                if drawn_deals > MC_MAX_REDRAWS and done < MC_MIN_ACCEPTANCE * drawn_deals:
                    raise InputError(f"the ranges almost never fit together: {done:,} of "
                                     f"{drawn_deals:,} random deals of their combos were valid; "
                                     "narrow them")
        except KeyboardInterrupt:
            interrupted = True
    if done == 0:
        raise KeyboardInterrupt
    result = _result(job, outcome.astype(np.float64), types.astype(np.float64), float(done), "monte-carlo")
    for pr, se in zip(result.players, _stderrs(outcome, done)):
        pr.stderr = se
    result.samples = done
    result.boards = None
    result.stderr_target = stderr
    result.seed = seed
    result.interrupted = interrupted
    result.seconds = time.perf_counter() - t0
    result.evaluations = float(done * players)
    if stderr is not None:
        result.target_reached = reached
    if stderr is not None and not reached and not interrupted:
        result.note = (f"stopped at the cap of {cap:,} samples before every standard error "
                       f"reached {stderr:g} (largest {max(p.stderr for p in result.players):.2g})")
    return result


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


# --- the front door -----------------------------------------------------------

def compute(job: Job, method: str = "auto", samples: Optional[int] = None,
            stderr: Optional[float] = None, seed: Optional[int] = None,
            progress=None, scheduler: Optional[str] = None, checkpoint=None,
            resume: bool = False) -> EquityResult:
    """Exact when feasible (or forced), Monte Carlo otherwise (or when asked)."""
    if resume and checkpoint is None:
        raise InputError("resuming needs a checkpoint file")
    if method == "monte-carlo" or samples is not None or stderr is not None:
        if method == "exact":
            raise InputError("--exact cannot be combined with --samples or --stderr")
        if checkpoint is not None or resume:
            raise InputError("--checkpoint and --resume are for exact jobs, not Monte Carlo")
        return monte_carlo(job, samples, stderr, seed, progress)
    try:
        return exact(job, progress, force=(method == "exact"), scheduler=scheduler,
                     checkpoint=checkpoint, resume=resume)
    except TooMuchWork as e:
        if checkpoint is not None or resume:
            raise InputError(f"exact enumeration would take about {e.evaluations:.2g} hand "
                             "evaluations; --checkpoint and --resume are for exact jobs") from None
        if method == "exact":
            raise InputError(f"exact enumeration would take about {e.evaluations:.2g} hand "
                             f"evaluations (~{_duration(e.evaluations / EVALS_PER_SECOND)} here); "
                             "drop --exact for Monte Carlo or narrow the ranges") from None
        result = monte_carlo(job, samples, stderr, seed, progress)
        result.note = (f"exact enumeration would take about {e.evaluations:.2g} hand evaluations; "
                       "sampled instead")
        return result


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} h"
    return f"{seconds / 86400:.0f} days"

