"""Short deck (six-plus) hold'em: 36 cards, and two rankings of its hands.

The game plays as hold'em (:mod:`pokercli.games.holdem`'s engine) with the
twos to fives out of the deck and its own ranking (:mod:`pokercli.shortdeck`):
A-6-7-8-9 is the lowest straight and a flush beats a full house;
``shortdeck`` ranks three of a kind above a straight (the Triton rule),
``shortdeck-straight`` a straight above three of a kind.
"""

from __future__ import annotations

from typing import Optional, Sequence

from pokercli import shortdeck as S
from pokercli.games.game import Game
from pokercli.games.holdem import ANY_FIVE, TWO_CARDS
from pokercli.games.rules import HandRule, Pot, Ranking, StartingHands


class ShortDeckRanking(Ranking):
    """A short deck ranking, by its name in :data:`pokercli.shortdeck.RANKINGS`."""

    class_count = 1404
    cached_tables = False  # built in memory when asked

    def __init__(self, key: str):
        self.key = key

    def best_five(self, cards: Sequence[int]):
        return S.best_five(cards, self.key)

    def score(self, cards: Sequence[int]) -> int:
        return S.score(cards, self.key)

    def hand_class(self, score: int) -> int:
        return S.hand_class(score, self.key)

    def type_name(self, score: int) -> str:
        return S.type_name(score, self.key)

    def describe(self, score: int) -> str:
        return S.describe(score, self.key)

    def type_names(self) -> dict[int, str]:
        return S.type_names(self.key)

    def all_scores(self) -> tuple[int, ...]:
        return S.all_scores(self.key)

    def reductions(self, cards: Sequence[int]) -> Optional[dict]:
        return None  # the seed's reductions describe hold'em's ranking


def definitions():
    return [Game(name, f"Short deck hold'em (36 cards, six to ace): A-6-7-8-9 is the lowest "
                       f"straight, a flush beats a full house, {rule}",
                 deck=S.DECK, dealing=TWO_CARDS,
                 rule=HandRule(f"the best five of the hole and board cards, short deck ranking: {rule}",
                               ShortDeckRanking(name)),
                 pot=Pot(), engine=ANY_FIVE,
                 classes=StartingHands(81, "pokercli.shortdeck_preflop:class_equities"), help=help)
            for name, rule, help in (
                ("shortdeck", "three of a kind beats a straight (the Triton rule)",
                 "shortdeck (36 cards; trips beat a straight)"),
                ("shortdeck-straight", "a straight beats three of a kind",
                 "shortdeck-straight (a straight beats trips)"))]
