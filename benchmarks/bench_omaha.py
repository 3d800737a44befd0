"""Omaha speed: batch evaluation, exact and Monte Carlo equity, percentile, with phevaluator in the same run.

    python benchmarks/bench_omaha.py

Compute times in-process on warm kernels (best of several runs);
POKERCLI_THREADS selects one thread or both cores. phevaluator (the Python
package of PokerHandEvaluator, pip install '.[bench]') scores one Omaha hand
per call.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, peer, random_hands, row, threads  # noqa: E402

import pokercli  # noqa: E402
from pokercli import cards as C  # noqa: E402
from pokercli import evaluate as E  # noqa: E402
from pokercli.equity_calc import omaha as O  # noqa: E402
from pokercli.equity_calc.spot import make_spot  # noqa: E402


def every_board(fn):
    """``fn()`` with the preflop deals enumerated board by board (the older path)."""
    kept = O.RANK_BOARDS_MAX_PLAYERS
    O.RANK_BOARDS_MAX_PLAYERS = 0
    try:
        return fn()
    finally:
        O.RANK_BOARDS_MAX_PLAYERS = kept


def main() -> None:
    print("Omaha batch evaluation: pokercli.evaluate.classes(rows, game) on byte rows "
          "(hole + five-card board), 1 thread")
    ph = peer("phevaluator")
    for game, hole, goal in (("omaha", 4, 60), ("omaha5", 5, None), ("omaha6", 6, 30),
                             ("omaha-hilo", 4, None)):
        n = 2_000_000
        fresh = random_hands(n, hole + 5, seed=hole).view(np.uint8)  # every row drawn afresh
        repeated = np.tile(fresh[:20_000], (n // 20_000, 1))  # the tables' rows stay in the cache
        for label, deals in (("2 M random deals", fresh), ("20,000 deals repeated", repeated)):
            run = (lambda: E.lows(deals, game)) if "hilo" in game else (lambda: E.classes(deals, game))  # noqa: E731
            run()
            t = best_of(run, 5)
            note = f"goal >= {goal} M/s" if goal else ("high and low (lows)" if "hilo" in game else "")
            if ph is not None and game == "omaha" and deals is fresh:  # its Python package: four cards only
                names = [[C.card_name(c) for c in d] for d in deals[:20_000].tolist()]
                tp = best_of(lambda: [ph.evaluate_omaha_cards(*d[hole:], *d[:hole]) for d in names], 1)
                theirs = [ph.evaluate_omaha_cards(*d[hole:], *d[:hole]) for d in names]
                agree = sum(t == c for t, c in zip(theirs, E.classes(deals[:20_000], game).tolist()))
                note += (f"; phevaluator (Python package), per call: {20_000 / tp / 1e6:.3f} M/s "
                         f"(classes agree on {agree:,} of 20,000)")
            row(f"{game}: {hole} hole cards, {label}", f"{n / t / 1e6:8.1f} M/s", note)

    print("\nExact equity (compute, warm): preflop deals by rank multiset and flush corrections; "
          "the older path, every board, in the same run")
    for label, game, hands, goal in (
            ("heads-up preflop omaha", "omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc"], "0.5 s"),
            ("3-way preflop omaha", "omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc", "9h 8h 7c 6c"], "1.5 s"),
            ("heads-up preflop omaha hi-lo", "omaha-hilo", ["As Ah 2c 3d", "Ks Kh 4c 5d"], "1 s"),
            ("heads-up preflop omaha6", "omaha6", ["As Ah Ks Kh 2c 3c", "Qd Qc Jd Tc 9c 8c"], "")):
        spot = make_spot(hands, game=game)
        O.exact(spot, threads=1)
        t1 = best_of(lambda: O.exact(spot, threads=1), 5)
        t2 = threads(2, lambda: best_of(lambda: O.exact(spot, threads=2), 5))
        every_board(lambda: O.exact(spot, threads=1))
        old = every_board(lambda: best_of(lambda: O.exact(spot, threads=1), 3))
        row(label, f"{1000 * t1:8.2f} ms", f"1 thread; {1000 * t2:.2f} ms on 2; every board: {1000 * old:.1f} ms"
            + (f"; goal <= {goal}" if goal else ""))
    hands = ["AAxx", "KKQQds"]
    spot = make_spot(hands, game="omaha")
    grouped = O.exact(spot, limit=1e10)
    t2 = best_of(lambda: O.exact(spot, limit=1e10), 3)
    O.canonical_deals, kept = (lambda spot, deals: [(d, w, 1) for d, w in deals]), O.canonical_deals
    try:
        plain = best_of(lambda: O.exact(spot, limit=1e12), 1)
    finally:
        O.canonical_deals = kept
    row(f"preflop omaha {' vs '.join(hands)} ({grouped.deals:,} deals)", f"{t2:8.2f} s",
        f"{grouped.note.split(' in ')[0]}, 2 threads; every deal: {plain:.2f} s")

    print("\nExact equity of ranges on a flop or turn (compute, warm); docs/performance.md has the same "
          "spots before 2026-11-28")
    for label, game, hands, board in (
            ("omaha hi-lo A2xx vs KsKhQdJc, flop (12,500 deals)", "omaha-hilo", ["A2xx", "KsKhQdJc"], "7h 8d 9c"),
            ("omaha AAxx vs KQJTds, flop (94,500 deals)", "omaha", ["AAxx", "KQJTds"], "Ah 7c 2d"),
            ("omaha AAxx vs KQJTds, turn (94,500 deals)", "omaha", ["AAxx", "KQJTds"], "Ah 7c 2d 9s")):
        run = lambda: pokercli.equity(hands, board, game=game, method="exact")  # noqa: E731
        run()
        t1 = threads(1, lambda: best_of(run, 2))
        t2 = threads(2, lambda: best_of(run, 3))
        row(label, f"{t2:8.2f} s", f"2 threads; {t1:.2f} s on 1")

    print("\nMonte Carlo (1 thread)")
    for label, game, hands, goal in (
            ("heads-up omaha", "omaha", ["As Ah Ks Kh", "Qd Qc Jd Tc"], "10 M/s"),
            ("heads-up omaha hi-lo", "omaha-hilo", ["As Ah 2c 3d", "Ks Kh 4c 5d"], ""),
            ("omaha hand vs random", "omaha", ["As Ah Ks Kh", "random"], "")):
        n = 2_000_000
        run = lambda: pokercli.equity(hands, game=game, samples=n, seed=1)  # noqa: E731
        threads(1, run)
        t = threads(1, lambda: best_of(run, 3))
        row(label, f"{n / t / 1e6:8.1f} M/s", f"goal >= {goal}" if goal else "")

    print("\npercentile against every opponent hand and runout (compute, warm)")
    for label, game, hand, board in (
            ("omaha flop: 148,995 hands x 820 runouts", "omaha", "As Ah Ks Kh", "Ad 7c 2s"),
            ("omaha hi-lo turn: 135,751 hands x 40 runouts", "omaha-hilo", "As 2h Ks 3h", "Ad 7c 4s 9s")):
        run = lambda: pokercli.percentile(hand, board, game=game)  # noqa: E731
        run()
        t1 = threads(1, lambda: best_of(run, 2))
        t2 = threads(2, lambda: best_of(run, 2))
        row(label, f"{t1:8.2f} s", f"1 thread; {t2:.2f} s on 2")


if __name__ == "__main__":
    main()
