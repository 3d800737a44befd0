"""Lookup tables of the fast evaluator, built once and cached on disk.

How a hand of 5-7 cards is scored by the kernels (the technique of OMPEval,
by Henri Aarnio: additive rank keys and a row-displacement perfect hash):

* every card has a 64-bit key: ``RANK_KEYS[rank]`` in the low 32 bits, and
  ``1 << (32 + 4 * group)`` counting its suit in the high bits. A hand's key
  is ``KEY_INIT`` plus the sum of its cards' keys. ``RANK_KEYS`` are chosen so
  that every multiset of up to 7 ranks (each at most 4 times) has its own sum.
* ``KEY_INIT`` starts every suit counter at 3, so a suit with 5 or more cards
  sets bit 3 of its nibble: ``key & FLUSH_CHECK`` finds a flush. With at most
  7 cards a flush excludes quads and full houses, so the flush table alone
  scores it: ``flush_score[13-bit rank set of that suit]``.
* otherwise the low 32 bits index ``rank_score`` through the perfect hash
  ``(k & 4095) + offsets[k >> 12]`` (about 90k entries instead of 33M).

``rank_score``/``flush_score`` hold the seed's 30-bit score (SPEC §3b) and
``rank_class``/``flush_class`` the class 1..7462 (SPEC §3c). They are computed
here from rank counts by a direct best-five rule, independent of the seed's
bit reductions in :mod:`pokercli.reference`; the tests compare the two on
every five-card hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pokercli import reference as R
from pokercli.paths import EVALUATOR_TABLES, TABLE_VERSION  # noqa: F401 - the cache file's name and version

RANK_KEYS = (0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000, 0x41A013,
             0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493)
KEY_INIT = 0x3333 << 32
FLUSH_CHECK = 0x8888 << 32
ROW_SHIFT = 12


def _bits(ranks) -> int:
    m = 0
    for r in ranks:
        m |= 1 << r
    return m


def _straight_top(present: int) -> int:
    """Primary rank set of the best straight in a rank set, 0 if none."""
    for top in range(12, 3, -1):
        run = 0b11111 << (top - 4)
        if present & run == run:
            return run
    return 15 if present & R.FIVE_HIGH == R.FIVE_HIGH else 0


def _top(ranks_desc: list[int], n: int) -> int:
    return _bits(ranks_desc[:n])


def score_from_counts(counts: tuple[int, ...]) -> int:
    """Best-five score of a non-flush hand from its rank counts (5-7 cards)."""
    T = R.HAND_TYPES
    by = lambda k: [r for r in range(12, -1, -1) if counts[r] >= k]  # noqa: E731
    singles, pairs, trips, quads = by(1), by(2), by(3), by(4)
    present = _bits(singles)
    if quads:
        q = quads[0]
        return T["FOUR_OF_A_KIND"] << 26 | 1 << q << 13 | _top([r for r in singles if r != q], 1)
    if trips and len(pairs) >= 2:
        t = trips[0]
        return T["FULL_HOUSE"] << 26 | 1 << t << 13 | _top([r for r in pairs if r != t], 1)
    straight = _straight_top(present)
    if straight:
        return T["STRAIGHT"] << 26 | straight << 13
    if trips:
        t = trips[0]
        return T["THREE_OF_A_KIND"] << 26 | 1 << t << 13 | _top([r for r in singles if r != t], 2)
    if len(pairs) >= 2:
        p = pairs[:2]
        return T["TWO_PAIR"] << 26 | _bits(p) << 13 | _top([r for r in singles if r not in p], 1)
    if pairs:
        p = pairs[0]
        return T["PAIR"] << 26 | 1 << p << 13 | _top([r for r in singles if r != p], 3)
    return T["HIGH_CARD"] << 26 | _top(singles, 5) << 13


def flush_score_of(suit_ranks: int) -> int:
    """Score of the best five cards of one suit holding ``suit_ranks`` (>= 5 ranks)."""
    sf = _straight_top(suit_ranks)
    if sf:
        return R.HAND_TYPES["STRAIGHT_FLUSH"] << 26 | sf << 13
    desc = [r for r in range(12, -1, -1) if suit_ranks >> r & 1]
    return R.HAND_TYPES["FLUSH"] << 26 | _top(desc, 5) << 13


def rank_multisets(min_cards: int = 5, max_cards: int = 7):
    for total in range(min_cards, max_cards + 1):
        yield from R.rank_multisets(total)


@dataclass(frozen=True)
class Tables:
    card_keys: np.ndarray    # uint64[52], by card id
    offsets: np.ndarray      # uint32[rows]
    rank_score: np.ndarray   # uint32[size]
    rank_class: np.ndarray   # uint16[size]
    flush_score: np.ndarray  # uint32[8192]
    flush_class: np.ndarray  # uint16[8192]
    scores_desc: np.ndarray  # uint32[7462], class i is scores_desc[i - 1]

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def _perfect_hash(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row-displacement perfect hash: per-row offsets and each key's slot.

    Keys are split into rows of 4096 columns; rows are placed densest first at
    the lowest offset where none of their columns hits a used slot.
    """
    rows = keys >> ROW_SHIFT
    cols = keys & ((1 << ROW_SHIFT) - 1)
    n_rows = int(rows.max()) + 1
    order = np.argsort(rows, kind="stable")
    bounds = np.searchsorted(rows[order], np.arange(n_rows + 1)).astype(np.int64)
    sizes = np.diff(bounds)
    row_order = np.argsort(-sizes, kind="stable").astype(np.int64)
    offsets = _place_rows(cols[order].astype(np.int64), bounds, row_order,
                          len(keys) * 2 + (1 << ROW_SHIFT))
    slots = cols + offsets[rows].astype(np.int64)
    return offsets, slots


