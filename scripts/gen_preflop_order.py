"""Compute pokercli/data/preflop_order.json: each of the 169 starting-hand
classes' equity against 2 to 9 random hands, by pokercli's own Monte Carlo
engine, and their exact order against one random hand, for the order of
top-X% ranges (``15%``, ``15%@3``).

    python scripts/gen_preflop_order.py            # every entry (about 5 minutes here)
    python scripts/gen_preflop_order.py --check 5  # recompute 5 random shipped entries

Each entry is :data:`pokercli.preflop_order.SAMPLES` samples with the seed
:func:`seed_of` gives, so a rerun on the same engine
writes the same figures; ``--check`` recomputes entries with that seed and
reports any that differ by more than 4 standard errors (another engine
version may sample differently).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from pokercli import preflop_order as P
from pokercli.ranges import starting_classes

OUT = Path(__file__).resolve().parent.parent / "pokercli" / "data" / P.DATA_NAME


def seed_of(name: str, opponents: int) -> int:
    """The seed of one shipped estimate: fixed by the class and the count of opponents."""
    return 1000 * opponents + starting_classes().index(name)


def estimate(name: str, opponents: int, samples: int = P.SAMPLES, seed=None) -> float:
    """One class's Monte Carlo equity against ``opponents`` random hands: its
    representative hand (As Ah, As Ks, As Kh, ...) and ``opponents`` hands
    dealt at random, every sample a fresh deal and board."""
    from pokercli import equity
    from pokercli.cards import format_cards
    from pokercli.ranges import class_representative

    hand = format_cards(class_representative(name))
    seed = seed_of(name, opponents) if seed is None else seed
    result = equity([hand] + ["random"] * opponents, method="monte-carlo", samples=samples, seed=seed)
    return result.players[0].equity


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", type=int, help="recompute this many random shipped entries")
    args = parser.parse_args()
    if args.check:
        shipped = P.shipped()
        rng = random.Random()
        bad = 0
        for _ in range(args.check):
            n = rng.choice(range(2, 10))
            name = rng.choice(starting_classes())
            got, want = estimate(name, n), shipped[str(n)][name]
            limit = 4 * 0.5 / math.sqrt(P.SAMPLES)
            ok = abs(got - want) <= limit
            bad += not ok
            print(f"{name} against {n}: shipped {want:.6f}, now {got:.6f} "
                  f"({'agrees' if ok else 'DIFFERS'})")
        return 1 if bad else 0
    from pokercli.hand_strength import class_order

    doc = {"format": 1, "samples": P.SAMPLES,
           "equity": {str(n): {name: round(estimate(name, n), 6) for name in starting_classes()}
                      for n in range(2, 10)},
           "order": {"1": class_order()}}
    OUT.write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
