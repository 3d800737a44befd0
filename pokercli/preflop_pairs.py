"""One heads-up preflop deal's exact counts from the shipped table, without NumPy.

The table is :mod:`pokercli.preflop_lookup`'s (``data/preflop_headsup.npz``:
47,008 canonical deals, sorted codes, the first seat's wins and the ties,
and a SHA-256 of the three arrays). A hand against a hand is one row of it:
read here with the standard library (``zipfile`` and ``array``; an ``.npy``
member is a short header and the raw little-endian numbers), so that
``pokercli equity AsAh KsKh`` answers without importing NumPy or Numba.
The checksum is verified as the NumPy reader does.

>>> from pokercli.cards import parse
>>> a, b, c, d = parse("As Ah Ks Kh")
>>> pair_counts((a, b), (c, d))  # of 1,712,304 boards
(1410336, 292660, 9308)
"""

from __future__ import annotations

import ast
import hashlib
import struct
import sys
import zipfile
from array import array
from bisect import bisect_left
from functools import lru_cache
from importlib import resources
from typing import Optional
from itertools import permutations

DATA_NAME = "preflop_headsup.npz"
#: Boards of a heads-up preflop deal: C(48, 5).
BOARDS = 1_712_304

_PERMS = tuple(permutations(range(4)))


def damaged(why: str) -> RuntimeError:
    """The one error of a damaged installed table."""
    return RuntimeError(f"the installed data/{DATA_NAME} is damaged ({why}); reinstall pokercli")


def read_npy(raw: bytes) -> tuple[dict, bytes]:
    """(header, data bytes) of an ``.npy`` file."""
    if raw[:6] != b"\x93NUMPY":
        raise ValueError("not an .npy member")
    if raw[6] == 1:
        (size,), start = struct.unpack("<H", raw[8:10]), 10
    else:
        (size,), start = struct.unpack("<I", raw[8:12]), 12
    header = ast.literal_eval(raw[start:start + size].decode("latin1"))
    if not isinstance(header, dict) or header.get("fortran_order"):
        raise ValueError("an unexpected .npy header")
    return header, raw[start + size:]


@lru_cache(maxsize=1)
def table() -> tuple[array, array, array]:
    """(codes, first seat's wins, ties) as ``array('I')``, checksum verified."""
    try:
        with resources.files("pokercli").joinpath(f"data/{DATA_NAME}").open("rb") as f:
            with zipfile.ZipFile(f) as z:
                raw = {}
                for name in ("codes", "wins", "ties"):
                    header, body = read_npy(z.read(f"{name}.npy"))
                    (n,) = header["shape"]
                    if header["descr"] != "<u4" or len(body) < 4 * n:
                        raise ValueError(f"{name} is not {n} 32-bit numbers")
                    raw[name] = body[:4 * n]
                header, body = read_npy(z.read("sha256.npy"))
                digest = body.decode("utf-32-le").rstrip("\0")
    except (OSError, ValueError, KeyError, EOFError, SyntaxError, struct.error, UnicodeDecodeError,
            zipfile.BadZipFile) as e:
        raise damaged(f"{type(e).__name__}: {e}") from None
    h = hashlib.sha256()
    for name in ("codes", "wins", "ties"):
        h.update(raw[name])
    if h.hexdigest() != digest:
        raise damaged("checksum")
    out = []
    for name in ("codes", "wins", "ties"):
        a = array("I")
        if a.itemsize != 4:  # pragma: no cover - every platform pokercli runs on has 4-byte unsigned ints
            a = array("L")
        a.frombytes(raw[name])
        if sys.byteorder == "big":  # pragma: no cover
            a.byteswap()
        out.append(a)
    return out[0], out[1], out[2]


def _code(a: int, b: int, p: tuple[int, ...]) -> int:
    """A combo's code (lower card id * 64 + higher) after the suit renaming ``p``."""
    x, y = 13 * p[a // 13] + a % 13, 13 * p[b // 13] + b % 13
    return min(x, y) * 64 + max(x, y)


_CODES: Optional[list[list[int]]] = None
_CALLS = [0]
#: Calls of :func:`pair_counts` before its code lists are built (about 30 ms):
#: a one-off query keeps the direct way.
BUILD_AFTER = 64


def _codes_by_perm() -> list[list[int]]:
    """For each suit renaming of ``_PERMS``, every ordered card pair's combo
    code (index ``a * 52 + b``): :func:`_code` read from a list. Built whole,
    then published in one assignment: a thread never sees part of it."""
    global _CODES
    if _CODES is None:
        built = []
        for p in _PERMS:
            m = [13 * p[c // 13] + c % 13 for c in range(52)]
            built.append([min(x, y) * 64 + max(x, y) for x in m for y in m])
        _CODES = built
    return _CODES


def pair_counts(first: tuple[int, int], second: tuple[int, int]) -> tuple[int, int, int]:
    """(wins of ``first``, wins of ``second``, ties) over every board of the
    deal of two disjoint two-card hands (card ids)."""
    _CALLS[0] += 1
    if _CODES is not None or _CALLS[0] > BUILD_AFTER:  # many deals (a file of hands): codes read from lists
        i, j = first[0] * 52 + first[1], second[0] * 52 + second[1]
        tables = _codes_by_perm()
        direct = min(t[i] * 4096 + t[j] for t in tables)
        reverse = min(t[j] * 4096 + t[i] for t in tables)
    else:
        direct = min(_code(*first, p) * 4096 + _code(*second, p) for p in _PERMS)
        reverse = min(_code(*second, p) * 4096 + _code(*first, p) for p in _PERMS)
    code = min(direct, reverse)
    codes, wins, ties = table()
    row = bisect_left(codes, code)
    if row == len(codes) or codes[row] != code:
        raise damaged(f"no row for the deal {code}")
    w, t = int(wins[row]), int(ties[row])
    return (BOARDS - w - t, w, t) if reverse < direct else (w, BOARDS - w - t, t)
