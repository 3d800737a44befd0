"""Compute pokercli/data/preflop_vs_random.json: the exact equity of each of the
169 starting-hand classes against one random hand, preflop.

    python scripts/gen_preflop_table.py            # all 169 classes (about half an hour here)
    python scripts/gen_preflop_table.py AKs 72o    # recompute some and print them

Each class is computed with pokercli's own exact enumeration (`equity`): its
representative hand (As Ah, As Ks, As Kh, ...) against every two-card hand of
the other 50 cards and every board, suit-symmetric deals merged. `percentile`
reads the file for preflop questions; a test recomputes one class exactly and
checks all of them against Monte Carlo.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pokercli
from pokercli.ranges import RANK_CHARS_DESC, class_representative, starting_classes

OUT = Path(__file__).resolve().parent.parent / "pokercli" / "data" / "preflop_vs_random.json"


def compute(name: str) -> dict:
    r = pokercli.equity([class_representative(name), "random"], method="exact")
    p = r.players[0]
    return {"wins": int(p.wins), "ties": int(p.ties), "total": int(p.total),
            "split_share": float(p.equity * p.total - p.wins), "equity": p.equity}


def main(argv: list[str]) -> int:
    names = argv or starting_classes()
    table = {}
    if OUT.exists() and not argv:
        table = json.loads(OUT.read_text())["classes"]
    for name in names:
        if name in table and not argv:
            continue
        t = time.perf_counter()
        table[name] = compute(name)
        print(f"{name:4} {100 * table[name]['equity']:.4f}%  {time.perf_counter() - t:.1f} s", flush=True)
        if not argv:
            OUT.write_text(json.dumps({"generated_by": "scripts/gen_preflop_table.py",
                                       "ranks": RANK_CHARS_DESC, "classes": table}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
