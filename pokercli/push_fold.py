"""Heads-up push/fold: the Nash equilibrium of the jam-or-fold game, exactly.

**The game** (the one the published heads-up charts solve): both players have
an effective stack of ``stack`` big blinds before posting; the small blind
posts 0.5, the big blind 1, and each an ``ante`` if there is one. The small
blind goes all in or folds; facing the all-in, the big blind calls or folds.
Chips are what count (chip EV): a fold gives up what was posted, a call
plays the whole stacks, ``stack * (2 * equity - 1)``.

**Equities** are exact over card removal: for every pair of the 169 classes,
the deals of a combo of one against a combo of the other that share no card,
and their wins less losses over all 1,712,304 boards, summed from the shipped
table of every heads-up preflop deal
(:func:`pokercli.preflop_lookup.class_pair_totals`). A strategy is a
frequency per class (every combo of a class plays alike: suits are symmetric).

**The solve** has two steps. CFR+ (regret matching with the regrets kept
non-negative, alternating updates, averages weighted by iteration) brings
both strategies near the equilibrium; then the exact equilibrium is read
off: every hand whose push (or call) gains clearly is pure, and the few hands
that are nearly indifferent on each side are mixed at the frequencies that
make the other side's mixed hands exactly indifferent (two small linear
systems). The result is accepted when its **exploitability** -- what the two
sides together would gain a hand by switching to a best response, in big
blinds -- is below ``EXACT`` (it is typically 1e-18, rounding); otherwise the
CFR+ average is returned with the exploitability it reaches (``method``
says which).

**A chart** solves every stack of a grid (1 to 20 bb by 0.05 bb unless
given) and gives each hand the stacks where it is played at least half the
time, as intervals; an interval broken by less than ``GAP_FILL`` bb of not
playing is one interval (the hand is mixed there), so only real gaps show,
as in the published charts (63s: pushed at 5.1-7.1 bb and up to 2.3 bb).
A chart's numbers are shown rounded down to 0.1 bb: "pushes up to 7.7"
never means a stack where Nash folds.

>>> r = pushfold(10)
>>> r.method, r.hand("T4s").push, r.hand("T3s").push, r.hand("Q2o").call
('exact', 1.0, 0.0, 0.0)
>>> r.push_range.split(",")[:3]
['22+', 'A2s+', 'K2s+']
"""

from __future__ import annotations

import itertools
import math
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Optional, Sequence

from pokercli.errors import PokerError, shown

#: Accept the read-off equilibrium below this exploitability (bb a hand).
EXACT = 1e-10
#: A stretch of not playing shorter than this (bb) inside a hand's stacks is no gap.
GAP_FILL = 1.0
#: The chart's stacks unless given: first, last, step (bb).
CHART_STACKS = (1.0, 20.0, 0.05)
#: The largest stack and ante taken (bb), and the most stacks a chart solves.
MAX_STACK = 10_000.0
MAX_ANTE = 100.0
MAX_CHART_STACKS = 20_000
#: Deals of one combo against another: 52 choose 2 less the 101 sharing a card.
OPPONENTS = 1225
_BOARDS = 1_712_304
#: CFR+ tolerances tried in turn before the read-off (bb a hand).
_TOLERANCES = (1e-4, 1e-6, 1e-8)


@dataclass
class PushFoldHand:
    """One class at the equilibrium: how often the small blind pushes it and
    the big blind calls with it; what pushing gains over folding (against the
    big blind's calls) and what calling gains over folding (against the small
    blind's pushes; None when the small blind never pushes), in big blinds."""

    hand: str
    combos: int
    push: float
    call: float
    push_gain: float
    call_gain: Optional[float]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "combos": self.combos, "push": self.push, "call": self.call,
                "push_gain": self.push_gain, "call_gain": self.call_gain}


def _share(hands: Sequence[PushFoldHand], what: str) -> float:
    return math.fsum(h.combos * getattr(h, what) for h in hands) / 1326


