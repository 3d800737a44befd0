"""Exact postflop equity, the rows of issue #34: single hands, ranges and a
hand against a random hand on the flop and the turn.

    python benchmarks/bench_postflop.py [--rounds 3]

Each row is a whole ``pokercli.equity(..., method="exact")`` call in this
process (parsing included, kernels warm: every row is called once first, so a
hand against a hand is timed on the kernel's quick path, not the plain-Python
one a fresh process starts with), the best of 30, on one thread
(``POKERCLI_THREADS=1``) and on this machine's cores. A peer built by hand
(never committed: OMPEval's calculator, one thread, the same spots, printing
one line per row) can run in the same rounds: name its command in
``POKERCLI_PEER`` and its lines are printed after each round of ours.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import cpu, numba_target  # noqa: E402

import pokercli  # noqa: E402

ROWS = [
    (["AhKh", "QsQd"], "Jh Th 2c"),
    (["AhKh", "QsQd"], "Jh Th 2c 5s"),
    (["AhAd", "KsKc", "QhQs"], "2c 7d 9h"),
    (["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 2h"),
    (["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 2h 5s"),
    (["AsKs", "random"], "Kd 7c 2h"),
    (["AsKs", "random"], "Kd 7c 2h 5s"),
    (["AsKs", "random"], "Kd 7d 2h"),   # two-tone: more runouts hold three of a suit
    (["AsKs", "random"], "Kd 7d 2d"),   # monotone: every runout does
    (["QQ+,AKs", "JJ-99,AQs+", "AK"], "Kd 7c 2h 5s"),
    (["22+,A2s+,K9o+", "random"], "Kd 7c 2h"),
]


def best_call(players, board, repeat: int = 30) -> tuple[float, float]:
    pokercli.equity(players, board, method="exact")
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        r = pokercli.equity(players, board, method="exact")
        best = min(best, time.perf_counter() - t)
    return best, r.players[0].equity


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"CPU: {cpu()}, {os.cpu_count()} cores; Numba target: {numba_target()}")
    peer = os.environ.get("POKERCLI_PEER")
    for players, board in ROWS:  # warm: the range rows load the kernels, then every row takes its path
        pokercli.equity(players, board, method="exact")
    for round_ in range(1, args.rounds + 1):
        print(f"round {round_}")
        for threads in ("1", str(os.cpu_count() or 1)):
            os.environ["POKERCLI_THREADS"] = threads
            for players, board in ROWS:
                t, eq = best_call(players, board)
                print(f"  pokercli {threads} thread(s)  {' vs '.join(players):<34} {board:<12} {t * 1e3:8.3f} ms"
                      f"  equity {eq:.6f}")
        os.environ.pop("POKERCLI_THREADS", None)
        if peer:
            out = subprocess.run(shlex.split(peer), capture_output=True, text=True).stdout
            for line in out.splitlines():
                print(f"  peer  {line}")


if __name__ == "__main__":
    main()
