"""Tournament maths' speed: ICM for 9 and 20 players beside pokerkit's
``calculate_icm`` in the same run; one heads-up push/fold equilibrium; the
1-20 bb push/fold chart.

    python benchmarks/bench_tournament.py

In-process, best of several runs (the push/fold class tables loaded first:
they are derived once from the shipped table and cached on disk). pokerkit
(pip install '.[bench]') sums over every finishing order, so its 20-player
row is not run (20! orders).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, cpu, peer, row  # noqa: E402

import pokercli  # noqa: E402


def main() -> None:
    print(f"CPU: {cpu()}, {os.cpu_count()} cores")
    pk = peer("pokerkit")
    nine = [5000, 4200, 3900, 3100, 2500, 2000, 1600, 1000, 700]
    nine_pay = [30, 20, 15, 10, 8, 6, 5, 3.5, 2.5]
    print("ICM (exact)")
    pokercli.icm(nine, nine_pay)
    t = best_of(lambda: pokercli.icm(nine, nine_pay), 20)
    row("pokercli 9 players, 9 places", f"{t * 1e3:8.3f} ms")
    if pk is not None:
        from pokerkit import calculate_icm

        want = [round(p.equity, 9) for p in pokercli.icm(nine, nine_pay).players]
        got = [round(x, 9) for x in calculate_icm(nine_pay, nine)]
        t = best_of(lambda: calculate_icm(nine_pay, nine), 3)
        row("pokerkit calculate_icm 9 players", f"{t * 1e3:8.1f} ms", "same equities" if got == want else
            f"differs: {got} vs {want}")
    twenty = list(range(1, 21))
    t = best_of(lambda: pokercli.icm(twenty, list(range(20, 0, -1))), 3)
    row("pokercli 20 players, 20 places", f"{t * 1e3:8.1f} ms")
    print("heads-up push/fold (exact equilibrium)")
    pokercli.pushfold(10)  # loads the class tables
    for stack in (3, 7.7, 10, 15):
        t = best_of(lambda stack=stack: pokercli.pushfold(stack), 5)
        row(f"pokercli pushfold {stack:g} bb", f"{t * 1e3:8.1f} ms")
    t0 = time.perf_counter()
    chart = pokercli.pushfold_chart()
    t = time.perf_counter() - t0
    row("pokercli pushfold chart 1-20 bb by 0.05 (381 solves)", f"{t:8.2f} s",
        f"{chart.exact} exact, one thread")


if __name__ == "__main__":
    main()
