"""Equity of two or more hands or ranges (SPEC §5): exact when feasible, Monte Carlo otherwise.

* :mod:`~pokercli.equity_calc.spot`: the players, board and dead cards, checked;
* :mod:`~pokercli.equity_calc.exact`: every deal and every runout (integer counts);
* :mod:`~pokercli.equity_calc.montecarlo`: random deals to a standard error;
* :mod:`~pokercli.equity_calc.symmetry`: deals and boards equal up to suits;
* :mod:`~pokercli.equity_calc.model`: the results, whose ``to_dict()`` is the
  ``--json`` document.

A pot split ``n`` ways gives each winner ``1/n``: ``equity = (wins +
sum(ties_n / n)) / total``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Literal, Optional, Sequence, Union

from pokercli.equity_calc.model import SEED_LIMIT, EquityResult, PlayerResult
from pokercli.errors import PokerError, shown
from pokercli.games import GameName
from pokercli.timing import LIGHT_SPENT, light_allowed

Method = Literal["auto", "exact", "monte-carlo"]
#: The most samples a Monte Carlo job takes: about three hours on one CPU
#: thread, a minute on a GPU; a larger cap would only run until Ctrl-C.
MAX_SAMPLES = 10**12
METHODS = ("auto", "exact", "monte-carlo")

__all__ = ["equity", "EquityResult", "PlayerResult", "Method"]


def check_options(samples, stderr, seed, engine, checkpoint, resume, categories, progress) -> None:
    """Refuse a bad option of :func:`equity` (and of the functions that take the same ones) by name."""
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or not 1 <= samples <= MAX_SAMPLES):
        raise PokerError(f"samples must be a whole number from 1 to {MAX_SAMPLES:,}, not {shown(samples)}",
                         "samples")
    if stderr is not None:
        if isinstance(stderr, bool) or not isinstance(stderr, (int, float)) or not 0 < stderr < 1:
            raise PokerError(f"stderr must be a number between 0 and 1, not {shown(stderr)}", "stderr")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not 0 <= seed < SEED_LIMIT):
        raise PokerError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}", "seed")
    if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)):
        raise PokerError(f"checkpoint must be a file path, not {shown(checkpoint)}", "checkpoint")
    for name, value in (("resume", resume), ("categories", categories)):
        if not isinstance(value, bool):
            raise PokerError(f"{name} must be True or False, not {shown(value)}", name)
    if progress is not None and not callable(progress):
        raise PokerError("progress must be a function of (done, total, stderr)", "progress")


@dataclass(frozen=True)
class EquityJob:
    """How a spot's equity is to be computed: what :func:`equity` was asked,
    checked, handed to the game's engine (``game.engine.equity(spot, job, game)``)."""

    method: str
    sampling: bool
    samples: Optional[int]
    stderr: Optional[float]
    seed: Optional[int]
    engine: Optional[str]
    device: str
    checkpoint: Optional[Union[str, Path]]
    resume: bool
    report: Optional[Callable]


