"""The GPU engine on a real device: checked against the CPU engine, then timed.

    python benchmarks/bench_gpu.py [--table3-full [--save FILE.csv.gz]] [--skip-checks] [--table3-only]
                                   [--memory shared|device] [--stud-only]

Needs an NVIDIA GPU and pip install 'pokercli[gpu]'. Prints:

* checks, each GPU count against the CPU engine's (the same integers):
  exact equity spots (heads-up, three-way, ranges on a flop, short deck), the
  whole heads-up 169x169 table against the shipped exact table, three-way
  table entries against ``equity A B C --exact``, and Monte Carlo against the
  exact equity (within 5 standard errors) and against itself (same seed);
* timings: the full heads-up table (kernel time: the sum of the GPU calls,
  transfers included; and the whole call), heads-up and three-way Monte Carlo
  samples per second — each with the lookup tables in shared memory (where
  the device has room) and in device memory, in the same run; three-way table chunks (deals per second, and the full
  table extrapolated); ``--table3-full`` computes the whole three-way table;
* ``--stud-only``: just the stud and draw games' checks and heads-up razz,
  stud and stud hi-lo from third street (exact, with their launches counted).

Exits 1 when a check fails.
"""

from __future__ import annotations

import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import row  # noqa: E402

warnings.simplefilter("ignore")

import numpy as np  # noqa: E402

import pokercli  # noqa: E402
from pokercli import gpu  # noqa: E402

FAILED = []
#: Where the kernels read the lookup tables: both are timed (``--memory shared`` for one).
MEMORIES = [sys.argv[sys.argv.index("--memory") + 1]] if "--memory" in sys.argv else ["shared", "device"]
KERNEL_SECONDS = [0.0]


def check(label: str, ok: bool, note: str = "") -> None:
    row(label, "ok" if ok else "MISMATCH", note)
    if not ok:
        FAILED.append(label)


def timed_kernels():
    """Count the wall time of every exact GPU call (each ends with a copy to the host)."""
    inner = gpu.deal_patterns

    def wrapped(*args, **kwargs):
        t = time.perf_counter()
        out = inner(*args, **kwargs)
        KERNEL_SECONDS[0] += time.perf_counter() - t
        return out

    gpu.deal_patterns = wrapped


def counts(r):
    return [(p.wins, p.ties, p.total) for p in r.players]


def exact_checks() -> None:
    print("exact equity, GPU against CPU (the same integers)")
    spots = [
        (["AsAh", "KsKh"], "", "", "holdem"),
        (["AKs", "QQ"], "", "", "holdem"),
        (["AhAd", "KsKc", "QhQs"], "", "", "holdem"),
        (["AsKs", "QhJh", "9c9d", "7s6s"], "", "2c", "holdem"),
        (["QQ+,AKs", "JJ-99,AQs+"], "Ah 7c 6h", "", "holdem"),
        (["AKs,AKo", "random"], "Kd 8s 3c", "", "holdem"),
        (["AsKs", "9h9d"], "", "", "shortdeck"),
    ]
    for players, board, dead, game in spots:
        t = time.perf_counter()
        g = pokercli.equity(players, board, dead, game=game, method="exact", engine="gpu")
        tg = time.perf_counter() - t
        t = time.perf_counter()
        c = pokercli.equity(players, board, dead, game=game, method="exact", engine="cpu")
        tc = time.perf_counter() - t
        check(f"{' vs '.join(players)} {board or 'preflop'} {game}", counts(g) == counts(c),
              f"gpu {tg:.3f} s, cpu {tc:.3f} s")


