"""Three- and four-handed push/fold: the jam-or-fold game at a table of three
or four, under chip EV or ICM.

**The game.** The players are, in the order they act, the button (BTN), the
small blind (SB) and the big blind (BB), with stacks in big blinds before
posting (each at least 1 + ``ante``). The blinds are 0.5 and 1 and everyone
posts ``ante``. Before anyone is all in a player pushes (all in) or folds; after
an all-in, each later player calls it (all in) or folds; when the button and
the small blind fold, the big blind takes the blinds. Pots are paid as at a
table: each all-in player puts in at most what the largest other stack in
the hand covers, side pots go to the best hand among those who covered them,
ties split, the folded players' posts are in the main pot.

**What a result is worth.** Under chip EV, the chips won or lost. With
``payouts``, each player's prize equity after the hand (Malmuth-Harville,
:mod:`pokercli.tournament`; players who bust in the same hand take the places
the others leave, the larger stack before the hand first, equal stacks
sharing), so the three players are the whole field.

**Equities.** A strategy is a frequency per starting-hand class for each of
the six decisions (BTN push; SB call, and SB push when the button folds; BB
call against the button, against both, and against the small blind). The
chance of each deal of classes is exact, card removal included: the number
of deals of three combos that share no card. A two-way showdown's chances
are exact over all boards (the shipped heads-up table; the folded hand's
cards are not taken out of the deck). A three-way showdown's chances -- how
the three hands finish, ties included, which settles the side pot as well as
the main -- are sampled: ``TRIPLE_SAMPLES`` deals of each triple of classes
(seed 1, the same every run: :func:`triple_outcomes`), built once (about 5 s
on two cores) and cached on disk.

**The solve.** CFR+ over the six decisions (regrets kept non-negative,
alternating updates, averages weighted by the iteration squared; the
current strategy is kept instead when it is the less exploitable) until the
**exploitability** of the average -- what the three players together would
gain a hand by switching to their best responses, in big blinds (chip EV)
or prize units (ICM) -- is below ``tolerance``, or ``max_iterations``. The
exploitability is that of the game with these equities: exact but for the
sampled three-way showdowns.

**Four-handed** (the cutoff, CO, acts first; fourteen decisions) the deals
of four classes are too many to sum (169**4), so the game is solved on
``FOUR_DEALS`` sampled deals of four hands (seed ``FOUR_SEED``; the chance
move of the game solved picks one of them, each as likely): card removal is
that of the deals themselves. A two-way showdown is worth its classes' exact
chances, as three-handed; a three- or four-way one the average over
``FOUR_BOARDS`` boards dealt to that deal. CFR+ with simultaneous updates
(one pass over the deals gives all four players' values) to
``FOUR_TOLERANCE`` on the sampled deals; the result also brackets the same
strategy's exploitability in the full game with fresh deals
(:func:`_fresh_gains`).
"""

from __future__ import annotations

import contextlib
import itertools
import math
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Optional, Sequence

from pokercli.errors import PokerError, shown

#: Sampled deals per triple of classes for the three-way showdowns.
TRIPLE_SAMPLES = 256
#: The seed of those samples.
TRIPLE_SEED = 1
#: Stop when the exploitability (a hand) is below this, unless told (bb).
TOLERANCE = 2e-5
#: Iterations between measures of the exploitability.
CHECK = 10
#: ... or after this many iterations.
MAX_ITERATIONS = 5_000
#: Roundings of the final frequencies tried, largest first (see :func:`cleanest`).
PURE = (0.05, 0.02, 0.005)
#: Positions in the order they act.
POSITIONS = ("BTN", "SB", "BB")
#: Four-handed: the sampled deals the game is solved on, their seed, the
#: exploitability to reach (bb) and the most deals taken.
FOUR_DEALS = 1 << 20
FOUR_SEED = 1
FOUR_TOLERANCE = 1e-3
MAX_DEALS = 1 << 24
#: Four-handed: boards dealt to each sampled deal for its multiway showdowns,
#: and the most deals one kernel call walks.
FOUR_BOARDS = 16
CHUNK_DEALS = 1 << 19
#: The largest stack and ante taken (bb).
MAX_STACK = 10_000.0
MAX_ANTE = 100.0

_N = 3


# ------------------------------------------------------------------ the tree


def positions(n: int = _N) -> tuple[str, ...]:
    """The positions of a table of ``n`` (3 or 4) in the order they act."""
    return POSITIONS if n == 3 else ("CO",) + POSITIONS


@dataclass(frozen=True)
class _Decision:
    player: int
    history: str  # the earlier players' actions, P (push or call) or F
    n: int = _N  # players at the table

    @property
    def facing(self) -> list[int]:
        return [i for i, a in enumerate(self.history) if a == "P"]

    @property
    def name(self) -> str:
        """``BTN push``, ``SB call BTN``, ``BB call BTN+SB``."""
        names = positions(self.n)
        who = names[self.player]
        facing = self.facing
        if not facing:
            return f"{who} push"
        return f"{who} call " + "+".join(names[i] for i in facing)

    @property
    def key(self) -> str:
        """``btn_push``, ``sb_call_btn``, ``bb_call_btn_sb``: the JSON key."""
        return self.name.lower().replace(" ", "_").replace("+", "_")


