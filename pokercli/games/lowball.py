"""The draw lowball games: five cards (four in badugi) each, no board, the lowest hand wins.

``27-triple`` and ``a5-triple`` are valued as their hands are at the end: a
spot is each player's kept cards before the last draw (the earlier draws'
discards, when known, are dead cards).

Deuce-to-seven (``27-single``): aces are high, straights and flushes count
against a hand, so 7-5-4-3-2 of two or more suits is the best
(:mod:`pokercli.lowball`). A spot gives each player's kept cards (five: pat)
before the one draw to come; equity deals each the rest of five from the
cards no hand and no dead card holds (the discards, when known, are dead).
Badugi: four cards; the hand is the largest set of them with no two of a
suit or a rank (a 4-card badugi beats any 3-card hand), then the lowest, aces
low; a spot is the kept cards before the last draw. The engine is the stud family's (:mod:`pokercli.games.stud`): every hand is
completed from the deck.
"""

from __future__ import annotations

from dataclasses import replace

from pokercli import lowball as L
from pokercli.games.game import Game
from pokercli.games.rules import Dealing, Draws, HandRule, Pot, RuleRanking
from pokercli.games.stud import ENGINE, low_ranking


def deuce_seven_ranking() -> RuleRanking:
    """Deuce-to-seven low: the lowest high hand, the ace only high."""
    return RuleRanking("deuce-to-seven", 7462, "deuce-to-seven", "pokercli.evaluate:deuce_seven_batch",
                       best_five=L.best_five_27, hand_class=L.hand_class_27, type_name=L.type_name_27,
                       describe=L.describe_27, type_names=L.type_names_27, all_scores=L.all_scores_27,
                       display_key=lambda card: (-(card % 13), card))


def badugi_ranking() -> RuleRanking:
    """Badugi: the most cards of different suits and ranks, then the lowest, ace low."""
    return RuleRanking("badugi", L.BADUGI_CLASS_COUNT, "badugi", "pokercli.evaluate:badugi_batch",
                       best_five=L.best_badugi, hand_class=L.hand_class_badugi, type_name=L.type_name_badugi,
                       describe=L.describe_badugi, type_names=lambda: L.BADUGI_TYPE_NAMES,
                       all_scores=L.all_scores_badugi, display_key=lambda card: (-L.low_rank(card), card))


#: Five cards each, no board; a spot shows each player's kept cards before the draw.
FIVE_CARDS = Dealing(hole_cards=5, hand_sizes=(0, 1, 2, 3, 4, 5), players=2, ranges="pokercli.stud:read_27_range",
                     street_names=("drawing five", "drawing four", "drawing three", "drawing two",
                                   "drawing one", "pat"), draws=Draws(1, ace_high=True))
#: The same, with three draws (triple draw), deuce-to-seven and ace-to-five.
FIVE_CARDS_27_TRIPLE = replace(FIVE_CARDS, draws=Draws(3, ace_high=True))
FIVE_CARDS_A5_TRIPLE = replace(FIVE_CARDS, draws=Draws(3), ranges="pokercli.stud:read_a5_range")


#: Four cards each, no board; a spot shows each player's kept cards before the last draw.
FOUR_CARDS = Dealing(hole_cards=4, hand_sizes=(0, 1, 2, 3, 4), players=2, ranges="pokercli.stud:read_badugi_range",
                     street_names=("drawing four", "drawing three", "drawing two", "drawing one", "pat"), draws=Draws(3, pat="K"))


def definitions():
    return [Game("27-single", "Deuce-to-seven single draw: five cards, one draw; the lowest hand wins, "
                              "aces high, straights and flushes count against",
                 deck=tuple(range(52)), dealing=FIVE_CARDS,
                 rule=HandRule("the five cards, deuce to seven (7-5-4-3-2 is the best)", deuce_seven_ranking()),
                 pot=Pot(), engine=ENGINE, help="27-single (deuce-to-seven, the draw to come)"),
            Game("27-triple", "Deuce-to-seven triple draw: five cards, three draws; a spot is each "
                              "player's kept cards before the last draw (27-single's rule)",
                 deck=tuple(range(52)), dealing=FIVE_CARDS_27_TRIPLE,
                 rule=HandRule("the five cards, deuce to seven (7-5-4-3-2 is the best)", deuce_seven_ranking()),
                 pot=Pot(), engine=ENGINE, help="27-triple (deuce-to-seven, the last draw to come)"),
            Game("a5-triple", "Ace-to-five triple draw: five cards, three draws; the lowest hand wins, aces "
                              "low, straights and flushes do not count; a spot is the kept cards before the "
                              "last draw",
                 deck=tuple(range(52)), dealing=FIVE_CARDS_A5_TRIPLE,
                 rule=HandRule("the five cards, ace to five (5-4-3-2-A is the best)", low_ranking()),
                 pot=Pot(), engine=ENGINE, help="a5-triple (ace-to-five, the last draw to come)"),
            Game("badugi", "Badugi: four cards, the last draw to come; the most cards of different suits "
                           "and ranks win, then the lowest (aces low)",
                 deck=tuple(range(52)), dealing=FOUR_CARDS,
                 rule=HandRule("the four cards: the most of different suits and ranks, then the lowest",
                               badugi_ranking()),
                 pot=Pot(), engine=ENGINE, help="badugi (the last draw)")]