def stud_checks_and_time() -> None:
    """The stud and draw games' exact jobs on the GPU against the CPU, and
    heads-up razz, stud and stud hi-lo from third street (18 billion deals
    each; the issue's goal: seconds on a GPU)."""
    print("stud and draw games, exact, GPU against CPU (the same integers)")
    spots = [
        (["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"], "razz"),
        (["(As Ad) 3h 4c 9h", "(Kc Ks) 4s 6h 7h"], "stud"),
        (["(As 2d) 3h 4c 9h", "(Kd 3d) 4s 6h 7h"], "stud-hilo"),
        (["7s 5d 4h 3c", "8s 6h 4d 2c"], "27-single"),
        (["(As 2d) 3h 4c", "(Kd 3d) 4s 6h"], "razz"),
    ]
    for players, game in spots:
        t = time.perf_counter()
        g = pokercli.equity(players, game=game, method="exact", engine="gpu")
        tg = time.perf_counter() - t
        t = time.perf_counter()
        c = pokercli.equity(players, game=game, method="exact", engine="cpu")
        tc = time.perf_counter() - t
        same = counts(g) == counts(c) and g.to_dict()["players"] == c.to_dict()["players"]
        check(f"{' vs '.join(players)} {game}", same, f"gpu {tg:.3f} s, cpu {tc:.3f} s")
    launches = []
    inner = gpu.stud_launches

    def counted(*args):
        out = inner(*args)
        launches.append(len(out))
        return out

    gpu.stud_launches = counted
    try:
        third_street(launches)
    finally:
        gpu.stud_launches = inner


def third_street(launches: list) -> None:
    """Heads-up razz, stud and stud hi-lo from third street, exact on the GPU,
    timed (``launches``: each job's launch count, as it is counted)."""
    for players, game in ((["(As 2d) 3h", "(Kd 3d) 4s"], "razz"), (["(As Ad) 3h", "(Kc Ks) 4s"], "stud"),
                          (["(As 2d) 3h", "(Kd 3d) 4s"], "stud-hilo")):
        launches.clear()
        t = time.perf_counter()
        r = pokercli.equity(players, game=game, method="exact", engine="gpu")
        dt = time.perf_counter() - t
        row(f"{game} third street {' vs '.join(players)}, exact on the GPU", f"{dt:.2f} s",
            f"{r.deals:,.0f} deals, {r.deals * len(players) / dt:.3g} hands/s, {sum(launches)} launches, "
            f"equity {' / '.join(f'{p.equity:.6f}' for p in r.players)}")


def table_checks_and_time() -> None:
    print("heads-up 169x169 table on the GPU")
    from pokercli import preflop_table as T

    shipped = T.from_lookup(T.make_job(None, None, 2))
    for memory in MEMORIES:
        gpu.USE_SHARED = memory == "shared"
        pokercli.table(classes="AA,KK", engine="gpu")  # compile
        KERNEL_SECONDS[0] = 0.0
        t = time.perf_counter()
        r = pokercli.table(engine="gpu")
        wall = time.perf_counter() - t
        check(f"tables in {memory} memory: every pair's counts equal the shipped (CPU) table",
              r.counts == shipped.counts, f"{len(r.counts)} pairs")
        row(f"full table, tables in {memory} memory: GPU calls (kernels and transfers)",
            f"{KERNEL_SECONDS[0]:.3f} s", "goal <= 0.5 s")
        row(f"full table, tables in {memory} memory: whole call (chunks, host work)", f"{wall:.2f} s")
    gpu.USE_SHARED = True


def mc_checks_and_time() -> None:
    print("Monte Carlo on the GPU")
    for players, board in ((["AsAh", "KsKh"], ""), (["AhAd", "KsKc", "QhQs"], ""),
                           (["QQ+,AKs", "JJ-99,AQs+"], "Ah 7c 6h")):
        ex = pokercli.equity(players, board, method="exact", engine="cpu")
        label = " vs ".join(players) + (f" on {board}" if board else "")
        same = []
        for memory in MEMORIES:
            gpu.USE_SHARED = memory == "shared"
            pokercli.equity(players, board, samples=1 << 20, seed=1, engine="gpu")  # compile
            n = 1 << 34 if len(players) == 2 and not board else 1 << 32
            t = time.perf_counter()
            a = pokercli.equity(players, board, samples=n, seed=7, engine="gpu")
            dt = time.perf_counter() - t
            b = pokercli.equity(players, board, samples=1 << 24, seed=7, engine="gpu")
            c = pokercli.equity(players, board, samples=1 << 24, seed=7, engine="gpu")
            same.append([p.equity for p in b.players])
            worst = max(abs(p.equity - q.equity) / max(p.stderr, 1e-12) for p, q in zip(a.players, ex.players))
            check(f"{label}: within 5 stderr of exact", worst < 5, f"{worst:.2f} stderr")
            check(f"{label}: same seed, same answer", [p.equity for p in b.players] == [p.equity for p in c.players])
            row(f"{label}, tables in {memory} memory: samples/s", f"{a.samples / dt:.3g}",
                f"{a.samples:.3g} samples in {dt:.2f} s")
        check(f"{label}: the same counts from either memory", all(x == same[0] for x in same))
        gpu.USE_SHARED = True


