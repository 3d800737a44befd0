"""The draw lowball games: five cards each, no board, the lowest hand wins.

Deuce-to-seven (``27-single``): aces are high, straights and flushes count
against a hand, so 7-5-4-3-2 of two or more suits is the best
(:mod:`pokercli.lowball`). A spot gives each player's kept cards (five: pat)
before the one draw to come; equity deals each the rest of five from the
cards no hand and no dead card holds (the discards, when known, are dead).
The engine is the stud family's (:mod:`pokercli.games.stud`): every hand is
completed from the deck.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from pokercli import lowball as L
from pokercli.games.game import Game
from pokercli.games.rules import Dealing, HandRule, Pot, Ranking
from pokercli.games.stud import ENGINE


class DeuceSevenRanking(Ranking):
    """Deuce-to-seven low: the lowest high hand, the ace only high."""

    key = "deuce-to-seven"
    class_count = 7462
    value_rule = "deuce-to-seven"
    batch = "pokercli.evaluate:deuce_seven_batch"

    def best_five(self, cards: Sequence[int]):
        return L.best_five_27(cards)

    def score(self, cards: Sequence[int]) -> int:
        return L.score_27(cards)

    def hand_class(self, score: int) -> int:
        return L.hand_class_27(score)

    def type_name(self, score: int) -> str:
        return L.type_name_27(score)

    def describe(self, score: int) -> str:
        return L.describe_27(score)

    def type_names(self) -> dict[int, str]:
        return L.type_names_27()

    def all_scores(self) -> tuple[int, ...]:
        return L.all_scores_27()

    def reductions(self, cards: Sequence[int]) -> Optional[dict]:
        return None

    def score_fields(self, score: int) -> dict[str, Any]:
        return {}  # the score turns a high hand's over: its rank fields are not the hand's

    def display_key(self, card: int):
        return (-(card % 13), card)


#: Five cards each, no board; a spot shows each player's kept cards before the draw.
FIVE_CARDS = Dealing(hole_cards=5, hand_sizes=(0, 1, 2, 3, 4, 5), players=2,
                     street_names=("drawing five", "drawing four", "drawing three", "drawing two",
                                   "drawing one", "pat"))


def definitions():
    return [Game("27-single", "Deuce-to-seven single draw: five cards, one draw; the lowest hand wins, "
                              "aces high, straights and flushes count against",
                 deck=tuple(range(52)), dealing=FIVE_CARDS,
                 rule=HandRule("the five cards, deuce to seven (7-5-4-3-2 is the best)", DeuceSevenRanking()),
                 pot=Pot(), engine=ENGINE, help="27-single (deuce-to-seven, the draw to come)")]