@dataclass
class PushFoldResult:
    """The equilibrium at one stack: every class (grid order), the small
    blind's chip EV a hand in big blinds (the big blind's is its negative),
    the exploitability reached and how."""

    stack: float
    ante: float
    hands: list[PushFoldHand]
    sb_ev: float
    exploitability: float
    method: str
    iterations: int = 0
    seconds: float = 0.0

    def hand(self, name: str) -> PushFoldHand:
        """The class ``name`` (``AKs``, ``ak s``, ``T9o``)."""
        from pokercli.classes import class_index, parse_class

        return self.hands[class_index()[parse_class(name)]]

    @property
    def push_share(self) -> float:
        """The share of all deals the small blind pushes."""
        return _share(self.hands, "push")

    @property
    def call_share(self) -> float:
        """The share of all hands the big blind calls with."""
        return _share(self.hands, "call")

    @property
    def push_range(self) -> str:
        """The push range as a range string (mixed classes with their frequency)."""
        return _range_of(self.hands, "push")

    @property
    def call_range(self) -> str:
        """The call range as a range string."""
        return _range_of(self.hands, "call")

    def to_dict(self) -> dict[str, Any]:
        """The ``pushfold --json`` document."""
        return {"stack": self.stack, "ante": self.ante, "blinds": [0.5, 1.0], "method": self.method,
                "exploitability": self.exploitability, "iterations": self.iterations,
                "sb_ev": self.sb_ev, "bb_ev": -self.sb_ev,
                "push_share": self.push_share, "call_share": self.call_share,
                "push_range": self.push_range, "call_range": self.call_range,
                "hands": [h.to_dict() for h in self.hands], "seconds": round(self.seconds, 4)}


def _range_of(hands: Sequence[PushFoldHand], what: str) -> str:
    from pokercli.classes import range_text

    weights = {}
    for h in hands:
        w = round(getattr(h, what), 4)
        if w > 0:
            weights[h.hand] = w
    return range_text(weights)


@dataclass
class ChartCell:
    """One class across the chart's stacks: the intervals ``(low, high)`` of
    stacks (bb) where it is pushed, and called, at least half the time."""

    hand: str
    push: list[tuple[float, float]] = field(default_factory=list)
    call: list[tuple[float, float]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "push": [list(r) for r in self.push], "call": [list(r) for r in self.call],
                "push_up_to": self.push[-1][1] if self.push else None,
                "call_up_to": self.call[-1][1] if self.call else None}


@dataclass
class PushFoldChart:
    """Every class's push and call stacks over ``stacks`` (bb, ascending)."""

    stacks: list[float]
    ante: float
    cells: list[ChartCell]
    exploitability: float
    exact: int
    seconds: float = 0.0

    def cell(self, name: str) -> ChartCell:
        from pokercli.classes import class_index, parse_class

        return self.cells[class_index()[parse_class(name)]]

    def to_dict(self) -> dict[str, Any]:
        """The ``pushfold --chart --json`` document."""
        return {"stacks": {"first": self.stacks[0], "last": self.stacks[-1], "count": len(self.stacks)},
                "stack_list": self.stacks, "ante": self.ante, "blinds": [0.5, 1.0],
                "rule": f"played at least half the time; gaps under {GAP_FILL:g} bb filled",
                "largest_exploitability": self.exploitability, "exact_solves": self.exact,
                "hands": [c.to_dict() for c in self.cells], "seconds": round(self.seconds, 4)}


def limit_text(runs: Sequence[tuple[float, float]], first: float, last: float) -> str:
    """A chart cell as players print it: the largest stack played, rounded
    down to 0.1 bb (``7.7``), ``20+`` when played at every charted stack up to
    the last, ``*`` after it when the hand is not played at every stack below
    that (a gap, or not at the first stack), ``-`` when never played."""
    if not runs:
        return "-"
    top = runs[-1][1]
    text = f"{last:g}+" if top >= last else f"{down(top):.1f}"
    return text + ("*" if broken(runs, first) else "")