def table3_checks_and_time(full: bool) -> None:
    print("three-way table on the GPU")
    from pokercli import table3 as T3

    r = pokercli.table(players=3, hand="72o", vs="KK", engine="gpu")
    c = pokercli.table(players=3, hand="72o", vs="KK", engine="cpu")
    check("72o vs KK and each class: GPU = CPU", r.counts == c.counts, f"{len(r.counts)} triples")
    for a, b, cc in (("AKs", "QQ", "JTs"), ("72o", "KK", "AA"), ("KK", "72o", "72o")):
        e = pokercli.equity([a, b, cc], method="exact", engine="cpu")
        (w, t2, t3), n = r.triple(a, b, cc) if "72o" in (a, b, cc) and "KK" in (a, b, cc) else \
            pokercli.table(players=3, hand=a, vs=b, engine="gpu").triple(a, b, cc)
        check(f"{a} vs {b} and {cc}: = equity --exact", (e.players[0].wins, e.players[0].ties,
                                                         e.players[0].total) == (w, t2 + t3, n))
    job = T3.make_job(None, None)
    if not full:
        sample_table3(job)
    else:
        full_table3()


def sample_table3(job) -> None:
    from pokercli import table3 as T3
    from pokercli.jobs import local_engine

    engine = local_engine("gpu")
    sample = [job.chunk_list[k] for k in (0, 13, 40, 100, 160)]
    deals = sum(len(T3.deals(x, a, tuple(m))[0]) for x, a, m in sample)
    t = time.perf_counter()
    for _ in engine.run(T3.chunk_counts, {i: ch + ("gpu",) for i, ch in enumerate(sample)}):
        pass
    dt = time.perf_counter() - t
    total = T3.estimate(job).deals
    row("three-way chunks: deals/s", f"{deals / dt:.4g}", f"{deals:,} deals in {dt:.1f} s")
    row("three-way full table, extrapolated", f"{total / (deals / dt) / 60:.1f} min", "goal <= 15 min")


def full_table3() -> None:
    if True:
        t = time.perf_counter()
        res = pokercli.table(players=3, engine="gpu", announce=print)
        dt = time.perf_counter() - t
        row("three-way full table, computed", f"{dt / 60:.2f} min", f"{len(res.counts):,} triples")
        import hashlib

        digest = hashlib.sha256(res.to_csv().encode()).hexdigest()[:16]
        row("three-way full table CSV sha256", digest)
        out = Path(sys.argv[sys.argv.index("--save") + 1]) if "--save" in sys.argv else None
        if out:
            import gzip

            out.write_bytes(gzip.compress(res.to_csv().encode(), 9))


def main() -> int:
    ok, name = gpu.status()
    import numba

    print(f"device: {name}; numba {numba.__version__}, numpy {np.__version__}")
    if not ok:
        print("no GPU: nothing to check")
        return 1
    timed_kernels()
    if "--stud-only" in sys.argv:
        stud_checks_and_time()
    elif "--table3-only" not in sys.argv:
        if "--skip-checks" not in sys.argv:
            exact_checks()
            stud_checks_and_time()
        table_checks_and_time()
        mc_checks_and_time()
    if "--stud-only" not in sys.argv:
        table3_checks_and_time("--table3-full" in sys.argv)
    if FAILED:
        print("FAILED:", ", ".join(FAILED))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
