"""One hand's value, a showdown on a board, and the translation of a score.

Light on purpose (no NumPy, no Numba): one-hand commands use the seed's
reference evaluator (:mod:`pokercli.reference`), which the tests prove equal
to the kernels on every five-card hand and on random six- and seven-card hands.

Two numbers describe a hand's value: the **score** (30 bits, *larger* is
stronger, equal scores tie) and the **class** 1..7462 (*smaller* is stronger,
1 is a royal flush).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from pokercli import cards as C
from pokercli import reference as R
from pokercli.errors import PokerError, card_count, shown
from pokercli.games import Game, GameName, game as _game
from pokercli.games.rules import REDUCTIONS
from pokercli.showdowns import Showdown, winners_showdown

__all__ = ["REDUCTIONS", "HandValue", "ScoreInfo", "Showdown", "rank", "score_info", "showdown",
           "value_of"]


def score_layout(score: int) -> tuple[str, str, str]:
    """(TYPE, PRIMARY, SECONDARY) bit strings of a score, most significant first."""
    strength, primary, secondary = R.partition_score(score)
    return format(strength, "04b"), format(primary, "013b"), format(secondary, "013b")


@dataclass(frozen=True)
class HandValue:
    """Everything the evaluator says about one hand of 5 to 7 cards.

    >>> v = rank("As Ks Qs Js Ts 2d 2c")
    >>> v.hand_class, v.type, v.description
    (1, 'STRAIGHT_FLUSH', 'Royal flush')
    """

    cards: tuple[C.Card, ...]
    score: int
    hand_class: int
    type: str
    best_five: tuple[C.Card, ...]
    description: str
    #: "holdem", or a short deck game (its score and class are in its own ranking).
    game: str = "holdem"
    #: In a game whose pot splits: the low's rule (``eight or better``), and the
    #: hand's best qualifying low as (description, five cards), or None for no low.
    low_rule: Optional[str] = None
    low: Optional[tuple[str, tuple[C.Card, ...]]] = None

    @property
    def classes(self) -> int:
        """How many classes the game's hands fall in (7462; 1404 in short deck)."""
        return _game(self.game).rule.class_count

    @property
    def best_name(self) -> str:
        """What the game's best hand (class 1) is called: ``royal flush``, ``5-4-3-2-A``."""
        ranking = _game(self.game).rule.ranking
        best = ranking.describe(ranking.all_scores()[0])
        return best[0].lower() + best[1:]

    @property
    def primary(self) -> int:
        """The made part's ranks, a 13-bit rank set."""
        return (self.score >> 13) & 0x1FFF

    @property
    def secondary(self) -> int:
        """The kickers' ranks, a 13-bit rank set."""
        return self.score & 0x1FFF

    @property
    def reductions(self) -> Optional[dict[str, Any]]:
        """The seed's eight reductions, for a hold'em hand of exactly five cards."""
        return _game(self.game).rule.ranking.reductions(self.cards)

    def to_dict(self) -> dict[str, Any]:
        """The ``rank --json`` document."""
        doc = _game(self.game).in_json
        doc |= {
            "hand": [c.name for c in self.cards],
            "class": self.hand_class,
            "type": self.type,
            "score": self.score,
            **_game(self.game).rule.ranking.score_fields(self.score),
            "best_five": [c.name for c in self.best_five],
            "description": self.description,
        }
        if self.reductions is not None:
            doc["reductions"] = self.reductions
        if self.low_rule is not None:
            doc["low_rule"] = self.low_rule
            doc["low"] = None if self.low is None else {"description": self.low[0],
                                                        "cards": [c.name for c in self.low[1]]}
        return doc

    @property
    def low_text(self) -> Optional[str]:
        """``8-6-4-2-A low: As 2d 4c 6h 8s``, ``no low``, or None in a game without a low."""
        if self.low_rule is None:
            return None
        return "no low" if self.low is None else f"{self.low[0]}: {C.format_cards(self.low[1])}"


def value_of(cards: Sequence[int], game: str = "holdem") -> HandValue:
    """The value of 5 to 7 distinct card ids (checked by the caller) in hold'em
    or a short deck game."""
    card = C.Card
    ranking = _game(game).rule.ranking
    score, five = ranking.best_five(cards)
    return HandValue(tuple(card(c) for c in cards), score, ranking.hand_class(score),
                     ranking.type_name(score),
                     tuple(card(c) for c in sorted(five, key=ranking.display_key)),
                     ranking.describe(score), game)


def rank(cards, game: GameName = "holdem") -> HandValue:
    """The value of one hand of 5, 6 or 7 cards (text like ``"As Ks Qs Js Ts"``
    or a sequence of cards): the best five count. ``game``: ``"holdem"``, or
    ``"shortdeck"`` / ``"shortdeck-straight"`` (:mod:`pokercli.shortdeck`); an
    Omaha hand is ranked on a board by :func:`showdown`.

    >>> rank("Kh Ks Kd Th Tc 2s 3d").description
    'Full house, kings full of tens'
    >>> rank("Ah 6d 7c 8s 9h", game="shortdeck").description
    'Straight, nine high'
    """
    g = _game(game)
    return g.engine.rank(cards, g)


