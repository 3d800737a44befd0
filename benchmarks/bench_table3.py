"""The exact three-way preflop table on CPUs: the estimate for the whole table on
this machine, and the measured rate on this machine's threads and on a Dask
LocalCluster (2 worker processes).

    python benchmarks/bench_table3.py

The rate is measured on the triples of 8 classes (a few thousand distinct
deals) and extrapolated to the whole table's 13,937,118 deals. On a GPU,
``benchmarks/bench_gpu.py --table3-full`` computes the whole table.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import row  # noqa: E402

import pokercli  # noqa: E402
from pokercli import jobs, table3 as T3  # noqa: E402

SAMPLE = "AA,KK,QQ,AKs,AKo,T9s,72o,22"


def main() -> None:
    full = T3.estimate(T3.make_job(None, None))
    row("whole table: distinct deals", f"{full.deals:,}")
    row("whole table: estimate here", full.text("cpu", jobs.threads()).split(": ", 1)[1])
    sample = T3.estimate(T3.make_job(None, SAMPLE)).deals
    pokercli.table(players=3, classes="AA,KK", engine="cpu")  # kernels loaded
    t = time.perf_counter()
    pokercli.table(players=3, classes=SAMPLE, engine="cpu")
    local = time.perf_counter() - t
    row(f"sample ({sample:,} deals), {jobs.threads()} local threads", f"{sample / local:,.0f} deals/s",
        f"whole table ~{full.deals / (sample / local) / 3600:.1f} h")
    try:
        import distributed
    except ImportError:
        print("  (Dask not installed: pip install '.[bench]')")
        return
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        pokercli.table(players=3, classes="AA,KK", engine="cpu", scheduler=cluster.scheduler_address)
        t = time.perf_counter()
        pokercli.table(players=3, classes=SAMPLE, engine="cpu", scheduler=cluster.scheduler_address)
        dask = time.perf_counter() - t
    row("sample on a Dask LocalCluster, 2 workers", f"{sample / dask:,.0f} deals/s",
        f"whole table ~{full.deals / (sample / dask) / 3600:.1f} h")


if __name__ == "__main__":
    main()
