"""Monte Carlo of runs (run it twice, double boards) against one board's
Monte Carlo, per board: the goal of issue #35 is "no slower per board than
one board".

    python benchmarks/bench_runs.py [--rounds 5] [--samples 2000000] [--exact]

``--exact`` times the exact double boards instead (``method="auto"``, every
pair of boards that share no card, warm, best and median of the rounds),
beside the same hands' exact one board.

Each row takes turns with its one-board twin (the same hands and known
board, ``pokercli.equity(..., method="monte-carlo")``) in every round, so
both see the same load; the best round of each is printed, as boards a
second (a double board's sample is two boards, three runs' three), on one
thread (``POKERCLI_THREADS=1``) and on this machine's cores.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import cpu, numba_target  # noqa: E402

import pokercli  # noqa: E402
from pokercli.equity_calc.runs import equity_runs  # noqa: E402

#: (label, hands, board, runs, double board, game)
ROWS = [
    ("double board, heads-up", ["AsAh", "KsKh"], "", 2, True, "holdem"),
    ("double board, three-way", ["AsAh", "KsKh", "7c8c"], "", 2, True, "holdem"),
    ("two runs of a flop, heads-up", ["AsKs", "QdQc"], "Qs Js 3d", 2, False, "holdem"),
    ("three runs of a flop, three-way", ["AsKs", "QdQc", "JhTh"], "Qs Js 3d", 3, False, "holdem"),
    ("two runs of a turn, heads-up", ["Ah9h", "KsKd"], "Qh 7h 2c 5d", 2, False, "holdem"),
    ("Omaha double board, heads-up", ["AsAhKd7c", "KsKhQdJc"], "", 2, True, "omaha"),
    ("Omaha hi-lo double board, 3-way", ["AsAhKd7c", "KsKhQdJc", "9c8c7h6h"], "", 2, True, "omaha-hilo"),
    ("Omaha two runs of a flop, HU", ["AsKsQd7c", "JhTh9c8c"], "Qs Js 3d", 2, False, "omaha"),
    ("ranges: double board, AKs vs QQ+", ["AKs", "QQ+"], "", 2, True, "holdem"),
    ("ranges: double board, AsKs vs 22+,A2s+", ["AsKs", "22+,A2s+"], "", 2, True, "holdem"),
    ("ranges: double board, AKs/QQ+/JTs", ["AKs", "QQ+", "JTs"], "", 2, True, "holdem"),
    ("ranges: two runs of a flop, AsKs vs QQ+", ["AsKs", "QQ+"], "Qs Js 3d", 2, False, "holdem"),
    ("random: AsKs vs random, double board", ["AsKs", "random"], "", 2, True, "holdem"),
    ("random: AsKs vs QdQc vs random, a flop twice", ["AsKs", "QdQc", "random"], "Qs Js 3d", 2, False, "holdem"),
    ("ranges: Omaha double board, AAxx vs KsKhQdJc", ["AAxx", "KsKhQdJc"], "", 2, True, "omaha"),
    ("ranges: Omaha hi-lo double board, A2xx vs KsKhQdJc", ["A2xx", "KsKhQdJc"], "", 2, True, "omaha-hilo"),
    ("ranges: Omaha two runs of a flop, JJxx", ["AsKsQd7c", "JJxx"], "Qs Js 3d", 2, False, "omaha"),
]


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--samples", type=int, default=2_000_000, help="boards a job values")
    ap.add_argument("--only", default="", help="the rows whose label holds this text")
    ap.add_argument("--threads", default="", help="only this many threads (default: 1, then every core)")
    ap.add_argument("--exact", action="store_true", help="the exact double boards, in seconds a job")
    args = ap.parse_args()
    print(f"CPU: {cpu()}, {os.cpu_count()} cores; Numba target: {numba_target()}")
    if args.exact:
        exact_rows(args)
        return
    n = args.samples
    for threads in [args.threads] if args.threads else ("1", str(os.cpu_count() or 1)):
        os.environ["POKERCLI_THREADS"] = threads
        print(f"{threads} thread(s): M boards/s, best of {args.rounds} rounds")
        for label, hands, board, runs, double, game in (r for r in ROWS if args.only in r[0]):
            def many(s=1):
                return equity_runs(hands, board, runs=runs, double_board=double, method="monte-carlo",
                                   samples=n // runs, seed=s, game=game)

            def one(s=1):
                return pokercli.equity(hands, board, method="monte-carlo", samples=n, seed=s, game=game)

            many(), one()  # warm: kernels loaded, tables built
            best_many = best_one = float("inf")
            for r in range(args.rounds):
                best_many = min(best_many, timed(lambda: many(r + 2)))
                best_one = min(best_one, timed(lambda: one(r + 2)))
            rate_many, rate_one = n / best_many / 1e6, n / best_one / 1e6
            print(f"  {label:<34} runs {rate_many:7.1f}   one board {rate_one:7.1f}   "
                  f"ratio {rate_many / rate_one:4.2f}")
    os.environ.pop("POKERCLI_THREADS", None)


def exact_rows(args) -> None:
    """Each double board row of :data:`ROWS` with fixed hands, exact, in
    seconds a job (best / median of the rounds), beside its exact one board."""
    rows = [r for r in ROWS if r[4] and args.only in r[0] and not r[0].startswith(("ranges", "random"))]
    for threads in [args.threads] if args.threads else ("1", str(os.cpu_count() or 1)):
        os.environ["POKERCLI_THREADS"] = threads
        print(f"{threads} thread(s): exact, seconds a job (best / median of {args.rounds} rounds)")
        for label, hands, board, runs, double, game in rows:
            def many():
                return equity_runs(hands, board, runs=runs, double_board=True, game=game)

            def one():
                return pokercli.equity(hands, board, method="exact", game=game)

            pairs = many().deals
            one()
            times_many, times_one = [], []
            for _ in range(args.rounds):
                times_many.append(timed(many))
                times_one.append(timed(one))
            times_many.sort()
            times_one.sort()
            mid = args.rounds // 2
            print(f"  {label:<34} {times_many[0]:6.3f} / {times_many[mid]:6.3f} s ({pairs:.3g} pairs of boards)"
                  f"   one board {times_one[0]:6.3f} / {times_one[mid]:6.3f} s")
    os.environ.pop("POKERCLI_THREADS", None)


if __name__ == "__main__":
    main()
