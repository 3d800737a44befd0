"""Heads-up preflop equity by lookup: every deal's exact counts, computed once and shipped.

Without a board or dead cards, a heads-up deal (two hands) is, up to a
renaming of suits and the order of the seats, one of 47,008 canonical deals.
``data/preflop_headsup.npz`` holds each one's exact result over all
1,712,304 boards, computed by pokercli's own enumeration
(``scripts/gen_preflop_headsup.py``): a code, the first seat's wins and the
ties, sorted by code, with a SHA-256 of the arrays. A heads-up preflop job
then costs table reads and weighted sums instead of enumerations, with the
very same integer counts.

A deal's **code** packs its four card ids (6 bits each): first hand's lower
and higher card, then the second hand's; its canonical code is the smallest
code over the 24 suit renamings and both seat orders.
"""

from __future__ import annotations

import hashlib
import zipfile
from functools import lru_cache
from importlib import resources
from itertools import permutations

import numpy as np

from pokercli.preflop_pairs import BOARDS, DATA_NAME, damaged

#: Below this many deals, codes are computed directly; above, from the pair index.
_DIRECT = 20_000


@lru_cache(maxsize=1)
def _perms() -> np.ndarray:
    """The 24 suit renamings as card-id maps (24, 52)."""
    return np.array([[13 * p[c // 13] + c % 13 for c in range(52)] for p in permutations(range(4))],
                    np.int64)


def decode(code: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two hands of a code: ((a1, a2), (b1, b2))."""
    return ((code >> 18) & 63, (code >> 12) & 63), ((code >> 6) & 63, code & 63)


@lru_cache(maxsize=1)
def combo_codes() -> np.ndarray:
    """int64[24, 1326]: each combo's code (lower card id * 64 + higher) under
    each suit renaming, so that a deal's 48 variants are two table reads."""
    combos = all_combos()
    out = np.empty((24, len(combos)), np.int64)
    for k, p in enumerate(_perms()):
        cards = np.sort(p[combos], axis=1)
        out[k] = cards[:, 0] * 64 + cards[:, 1]
    return out


def canonical_pairs(i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Canonical codes of the deals combo ``i[n]`` against combo ``j[n]``
    (indices of :func:`all_combos`), and whether the canonical order swaps the
    seats."""
    table = combo_codes()
    ca, cb = table[:, i], table[:, j]
    direct = ca * 4096 + cb
    reverse = cb * 4096 + ca
    code = np.minimum(direct, reverse)
    k = code.argmin(axis=0)
    cols = np.arange(code.shape[1])
    return code[k, cols], reverse[k, cols] < direct[k, cols]


@lru_cache(maxsize=1)
def _combo_codes_by_combo() -> np.ndarray:
    """:func:`combo_codes` transposed: int64[1326, 24], a combo's 24 codes in a row."""
    return np.ascontiguousarray(combo_codes().T)


def pair_counts(i: int, j: int) -> tuple[int, int, int]:
    """(wins of combo ``i``, wins of combo ``j``, ties) of one deal, combo ``i``
    against combo ``j`` (disjoint; indices of :func:`all_combos`): the one-deal
    case of :func:`counts_of_pairs`, with no arrays to build."""
    rows = _combo_codes_by_combo()
    ca, cb = rows[i], rows[j]
    direct, reverse = int((ca * 4096 + cb).min()), int((cb * 4096 + ca).min())
    codes, wins, ties = data()
    row = int(codes.searchsorted(min(direct, reverse)))
    w, t = int(wins[row]), int(ties[row])
    return (BOARDS - w - t, w, t) if reverse < direct else (w, BOARDS - w - t, t)


def canonical(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`canonical_pairs` of deals given as card ids (arrays (n, 2))."""
    a, b = np.sort(np.asarray(a, np.int64), axis=1), np.sort(np.asarray(b, np.int64), axis=1)
    return canonical_pairs(combo_index(a[:, 0], a[:, 1]), combo_index(b[:, 0], b[:, 1]))


@lru_cache(maxsize=1)
def all_combos() -> np.ndarray:
    """The 1,326 two-card combos (lower card id first), in combo-index order."""
    return np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], np.int64)


def combo_index(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Index in :func:`all_combos` of combos ``(a, b)`` with ``a < b``."""
    return a * 51 - a * (a - 1) // 2 + b - a - 1


def canonical_deals() -> np.ndarray:
    """Every canonical code, sorted (47,008 of them)."""
    n = len(all_combos())
    return np.unique(np.concatenate([np.unique(canonical_pairs(np.full(len(free), i), free)[0])
                                     for i in range(n) for free in [_free(i)]]))


@lru_cache(maxsize=1)
def _overlap() -> np.ndarray:
    """bool[1326, 1326]: whether two combos share a card."""
    combos = all_combos()
    bits = (np.int64(1) << combos[:, 0]) | (np.int64(1) << combos[:, 1])
    return (bits[:, None] & bits[None, :]) != 0


def _free(i: int) -> np.ndarray:
    """The combos that share no card with combo ``i``."""
    return np.flatnonzero(~_overlap()[i])


def _checksum(codes: np.ndarray, wins: np.ndarray, ties: np.ndarray) -> str:
    h = hashlib.sha256()
    for arr in (codes, wins, ties):
        h.update(np.ascontiguousarray(arr, np.uint32).tobytes())
    return h.hexdigest()


def save(path, codes: np.ndarray, wins: np.ndarray, ties: np.ndarray) -> None:
    """Write the table, its members stored without compression: reading it
    whole, checksum included, takes 3 ms instead of 7 (560 KB against 320),
    and a one-off ``pokercli equity AsAh KsKh`` reads it."""
    order = np.argsort(codes)
    codes, wins, ties = (np.asarray(x, np.uint32)[order] for x in (codes, wins, ties))
    np.savez(path, codes=codes, wins=wins, ties=ties,
                        sha256=np.array(_checksum(codes, wins, ties)))


@lru_cache(maxsize=1)
def data() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(codes, first seat's wins, ties) of the shipped table; its checksum is
    verified (a damaged installation is an internal error, said once)."""
    try:
        with resources.files("pokercli").joinpath(f"data/{DATA_NAME}").open("rb") as f:
            with np.load(f) as z:
                codes, wins, ties, digest = z["codes"], z["wins"], z["ties"], str(z["sha256"])
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        raise damaged(f"{type(e).__name__}: {e}") from None
    if _checksum(codes, wins, ties) != digest:
        raise damaged("checksum")
    return codes, wins, ties


def counts_of_pairs(i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(wins of combo ``i``, wins of combo ``j``, ties) of each deal combo
    ``i[n]`` against combo ``j[n]`` (disjoint; indices of :func:`all_combos`)."""
    if len(i) > _DIRECT:
        entry = pair_index()[i, j].astype(np.int64)
        row, swapped = entry >> 1, (entry & 1).astype(bool)
    else:
        codes, swapped = canonical_pairs(i, j)
        row = np.searchsorted(data()[0], codes)
    return _oriented(row, swapped)


def _oriented(row: np.ndarray, swapped: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    _, wins, ties = data()
    w = wins[row].astype(np.int64)
    t = ties[row].astype(np.int64)
    other = BOARDS - w - t
    return np.where(swapped, other, w), np.where(swapped, w, other), t


def counts(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`counts_of_pairs` of deals given as card ids (arrays (n, 2))."""
    a, b = np.sort(np.asarray(a, np.int64).reshape(-1, 2), axis=1), np.sort(np.asarray(b, np.int64).reshape(-1, 2), axis=1)
    return counts_of_pairs(combo_index(a[:, 0], a[:, 1]), combo_index(b[:, 0], b[:, 1]))


def counts_of_block(i: np.ndarray, j: np.ndarray):
    """For every combo of ``i`` against every combo of ``j``: a mask of the
    deals that share no card, and their (wins of ``i``, wins of ``j``, ties),
    row-major over the valid deals. Big blocks gather from :func:`pair_index`."""
    if len(i) * len(j) > _DIRECT:
        entry = pair_index()[np.ix_(i, j)]
        valid = entry >= 0
        entry = entry[valid].astype(np.int64)
        return valid, _oriented(entry >> 1, (entry & 1).astype(bool))
    valid = ~_overlap()[np.ix_(i, j)]
    ii, jj = np.nonzero(valid)
    return valid, counts_of_pairs(i[ii], j[jj])


def _cached_array(name: str, shape: tuple, dtype, build, what: str) -> np.ndarray:
    """An array derived from the shipped file, cached on disk under ``name`` and
    the file's digest (rebuilt by ``build()`` when missing, damaged or of
    another shape)."""
    import io

    from pokercli.paths import data_digest, read_cached

    def built() -> bytes:
        buf = io.BytesIO()
        np.save(buf, np.asarray(build(), dtype))
        return buf.getvalue()

    def load(payload: bytes) -> np.ndarray:
        array = np.load(io.BytesIO(payload), allow_pickle=False)
        if array.shape != shape or array.dtype != dtype:
            raise ValueError(f"not the {what}")
        return array

    return read_cached(f"{name}-{data_digest(DATA_NAME)}.npy", load, built, what)


@lru_cache(maxsize=1)
def pair_index() -> np.ndarray:
    """int32[1326, 1326]: for combos ``i`` and ``j`` (first and second seat), the
    table row of their deal times 2, plus 1 when the canonical order swaps the
    seats; -1 where the combos share a card. Built once (a few seconds) and
    cached on disk."""
    def build() -> np.ndarray:
        n = len(all_combos())
        index = np.full((n, n), -1, np.int32)
        codes_sorted = data()[0]
        for i in range(n):
            free = _free(i)
            codes, swapped = canonical_pairs(np.full(len(free), i), free)
            index[i, free] = np.searchsorted(codes_sorted, codes).astype(np.int32) * 2 + swapped
        return index

    return _cached_array("preflop-pair-index", (1326, 1326), np.int32, build,
                         "index of heads-up preflop deals")


@lru_cache(maxsize=1)
def vs_all() -> np.ndarray:
    """int64[1326, 3]: for each combo (first seat), its wins, the opponents'
    wins and the ties summed over all 1,225 combos that share no card with it
    (every board each): what a ``random`` player makes against it. Derived
    from the table once (under a second) and cached on disk."""
    def build() -> np.ndarray:
        out = np.zeros((len(all_combos()), 3), np.int64)
        for i in range(len(out)):
            free = _free(i)
            wins_i, wins_j, ties = counts_of_pairs(np.full(len(free), i), free)
            out[i] = wins_i.sum(), wins_j.sum(), ties.sum()
        return out

    return _cached_array("preflop-vs-all", (1326, 3), np.int64, build,
                         "table of each combo against every other")


@lru_cache(maxsize=1)
def class_of_combo() -> np.ndarray:
    """int64[1326]: each combo's starting-hand class, its index in
    :func:`pokercli.ranges.starting_classes` (grid order AA, AKs, ..., 22)."""
    from pokercli.ranges import class_name, starting_classes

    index = {name: i for i, name in enumerate(starting_classes())}
    return np.array([index[class_name((int(a), int(b)))] for a, b in all_combos()], np.int64)


@lru_cache(maxsize=1)
def class_pair_totals() -> np.ndarray:
    """int64[2, 169, 169]: for classes ``a`` (first seat) and ``b``, over every
    deal of a combo of ``a`` against a combo of ``b`` that share no card:
    ``[0]`` how many such deals, ``[1]`` the first seat's wins less its losses
    summed over all their boards (so the mean of ``2 * equity - 1`` is
    ``[1] / ([0] * BOARDS)``). Exact integers from the table, card removal
    included; derived once (under a second) and cached on disk."""
    def build() -> np.ndarray:
        deals, won, tied = class_pair_outcomes()
        return np.stack([deals, 2 * won + tied - deals * BOARDS])  # wins less losses

    return _cached_array("preflop-class-totals", (2, 169, 169), np.int64, build,
                         "table of each starting-hand class against each other")


@lru_cache(maxsize=1)
def class_pair_outcomes() -> np.ndarray:
    """int64[3, 169, 169]: as :func:`class_pair_totals` but with the results
    apart: ``[0]`` the deals of a combo of ``a`` (first seat) against a combo
    of ``b`` sharing no card, ``[1]`` the first seat's wins and ``[2]`` the
    ties, summed over their boards. Exact; derived once and cached on disk."""
    def build() -> np.ndarray:
        cls = class_of_combo()
        out = np.zeros((3, 169, 169), np.int64)
        for i in range(len(cls)):
            free = _free(i)
            won, _, tied = counts_of_pairs(np.full(len(free), i), free)
            np.add.at(out[0, cls[i]], cls[free], 1)
            np.add.at(out[1, cls[i]], cls[free], won)
            np.add.at(out[2, cls[i]], cls[free], tied)
        return out

    return _cached_array("preflop-class-outcomes", (3, 169, 169), np.int64, build,
                         "table of each starting-hand class's wins and ties against each other")


def vs_random() -> dict[str, dict]:
    """Each of the 169 classes' exact result against one random hand: its
    representative hand (As Ah, As Ks, As Kh, ...) against every two-card hand
    of the other 50 cards and every board (a row of :func:`vs_all`).
    :func:`pokercli.hand_strength.preflop_table` caches it as JSON, so that
    later runs load no NumPy."""
    from pokercli.ranges import class_representative, starting_classes

    table = {}
    totals = vs_all()
    for name in starting_classes():
        a, b = sorted(class_representative(name))
        won, _, tied = (int(x) for x in totals[combo_index(a, b)])
        total = 1225 * BOARDS
        table[name] = {"wins": won, "ties": tied, "total": total,
                       "split_share": tied / 2, "equity": (won + tied / 2) / total}
    return table
