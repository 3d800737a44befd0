"""Compute pokercli/data/shortdeck_preflop.json: each of the 81 short deck
starting-hand classes against a random hand, exactly, in both rankings.

    python scripts/gen_shortdeck_preflop.py            # all 162 entries (a few minutes here)
    python scripts/gen_shortdeck_preflop.py --check 5  # recompute 5 random shipped entries

For each class one representative hand (``AKs`` is As Ks) meets every hand of
the other 34 cards on every board of the 30 left, counted by pokercli's own
exact enumeration; the file holds each class's wins, ties and boards as
integers. ``percentile --game shortdeck`` preflop reads it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from pokercli import shortdeck_preflop as P

OUT = Path(__file__).resolve().parent.parent / "pokercli" / "data" / P.DATA_NAME


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, help="recompute this many random shipped entries")
    args = parser.parse_args()
    if args.check:
        shipped = json.loads(OUT.read_text())
        rng = random.Random()
        for _ in range(args.check):
            ranking = rng.choice(sorted(shipped))
            name = rng.choice(sorted(shipped[ranking]))
            got = P.compute(ranking, name)
            ok = got == shipped[ranking][name]
            print(f"{ranking} {name}: {'agrees' if ok else f'DIFFERS: {got}'}")
            if not ok:
                return 1
        return 0
    doc = {ranking: {name: P.compute(ranking, name) for name in P.classes()} for ranking in P.RANKINGS}
    OUT.write_text(json.dumps(doc, sort_keys=True, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
