"""One question in a fresh process: whole commands, as a script or a shell asks them.

    python benchmarks/bench_oneoff.py [--rounds 5]

Each row runs ``python -m pokercli ...`` in a new interpreter (warm on-disk
cache), the best of ``--rounds``, two ways taking turns: as a user runs it
(small spots are counted in plain Python: ``pokercli/equity_calc/light.py``,
``omaha_light.py``, ``stud_light.py``, ``postflop_pairs.py``, the turn and
river of ``percentile``), and with NumPy imported first, which sends every job
to the kernels (the path before the light ones, and the path of a batch or a
program once it has loaded them). Both print the same figures; the second column
is the price of loading NumPy, Numba and the kernels for one question. A peer
built by hand (never committed) can run in the same rounds: name its command in
``POKERCLI_PEER`` and its wall time is printed after each round.
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

ROWS = [
    ["equity", "AhKh", "QsQd", "--board", "Jh Th 2c"],
    ["equity", "--game", "omaha", "AsAhKsKh", "QdQcJdJc", "--board", "2c3d4h"],
    ["equity", "--game", "omaha-hilo", "As2hKsKh", "QdQc3cJc", "--board", "2c 3d 4h 9s"],
    ["equity", "--game", "razz", "(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"],
    ["equity", "--game", "stud-hilo", "(As 2d) 3h 4c 9h Th", "(Kd 3d) 4s 6h 7h 8c"],
    ["equity", "--game", "27-single", "7s 5d 4h 2c", "8s 6d 3h 2d"],
    ["equity", "--game", "badugi", "As 2d 3h", "Ks 2c 4h 7d"],
    ["percentile", "AsKs", "--board", "2c 3d 4h 5s"],
    ["percentile", "AsKs", "--board", "2c 3d 4h 5s 9h"],
]

#: ``python -c`` code that imports NumPy, then runs the command line in ``sys.argv``.
KERNELS = "import sys, numpy\nsys.argv[0] = 'pokercli'\nfrom pokercli.cli import main\nmain()\n"


def wall(command: list[str]) -> tuple[float, str]:
    t = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    print(f"CPU: {cpu()}, {os.cpu_count()} cores; Numba target: {numba_target()}")
    print("best of each round's runs, seconds: as run / with NumPy imported first (no plain-Python path)")
    peer = os.environ.get("POKERCLI_PEER")
    light = {i: float("inf") for i in range(len(ROWS))}
    heavy = dict(light)
    for round_ in range(1, args.rounds + 1):
        for i, row in enumerate(ROWS):
            t, a = wall([sys.executable, "-m", "pokercli", *row, "--json"])
            light[i] = min(light[i], t)
            t, b = wall([sys.executable, "-c", KERNELS, *row, "--json"])
            heavy[i] = min(heavy[i], t)
            if _figures(a) != _figures(b):
                raise SystemExit(f"the two paths differ on {row}")
        if peer:
            t, _ = wall(shlex.split(peer))
            print(f"  round {round_}: peer {t:.3f} s")
    for i, row in enumerate(ROWS):
        print(f"  {' '.join(shlex.quote(w) for w in row):<78} {light[i]:6.3f} / {heavy[i]:6.3f}")


def _figures(text: str) -> str:
    """The JSON without its timing, to compare the two paths' answers."""
    import json

    doc = json.loads(text)
    doc.pop("seconds", None)
    return json.dumps(doc, sort_keys=True)


if __name__ == "__main__":
    main()
