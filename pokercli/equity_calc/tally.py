"""Showdown tallies: the kernels' counts turned into each player's result.

Kernels count ``outcome[p, n]``: boards player ``p`` shares with ``n - 1``
others (``n = 1``: wins alone); with up to ``PATTERN_PLAYERS`` players they
count winner patterns instead (a bit per winner), converted here.
``types[p, t]`` counts the boards on which ``p`` ends with hand type ``t``.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from pokercli.equity_calc.model import EquityResult, PlayerResult
from pokercli.equity_calc.spot import Spot


def tally_arrays(players: int):
    """Zeroed (patterns, outcome, types) arrays for a kernel's tallies of ``players``."""
    from pokercli._kernels.showdown import PATTERN_PLAYERS

    patterns = np.zeros(1 << players if players <= PATTERN_PLAYERS else 1, np.int64)
    return patterns, np.zeros((players, players + 1), np.int64), np.zeros((players, 10), np.int64)


@lru_cache(maxsize=16)
def _pattern_matrix(players: int) -> np.ndarray:
    """(2**players, players * (players + 1)): winner pattern -> outcome cells it adds to."""
    m = np.zeros((1 << players, players, players + 1), np.int64)
    for pattern in range(1, 1 << players):
        winners = [p for p in range(players) if pattern >> p & 1]
        for p in winners:
            m[pattern, p, len(winners)] = 1
    return m.reshape(1 << players, -1)


def add_patterns(patterns: np.ndarray, outcome: np.ndarray) -> np.ndarray:
    """Add the winner-pattern counts into ``outcome[p, n]`` (player p among n winners)."""
    if len(patterns) > 1:
        outcome += (patterns @ _pattern_matrix(outcome.shape[0])).reshape(outcome.shape)
    return outcome


def result_from_counts(spot: Spot, outcome: np.ndarray, types: np.ndarray, total: float,
                       method: str) -> EquityResult:
    """Each player's win, tie and equity from the (weighted) counts of ``total`` boards."""
    out = []
    players = len(spot.players)
    names = spot.game.rule.ranking.type_names()
    for p, (pl, row) in enumerate(zip(spot.players, np.asarray(outcome, np.float64).tolist())):
        wins = row[1]
        ties = sum(row[2:])
        share = wins + sum(row[n] / n for n in range(2, players + 1))
        tdict = None
        if spot.with_types:
            tdict = {names[t]: float(types[p, t] / total) for t in range(1, 10)}
        out.append(PlayerResult(pl.label, float(wins / total), float(ties / total), float(share / total),
                                float(wins), float(ties), float(total), categories=tdict,
                                combos=len(pl.combos)))
    return EquityResult(out, method, spot.board, spot.dead, boards=float(total), game=spot.game.name)