@lru_cache(maxsize=None)
def game_tree(n: int = _N) -> tuple[list[_Decision], list[str]]:
    """Every decision and every terminal history of the jam-or-fold game."""
    decisions: list[_Decision] = []
    terminals: list[str] = []

    def walk(h: str) -> None:
        if len(h) == n or (len(h) == n - 1 and "P" not in h):
            terminals.append(h)
            return
        decisions.append(_Decision(len(h), h, n))
        walk(h + "P")
        walk(h + "F")

    walk("")
    return decisions, terminals


def in_hand(h: str, n: int = _N) -> list[int]:
    """The players whose chips are in play at the end of ``h`` (the big blind
    alone on a walk)."""
    players = [i for i, a in enumerate(h) if a == "P"]
    return players or [n - 1]


# ------------------------------------------------------------------ payoffs


def _posts(ante: float, n: int = _N) -> list[float]:
    blinds = [0.0] * (n - 2) + [0.5, 1.0]
    return [b + ante for b in blinds]


def final_stacks(stacks: Sequence[float], ante: float, history: str,
                 places: Sequence[int]) -> list[float]:
    """The stacks after the hand that ends with ``history`` (P or F per player,
    the big blind's missing on a walk) when the hands in it finish at dense
    ``places`` (one per player in the hand, in seat order; 0 the best, tied
    hands sharing a place)."""
    n = len(stacks)
    posts = _posts(ante, n)
    players = in_hand(history, n)
    folded = [i for i in range(n) if i not in players]
    final = list(stacks)
    dead = math.fsum(posts[i] for i in folded)
    for i in folded:
        final[i] -= posts[i]
    if len(players) == 1:
        (w,) = players
        final[w] += dead
        return final
    put = {i: min(stacks[i], max(stacks[j] for j in players if j != i)) for i in players}
    place = dict(zip(players, places))
    levels = sorted(set(put.values()))
    below = 0.0
    for k, level in enumerate(levels):
        eligible = [i for i in players if put[i] >= level]
        pot = sum(min(put[i], level) - min(put[i], below) for i in players) + (dead if k == 0 else 0.0)
        best = min(place[i] for i in eligible)
        winners = [i for i in eligible if place[i] == best]
        for i in winners:
            final[i] += pot / len(winners)
        below = level
    for i in players:
        final[i] -= put[i]
    return final


def prize_equity(final: Sequence[float], start: Sequence[float], payouts: Sequence[float]) -> list[float]:
    """Each player's ICM prize equity with stacks ``final``; players at 0 take
    the places the others leave, the larger ``start`` stack first (equal
    stacks share those places' prizes)."""
    from pokercli.tournament import places_exact

    n = len(final)
    pay = list(payouts) + [0.0] * max(0, n - len(payouts))
    alive = [i for i in range(n) if final[i] > 1e-12]
    out = [0.0] * n
    chances = places_exact([final[i] for i in alive], len(alive))
    for i, row in zip(alive, chances):
        out[i] = math.fsum(p * pay[m] for m, p in enumerate(row))
    place = len(alive)
    busted = sorted((i for i in range(n) if final[i] <= 1e-12), key=lambda i: -start[i])
    for _, group in itertools.groupby(busted, key=lambda i: start[i]):
        group = list(group)
        share = math.fsum(pay[place:place + len(group)]) / len(group)
        for i in group:
            out[i] = share
        place += len(group)
    return out


def weak_orders(n: int) -> list[tuple[int, ...]]:
    """Every weak order of ``n`` hands as dense places (0 the best), in the
    kernel's numbering: ``itertools.product`` order, valid ones only."""
    out = []
    for d in itertools.product(range(n), repeat=n):
        used = sorted(set(d))
        if used == list(range(len(used))):
            out.append(d)
    return out


def ending_payoffs(stacks, ante, payouts, history: str) -> tuple[list[int], list[tuple[int, ...]], list[list[float]]]:
    """(players in the hand, their possible finishing orders, each player's
    payoff for each order): chips won (``payouts`` None) or prize equity."""
    players = in_hand(history, len(stacks))
    orders = weak_orders(len(players)) if len(players) > 1 else [(0,)]
    values = []
    for order in orders:
        final = final_stacks(stacks, ante, history, order)
        if payouts is None:
            values.append([f - s for f, s in zip(final, stacks)])
        else:
            values.append(prize_equity(final, stacks, payouts))
    return players, orders, values


# ------------------------------------------------------------------ equities


@lru_cache(maxsize=1)
def class_layout():
    """(combo cards int64[1326, 2] grouped by class, each class's first row
    and combo count, the class of each row)."""
    import numpy as np

    from pokercli.preflop_lookup import all_combos, class_of_combo

    cls = class_of_combo()
    order = np.argsort(cls, kind="stable")
    cards = np.ascontiguousarray(all_combos()[order])
    count = np.bincount(cls, minlength=169).astype(np.int64)
    start = np.concatenate([[0], np.cumsum(count)[:-1]]).astype(np.int64)
    return cards, start, count, np.ascontiguousarray(cls[order])


@lru_cache(maxsize=1)
def triple_deals():
    """float32[169, 169, 169]: deals of a combo of each of three classes (in
    that seat order) sharing no card: exact integers."""
    import numpy as np

    from pokercli._kernels import triples as K
    from pokercli._kernels.jit import call

    cards, start, count, cls = class_layout()
    out = np.zeros((169, 169, 169), np.int64)
    call(K.triple_deals, start, np.arange(169, dtype=np.int64), cards, cls, out)
    out *= count[:, None, None]
    return out.astype(np.float32)


