"""Seven-card stud and razz: seven cards each (two down, four up, one down),
no board; the best five of a player's seven.

Stud plays for the high hand (hold'em's ranking), stud hi-lo splits the pot
with the best eight-or-better low (as Omaha hi-lo), razz plays for the
ace-to-five low (:mod:`pokercli.lowball`: aces low,
straights and flushes do not count). A spot shows each player's cards so far
(three to seven, in the order dealt; parentheses mark the down cards,
``(As Kd) 7h 7c``), and equity deals each the rest. The stud engine: one-hand
values and showdowns are the any-five family's (the best five of any cards,
in the game's ranking), equity from :mod:`pokercli.equity_calc.stud`,
standing and batches from :mod:`pokercli.stud`.
"""

from __future__ import annotations

from pokercli import lowball as L
from pokercli.games.game import Game
from pokercli.games.rules import STANDARD, Dealing, Engine, HandRule, Pot, RuleRanking


def low_ranking() -> RuleRanking:
    """The ace-to-five low (razz): :mod:`pokercli.lowball`."""
    return RuleRanking("razz", L.CLASS_COUNT, "ace-to-five", "pokercli.evaluate:razz_batch",
                       best_five=L.best_five, hand_class=L.hand_class, type_name=L.type_name,
                       describe=L.describe, type_names=lambda: L.TYPE_NAMES, all_scores=L.all_scores,
                       display_key=lambda card: (-L.low_rank(card), card))


#: The engine of the stud games.
ENGINE = Engine(
    "stud",
    rank="pokercli.hands:rank_any_five",
    showdown="pokercli.stud:showdown",
    equity="pokercli.equity_calc.stud_light:equity",
    percentile="pokercli.stud:percentile",
    evaluate="pokercli.evaluate:evaluate_stud",
    rank_stream="pokercli.stud:rank_stream",
)

#: Seven cards each, dealt two down, four up, one down; a spot shows three to seven.
SEVEN_CARDS = Dealing(hole_cards=7, hand_sizes=(3, 4, 5, 6, 7),
                      notation="pokercli.stud:parse_hand", down_cards=(0, 1, 6),
                      ranges="pokercli.stud:read_range",
                      street_names=("third street", "fourth street", "fifth street", "sixth street",
                                    "seventh street"), community_last=True)


def definitions():
    return [Game("stud", "Seven-card stud: the best five of each player's seven cards, high",
                 deck=tuple(range(52)), dealing=SEVEN_CARDS,
                 rule=HandRule("the best five of the seven cards", STANDARD),
                 pot=Pot(), engine=ENGINE, help="stud (seven-card stud, high)"),
            Game("stud-hilo", "Seven-card stud hi-lo: half the pot to the best high five, half to the "
                              "best eight-or-better low (the whole pot to the high when no hand has one)",
                 deck=tuple(range(52)), dealing=SEVEN_CARDS,
                 rule=HandRule("the best five of the seven cards", STANDARD),
                 pot=Pot("eight or better"), engine=ENGINE, help="stud-hilo (eight or better)"),
            Game("razz", "Razz: seven-card stud for the ace-to-five low (aces low, straights and "
                         "flushes do not count, pairs count against)",
                 deck=tuple(range(52)), dealing=SEVEN_CARDS,
                 rule=HandRule("the lowest five of the seven cards, ace to five", low_ranking()),
                 pot=Pot(), engine=ENGINE, help="razz (seven-card stud, ace-to-five low)")]
