"""Exact three-way preflop tables: each class against each unordered pair of classes.

A class triple ``X <= Y <= Z`` (grid order) is every deal of a combo of X, a
combo of Y and a combo of Z that share no card, each over all 1,370,754
boards: what ``pokercli equity X Y Z --exact`` counts. Its answer is each
seat's boards won alone, shared two ways and shared three ways; the entry
"A against B and C" is the seat of A in the triple of A, B and C.

Deals equal up to a renaming of suits are counted once. The first seat takes
its class's representative combo (``As Ah``, ``As Ks``, ``As Kh``), which every
deal of X can be renamed to; the pairs of combos of the other two seats are
then merged under the renamings that keep that combo (2 to 6 of them), and a
merged deal weighs the class size of X times the number of pairs it stands
for. The integers are those of the plain enumeration.

The job is a chunk per first class X (:func:`chunk_counts`), so every engine
(this machine's cores, its GPU, a Dask cluster) runs the same chunks, and a
checkpoint can be resumed on any of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional, Sequence

from pokercli import ranges as RG
from pokercli.class_table import TableResult
from pokercli.errors import PokerError, counted

FORMAT = 1
#: Boards of a three-way preflop deal: C(46, 5).
BOARDS = 1_370_754
#: Measured: seconds of one CPU thread per deal (``benchmarks/bench_equity.py``, 3-way)
#: (rank multisets and flush corrections), and board evaluations per second of
#: an H100 (``benchmarks/bench_gpu.py --table3-full``: 5.73e13 in 2.38 min, the lookup tables in
#: shared memory); the estimates scale these.
CPU_SECONDS_PER_DEAL = 0.9e-3
GPU_EVALS_PER_SECOND = 4.0e11


def classes() -> list[str]:
    from pokercli.classes import classes as hu_classes

    return hu_classes()


@lru_cache(maxsize=1)
def _combos():
    """(cards int64[1326, 2], class of each combo int64[1326], card masks int64[1326])."""
    import numpy as np

    from pokercli import preflop_lookup as L

    cards = L.all_combos()
    index = {name: i for i, name in enumerate(classes())}
    cls = np.array([index[RG.class_name((int(a), int(b)))] for a, b in cards], np.int64)
    masks = (np.int64(1) << cards[:, 0]) | (np.int64(1) << cards[:, 1])
    return cards, cls, masks


@lru_cache(maxsize=1)
def _combo_maps():
    """int64[24, 1326]: the combo index of each combo under each suit renaming."""
    from pokercli import preflop_lookup as L

    codes = L.combo_codes()
    return L.combo_index(codes >> 6, codes & 63)


def class_size(k: int) -> int:
    name = classes()[k]
    return 6 if len(name) == 2 else (4 if name[2] == "s" else 12)


@lru_cache(maxsize=None)
def _representative(k: int) -> int:
    from pokercli import preflop_lookup as L

    a, b = sorted(RG.class_representative(classes()[k]))
    return int(L.combo_index(a, b))


def deals(x: int, allowed: Optional[Sequence[int]] = None, must: Sequence[int] = ()):
    """The distinct deals of the triples whose first class is ``x``:
    (combo indices int64[D, 3], weights int64[D], classes of seats 2 and 3
    int64[D, 2]). ``allowed``: the classes seats 2 and 3 may take (None: all);
    ``must``: classes every triple holds (a class twice: in two seats)."""
    import numpy as np

    _, cls, masks = _combos()
    maps = _combo_maps()
    r1 = _representative(x)
    stab = [g for g in range(24) if maps[g, r1] == r1]
    ok = (masks & masks[r1]) == 0
    ok &= cls >= x
    if allowed is not None:
        ok &= np.isin(cls, np.asarray(allowed, np.int64))
    cand = np.flatnonzero(ok)
    c2, c3 = np.meshgrid(cand, cand, indexing="ij")
    c2, c3 = c2.ravel(), c3.ravel()
    keep = (cls[c3] >= cls[c2]) & ((masks[c2] & masks[c3]) == 0)
    for m in set(must):
        seats = int(x == m) + (cls[c2] == m).astype(np.int64) + (cls[c3] == m)
        keep &= seats >= list(must).count(m)
    c2, c3 = c2[keep], c3[keep]
    key = np.min(np.stack([maps[g, c2] * 1326 + maps[g, c3] for g in stab]), axis=0)
    uniq, count = np.unique(key, return_counts=True)
    c2, c3 = uniq // 1326, uniq % 1326
    combos = np.stack([np.full(len(uniq), r1), c2, c3], axis=1)
    return combos, count.astype(np.int64) * class_size(x), np.stack([cls[c2], cls[c3]], axis=1)


def _cpu_counts(combos):
    """Each deal's boards won alone, shared two and three ways by each seat
    (int64[D, 9]), on this thread: the exact engine's preflop kernel (rank
    multisets, flush corrections)."""
    import numpy as np

    from pokercli._kernels.jit import call
    from pokercli.equity_calc.exact import exact_deal_tasks, task_args

    cards = _combos()[0]
    spot = _template()
    out = np.zeros((len(combos), 9), np.int64)
    for d, row in enumerate(combos):
        deal = tuple((int(cards[c, 0]), int(cards[c, 1])) for c in row)
        (task,), _ = exact_deal_tasks(spot, deal, 1)
        args, (patterns, outcome, _) = task_args(task, 3, False)
        call(*args)
        out[d] = (outcome[:, 1:] + (patterns @ _outcome_matrix()).reshape(3, 3)).ravel()
    return out


@lru_cache(maxsize=1)
def _template():
    from pokercli.equity_calc.spot import make_spot

    return make_spot(["AsAh", "KsKh", "QsQh"])


def _gpu_counts(combos):
    """:func:`_cpu_counts` on the GPU: every board of every deal."""
    from pokercli import gpu
    from pokercli._kernels.lookup import KEY_INIT

    cards, _, masks = _combos()
    hands = cards[combos]  # (D, 3, 2)
    held = masks[combos].sum(axis=1)
    decks = gpu.decks_of(held)
    return gpu.deal_patterns("standard", hands, decks, 5, int(KEY_INIT), 0) @ _outcome_matrix()


def chunk_counts(x: int, allowed, must, device: str = "cpu") -> list[list[int]]:
    """One chunk: every triple with first class ``x`` (seats 2 and 3 from
    ``allowed``, every triple holding ``must``), as rows ``[y, z, win, tie2,
    tie3 of seat 1, ... of seat 2, ... of seat 3, boards]`` in (y, z) order.
    The counts are the same integers on the CPU and the GPU (``device``;
    ``"auto"``: the GPU when this process has one). Module-level, so that
    Dask workers can import it."""
    import numpy as np

    from pokercli import gpu

    combos, weights, yz = deals(int(x), allowed, tuple(must))
    if not len(combos):
        return []
    on_gpu = gpu.worker_device(device) == "gpu"
    per_deal = _gpu_counts(combos) if on_gpu else _cpu_counts(combos)  # (D, 9)
    triples, inverse = np.unique(yz[:, 0] * 169 + yz[:, 1], return_inverse=True)
    sums = np.zeros((len(triples), 9), np.int64)
    np.add.at(sums, inverse, per_deal * weights[:, None])
    boards = np.bincount(inverse, weights=weights, minlength=len(triples)).astype(np.int64) * BOARDS
    return [[int(t // 169), int(t % 169), *map(int, s), int(b)] for t, s, b in zip(triples, sums, boards)]


@lru_cache(maxsize=1)
def _outcome_matrix():
    """int64[8, 9]: winner pattern -> (win alone, two-way tie, three-way tie) of each seat."""
    import numpy as np

    m = np.zeros((8, 3, 3), np.int64)
    for pattern in range(1, 8):
        winners = [p for p in range(3) if pattern >> p & 1]
        for p in winners:
            m[pattern, p, len(winners) - 1] = 1
    return m.reshape(8, 9)


# --- the job ----------------------------------------------------------------------

@dataclass
class Table3Job:
    """The triples of a three-way table: all of them, those among ``classes``,
    or those holding ``must`` (one class: ``--hand``; two: ``--hand`` and ``--vs``)."""

    classes: Optional[list[int]] = None
    must: tuple[int, ...] = ()
    chunk_list: list[tuple] = field(init=False)

    def __post_init__(self):
        firsts = self.classes if self.classes is not None else range(min(self.must, default=168) + 1)
        self.chunk_list = [(int(x), None if self.classes is None else list(self.classes), list(self.must))
                           for x in firsts]

    def describe(self) -> str:
        names = classes()
        if self.must:
            return "triples holding " + " and ".join(names[m] for m in self.must)
        if self.classes is not None:
            return f"triples of {len(self.classes)} classes"
        return "all 818,805 class triples"

    def header(self) -> dict:
        return {"format": FORMAT, "job": f"three-way table: {self.describe()}, in "
                f"{len(self.chunk_list)} chunks", "players": 3,
                "classes": None if self.classes is None else [classes()[k] for k in self.classes],
                "must": [classes()[k] for k in self.must]}


def make_job(hand: Optional[str], classes_range: Optional[str], vs: Optional[str] = None) -> Table3Job:
    from pokercli import classes as HC
    from pokercli.classes import class_index as _index, parse_class

    if hand is not None and classes_range is not None:
        raise PokerError("hand= and classes= cannot both be given: one class's triples, or a set of "
                         "classes", "hand")
    if vs is not None and hand is None:
        raise PokerError("vs= needs hand=: the class whose equity is shown against vs and each other class", "vs")
    if hand is not None:
        must = [_index()[parse_class(hand)]]
        if vs is not None:
            must.append(_index()[parse_class(vs)])
        return Table3Job(None, tuple(must))
    if classes_range is not None:
        try:
            chosen = [_index()[c] for c in HC.classes_of_range(classes_range)]
        except PokerError as e:
            raise PokerError(f"classes: {e}", "classes") from None
        return Table3Job(chosen)
    return Table3Job()


@dataclass
class Estimate:
    deals: int
    evaluations: float
    cpu_thread_seconds: float
    gpu_seconds: float

    def text(self, device: str, threads: int) -> str:
        from pokercli.equity_calc import about

        where = (f"{about(self.gpu_seconds)} on an H100-class GPU" if device == "gpu" else
                 f"{about(self.cpu_thread_seconds / max(threads, 1))} on {counted(threads, 'CPU thread')} here")
        return (f"{self.deals:,} distinct deals, {self.evaluations:.3g} hand evaluations on every "
                f"board: {where}")


def estimate(job: Table3Job) -> Estimate:
    """The job's distinct deals (counted: a few seconds for the whole table)
    and the time they take at the measured rates of one CPU thread and of an H100."""
    count = sum(len(deals(x, allowed, tuple(must))[0]) for x, allowed, must in job.chunk_list)
    evals = count * BOARDS * 3.0
    return Estimate(count, evals, count * CPU_SECONDS_PER_DEAL, evals / GPU_EVALS_PER_SECOND)


def _valid(chunk, rows) -> bool:
    """A chunk's saved rows: triples of its first class in order, with
    non-negative integer counts whose pot shares add up to the boards."""
    x = chunk[0]
    if not isinstance(rows, list):
        return False
    last = None
    for row in rows:
        if not (isinstance(row, list) and len(row) == 12 and all(type(v) is int and v >= 0 for v in row)):
            return False
        y, z, *c, boards = row
        if not (x <= y <= z < 169) or (last is not None and (y, z) <= last) or boards % BOARDS or not boards:
            return False
        last = (y, z)
        wins, tie2, tie3 = sum(c[0::3]), sum(c[1::3]), sum(c[2::3])
        if 6 * wins + 3 * tie2 + 2 * tie3 != 6 * boards:
            return False
    return True


def compute(job: Table3Job, engine, checkpoint_path=None, resume: bool = False, progress=None,
            device: str = "cpu") -> TableResult:
    """Run the job's chunks on ``engine`` (each saved to the checkpoint) and merge them."""
    from pokercli.jobs import run_saved

    chunks = job.chunk_list
    results, resumed, seconds = run_saved(chunk_counts, [c + (device,) for c in chunks], engine,
                                          checkpoint_path, job.header(), resume,
                                          lambda index, rows: _valid(chunks[index], rows), progress)
    counts = {}
    for (x, _, _), rows in zip(chunks, results):
        for y, z, *c in rows:
            counts[(x, y, z)] = c
    if not counts:
        raise PokerError("no class triple can be dealt: the classes leave no three hands without a "
                         "shared card", "classes")
    return TableResult([], [], counts, engine.description, seconds, len(chunks), resumed, players=3,
                       description=job.describe())
