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

from typing import Any, Optional, Sequence

from pokercli import lowball as L
from pokercli.games.game import Game
from pokercli.games.rules import STANDARD, Dealing, Engine, HandRule, Pot, Ranking


class LowRanking(Ranking):
    """The ace-to-five low (razz): :mod:`pokercli.lowball`."""

    key = "razz"
    class_count = L.CLASS_COUNT
    value_rule = "ace-to-five"
    batch = "pokercli.evaluate:razz_batch"

    def best_five(self, cards: Sequence[int]):
        return L.best_five(cards)

    def score(self, cards: Sequence[int]) -> int:
        return L.score(cards)

    def hand_class(self, score: int) -> int:
        return L.hand_class(score)

    def type_name(self, score: int) -> str:
        return L.type_name(score)

    def describe(self, score: int) -> str:
        return L.describe(score)

    def type_names(self) -> dict[int, str]:
        return L.TYPE_NAMES

    def all_scores(self) -> tuple[int, ...]:
        return L.all_scores()

    def reductions(self, cards: Sequence[int]) -> Optional[dict]:
        return None

    def score_fields(self, score: int) -> dict[str, Any]:
        return {}  # a low's score has no primary and secondary rank sets

    def display_key(self, card: int):
        return (-L.low_rank(card), card)


#: The engine of the stud games.
ENGINE = Engine(
    "stud",
    rank="pokercli.hands:rank_any_five",
    showdown="pokercli.stud:showdown",
    equity="pokercli.equity_calc.stud:equity",
    percentile="pokercli.stud:percentile",
    evaluate="pokercli.evaluate:evaluate_stud",
    rank_stream="pokercli.stud:rank_stream",
)

#: Seven cards each, dealt two down, four up, one down; a spot shows three to seven.
SEVEN_CARDS = Dealing(hole_cards=7, hand_sizes=(3, 4, 5, 6, 7),
                      notation="pokercli.stud:parse_hand",
                      street_names=("third street", "fourth street", "fifth street", "sixth street",
                                    "seventh street"))


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
                 rule=HandRule("the lowest five of the seven cards, ace to five", LowRanking()),
                 pot=Pot(), engine=ENGINE, help="razz (seven-card stud, ace-to-five low)")]
