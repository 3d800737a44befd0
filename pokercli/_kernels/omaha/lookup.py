"""Lookup tables of the Omaha kernels, built once from the evaluator's tables and cached.

See :mod:`pokercli._kernels.omaha` for what each table holds. The pair and
flush tables are filled by Numba kernels from the evaluator's 16-bit
strength tables (a five-card hand of two hole and three board cards is
scored by the very same tables as every other hand); the low table is plain
Python over all 256 x 256 pairs of low-rank sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from pokercli import reference as R

from pokercli._kernels.omaha.tables import BOARD_MULTISETS  # noqa: F401 (also read from here)

TABLE_VERSION = 2


def low_rank_bit(card: int) -> int:
    """A card's low-rank bit: ace 1, two 2, ... eight 128; 0 for nine and above."""
    r = card % 13
    return 1 if r == 12 else (1 << (r + 1) if r <= 6 else 0)


def best_low_of_sets(hole: int, board: int) -> int:
    """The best low (the 8-bit set of its five ranks) of two ranks of ``hole`` and
    three of ``board`` (low-rank sets), all five different; 0 when none."""
    best = 0
    for pair in combinations([b for b in range(8) if hole >> b & 1], 2):
        mp = (1 << pair[0]) | (1 << pair[1])
        for tri in combinations([b for b in range(8) if board >> b & 1 and not mp >> b & 1], 3):
            m = mp | (1 << tri[0]) | (1 << tri[1]) | (1 << tri[2])
            if best == 0 or m < best:
                best = m
    return best


@dataclass(frozen=True)
class OmahaTables:
    board_index: np.ndarray  # uint16[slots]
    pair_best: np.ndarray    # uint16[6175 * 169]
    flush_best: np.ndarray   # uint16[8192 * 169]
    low_best: np.ndarray     # uint16[65536]
    low_bits: np.ndarray     # int64[52]
    pair_code: np.ndarray    # int64[52 * 52]

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def build_tables() -> OmahaTables:
    from pokercli._kernels.omaha import tables as K
    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import kernel_tables, strength_tables

    keys, offsets, (rank_score, _), _ = kernel_tables()
    rank_strength, flush_strength = strength_tables()
    counts = np.array(list(R.rank_multisets(5)), np.int64)
    assert len(counts) == BOARD_MULTISETS
    rank_keys = keys[:13] & 0xFFFFFFFF  # the first suit's cards: each rank's key
    board_keys = counts @ rank_keys
    slots = (board_keys & 4095) + offsets[board_keys >> 12].astype(np.int64)
    board_index = np.zeros(len(rank_score), np.uint16)
    board_index[slots] = np.arange(BOARD_MULTISETS)
    pair_best = np.zeros((BOARD_MULTISETS, 169), np.uint16)
    call(K.build_pair_best, counts, rank_keys.astype(np.int64), offsets, rank_strength, pair_best)
    flush_best = np.zeros((8192, 169), np.uint16)
    call(K.build_flush_best, flush_strength, flush_best)
    low_best = np.zeros(65536, np.uint16)
    for hole in range(256):
        for board in range(256):
            m = best_low_of_sets(hole, board)
            if m:
                low_best[hole << 8 | board] = 256 - m
    low_bits = np.array([low_rank_bit(c) for c in range(52)], np.int64)
    return OmahaTables(board_index, pair_best.ravel(), flush_best.ravel(), low_best, low_bits,
                       pair_codes())


