"""Tournament maths' speed: ICM for 9 and 20 players beside pokerkit's
``calculate_icm`` in the same run; one heads-up push/fold equilibrium; the
1-20 bb push/fold chart; with ``--four``, four-handed push/fold solves (time,
iterations, exploitability on the solved deals and on fresh ones) and how far
two seeds' ranges lie apart.

    python benchmarks/bench_tournament.py [--four] [--gpu]

``--gpu`` adds four-handed solves on the GPU engine (1,048,576 and 16,777,216
deals), beside the CPU's in the same run; without ``--four``, those rows alone.

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
    if "--gpu" in sys.argv and "--four" not in sys.argv:
        return gpu_rows()
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
    if "--four" in sys.argv:
        four()


def four() -> None:
    """Four-handed solves at the default deals (no open tool to compare with)."""
    print("four-handed push/fold (CFR+ on sampled deals, default settings, every core)")
    pokercli.pushfold_table([10, 10, 10, 10], deals=20_000, max_iterations=2)  # compiles, loads tables
    spots = [([10, 10, 10, 10], None), ([20, 15, 10, 5], None), ([10, 10, 10, 10], [50, 30, 20])]
    for stacks, payouts in spots:
        runs = [pokercli.pushfold_table(stacks, payouts=payouts, seed=seed) for seed in (1, 2)]
        r = runs[0]
        apart = max(abs(a.share - b.share) for a, b in zip(runs[0].ranges, runs[1].ranges))
        what = "/".join(f"{x:g}" for x in stacks) + ("" if payouts is None else " ICM " + "/".join(
            f"{x:g}" for x in payouts))
        row(f"pokercli pushfold --stacks {what}", f"{r.seconds:8.2f} s",
            f"{r.iterations} iterations, exploitability {r.exploitability:.1e} {r.unit} "
            f"({r.held_out[0]:.1e} to {r.held_out[1]:.1e} on fresh deals); seeds 1 and 2 apart by at most "
            f"{100 * apart:.2f} % of hands a decision")
    if "--gpu" in sys.argv:
        gpu_rows()


def gpu_rows() -> None:
    """Four-handed solves on the GPU engine, the CPU's at a million deals beside them."""
    from pokercli import gpu

    print(f"four-handed push/fold on the GPU engine ({gpu.status()[1]})")
    for engine in ("cpu", "gpu"):  # compiles, loads tables
        pokercli.pushfold_table([10, 10, 10, 10], deals=20_000, max_iterations=2, engine=engine)
    for deals in (1 << 20, 1 << 24):
        for engine in ("cpu", "gpu") if deals == 1 << 20 else ("gpu",):
            r = pokercli.pushfold_table([10, 10, 10, 10], deals=deals, engine=engine)
            row(f"pokercli pushfold --stacks 10/10/10/10 --deals {deals:,} --engine {engine}",
                f"{r.seconds:8.2f} s", f"{r.iterations} iterations, {r.held_out[0]:.1e} to "
                f"{r.held_out[1]:.1e} bb on fresh deals")


if __name__ == "__main__":
    main()