def broken(runs: Sequence[tuple[float, float]], first: float) -> bool:
    """Whether a hand played over ``runs`` skips a stack from ``first`` to its top."""
    return len(runs) > 1 or (bool(runs) and runs[0][0] > first)


def down(x: float) -> float:
    """``x`` rounded down to 0.1."""
    return math.floor(x * 10 + 1e-9) / 10


# --------------------------------------------------------------------- solving


@lru_cache(maxsize=1)
def _tables():
    """(deals [169,169], net wins [169,169] in boards, combos [169]) as floats."""
    import numpy as np

    from pokercli.preflop_lookup import class_pair_totals

    totals = class_pair_totals()
    pairs = totals[0].astype(np.float64)
    net = totals[1].astype(np.float64) / _BOARDS
    combos = pairs.sum(axis=1) / OPPONENTS
    return pairs, net, combos


class _Spot:
    """The game at one stack and ante as two bilinear forms.

    ``push_gain(c)[a]``: what pushing a combo of class ``a`` gains over folding
    when the big blind calls class ``b`` with frequency ``c[b]``;
    ``call_total(p)[b]``: what calling with ``b`` gains over folding, summed
    over the small blind's combos weighted by how often they push."""

    def __init__(self, stack: float, ante: float):
        pairs, net, combos = _tables()
        self.pairs, self.combos = pairs, combos
        # per deal of a against b: called, the small blind nets stack * (2e - 1);
        # not called, it takes the big blind and its ante: 1 + ante.
        self.called = stack * net - (1 + ante) * pairs
        self.base = 1.5 + 2 * ante  # pushing uncalled rather than folding
        self.fold = -(0.5 + ante)

    def push_gain(self, c):
        return self.base + (self.called @ c) / (OPPONENTS * self.combos)

    def call_total(self, p):
        return -(p @ self.called) / (OPPONENTS * self.combos)

    def exploitability(self, p, c) -> float:
        import numpy as np

        g, h = self.push_gain(c), self.call_total(p)
        n = self.combos
        return float((n * (np.maximum(0, g) - p * g)).sum() + (n * (np.maximum(0, h) - c * h)).sum()) / 1326

    def cfr(self, tolerance: float, max_iterations: int = 50_000):
        """CFR+ averages (p, c) and the iterations run, stopping at ``tolerance``."""
        import numpy as np

        n = self.combos
        rp, rf, rc, rn = (np.zeros(169) for _ in range(4))
        p, c = np.full(169, 0.5), np.full(169, 0.5)
        sp, sc, weight = np.zeros(169), np.zeros(169), 0.0
        t = 0
        for t in range(1, max_iterations + 1):
            g = self.push_gain(c)
            v = p * g
            rp, rf = np.maximum(0, rp + g - v), np.maximum(0, rf - v)
            total = rp + rf
            p = np.where(total > 0, rp / np.where(total > 0, total, 1), 0.5)
            h = self.call_total(p) * n  # per combo of the caller
            v = c * h
            rc, rn = np.maximum(0, rc + h - v), np.maximum(0, rn - v)
            total = rc + rn
            c = np.where(total > 0, rc / np.where(total > 0, total, 1), 0.5)
            sp += t * p
            sc += t * c
            weight += t
            if t % 25 == 0 and self.exploitability(sp / weight, sc / weight) < tolerance:
                break
        return sp / weight, sc / weight, t

    def read_off(self, p0, c0):
        """The exact equilibrium near (p0, c0), or None. The hands whose push
        (call) gains are nearest zero are the candidates to mix, up to three a
        side; every other hand is pure by the sign of its gain; the mixed
        hands' frequencies make the other side's mixed hands indifferent. A
        pure hand that then gains the other way is turned over and the
        frequencies solved again (a few rounds)."""
        import numpy as np

        g, h = self.push_gain(c0), self.call_total(p0)
        near_s, near_b = np.argsort(np.abs(g))[:5], np.argsort(np.abs(h))[:5]
        for k in range(4):
            for ms in itertools.combinations(near_s[:k + 2], k):
                for mb in itertools.combinations(near_b[:k + 2], k):
                    found = self._mixed_at(list(ms), list(mb), g > 0, h > 0)
                    if found is not None:
                        return found
        return None

    def _mixed_at(self, s: list, b: list, push, call, rounds: int = 4):
        """The equilibrium with classes ``s`` and ``b`` mixed and the others
        pushed where ``push`` (called where ``call``), corrected for a few rounds."""
        import numpy as np

        called = self.called
        for _ in range(rounds):
            p, c = push.astype(float), call.astype(float)
            if s:
                p[s], c[b] = 0.0, 0.0
                try:
                    # the big blind's mixed hands indifferent: sum_a p_a * called[a, b] = 0
                    ps = np.linalg.solve(called[np.ix_(s, b)].T, -(p @ called)[b])
                    # the small blind's mixed hands indifferent: push_gain = 0
                    cs = np.linalg.solve(called[np.ix_(s, b)],
                                         -self.base * OPPONENTS * self.combos[s] - (called @ c)[s])
                except np.linalg.LinAlgError:
                    return None
                if min(ps.min(), cs.min()) < -1e-9 or max(ps.max(), cs.max()) > 1 + 1e-9:
                    return None
                p[s], c[b] = np.clip(ps, 0, 1), np.clip(cs, 0, 1)
            if self.exploitability(p, c) < EXACT:
                return p, c
            new_push, new_call = self.push_gain(c) > 0, self.call_total(p) > 0
            new_push[s], new_call[b] = push[s], call[b]
            if (new_push == push).all() and (new_call == call).all():
                return None
            push, call = new_push, new_call
        return None