def pair_codes() -> np.ndarray:
    """int64[52 * 52]: a hole pair's rank index and suit (see the kernels)."""
    code = np.zeros(52 * 52, np.int64)
    for a in range(52):
        for b in range(52):
            ra, rb = a % 13, b % 13
            suited = a // 13 == b // 13
            code[52 * a + b] = 13 * min(ra, rb) + max(ra, rb) + (256 * (a // 13 + 1) if suited else 0)
    return code


def _load(payload: bytes) -> OmahaTables:
    import io

    with np.load(io.BytesIO(payload), allow_pickle=False) as data:
        t = OmahaTables(**{k: data[k] for k in OmahaTables.__dataclass_fields__})
    if (t.pair_best.shape != (BOARD_MULTISETS * 169,) or t.flush_best.shape != (8192 * 169,)
            or t.low_best.shape != (65536,) or t.low_bits.shape != (52,) or t.board_index.ndim != 1
            or t.pair_code.shape != (52 * 52,)):
        raise ValueError("the arrays have the wrong shapes")
    return t


def _build() -> bytes:
    import io
    from pokercli.paths import notice

    notice("building Omaha lookup tables (first run only)...")
    buf = io.BytesIO()
    np.savez_compressed(buf, **build_tables().arrays())
    return buf.getvalue()


def quad_index() -> np.ndarray:
    """uint16[169 * 169]: by ``169 * (13 * a + b) + 13 * c + d`` (four ranks in
    any order), the number of their rank multiset in :func:`quads`' order."""
    places = 13 ** np.arange(3, -1, -1)
    slots = np.array(np.unravel_index(np.arange(13 ** 4), (13,) * 4)).T  # (a, b, c, d) of each slot
    number = np.zeros(13 ** 4, np.uint16)
    number[np.array(quads()) @ places] = np.arange(len(quads()))
    return number[np.sort(slots, axis=1) @ places]


def quads() -> list[tuple[int, int, int, int]]:
    """The 1,820 multisets of four ranks, sorted, in lexicographic order."""
    return list(combinations_with_replacement(range(13), 4))


@lru_cache(maxsize=1)
def quad_tables() -> tuple[np.ndarray, np.ndarray]:
    """(``quad_index``, ``quad_best``: uint16[1820 * 6175]) of the kernels,
    derived from the pair table in memory (a few milliseconds; 22 MB, so
    not written to the cache)."""
    from pokercli._kernels.omaha import tables as K
    from pokercli._kernels.jit import call

    best = np.zeros((len(quads()), BOARD_MULTISETS), np.uint16)
    by_pair = np.ascontiguousarray(tables().pair_best.reshape(BOARD_MULTISETS, 169).T)
    call(K.build_quad_best, np.array(quads(), np.int64), by_pair, best)
    return quad_index(), best.ravel()


@lru_cache(maxsize=1)
def pair_parts() -> tuple[np.ndarray, np.ndarray]:
    """(``first_pairs``, ``second_pairs``): int64[65536] by ``256 * a + b`` (two
    card bytes) for the batch kernels (``evaluate_rows4`` …). The ``quad_index``
    slot of four ranks is ``first[a, b] + second[c, d]`` (``169 * (13 * ra +
    rb)`` and ``13 * rc + rd``) in bits 0..31; bits 32..47 add up the cards'
    suit counts, one nibble a suit, the first starting every nibble at 6 (bit
    3 of a nibble: two or more cards of the suit); bit 56 marks a byte that is
    not a card (any pair with one)."""
    first = np.full(65536, 1 << 56, np.int64)
    second = first.copy()
    ids = np.arange(52)
    rank, suit = ids % 13, ids // 13
    a, b = np.meshgrid(ids, ids, indexing="ij")
    slot = 256 * a + b
    suits = (1 << (4 * suit[a])) + (1 << (4 * suit[b]))
    first[slot] = 169 * (13 * rank[a] + rank[b]) + ((0x6666 + suits) << 32)
    second[slot] = 13 * rank[a] + rank[b] + (suits << 32)
    return first, second


@lru_cache(maxsize=1)
def tables() -> OmahaTables:
    """The tables, from the on-disk cache or built (a few seconds) and cached."""
    from pokercli.paths import read_cached

    return read_cached(f"omaha-tables-v{TABLE_VERSION}.npz", _load, _build, "Omaha lookup tables")
