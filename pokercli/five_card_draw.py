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
from pokercli.errors import PokerError, shown

CATEGORIES = ("royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
              "three of a kind", "two pair", "jacks or better", "low pair", "nothing")
#: Jacks or Better 9/6, per unit bet.
JACKS_OR_BETTER_9_6 = (800, 50, 25, 9, 6, 4, 3, 2, 1, 0, 0)


#: The largest pay per unit bet: expected returns summed over every draw stay finite (JSON has no inf).
MAX_PAY = 1e12


def parse_paytable(pays) -> tuple[float, ...]:
    """Nine pays, royal flush down to jacks or better (low pairs and nothing pay
    0): text (``"800 50 25 9 6 4 3 2 1"``) or a sequence of numbers."""
    if isinstance(pays, str):
        parts = [p for p in pays.replace(",", " ").split() if p]
        try:
            values = [float(p) for p in parts]
        except ValueError:
            raise PokerError(f"pays {shown(pays)}: pays are numbers, royal flush first", "pays") from None
    else:
        try:
            parts = list(pays)
            values = [float(v) for v in parts]
        except (TypeError, ValueError):
            raise PokerError(f"pays must be nine numbers, royal flush first, not {shown(pays)}",
                             "pays") from None
    bad = [p for p, v in zip(parts, values) if not (math.isfinite(v) and 0 <= v <= MAX_PAY)]
    if bad:
        raise PokerError(f"pays {shown(pays)}: a pay is a finite number from 0 to {MAX_PAY:g}, not "
                         f"{shown(bad[0])}", "pays")
    if len(values) != 9:
        raise PokerError(f"pays: 9 pays are needed (royal flush, straight flush, four of a kind, "
                         f"full house, flush, straight, three of a kind, two pair, jacks or "
                         f"better), not {len(values)}", "pays")
    return tuple(values) + (0.0, 0.0)


@dataclass
class Hold:
    """One way to play the hand: the cards kept, the final hands by category
    over every draw (``counts``), and the expected return per unit bet."""

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


@dataclass
class DrawResult:
    """All 32 holds of a five-card hand, best expected return first."""

    hand: list[int]
    pays: tuple[float, ...]
    holds: list[Hold]

    def to_dict(self) -> dict:
        """The ``draw --json`` document."""
        return {"hand": [C.card_name(c) for c in self.hand], "pays": dict(zip(CATEGORIES, self.pays)),
                "holds": [{"hold": [C.card_name(c) for c in h.held], "ev": h.ev, "draws": h.draws,
                           "counts": dict(zip(CATEGORIES, h.counts)),
                           "probabilities": dict(zip(CATEGORIES, h.probabilities))}
                          for h in self.holds]}


def draw(hand, dead=(), *, pays=None) -> DrawResult:
    """Five-card draw: each of the 32 ways to keep cards of ``hand`` and draw the
    rest, exactly over every draw from the unseen cards, with its expected
    return under ``pays`` (nine pays per unit bet, royal flush first; default
    Jacks or Better 9/6 with the royal at 800).

    >>> r = draw("Jh Jd 7c 4s 2h")
    >>> [C.card_name(c) for c in r.holds[0].held], round(r.holds[0].ev, 4)
    (['Jh', 'Jd'], 1.5365)
    """
    hand_cards = [int(c) for c in C.as_cards(hand, "hand", count=5)]
    dead_cards = [int(c) for c in C.as_cards(dead, "dead")]
    table = JACKS_OR_BETTER_9_6 if pays is None else parse_paytable(pays)
    return DrawResult(hand_cards, table, analyse(hand_cards, dead_cards, table))


def analyse(hand: Sequence[int], dead: Sequence[int] = (),
            pays: Sequence[float] = JACKS_OR_BETTER_9_6) -> list[Hold]:
    """All 32 holds of a five-card hand (card ids), best expected return first."""
    import numpy as np

    from pokercli import evaluate as E
    from pokercli._kernels import draw as K
    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.jit import call

    hand = list(hand)
    if len(hand) != 5:
        raise PokerError(f"hand: a draw hand has 5 cards, not {len(hand)}", "hand")
    C.check_disjoint([("hand", hand), ("dead", dead)])
    deck = np.array([c for c in range(52) if c not in set(hand) | set(dead)], np.int64)
    if len(deck) < 5:
        raise PokerError(f"too few cards left to draw: {len(deck)} in the deck once the hand and "
                         "dead cards are out, and drawing five needs 5", "dead")
    keys, offsets, _, (rank_class, flush_class) = E.kernel_tables()
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
