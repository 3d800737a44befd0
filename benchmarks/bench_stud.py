"""Stud and draw games' speed: razz, stud-hilo and deuce-to-seven low evaluation, exact equity from fifth
and fourth street, Monte Carlo from third street, with pokerkit in the same run.

    python benchmarks/bench_stud.py

Compute times in-process on warm kernels (best of several runs); one thread
and this machine's cores (POKERCLI_THREADS). pokerkit (pip install
'.[bench]') values one hand per call and samples equity with
``calculate_equities``: it is the only other tool that computes razz equity.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, cpu, numba_target, peer, random_hands, row, threads  # noqa: E402

import pokercli  # noqa: E402
from pokercli import cards as C  # noqa: E402
from pokercli import evaluate as E  # noqa: E402


def main() -> None:
    print(f"CPU: {cpu()}, {os.cpu_count()} cores; Numba target: {numba_target()}")
    pk = peer("pokerkit")
    n = 2_000_000
    rows = random_hands(n, 7, seed=3)
    print("evaluation (random 7-card hands, one thread, one kernel call)")
    for game in ("razz", "stud"):
        E.scores(rows[:1000], game)
        t = best_of(lambda game=game: E.scores(rows, game))
        row(f"pokercli {game} scores", f"{n / t / 1e6:8.1f} M/s")
    fives = random_hands(n, 5, seed=4)
    E.scores(fives[:1000], "27-single")
    t = best_of(lambda: E.scores(fives, "27-single"))
    row("pokercli 27-single scores (5-card hands)", f"{n / t / 1e6:8.1f} M/s")
    E.scores(fives[:1000], "a5-triple")
    t = best_of(lambda: E.scores(fives, "a5-triple"))
    row("pokercli a5-triple scores (5-card hands)", f"{n / t / 1e6:8.1f} M/s")
    fours = random_hands(n, 4, seed=5)
    E.scores(fours[:1000], "badugi")
    t = best_of(lambda: E.scores(fours, "badugi"))
    row("pokercli badugi scores (4-card hands)", f"{n / t / 1e6:8.1f} M/s")
    E.lows(rows[:1000], "stud-hilo")
    t = best_of(lambda: E.lows(rows, "stud-hilo"))
    row("pokercli stud-hilo eight-or-better lows", f"{n / t / 1e6:8.1f} M/s")
    if pk is not None:
        texts = ["".join(C.card_name(c) for c in r) for r in rows[:3000].tolist()]
        t = best_of(lambda: [pk.RegularLowHand.from_game(x) for x in texts], 1)
        row("pokerkit RegularLowHand.from_game", f"{len(texts) / t / 1e6:8.4f} M/s")
        texts = ["".join(C.card_name(c) for c in r) for r in fives[:3000].tolist()]
        t = best_of(lambda: [pk.StandardLowHand.from_game(x) for x in texts], 1)
        row("pokerkit StandardLowHand.from_game (2-7)", f"{len(texts) / t / 1e6:8.4f} M/s")
        texts = ["".join(C.card_name(c) for c in r) for r in fours[:3000].tolist()]
        t = best_of(lambda: [pk.BadugiHand.from_game(x) for x in texts], 1)
        row("pokerkit BadugiHand.from_game", f"{len(texts) / t / 1e6:8.4f} M/s")

    print("exact equity, heads-up (deals of the missing cards)")
    spots = [("razz fifth street", "razz", ["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"]),
             ("stud fifth street", "stud", ["(As Ad) Kh 7c 2d", "(Qs Qd) Jh Tc 9d"]),
             ("stud-hilo fifth street", "stud-hilo", ["(As 2d) 3h 4c 9h", "(Kd Ks) 4s Kh 7h"]),
             ("27-single, two two-card draws", "27-single", ["7s 5d 4h", "8s 6d 2c"]),
             ("razz fourth street", "razz", ["(As 2d) 3h 4c", "(Kd 3d) 4s 6h"])]
    for label, game, hands in spots:
        r = pokercli.equity(hands, game=game)
        for k in (1, os.cpu_count() or 1):
            t = threads(k, lambda hands=hands, game=game: best_of(
                lambda: pokercli.equity(hands, game=game), 3 if r.deals < 10**7 else 1))
            row(f"pokercli {label}, {k} thread(s)", f"{t * 1000:8.1f} ms", f"{r.deals:,} deals")

    print("Monte Carlo, 27-triple heads-up before the first draw (three draws, the policy)")
    hands = ["7s 5d 4h", "8s 6d"]
    samples = 2_000_000
    for k in (1, os.cpu_count() or 1):
        t = threads(k, lambda: best_of(lambda: pokercli.equity_draws(hands, game="27-triple", draws=3,
                                                                     samples=samples, seed=1), 2))
        row(f"pokercli, {k} thread(s)", f"{samples / t / 1e6:8.1f} M deals/s")
    samples = 10_000_000
    for game, spot in (("stud", ["(As Ad) Kh", "(Qs Qd) Jh"]), ("stud-hilo", ["(As 2d) 3h", "(Kd Ks) 4s"])):
        print(f"Monte Carlo, {game} third street heads-up")
        for k in (1, os.cpu_count() or 1):
            t = threads(k, lambda game=game, spot=spot: best_of(
                lambda: pokercli.equity(spot, game=game, samples=samples, seed=1), 2))
            row(f"pokercli, {k} thread(s)", f"{samples / t / 1e6:8.1f} M deals/s")
    print("Monte Carlo, razz third street heads-up")
    hands = ["(As 2d) 3h", "(Kd 3d) 4s"]
    for k in (1, os.cpu_count() or 1):
        t = threads(k, lambda: best_of(lambda: pokercli.equity(hands, game="razz", samples=samples, seed=1), 2))
        row(f"pokercli, {k} thread(s)", f"{samples / t / 1e6:8.1f} M deals/s")
    if pk is not None:
        h1, h2 = (list(pk.Card.parse(x.replace("(", "").replace(")", "").replace(" ", ""))) for x in hands)
        count = 2000
        start = time.perf_counter()
        pk.calculate_equities(([h1], [h2]), [], 7, 0, pk.Deck.STANDARD, (pk.RegularLowHand,),
                              sample_count=count)
        t = time.perf_counter() - start
        row("pokerkit calculate_equities, 1 process", f"{count / t / 1e6:8.4f} M deals/s")


if __name__ == "__main__":
    main()