def equity(players: Sequence, board: Union[str, Sequence] = (), dead: Union[str, Sequence] = (), *,
           game: GameName = "holdem", method: Method = "auto", samples: Optional[int] = None,
           stderr: Optional[float] = None, seed: Optional[int] = None, engine: Optional[str] = None,
           categories: bool = False, checkpoint=None, resume: bool = False,
           progress: Optional[Callable[[int, int, Optional[float]], None]] = None,
           scheduler: Optional[str] = None) -> EquityResult:
    """The equity of two or more players on a board of 0, 3, 4 or 5 cards (in
    the stud games: none, the community card, or ``"x"`` for one to come).

    Each player is a hand (``"AsAh"``, two cards), a range (``"QQ+,AKs"``,
    ``"random"``, a :class:`pokercli.Range`) or a sequence of two cards.
    ``game``: ``"holdem"``, or ``"omaha"``, ``"omaha5"``, ``"omaha6"``,
    ``"omaha-hilo"``, ``"omaha5-hilo"``, whose players are hands of 4, 5 or 6
    cards, ``"random"``, or comma lists of hands with ``:w`` weights (hi-lo
    results carry ``hilo`` per player and ``extra["no_low"]``).

    ``method``: ``"exact"`` enumerates every deal and runout (refused beyond
    ``EXACT_MAX`` hand evaluations); ``"monte-carlo"`` samples until every
    player's standard error is at most ``stderr`` (default 0.0005) or
    ``samples`` have been drawn (default cap 50 million), reproducibly for a
    ``seed`` (0 to 2**64 - 1); ``"auto"`` is exact up to about 4e8 hand
    evaluations, Monte Carlo beyond (``note`` says so). ``engine``: ``"auto"``
    (None: a GPU for big jobs when one is present), ``"cpu"`` or ``"gpu"``
    (:mod:`pokercli.gpu`; hold'em and short deck). ``scheduler``: where wide
    exact range jobs run: ``None`` (this machine, or the scheduler in
    ``POKERCLI_SCHEDULER``), ``"local"``, or a Dask scheduler
    ``"tcp://HOST:PORT"`` (for compatibility, ``engine`` may name one too).
    ``checkpoint`` (a file) saves the finished chunks of
    an exact job, ``resume=True`` continues one. ``categories=True`` counts how
    often each player ends with each hand type. ``progress(done, total,
    stderr)`` is called as the job advances (``stderr`` is None for exact jobs).

    >>> r = equity(["AsAh", "KsKh"])
    >>> r.method, r.boards, r.players[0].wins, round(r.players[0].equity, 6)
    ('exact', 1712304.0, 1410336.0, 0.826366)
    >>> r = equity(["AsAh", "random"], method="monte-carlo", samples=100_000, seed=1)
    >>> r.samples, r.players[0].equity > 0.8
    (100000, True)
    """
    if (method == "exact" or method == "auto") and samples is None and stderr is None \
            and (seed is None or (type(seed) is int and 0 <= seed < SEED_LIMIT)) \
            and engine is None and scheduler is None and checkpoint is None and resume is False \
            and categories is False and progress is None and not os.environ.get("POKERCLI_SCHEDULER"):
        # fixed hands after the flop, none of the options that change the job: one kernel call
        # (a seed, for a sampled job, changes nothing of an exact one: the quick path is exact)
        quick = _quick(players, board, dead, game)
        if quick is not None:
            return quick
    from pokercli.equity_calc.spot import make_spot

    if method not in METHODS:
        raise PokerError(f"method must be 'auto', 'exact' or 'monte-carlo', not {shown(method)}", "method")
    from pokercli.jobs import where

    check_options(samples, stderr, seed, engine, checkpoint, resume, categories, progress)
    device, engine = where(engine, scheduler)
    if resume and checkpoint is None:
        raise PokerError("resume=True needs checkpoint=", "resume")
    sampling = method == "monte-carlo" or samples is not None or stderr is not None
    if sampling and method == "exact":
        raise PokerError("method='exact' cannot be combined with samples= or stderr=", "method")
    if sampling and (checkpoint is not None or resume):
        raise PokerError("checkpoint= and resume=True are for exact jobs, not Monte Carlo", "checkpoint")
    spot = make_spot(players, board, dead, game, categories)
    report = None if progress is None else (lambda done, total, se=None: progress(done, total, se))
    job = EquityJob(method, sampling, samples, stderr, seed, engine, device, checkpoint, resume, report)
    return spot.game.engine.equity(spot, job, spot.game)


def _quick(players, board, dead, game) -> Optional[EquityResult]:
    """:func:`pokercli.equity_calc.quick.fixed_equity` of a game whose engine is
    the board engine of two hole cards (None when it is not, or the quick path
    does not take the spot)."""
    g = _QUICK_GAMES.get(game) if isinstance(game, str) else None
    if g is None:
        from pokercli.games import GAMES

        g = GAMES.get(game) if isinstance(game, str) else None
        if g is None or g.engine is None or g.hole_cards != 2 or g.engine.equity is not board_equity:
            return None
        _QUICK_GAMES[game] = g
    if not _QUICK:  # (imported once: an import statement costs a bot's query a microsecond)
        from pokercli.equity_calc import quick

        _QUICK.append(quick)
    quick = _QUICK[0]
    for path in (quick.fixed_equity, quick.pair_equity, quick.multi_equity):
        found = path(players, board, dead, g)
        if found is not None:
            return found
    return None


