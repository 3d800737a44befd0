"""A hand against a hand on a flop, turn or river, counted without NumPy.

``pokercli equity AhKh QsQd --board "Jh Th 2c"`` has 990 runouts to value,
two hands each: a few milliseconds of plain Python with the evaluator's own
tables (:mod:`pokercli._kernels.lookup`: additive card keys, a perfect hash
into the rank table, the flush table), read from their on-disk cache with
the standard library (``zipfile`` and ``array``, as
:mod:`pokercli.preflop_pairs` reads the shipped preflop table). Importing
NumPy alone costs a one-off command more than that. The counts are the
exact engine's (tested on random spots against it).

>>> from pokercli.cards import parse
>>> a, b = parse("Ah Kh"), parse("Qs Qd")
>>> pair_counts(a, b, parse("Jh Th 2c"))  # (a wins, b wins, ties, runouts)
(555, 435, 0, 990)
"""

from __future__ import annotations

import io
import zipfile
from array import array
from functools import lru_cache
from itertools import combinations
from typing import Sequence

#: A hand's key before its cards' keys are added (each suit's count starts at 3: five of a
#: suit set the nibble's top bit, bit 35 + 4 * suit).
KEY_INIT = 0x3333 << 32
#: A spot is counted here when it has at most this many runouts (a flop's 990 heads-up).
MOST_RUNOUTS = 1_100


def _read(payload: bytes) -> tuple[list[int], array, array, array]:
    """(card keys, offsets, rank scores, flush scores) of the tables' ``.npz`` payload."""
    from pokercli.preflop_pairs import read_npy

    want = {"card_keys": ("<u8", "Q"), "offsets": ("<u4", "I"), "rank_score": ("<u4", "I"),
            "flush_score": ("<u4", "I")}
    out = {}
    with zipfile.ZipFile(io.BytesIO(payload)) as z:
        for name, (descr, code) in want.items():
            header, body = read_npy(z.read(f"{name}.npy"))
            (n,) = header["shape"]
            a = array(code)
            if header["descr"] != descr or len(body) < a.itemsize * n:
                raise ValueError(f"{name} is not {n} numbers of {descr}")
            a.frombytes(body[:a.itemsize * n])
            out[name] = a
    if len(out["card_keys"]) != 52 or len(out["flush_score"]) != 8192:
        raise ValueError("the arrays have the wrong shapes")
    return list(out["card_keys"]), out["offsets"], out["rank_score"], out["flush_score"]


def _build() -> bytes:
    from pokercli._kernels.lookup import build_payload  # NumPy: the first run only

    return build_payload()


@lru_cache(maxsize=1)
def tables() -> tuple[list[int], array, array, array]:
    """The evaluator's tables from their cache file (built the first time, with NumPy)."""
    from pokercli.paths import EVALUATOR_TABLES, read_cached

    return read_cached(EVALUATOR_TABLES, _read, _build, "evaluator lookup tables")


def scorer():
    """``value(key, mask)``: the score of 5 to 7 cards from their key
    (:data:`KEY_INIT` plus the cards' keys) and card mask, read from the tables."""
    _, offsets, rank_score, flush_score = tables()

    def value(key: int, mask: int) -> int:
        flush = (key >> 35) & 0x1111
        if flush:
            suit = (flush & 0x1110 != 0) + (flush & 0x1100 != 0) + (flush & 0x1000 != 0)
            return flush_score[(mask >> (13 * suit)) & 0x1FFF]
        low = key & 0xFFFFFFFF
        return rank_score[(low & 4095) + offsets[low >> 12]]

    return value


def pair_counts(a: Sequence[int], b: Sequence[int], board: Sequence[int],
                dead: Sequence[int] = ()) -> tuple[int, int, int, int]:
    """(a's wins, b's wins, ties, runouts) of two two-card hands over every
    completion of a board of 3 to 5 cards from the cards no hand, board or
    dead card holds."""
    keys = tables()[0]
    value = scorer()
    used = set(a) | set(b) | set(board) | set(dead)
    rest = [c for c in range(52) if c not in used]
    base = KEY_INIT + sum(keys[c] for c in board)
    base_mask = sum(1 << c for c in board)
    hands = [(base + keys[x] + keys[y], base_mask | (1 << x) | (1 << y)) for x, y in (a, b)]

    (ka, ma), (kb, mb) = hands
    wins_a = wins_b = ties = runouts = 0
    for more in combinations(rest, 5 - len(board)):
        k = sum(keys[c] for c in more)
        m = 0
        for c in more:
            m |= 1 << c
        va, vb = value(ka + k, ma | m), value(kb + k, mb | m)
        runouts += 1
        if va > vb:
            wins_a += 1
        elif vb > va:
            wins_b += 1
        else:
            ties += 1
    return wins_a, wins_b, ties, runouts
