"""Showdown tallies: the kernels' counts turned into each player's result.

Kernels count ``outcome[p, n]``: boards player ``p`` shares with ``n - 1``
others (``n = 1``: wins alone); with up to ``PATTERN_PLAYERS`` players they
count winner patterns instead (a bit per winner), converted here.
``types[p, t]`` counts the boards on which ``p`` ends with hand type ``t``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pokercli.equity_calc.model import EquityResult, PlayerResult
from pokercli.equity_calc.spot import Spot


def tally_arrays(players: int):
    """Zeroed (patterns, outcome, types) arrays for a kernel's tallies of ``players``."""
    import numpy as np

    from pokercli._kernels.showdown import PATTERN_PLAYERS

    patterns = np.zeros(1 << players if players <= PATTERN_PLAYERS else 1, np.int64)
    return patterns, np.zeros((players, players + 1), np.int64), np.zeros((players, 10), np.int64)


@lru_cache(maxsize=16)
def _pattern_matrix(players: int) -> np.ndarray:
    """(2**players, players * (players + 1)): winner pattern -> outcome cells it adds to."""
    import numpy as np

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
    import numpy as np

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


# --- a pot that may be split high and low (Omaha, stud) ------------------------------

def split_tallies(players: int):
    """Zeroed (hi, hl, lo, scoop, sq, stats, types) arrays, the tallies of the
    Omaha and stud kernels (:mod:`pokercli._kernels.omaha` says what each counts)."""
    import numpy as np

    return (np.zeros((players, players + 1), np.int64), np.zeros((players, players + 1), np.int64),
            np.zeros((players, players + 1), np.int64), np.zeros(players, np.int64),
            np.zeros(players, np.int64), np.zeros(3, np.int64), np.zeros((players, 10), np.int64))


def add_showdown(high: list, low: list, hilo: bool, totals) -> None:
    """Add one showdown to :func:`split_tallies` kept as lists of Python numbers (the
    light paths: :mod:`pokercli.equity_calc.omaha_light`), as the kernels count it:
    ``high[p]`` larger is better; ``low[p]`` smaller is better, 256 for none."""
    hi, hl, lo, scoop, _, stats, _ = totals
    top, bottom = max(high), min(low)
    nh = high.count(top)
    has_low = hilo and bottom < 256
    nl = low.count(bottom) if has_low else 0
    if hilo and not has_low:
        stats[0] += 1
    for p in range(len(high)):
        wh, wl = high[p] == top, has_low and low[p] == bottom
        if has_low:
            if wh:
                hl[p][nh] += 1
            if wl:
                lo[p][nl] += 1
            if wh and wl and nh == 1 and nl == 1:
                scoop[p] += 1
        elif wh:
            hi[p][nh] += 1
            if nh == 1:
                scoop[p] += 1


def light_tallies(players: int):
    """:func:`split_tallies` as lists of Python floats (no NumPy)."""
    rows = [[[0.0] * (players + 1) for _ in range(players)] for _ in range(3)]
    return (*rows, [0.0] * players, None, [0.0, 0.0, 0.0], None)


def split_result(spot: Spot, totals, boards: float, method: str) -> EquityResult:
    """Each player's result from the :func:`split_tallies` of ``boards`` (weighted)
    boards (arrays, or lists of Python numbers: :mod:`pokercli.equity_calc.omaha_light`)."""
    hi, hl, lo, scoop, _, stats, types = totals
    players = len(spot.players)
    names = spot.game.rule.ranking.type_names()
    out = []
    for p, pl in enumerate(spot.players):
        hi_row, hl_row, lo_row = (_row(t, p) for t in (hi, hl, lo))
        high_wins = hi_row[1] + hl_row[1]
        high_ties = sum(hi_row[2:]) + sum(hl_row[2:])
        share = sum(hi_row[n] / n + hl_row[n] / (2 * n) + lo_row[n] / (2 * n) for n in range(1, players + 1))
        pr = PlayerResult(pl.label, high_wins / boards, high_ties / boards, share / boards,
                          high_wins, high_ties, boards, combos=max(1, len(pl.combos)))
        if spot.with_types:
            pr.categories = {names[t]: float(types[p, t]) / boards for t in sorted(names)}
        if spot.game.pot.split:
            pr.hilo = {"scoop": float(scoop[p]) / boards,
                       "high": {"win": high_wins / boards, "tie": high_ties / boards},
                       "low": {"win": lo_row[1] / boards, "tie": sum(lo_row[2:]) / boards}}
            if method == "exact":
                pr.hilo["counts"] = {"scoops": float(scoop[p]), "low_wins": lo_row[1],
                                     "low_ties": sum(lo_row[2:])}
        out.append(pr)
    res = EquityResult(out, method, spot.board, spot.dead, game=spot.game.name, pot_parts=spot.game.pot.parts)
    if spot.game.pot.split:
        res.extra["no_low"] = float(stats[0]) / boards
    return res


def _row(table, p: int) -> list:
    """Row ``p`` of a tally as a list of Python numbers."""
    row = table[p]
    return row.tolist() if hasattr(row, "tolist") else list(row)


def split_stderrs(totals, n: int) -> list[float]:
    """Standard error of each player's mean pot share after ``n`` samples, from
    the summed shares and squared shares (integer units of the kernel)."""
    from pokercli._kernels.omaha.deals import SHARE_UNIT

    hi, hl, lo, _, sq, _, _ = totals
    out = []
    for p in range(hi.shape[0]):
        s = sum(float(hi[p, k]) / k + (float(hl[p, k]) + float(lo[p, k])) / (2 * k)
                for k in range(1, hi.shape[1]))
        mean = s / n
        var = max(float(sq[p]) / SHARE_UNIT ** 2 / n - mean * mean, 0.0)
        out.append(math.sqrt(var / max(n - 1, 1)))
    return out

