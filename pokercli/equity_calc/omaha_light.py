"""Omaha hands against each other after the flop, counted without NumPy.

``pokercli equity --game omaha AsAhKsKh QdQcJdJc --board 2c3d4h`` has 820
runouts, each worth 120 five-card values (two hands, six hole pairs, ten board
triples): about 20 ms of plain Python with the evaluator's own tables
(:mod:`pokercli.postflop_pairs`), where importing NumPy and Numba and loading
the Omaha kernels and tables takes about 0.35 s. So a fresh process's small
Omaha job (every player one hand, a flop, turn or river, at most
:data:`MOST_VALUES` values, no hand types) is counted here, into the exact
engine's tallies (:func:`pokercli.equity_calc.tally.split_result`): the same
result, tested on random spots of every Omaha game against the kernels. Past
:data:`pokercli.timing.LIGHT_BUDGET` seconds of such work in a process, or once
NumPy is loaded, the kernels take the job (:mod:`pokercli.equity_calc.omaha`).
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from pokercli.equity_calc.model import EquityResult
from pokercli.equity_calc.spot import Spot
from pokercli.lowball import low_rank
from pokercli.timing import Clock

#: The most five-card values (runouts x players x hole pairs x board triples) counted here:
#: about 60 ms of plain Python on the project's machine.
MOST_VALUES = 300_000


def equity(spot: Spot, job, game) -> EquityResult:
    """The Omaha engine's ``equity``: a small exact job of fixed hands here, early
    in a process (:func:`pokercli.equity_calc.light.equity`), every other job by
    :func:`pokercli.equity_calc.omaha.equity`."""
    from pokercli.equity_calc import light

    return light.equity(spot, job, game, applies, exact, "pokercli.equity_calc.omaha:equity")


def boards_per_deal(spot: Spot) -> int:
    """The boards that complete the spot's board, for one deal of the players' hands."""
    left = len(spot.game.deck) - len(spot.board) - len(spot.dead) - spot.game.hole_cards * len(spot.players)
    return comb(left, spot.to_come)


def applies(spot: Spot) -> bool:
    """Whether :func:`exact` takes the spot: every player one hand, a board of 3 to
    5 cards, no hand types, at most :data:`MOST_VALUES` values to count."""
    if not spot.board or spot.with_types or any(spot.random_players) \
            or not all(p.fixed and len(p.combos) == 1 for p in spot.players):
        return False
    values = boards_per_deal(spot) * len(spot.players) * comb(spot.game.hole_cards, 2) * 10
    return values <= MOST_VALUES


def _low(card: int) -> int:
    """The card's bit among the eight low ranks (ace 0 .. eight 7), or 0 above eight."""
    rank = low_rank(card)
    return 1 << rank if rank < 8 else 0


def _parts(cards, size: int, keys, start: int = 0) -> list[tuple[int, int, int]]:
    """(key sum, card mask, low ranks: a mask of ``size`` different low ranks, or
    -1) of every ``size`` cards of ``cards``."""
    out = []
    for part in combinations(cards, size):
        low = 0
        for c in part:
            low |= _low(c)
        out.append((start + sum(keys[c] for c in part), sum(1 << c for c in part),
                    low if bin(low).count("1") == size else -1))
    return out


def exact(spot: Spot) -> EquityResult:
    """Every runout of an :func:`applies` spot, counted into the exact engine's tallies."""
    from pokercli.equity_calc.tally import add_showdown, light_tallies, split_result
    from pokercli.postflop_pairs import KEY_INIT, scorer, tables

    t0 = Clock()
    keys = tables()[0]
    value = scorer()
    hands = [p.combos[0][0] for p in spot.players]
    used = set(spot.board) | set(spot.dead) | {c for h in hands for c in h}
    rest = [c for c in spot.game.deck if c not in used]
    hilo = spot.game.pot.split
    pairs = [_parts(h, 2, keys, KEY_INIT) for h in hands]
    n = len(hands)
    totals = light_tallies(n)
    boards = 0
    for more in combinations(rest, spot.to_come):
        boards += 1
        triples = _parts(list(spot.board) + list(more), 3, keys)
        high, low = [], []
        for mine in pairs:
            best, best_low = 0, 256  # a low is smaller the better; 256: none
            for pk, pm, pl in mine:
                for tk, tm, tl in triples:
                    v = value(pk + tk, pm | tm)
                    if v > best:
                        best = v
                    if hilo and pl >= 0 and tl >= 0 and not pl & tl and pl | tl < best_low:
                        best_low = pl | tl
            high.append(best)
            low.append(best_low)
        add_showdown(high, low, hilo, totals)
    result = split_result(spot, totals, float(boards), "exact")
    result.deals, result.boards, result.note = 1, float(boards), ""
    result.evaluations = float(boards * n * comb(spot.game.hole_cards, 2))
    result.seconds = t0.seconds()
    return result