def _solve(spot: _Spot, warm=None):
    """(p, c, method, iterations): the exact equilibrium when it can be read
    off (first from ``warm``, a neighbouring stack's), else CFR+'s average."""
    if warm is not None:
        found = spot.read_off(*warm)
        if found is not None:
            return (*found, "exact", 0)
    iterations = 0
    for tolerance in _TOLERANCES:
        p, c, t = spot.cfr(tolerance)
        iterations += t
        found = spot.read_off(p, c)
        if found is not None:
            return (*found, "exact", iterations)
    return p, c, "cfr+", iterations


def _number(value, what: str, low: float, high: float) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise PokerError(f"{what} must be a number of big blinds, not {shown(value)}", what) from None
    if isinstance(value, bool) or not math.isfinite(x) or not low <= x <= high:
        raise PokerError(f"{what} must be from {low:g} to {high:g} big blinds, not {shown(value)}", what)
    return x


def _checked(stack, ante) -> tuple[float, float]:
    ante = _number(ante, "ante", 0.0, MAX_ANTE)
    stack = _number(stack, "stack", 1.0 + ante, MAX_STACK)
    return stack, ante


def pushfold(stack: float, *, ante: float = 0.0) -> PushFoldResult:
    """The heads-up jam-or-fold equilibrium at an effective stack of ``stack``
    big blinds (before posting; at least 1 + ``ante``), blinds 0.5 and 1,
    each player posting ``ante``."""
    import numpy as np

    from pokercli.classes import classes

    stack, ante = _checked(stack, ante)
    start = time.perf_counter()
    spot = _Spot(stack, ante)
    p, c, method, iterations = _solve(spot)
    g, h = spot.push_gain(c), spot.call_total(p)
    reach = p @ spot.pairs  # deals the small blind pushes, by the caller's class
    n = spot.combos
    hands = [PushFoldHand(name, int(round(n[i])), float(p[i]), float(c[i]), float(g[i]),
                          float(h[i] * OPPONENTS * n[i] / reach[i]) if reach[i] > 0 else None)
             for i, name in enumerate(classes())]
    sb_ev = spot.fold + float(np.dot(n, p * g)) / 1326
    return PushFoldResult(stack, ante, hands, sb_ev, spot.exploitability(p, c), method, iterations,
                          time.perf_counter() - start)


