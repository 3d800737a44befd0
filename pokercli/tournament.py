"""Tournaments: ICM, chip stacks as prize equity (the Malmuth-Harville model).

A player finishes first with probability ``stack / total``; given the players
placed so far, the next place goes to each remaining player in proportion to
their stack. A player's equity is the sum over the paid places of the chance
of finishing there times its payout.

**Exact** by dynamic programming over the sets of players placed so far, not
over permutations: the chance that a set takes the first ``m`` places (in any
order) is carried forward a place at a time, so ``n`` players and ``k`` paid
places cost ``n`` times the number of sets of fewer than ``k`` players (20
players, 20 places: 2**20 sets). Light (plain Python) up to ``LIGHT_SETS``
sets; NumPy beyond, up to ``EXACT_SETS``; **Monte Carlo** past that (or when
asked): each sample's finishing order is drawn by sorting ``E_i / stack_i``
with ``E_i`` exponential (the Plackett-Luce order of the model), reproducible
for a seed, with each player's standard error.

**Bubble factors**: for players ``i`` and ``j``, an all-in of the smaller of
the two stacks: ``(equity now - equity if i loses) / (equity if i wins -
equity now)`` for ``i``; the **risk premium** is the share of the pot above
50 % that ``i`` needs to call: ``BF / (1 + BF) - 1/2``. A player who busts
takes the place the players left make (the lowest still to award).

>>> r = icm([50, 30, 20], [70, 30])
>>> [round(p.equity, 2) for p in r.players]
[45.18, 32.25, 22.57]
>>> [round(p.equity, 2) for p in icm([198, 1, 1], [50, 30, 20]).players]
[49.8, 25.1, 25.1]
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from pokercli.errors import PokerError, counted, shown

#: Sets of placed players computed in plain Python (no NumPy import).
LIGHT_SETS = 1 << 13
#: Sets of placed players the exact computation takes (beyond: Monte Carlo).
EXACT_SETS = 1 << 22
#: Samples of a Monte Carlo job unless asked.
DEFAULT_SAMPLES = 1_000_000
#: The most players a job takes.
MAX_PLAYERS = 10_000


@dataclass
class ICMPlayer:
    """One player: stack, share of the chips, prize equity (in the payouts'
    units), the chance of each paid place, and (Monte Carlo) the standard error."""

    stack: float
    chips: float
    equity: float
    places: list[float]
    stderr: Optional[float] = None


@dataclass
class ICMCall:
    """Player ``caller`` calling ``shover``'s all-in of ``risk`` chips with ``pot``
    more in the middle: the equity (chance to win the all-in) the call needs
    under ICM and by chips alone, and the prize equity of folding, winning, losing."""

    caller: int
    shover: int
    risk: float
    pot: float
    needed: float
    chip_needed: float
    fold: float
    win: float
    lose: float

    def to_dict(self) -> dict[str, Any]:
        return {"caller": self.caller, "shover": self.shover, "risk": self.risk, "pot": self.pot,
                "needed_equity": self.needed, "chip_ev_needed_equity": self.chip_needed,
                "equity_if_fold": self.fold, "equity_if_win": self.win, "equity_if_lose": self.lose}


@dataclass
class ICMResult:
    """Every player's prize equity; ``bubble[i][j]`` the bubble factor of ``i``
    against ``j`` (None on the diagonal) when asked; ``call`` when asked."""

    players: list[ICMPlayer]
    payouts: list[float]
    method: str
    percent: bool = False
    samples: Optional[int] = None
    seed: Optional[int] = None
    seconds: float = 0.0
    bubble: Optional[list[list[Optional[float]]]] = None
    call: Optional[ICMCall] = None
    note: str = ""

    @property
    def pool(self) -> float:
        return math.fsum(self.payouts)

    def to_dict(self) -> dict[str, Any]:
        """The ``icm --json`` document."""
        doc: dict[str, Any] = {"method": self.method, "payouts": self.payouts, "prize_pool": self.pool,
                               "payouts_in_percent": self.percent, "players": []}
        for i, p in enumerate(self.players, 1):
            d = {"player": i, "stack": p.stack, "chips": p.chips, "equity": p.equity,
                 "equity_share": p.equity / self.pool if self.pool else 0.0, "places": p.places}
            if p.stderr is not None:
                d["stderr"] = p.stderr
            doc["players"].append(d)
        if self.method == "monte-carlo":
            doc.update(samples=self.samples, seed=self.seed)
        if self.bubble is not None:  # (JSON has no infinity: an infinite factor is null, its premium 0.5)
            doc["bubble_factors"] = [[bf if bf is not None and math.isfinite(bf) else None for bf in row]
                                     for row in self.bubble]
            doc["risk_premiums"] = [[None if bf is None else risk_premium(bf) for bf in row]
                                    for row in self.bubble]
        if self.call is not None:
            doc["call"] = self.call.to_dict()
        doc["seconds"] = round(self.seconds, 4)
        if self.note:
            doc["note"] = self.note
        return doc


def risk_premium(bf: float) -> float:
    """The share of the pot above 50 % a bubble factor asks for: ``BF / (1 + BF) - 1/2``."""
    return bf / (1 + bf) - 0.5 if math.isfinite(bf) else 0.5


def _no_thousands(text: str, what: str) -> None:
    """Refuse amounts that look written with thousands separators, which the
    list's commas would split into other amounts: words of their own with a
    comma inside (``5,500 3,250``: four stacks), or a part with a leading zero
    (``1,000,500``: 1, 0 and 500)."""
    words = text.split()
    for word in words:
        padded = any(re.fullmatch(r"0\d+", part) for part in word.split(","))
        if padded or (len(words) > 1 and re.search(r"\d,\d", word)):
            decimal = re.fullmatch(r"(\d+),(\d{1,2}|\d{4,})%?", word)
            if decimal:  # 0,5 or 12,75: not groups of three digits
                raise PokerError(f"{what}: {shown(word)} looks written with a decimal comma, but a comma "
                                 f"separates amounts here: write {word.replace(',', '.')}", what)
            raise PokerError(f"{what}: {shown(word)} looks written with thousands separators, but a comma "
                             "separates amounts here: write each amount without them (5500, not 5,500)", what)


def falling(pays: Sequence[float], text=None) -> None:
    """Refuse payouts that rise from one place to the next: prizes go from
    first place down. The likeliest cause is a decimal comma (``0,5``: the
    amounts 0 and 5), which the refusal names when ``text`` holds one."""
    for k in range(len(pays) - 1):
        if pays[k + 1] > pays[k]:
            hint = ""
            if isinstance(text, str) and re.search(r"(^|[^\d.])0,\d", text):
                hint = " (0,5 is the amounts 0 and 5: write 0.5)"
            raise PokerError(f"payouts: place {k + 2} pays {pays[k + 1]:g}, more than place {k + 1}'s "
                             f"{pays[k]:g}: give the prizes from first place down{hint}", "payouts")


def parse_numbers(value, what: str, allow_zero: bool) -> tuple[list[float], bool]:
    """(numbers, whether they were percentages) of text ``"50,30,20"`` /
    ``"50% 30% 20%"`` or a sequence of numbers."""
    percent = False
    if isinstance(value, str):
        _no_thousands(value, what)
        parts = [p for p in re.split(r"[\s,;/]+", value.strip()) if p]
        percent = bool(parts) and all(p.endswith("%") for p in parts)
        if any(p.endswith("%") for p in parts) and not percent:
            raise PokerError(f"{what}: give every amount with % or none of them, not {shown(value)}", what)
        items: Sequence = [p.rstrip("%") for p in parts]
    elif isinstance(value, Sequence):
        items = value
    else:
        raise PokerError(f"{what} must be numbers (text like '50,30,20' or a list), not {shown(value)}", what)
    out = []
    for item in items:
        try:
            x = float(item)
        except (TypeError, ValueError):
            raise PokerError(f"{what}: {shown(item)} is not a number", what) from None
        if isinstance(item, bool) or not math.isfinite(x) or x < 0 or (x == 0 and not allow_zero) or x > 1e15:
            raise PokerError(f"{what}: {shown(item)} must be a number above {'or at ' if allow_zero else ''}0 "
                             "(at most 1e15)", what)
        out.append(x)
    if not out:
        raise PokerError(f"{what}: give at least one amount", what)
    return out, percent


def places_exact(stacks: Sequence[float], paid: int) -> list[list[float]]:
    """``[i][m]``: the chance that player ``i`` finishes in place ``m + 1``,
    ``m < paid``, by dynamic programming over the sets of placed players."""
    n = len(stacks)
    paid = min(paid, n)
    if _sets(n, paid) > LIGHT_SETS:
        return _places_numpy(stacks, paid)
    total = math.fsum(stacks)
    out = [[0.0] * paid for _ in range(n)]
    layer = {0: (1.0, 0.0)}  # set of placed players -> (its chance, its chips)
    for m in range(paid):
        nxt: dict[int, tuple[float, float]] = {}
        for mask, (p, chips) in layer.items():
            rest = total - chips
            for i in range(n):
                if mask >> i & 1:
                    continue
                q = p * stacks[i] / rest
                out[i][m] += q
                if m + 1 < paid:
                    key = mask | 1 << i
                    old = nxt.get(key)
                    nxt[key] = (q + old[0] if old else q, chips + stacks[i])
        layer = nxt
    return out


def _sets(n: int, paid: int) -> int:
    """Sets of fewer than ``paid`` placed players among ``n``."""
    return sum(math.comb(n, m) for m in range(min(paid, n)))


def _places_numpy(stacks: Sequence[float], paid: int) -> list[list[float]]:
    """:func:`places_exact` a layer of sets at a time in NumPy arrays."""
    import numpy as np

    n = len(stacks)
    s = np.array(stacks, np.float64)
    total = float(s.sum())
    size = 1 << n
    masks = np.arange(size, dtype=np.int64)
    chips = np.zeros(size, np.float64)
    count = np.zeros(size, np.int64)
    for i in range(n):
        bit = (masks >> i) & 1
        chips += bit * s[i]
        count += bit
    chance = np.zeros(size, np.float64)
    chance[0] = 1.0
    out = np.zeros((n, paid), np.float64)
    for m in range(paid):
        layer = np.flatnonzero(count == m)
        p = chance[layer]
        rest = total - chips[layer]
        for i in range(n):
            free = ((layer >> i) & 1) == 0
            q = p[free] * s[i] / rest[free]
            out[i, m] += q.sum()
            if m + 1 < paid:
                chance[layer[free] | (1 << i)] += q
    return out.tolist()


def places_sampled(stacks: Sequence[float], paid: int, samples: int, seed: int,
                   payouts: Sequence[float]) -> tuple[list[list[float]], list[float], list[float]]:
    """(place chances, equity, standard error of the equity) of each player from
    ``samples`` finishing orders drawn from the model (seed ``seed``)."""
    import numpy as np

    n = len(stacks)
    paid = min(paid, n)
    rng = np.random.default_rng(seed)
    s = np.array(stacks, np.float64)
    pay = np.zeros(n, np.float64)
    pay[:paid] = payouts[:paid]
    counts = np.zeros((n, paid), np.int64)
    total = np.zeros(n)
    square = np.zeros(n)
    batch = max(1, min(samples, 4_000_000 // max(n, 1)))
    done = 0
    while done < samples:
        b = min(batch, samples - done)
        keys = rng.exponential(size=(b, n)) / s
        place = np.argsort(np.argsort(keys, axis=1), axis=1)  # 0 = first
        won = pay[place]
        total += won.sum(axis=0)
        square += (won * won).sum(axis=0)
        for m in range(paid):
            counts[:, m] += (place == m).sum(axis=0)
        done += b
    mean = total / samples
    var = np.maximum(square / samples - mean * mean, 0.0)
    se = np.sqrt(var / max(samples - 1, 1))
    return (counts / samples).tolist(), mean.tolist(), se.tolist()


def _equity(stacks: Sequence[float], payouts: Sequence[float]) -> list[float]:
    """Each player's exact prize equity (stacks of busted players are 0: they
    take the lowest places the others leave, in no order among themselves)."""
    alive = [i for i, x in enumerate(stacks) if x > 0]
    out = [0.0] * len(stacks)
    chances = places_exact([stacks[i] for i in alive], len(payouts))
    for i, row in zip(alive, chances):
        out[i] = math.fsum(p * payouts[m] for m, p in enumerate(row))
    busted = [i for i, x in enumerate(stacks) if x <= 0]
    if busted:  # they share the places after the living players'
        left = payouts[len(alive):len(alive) + len(busted)]
        for i in busted:
            out[i] = math.fsum(left) / len(busted)
    return out


def bubble_factors(stacks: Sequence[float], payouts: Sequence[float]) -> list[list[Optional[float]]]:
    """``[i][j]``: the bubble factor of player ``i`` in an all-in against ``j``:
    infinite where ``i`` can only lose prize equity, None where the all-in
    changes none (and on the diagonal)."""
    now = _equity(stacks, payouts)
    n = len(stacks)
    tiny = 1e-12 * max(1.0, math.fsum(payouts))  # rounding, not prize equity
    out: list[list[Optional[float]]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            risk = min(stacks[i], stacks[j])
            win, lose = list(stacks), list(stacks)
            win[i] += risk
            win[j] -= risk
            lose[i] -= risk
            lose[j] += risk
            gain = _equity(win, payouts)[i] - now[i]
            loss = now[i] - _equity(lose, payouts)[i]
            if gain > tiny:
                out[i][j] = loss / gain
            elif loss > tiny:  # only to lose: no equity is enough
                out[i][j] = math.inf
            # else nothing at stake (the prizes alike): no factor, None
    return out


def call_needs(stacks: Sequence[float], payouts: Sequence[float], caller: int, shover: int,
               pot: float) -> ICMCall:
    """What ``caller`` needs to call ``shover``'s all-in (0-based players), with
    ``pot`` chips more in the middle (blinds, antes) that the all-in's winner
    takes and that ``shover`` takes when ``caller`` folds."""
    risk = min(stacks[caller], stacks[shover])
    fold, win, lose = list(stacks), list(stacks), list(stacks)
    fold[shover] += pot
    win[caller] += risk + pot
    win[shover] -= risk
    lose[caller] -= risk
    lose[shover] += risk + pot
    e_fold, e_win, e_lose = (_equity(x, payouts)[caller] for x in (fold, win, lose))
    needed = (e_fold - e_lose) / (e_win - e_lose) if e_win > e_lose else 1.0
    chip_needed = risk / (2 * risk + pot)
    return ICMCall(caller + 1, shover + 1, risk, pot, needed, chip_needed, e_fold, e_win, e_lose)


def icm(stacks, payouts, *, bubble: bool = False, call: Optional[Sequence[int]] = None, pot: float = 0.0,
        method: str = "auto", samples: Optional[int] = None, seed: Optional[int] = None) -> ICMResult:
    """Each player's prize equity under ICM (Malmuth-Harville).

    ``stacks``: chips of each player still in (text ``"50,30,20"`` or numbers);
    ``payouts``: the prizes from first place down (amounts, or percentages of
    the pool written ``"50%,30%,20%"``; places beyond the players are
    dropped). ``method``: ``"exact"``, ``"monte-carlo"`` (``samples``,
    ``seed``), or ``"auto"``: exact up to ``EXACT_SETS`` sets of placed players.
    ``bubble=True`` adds every pair's bubble factor and risk premium;
    ``call=(caller, shover)`` (players from 1) what a call of an all-in needs,
    with ``pot`` more chips in the middle.
    """
    t0 = time.perf_counter()
    chips, _ = parse_numbers(stacks, "stacks", allow_zero=False)
    pays, percent = parse_numbers(payouts, "payouts", allow_zero=True)
    falling(pays, payouts)
    if not any(pays):
        raise PokerError("payouts: give at least one prize above 0", "payouts")
    n = len(chips)
    if n > MAX_PLAYERS:
        raise PokerError(f"stacks: at most {MAX_PLAYERS:,} players, not {n:,}", "stacks")
    if method not in ("auto", "exact", "monte-carlo"):
        raise PokerError(f"method must be 'auto', 'exact' or 'monte-carlo', not {shown(method)}", "method")
    note = ""
    if len(pays) > n:
        note = (f"{counted(len(pays) - n, 'payout')} past the {counted(n, 'player')} left "
                f"{'is' if len(pays) - n == 1 else 'are'} not theirs to win: dropped")
        pays = pays[:n]
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or not 1 <= samples <= 10**10):
        raise PokerError(f"samples must be a whole number from 1 to 10,000,000,000, not {shown(samples)}",
                         "samples")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64):
        raise PokerError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}", "seed")
    sets = _sets(n, len(pays))
    sampled = method == "monte-carlo" or (method == "auto" and (sets > EXACT_SETS or samples is not None))
    if method == "exact" and sets > EXACT_SETS:
        raise PokerError(f"exact ICM of {n} players and {len(pays)} paid places takes {sets:.2g} sets of "
                         f"placed players (at most {EXACT_SETS:,}); use method='monte-carlo'", "method")
    total = math.fsum(chips)
    if sampled:
        seed = seed if seed is not None else random.SystemRandom().getrandbits(64)
        count = samples or DEFAULT_SAMPLES
        chances, equity, se = places_sampled(chips, len(pays), count, seed, pays)
        players = [ICMPlayer(c, c / total, e, row, s) for c, e, row, s in zip(chips, equity, chances, se)]
        if method == "auto" and sets > EXACT_SETS:
            note = "; ".join(x for x in (note, f"exact ICM would take {sets:.2g} sets of placed players; "
                                                "sampled instead") if x)
        result = ICMResult(players, pays, "monte-carlo", percent, count, seed)
    else:
        chances = places_exact(chips, len(pays))
        players = [ICMPlayer(c, c / total, math.fsum(p * pays[m] for m, p in enumerate(row)), row)
                   for c, row in zip(chips, chances)]
        result = ICMResult(players, pays, "exact", percent)
    result.note = note
    if bubble:
        if sets * n * n > 50 * EXACT_SETS:
            raise PokerError(f"bubble factors of {n} players take {n * (n - 1) * 2:,} exact ICM "
                             "computations: too many here", "bubble")
        result.bubble = bubble_factors(chips, pays)
    if call is not None:
        if n < 2:
            raise PokerError("call needs two players (the caller and the all-in player): there is one stack",
                             "call")
        if (isinstance(call, (str, bytes)) or not isinstance(call, Sequence) or len(call) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= n for x in call)
                or call[0] == call[1]):
            raise PokerError(f"call must be two different players from 1 to {n} (the caller, then the "
                             f"all-in player), not {shown(call)}", "call")
        if isinstance(pot, bool) or not isinstance(pot, (int, float)) or not 0 <= pot <= 1e15:
            raise PokerError(f"pot must be a number of chips from 0, not {shown(pot)}", "pot")
        result.call = call_needs(chips, pays, call[0] - 1, call[1] - 1, float(pot))
    result.seconds = time.perf_counter() - t0
    return result
