"""Range analysis speed (issue #16): hits, --distribution, --next-card, outs.

    python benchmarks/bench_analysis.py

The issue's goals, exact and interactive: ``hits`` for a 200-combo range on a
flop with ``--vs`` a hand <= 0.5 s end to end; ``--distribution`` for a
200-combo range against a hand on the flop <= 0.5 s; ``--next-card`` on the
flop <= 0.2 s. Printed: the compute in-process on warm kernels (best of 5),
and the whole command (a fresh process, best of 3), beside the time a fresh
process takes to import Numba alone: heads-up jobs up to 4 million
(runout, combo, combo) triples count in NumPy and never import it, bigger
ones run the Numba kernel.
No peer does these from a command line (Flopzilla and Equilab are GUIs).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, pokercli_cmd, row, wall  # noqa: E402

from pokercli import analysis, board_hits  # noqa: E402
from pokercli.ranges import parse_range  # noqa: E402

RANGE = "QQ+,AK,AQ,KQ,T9s-54s,A2s+,KJs,QJs,JTs,88-22,K9s+,Q9s+,J9s,ATo+,KTo+"
BOARD = "Ah 7c 6h"
HAND = "Ks Kd"


def main() -> None:
    n = len(parse_range(RANGE))
    live = len(board_hits.hits(RANGE, BOARD, vs=HAND).combos)
    print(f"range {RANGE}: {n} combos, {live} on {BOARD} against {HAND}")
    jobs = [
        ("hits --vs a hand", lambda: board_hits.hits(RANGE, BOARD, vs=HAND),
         ["hits", RANGE, "--board", BOARD, "--vs", HAND], 0.5),
        ("hits, no --vs", lambda: board_hits.hits(RANGE, BOARD), ["hits", RANGE, "--board", BOARD], None),
        ("equity --distribution (range vs hand, flop)",
         lambda: analysis.distribution([RANGE, HAND], board=BOARD),
         ["equity", RANGE, HAND, "--board", BOARD, "--distribution"], 0.5),
        ("equity --distribution (range vs range: the kernel)",
         lambda: analysis.distribution([RANGE, "QQ+,AK,AQs,JTs"], board=BOARD),
         ["equity", RANGE, "QQ+,AK,AQs,JTs", "--board", BOARD, "--distribution"], None),
        ("equity --next-card (range vs hand, flop)", lambda: analysis.next_card([RANGE, HAND], BOARD),
         ["equity", RANGE, HAND, "--board", BOARD, "--next-card"], 0.2),
        ("equity --next-card (hand vs hand, flop)", lambda: analysis.next_card(["As Qs", HAND], BOARD),
         ["equity", "As Qs", HAND, "--board", BOARD, "--next-card"], 0.2),
        ("outs (hand vs range, flop)", lambda: analysis.outs("9h 8h", BOARD, "QQ+,AK,AQ"),
         ["outs", "9h 8h", "--board", BOARD, "--vs", "QQ+,AK,AQ"], None),
    ]
    numba = wall([sys.executable, "-c", "import numba"])
    numpy = wall([sys.executable, "-c", "import numpy"])
    print(f"  a fresh process importing Numba alone: {numba:.3f} s; NumPy alone: {numpy:.3f} s")
    print(f"  {'job':<52} {'compute':>14}  whole command (goal)")
    for label, fn, args, goal in jobs:
        fn()
        compute = best_of(fn, 5)
        whole = wall(pokercli_cmd() + args)
        row(label, f"{compute * 1000:.1f} ms", f"{whole:.3f} s" + (f" (goal {goal} s)" if goal else ""))
    subprocess.run(pokercli_cmd() + ["--version"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