@lru_cache(maxsize=1)
def sorted_triples():
    """int64[T, 3]: every triple of classes ``a <= b <= c``."""
    import numpy as np

    return np.array(list(itertools.combinations_with_replacement(range(169), 3)), np.int64)


def triple_outcomes(samples: int = TRIPLE_SAMPLES, seed: int = TRIPLE_SEED,
                    progress: Optional[Callable[[int, int], None]] = None):
    """uint16[T, 13]: for each of :func:`sorted_triples`, how ``samples``
    sampled deals finished, by weak order (:func:`weak_orders` of 3; the seats in
    the triple's order). Built on every core and cached on disk."""
    import io

    import numpy as np

    from pokercli.paths import read_cached

    def built() -> bytes:
        buf = io.BytesIO()
        np.save(buf, _build_outcomes(samples, seed, progress))
        return buf.getvalue()

    def load(payload: bytes):
        array = np.load(io.BytesIO(payload), allow_pickle=False)
        if array.shape != (len(sorted_triples()), 13) or array.dtype != np.uint16:
            raise ValueError("not the three-way table")
        return array

    return _loaded(samples, seed, lambda: read_cached(
        f"preflop-triples-{samples}-{seed}-v1.npy", load, built,
        "three-way showdowns of each triple of starting-hand classes"))


_LOADED: dict = {}


def _loaded(samples, seed, get):
    key = (samples, seed)
    if key not in _LOADED:
        _LOADED[key] = get()
    return _LOADED[key]


