"""Batch equity for pipelines: `pokercli equity -` against one process per spot.

    python benchmarks/bench_batch.py [--spots N] [--separate M]

N random heads-up flop spots (default 10,000, seeded) go through one
`pokercli equity -` process; M of them (default 200) run as separate
`pokercli equity` commands, and their time is scaled to N. Both answer
every spot exactly; the script checks that the answers agree.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import pokercli_cmd, row  # noqa: E402

from pokercli.cards import card_name  # noqa: E402


def spots(n: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        c = [card_name(x) for x in rng.sample(range(52), 7)]
        out.append({"players": [c[0] + c[1], c[2] + c[3]], "board": " ".join(c[4:7])})
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spots", type=int, default=10_000)
    ap.add_argument("--separate", type=int, default=200)
    args = ap.parse_args()
    cmd = pokercli_cmd()
    batch = spots(args.spots)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "spots.jsonl"
        path.write_text("".join(json.dumps(s) + "\n" for s in batch))
        subprocess.run([*cmd, "equity", "AsAh", "KsKh", "--board", "2c 3c 4c"], capture_output=True)  # warm
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            r = subprocess.run([*cmd, "equity", "--file", str(path)], capture_output=True, text=True)
            best = min(best, time.perf_counter() - t)
        answers = [json.loads(line) for line in r.stdout.splitlines()]
        assert r.returncode == 0 and len(answers) == len(batch), r.stderr
    t = time.perf_counter()
    for spot, answer in zip(batch[:args.separate], answers):
        one = subprocess.run([*cmd, "equity", *spot["players"], "--board", spot["board"], "--json"],
                             capture_output=True, text=True)
        doc = json.loads(one.stdout)
        assert [p["wins"] for p in doc["players"]] == [p["wins"] for p in answer["players"]]
    separate = (time.perf_counter() - t) / args.separate
    print(f"{args.spots:,} random heads-up flop spots, exact")
    row("one `pokercli equity -` process", f"{best:.2f} s", f"{args.spots / best:,.0f} spots/s")
    row(f"separate `pokercli equity` runs ({args.separate} timed)", f"{separate * args.spots:.0f} s",
        f"{1 / separate:,.1f} spots/s, {separate * 1000:.0f} ms each")
    row("batch speed-up", f"{separate * args.spots / best:.0f}x", "(goal: at least 100x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
