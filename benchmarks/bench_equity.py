"""Equity speed, with the peers measured in the same run.

    python benchmarks/bench_equity.py [--quick]
    POKERCLI_PEER_MC='<command>' python benchmarks/bench_equity.py --quick

``POKERCLI_PEER_MC`` names a peer built by hand (never committed: OMPEval's
evaluator in a Monte Carlo loop, one thread, on the heads-up and three-way
spots below, one line each), run after each round of pokercli's Monte Carlo.

Compute times are measured in-process on warm kernels, the best of several
runs (7 for the exact jobs of milliseconds: this machine is shared and noisy);
POKERCLI_THREADS selects one thread or both cores. End-to-end times run the
installed command. pokercli's Monte Carlo and eval7's take turns, so that a
change in the machine's load reaches both.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, peer, pokercli_cmd, row, wall  # noqa: E402

from pokercli.equity_calc import exact as X  # noqa: E402
from pokercli.equity_calc import lookup as LK  # noqa: E402
from pokercli.equity_calc import montecarlo as M  # noqa: E402
from pokercli.equity_calc.spot import make_spot  # noqa: E402

QUICK = "--quick" in sys.argv


def job(hands, board=""):
    return make_spot(hands, board)


def timed(fn, threads: int, repeat: int = 3) -> float:
    os.environ["POKERCLI_THREADS"] = str(threads)
    fn()
    t = best_of(fn, repeat)
    os.environ.pop("POKERCLI_THREADS")
    return t


def main() -> None:
    print("Exact equity (compute, warm): boards by rank multiset (issue #15) / every board (the older path)")
    cases = [
        ("heads-up preflop As Ah vs Ks Kh, dead 2c", ["As Ah", "Ks Kh"], "2c", "0.6 ms"),
        ("heads-up preflop As Ks vs Qh Jh, dead 2c", ["As Ks", "Qh Jh"], "2c", "0.6 ms"),
        ("3-way preflop Ah Ad / Ks Kc / Qh Qs", ["Ah Ad", "Ks Kc", "Qh Qs"], "", "1 ms"),
        ("6-way preflop AA KK QQ JJ TT 99", ["As Ah", "Ks Kh", "Qs Qh", "Js Jh", "Ts Th", "9s 9h"], "", "2 ms"),
        ("QQ+,AKs vs JJ-99,AQs+, dead 2c", ["QQ+,AKs", "JJ-99,AQs+"], "2c", "80 ms"),
    ]
    for label, hands, dead, goal in cases:
        j = make_spot(hands, "", dead)
        old = make_spot(hands, "", dead, "holdem", True)  # hand types: the board-by-board kernels
        ranged = "QQ" in label
        t1 = timed(lambda: X.exact(j), 1, 3 if ranged else 7)
        t2 = timed(lambda: X.exact(j), 2, 3 if ranged else 7)
        o1 = timed(lambda: X.exact(old), 1, 1 if ranged else 5)
        row(label, f"{1000 * t1:8.2f} ms", f"1 thread ({1000 * t2:.2f} ms on 2; goal <= {goal}); "
                                           f"every board: {1000 * o1:.1f} ms ({o1 / t1:.0f}x)")

    print("\nHeads-up preflop from the shipped table (compute, warm, 1 thread) vs enumeration")
    for label, hands, goal in (
            ("hand pair As Ah vs Ks Kh", ["As Ah", "Ks Kh"], "50 us"),
            ("QQ+,AKs vs JJ-99,AQs+", ["QQ+,AKs", "JJ-99,AQs+"], "2 ms"),
            ("random vs random", ["random", "random"], "20 ms")):
        j = job(hands)
        LK.headsup_preflop(j)
        n = 2000 if "pair" in label else 50
        tl = best_of(lambda: [LK.headsup_preflop(j) for _ in range(n)], 5) / n
        if "random vs" in label:
            enum = "not enumerated (1,624,350 deals)"
        else:
            te = timed(lambda: X.exact(j, limit=float("inf")), 1, 1 if "QQ" in label else 5)
            enum = f"enumeration {1000 * te:.1f} ms ({te / tl:,.0f}x)"
        row(f"lookup {label}", f"{1e6 * tl:8.1f} us", f"goal <= {goal}; {enum}")

    print("\nMonte Carlo (pokercli.equity_calc.montecarlo.monte_carlo, 1 thread unless said): fixed hands "
          "drawn by the\nboard-whole kernels (issue #15) / the general kernel (the older path), same run")
    n = 2_000_000 if QUICK else 10_000_000
    eval7 = peer("eval7")

    def rate(hands, samples, threads=1, general=False, board="", branch=False):
        M.FIXED_HANDS_KERNELS = not general
        flushy, M.FLUSHY = M.FLUSHY, ({} if branch else M.FLUSHY)
        try:
            return samples / timed(lambda: M.monte_carlo(job(hands, board), samples=samples, seed=1), threads, 1) / 1e6
        finally:
            M.FIXED_HANDS_KERNELS = True
            M.FLUSHY = flushy

    peer_mc = os.environ.get("POKERCLI_PEER_MC")
    for label, hands, goal in (("heads-up As Ah vs Ks Kh", ["As Ah", "Ks Kh"], 90),
                               ("3-way Ah Ad / Ks Kc / Qh Qs", ["Ah Ad", "Ks Kc", "Qh Qs"], 45)):
        rates = {}
        # the kernels (and eval7, heads-up, and a peer) take turns, so that all see the same load
        for round_ in range(5):
            for key, general in (("new", False), ("old", True)):
                rates[key] = max(rates.get(key, 0.0), rate(hands, n, general=general))
            if peer_mc:
                # a hand-built peer (never committed), e.g. OMPEval's evaluator in a Monte Carlo
                # loop on these two spots, printing a line per spot
                print(f"  round {round_ + 1}: pokercli {label} {rate(hands, n):.1f} M/s, one thread")
                out = subprocess.run(shlex.split(peer_mc), capture_output=True, text=True).stdout
                for line in out.splitlines():
                    print(f"    peer  {line}")
            if eval7 and "heads-up" in label:
                hero = [eval7.Card("As"), eval7.Card("Ah")]
                villain = eval7.HandRange("KsKh")
                iters = 2_000_000
                t = best_of(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], iters), 1)
                rates["eval7"] = max(rates.get("eval7", 0.0), iters / t / 1e6)
        row(f"Monte Carlo {label}", f"{rates['new']:8.1f} M/s",
            f"goal >= {goal} M/s; general kernel {rates['old']:.1f} M/s "
            f"({rates['new'] / rates['old']:.2f}x); 2 threads {rate(hands, n, 2):.1f} M/s")
        if "eval7" in rates:
            row("eval7 py_hand_vs_range_monte_carlo (C)", f"{rates['eval7']:8.1f} M/s",
                f"pokercli is {rates['new'] / rates['eval7']:.1f}x faster on 1 thread")
    for label, hands, board in (("As Ks vs Qd Qc on Qs Js 3d", ["As Ks", "Qd Qc"], "Qs Js 3d"),
                                ("Ah 9h vs Ks Kd on Qh 7h 2c 5d", ["Ah 9h", "Ks Kd"], "Qh 7h 2c 5d")):
        rates = {}
        for _ in range(5):  # taking turns: every board's flush valued with no branch, on a branch, eval7
            for key, branch in (("flushy", False), ("branch", True)):
                rates[key] = max(rates.get(key, 0.0), rate(hands, n, board=board, branch=branch))
            if eval7:
                hero = [eval7.Card(c) for c in hands[0].split()]
                villain = eval7.HandRange(hands[1].replace(" ", ""))
                iters = 2_000_000
                cards = [eval7.Card(c) for c in board.split()]
                t = best_of(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, cards, iters), 1)
                rates["eval7"] = max(rates.get("eval7", 0.0), iters / t / 1e6)
        peer_note = f"; eval7 {rates['eval7']:.1f} M/s ({rates['flushy'] / rates['eval7']:.1f}x)" if "eval7" in rates else ""
        row(f"Monte Carlo {label}", f"{rates['flushy']:8.1f} M/s",
            f"flushes valued with no branch; on a branch {rates['branch']:.1f} M/s "
            f"({rates['flushy'] / rates['branch']:.2f}x){peer_note}")
    m = n // 5
    r = max(rate(["QQ+,AKs", "JJ-99,AQs+"], m) for _ in range(3))
    row("Monte Carlo ranges QQ+,AKs vs JJ-99,AQs+", f"{r:8.1f} M/s", "general kernel (ranges)")
    for label, hands in (("As Ks vs random", ["As Ks", "random"]),
                         ("As Ks vs random vs random", ["As Ks", "random", "random"]),
                         ("As Ks vs Qd Qc vs random", ["As Ks", "Qd Qc", "random"])):
        rates = {}
        for _ in range(3):  # taking turns
            for general in (False, True):
                rates[general] = max(rates.get(general, 0.0), rate(hands, m, general=general))
        row(f"Monte Carlo {label}", f"{rates[False]:8.1f} M/s",
            f"fixed hands and random players drawn whole; general kernel {rates[True]:.1f} M/s "
            f"({rates[False] / rates[True]:.2f}x)")

    print("\nEnd to end, warm: `pokercli equity AsAh KsKh` (exact)")
    te = wall([*pokercli_cmd(), "equity", "AsAh", "KsKh"], repeat=5)
    row("pokercli equity AsAh KsKh", f"{te:8.2f} s", "goal <= 1.0 s")
    if eval7:
        with tempfile.TemporaryDirectory() as tmp:
            script = Path(tmp) / "eval7_exact.py"
            script.write_text(
                "import itertools, eval7\n"
                "h1 = [eval7.Card('As'), eval7.Card('Ah')]\n"
                "h2 = [eval7.Card('Ks'), eval7.Card('Kh')]\n"
                "deck = [c for c in eval7.Deck().cards if str(c) not in ('As','Ah','Ks','Kh')]\n"
                "w = t = l = 0\n"
                "for board in itertools.combinations(deck, 5):\n"
                "    b = list(board)\n"
                "    a, k = eval7.evaluate(h1 + b), eval7.evaluate(h2 + b)\n"
                "    if a > k: w += 1\n"
                "    elif a < k: l += 1\n"
                "    else: t += 1\n"
                "print(w, t, l)\n")
            tp = wall([sys.executable, str(script)], repeat=1 if not QUICK else 1)
            row("Python loop over eval7 (same job, with start-up)", f"{tp:8.2f} s",
                f"pokercli is {tp / te:.1f}x faster (goal >= 3x)")


if __name__ == "__main__":
    main()
