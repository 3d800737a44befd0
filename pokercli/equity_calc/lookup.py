"""Exact heads-up preflop equity without enumerating: every deal from the shipped table.

Applies to hold'em, two players, no board, no dead cards, no hand-type
counts. Each valid deal of the two players' combos (the same deals
:func:`pokercli.equity_calc.exact.exact` would enumerate) is looked up in
:mod:`pokercli.preflop_lookup`, and the counts are summed with the deals'
weights: the very same integer counts, without the enumeration.
"""

from __future__ import annotations

from pokercli.timing import Clock
from pokercli.equity_calc.model import EquityResult, PlayerResult
from pokercli.equity_calc.spot import Spot
from pokercli.errors import PokerError


def applicable(spot: Spot) -> bool:
    """Whether the game ships the counts of every heads-up preflop deal and the
    spot is one: two players, no board, no dead cards, no hand types asked."""
    classes = spot.game.classes
    return (classes is not None and classes.headsup_counts is not None and len(spot.players) == 2
            and not spot.board and not spot.dead and not spot.with_types)


def _pair_result(spot: Spot, wins_a: int, wins_b: int, ties: int, weight: float) -> EquityResult:
    """:func:`pokercli.equity_calc.tally.result_from_counts` of one weighted deal,
    in plain floats (the same operations, so the same figures, without NumPy)."""
    from pokercli.preflop_pairs import BOARDS

    total = float(weight * BOARDS)
    out = []
    for pl, wins in zip(spot.players, (wins_a, wins_b)):
        w, t = float(wins) * weight, float(ties) * weight
        share = w + t / 2
        out.append(PlayerResult(pl.label, float(w / total), float(t / total), float(share / total),
                                float(w), float(t), total, combos=len(pl.combos)))
    return EquityResult(out, "exact", spot.board, spot.dead, boards=total, game=spot.game.name)


def headsup_preflop(spot: Spot, progress=None) -> EquityResult:
    """The exact equity of a heads-up preflop spot, from the table; ``progress(1, 1)``
    once done, as an enumeration of one task would report. A hand against a
    hand reads one row without NumPy (:mod:`pokercli.preflop_pairs`)."""
    t0 = Clock()
    a, b = spot.players
    if len(a.combos) == 1 and len(b.combos) == 1:  # a hand pair: one deal, one table row
        from pokercli.preflop_pairs import pair_counts

        (ca, wa), (cb, wb) = a.combos[0], b.combos[0]
        if len({*ca, *cb}) < 4:
            raise PokerError("no deal is possible: the hands share a card", "players")
        result = _pair_result(spot, *pair_counts(tuple(ca), tuple(cb)), wa * wb)
        result.deals = 1
        result.seconds = t0.seconds()
        if progress:
            progress(1, 1)
        return result
    import numpy as np

    from pokercli import preflop_lookup as L
    from pokercli.equity_calc.tally import result_from_counts
    (i1, w1), (i2, w2) = [(L.combo_index(*np.array([c for c, _ in p.combos], np.int64).reshape(-1, 2).T),
                           np.array([w for _, w in p.combos], np.float64)) for p in spot.players]
    random_a, random_b = spot.random_players
    if random_a or random_b:
        # a random player holds every combo the other's leaves free, alike: each of the other's
        # combos meets all 1,225 of them, summed once and for all in L.vs_all()
        other, w_other, w_random = (i2, w2, w1[0]) if random_a else (i1, w1, w2[0])
        totals = L.vs_all()[other] * (w_other * w_random)[:, None]
        mine, theirs, tied = totals.sum(axis=0)
        outcome = np.zeros((2, 3), np.float64)
        outcome[0, 1], outcome[1, 1] = (theirs, mine) if random_a else (mine, theirs)
        outcome[0, 2] = outcome[1, 2] = tied
        result = result_from_counts(spot, outcome, np.zeros((2, 10)),
                                    float(w_other.sum() * w_random * 1225 * L.BOARDS), "exact")
        result.deals = len(other) * 1225
        result.seconds = t0.seconds()
        if progress:
            progress(1, 1)
        return result
    valid, (wins_a, wins_b, ties) = L.counts_of_block(i1, i2)
    if not valid.any():
        raise PokerError("no deal is possible: the ranges leave no combination without a shared card",
                         "players")
    weight = np.outer(w1, w2)[valid]
    outcome = np.zeros((2, 3), np.float64)
    outcome[0, 1] = weight @ wins_a
    outcome[1, 1] = weight @ wins_b
    outcome[0, 2] = outcome[1, 2] = weight @ ties
    result = result_from_counts(spot, outcome, np.zeros((2, 10)), float(weight.sum() * L.BOARDS), "exact")
    result.deals = int(valid.sum())
    result.seconds = t0.seconds()
    if progress:
        progress(1, 1)
    return result


def small_postflop(spot: Spot) -> bool:
    """Whether :func:`postflop_pair` answers the spot: two fixed hands on a
    flop, turn or river, at most :data:`pokercli.postflop_pairs.MOST_RUNOUTS`
    runouts, no hand types asked, a ranking whose tables are cached on disk."""
    from math import comb

    from pokercli.postflop_pairs import MOST_RUNOUTS

    if len(spot.players) != 2 or not spot.board or spot.with_types or not all(p.fixed for p in spot.players):
        return False
    g = spot.game
    if g.hole_cards != 2 or not g.rule.ranking.cached_tables:
        return False
    left = len(g.deck) - 4 - len(spot.board) - len(spot.dead)
    return comb(left, g.board_cards - len(spot.board)) <= MOST_RUNOUTS


def postflop_pair(spot: Spot, progress=None) -> EquityResult:
    """The exact equity of a :func:`small_postflop` spot, counted in plain
    Python from the evaluator's tables (:mod:`pokercli.postflop_pairs`)."""
    from pokercli.postflop_pairs import pair_counts

    t0 = Clock()
    (a, _), (b, _) = spot.players[0].combos[0], spot.players[1].combos[0]
    wins_a, wins_b, ties, runouts = pair_counts(a, b, spot.board, spot.dead)
    total = float(runouts)
    out = [PlayerResult(pl.label, wins / total, ties / total, (wins + ties / 2) / total, float(wins),
                        float(ties), total, combos=1)
           for pl, wins in zip(spot.players, (wins_a, wins_b))]
    result = EquityResult(out, "exact", spot.board, spot.dead, boards=total, game=spot.game.name)
    result.deals = 1
    result.evaluations = 2 * total
    result.seconds = t0.seconds()
    if progress:
        progress(1, 1)
    return result
