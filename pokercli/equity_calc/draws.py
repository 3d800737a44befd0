"""Equity in the draw games with more than one draw to come.

A spot is each player's kept cards before the next draw (they draw the rest
of the hand now), as with one draw to come. The draws after it are played by
a fixed discard policy, the same for every player
(:func:`pokercli._kernels.draws.keep_mask`): stand pat on a made hand whose
top card is at or below ``pat``; otherwise keep the lowest cards of
different ranks at or below ``keep`` (in badugi, of the cards the hand is
valued from), at most one fewer than a whole hand, and draw the rest. Its
equity is by Monte Carlo (the policy's every branch is too many deals to
enumerate), with ``samples``, ``stderr`` and ``seed`` as in
:func:`pokercli.equity`. One draw to come is :func:`pokercli.equity`'s exact job.

What the policy assumes: nobody folds, bets or reads the others' draws;
discards before the spot that are not given as dead cards are still in the
stub; when the stub runs out, the discards so far are shuffled into a new one.
"""

from __future__ import annotations

from typing import Callable, Optional, Sequence, Union

from pokercli.equity_calc.model import EquityResult
from pokercli.errors import PokerError, shown

_RANKS = "23456789TJQKA"


def lowness(rank: str, ace_high: bool) -> int:
    """A rank's place in the policy's order (:mod:`pokercli._kernels.draws`):
    the two 0 .. the ace 12 when the ace is high, else the ace 0 .. the king 12."""
    r = _RANKS.index(rank)
    return r if ace_high else (r + 1) % 13


def _rank(value, what: str) -> str:
    text = str(value).strip().upper()
    if len(text) != 1 or text not in _RANKS:
        raise PokerError(f"{what} must be a rank (2 to 9, T, J, Q, K or A), not {shown(value)}", what)
    return text


def policy_text(pat: str, keep: str) -> str:
    """The policy in words, for views and notes."""
    return f"stand pat on a made hand {pat} high or lower; else keep cards {keep} and lower"


def equity_draws(players: Sequence, dead: Union[str, Sequence] = (), *, game: str = "27-triple",
                 draws: int = 1, pat: Optional[str] = None, keep: Optional[str] = None,
                 method: str = "auto", samples: Optional[int] = None, stderr: Optional[float] = None,
                 seed: Optional[int] = None, categories: bool = False,
                 progress: Optional[Callable[[int, int, Optional[float]], None]] = None) -> EquityResult:
    """Equity at the showdown of a draw game with ``draws`` draws to come (1
    to the game's number of draws: 3 in ``27-triple``, ``a5-triple`` and
    ``badugi``). Each player is the cards kept before the next draw. Later
    draws follow the policy ``pat`` and ``keep`` (ranks; defaults 9 and 8,
    badugi K and 8); the result's ``extra`` holds ``draws`` and ``policy``.

    >>> r = equity_draws(["7s 5d 4h 3c", "8s 6d 4d"], game="27-triple", draws=2, samples=20_000, seed=1)
    >>> r.method, r.samples, r.extra["policy"]
    ('monte-carlo', 20000, {'pat': '9', 'keep': '8'})
    """
    from pokercli.equity_calc import equity
    from pokercli.games import game as _game

    g = _game(game)
    rounds = g.dealing.draws
    most = rounds.count if rounds is not None else 0
    if not most:
        raise PokerError(f"{g.name} has no draws: draws= is for 27-single, 27-triple, a5-triple and badugi",
                         "draws")
    if isinstance(draws, bool) or not isinstance(draws, int) or not 1 <= draws <= most:
        allowed = "1 (one draw to come)" if most == 1 else f"a whole number from 1 to {most}"
        raise PokerError(f"draws must be {allowed} in {g.name}, not {shown(draws)}", "draws")
    if draws == 1:
        if pat is not None or keep is not None:
            raise PokerError("pat= and keep= choose later draws' discards: give draws= 2 or more", "pat")
        return equity(players, (), dead, game=g.name, method=method, samples=samples, stderr=stderr,
                      seed=seed, categories=categories, progress=progress)
    if method not in ("auto", "monte-carlo"):
        raise PokerError(f"method='exact' counts one draw to come; with {draws} equity is by Monte Carlo "
                         "(each later draw's discards follow the policy)", "method")
    pat = _rank(rounds.pat if pat is None else pat, "pat")
    keep = _rank(rounds.keep if keep is None else keep, "keep")
    return _monte_carlo(players, dead, g, draws, pat, keep, samples, stderr, seed, categories, progress)


def _monte_carlo(players, dead, g, draws: int, pat: str, keep: str, samples, stderr, seed, categories,
                 progress) -> EquityResult:
    import numpy as np

    from pokercli import jobs
    from pokercli._kernels import draws as K
    from pokercli._kernels.jit import call
    from pokercli._kernels.stud import RULES
    from pokercli.equity_calc import check_options
    from pokercli.equity_calc.montecarlo import batch_seed, run_batches, sampling_plan, split_sampled
    from pokercli.equity_calc.spot import make_spot
    from pokercli.equity_calc.stud import kernel_tables, layout
    from pokercli.equity_calc.tally import split_stderrs, split_tallies
    from pokercli.timing import Clock

    t0 = Clock()
    check_options(samples, stderr, seed, None, None, False, categories, progress)
    spot = make_spot(players, (), dead, g.name, categories)
    ranged = [i + 1 for i, p in enumerate(spot.players) if not p.fixed]
    if ranged:
        raise PokerError(f"player {ranged[0]} is a range: ranges take the one draw to come (draws=1); "
                         "with more draws each player is the cards kept", "players")
    full = g.hole_cards
    if len(spot.players) * full + full > len(g.deck):
        raise PokerError(f"{len(spot.players)} players may need more cards than the deck holds over "
                         f"{draws} draws: at most {len(g.deck) // full - 1} players", "players")
    seed, stderr, cap = sampling_plan(seed, samples, stderr)
    hands, sizes, stub, _ = layout(spot)
    pile = np.array(spot.dead, np.int64)
    ace_high = g.dealing.draws.ace_high
    _, _, card_keys, offsets, rank_score, flush_score, _, _ = kernel_tables(g)
    policy = (RULES[g.rule.ranking.value_rule], lowness(pat, ace_high), lowness(keep, ace_high))
    n = len(spot.players)
    totals = list(split_tallies(n))

    def one(b: int, count: int):
        hi, _, _, scoop, sq, stats, types = t = split_tallies(n)
        call(K.draw_rounds, hands, sizes, stub, pile, draws, *policy, count, np.uint64(batch_seed(seed, b)),
             card_keys, offsets, rank_score, flush_score, spot.with_types, hi, scoop, sq, stats, types)
        return t

    def add(part):
        for sum_, x in zip(totals, part):
            sum_ += x
        return int(part[5][1]), 0

    done, interrupted, reached = run_batches(one, add, lambda k: split_stderrs(totals, k), cap, stderr,
                                             jobs.threads(), progress, size=lambda b: 20_000)
    res = split_sampled(spot, totals, done, (seed, stderr, cap), reached, interrupted, t0.seconds())
    res.extra["draws"] = draws
    res.extra["policy"] = {"pat": pat, "keep": keep}
    return res
