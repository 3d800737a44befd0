"""Evaluator and `rank` speed, with the peers measured in the same run.

    python benchmarks/bench_evaluator.py [--quick]
    POKERCLI_PEER_LIB=/path/libpeer.so python benchmarks/bench_evaluator.py --quick

A peer evaluator built by hand (never committed: OMPEval's ``HandEvaluator``
in a small C shim) runs beside the batch kernel in the same process, taking
turns, when ``POKERCLI_PEER_LIB`` names a shared library exporting
``void peer_init(void)`` and ``uint64_t peer_loop(const uint8_t *cards,
size_t n, size_t k, uint16_t *out)``: ``n`` rows of ``k`` card indices in
OMPEval's order (``4 * rank + suit``, rank 0 the two), one value written
per row. Compile the shim and pokercli for the same CPU kind
(``-march=haswell`` with ``NUMBA_CPU_NAME=haswell NUMBA_CPU_FEATURES=""`` for the AVX2
figures: the CPU name alone keeps this machine's features, AVX-512 included).

Prints hands/s of the batch kernel on random 7-card hands, the enumeration of
all 133,784,560 seven-card hands, peers (eval7, phevaluator, treys) called
per hand from Python, `pokercli rank -` end to end on a 1,000,000-line file
against a Python script that parses the file and calls eval7 per hand, and
the start-up time of the light commands.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of, cpu, numba_target, peer, pokercli_cmd, random_hands, row, wall  # noqa: E402

from pokercli import cards as C  # noqa: E402
from pokercli import evaluate as E  # noqa: E402

QUICK = "--quick" in sys.argv


def older_path(hands) -> None:
    """The 7-card kernels side by side on the same hands, the output allocated
    once: the AVX-512 one (where the CPU has it) and the scalar one it
    replaces there, which every other CPU runs."""
    from pokercli._kernels import evaluator as K

    raw = hands.view(np.uint8)
    _, _, _, (rank, flush) = E.kernel_tables()
    tables = (E._card_rows256("holdem"), E._row_starts("standard"), rank, flush, E._score_of_class_u32())
    kernels = [("scalar", lambda *a: K.evaluate_batch7(raw, *a))]
    if E._wide_ok():
        from pokercli._kernels.wide import evaluate_batch7_wide

        no_lows = (E._rank_bytes(), E._eight_low_table(), np.empty(0, np.uint8))
        kernels.insert(0, ("AVX-512", lambda *a: evaluate_batch7_wide(raw, *E._wide_tables("holdem"), *a,
                                                                      *no_lows)))
    for what, mapped, out in (("classes", False, np.empty(len(raw), np.uint16)),
                              ("scores", True, np.empty(len(raw), np.uint32))):
        for name, kernel in kernels:
            kernel(*tables, mapped, out)
            t = best_of(lambda: kernel(*tables, mapped, out))
            row(f"  {name} kernel, {what}, output allocated once", f"{len(raw) / t / 1e6:8.1f} M/s")


def peer_loop(hands, rounds: int = 5) -> None:
    """The batch kernel (outputs reused) beside ``POKERCLI_PEER_LIB``'s loop on the
    same hands, taking turns, best of three a round; checks that both order the
    hands alike (every pokercli class meets one peer value)."""
    import ctypes
    import os
    import time

    path = os.environ.get("POKERCLI_PEER_LIB")
    if not path:
        return
    lib = ctypes.CDLL(path)
    lib.peer_init()
    lib.peer_loop.restype = ctypes.c_uint64
    lib.peer_loop.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_void_p]
    n = len(hands)
    theirs = np.ascontiguousarray((4 * (hands % 13) + hands // 13).astype(np.uint8))
    their_out = np.empty(n, np.uint16)
    scores, classes = np.empty(n, np.uint32), np.empty(n, np.uint16)
    lib.peer_loop(theirs.ctypes.data, n, hands.shape[1], their_out.ctypes.data)
    E.classes(hands, out=classes)
    E.scores(hands, out=scores)  # every output page touched once, as the peer's
    pairs = np.unique(classes.astype(np.int64) * 100_000 + their_out)
    if len(pairs) != len(np.unique(classes)):
        raise SystemExit("the peer orders the hands otherwise: not the same evaluation")

    def seconds(f) -> float:
        t0 = time.perf_counter()
        f()
        return time.perf_counter() - t0

    calls = {"scores": lambda: E.scores(hands, out=scores), "classes": lambda: E.classes(hands, out=classes),
             "peer": lambda: lib.peer_loop(theirs.ctypes.data, n, hands.shape[1], their_out.ctypes.data)}
    ratios: dict[str, list[float]] = {"scores": [], "classes": []}
    for _ in range(rounds):
        best = {k: min(seconds(f) for _ in range(3)) for k, f in calls.items()}
        for k in ratios:
            ratios[k].append(best["peer"] / best[k])
        row(f"peer loop ({os.path.basename(path)}) beside scores / classes (out=)",
            f"{n / best['peer'] / 1e6:8.1f} M/s",
            f"{n / best['scores'] / 1e6:.1f} / {n / best['classes'] / 1e6:.1f} M/s: "
            f"{ratios['scores'][-1]:.2f}x / {ratios['classes'][-1]:.2f}x")
    for k, v in ratios.items():
        row(f"{k} against the peer, {rounds} rounds", f"{min(v):.2f}-{max(v):.2f}x")


def main() -> None:
    n = 2_000_000 if QUICK else 10_000_000
    print(f"CPU: {cpu()}; Numba target: {numba_target()}")
    hands = random_hands(n)
    E.scores(hands[:8])
    print("Evaluator (one thread)")
    t = best_of(lambda: E.scores(hands))
    kernel_rate = n / t
    row("batch kernel, random 7-card hands (scores)", f"{kernel_rate / 1e6:8.1f} M/s", "goal >= 100 M/s")
    tc = best_of(lambda: E.classes(hands))
    row("batch kernel, random 7-card hands (classes)", f"{n / tc / 1e6:8.1f} M/s",
        "AVX-512 kernel" if E._wide_ok() else "scalar kernel (no AVX-512 VBMI here)")
    reuse_s, reuse_c = np.empty(n, np.uint32), np.empty(n, np.uint16)
    t = best_of(lambda: E.scores(hands, out=reuse_s))
    row("batch kernel, 7-card scores, reused array (out=)", f"{n / t / 1e6:8.1f} M/s")
    t = best_of(lambda: E.classes(hands, out=reuse_c))
    row("batch kernel, 7-card classes, reused array (out=)", f"{n / t / 1e6:8.1f} M/s")
    older_path(hands)
    peer_loop(hands)
    for k in (5, 6):
        short = random_hands(n // 5, k)
        E.scores(short[:8])
        tk = best_of(lambda: E.scores(short))
        row(f"batch kernel, random {k}-card hands (scores)", f"{len(short) / tk / 1e6:8.1f} M/s")
    if not QUICK:
        for threads in (1, 2):
            E.count_all_seven(threads)
            te = best_of(lambda: E.count_all_seven(threads), 3)
            row(f"enumerate all 133,784,560 7-card hands, {threads} thread(s)",
                f"{133_784_560 / te / 1e6:8.1f} M/s", f"{te:.2f} s; goal >= 300 M/s")

    sample = hands[:200_000].tolist()
    eval7 = peer("eval7")
    if eval7:
        deck = {c: eval7.Card(C.card_name(c)) for c in range(52)}
        ehands = [[deck[c] for c in h] for h in sample]
        te7 = best_of(lambda: [eval7.evaluate(h) for h in ehands])
        r = len(sample) / te7
        row("eval7.evaluate called from Python", f"{r / 1e6:8.2f} M/s", f"kernel is {kernel_rate / r:.0f}x")
    ph = peer("phevaluator")
    if ph:
        names = [[C.card_name(c) for c in h] for h in sample[:50_000]]
        tph = best_of(lambda: [ph.evaluate_cards(*h) for h in names], 1)
        r = len(names) / tph
        row("phevaluator.evaluate_cards called from Python", f"{r / 1e6:8.2f} M/s", f"kernel is {kernel_rate / r:.0f}x")
    treys = peer("treys")
    if treys:
        ev = treys.Evaluator()
        th = [[treys.Card.new(C.card_name(c)) for c in h] for h in sample[:50_000]]
        tt = best_of(lambda: [ev.evaluate(h[:2], h[2:]) for h in th], 1)
        r = len(th) / tt
        row("treys Evaluator called from Python", f"{r / 1e6:8.2f} M/s", f"kernel is {kernel_rate / r:.0f}x")

    lines = 200_000 if QUICK else 1_000_000
    print(f"\n`pokercli rank -` end to end on a {lines:,}-line file (warm)")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        text = "\n".join(" ".join(C.card_name(c) for c in h) for h in random_hands(lines, seed=2).tolist())
        path.write_text(text + "\n")
        tr = wall([*pokercli_cmd(), "rank", "-"], stdin=str(path))
        row("pokercli rank - (TSV)", f"{tr:8.2f} s", "goal <= 3 s")
        trj = wall([*pokercli_cmd(), "rank", "-", "--json"], stdin=str(path))
        row("pokercli rank - --json", f"{trj:8.2f} s")
        if eval7:
            script = Path(tmp) / "eval7_rank.py"
            script.write_text(
                "import sys, eval7\n"
                "out = []\n"
                "for line in sys.stdin:\n"
                "    cards = [eval7.Card(t) for t in line.split()]\n"
                "    v = eval7.evaluate(cards)\n"
                "    out.append(f'{line.strip()}\\t{eval7.handtype(v)}\\t{v}')\n"
                "sys.stdout.write('\\n'.join(out) + '\\n')\n")
            tp = wall([sys.executable, str(script)], stdin=str(path))
            row("Python script parsing + eval7 per hand", f"{tp:8.2f} s", f"pokercli is {tp / tr:.1f}x faster (goal >= 5x)")

    print("\nStart-up (warm, wall time of the whole command)")
    cmd = pokercli_cmd()
    for args, goal in ((["--help"], "0.25 s"), (["encode", "As Kd"], "0.25 s"),
                       (["deal", "--seed", "1"], "0.25 s"), (["rank", "As Ks Qs Js Ts 2c 3d"], "0.3 s")):
        row("pokercli " + " ".join(args), f"{wall(cmd + args, repeat=5):8.3f} s", f"goal <= {goal}")
    row("python -c pass (interpreter alone)", f"{wall([sys.executable, '-c', 'pass'], repeat=5):8.3f} s")


if __name__ == "__main__":
    main()