def chart_stacks(stacks=None, ante: float = 0.0) -> list[float]:
    """The stacks of a chart: ``None`` (1 to 20 by 0.05, from 1 + ``ante``),
    ``"first:last:step"``, a comma list, or a sequence of numbers; ascending,
    each once."""
    if stacks is None:
        first, last, step = CHART_STACKS
        first = max(first, 1.0 + ante)
        stacks = f"{first:g}:{max(last, first):g}:{step:g}"
    if isinstance(stacks, str):
        text = stacks.strip()
        if ":" in text:
            parts = text.split(":")
            if len(parts) != 3:
                raise PokerError(f"stacks {shown(stacks)}: write first:last:step (1:20:0.05) or a list", "stacks")
            first, last, step = (_number(x, "stacks", 0.0, MAX_STACK) for x in parts)
            if step <= 0 or last < first:
                raise PokerError(f"stacks {shown(stacks)}: the step must be above 0 and last at least first",
                                 "stacks")
            count = math.floor((last - first) / step + 1e-9) + 1
            if count > MAX_CHART_STACKS:
                raise PokerError(f"stacks {shown(stacks)}: {count:,} stacks; at most {MAX_CHART_STACKS:,}",
                                 "stacks")
            values: Sequence = [round(first + i * step, 10) for i in range(count)]
        else:
            values = [x for x in re.split(r"[\s,;]+", text) if x]
    elif isinstance(stacks, Sequence):
        values = stacks
    else:
        raise PokerError(f"stacks must be first:last:step, a list or numbers, not {shown(stacks)}", "stacks")
    if not values:
        raise PokerError("stacks: give at least one stack", "stacks")
    if len(values) > MAX_CHART_STACKS:
        raise PokerError(f"stacks: at most {MAX_CHART_STACKS:,}, not {len(values):,}", "stacks")
    out = sorted({_number(x, "stacks", 1.0 + ante, MAX_STACK) for x in values})
    return out


def _runs(stacks: Sequence[float], on: Sequence[bool]) -> list[tuple[float, float]]:
    """The intervals of ``stacks`` where ``on``, two intervals joined when the
    stacks between them span no more than ``GAP_FILL`` (from the last stack
    played to the next)."""
    runs: list[list[float]] = []
    previous = False
    for s, flag in zip(stacks, on):
        if flag:
            if previous or (runs and s - runs[-1][1] <= GAP_FILL + 1e-9):
                runs[-1][1] = s
            else:
                runs.append([s, s])
        previous = bool(flag)
    return [(a, b) for a, b in runs]


def pushfold_chart(stacks=None, *, ante: float = 0.0,
                   progress: Optional[Callable[[int, int], None]] = None) -> PushFoldChart:
    """Every class's push and call stacks: the equilibrium at each stack of
    ``stacks`` (see :func:`chart_stacks`), each hand played at least half the
    time counted in, gaps under ``GAP_FILL`` bb filled (see the module)."""
    import numpy as np

    from pokercli.classes import classes

    ante = _number(ante, "ante", 0.0, MAX_ANTE)
    grid = chart_stacks(stacks, ante)
    if progress is not None and not callable(progress):
        raise PokerError("progress must be a function of (done, total)", "progress")
    start = time.perf_counter()
    push = np.zeros((len(grid), 169))
    call = np.zeros((len(grid), 169))
    worst, exact, warm = 0.0, 0, None
    for i, s in enumerate(grid):
        spot = _Spot(s, ante)
        p, c, method, _ = _solve(spot, warm)
        push[i], call[i] = p, c
        worst = max(worst, spot.exploitability(p, c))
        exact += method == "exact"
        warm = (p, c)
        if progress is not None:
            progress(i + 1, len(grid))
    cells = [ChartCell(name, _runs(grid, push[:, k] >= 0.5), _runs(grid, call[:, k] >= 0.5))
             for k, name in enumerate(classes())]
    return PushFoldChart(grid, ante, cells, worst, exact, time.perf_counter() - start)
