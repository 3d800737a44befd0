"""A first run on an empty cache: what a new user waits for before the first answer.

    python benchmarks/bench_first_run.py [--rounds 3]

Three rows, each on a fresh, empty ``POKERCLI_CACHE_DIR`` (a temporary folder):

* the evaluator's lookup tables built in-process (``lookup.build_tables``, the
  perfect hash's rows placed by ``place_rows``), best of ``--rounds`` once
  its kernel is compiled;
* a whole first command, ``equity AhKh QsQd --board "Jh Th 2c"`` (the tables
  built and cached, ``place_rows`` compiled), best of ``--rounds``, each on
  its own empty cache;
* a three-way range spot on a flop, on the quick path then on the general one
  (a progress report asked for), in one fresh process with the Monte Carlo
  kernels loaded first: the seconds of both, the kernels whose compile was
  announced, and how many signatures the runout kernel was compiled for in
  all (the two paths give it the same argument types, so one; before
  2026-11-29 a second compiled unannounced, in Numba's dispatch).

No peer: the C++ tools and eval7 compile nothing at run time. The figures
move with the machine's load; run it alone. To time another checkout beside
this one, run this script from that checkout's folder with ``PYTHONPATH`` set
to it (``python -c`` puts the current folder first on the path).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import cpu, numba_target, pokercli_cmd  # noqa: E402

THREE_WAY = """
import logging, sys, time
import pokercli
from pokercli import timing
compiled = []
class Seen(logging.Handler):
    def emit(self, record):
        if record.getMessage().startswith("compiled "):
            compiled.append(record.getMessage().split()[1])
log = logging.getLogger("pokercli")
log.addHandler(Seen())
log.setLevel(logging.INFO)
log.propagate = False
spent = timing.LIGHT_SPENT[0]
timing.LIGHT_SPENT[0] = timing.LIGHT_BUDGET  # as a process that has run a heavy job: the kernels
pokercli.equity(["AsAh", "KsKh"], samples=1000, seed=1, method="monte-carlo")
pokercli.equity(["AhKh", "QsQd"], "Jh Th 2c", samples=1000, seed=1, method="monte-carlo")
before = len(compiled)
t = time.perf_counter()
a = pokercli.equity(["QQ+,AKs", "JJ", "AKo"], "Kd 7c 2h", method="exact")
b = pokercli.equity(["QQ+,AKs", "JJ", "AKo"], "Kd 7c 2h", method="exact", progress=lambda *x: None)
took = time.perf_counter() - t
assert [p.wins for p in a.players] == [p.wins for p in b.players]
from pokercli._kernels.range_runouts import runout_patterns3_ranks
print(f"{took:.2f}", ",".join(compiled[before:]) or "none", len(runout_patterns3_ranks.overloads))
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    rounds = ap.parse_args().rounds
    print(f"CPU: {cpu()}, {os.cpu_count()} cores; Numba target: {numba_target()}")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, POKERCLI_CACHE_DIR=os.path.join(tmp, "tables"))
        code = ("import time\nfrom pokercli._kernels import lookup as L\nL.build_tables()\nbest = 9e9\n"
                f"for _ in range({rounds}):\n    t = time.perf_counter(); L.build_tables()\n"
                "    best = min(best, time.perf_counter() - t)\nprint(f'{best:.3f}')\n")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        print(f"  the evaluator's lookup tables built, best of {rounds}: {r.stdout.strip()} s")
        cmd = [*pokercli_cmd(), "equity", "AhKh", "QsQd", "--board", "Jh Th 2c"]
        times = []
        for k in range(rounds):
            env = dict(os.environ, POKERCLI_CACHE_DIR=os.path.join(tmp, f"command{k}"))
            t = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
            times.append(time.perf_counter() - t)
        print(f"  a first `equity AhKh QsQd --board \"Jh Th 2c\"`, best of {rounds} (each on an empty cache): "
              f"{min(times):.2f} s (worst {max(times):.2f})")
        env = dict(os.environ, POKERCLI_CACHE_DIR=os.path.join(tmp, "three"))
        r = subprocess.run([sys.executable, "-c", THREE_WAY], capture_output=True, text=True, env=env, check=True)
        took, compiled, signatures = r.stdout.split()
        print(f"  a three-way range spot on the quick path, then the general one: {took} s; compiled with a "
              f"notice: {compiled}; runout_patterns3_ranks compiled for {signatures} signature(s) in all")


if __name__ == "__main__":
    main()