def rank_any_five(cards, g: Game) -> HandValue:
    """:func:`rank` in a game whose hand is the best five of any of its cards."""
    cards = C.as_cards(g.read_hand(cards, "cards"), "cards", count=g.dealing.valued_sizes())
    g.check_deck(cards, "cards", "cards")
    value = value_of(cards, g.name)
    if not g.pot.split:
        return value
    from dataclasses import replace

    from pokercli.omaha_hands import best_low
    from pokercli.showdowns import low_name

    low = best_low(cards, (), 0)  # any five of the cards (stud)
    shown = None if low is None else (low_name(low[0]), tuple(C.Card(c) for c in sorted(
        low[1], key=lambda c: (-_ace_low(c), c))))
    return replace(value, low_rule=g.pot.low, low=shown)


def _ace_low(card: int) -> int:
    """A card's rank for a low: ace 1, two 2 .. king 13."""
    r = card % 13
    return 1 if r == 12 else r + 2


@dataclass(frozen=True)
class ScoreInfo:
    """What the 30-bit score of a five-card hand says: its type, primary and
    secondary ranks, class and description (:func:`score_info` refuses a
    score no hand has)."""

    score: int
    type: str
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    hand_class: Optional[int]
    description: Optional[str]

    def to_dict(self) -> dict[str, Any]:
        """The ``rank --score --json`` document."""
        doc = {"score": self.score, "type": self.type, "primary": list(self.primary),
               "secondary": list(self.secondary),
               "score_binary": "{} | {} | {}".format(*score_layout(self.score)),
               "class": self.hand_class}
        if self.description is not None:
            doc["description"] = self.description
        return doc


def score_info(score: int) -> ScoreInfo:
    """Translate a score back into its type and ranks (SPEC §3b).

    >>> score_info(270536708).type, score_info(270536708).primary, score_info(270536708).secondary
    ('THREE_OF_A_KIND', ('T',), ('4', 'A'))
    """
    if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score < 1 << 30:
        raise PokerError(f"score {shown(score)} is out of range (a score is a 30-bit integer)", "score")
    strength, primary, secondary = R.partition_score(score)
    if strength not in R.TYPE_NAMES:
        raise PokerError(f"score {score} has type bits {strength}, not a hand type (1-9)", "score")
    try:
        hand_class, description = R.hand_class(score), R.describe(score)
    except ValueError:
        ranks = "/".join("".join(C.rank_set_names(part)) or "-" for part in (primary, secondary))
        raise PokerError(f"score {score} is not the score of a five-card hand (type "
                         f"{R.TYPE_NAMES[strength]}, ranks {ranks})", "score") from None
    return ScoreInfo(score, R.TYPE_NAMES[strength], tuple(C.rank_set_names(primary)),
                     tuple(C.rank_set_names(secondary)), hand_class, description)


def showdown(hands: Sequence, board=(), game: GameName = "holdem"):
    """Rank every hand on a board (0, 3, 4 or 5 cards) and say who wins.

    The result is a :class:`pokercli.showdowns.Showdown` in every game; in an
    Omaha game (a board of 3 to 5 cards) or a hi-lo game it reads as shares
    (``form == "shares"``): each hand's best high hand with the cards it uses,
    its low in hi-lo, and each player's share of the pot.

    >>> s = showdown(["4s 5c", "4d 5d", "As Ac"], board="Ah Kd 7c 2s 3h")
    >>> s.winners, s.result(3)
    ((1, 2), 'lose')
    """
    g = _game(game)
    return g.engine.showdown(hands, board, g)


def showdown_any_five(hands: Sequence, board, g: Game) -> Showdown:
    """:func:`showdown` in a game whose hand is the best five of any of its cards."""
    board_cards, parsed = checked_hands(hands, board, g)
    values = tuple(value_of(list(h) + list(board_cards), g.name) for h in parsed)
    return winners_showdown(g.name, board_cards, parsed, values)


def checked_hands(hands: Sequence, board, g: Game) -> tuple[list[C.Card], list[list[C.Card]]]:
    """(board, hands) of a showdown where a hand is the best five of any of its
    cards: parsed (in the game's notation), checked against each other and the
    deck, 5 to 7 cards each with the board."""
    if isinstance(hands, str) or not isinstance(hands, Sequence) or not hands:
        raise PokerError("hands must be a non-empty list of hands", "hands")
    board_cards = C.as_cards(board, "board", count=g.given_board_sizes)  # (stud: the community card)
    parsed = [C.as_cards(g.read_hand(h, f"hand {i}"), f"hand {i}") for i, h in enumerate(hands, 1)]
    C.check_disjoint([("board", board_cards)] + [(f"hand {i}", h) for i, h in enumerate(parsed, 1)])
    g.check_deck(board_cards, "board", "board")
    for i, h in enumerate(parsed, 1):
        g.check_deck(h, f"hand {i}", "hands")
    for i, h in enumerate(parsed, 1):
        total = len(h) + len(board_cards)
        if total not in g.dealing.valued_sizes():
            raise PokerError(f"hand {i} with the board has {card_count(total)}; a hand is "
                             f"{g.dealing.valued_sizes_text()} cards", "hands")
    return board_cards, parsed
