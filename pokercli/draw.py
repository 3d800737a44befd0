"""Five-card draw (seed 000 is a draw game): the value of each of the 32 holds.

For a five-card hand, every way to keep some cards and draw the rest is
evaluated exactly over every possible draw from the 47 unseen cards (all 32
holds together: 2,598,960 final hands). Final hands are sorted into the
categories of video poker's Jacks or Better, and each hold gets its expected
return per unit bet under a pay table (default: Jacks or Better 9/6, the
royal paid at the five-coin rate of 800 per coin).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from pokercli import cards as C
from pokercli.errors import InputError, shown

CATEGORIES = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
              "three of a kind", "two pair", "jacks or better", "low pair", "nothing")
#: Jacks or Better 9/6, per unit bet.
JACKS_OR_BETTER_9_6 = (800, 50, 25, 9, 6, 4, 3, 2, 1, 0, 0)


def parse_paytable(text: str) -> tuple[float, ...]:
    """Nine pays, royal flush down to jacks or better (low pairs and nothing pay 0)."""
    parts = [p for p in text.replace(",", " ").split() if p]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise InputError(f"--pay {shown(text)}: pays are numbers, royal flush first") from None
    bad = [p for p, v in zip(parts, values) if not (math.isfinite(v) and v >= 0)]
    if bad:
        raise InputError(f"--pay {shown(text)}: a pay is a finite number >= 0, not {shown(bad[0])}")
    if len(values) != 9:
        raise InputError(f"--pay takes 9 non-negative pays (royal flush, straight flush, four of a "
                         f"kind, full house, flush, straight, three of a kind, two pair, jacks or "
                         f"better), got {len(values)}")
    return tuple(values) + (0.0, 0.0)


@dataclass
class Hold:
    held: list[int]
    counts: list[int]
    draws: int
    ev: float

    @property
    def probabilities(self) -> list[float]:
        return [c / self.draws for c in self.counts]


@lru_cache(maxsize=1)
def category_of_class() -> "object":
    import numpy as np

    from pokercli import evaluate as E

    out = np.zeros(7463, np.int64)
    scores = E.score_of_class()
    for cls in range(1, 7463):
        strength = scores[cls] >> 26
        if cls == 1:
            cat = 0
        elif strength == 9:
            cat = 1
        elif strength == 2:
            pair_rank = (int(scores[cls]) >> 13) & 0x1FFF
            cat = 8 if pair_rank >= 1 << 9 else 9  # jacks (rank 9) or better
        else:
            cat = {8: 2, 7: 3, 6: 4, 5: 5, 4: 6, 3: 7, 1: 10}[int(strength)]
        out[cls] = cat
    return out


def analyse(hand: Sequence[int], dead: Sequence[int] = (),
            pays: Sequence[float] = JACKS_OR_BETTER_9_6) -> list[Hold]:
    """All 32 holds of a five-card hand, best expected return first."""
    import numpy as np

    from pokercli._kernels import draw as K
    from pokercli import evaluate as E
    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.jit import call

    hand = list(hand)
    if len(hand) != 5:
        raise InputError(f"a draw hand has 5 cards, not {len(hand)}")
    C.check_disjoint([("hand", hand), ("dead cards", dead)])
    deck = np.array([c for c in range(52) if c not in set(hand) | set(dead)], np.int64)
    if len(deck) < 5:
        raise InputError(f"too few cards left to draw: {len(deck)} in the deck once the hand and "
                         "dead cards are out, and drawing five needs 5")
    keys, offsets, _, (rank_class, flush_class) = E._args()
    counts = np.zeros((32, len(CATEGORIES)), np.int64)
    call(K.draw_counts, np.array(hand, np.int64), deck, binomials(), keys, offsets, rank_class,
         flush_class, category_of_class(), counts)
    holds = []
    for hold in range(32):
        held = [hand[i] for i in range(5) if hold >> i & 1]
        draws = math.comb(len(deck), 5 - len(held))
        row = counts[hold].tolist()
        ev = sum(c * p for c, p in zip(row, pays)) / draws
        holds.append(Hold(held, row, draws, ev))
    holds.sort(key=lambda h: (-h.ev, -len(h.held)))
    return holds


def render(hand: list[int], holds: list[Hold], pays, out, top: int) -> None:
    if out.json:
        out.emit_json({"hand": [C.card_name(c) for c in hand], "pays": dict(zip(CATEGORIES, pays)),
                       "holds": [{"hold": [C.card_name(c) for c in h.held], "ev": h.ev, "draws": h.draws,
                                  "counts": dict(zip(CATEGORIES, h.counts)),
                                  "probabilities": dict(zip(CATEGORIES, h.probabilities))}
                                 for h in holds]})
        return
    shown = holds[:top]
    label = lambda h: C.format_cards(h.held, out.unicode) or "(draw five)"  # noqa: E731
    if not out.rich:
        out.line(f"hand: {C.format_cards(hand, out.unicode)}")
        out.line("hold\tev\tdraws\t" + "\t".join(CATEGORIES))
        for h in shown:
            out.line(f"{label(h)}\t{h.ev:.6f}\t{h.draws}\t" + "\t".join(f"{p:.6f}" for p in h.probabilities))
        return
    from rich.table import Table

    t = Table(title=f"{C.format_cards(hand, out.unicode)}: best holds (Jacks or Better pays "
                    f"{'/'.join(f'{p:g}' for p in pays[:9])})", title_justify="left")
    t.add_column("#", justify="right")
    t.add_column("hold")
    t.add_column("EV", justify="right", style="bold")
    for name in CATEGORIES[:9]:
        t.add_column(name.replace(" ", "\n"), justify="right")
    for i, h in enumerate(shown, 1):
        t.add_row(str(i), label(h), f"{h.ev:.4f}",
                  *[f"{100 * p:.2f}%" if p else "·" for p in h.probabilities[:9]],
                  style="green" if i == 1 else None)
    out.emit(t)