#: Rows :func:`_place_rows` places a kernel call (the densest first: 64 calls
#: of at most about 0.05 s each on the 2-core Xeon of 2026-11-29).
PLACE_ROWS = 128


def _place_rows(cols, bounds, row_order, capacity):
    """Each row's offset (:func:`pokercli._kernels.evaluator.place_rows`), the
    rows placed ``PLACE_ROWS`` a call: between calls a Ctrl-C is answered."""
    from pokercli._kernels.jit import call, table_builder
    from pokercli._kernels.evaluator import place_rows

    next_free = np.arange(capacity + 1, dtype=np.int64)  # every slot free (one past the end too)
    offsets = np.zeros(len(bounds) - 1, np.uint32)
    first_free = np.zeros(1, np.int64)
    for start in range(0, len(row_order), PLACE_ROWS):
        call(table_builder(place_rows), cols, bounds, row_order, next_free, offsets, first_free, start,
             min(start + PLACE_ROWS, len(row_order)))
    return offsets


def build_tables() -> Tables:
    keys_l, scores_l = [], []
    for counts in rank_multisets():
        keys_l.append(sum(n * k for n, k in zip(counts, RANK_KEYS)))
        scores_l.append(score_from_counts(counts))
    keys = np.array(keys_l, dtype=np.int64)
    if len(np.unique(keys)) != len(keys):
        raise AssertionError("rank keys are not unique")
    offsets, slots = _perfect_hash(keys)
    size = int(slots.max()) + 1
    scores_desc = np.array(R.all_scores(), dtype=np.uint32)
    scores_asc = scores_desc[::-1]

    def classes(s: np.ndarray) -> np.ndarray:
        idx = np.searchsorted(scores_asc, s)
        return (len(scores_asc) - idx).astype(np.uint16)

    rank_score = np.zeros(size, dtype=np.uint32)
    rank_score[slots] = np.array(scores_l, dtype=np.uint32)
    rank_class = np.zeros(size, dtype=np.uint16)
    rank_class[slots] = classes(rank_score[slots])
    flush_score = np.zeros(8192, dtype=np.uint32)
    for m in range(8192):
        if bin(m).count("1") >= 5:
            flush_score[m] = flush_score_of(m)
    flush_class = np.zeros(8192, dtype=np.uint16)
    nz = flush_score > 0
    flush_class[nz] = classes(flush_score[nz])
    card_keys = np.array([RANK_KEYS[c % 13] + (1 << (32 + 4 * (c // 13))) for c in range(52)],
                         dtype=np.uint64)
    return Tables(card_keys, offsets, rank_score, rank_class, flush_score, flush_class, scores_desc)


def _load(payload: bytes) -> Tables:
    import io

    with np.load(io.BytesIO(payload), allow_pickle=False) as data:
        t = Tables(**{k: data[k] for k in Tables.__dataclass_fields__})
    if t.card_keys.shape != (52,) or t.flush_score.shape != (8192,) or t.scores_desc.shape != (7462,) \
            or t.rank_score.shape != t.rank_class.shape or t.offsets.ndim != 1:
        raise ValueError("the arrays have the wrong shapes")
    return t


def build_payload() -> bytes:
    import io
    from pokercli.paths import notice

    notice("building evaluator lookup tables (first run only)...")
    buf = io.BytesIO()
    np.savez(buf, **build_tables().arrays())
    return buf.getvalue()


@lru_cache(maxsize=1)
def tables() -> Tables:
    """The tables, from the on-disk cache or built (about a second) and cached."""
    from pokercli.paths import read_cached

    return read_cached(EVALUATOR_TABLES, _load, build_payload, "evaluator lookup tables")


@lru_cache(maxsize=2)
def shortdeck_tables(ranking: str) -> Tables:
    """The tables of a short deck ranking (:mod:`pokercli.shortdeck`): the same
    card keys and perfect hash as hold'em's (the rank multisets of six to ace
    are among hold'em's), holding short deck scores and classes 1..1404.
    Slots of hands with a two to five stay 0: no short deck hand reads them.
    Built in memory (a fraction of a second)."""
    from itertools import combinations

    from pokercli import shortdeck as S

    base = tables()
    keys, scores = [], []
    for total in range(5, 8):
        for counts in R.rank_multisets(total):
            if not any(counts[:4]):
                keys.append(sum(n * k for n, k in zip(counts, RANK_KEYS)))
                scores.append(S.score_from_counts(counts, ranking))
    keys_a = np.array(keys, np.int64)
    slots = (keys_a & 4095) + base.offsets[keys_a >> ROW_SHIFT].astype(np.int64)
    scores_desc = np.array(S.all_scores(ranking), np.uint32)
    scores_asc = scores_desc[::-1]

    def classes(s: np.ndarray) -> np.ndarray:
        return (len(scores_asc) - np.searchsorted(scores_asc, s)).astype(np.uint16)

    rank_score = np.zeros_like(base.rank_score)
    rank_score[slots] = np.array(scores, np.uint32)
    rank_class = np.zeros_like(base.rank_class)
    rank_class[slots] = classes(rank_score[slots])
    flush_score = np.zeros(8192, np.uint32)
    for n in range(5, 8):
        for ranks in combinations(range(4, 13), n):
            flush_score[sum(1 << r for r in ranks)] = S.flush_score_of(_bits(ranks), ranking)
    flush_class = np.zeros(8192, np.uint16)
    nz = flush_score > 0
    flush_class[nz] = classes(flush_score[nz])
    return Tables(base.card_keys, base.offsets, rank_score, rank_class, flush_score, flush_class,
                  scores_desc)


def ranking_tables(ranking: str = "standard") -> Tables:
    """The :class:`Tables` of a ranking by its key: ``"standard"`` (hold'em,
    Omaha) or a short deck ranking (:func:`shortdeck_tables`)."""
    return tables() if ranking == "standard" else shortdeck_tables(ranking)


@lru_cache(maxsize=3)
def kernel_tables(ranking: str = "standard"):
    """The evaluator's kernel arguments: (card keys int64[52], row offsets
    uint32, (rank_score, flush_score) uint32 tables, (rank_class, flush_class)
    uint16 tables); see :class:`Tables`. ``ranking``:
    ``"standard"`` (hold'em, Omaha) or a short deck ranking (``"shortdeck"``,
    ``"shortdeck-straight"``, :mod:`pokercli.shortdeck`)."""
    t = ranking_tables(ranking)
    keys = t.card_keys.astype(np.int64)
    offsets = t.offsets.astype(np.uint32)
    return keys, offsets, (t.rank_score, t.flush_score), (t.rank_class, t.flush_class)


@lru_cache(maxsize=3)
def strength_tables(ranking: str = "standard") -> tuple[np.ndarray, np.ndarray]:
    """16-bit (rank, flush) tables ordered like the scores (higher wins, equal
    ties) for the kernels that only compare hands: classes + 1 - class (7463 -
    class in hold'em; 0 where no hand reads). Half the cache footprint of the
    32-bit scores: measured about 10 % faster (heads-up Monte Carlo, medians of
    runs taking turns)."""
    rank_class, flush_class = kernel_tables(ranking)[3]
    top = int(max(rank_class.max(), flush_class.max())) + 1
    return tuple(np.where(t > 0, top - t.astype(np.int64), 0).astype(np.uint16)
                 for t in (rank_class, flush_class))
