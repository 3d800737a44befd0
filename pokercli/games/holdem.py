"""Texas hold'em: two hole cards, a five-card board, the best five of seven.

Its engine is the any-five family's, which short deck shares
(:mod:`pokercli.games.shortdeck`): one-hand values from the seed's reference
evaluator, equity from the exact, lookup and Monte Carlo engines of
:mod:`pokercli.equity_calc`, percentiles from :mod:`pokercli.hand_strength`.
"""

from __future__ import annotations

from pokercli.games.game import Game
from pokercli.games.rules import STANDARD, Dealing, Engine, HandRule, Pot, StartingHands

#: The engine of every game whose hand is the best five of any of its cards.
ANY_FIVE = Engine(
    "any five",
    rank="pokercli.hands:rank_any_five",
    showdown="pokercli.hands:showdown_any_five",
    equity="pokercli.equity_calc:board_equity",
    percentile="pokercli.hand_strength:percentile_two_cards",
    evaluate="pokercli.evaluate:evaluate_any_five",
    rank_stream="pokercli.batch:rank_stream",
    runs_sample="pokercli.equity_calc.runs:sampled_any_five",
    runs_ranges="pokercli.equity_calc.runs:ranged_any_five",
)

#: A hand of two hole cards and a board of 0, 3, 4 or 5 cards.
TWO_CARDS = Dealing(hole_cards=2, board_cards=5, board_sizes=(0, 3, 4, 5))


def definition():
    return Game("holdem", "Texas hold'em: the best five of two hole cards and five board cards",
                deck=tuple(range(52)), dealing=TWO_CARDS,
                rule=HandRule("the best five of the hole and board cards", STANDARD),
                pot=Pot(), engine=ANY_FIVE,
                classes=StartingHands(169, "pokercli.hand_strength:holdem_class_equities",
                                      headsup_counts="preflop_headsup.npz"),
                help="holdem")