#: The games :func:`_quick` has found to take the quick path, by name.
_QUICK_GAMES: dict = {}
#: The module of the quick paths, once imported.
_QUICK: list = []


def board_equity(spot, job: EquityJob, game) -> EquityResult:
    """:func:`equity` in a game whose hand is the best five of any cards
    (hold'em, short deck): the shipped heads-up table, exact enumeration on
    the CPU, a GPU or a cluster, or Monte Carlo."""
    from pokercli.equity_calc import lookup

    checkpoint, device, report = job.checkpoint, job.device, job.report
    if not job.sampling and checkpoint is None and device != "gpu" and lookup.applicable(spot):
        # every deal's counts from the shipped table: no kernel, so Numba is not even imported
        return lookup.headsup_preflop(spot, report)
    if not job.sampling and checkpoint is None and device != "gpu" and job.engine in (None, "local") \
            and "numpy" not in sys.modules and light_allowed() and lookup.small_postflop(spot):
        # a hand against a hand after the flop, early in the process: a millisecond of plain
        # Python saves importing NumPy and Numba; past LIGHT_BUDGET the kernels are cheaper
        result = lookup.postflop_pair(spot, report)
        LIGHT_SPENT[0] += result.seconds
        return result
    from pokercli.equity_calc.exact import EVALS_PER_SECOND, TooMuchWork, exact

    if job.sampling:
        from pokercli.equity_calc.montecarlo import monte_carlo

        return monte_carlo(spot, job.samples, job.stderr, job.seed, report, device)
    try:
        return exact(spot, report, force=(job.method == "exact"), engine=job.engine,
                     checkpoint=None if checkpoint is None else Path(checkpoint), resume=job.resume,
                     device=device)
    except TooMuchWork as e:
        if checkpoint is not None or job.resume:
            raise PokerError(f"exact enumeration would take about {e.evaluations:.2g} hand "
                             "evaluations; checkpoint= and resume=True are for exact jobs",
                             "checkpoint") from None
        if job.method == "exact":
            raise PokerError(f"exact enumeration would take about {e.evaluations:.2g} hand "
                             f"evaluations (~{duration(e.evaluations / EVALS_PER_SECOND)} here); "
                             "sample instead (method='monte-carlo') or narrow the ranges",
                             "method") from None
        from pokercli.equity_calc.montecarlo import monte_carlo

        result = monte_carlo(spot, job.samples, job.stderr, job.seed, report, device)
        note = f"exact enumeration would take about {e.evaluations:.2g} hand evaluations; sampled instead"
        result.note = f"{note}; {result.note}" if result.note else note
        return result


def sampled_instead(job: EquityJob, why: str, sample: Callable[[], EquityResult],
                    narrow: str = "") -> EquityResult:
    """An exact job over its limit: :class:`PokerError` when ``method='exact'``
    was asked, else ``sample()`` with a note that says why (``why``: what the
    enumeration would take; ``narrow``: what else the message suggests)."""
    if job.method == "exact":
        raise PokerError(f"exact enumeration would take {why}; sample instead (method='monte-carlo')"
                         f"{narrow}", "method") from None  # the work estimate is the whole story
    result = sample()
    note = f"exact enumeration would take {why}; sampled instead"
    result.note = f"{note}; {result.note}" if result.note else note
    return result


def about(seconds: float) -> str:
    """A time estimate in words: ``about 40 s``, or ``under 1 s`` (:func:`duration`).

    >>> about(0.01), about(90)
    ('under 1 s', 'about 90 s')
    """
    text = duration(seconds)
    return text if text.startswith("under") else f"about {text}"


def duration(seconds: float) -> str:
    """A time in words: ``under 1 s``, ``40 s``, ``12 min``, ``3 h``, ``9 days``.

    >>> duration(0.2), duration(40), duration(720)
    ('under 1 s', '40 s', '12 min')
    """
    if seconds < 0.5:  # "about 0 s" said before
        return "under 1 s"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.0f} h"
    return f"{seconds / 86400:.0f} days"