def _build_outcomes(samples: int, seed: int, progress=None):
    import os
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    from pokercli._kernels import triples as K
    from pokercli._kernels.jit import call, ensure
    from pokercli._kernels.lookup import kernel_tables, strength_tables
    from pokercli._stop import result, shutdown

    if not 1 <= samples <= 65_535:
        raise PokerError(f"samples must be from 1 to 65,535, not {shown(samples)}", "samples")
    cards, start, count, _ = class_layout()
    tri = sorted_triples()
    deals = triple_deals()
    live = np.flatnonzero(deals[tri[:, 0], tri[:, 1], tri[:, 2]] > 0)
    tri_live = np.ascontiguousarray(tri[live])
    index = np.full(27, -1, np.int64)
    for k, d in enumerate(weak_orders(3)):
        index[9 * d[0] + 3 * d[1] + d[2]] = k
    keys, offsets, _, _ = kernel_tables()
    rank, flush = strength_tables()
    out = np.zeros((len(tri_live), 13), np.uint16)
    step = max(1, 1_000_000 // samples)  # about 50 ms a chunk
    chunks = [(i, min(i + step, len(tri_live))) for i in range(0, len(tri_live), step)]
    ensure(K.triple_outcomes, tri_live, 0, cards, start, count, index, seed, samples,
           keys, offsets, rank, flush, out[:1])
    done = [0]

    def work(chunk):
        lo, hi = chunk
        call(K.triple_outcomes, tri_live, lo, cards, start, count, index, seed, samples,
             keys, offsets, rank, flush, out[lo:hi])
        return hi - lo

    pool = ThreadPoolExecutor(max_workers=max(1, min(os.cpu_count() or 1, 8)))
    interrupted = True
    try:
        futures = [pool.submit(work, c) for c in chunks]
        for f in futures:
            done[0] += result(f)
            if progress is not None:
                progress(done[0], len(tri_live))
        interrupted = False
    finally:
        shutdown(pool, interrupted)
    full = np.zeros((len(tri), 13), np.uint16)
    full[live] = out
    return full


@lru_cache(maxsize=2)
def pair_chances():
    """(win, tie) float64[169, 169]: the first seat's chances over every deal
    of the two classes and every board."""
    import numpy as np

    from pokercli.preflop_lookup import BOARDS, class_pair_outcomes

    deals, wins, ties = class_pair_outcomes().astype(np.float64)
    total = np.where(deals > 0, deals, 1) * BOARDS
    return wins / total, ties / total


# ------------------------------------------------------------------ solving


class _Game:
    """The game at one set of stacks: for each terminal history, each
    player's payoff summed over the class deals, as a [169, 169, 169] tensor
    (seat order), or a constant times the deal counts where no result changes
    it (a hand nobody calls; a folded player under chip EV)."""

    def __init__(self, stacks, ante, payouts, samples, seed, progress=None):
        import numpy as np

        self.decisions, self.terminals = game_tree()
        self.deals = triple_deals()
        self.total = float(self.deals.sum(dtype=np.float64))
        self.values: dict[str, list] = {}
        win, tie = pair_chances()
        for h in self.terminals:
            players, orders, pay = ending_payoffs(stacks, ante, payouts, h)
            pay = np.array(pay)  # [orders, 3]
            if len(players) == 1:
                self.values[h] = [float(pay[0, i]) for i in range(_N)]
            elif len(players) == 2:
                j, k = players
                # orders of two: (0, 0) tie, (0, 1) j wins, (1, 0) k wins
                by = {o: pay[m] for m, o in enumerate(orders)}
                shape = [1, 1, 1]
                shape[j], shape[k] = 169, 169
                w = win.reshape(shape)
                t = tie.reshape(shape)
                lose = 1.0 - w - t
                # a player whose payoff no result changes (folded, under chip EV) is a constant
                self.values[h] = [float(pay[0, i]) if np.all(pay[:, i] == pay[0, i]) else
                                  (self.deals * (w * by[(0, 1)][i] + t * by[(0, 0)][i] + lose * by[(1, 0)][i])
                                   ).astype(np.float32) for i in range(_N)]
            else:
                self.values[h] = [self.deals * v for v in self._three_way(samples, seed, progress, pay)]

    def _three_way(self, samples, seed, progress, pay):
        """Each seat's payoff ([169, 169, 169] by the seats' classes) averaged
        over how the three hands finish, given ``pay[order, seat]``."""
        import numpy as np

        counts = triple_outcomes(samples, seed, progress).astype(np.float64)
        sums = counts.sum(axis=1, keepdims=True)
        chances = counts / np.where(sums > 0, sums, 1)
        tri = sorted_triples()
        orders = weak_orders(3)
        where = {o: k for k, o in enumerate(orders)}
        out = [np.zeros((169, 169, 169), np.float32) for _ in range(_N)]
        times = np.zeros((169, 169, 169), np.float32)
        for perm in itertools.permutations(range(3)):
            # seat s holds the triple's member perm[s]: the members' order o
            # is the seats' order (o[perm[0]], o[perm[1]], o[perm[2]]). Two
            # seats of one class get the mean of both ways round.
            seat_order = [where[tuple(o[perm[s]] for s in range(3))] for o in orders]
            idx = tuple(tri[:, perm[s]] for s in range(3))
            times[idx] += 1
            for i in range(_N):
                out[i][idx] += chances @ pay[seat_order, i]
        for i in range(_N):
            out[i] /= np.maximum(times, 1)
        return out

    # -- contractions ------------------------------------------------------

    @staticmethod
    def _contract(t, vecs, i):
        """Sum of ``t[a, b, c]`` times the other seats' vectors, by seat ``i``'s class."""
        flat = t.reshape(-1, 169)
        if i == 0:
            return (flat @ vecs[2]).reshape(169, 169) @ vecs[1]
        if i == 1:
            return vecs[0] @ (flat @ vecs[2]).reshape(169, 169)
        return vecs[1] @ (vecs[0] @ t.reshape(169, -1)).reshape(169, 169)

    def _reach(self, h: str, strategy: dict, player: Optional[int]):
        """Each seat's vector of how often its class takes its action in ``h``
        (ones for ``player`` and for seats that do not act)."""
        import numpy as np

        ones = np.ones(169, np.float32)
        vecs = []
        for s in range(_N):
            if s == player or s >= len(h):
                vecs.append(ones)
                continue
            p = strategy[(s, h[:s])]
            vecs.append(p if h[s] == "P" else 1.0 - p)
        return vecs

    def action_values(self, strategy: dict, player: int) -> dict:
        """For each of ``player``'s decisions, (value of P, value of F) per
        class, summed over the others' deals weighted by how often they act
        as the history says."""
        import numpy as np

        out = {d.history: [np.zeros(169, np.float64), np.zeros(169, np.float64)]
               for d in self.decisions if d.player == player}
        for h in self.terminals:
            if len(h) <= player:
                continue
            vecs = self._reach(h, strategy, player)
            v = self.values[h][player]
            if isinstance(v, float):
                got = v * self._contract(self.deals, vecs, player)
            else:
                got = self._contract(v, vecs, player)
            out[h[:player]][0 if h[player] == "P" else 1] += got
        return out

    def evs(self, strategy: dict) -> list[float]:
        """Each player's payoff a hand."""
        import numpy as np

        out = []
        for i in range(_N):
            total = 0.0
            for h in self.terminals:
                vecs = self._reach(h, strategy, None)
                v = self.values[h][i]
                t = self.deals if isinstance(v, float) else v
                got = float(np.dot(self._contract(t, vecs, 0).astype(np.float64), vecs[0]))
                total += (v if isinstance(v, float) else 1.0) * got
            out.append(total / self.total)
        return out

    def gains(self, strategy: dict) -> list[float]:
        """What each player would gain a hand by its best response."""
        import numpy as np

        out = []
        for i in range(_N):
            gain = 0.0
            for h, (vp, vf) in self.action_values(strategy, i).items():
                p = strategy[(i, h)]
                gain += float((np.maximum(vp, vf) - (p * vp + (1 - p) * vf)).sum())
            out.append(gain / self.total)
        return out


def _solve(game: _Game, tolerance: float, max_iterations: int, stop=None):
    """CFR+ (alternating updates, averages weighted by the iteration squared);
    every ``CHECK`` iterations the average and the current strategies are
    measured and the better kept; stops below ``tolerance``."""
    import numpy as np

    keys = [(d.player, d.history) for d in game.decisions]
    regret = {k: [np.zeros(169), np.zeros(169)] for k in keys}
    current = {k: np.full(169, 0.5, np.float32) for k in keys}
    summed = {k: np.zeros(169) for k in keys}
    weight = 0.0
    best, exploit = dict(current), math.inf
    t = 0
    for t in range(1, max_iterations + 1):
        for player in range(_N):
            values = game.action_values(current, player)
            for h, (vp, vf) in values.items():
                k = (player, h)
                p = current[k].astype(np.float64)
                v = p * vp + (1 - p) * vf
                rp, rf = regret[k]
                rp = np.maximum(0.0, rp + vp - v)
                rf = np.maximum(0.0, rf + vf - v)
                regret[k] = [rp, rf]
                total = rp + rf
                current[k] = np.where(total > 0, rp / np.where(total > 0, total, 1), 0.5).astype(np.float32)
        for k in keys:
            summed[k] += t * t * current[k]
        weight += t * t
        if t % CHECK == 0 or t == max_iterations:
            average = {k: (summed[k] / weight).astype(np.float32) for k in keys}
            best, exploit = _less_exploitable(game, (average, dict(current)), best, exploit)
            if exploit < tolerance:
                break
        if stop is not None:
            stop()
    return best, exploit, t


def _less_exploitable(game, candidates, best: dict, exploit: float) -> tuple[dict, float]:
    """The least exploitable of ``best`` (``exploit``) and ``candidates``."""
    for candidate in candidates:
        e = sum(game.gains(candidate))
        if e < exploit:
            best, exploit = candidate, e
    return best, exploit


def cleanest(game: _Game, average: dict, exploit: float, tolerance: float):
    """The average with frequencies within ``PURE`` of 0 or 1 rounded there,
    when that keeps the exploitability below ``tolerance`` (or no worse than
    the average's): CFR+ averages keep a trace of their early iterations
    (0.1 % pushes of 72o) that no one plays. Else the average."""
    import numpy as np

    for pure in PURE:
        rounded = {k: np.where(v < pure, 0.0, np.where(v > 1 - pure, 1.0, v)).astype(np.float32)
                   for k, v in average.items()}
        e = sum(game.gains(rounded))
        if e < max(tolerance, exploit):
            return rounded, e
    return average, exploit


# ------------------------------------------------------------------ four-handed


class _Game4:
    """The four-handed game (CO, BTN, SB, BB) on ``deals`` sampled deals of
    four hands (deal numbers ``first`` on, ``seed``): the game whose chance
    move picks one of those deals, each as likely. A deal's two-way showdowns
    are worth their classes' exact chances (the shipped heads-up table), its
    three- and four-way showdowns what they pay averaged over ``boards``
    boards dealt to it. :meth:`values` sums, for every decision and class,
    what pushing (or calling) and folding are worth (one pass over the deals
    for all four players); :meth:`gains` and :meth:`evs` read it as
    :class:`_Game`'s do."""

    def __init__(self, stacks, ante, payouts, deals: int, seed: int, first: int = 0, boards: int = FOUR_BOARDS,
                 progress=None, gpu: bool = False):
        import numpy as np

        self.gpu = gpu
        self._device = None  # the arrays on the GPU, uploaded at the first pass
        self.decisions, self.terminals = game_tree(4)
        self.index = {(d.player, d.history): k for k, d in enumerate(self.decisions)}
        self.total = float(deals)
        t = len(self.terminals)
        pairs = list(itertools.combinations(range(4), 2))
        self.pair_j = np.array([j for j, _ in pairs], np.int64)
        self.pair_k = np.array([k for _, k in pairs], np.int64)
        ending = {h: len(self.decisions) + row for row, h in enumerate(self.terminals)}
        node = {d.history: k for k, d in enumerate(self.decisions)} | ending
        self.child_p = np.array([node[d.history + "P"] for d in self.decisions], np.int64)
        self.child_f = np.array([node[d.history + "F"] for d in self.decisions], np.int64)
        self.m = np.zeros(t, np.int64)
        self.players = np.zeros((t, 4), np.int64)
        self.pair = np.zeros(t, np.int64)
        self.pay = np.zeros((t, 75, 4), np.float64)
        multi = []
        for row, h in enumerate(self.terminals):
            players, orders, pay = ending_payoffs(stacks, ante, payouts, h)
            self.m[row] = len(players)
            self.players[row, :len(players)] = players
            if len(players) == 2:  # a tie, the first wins, the second wins
                self.pair[row] = pairs.index(tuple(players))
                by = dict(zip(orders, pay))
                self.pay[row, :3] = [by[(0, 0)], by[(0, 1)], by[(1, 0)]]
            else:
                self.pay[row, :len(orders)] = pay
            if len(players) > 2:
                self.pair[row] = len(multi)
                multi.append(row)
        self.dec_player = np.array([d.player for d in self.decisions], np.int64)
        win, tie = pair_chances()
        self.win, self.tie = np.ascontiguousarray(win), np.ascontiguousarray(tie)
        self.cls, self.multi = sampled_deals(deals, seed, first, boards, self.m[multi], self.players[multi],
                                             self.pay[multi], progress)

    @staticmethod
    def keys() -> list[tuple[int, str]]:
        """The decisions' (player, history), in the order of :meth:`values`."""
        return [(d.player, d.history) for d in game_tree(4)[0]]

    def values(self, strategy: dict):
        """(float64[decision, action, class]: each action's value summed over
        the deals, float64[4]: each seat's payoff summed) under ``strategy``;
        on the GPU when the game was made with ``gpu=True``. On the CPU the
        deals are shared out between the threads, none over ``CHUNK_DEALS``
        to a kernel call (about 0.05 s), so that a Ctrl-C is answered at once."""
        import numpy as np

        from pokercli._kernels import four_handed as K
        from pokercli._kernels.jit import call, ensure
        from pokercli.jobs import LocalEngine, threads

        prob = np.zeros((len(self.decisions), 169), np.float64)
        for key, k in self.index.items():
            prob[k] = strategy[key]
        tree = (self.dec_player, self.child_p, self.child_f, self.m, self.pair, self.pay, self.pair_j,
                self.pair_k, self.win, self.tie)
        if self.gpu:
            from pokercli import gpu

            if self._device is None:
                self._device = gpu.pushfold_upload(self.cls, self.multi, *tree)
            return gpu.pushfold_values(self._device, prob, len(self.cls))
        n = len(self.cls)
        k = max(1, min(threads(), n // 4096 or 1), -(-n // CHUNK_DEALS))
        edges = [n * i // k for i in range(k + 1)]
        outs = [np.zeros((len(self.decisions), 2, 169)) for _ in range(k)]
        evs = [np.zeros(4) for _ in range(k)]
        calls = {i: (K.action_values, self.cls[edges[i]:edges[i + 1]], self.multi[edges[i]:edges[i + 1]], prob,
                     *tree, outs[i], evs[i]) for i in range(k)}
        ensure(*calls[0])
        with contextlib.closing(LocalEngine(min(k, threads())).run(call, calls)) as done:
            for _ in done:
                pass
        return sum(outs), sum(evs)

    def gains(self, strategy: dict) -> list[float]:
        """What each player would gain a hand by its best response."""
        import numpy as np

        out, _ = self.values(strategy)
        gains = [0.0] * 4
        for k, d in enumerate(self.decisions):
            vp, vf = out[k]
            p = np.asarray(strategy[(d.player, d.history)], np.float64)
            gains[d.player] += float((np.maximum(vp, vf) - (p * vp + (1 - p) * vf)).sum())
        return [g / self.total for g in gains]

    def evs(self, strategy: dict) -> list[float]:
        """Each player's payoff a hand."""
        _, ev = self.values(strategy)
        return [float(x) / self.total for x in ev]


def sampled_deals(deals: int, seed: int, first: int, boards: int, multi_m, multi_players, multi_pay,
                  progress=None):
    """(uint8[deals, 4] each seat's class, float32[deals, J, 4] what each
    multiway ending ``j`` pays each seat, averaged over ``boards`` boards) for
    deal numbers ``first`` to ``first + deals`` (seed ``seed``), the endings
    given by ``multi_m[j]`` players in the hand, ``multi_players[j]`` and
    ``multi_pay[j, order, seat]`` (:func:`weak_orders` of ``m``): the same
    deals however they are split between threads."""
    import numpy as np

    from pokercli._kernels import four_handed as K
    from pokercli._kernels.jit import call, ensure
    from pokercli._kernels.lookup import kernel_tables, strength_tables
    from pokercli.jobs import LocalEngine
    from pokercli.preflop_lookup import all_combos, class_of_combo

    pairs = np.zeros((52, 52), np.int64)
    combos, cls = all_combos(), class_of_combo()
    pairs[combos[:, 0], combos[:, 1]] = cls
    pairs[combos[:, 1], combos[:, 0]] = cls
    keys, offsets, _, _ = kernel_tables()
    rank, flush = strength_tables()
    # what each ending pays for each order of the four hands, the order coded as
    # the kernel codes it: 0, 1 or 2 for each pair of seats, in base 3
    paid_by_order = np.zeros((3 ** 6, len(multi_m), 4))
    for places in weak_orders(4):
        code = sum(3 ** p * ((places[b] <= places[a]) + (places[b] < places[a]))
                   for p, (a, b) in enumerate(itertools.combinations(range(4), 2)))
        for j, (m, players) in enumerate(zip(multi_m, multi_players)):
            mine = [places[i] for i in players[:m]]
            ranks = sorted(set(mine))
            k = weak_orders(int(m)).index(tuple(ranks.index(x) for x in mine))
            paid_by_order[code, j] = multi_pay[j][k]
    classes = np.zeros((deals, 4), np.uint8)
    paid = np.zeros((deals, len(multi_m), 4), np.float32)

    def args(lo, hi):
        return (seed, first + lo, boards, pairs, keys, offsets, rank, flush, paid_by_order, classes[lo:hi],
                paid[lo:hi])

    ensure(K.sample_deals, *args(0, 1))
    step = 1 << 15
    chunks = {k: (lo, min(lo + step, deals)) for k, lo in enumerate(range(0, deals, step))}
    done = 0
    # closed on the way out, a Ctrl-C in ``progress`` included: its workers stop at their next chunk
    with contextlib.closing(LocalEngine().run(lambda lo, hi: call(K.sample_deals, *args(lo, hi)) or hi - lo,
                                              chunks)) as sizes:
        for _, size in sizes:
            done += size
            if progress is not None:
                progress(done, deals)
    return classes, paid


def _fresh_gains(stacks, ante, payouts, deals: int, seed: int, strategy: dict,
                 on_gpu: bool = False) -> tuple[float, float]:
    """What best responses gain against ``strategy`` on fresh deals, two ways
    that bracket the full game's exploitability on average: (the gain, on
    deals ``2 deals ..``, of the best responses chosen on deals ``deals ..``
    (no more than the best responses of the full game gain), the gain of those
    best responses on the deals they were chosen on (no less: they also play
    those deals' noise)). The first is 0 where the noise makes it negative."""
    import numpy as np

    chosen = _Game4(stacks, ante, payouts, deals, seed, first=deals, gpu=on_gpu)
    out_a, _ = chosen.values(strategy)
    del chosen
    out_b, _ = _Game4(stacks, ante, payouts, deals, seed, first=2 * deals, gpu=on_gpu).values(strategy)
    low = high = 0.0
    for k, key in enumerate(_Game4.keys()):
        p = np.asarray(strategy[key], np.float64)
        (pa, fa), (pb, fb) = out_a[k], out_b[k]
        high += float((np.maximum(pa, fa) - (p * pa + (1 - p) * fa)).sum())
        low += float((np.where(pa > fa, pb, fb) - (p * pb + (1 - p) * fb)).sum())
    return max(0.0, low / deals), high / deals  # below 0 is noise: those responses gain nothing


def _solve4(game: _Game4, tolerance: float, max_iterations: int, stop=None):
    """CFR+ with simultaneous updates (one pass over the deals gives every
    player's values), averages weighted by the iteration squared; every
    ``CHECK`` iterations the average and the current strategies are measured
    and the better kept; stops below ``tolerance``."""
    import numpy as np

    keys = [(d.player, d.history) for d in game.decisions]
    regret = {k: [np.zeros(169), np.zeros(169)] for k in keys}
    current = {k: np.full(169, 0.5) for k in keys}
    summed = {k: np.zeros(169) for k in keys}
    weight = 0.0
    best, exploit = dict(current), math.inf
    t = 0
    for t in range(1, max_iterations + 1):
        out, _ = game.values(current)
        for k in keys:
            summed[k] += t * t * current[k]
        weight += t * t
        for row, k in enumerate(keys):
            vp, vf = out[row]
            p = current[k]
            v = p * vp + (1 - p) * vf
            rp = np.maximum(0.0, regret[k][0] + vp - v)
            rf = np.maximum(0.0, regret[k][1] + vf - v)
            regret[k] = [rp, rf]
            total = rp + rf
            current[k] = np.where(total > 0, rp / np.where(total > 0, total, 1), 0.5)
        if t % CHECK == 0 or t == max_iterations:
            best, exploit = _less_exploitable(game, ({k: summed[k] / weight for k in keys}, dict(current)),
                                              best, exploit)
            if exploit < tolerance:
                break
        if stop is not None:
            stop()
    return best, exploit, t


# ------------------------------------------------------------------ results


@dataclass
class TableRange:
    """One decision at the equilibrium: who, facing whom, each class's
    frequency (grid order), the share of hands and the range string."""

    decision: str
    key: str
    frequencies: list[float]

    @property
    def share(self) -> float:
        combos = class_layout()[2]
        return float(sum(int(c) * f for c, f in zip(combos, self.frequencies)) / 1326)

    @property
    def range(self) -> str:
        from pokercli.classes import classes, range_text

        return range_text({name: round(f, 4) for name, f in zip(classes(), self.frequencies)
                           if round(f, 4) > 0})

    def frequency(self, name: str) -> float:
        from pokercli.classes import class_index, parse_class

        return self.frequencies[class_index()[parse_class(name)]]

    def to_dict(self) -> dict[str, Any]:
        from pokercli.classes import classes

        return {"decision": self.decision, "share": self.share, "range": self.range,
                "frequencies": dict(zip(classes(), self.frequencies))}


@dataclass
class TablePushFoldResult:
    """The three- or four-handed equilibrium: stacks (in ``positions``
    order: BTN, SB, BB, or CO, BTN, SB, BB), the payouts (None under chip
    EV), every decision's range, each player's value a hand (chips won, or
    prize equity) and the exploitability reached. Four-handed: ``deals``
    sampled deals (``seed``) and ``held_out``, two measures on fresh deals
    that bracket the exploitability in the full game on average (see
    :func:`_fresh_gains`)."""

    stacks: list[float]
    ante: float
    payouts: Optional[list[float]]
    ranges: list[TableRange]
    evs: list[float]
    before: list[float]
    exploitability: float
    iterations: int
    samples: int
    seconds: float = 0.0
    positions: list[str] = field(default_factory=lambda: list(POSITIONS))
    deals: int = 0
    seed: int = 0
    held_out: Optional[tuple[float, float]] = None

    @property
    def unit(self) -> str:
        return "bb" if self.payouts is None else "prize"

    def decision(self, name: str) -> TableRange:
        """The decision ``name`` (``BTN push``, ``bb call btn+sb``)."""
        want = name.lower().replace(" ", "_").replace("+", "_")
        for r in self.ranges:
            if r.key == want:
                return r
        names = ", ".join(r.decision for r in self.ranges)
        raise PokerError(f"decision {shown(name)} is not one of {names}", "decision")

    def to_dict(self) -> dict[str, Any]:
        """The ``pushfold --stacks A,B,C[,D] --json`` document."""
        out = {"players": len(self.stacks), "positions": list(self.positions), "stacks": self.stacks,
               "ante": self.ante, "blinds": [0.5, 1.0], "payouts": self.payouts,
               "value": "chip EV (bb)" if self.payouts is None else "ICM prize equity",
               "exploitability": self.exploitability, "iterations": self.iterations}
        if len(self.stacks) == 4:
            low, high = self.held_out if self.held_out is not None else (None, None)
            out.update({"sampled_deals": self.deals, "seed": self.seed,
                        "exploitability_fresh_deals": {"low": low, "high": high}})
        else:
            out["three_way_samples"] = self.samples
        out.update({"ev": dict(zip(self.positions, self.evs)),
                    "before": dict(zip(self.positions, self.before)),
                    "decisions": {r.key: r.to_dict() for r in self.ranges},
                    "seconds": round(self.seconds, 4)})
        return out


def _checked(stacks, ante, payouts):
    from pokercli.tournament import falling, parse_numbers

    ante = checked_number(ante, "ante", 0.0, MAX_ANTE)
    if isinstance(stacks, str):
        values, _ = parse_numbers(stacks, "stacks", False)
    else:
        try:
            values = list(stacks)
        except TypeError:
            raise PokerError(f"stacks must be a list of numbers or their text ('20,15,10'), not "
                             f"{type(stacks).__name__}", "stacks") from None
    if len(values) not in (3, 4):
        raise PokerError(f"stacks: give three stacks (BTN, SB, BB) or four (CO, BTN, SB, BB), not "
                         f"{len(values)}; heads-up is one stack", "stacks")
    values = [checked_number(x, "stacks", 1.0 + ante, MAX_STACK) for x in values]
    pay = None
    if payouts is not None:
        try:
            amounts, percent = parse_numbers(payouts, "payouts", True) if isinstance(payouts, str) \
                else (list(payouts), False)
        except TypeError:
            raise PokerError(f"payouts must be a list of numbers or their text ('50,30,20'), not "
                             f"{type(payouts).__name__}", "payouts") from None
        pay = [checked_number(x, "payouts", 0.0, math.inf) for x in amounts]
        falling(pay, payouts)
        if not pay or sum(pay) <= 0:
            raise PokerError("payouts: give at least one prize above 0", "payouts")
        if len(pay) > len(values):
            word = {3: "three", 4: "four"}[len(values)]
            raise PokerError(f"payouts: {word} players can take at most {word} prizes, not {len(pay)}",
                             "payouts")
    return values, ante, pay


def checked_number(value, what: str, low: float, high: float) -> float:
    try:
        x = float(value)
    except (TypeError, ValueError):
        raise PokerError(f"{what} must be a number, not {shown(value)}", what) from None
    if isinstance(value, bool) or math.isnan(x) or not low <= x <= high:
        raise PokerError(f"{what} must be from {low:g} to {high:g}, not {shown(value)}", what)
    return x


def pushfold_table(stacks, *, payouts=None, ante: float = 0.0, tolerance: Optional[float] = None,
                   max_iterations: int = MAX_ITERATIONS, samples: int = TRIPLE_SAMPLES,
                   deals: int = FOUR_DEALS, seed: int = FOUR_SEED, engine: Optional[str] = None,
                   progress: Optional[Callable[[int, int], None]] = None) -> TablePushFoldResult:
    """The three- or four-handed jam-or-fold equilibrium (see the module):
    ``stacks`` in big blinds before posting, in the order they act (BTN, SB,
    BB; or CO, BTN, SB, BB), a list or text ``10,8,5``; ``payouts``
    (amounts, or text; None for chip EV); ``ante`` each. ``tolerance``: the
    exploitability to reach, in the result's unit (default ``TOLERANCE`` bb
    three-handed, ``FOUR_TOLERANCE`` four-handed; under ICM its worth at the
    table's average chip: that times the prizes over the chips).
    Three-handed, ``samples``: the three-way table's deals a class triple.
    Four-handed, ``deals``: the sampled deals the game is solved on, with
    ``seed``; ``engine`` (``"auto"``, ``"cpu"``, ``"gpu"``): where its passes
    over the deals run (``"auto"``: a GPU when one is present)."""
    from pokercli._stop import check

    values, ante, pay = _checked(stacks, ante, payouts)
    if progress is not None and not callable(progress):
        raise PokerError("progress must be a function of (done, total)", "progress")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 65_535:
        raise PokerError(f"samples must be a whole number from 1 to 65,535, not {shown(samples)}", "samples")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1_000 <= deals <= MAX_DEALS:
        raise PokerError(f"deals must be a whole number from 1,000 to {MAX_DEALS:,}, not {shown(deals)}",
                         "deals")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise PokerError(f"seed must be a whole number from 0 to 2**63 - 1, not {shown(seed)}", "seed")
    four = len(values) == 4
    from pokercli import gpu

    engine = gpu.check_engine(engine)
    if not four and engine == "gpu":
        raise PokerError("engine: the GPU engine serves four-handed push/fold; heads-up and three-handed "
                         "run on the CPU", "engine")
    on_gpu = four and gpu.use_gpu(engine, True, "four-handed push/fold")
    if tolerance is None:
        bar = FOUR_TOLERANCE if four else TOLERANCE
        tolerance = bar if pay is None else bar * math.fsum(pay) / math.fsum(values)
    tolerance = checked_number(tolerance, "tolerance", 1e-9, math.inf)
    if not isinstance(max_iterations, int) or max_iterations < 1:
        raise PokerError(f"max_iterations must be a whole number above 0, not {shown(max_iterations)}",
                         "max_iterations")
    begin = time.perf_counter()
    held_out = None
    if four:
        game = _Game4(values, ante, pay, deals, seed, progress=progress, gpu=on_gpu)
        strategy, exploit, iterations = _solve4(game, tolerance, max_iterations, check)
    else:
        game = _Game(values, ante, pay, samples, TRIPLE_SEED, progress)
        strategy, exploit, iterations = _solve(game, tolerance, max_iterations, check)
    strategy, exploit = cleanest(game, strategy, exploit, tolerance)
    evs = game.evs(strategy)
    ranges = [TableRange(d.name, d.key, [float(x) for x in strategy[(d.player, d.history)]])
              for d in game.decisions]
    if four:  # the same strategy on other deals (the first game's memory given back first)
        del game
        held_out = _fresh_gains(values, ante, pay, deals, seed, strategy, on_gpu)
    n = len(values)
    before = [0.0] * n if pay is None else prize_equity(values, values, pay)
    return TablePushFoldResult(values, ante, pay, ranges, evs, before, exploit, iterations,
                               samples, time.perf_counter() - begin, list(positions(n)),
                               deals if four else 0, seed if four else 0, held_out)
