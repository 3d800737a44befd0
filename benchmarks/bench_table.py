"""`pokercli table` speed: the 169 x 169 exact heads-up table, engines compared.

    python benchmarks/bench_table.py [--full]

Times a fixed sample of class pairs (every 12th of the 14,365) on the local
engine with 1 and 2 threads, on 2 local worker processes, and on a Dask
LocalCluster with 1 and 2 worker processes; extrapolates the full table from
each. ``--full`` also computes the whole table on the default local engine and
prints its wall time. Needs pip install '.[bench]' (Dask).
"""

from __future__ import annotations

import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import row  # noqa: E402

from pokercli import jobs as G  # noqa: E402
from pokercli import preflop_table as T  # noqa: E402

FULL = "--full" in sys.argv
GOAL_MINUTES = 15


def sample_chunks(step: int = 12, size: int = T.CHUNK_PAIRS):
    full = T.make_job(None, None, 2)
    pairs = [list(p) for p in full.pairs[::step]]
    return [(pairs[k:k + size],) for k in range(0, len(pairs), size)], len(pairs), len(full.pairs)


def timed(engine, chunks) -> float:
    t = time.perf_counter()
    for _ in engine.run(T.chunk_counts, dict(enumerate(chunks))):
        pass
    return time.perf_counter() - t


class ProcessEngine:
    """Local worker processes (compared with the default threads)."""

    def __init__(self, workers: int):
        self.pool = ProcessPoolExecutor(workers)

    def run(self, fn, chunks):
        futures = {self.pool.submit(fn, *args): i for i, args in chunks.items()}
        for fut, i in futures.items():
            yield i, fut.result()


def lookup_rows() -> None:
    """The full table summed from the shipped heads-up deals (the default), and
    the enumeration of a sample in the same run."""
    from pokercli import preflop_lookup as L

    t = time.perf_counter()
    L.pair_index()  # built once (or loaded from the cache), then kept
    t_index = time.perf_counter() - t
    job = T.make_job(None, None, 2)
    best = min(T.from_lookup(job).seconds for _ in range(3))
    row("full 169 x 169 table from the shipped deals", f"{best:7.2f} s",
        f"{len(job.pairs):,} pairs, goal <= 2 s; pair index {t_index:.2f} s "
        "(first run builds and caches it)")


def main() -> None:
    lookup_rows()
    chunks, n, total = sample_chunks()
    T.chunk_counts([[0, 1]])  # kernels loaded
    print(f"Sample: {n} of the {total:,} class pairs (every 12th), in {len(chunks)} chunks")
    results = {}
    for label, engine in [("local engine, 1 thread", G.LocalEngine(1)),
                          ("local engine, 2 threads (default)", G.LocalEngine(2))]:
        results[label] = timed(engine, chunks)
    procs = ProcessEngine(2)
    list(procs.run(T.chunk_counts, {0: ([[0, 1]],), 1: ([[0, 2]],)}))  # workers started, kernels loaded
    results["2 local worker processes"] = timed(procs, chunks)
    procs.pool.shutdown()
    try:
        import dask
        from distributed import LocalCluster

        with tempfile.TemporaryDirectory() as tmp, dask.config.set({"temporary-directory": tmp}):
            for workers in (1, 2):
                with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
                    engine = G.DaskEngine(cluster.scheduler_address)
                    timed(engine, [([[0, 1]],)] * workers)  # workers warm
                    results[f"Dask LocalCluster, {workers} worker(s)"] = timed(engine, chunks)
                    engine.close()
    except ImportError:
        print("(Dask not installed: pip install '.[bench]')")
    base = results["local engine, 1 thread"]
    for label, t in results.items():
        est = t * total / n / 60
        row(label, f"{t:7.2f} s", f"{base / t:.2f}x of 1 thread; full table ~{est:.1f} min "
            f"(goal <= {GOAL_MINUTES} min)")
    if "Dask LocalCluster, 2 worker(s)" in results:
        s = results["Dask LocalCluster, 1 worker(s)"] / results["Dask LocalCluster, 2 worker(s)"]
        row("Dask speed-up from 1 to 2 workers", f"{s:7.2f}x", "goal: near 2x on 2 cores")
    if FULL:
        t = time.perf_counter()
        table = T.compute_chunks(T.make_job(None, None, 2), G.LocalEngine(), None)
        dt = time.perf_counter() - t
        row("full 169 x 169 table, local engine", f"{dt / 60:7.2f} min",
            f"{len(table.counts):,} pairs; goal <= {GOAL_MINUTES} min")


if __name__ == "__main__":
    main()
