"""Small exact jobs of the stud engine's games (stud, stud hi-lo, razz, the
draw games) counted without NumPy.

``pokercli equity --game razz "(As 2d) 3h 4c 9h Th" "(Kd 3d) 4s 6h 7h 8c"``
deals 1,560 pairs of seventh cards: a few milliseconds of plain Python, where
importing NumPy and Numba and loading the stud kernels takes about 0.35 s. So a
fresh process's job of fixed hands (unseen cards ``x`` included) of at most
:data:`MOST_VALUES` hand values (deals x players), no hand types, is counted
here (:func:`pokercli.equity_calc.light.equity`), into the exact engine's
tallies: the same result, tested on random spots of every game of the engine
against the kernels. A high hand of hold'em's ranking is read from the
evaluator's tables (:mod:`pokercli.postflop_pairs`); a low from
:mod:`pokercli.lowball` (an ace-to-five low once per multiset of ranks).
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Callable

from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.spot import Spot
from pokercli.lowball import low_rank
from pokercli.timing import Clock

#: The most hand values (deals x players) counted here: up to about 80 ms of
#: plain Python (a deuce-to-seven or badugi value takes about 4 us, a stud one
#: well under 1 us).
MOST_VALUES = 20_000


def equity(spot: Spot, job, game) -> EquityResult:
    """The stud engine's ``equity``: a small exact job of fixed hands here, early
    in a process, every other job by :func:`pokercli.equity_calc.stud.equity`."""
    from pokercli.equity_calc import light

    return light.equity(spot, job, game, applies, exact, "pokercli.equity_calc.stud:equity")


def _layout(spot: Spot, held=None) -> tuple[list[list[int]], list[int], list[int]]:
    """(each player's known cards, how many each misses, the unseen cards), of the
    fixed hands or of one deal of the players' ranges (``held``: each player's known cards)."""
    hands = [list(p.cards) for p in spot.players] if held is None else [list(h) for h in held]
    used = set(spot.dead) | {c for h in hands for c in h}
    pool = [c for c in spot.game.deck if c not in used]
    return hands, [spot.game.hole_cards - len(h) for h in hands], pool


def deals(spot: Spot, held=None) -> int:
    """Every deal of the missing cards, as the exact engine counts them (of one deal
    of the ranges: ``held``)."""
    _, missing, pool = _layout(spot, held)
    total, left = 1, len(pool)
    for k in missing:
        total *= comb(left, k)
        left -= k
    return total


def applies(spot: Spot) -> bool:
    """Whether :func:`exact` takes the spot: every player one hand (its unseen
    cards dealt), no hand types, at most :data:`MOST_VALUES` values."""
    if spot.with_types or spot.community or not all(p.fixed for p in spot.players):
        return False
    return deals(spot) * len(spot.players) <= MOST_VALUES


def _valuer(game) -> Callable[[list[int]], int]:
    """A hand's value in the game's ranking, larger is better."""
    ranking = game.rule.ranking
    if ranking.cached_tables:  # hold'em's ranking (stud, stud hi-lo): the evaluator's tables
        from pokercli.postflop_pairs import KEY_INIT, scorer, tables

        keys, score = tables()[0], scorer()
        return lambda cards: score(KEY_INIT + sum(keys[c] for c in cards), sum(1 << c for c in cards))
    if ranking.value_rule == "ace-to-five":  # suits do not count: once per multiset of ranks
        known: dict[tuple[int, ...], int] = {}

        def low(cards: list[int]) -> int:
            ranks = tuple(sorted(c % 13 for c in cards))
            if ranks not in known:
                known[ranks] = ranking.score(cards)
            return known[ranks]
        return low
    return ranking.score


def _eight_or_better(cards: list[int]) -> int:
    """The best eight-or-better low of the cards as the five low ranks' bits (ace
    0 .. eight 7; smaller is better), or 256 for none."""
    bits = 0
    for c in cards:
        rank = low_rank(c)
        if rank < 8:
            bits |= 1 << rank
    out, n = 0, 0
    for rank in range(8):
        if bits >> rank & 1:
            out |= 1 << rank
            n += 1
            if n == 5:
                return out
    return 256


def exact(spot: Spot) -> EquityResult:
    """Every deal of an :func:`applies` spot's missing cards, counted into the exact
    engine's tallies."""
    from pokercli.equity_calc.tally import add_showdown, light_tallies, split_result

    t0 = Clock()
    hands, missing, pool = _layout(spot)
    value = _valuer(spot.game)
    hilo = spot.game.pot.split
    n = len(hands)
    totals = light_tallies(n)
    no_low = [256] * n
    total = 0

    def deal(p: int, left: list[int], dealt: list[list[int]]) -> None:
        nonlocal total
        if p == n:
            total += 1
            add_showdown([value(h) for h in dealt], [_eight_or_better(h) for h in dealt] if hilo else no_low,
                         hilo, totals)
            return
        for mine in combinations(left, missing[p]):
            rest = [c for c in left if c not in mine] if mine else left
            deal(p + 1, rest, dealt + [hands[p] + list(mine)])

    deal(0, pool, [])
    result = split_result(spot, totals, float(total), "exact")
    result.boards, result.deals, result.note = float(total), total, ""
    result.evaluations = float(total * n)
    result.seconds = t0.seconds()
    return result
