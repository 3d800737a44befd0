"""Short deck speed against hold'em's, the same kernels in the same run.

    python benchmarks/bench_shortdeck.py

The issue's goal: short deck within 1.5x of the hold'em figures. Compute times
in-process on warm kernels (best of several runs), one thread
(POKERCLI_THREADS=1): batch evaluation of random seven-card hands, exact
heads-up preflop (hold'em by the enumeration, not the shipped table, so that
both do the same kind of work), and heads-up Monte Carlo. pokerkit (test
extra) scores short deck hands in Python, shown for scale.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, peer, row  # noqa: E402

os.environ["POKERCLI_THREADS"] = "1"

import pokercli  # noqa: E402
from pokercli import cards as C  # noqa: E402
from pokercli import evaluate as E  # noqa: E402
from pokercli import shortdeck as S  # noqa: E402
from pokercli.equity_calc.exact import exact  # noqa: E402
from pokercli.equity_calc.spot import make_spot  # noqa: E402


def main() -> None:
    rng = random.Random(1)
    n = 2_000_000
    print("Batch evaluation, random 7-card hands, 1 thread")
    rates = {}
    for game, deck in (("holdem", list(range(52))), ("shortdeck", list(S.DECK))):
        hands = np.array([rng.sample(deck, 7) for _ in range(20_000)] * (n // 20_000), np.int8)
        E.classes(hands[:10], game=game)
        t = best_of(lambda: E.classes(hands, game=game), 5)
        rates[game] = n / t / 1e6
        row(game, f"{rates[game]:8.1f} M hands/s",
            "" if game == "holdem" else f"{rates['holdem'] / rates[game]:.2f}x hold'em's time (goal <= 1.5)")
    pk = peer("pokerkit")
    if pk is not None:
        names = ["".join(C.card_name(c) for c in h) for h in hands[:2000].tolist()]
        t = best_of(lambda: [pk.ShortDeckHoldemHand.from_game(x[:4], x[4:]) for x in names], 1)
        row("pokerkit ShortDeckHoldemHand (Python), per hand", f"{2000 / t / 1e6:8.4f} M hands/s")

    print("Exact heads-up preflop As Ah vs Ks Kh (every board), 1 thread")
    times = {}
    for game in ("holdem", "shortdeck"):
        spot = make_spot(["As Ah", "Ks Kh"], game=game)
        exact(spot, threads=1)
        times[game] = best_of(lambda: exact(spot, threads=1), 5)
        r = exact(spot, threads=1)
        row(game, f"{times[game] * 1e3:8.2f} ms", f"{r.boards:,.0f} boards"
            + ("" if game == "holdem" else f"; {times[game] / times['holdem']:.2f}x hold'em's time"))

    print("Monte Carlo heads-up As Ah vs Ks Kh, 1 thread")
    mc = {}
    for game in ("holdem", "shortdeck"):
        pokercli.equity(["As Ah", "Ks Kh"], game=game, samples=10_000, seed=1)
        t = best_of(lambda: pokercli.equity(["As Ah", "Ks Kh"], game=game, samples=5_000_000, seed=1), 3)
        mc[game] = 5_000_000 / t / 1e6
        row(game, f"{mc[game]:8.1f} M samples/s",
            "" if game == "holdem" else f"{mc['holdem'] / mc[game]:.2f}x hold'em's time")


if __name__ == "__main__":
    main()
