"""Omaha hands on a board: the best high hand, the low, and who gets the pot.

Light on purpose (no NumPy, no Numba), like :mod:`pokercli.hands`: every
choice of exactly two hole cards and exactly three board cards is scored by
the seed's reference evaluator (at most 15 x 10 = 150 five-card hands).

The low (hi-lo games) is five different ranks, eight or lower, the ace low;
straights and flushes do not count against it, and the lower the highest
card (then the next, ...) the better. In hi-lo the pot splits in two halves:
the high half to the best high hand, the low half to the best qualifying
low, the whole pot to the high when no hand has a low; tied hands share a
half equally (so a pot can be quartered).

>>> s = showdown(["As Ac Jd Tc", "Kh Qh 5d 4d"], "Ah Kd 7c 2s 3h", "omaha-hilo")
>>> [p.high.description for p in s.players]
['Three of a kind, aces, king-seven kickers', 'Straight, five high']
>>> [(p.low_text, p.share_text, p.result) for p in s.players]
[('no low', '0', 'lose'), ('5-4-3-2-A low', '1', 'scoop')]
>>> s = showdown(["As 2c Jd Tc", "Kh Qh 2d 4d", "4c 2h 9h 9s"], "Ah Kd 7c 8s 3h", "omaha-hilo")
>>> [(p.high_result, p.low_text, p.low_result, p.share_text) for p in s.players]
[('win', '8-7-3-2-A low', 'lose', '1/2'), ('lose', '7-4-3-2-A low', 'tie', '1/4'), ('lose', '7-4-3-2-A low', 'tie', '1/4')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, Optional, Sequence

from pokercli import cards as C
from pokercli import reference as R
from pokercli.errors import PokerError
from pokercli.games import Game, game as _game
from pokercli.showdowns import Showdown, ShowdownPlayer


@dataclass(frozen=True)
class OmahaHigh:
    """The best high hand of two hole and three board cards."""

    score: int
    hand_class: int
    type: str
    description: str
    hole_used: tuple[C.Card, ...]
    board_used: tuple[C.Card, ...]

    @property
    def best_five(self) -> tuple[C.Card, ...]:
        return tuple(sorted(self.hole_used + self.board_used, key=lambda c: (-(c % 13), c)))

    def to_dict(self) -> dict[str, Any]:
        return {"class": self.hand_class, "type": self.type, "score": self.score,
                "description": self.description, "best_five": [c.name for c in self.best_five],
                "hole_used": [c.name for c in self.hole_used],
                "board_used": [c.name for c in self.board_used]}


def _low_rank(card: int) -> int:
    """Rank for the low: ace 1, two 2 .. king 13."""
    r = card % 13
    return 1 if r == 12 else r + 2


def _choices(hole: Sequence[int], board: Sequence[int], hole_used: int):
    """(hole cards, board cards) of every five a hand may use: exactly
    ``hole_used`` hole cards with the rest of the board (Omaha: two and three),
    or any five of them all (``hole_used`` 0: stud)."""
    if hole_used:
        for pair in combinations(hole, hole_used):
            for three in combinations(board, 5 - hole_used):
                yield pair, three
        return
    own = set(hole)
    for five in combinations(list(hole) + list(board), 5):
        yield tuple(c for c in five if c in own), tuple(c for c in five if c not in own)


def best_high(hole: Sequence[int], board: Sequence[int], hole_used: int = 2) -> OmahaHigh:
    best: Optional[tuple[int, tuple, tuple]] = None
    for pair, three in _choices(hole, board, hole_used):
        s = R.score5(C.card_mask(pair + three))
        if best is None or s > best[0]:
            best = (s, pair, three)
    assert best is not None
    s, pair, three = best
    card = C.Card
    return OmahaHigh(s, R.hand_class(s), R.type_name(s), R.describe(s), tuple(card(c) for c in pair),
                     tuple(card(c) for c in three))


def best_low(hole: Sequence[int], board: Sequence[int],
             hole_used: int = 2) -> Optional[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(the five low ranks high to low, the five cards) of the best eight-or-better
    low, or None when no choice qualifies."""
    best = None
    for pair, three in _choices(hole, board, hole_used):
        ranks = tuple(sorted((_low_rank(c) for c in pair + three), reverse=True))
        if ranks[0] <= 8 and len(set(ranks)) == 5 and (best is None or ranks < best[0]):
            best = (ranks, pair + three)
    return best


def _results(values: list, better) -> tuple[list[str], list[int]]:
    """win/tie/lose of each value (``better(a, b)``: a beats b) and the winners."""
    best = values[0]
    for v in values[1:]:
        if better(v, best):
            best = v
    winners = [i for i, v in enumerate(values) if v == best]
    word = "win" if len(winners) == 1 else "tie"
    return [word if i in winners else "lose" for i in range(len(values))], winners


def rank_needs_board(cards, g: Game):
    """An Omaha hand has no value without its board: :class:`PokerError`."""
    raise PokerError(f"board is needed: an {g.name} hand is ranked on a board of 3 to 5 cards "
                     "(two hole and three board cards make each hand)", "board")


def showdown(hands: Sequence, board, game="omaha") -> Showdown:
    """Every hand of an Omaha game on a board of 3, 4 or 5 cards (two hole and
    three board cards each) and the split of the pot."""
    g: Game = _game(game)
    if g.engine.showdown is not showdown:
        raise PokerError(f"game must be an Omaha game here, not {g.name!r}", "game")
    if isinstance(hands, str) or not isinstance(hands, Sequence) or not hands:
        raise PokerError("hands must be a non-empty list of hands", "hands")
    board_cards = C.as_cards(board, "board", count=(3, 4, 5))
    parsed = [C.as_cards(h, f"hand {i}", count=g.hole_cards) for i, h in enumerate(hands, 1)]
    C.check_disjoint([("board", board_cards)] + [(f"hand {i}", h) for i, h in enumerate(parsed, 1)])
    return split_showdown(parsed, board_cards, g)


def split_showdown(parsed: Sequence[Sequence[int]], board_cards: Sequence[int], g: Game) -> Showdown:
    """The showdown of checked hands on a checked board in a game whose pot may
    split high and low: each hand's best high and (hi-lo) eight-or-better low
    by the game's rule (Omaha's two and three, or any five: stud hi-lo)."""
    used = g.rule.hole_used
    highs = [best_high(h, board_cards, used) for h in parsed]
    high_results, high_winners = _results([v.score for v in highs], lambda a, b: a > b)
    lows = [best_low(h, board_cards, used) if g.pot.split else None for h in parsed]
    qualified = [i for i, low in enumerate(lows) if low is not None]
    shares = [Fraction(0)] * len(parsed)
    low_results: list[Optional[str]] = [None] * len(parsed)
    high_pot = Fraction(1)
    if g.pot.split:
        low_results = ["no low"] * len(parsed)
        if qualified:
            high_pot = Fraction(1, 2)
            words, winners = _results([lows[i][0] for i in qualified], lambda a, b: a < b)
            for i, w in zip(qualified, words):
                low_results[i] = w
            for k in winners:
                shares[qualified[k]] += Fraction(1, 2) / len(winners)
    for i in high_winners:
        shares[i] += high_pot / len(high_winners)
    card = C.Card
    players = tuple(ShowdownPlayer(tuple(h), v, hr, s,
                                   None if low is None else (low[0], tuple(card(c) for c in low[1])), lr)
                    for h, v, low, hr, lr, s in zip(parsed, highs, lows, high_results, low_results, shares))
    return Showdown(g.name, tuple(board_cards), players, g.pot.parts, form="shares")
