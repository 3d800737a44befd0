"""Compute pokercli/data/preflop_headsup.npz: the exact result of every heads-up
preflop deal without dead cards, up to suit renaming and seat order.

    python scripts/gen_preflop_headsup.py            # all 47,008 deals (a few minutes here)
    python scripts/gen_preflop_headsup.py --check 50  # recompute 50 random shipped deals

Every ordered deal of two hands (1,624,350) is the same as one of 47,008
canonical deals up to a renaming of suits and the order of the seats
(:mod:`pokercli.preflop_lookup`). Each canonical deal is computed with
pokercli's own exact enumeration (every one of the 1,712,304 boards, suit
symmetric boards merged by the heads-up kernel) on both cores. The file holds,
sorted by the deal's code, the code, the first seat's wins and the ties (the
second seat's wins are the rest), and a SHA-256 of those arrays; about 300 KB.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from pokercli import preflop_lookup as L
from pokercli.equity_calc.exact import exact
from pokercli.equity_calc.spot import make_spot

OUT = Path(__file__).resolve().parent.parent / "pokercli" / "data" / L.DATA_NAME


def counts(code: int) -> tuple[int, int]:
    """(wins of the first seat, ties) of a canonical deal, by exact enumeration."""
    a, b = L.decode(code)
    r = exact(make_spot([list(a), list(b)]), threads=1, limit=float("inf"))
    assert r.boards == L.BOARDS
    return int(r.players[0].wins), int(r.players[0].ties)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", type=int, help="recompute this many random shipped deals")
    args = ap.parse_args(argv)
    if args.check:
        codes, wins, ties = L.data()
        rng = np.random.default_rng()
        for k in rng.choice(len(codes), args.check, replace=False):
            assert counts(int(codes[k])) == (int(wins[k]), int(ties[k])), L.decode(int(codes[k]))
        print(f"{args.check} deals recomputed: all equal")
        return 0
    codes = L.canonical_deals()
    print(f"{len(codes):,} canonical deals", flush=True)
    t0 = time.perf_counter()
    results = np.zeros((len(codes), 2), np.uint32)
    with ThreadPoolExecutor(max_workers=2) as pool:
        for k, (w, t) in enumerate(pool.map(counts, codes.tolist(), chunksize=64)):
            results[k] = (w, t)
            if k % 5000 == 0:
                print(f"{k:,} done, {time.perf_counter() - t0:.0f} s", flush=True)
    L.save(OUT, codes, results[:, 0], results[:, 1])
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes) in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
