"""Omaha: 4, 5 or 6 hole cards, of which a hand uses exactly two with exactly
three of the board; high only, or hi-lo with an eight-or-better low.

Its engine: one-hand values and showdowns from :mod:`pokercli.omaha_hands`
(plain Python), equity from :mod:`pokercli.equity_calc.omaha` (a fresh
process's small jobs of fixed hands from :mod:`pokercli.equity_calc.omaha_light`), percentiles
from :mod:`pokercli.omaha_strength`, batches from the Omaha kernels.
"""

from __future__ import annotations

from pokercli.games.game import Game
from pokercli.games.rules import STANDARD, Dealing, Engine, HandRule, Pot

ENGINE = Engine(
    "omaha",
    rank="pokercli.omaha_hands:rank_needs_board",
    showdown="pokercli.omaha_hands:showdown",
    equity="pokercli.equity_calc.omaha_light:equity",
    percentile="pokercli.omaha_strength:percentile",
    evaluate="pokercli.evaluate:evaluate_omaha",
    rank_stream="pokercli.batch:omaha_rank_stream",
    runs_sample="pokercli.equity_calc.runs:sampled_omaha",
    runs_ranges="pokercli.equity_calc.runs:ranged_omaha",
    combo_counts="pokercli.equity_calc.omaha:combo_counts",
)

_RULE = "exactly two hole cards and three board cards"


def definitions():
    return [Game(name, f"{title}: {cards} hole cards, the best five of {_RULE}"
                 + (", half the pot to the best eight-or-better low" if hilo else ""),
                 deck=tuple(range(52)),
                 dealing=Dealing(hole_cards=cards, board_cards=5, board_sizes=(0, 3, 4, 5)),
                 rule=HandRule(f"the best five of {_RULE}", STANDARD, hole_used=2),
                 pot=Pot("eight or better" if hilo else None), engine=ENGINE, help=help)
            for name, title, cards, hilo, help in (
                ("omaha", "Omaha", 4, False, "omaha, omaha5, omaha6 (4, 5, 6 hole cards)"),
                ("omaha5", "Five-card Omaha", 5, False, None),
                ("omaha6", "Six-card Omaha", 6, False, None),
                ("omaha-hilo", "Omaha hi-lo", 4, True, "omaha-hilo, omaha5-hilo"),
                ("omaha5-hilo", "Five-card Omaha hi-lo", 5, True, None))]
