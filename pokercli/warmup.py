"""``warmup``: compile (or load from the cache) every kernel a session uses, up front.

A fresh installation compiles its Numba kernels on first use, spread over the
first commands (about 80 s in all on a 2-core machine); ``pokercli warmup``
takes that time at once, so that every later command starts warm. Each game
of :data:`pokercli.games.GAMES` with an engine runs its batch evaluator, the
``rank -`` stream, exact equity (preflop heads-up and three-way, on the flop),
Monte Carlo (hands and ranges), a percentile and, in the games with a board,
runs (exact and sampled) on a small spot dealt from a fixed seed; then the
commands of hold'em alone (``hits``, ``outs``, ``--distribution``,
``draw``). A second run only loads the compiled code from the cache. Hold'em's ranges and
random hands come first, each a step of its own: they compile the biggest
kernels, and on worker processes the longest steps are best started first.

With ``jobs`` above 1 the steps run on that many worker processes (at most one a core), which
share the kernel cache (each kernel is compiled once, by the first worker to
need it; another needing it meanwhile waits for it and loads it): what is
warmed is the cache, for the commands to come, not the calling process. A
kernel's compile runs on one core, so on two cores the first warmup took
93 s instead of 189 (2026-11-29). From a script, call it with several jobs
under ``if __name__ == "__main__":``, as every use of multiprocessing's
``spawn`` needs (a worker imports the script). The workers' notices and warnings come to
this process's ``pokercli`` logger (a warning said by several workers, once).
Where the cache cannot be written (nothing compiled would be kept) or no
worker process can be started, the steps run here, one after another. A
worker killed under it (the system's out-of-memory killer) ends the warmup
with :class:`~pokercli.errors.EngineLost` (``jobs``): its step would never
come back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional


@dataclass
class WarmupResult:
    """The steps run and the seconds each took (compiling, or loading from the
    cache), in the order of the list; ``jobs`` processes ran them, and the
    whole warmup took ``elapsed`` seconds (the workers' start included)."""

    steps: list[tuple[str, float]] = field(default_factory=list)
    jobs: int = 1
    elapsed: float = 0.0

    @property
    def seconds(self) -> float:
        """The steps' seconds added up (``elapsed`` is less with several jobs)."""
        return sum(s for _, s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        """The ``warmup --json`` document."""
        return {"steps": [{"step": name, "seconds": round(s, 3)} for name, s in self.steps],
                "seconds": round(self.seconds, 3), "jobs": self.jobs, "elapsed": round(self.elapsed, 3)}


def _steps() -> list[tuple[str, Callable[[], Any]]]:
    import io

    import numpy as np

    from pokercli import analysis, board_hits, evaluate, five_card_draw, hands
    from pokercli.cards import format_cards
    from pokercli.dealing import deal
    from pokercli.equity_calc import equity
    from pokercli.equity_calc.draws import equity_draws
    from pokercli.equity_calc.runs import equity_runs
    from pokercli.games import equity_games
    from pokercli.hand_strength import percentile

    # hold'em's ranges and random hands first: each of these compiles one of the biggest kernels (one step
    # of them all took 68 of a cold warmup's 183 s), and on worker processes the longest steps started
    # first leave the shortest for the end
    steps: list[tuple[str, Callable[[], Any]]] = [
        ("holdem: runs of ranges", lambda: equity_runs(["AKs", "QQ+"], double_board=True, samples=1000, seed=1)),
        ("holdem: runs against random", lambda: equity_runs(["AsKs", "random"], double_board=True, samples=1000,
                                                            seed=1)),
        ("holdem: exact equity of ranges", lambda: (
            equity(["QQ+,AKs", "JJ-99,AQs+"], board="Kd 7c 2h", method="exact"),
            equity(["QQ+", "JJ", "AK"], board="Kd 7c 2h 5s", method="exact"))),
        ("holdem: exact equity against random", lambda: (
            equity(["AsKs", "random"], board="Kd 7c 2h 5s", method="exact"),
            equity(["AsKs", "random", "QhJh"], board="Kd 7c 2h 5s", method="exact"))),
        ("holdem: Monte Carlo of ranges", lambda: equity(["QQ+,AKs", "random"], samples=1000, seed=1)),
    ]
    for g in equity_games():
        d = deal(g.name, players=3, seed=1)[0]
        full = [list(x) for x in d.hands]
        h = [format_cards(x) for x in full]

        def shown(back: int, g=g, d=d, full=full) -> tuple[list[str], str]:
            """The hands and board ``back`` streets before the showdown (1: complete)."""
            cards, board = g.dealing.streets[-back]
            return [format_cards(x[:cards]) for x in full], format_cards(d.board[:board])

        # preflop; third street in stud; a one-card hand in a draw game (a hand of none is not written)
        first, first_board = shown(len(g.dealing.streets) - (g.dealing.streets[0][0] == 0))
        early, early_board = shown(3)  # the flop; fifth street in stud
        # percentile: the first street a hand is valued on (the flop; fifth street; a pat hand)
        five = next(i for i, (cards, board) in enumerate(g.dealing.streets)
                    if cards + board >= g.dealing.fewest_cards)
        ranked, ranked_board = shown(len(g.dealing.streets) - five)
        opponent = "random" if g.takes_ranges else early[1]
        rows = np.array([list(x) + list(d.board) for x in d.hands], np.int8)
        lines = "".join(format_cards(list(x) + list(d.board)) + "\n" for x in d.hands).encode()
        steps += [
            (f"{g.name}: batch evaluation", lambda g=g, rows=rows: evaluate.scores(rows, g.name)),
            (f"{g.name}: rank -", lambda g=g, lines=lines: g.engine.rank_stream(
                io.BytesIO(lines), io.BytesIO(), False, game=g.name)),
            (f"{g.name}: showdown", lambda g=g, h=h, d=d: hands.showdown(h, format_cards(d.board), g.name)),
            (f"{g.name}: exact equity", lambda g=g, first=first, fb=first_board, early=early, eb=early_board: (
                equity(first[:2], board=fb, game=g.name), equity(first, board=fb, game=g.name),
                equity(early[:2], board=eb, game=g.name, method="exact"))),
            (f"{g.name}: Monte Carlo", lambda g=g, first=first, fb=first_board, opp=opponent: (
                equity(first, board=fb, game=g.name, samples=1000, seed=1),
                equity([first[0], opp], board=fb, game=g.name, samples=1000, seed=1))),
            (f"{g.name}: percentile", lambda g=g, ranked=ranked, rb=ranked_board: percentile(
                ranked[0], board=rb, game=g.name, vs=",".join(x.replace(" ", "") for x in ranked[1:]))),
        ]
        if g.board_cards == 5:  # run it twice from the flop: exact, and sampled (the engine's runs kernel)
            steps.append((f"{g.name}: runs", lambda g=g, early=early, eb=early_board: (
                equity_runs(early[:2], eb, game=g.name),
                equity_runs(early[:2], eb, game=g.name, method="monte-carlo", samples=1000, seed=1))))
    steps += [
        ("holdem: Monte Carlo of flush draws", lambda: (  # the kernels that value flushes with no branch
            equity(["AsKs", "QdQc"], board="Qs Js 3d", samples=1000, seed=1),
            equity(["AsKs", "QdQc", "Jh9h"], board="Qs Js 3d", samples=1000, seed=1),
            equity_runs(["AsKs", "QdQc"], "Qs Js 3d", method="monte-carlo", samples=1000, seed=1))),
        ("exact double board", lambda: equity_runs(  # every board game's five-card runs: one kernel; a deck of 16
            ["AsAh", "KsKh"], double_board=True, dead="2c 2d 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s "
                                                     "7c 7d 7h 7s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td")),
        ("omaha: runs of ranges", lambda: equity_runs(["AAxx", "random"], "Qs Js 3d", game="omaha",
                                                      samples=1000, seed=1)),
        ("hits", lambda: board_hits.hits("QQ+,AK,T9s-65s", "Kd 7c 2h", vs="AsKs")),
        ("outs and --distribution", lambda: (analysis.outs("Ah Kh", "Qh 7h 2c", "Qs Qd"),
                                             analysis.distribution(["AsAh", "KK,QQ"], board="Kd 7c 2h"))),
        ("draw", lambda: five_card_draw.draw("Jh Jd 7c 4s 2h")),
        ("draw games: more draws to come", lambda: equity_draws(["As 2d 3h", "Ks Qd"], game="badugi", draws=3,
                                                                samples=1000, seed=1)),
        ("hh: the pots of a preflop all-in", _hh_pots),
    ]
    return steps


def _hh_pots():
    """``hh``'s pots of a three-way all-in before the flop, side pot included."""
    from pokercli.histories.stars_fast import preflop_pots as pots

    cards = [[0, 13], [1, 14], [2, 15]]
    return pots(cards, [c for h in cards for c in h], [(0, 1, 2), (0, 1)])


def warmup(progress: Optional[Callable[[int, int, str], None]] = None, jobs: int = 1) -> WarmupResult:
    """Run every step of the module's list, on ``jobs`` processes (1: in this
    one); ``progress(done, total, step)`` before each step (with several
    jobs, as each ends). At most one process a core and one a step: a worker
    more than the cores only holds more memory (up to about 0.7 GB each: a
    thousand asked for started one a step, over a hundred);
    ``WarmupResult.jobs`` says how many ran."""
    from pokercli.errors import PokerError
    from pokercli.jobs import cores
    from pokercli.paths import cache

    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise PokerError(f"jobs must be a whole number from 1 on, not {jobs!r}", param="jobs")
    t0 = time.perf_counter()
    steps = _steps()
    total = len(steps)
    workers = min(jobs, total, cores())
    if workers > 1 and cache().writable:
        result = _in_workers(workers, total, progress)
        if result is not None:
            result.elapsed = time.perf_counter() - t0
            return result
    result = WarmupResult()
    for i, (name, step) in enumerate(steps):
        if progress is not None:
            progress(i, total, name)
        result.steps.append(_timed(name, step))
    result.elapsed = time.perf_counter() - t0
    return result


def _timed(name: str, step: Callable[[], Any]) -> tuple[str, float]:
    t0 = time.perf_counter()
    step()
    return name, time.perf_counter() - t0


#: A worker process's list of steps (built once a worker).
_WORKER_STEPS: list = []


def _start_worker(notes, level: int, cache_dir: str) -> None:
    """A worker (:func:`pokercli.histories.parallel.start_worker`) whose
    library notices and warnings go to the main process, caching where the
    main process does (which it found writable: the user's cache directory,
    or the private temporary one it fell back to, with its warning said)."""
    import logging
    import logging.handlers
    import os

    from pokercli.histories.parallel import start_worker
    from pokercli.paths import CACHE_ENV

    start_worker()
    os.environ[CACHE_ENV] = cache_dir
    log = logging.getLogger("pokercli")
    log.handlers[:] = [logging.handlers.QueueHandler(notes)]
    log.setLevel(level)
    log.propagate = False


def _run_step(i: int) -> tuple[str, float]:
    if not _WORKER_STEPS:
        _WORKER_STEPS.extend(_steps())
    return _timed(*_WORKER_STEPS[i])


def _lost(exitcode: int):
    """The error of a worker that ended under the pool's feet (killed: its step is lost)."""
    from pokercli.errors import EngineLost

    if exitcode is not None and exitcode < 0:
        return EngineLost(f"jobs: a worker process was stopped by signal {-exitcode} (as the system stops "
                          "one when memory runs out); fewer jobs hold less memory", "jobs")
    return EngineLost(f"jobs: a worker process ended with exit status {exitcode}", "jobs")


def _in_workers(jobs: int, total: int, progress) -> Optional[WarmupResult]:
    """The steps on ``jobs`` worker processes, or None where none can be started
    (one warning line). Waits in slices, so that Ctrl-C reaches this process
    within a second; then, or on a failure (a step's error, a worker killed),
    the workers are stopped at once."""
    import logging
    import multiprocessing
    import queue

    from pokercli.histories.parallel import stop
    from pokercli.paths import LOG, cache, warn_once

    context = multiprocessing.get_context("spawn")
    notes = None
    others = set(multiprocessing.active_children())
    try:
        notes = context.Queue()
        pool = context.Pool(jobs, initializer=_start_worker,
                            initargs=(notes, LOG.getEffectiveLevel(), str(cache().path)))
    except (OSError, ValueError, RuntimeError, ImportError) as e:  # no processes to be had here
        if notes is not None:
            notes.close()
        warn_once("warmup-workers", f"warning: cannot start worker processes ({e}): warming up in one process")
        return None
    said: set = set()

    def relay() -> None:
        """The workers' log records, through this process's logger; a warning once."""
        while True:
            try:
                record = notes.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                return
            if record.levelno >= logging.WARNING:
                if record.getMessage() in said:
                    continue
                said.add(record.getMessage())
            LOG.handle(record)

    done: dict[int, tuple[str, float]] = {}
    try:
        # the workers: a pool puts a new one in the place of one that dies, and the step it ran is lost
        workers = [p for p in multiprocessing.active_children() if p not in others]
        pending = {i: pool.apply_async(_run_step, (i,)) for i in range(total)}
        while pending:
            gone = [p.exitcode for p in workers if not p.is_alive()]
            if gone:
                raise _lost(gone[0])
            for i, answer in list(pending.items()):
                if answer.ready():
                    done[i] = answer.get()
                    del pending[i]
                    if progress is not None:
                        progress(len(done) - 1, total, done[i][0])
            relay()
            if pending:
                next(iter(pending.values())).wait(0.1)
        pool.close()
        pool.join()
        relay()
    except BaseException:  # Ctrl-C or a failed step: stop the workers at once
        relay()
        stop(pool)
        raise
    finally:
        notes.close()
        notes.join_thread()
    return WarmupResult(steps=[done[i] for i in range(total)], jobs=jobs)
