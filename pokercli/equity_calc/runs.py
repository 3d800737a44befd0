"""Running it twice, and double boards: the cards to come dealt more than once
from the same deck (each run takes its cards out of it), each run worth an
equal part of the pot.

Each player's equity over all the runs is the same as over one (every run is
dealt alike), so what the runs change is how the pot is shared: how often a
player takes it whole (``scoop``: every run won alone) and how often nothing.
Those come exact for two runs (of the turn or the river card, of the turn
and river, or of a whole board: a double board, or a preflop all-in run
twice): each run's showdown once, and the ordered pairs of runs that share no
card counted by inclusion and exclusion over the cards they share
(:mod:`pokercli._kernels.run_pairs`), and for three runs of one or two
cards (triples); by Monte Carlo for three runs of a whole board, or
``method="monte-carlo"``.

In the games with a board (hold'em, short deck, Omaha; in hi-lo each run's
pot is split high and low as one pot is). Players may hold ranges or be
``random``: runs of the turn and river or of the river over few enough deals
of the combos are counted exactly, deal by deal; the rest are sampled in the
game's kernel, each deal's combos by their weights.
"""

from __future__ import annotations

import math
from itertools import combinations
from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from pokercli import cards as C
from pokercli.equity_calc.model import SEED_LIMIT
from pokercli.errors import PokerError, shown
from pokercli.timing import Clock

#: Exact when each run is one of at most this many boards (a double board heads-up:
#: 1,712,304 in hold'em, 1,086,008 in Omaha).
EXACT_RUNS = 2_000_000
#: Monte Carlo deals per NumPy batch.
BATCH = 50_000


@dataclass
class RunsPlayer:
    label: str
    equity: float          # share of the pot over all runs
    scoop: float           # chance of taking every run alone (the whole pot)
    blank: float           # chance of taking nothing
    stderr: Optional[float] = None  # of the scoop chance (Monte Carlo)

    def to_dict(self) -> dict:
        doc = {"hand": self.label, "equity": self.equity, "scoop": self.scoop, "nothing": self.blank}
        if self.stderr is not None:
            doc["stderr"] = self.stderr
        return doc


@dataclass
class RunsResult:
    """Each player's equity, scoop and nothing chances when the cards to come
    are dealt ``runs`` times (``double_board``: two whole boards)."""

    players: list[RunsPlayer]
    runs: int
    board: tuple[int, ...]
    dead: tuple[int, ...]
    game: str
    method: str
    deals: int                        # pairs (triples) of runs counted, or samples
    seconds: float = 0.0
    seed: Optional[int] = None
    double_board: bool = False
    #: A double board's second board so far, where its boards were given (``board`` is the first).
    second_board: Optional[tuple[int, ...]] = None
    notes: list[str] = field(default_factory=list)
    #: Monte Carlo stopped by Ctrl-C: the figures are those of the ``deals`` sampled so far.
    interrupted: bool = False
    #: Monte Carlo to a precision: the target for every player's "takes all"
    #: standard error, and whether the samples reached it before their cap.
    stderr_target: Optional[float] = None
    target_reached: Optional[bool] = None

    def to_dict(self) -> dict:
        doc = {"method": self.method, "runs": self.runs, "double_board": self.double_board,
               "board": C.format_cards(self.board).split(), "dead": C.format_cards(self.dead).split(),
               "players": [p.to_dict() for p in self.players], "deals": self.deals,
               "seconds": round(self.seconds, 4)}
        from pokercli.games import game

        if self.second_board is not None:
            doc["second_board"] = C.format_cards(self.second_board).split()
        doc |= game(self.game).in_json  # {"game": ...} but for hold'em
        if self.seed is not None:
            doc["seed"] = self.seed
        if self.method == "monte-carlo":
            doc["interrupted"] = self.interrupted
        if self.stderr_target is not None:
            doc["stderr_target"] = self.stderr_target
            doc["target_reached"] = self.target_reached
        if self.notes:
            doc["notes"] = list(self.notes)
        return doc


def equity_runs(players: Sequence, board=(), dead=(), *, runs: int = 2, game: str = "holdem",
                method: str = "auto", samples: Optional[int] = None, seed: Optional[int] = None,
                double_board: bool = False, stderr: Optional[float] = None) -> RunsResult:
    """Equity, and the chances of taking the whole pot and nothing, when the
    cards to come are run ``runs`` times (2 or 3). ``double_board``: two
    boards dealt whole from the deck (``board`` must be empty), which is two
    runs from preflop. ``method``: ``auto`` (exact for two runs, a double
    board too, and for three runs of the turn or the turn and river, unless
    ``samples`` or ``stderr`` is given), ``exact`` or ``monte-carlo``
    (``samples``, default 200,000, and ``seed``; with ``stderr``, sampled
    until every player's "takes all" figure has at most that standard
    error, or ``samples`` (default 50 million) are drawn). Players may hold
    ranges: runs of the turn and river or of the river over at most
    :data:`EXACT_RANGE_DEALS` deals of their combos are counted exactly
    (:func:`_exact_ranges`), others sampled (:func:`_sampled_ranges`), each
    deal by the product of its combos' weights.

    >>> r = equity_runs(["AsAh", "KsKh"], "Kd 7c 2h 3s")  # the aces need both aces left
    >>> r.method, round(r.players[0].equity, 4), round(r.players[0].scoop, 4)
    ('exact', 0.0455, 0.0011)
    """
    from pokercli.equity_calc.spot import make_spot

    if isinstance(runs, bool) or not isinstance(runs, int) or not 2 <= runs <= 3:
        raise PokerError(f"runs must be 2 or 3, not {runs!r}", "runs")
    if method not in ("auto", "exact", "monte-carlo"):
        raise PokerError(f"method must be 'auto', 'exact' or 'monte-carlo', not {method!r}", "method")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT):
        raise PokerError(f"seed must be a whole number from 0 to 2**64 - 1, not {shown(seed)}", "seed")
    both = split_boards(board) if double_board else None
    if double_board and runs != 2:
        raise PokerError("double_board is two boards: runs must be 2", "runs")
    if both is not None:  # each board's cards so far: two flops (or turns)
        _checked_sampling(method, samples, stderr)
        return two_boards(players, *both, dead, game, method, samples, seed, stderr)
    spot = make_spot(players, board, dead, game)
    g = spot.game
    if double_board and spot.board:
        raise PokerError("board: a double board's two boards are FIRST / SECOND (Kd 7c 2h / As 9s 3d), or "
                         "no board for two boards dealt whole", "board")
    if g.board_cards != 5:
        raise PokerError(f"runs are for games with a board ({g.name} has none)", "game")
    ranged = not all(p.fixed for p in spot.players)
    hands = [] if ranged else [list(p.cards or p.combos[0][0]) for p in spot.players]
    k = g.board_cards - len(spot.board)
    if k == 0:
        raise PokerError("the board is complete: there is nothing to run again", "board")
    # three runs of the turn and river cost several times two per deal (1.3 against 0.16 ms); a random
    # player of Omaha lists no combos (too many): its deals are never counted one by one
    deals_of_ranges = math.prod(len(p.combos) or math.comb(len(g.deck), g.hole_cards) for p in spot.players) \
        * (4 if runs == 3 and k == 2 else 1)
    if ranged and method != "monte-carlo" and samples is None and stderr is None:
        if k <= 2 and deals_of_ranges <= EXACT_RANGE_DEALS:  # the turn and river, or the river: each deal exactly
            return _exact_ranges(spot, runs, k)
        if method == "exact":
            raise PokerError(f"exact runs of ranges are runs of the turn and river or of the river, over at "
                             f"most {EXACT_RANGE_DEALS:,} deals of their combos ({EXACT_RANGE_DEALS // 4:,} for "
                             "three runs of the turn and river); use method='monte-carlo'", "method")
    held = set() if ranged else {c for h in hands for c in h}  # a range's cards are dealt with its combos
    gone = set(spot.board) | set(spot.dead) | held | set(g.left_out)
    deck = np.array([c for c in sorted(g.deck) if c not in gone], np.int64)
    left = len(deck) - (len(spot.players) * g.hole_cards if ranged else 0)
    if runs * k > left:
        raise PokerError(f"{runs} runs of {k} cards need {runs * k} cards; {left} are left", "runs")
    exact_able = not ranged and ((runs == 2 and math.comb(len(deck), k) <= EXACT_RUNS) or (runs == 3 and k <= 2))
    if method == "exact" and not exact_able:
        raise PokerError(f"exact runs are two runs of at most {EXACT_RUNS:,} boards each, or three runs "
                         "of the turn or the turn and river; use method='monte-carlo'", "method")
    _checked_sampling(method, samples, stderr)
    clock = Clock()
    if exact_able and method != "monte-carlo" and samples is None and stderr is None:  # these ask for sampling
        result = _exact(spot, hands, deck, k, runs)
    else:
        from pokercli.equity_calc.montecarlo import DEFAULT_MAX_SAMPLES, MIN_TARGET

        cap = samples or (DEFAULT_MAX_SAMPLES if stderr is not None else 200_000)
        if ranged:
            result = _sampled_ranges(spot, deck, k, runs, cap, seed, stderr)
        else:
            result = _sampled(spot, hands, deck, k, runs, cap, seed, stderr)
        if stderr is not None:
            result.stderr_target = float(stderr)
            result.target_reached = max(p.stderr for p in result.players) <= stderr and result.deals >= MIN_TARGET
    result.seconds = clock.seconds()
    result.double_board = double_board
    return result


def _checked_sampling(method: str, samples, stderr) -> None:
    """Refuse a ``stderr`` or ``samples`` out of range, and either with ``method='exact'``."""
    if stderr is not None and (isinstance(stderr, bool) or not isinstance(stderr, (int, float))
                               or not 0 < stderr < 1):
        raise PokerError(f"stderr must be a number between 0 and 1, not {stderr!r}", "stderr")
    if method == "exact" and (samples is not None or stderr is not None):
        raise PokerError("method='exact' cannot be combined with samples= or stderr=", "method")
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or not 1_000 <= samples <= 10**9):
        raise PokerError(f"samples must be a whole number from 1,000 to 1,000,000,000, not {samples!r}",
                         "samples")


#: The most deals of the players' combos (before those that share a card are
#: left out; three runs of the turn and river count four times) that runs of
#: ranges count exactly, each deal's runs in turn: two runs of a flop take
#: about 0.16 ms a deal warm, three 1.3 ms, of the river 0.1 ms, so at most
#: about 0.7 s (Zen 5, 2026-11-27).
EXACT_RANGE_DEALS = 2_000


def _exact_ranges(spot, runs: int, k: int) -> RunsResult:
    """Runs of ranges counted exactly: every deal of the players' combos that
    shares no card, its runs counted as a deal of hands is (:func:`_exact`),
    weighted by the product of its combos' weights, as the sampled runs of
    ranges weight them. ``deals``: the pairs (triples) of runs counted over
    every deal."""
    clock = Clock()

    def one(deal):
        r = equity_runs([C.format_cards(combo) for combo in deal], spot.board, spot.dead, runs=runs,
                        game=spot.game.name, method="exact")
        return np.array([[p.equity, p.scoop, p.blank] for p in r.players]), r.deals

    out, counted = weighted_deals(spot, one)
    result = RunsResult(out, runs, tuple(spot.board), tuple(spot.dead), spot.game.name, "exact", counted)
    result.seconds = clock.seconds()
    return result


def weighted_deals(spot, one) -> tuple[list[RunsPlayer], int]:
    """Every deal of the players' combos that shares no card, ``one(deal)``
    (each player's combo; (float64[players, 3]: equity, takes all, nothing),
    what it counted) weighted by the product of the combos' weights: (the
    players' figures, the counts summed)."""
    from itertools import product

    figures = np.zeros((len(spot.players), 3))
    total = 0.0
    counted = 0
    for deal in product(*(p.combos for p in spot.players)):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards):
            continue
        weight = math.prod(w for _, w in deal)
        rows, n = one([combo for combo, _ in deal])
        figures += weight * rows
        total += weight
        counted += n
    if total == 0:
        raise PokerError("players: no deal of these ranges shares no card", "players")
    return [RunsPlayer(player.label, *(float(x) for x in figures[p] / total))
            for p, player in enumerate(spot.players)], counted


def _shares(spot, hands, boards: np.ndarray) -> np.ndarray:
    """float64[len(boards), players]: each player's share of one run's pot on
    each complete board: the best high hand's (ties split), or in a hi-lo game
    half to the best high and half to the best eight-or-better low when one
    qualifies (each half split among its ties). ``hands``: each player's hole
    cards, the same on every board, or an array [boards, players, cards] of
    each board's own."""
    hands = np.asarray(hands)
    n, players, hole = len(boards), hands.shape[-2], hands.shape[-1]
    rows = np.empty((players, n, hole + boards.shape[1]), np.uint8)
    for p in range(players):
        rows[p, :, :hole] = hands[..., p, :]
        rows[p, :, hole:] = boards
    return _row_shares(spot, rows).T


def _row_shares(spot, rows: np.ndarray) -> np.ndarray:
    """float64[players, n]: :func:`_shares` from ``rows`` (uint8[players, n,
    cards]: each player's hand on each board), a player's boards side by side
    (each step below a pass over contiguous rows)."""
    from pokercli import evaluate as E

    players, n = rows.shape[0], rows.shape[1]
    flat = rows.reshape(players * n, rows.shape[2])
    high = E.scores(flat, spot.game.name).reshape(players, n)
    won = high == np.max(high, axis=0)
    share = won / np.sum(won, axis=0, dtype=np.int64)
    if not spot.game.pot.split:
        return share
    low = E.lows(flat, spot.game.name).astype(np.int64).reshape(players, n)  # 0: none; smaller: better
    ranked = np.where(low > 0, low, 256)
    best = np.min(ranked, axis=0)
    lows = (ranked == best) & (best < 256)
    low_share = lows / np.maximum(np.sum(lows, axis=0, dtype=np.int64), 1)
    return np.where(best < 256, share / 2 + low_share / 2, share)


def _exact(spot, hands, deck: np.ndarray, k: int, runs_: int = 2) -> RunsResult:
    """Two runs of ``k`` cards (up to five: a double board), or three of one or
    two: every run's showdown once, then the ordered pairs (triples) of runs
    that share no card counted per outcome by inclusion and exclusion over the
    cards they share (:mod:`pokercli._kernels.run_pairs`)."""
    from math import comb

    from pokercli._kernels.jit import call
    from pokercli._kernels.run_pairs import disjoint_triples, run_positions, run_rows

    m = len(deck)
    prefix = np.array([list(h) + list(spot.board) for h in hands], np.uint8)
    rows = np.empty((len(hands), comb(m, k), prefix.shape[1] + k), np.uint8)
    call(run_rows, prefix, deck.astype(np.uint8), np.int64(k), rows)  # each player's hand on every run
    share = _row_shares(spot, rows)  # [players, runs]
    del rows
    pairs = comb(m, k) * comb(m - k, k) * (comb(m - 2 * k, k) if runs_ == 3 else 1)
    flags = np.empty((2 * len(hands), share.shape[1]), np.uint8)  # [outcome, run]
    flags[0::2] = share == 1.0  # the run taken alone
    flags[1::2] = share == 0.0  # nothing of it
    # outcomes that are the same runs (heads-up, one player's run alone is the other's nothing)
    # counted once
    first: list[int] = []  # the outcomes kept, and each outcome's place among them
    place = []
    for f in range(flags.shape[0]):
        same = next((i for i, g in enumerate(first) if np.array_equal(flags[g], flags[f])), None)
        if same is None:
            first.append(f)
            same = len(first) - 1
        place.append(same)
    kept_flags = flags[first]
    if runs_ == 2 and k == 5:  # a double board: the runs are walked, not listed
        kept = _board_pairs(kept_flags, m)
    else:
        runs = call(run_positions, np.int64(m), np.int64(k))
        columns = np.ascontiguousarray(kept_flags.T)
        if runs_ == 2:
            kept = _disjoint_pairs(runs, columns, m)
        else:
            kept = call(disjoint_triples, runs, columns, np.int64(m)).tolist()
    counts = [kept[i] for i in place]
    out = [RunsPlayer(player.label, float(share[p].mean()), counts[2 * p] / pairs, counts[2 * p + 1] / pairs)
           for p, player in enumerate(spot.players)]
    return RunsResult(out, runs_, tuple(spot.board), tuple(spot.dead), spot.game.name, "exact", int(pairs))


def _board_pairs(flags: np.ndarray, m: int) -> list[int]:
    """For runs of five cards (a double board): for each outcome (a row of
    ``flags``, uint8[outcomes, runs] in :func:`run_positions`' order), the
    ordered pairs of its runs that share no card, by
    :func:`~pokercli._kernels.run_pairs.board_squares`, the outcomes split
    among the threads. Python integers."""
    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.jit import call
    from pokercli._kernels.run_pairs import board_squares, pairs_from_terms
    from pokercli.jobs import LocalEngine

    totals = flags.sum(axis=1, dtype=np.int64)
    binom = binomials(m)

    def walk(lo: int, hi: int):
        return call(board_squares, np.ascontiguousarray(flags[lo:hi]), binom, np.int64(m))

    parts = _column_parts(flags.shape[0])
    if len(parts) > 1:
        done = dict(LocalEngine().run(walk, {part: part for part in parts}))
        terms = np.concatenate([done[part] for part in parts], axis=1)
    else:
        terms = walk(0, flags.shape[0])
    return pairs_from_terms(totals, [terms[j - 1] for j in range(1, 5)], 5)


def _disjoint_pairs(runs: np.ndarray, flags: np.ndarray, m: int) -> list[int]:
    """:func:`pokercli._kernels.run_pairs.disjoint_pairs` for runs of fewer
    than five cards, its terms (one a size of the sets of cards two runs
    share) on every thread. The same integers."""
    from math import comb

    from pokercli._kernels.combinator import binomials
    from pokercli._kernels.jit import call
    from pokercli._kernels.run_pairs import pairs_from_terms, run_totals, set_squares
    from pokercli.jobs import LocalEngine

    k = runs.shape[1]
    sizes = sorted(range(1, k), key=lambda j: (-comb(k, j), -j))  # the biggest terms first
    binom = binomials(m)

    def term(j: int):
        return call(set_squares, runs, flags, binom, np.int64(m), np.int64(j))

    if len(sizes) > 1:
        squares = dict(LocalEngine().run(term, {j: (j,) for j in sizes}))
    else:  # runs of one or two cards: one term or none, no threads to start
        squares = {j: term(j) for j in sizes}
    return pairs_from_terms(call(run_totals, flags), [squares[j] for j in range(1, k)], k)


def _column_parts(outcomes: int) -> list[tuple[int, int]]:
    """The outcome columns split into one run of columns a thread
    (:func:`pokercli.jobs.threads`, at most one a column), in order:
    [(lo, hi), ...]."""
    from pokercli.jobs import threads as kernel_threads

    threads = max(1, min(outcomes, kernel_threads()))
    bounds = [round(i * outcomes / threads) for i in range(threads + 1)]
    return [(bounds[i], bounds[i + 1]) for i in range(threads) if bounds[i] < bounds[i + 1]]


def _sampled(spot, hands, deck: np.ndarray, k: int, runs: int, samples: int, seed: Optional[int],
             stderr: Optional[float] = None) -> RunsResult:
    """``samples`` deals of ``runs`` runs of ``k`` cards, each a random draw of
    ``runs * k`` different cards of the deck: in one kernel a batch, by the
    game engine's ``runs_sample`` (:func:`sampled_any_five` for hold'em and
    short deck, :func:`sampled_omaha` for Omaha and hi-lo), else in NumPy;
    with ``stderr``, fewer once every player's "takes all" standard error is
    at most that (checked after each batch, from
    :data:`pokercli.equity_calc.montecarlo.MIN_TARGET` deals on)."""
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
    sampler = getattr(spot.game.engine, "runs_sample", None)
    if sampler is not None:
        return sampler(spot, hands, deck, k, runs, samples, seed, stderr)
    return _sampled_numpy(spot, hands, deck, k, runs, samples, seed, stderr)


def _scoop_stderrs(scoops, done: int) -> list[float]:
    """Each player's "takes all" standard error after ``done`` deals, ``scoops`` of them taken all."""
    return [float(np.sqrt(q * (1 - q) / done)) for q in (float(x) / done for x in scoops)]


def _sampled_numpy(spot, hands, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                   stderr: Optional[float] = None, boards=None) -> RunsResult:
    """:func:`_sampled` in NumPy, a batch of ``BATCH`` deals at a time (any
    game). ``boards``: each run's own known cards and cards to come, as
    :func:`_numpy_batches` takes them."""
    holes = np.asarray(hands)
    dealt = _dealt(k, runs, boards)

    def deal(rng, n: int):
        return holes, deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :dealt]]

    return _numpy_batches(spot, k, runs, samples, seed, stderr, deal, boards)


def _dealt(k: int, runs: int, boards) -> int:
    """The cards a deal's runs take: ``runs * k``, or each board's cards to come summed."""
    return runs * k if boards is None else sum(to_come for _, to_come in boards)


def _sampled_ranges(spot, deck: np.ndarray, k: int, runs: int, samples: int, seed: Optional[int],
                    stderr: Optional[float] = None) -> RunsResult:
    """:func:`_sampled` where a player holds a range (or is ``random``): each
    player's combo drawn by its weight, the deal kept when no two combos share
    a card (so deals come by the product of their combos' weights, as equity's
    Monte Carlo deals them), then the runs dealt from the cards the combos
    leave (``deck`` holds the combos' cards too). In a kernel, by the game
    engine's ``runs_ranges`` (:func:`ranged_any_five` for hold'em and short
    deck, :func:`ranged_omaha` for Omaha and hi-lo), else in NumPy
    (:func:`_sampled_ranges_numpy`)."""
    from pokercli.equity_calc.montecarlo import check_deal_possible

    check_deal_possible(spot)  # ranges that can never be dealt together: refused up front, as equity's
    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
    sampler = getattr(spot.game.engine, "runs_ranges", None)
    if sampler is not None:
        return sampler(spot, deck, k, runs, samples, seed, stderr)
    return _sampled_ranges_numpy(spot, deck, k, runs, samples, seed, stderr)


def _sampled_ranges_numpy(spot, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                          stderr: Optional[float] = None, boards=None) -> RunsResult:
    """:func:`_sampled_ranges` in NumPy, a batch of ``BATCH`` deals at a time
    (any game); ``boards`` as :func:`_numpy_batches` takes them."""
    dealt = _dealt(k, runs, boards)
    from pokercli.equity_calc.montecarlo import MC_MAX_REDRAWS, MC_MIN_ACCEPTANCE

    players = len(spot.players)
    cards = [np.array([c for c, _ in p.combos], np.int64) for p in spot.players]  # [combos, hole]
    weights = [np.array([w for _, w in p.combos], np.float64) for p in spot.players]
    masks = [np.bitwise_or.reduce(np.left_shift(1, c), axis=1) for c in cards]
    place = np.full(52, -1, np.int64)
    place[deck] = np.arange(len(deck))
    tried = [0, 0]  # deals of combos drawn, kept

    def deal(rng, n: int):
        picks = [rng.choice(len(w), size=2 * n + 64, p=w / w.sum()) for w in weights]
        used = np.zeros(2 * n + 64, np.int64)
        valid = np.ones(2 * n + 64, bool)
        for p in range(players):
            m = masks[p][picks[p]]
            valid &= (used & m) == 0
            used |= m
        keep = np.flatnonzero(valid)[:n]
        tried[0] += (int(keep[-1]) + 1) if len(keep) == n else len(valid)  # the tries used
        tried[1] += len(keep)
        if tried[0] > MC_MAX_REDRAWS and tried[1] < MC_MIN_ACCEPTANCE * tried[0]:
            raise PokerError(f"the ranges almost never fit together: {tried[1]:,} of {tried[0]:,} random "
                             "deals of their combos were valid; narrow them", "players")
        holes = np.stack([cards[p][picks[p][keep]] for p in range(players)], axis=1)  # [n, players, hole]
        if not len(keep):
            return holes, np.empty((0, dealt), np.int64)
        order = rng.random((len(keep), len(deck)))
        order[np.arange(len(keep))[:, None], place[holes.reshape(len(keep), -1)]] = 2.0  # the combos' cards last
        return holes, deck[np.argsort(order, axis=1)[:, :dealt]]

    return _numpy_batches(spot, k, runs, samples, seed, stderr, deal, boards)


def _numpy_batches(spot, k: int, runs: int, samples: int, seed: int, stderr: Optional[float], deal,
                   boards=None) -> RunsResult:
    """The NumPy samplers' batches: ``deal(rng, n)`` gives up to ``n`` deals
    (each player's hole cards, the same for every deal or an array [deals,
    players, cards], and each deal's ``runs * k`` cards to come), each run's
    pot shared (:func:`_shares`) and tallied, until ``samples`` deals, or every
    "takes all" standard error is at most ``stderr``; Ctrl-C ends it with the
    whole batches so far (raised before the first), as equity's Monte Carlo.
    ``boards``: each run's known cards and how many come, in order (a double
    board of two flops: each flop and 2), in place of the spot's board and
    ``k`` for every run."""
    from pokercli._stop import handled, interrupt_pending
    from pokercli.equity_calc.montecarlo import MIN_TARGET

    rng = np.random.default_rng(seed)
    players = len(spot.players)
    if boards is None:
        boards = [(np.array(spot.board, np.int64), k)] * runs
    starts = np.cumsum([0] + [to_come for _, to_come in boards])
    equity, scoop, blank = np.zeros(players), np.zeros(players), np.zeros(players)
    done = 0
    interrupted = False
    while done < samples:
        try:
            interrupt_pending()
            holes, dealt = deal(rng, min(BATCH, samples - done))
            n = len(dealt)
            if n == 0:  # no deal of the ranges' combos fit together this time
                continue
            whole = np.ones((n, players), bool)
            none = np.ones((n, players), bool)
            total = np.zeros((n, players))
            for r, (base, _) in enumerate(boards):
                run = np.concatenate([np.broadcast_to(base, (n, len(base))), dealt[:, starts[r]:starts[r + 1]]],
                                     axis=1)
                share = _shares(spot, holes, run)
                total += share
                whole &= share == 1.0
                none &= share == 0.0
        except KeyboardInterrupt:
            if done == 0:
                raise
            handled()
            interrupted = True
            break
        equity += total.sum(axis=0) / runs
        scoop += whole.sum(axis=0)
        blank += none.sum(axis=0)
        done += n
        if stderr is not None and done >= MIN_TARGET and max(_scoop_stderrs(scoop, done)) <= stderr:
            break
    out = []
    for p, player in enumerate(spot.players):
        q = scoop[p] / done
        out.append(RunsPlayer(player.label, float(equity[p] / done), float(q), float(blank[p] / done),
                              float(np.sqrt(q * (1 - q) / done))))
    return RunsResult(out, runs, tuple(spot.board), tuple(spot.dead), spot.game.name, "monte-carlo",
                      int(done), seed=seed, interrupted=interrupted)


#: Samples a runs kernel's call takes (:func:`_kernel_batches`; a few milliseconds): small enough that
#: both threads stay busy to the end of a job of a million samples (200,000 left one idle for a fifth).
KERNEL_BATCH = 50_000


def sampled_any_five(spot, hands, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                     stderr: Optional[float] = None) -> RunsResult:
    """:func:`_sampled` where a hand is the best five of two hole cards and
    the board (hold'em, short deck: the engine's ``runs_sample``), by
    :func:`pokercli._kernels.montecarlo.fixed_runs` (each run's cards two rows
    of the part tables of one board's Monte Carlo; the runs of a flop or a
    turn by a kernel of their own: ``runs_kernel`` picks), or where that does not
    take the spot by :func:`pokercli._kernels.range_runouts.runs_sample` (card
    by card); batches of ``KERNEL_BATCH`` (:func:`_kernel_batches`)."""
    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import kernel_tables, strength_tables
    from pokercli._kernels.montecarlo import fixed_headsup_flushy, fixed_three_flushy, runs_kernel
    from pokercli._kernels.omaha.deals import SHARE_UNIT
    from pokercli.equity_calc.montecarlo import batch_seed, fixed_hands_call

    rule = spot.game.rule.key
    keys, offsets = kernel_tables(rule)[:2]
    rank_tab, flush_tab = strength_tables(rule)
    fast = fixed_hands_call(spot, keys, offsets, rank_tab)
    boards = None if fast is None else fast[1:]
    # where one board's kernel values flushes with no branch, so does each run's (the same counts)
    flushy = fast is not None and fast[0] in (fixed_headsup_flushy, fixed_three_flushy)

    if boards is not None:
        kernel = runs_kernel(flushy, boards[2], boards[4], runs)

        def batch(b: int, n: int, out) -> None:
            call(kernel, *boards, runs, n, np.uint64(batch_seed(seed, b)), offsets, rank_tab, flush_tab,
                 SHARE_UNIT, *out)

        return _kernel_batches(spot, batch, runs, samples, seed, stderr)
    return _card_by_card(spot, deck, k, runs, samples, seed, stderr)


def ranged_any_five(spot, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                    stderr: Optional[float] = None) -> RunsResult:
    """:func:`_sampled_ranges` where a hand is the best five of two hole cards
    and the board (hold'em, short deck: the engine's ``runs_ranges``), the
    runs from the part tables as fixed hands' are: where every player is fixed
    or ``random`` (up to three random), by
    :func:`pokercli._kernels.montecarlo.fixed_random_runs` (the runs, then
    each random hand a row of the two-card table, as one board's
    ``fixed_and_random`` draws them); else, up to ten players, by
    :func:`pokercli._kernels.montecarlo.fixed_ranged_runs` (each deal's combos
    first, by their weights, the whole deal again when two share a card; then
    the runs, meeting none of them); past that, card by card
    (:func:`pokercli._kernels.range_runouts.runs_sample`). ``deck`` holds the
    fixed hands' cards too."""
    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import kernel_tables, strength_tables
    from pokercli._kernels.montecarlo import fixed_random_runs, fixed_ranged_runs
    from pokercli._kernels.omaha.deals import SHARE_UNIT
    from pokercli.equity_calc.montecarlo import MC_MAX_REDRAWS, batch_seed, fixed_random_call, fixed_ranged_call

    keys, offsets = kernel_tables(spot.game.rule.key)[:2]
    rank_tab, flush_tab = strength_tables(spot.game.rule.key)
    tables = fixed_random_call(spot, keys, offsets, rank_tab)  # fixed hands and random players alone
    if tables is not None:
        def batch(b: int, n: int, out) -> None:
            call(fixed_random_runs, *tables, runs, n, np.uint64(batch_seed(seed, b)), offsets, rank_tab,
                 flush_tab, SHARE_UNIT, *out)

        return _kernel_batches(spot, batch, runs, samples, seed, stderr)
    ranged = fixed_ranged_call(spot, keys, offsets, rank_tab)
    if ranged is not None:
        def ranged_batch(b: int, n: int, out) -> tuple[int, int]:
            stats = np.zeros(2, np.int64)
            call(fixed_ranged_runs, *ranged, runs, n, MC_MAX_REDRAWS, np.uint64(batch_seed(seed, b)), offsets,
                 rank_tab, flush_tab, SHARE_UNIT, *out, stats)
            return int(stats[0]), int(stats[1])

        return _kernel_batches(spot, ranged_batch, runs, samples, seed, stderr)
    return _card_by_card(spot, _without_fixed_hands(spot, deck), k, runs, samples, seed, stderr)


def _without_fixed_hands(spot, deck: np.ndarray) -> np.ndarray:
    """``deck`` less the fixed hands' cards (the ranged runs' ``deck`` holds them)."""
    fixed = C.card_mask([c for p in spot.players if len(p.combos) == 1 for c in p.combos[0][0]])
    return deck[[not (fixed >> int(c)) & 1 for c in deck]]


def _card_by_card(spot, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                  stderr: Optional[float]) -> RunsResult:
    """Hold'em's or short deck's runs by :func:`pokercli._kernels.range_runouts.runs_sample`
    (fixed hands, ranges, ``random`` as every combo alike), ``deck`` every card no
    fixed hand, board or dead card holds; batches of ``KERNEL_BATCH``, each stopping
    after :data:`pokercli.equity_calc.montecarlo.MC_MAX_REDRAWS` redrawn deals of the combos."""
    from pokercli._kernels.jit import call
    from pokercli._kernels.lookup import KEY_INIT, kernel_tables, strength_tables
    from pokercli._kernels.range_runouts import runs_sample
    from pokercli.equity_calc.montecarlo import MC_MAX_REDRAWS, batch_seed, combo_tables

    keys, offsets = kernel_tables(spot.game.rule.key)[:2]
    rank_tab, flush_tab = strength_tables(spot.game.rule.key)
    base_key = np.int64(int(KEY_INIT) + sum(int(keys[c]) for c in spot.board))
    base_mask = np.int64(C.card_mask(spot.board))
    tables = combo_tables(spot, random_dealt=True)
    fixed_mask = np.int64(C.card_mask(spot.board + spot.removed))

    def batch(b: int, n: int, out) -> tuple[int, int]:
        stats = np.zeros(2, np.int64)
        call(runs_sample, *tables, fixed_mask, deck, k, runs, base_key, base_mask, n, MC_MAX_REDRAWS,
             np.uint64(batch_seed(seed, b)), keys, offsets, rank_tab, flush_tab, *out, stats)
        return int(stats[0]), int(stats[1])

    return _kernel_batches(spot, batch, runs, samples, seed, stderr)


def sampled_omaha(spot, hands, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                  stderr: Optional[float] = None) -> RunsResult:
    """:func:`_sampled` in Omaha and Omaha hi-lo (the engine's
    ``runs_sample``), by :func:`pokercli._kernels.omaha.deals.omaha_runs`: the
    runs' cards dealt as one board's Monte Carlo deals its cards, each run's
    pot shared as one board's; batches of ``KERNEL_BATCH`` (:func:`_kernel_batches`)."""
    return _omaha_batches(spot, deck, k, runs, samples, seed, stderr)


def ranged_omaha(spot, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                 stderr: Optional[float] = None) -> RunsResult:
    """:func:`_sampled_ranges` in Omaha and Omaha hi-lo (the engine's
    ``runs_ranges``), by :func:`pokercli._kernels.omaha.deals.omaha_runs`: each
    deal's combos drawn by their weights (the whole deal again when two share a
    card), then the runs dealt from the cards they leave. ``deck`` holds the
    fixed hands' cards too."""
    return _omaha_batches(spot, _without_fixed_hands(spot, deck), k, runs, samples, seed, stderr)


def _omaha_batches(spot, deck: np.ndarray, k: int, runs: int, samples: int, seed: int,
                   stderr: Optional[float]) -> RunsResult:
    """Omaha's runs by :func:`pokercli._kernels.omaha.deals.omaha_runs` (fixed
    hands, ranges, ``random`` dealt from the deck), ``deck`` every card no fixed
    hand, board or dead card holds; batches of ``KERNEL_BATCH``, each stopping
    after :data:`pokercli.equity_calc.montecarlo.MC_MAX_REDRAWS` redrawn deals."""
    from pokercli._kernels.jit import call
    from pokercli._kernels.omaha.deals import omaha_ranged_runs, omaha_runs
    from pokercli.equity_calc.montecarlo import MC_MAX_REDRAWS, batch_seed, combo_tables
    from pokercli.equity_calc.omaha import kernel_args

    combos = combo_tables(spot, random_dealt=True)
    kernel = omaha_runs if all(len(p.combos) == 1 for p in spot.players) else omaha_ranged_runs
    fixed_mask = np.int64(C.card_mask(spot.board + spot.removed))
    board = np.array(list(spot.board) + [0] * k, np.int64)
    tables = kernel_args(spot.game.hole_cards)
    hilo = spot.game.pot.split

    def batch(b: int, n: int, out) -> tuple[int, int]:
        stats = np.zeros(2, np.int64)
        call(kernel, *combos, fixed_mask, deck.copy(), board, np.int64(k), np.int64(runs), np.int64(n),
             MC_MAX_REDRAWS, np.uint64(batch_seed(seed, b)), *tables, hilo, *out, stats)
        return int(stats[0]), int(stats[1])

    return _kernel_batches(spot, batch, runs, samples, seed, stderr)


def _kernel_batches(spot, batch, runs: int, samples: int, seed: int, stderr: Optional[float] = None) -> RunsResult:
    """A runs kernel's ``samples`` in batches of ``KERNEL_BATCH`` on every
    thread, each ``batch(number, samples, (share units, takes all, nothing))``
    seeded from the seed and its number, added in order (the result depends on
    the seed alone, the target's stop too: it is checked after each batch in
    order), into the result."""
    from pokercli import jobs
    from pokercli._kernels.omaha.deals import SHARE_UNIT
    from pokercli.equity_calc.montecarlo import run_batches

    players = len(spot.players)
    totals = [np.zeros(players, np.int64) for _ in range(3)]

    def one(b: int, n: int):
        out = [np.zeros(players, np.int64) for _ in range(3)]
        taken = batch(b, n, out)
        return (n, 0) if taken is None else taken, out

    def add(part):
        (n, redrawn), out = part
        for t, x in zip(totals, out):
            t += x
        return n, redrawn

    done, interrupted, reached = run_batches(one, add, lambda n: _scoop_stderrs(totals[1], n), samples, stderr,
                                             jobs.threads(), None, size=lambda b: KERNEL_BATCH)
    if done == 0:  # stopped before a batch came back: nothing to answer
        raise KeyboardInterrupt
    out = []
    for p, player in enumerate(spot.players):
        q = float(totals[1][p]) / done
        out.append(RunsPlayer(player.label, float(totals[0][p]) / (SHARE_UNIT * runs * done), q,
                              float(totals[2][p]) / done, float(np.sqrt(q * (1 - q) / done))))
    result = RunsResult(out, runs, tuple(spot.board), tuple(spot.dead), spot.game.name, "monte-carlo",
                        int(done), seed=seed, interrupted=interrupted)
    if done < samples and not interrupted and not reached:
        result.notes.append(short_note(done, samples))
    return result


def short_note(done: int, samples: int) -> str:
    """The note of a sample that the ranges' redraw budget cut short."""
    from pokercli.equity_calc.montecarlo import MC_MAX_REDRAWS

    return (f"only {done:,} valid deals of the {samples:,} asked for: the ranges rarely fit together, "
            f"and each batch stops after {MC_MAX_REDRAWS:,} redrawn deals")


# --- a double board's two flops (or turns) ------------------------------
# A double board whose boards are already partly dealt: two different flops
# (or turns), the rest of each board to come from the same deck, half the pot
# on each board (``equity --boards 2 --board "Kd 7c 2h / As 9s 3d"``).
#
# In a double-board game the two boards are dealt side by side (both flops,
# then both turns, then both rivers), so an all-in on the flop shows two
# flops. Each board's cards to come are a run of that board; a pair of runs
# is dealt when they share no card. Exact for fixed hands: every run of each
# board valued once (:func:`_shares`), then the
# pairs of runs that share no card counted per outcome as one product of a
# 0/1 matrix (which pairs share no card) with the outcome's columns: at most
# about a thousand runs a board, so about a million pairs. Ranges: every deal
# of their combos counted so, weighted by the product of the combos' weights,
# up to :data:`TWO_BOARD_DEALS` deals; more, or ``samples``/``stderr``, by Monte
# Carlo in NumPy (each sample's combos by their weights, then both boards'
# cards from the deck they leave).

#: The most deals of the players' combos (before those that share a card are
#: left out) counted exactly, deal by deal: about 1.3 ms a deal for two flops
#: heads-up (Zen 5, 2026-11-28), so under a second.
TWO_BOARD_DEALS = 500


def split_boards(board) -> Optional[tuple[str, str]]:
    """The two boards of a double board's text ``"FIRST / SECOND"``, or None
    when ``board`` names one board (no ``/``)."""
    if not isinstance(board, str) or "/" not in board:
        return None
    parts = board.split("/")
    if len(parts) != 2:
        raise PokerError(f"board: a double board is two boards, FIRST / SECOND, not {len(parts)} parts "
                         f"({board.strip()!r})", "board")
    return parts[0], parts[1]


def two_boards(players, first, second, dead, game: str, method: str, samples: Optional[int],
               seed: Optional[int], stderr: Optional[float]):
    """:func:`pokercli.equity_calc.runs.equity_runs` for a double board with
    known cards: ``first`` and ``second``, each board's cards so far (3, 4
    or 5, not both 5). ``method``, ``samples``, ``seed`` and ``stderr`` as
    there (already checked); ``deck`` below holds every card no board, dead
    card or game's deck leaves out, the fixed hands' cards too."""
    from pokercli.equity_calc.spot import make_spot

    clock = Clock()
    spot = make_spot(players, first, dead, game)
    g = spot.game
    a = list(spot.board)
    b = [int(c) for c in C.as_cards(second, "board", count=g.board_sizes)]
    fixed = [(f"hand {i + 1}", p.combos[0][0]) for i, p in enumerate(spot.players) if p.fixed]
    C.check_disjoint(fixed + [("board 1", a), ("board 2", b), ("dead", spot.dead)])
    g.check_deck(b, "board", "board")
    if not a or not b:
        raise PokerError("board: give both boards' cards so far (FIRST / SECOND), or no board for a double "
                         "board dealt whole", "board")
    if len(a) == len(b) == 5:
        raise PokerError("board: both boards are complete: there is nothing to deal", "board")
    if any(not p.fixed and not p.combos for p in spot.players):  # an Omaha `random`: no combos listed
        raise PokerError(f"players: a double board with its cards so far takes {g.name} hands or ranges, "
                         "not random", "players")
    real_dead = list(spot.dead)
    spot = make_spot(players, a, real_dead + b, game)  # the ranges lose the combos the second board holds
    ranged = not all(p.fixed for p in spot.players)
    gone = set(a) | set(b) | set(real_dead) | set(g.left_out)
    deck = [c for c in sorted(g.deck) if c not in gone]  # the fixed hands' cards too
    to_come = 10 - len(a) - len(b)
    if to_come > len(deck) - len(spot.players) * g.hole_cards:
        raise PokerError(f"board: the two boards need {to_come} more cards, but "
                         f"{len(deck) - len(spot.players) * g.hole_cards} are left once the players hold "
                         "their hands", "board")
    deals_of_ranges = math.prod(len(p.combos) for p in spot.players)
    sampled = method == "monte-carlo" or samples is not None or stderr is not None
    if not sampled and ranged and deals_of_ranges > TWO_BOARD_DEALS:
        if method == "exact":
            raise PokerError(f"exact two boards of ranges count at most {TWO_BOARD_DEALS:,} deals of their "
                             f"combos (these have {deals_of_ranges:,}); use method='monte-carlo'", "method")
        sampled = True
    if sampled:
        result = _two_sampled(spot, a, b, deck, samples, seed, stderr)
    else:
        players_out, pairs = _exact_deals(spot, a, b, deck)
        result = RunsResult(players_out, 2, tuple(a), tuple(real_dead), g.name, "exact", pairs)
    result.board = tuple(a)
    result.dead = tuple(real_dead)
    result.second_board = tuple(b)
    result.double_board = True
    result.seconds = clock.seconds()
    return result


def _board_runs(deck: list[int], k: int) -> np.ndarray:
    """Every ``k``-card run of ``deck``: int64[runs, k] (one empty run for ``k = 0``)."""
    if k == 0:
        return np.zeros((1, 0), np.int64)
    return np.array(list(combinations(deck, k)), np.int64)


def _masks(runs: np.ndarray) -> np.ndarray:
    """Each run's cards as a 52-bit set (uint64)."""
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), runs.astype(np.uint64)), axis=1,
                                initial=np.uint64(0))


def pair_counts(share_a: np.ndarray, share_b: np.ndarray, masks_a: np.ndarray, masks_b: np.ndarray):
    """Over the pairs (run of board 1, run of board 2) that share no card:
    (pairs, each player's summed share of both pots in halves, the pairs where
    the player takes each board's pot whole, those where it takes nothing).
    ``share_*``: float64[runs, players], a player's share of that board's pot."""
    apart = ((masks_a[:, None] & masks_b[None, :]) == 0).astype(np.float64)  # [runs a, runs b]
    per_a, per_b = apart.sum(axis=1), apart.sum(axis=0)  # each run's partners
    pairs = int(per_a.sum())
    equity = (per_a @ share_a + per_b @ share_b) / 2
    players = share_a.shape[1]
    # for each run of board 1, its partners on board 2 taken whole and given nothing, by player
    partners = apart @ np.concatenate([share_b == 1.0, share_b == 0.0], axis=1).astype(np.float64)
    whole = ((share_a == 1.0) * partners[:, :players]).sum(axis=0)
    none = ((share_a == 0.0) * partners[:, players:]).sum(axis=0)
    return pairs, equity, np.rint(whole).astype(np.int64), np.rint(none).astype(np.int64)


def _exact_one(spot, hands, a: list[int], b: list[int], deck: list[int]):
    """One deal of hands: (pairs, equity sums, whole counts, nothing counts), by :func:`pair_counts`."""
    out = []
    for known in (a, b):
        runs = _board_runs(deck, 5 - len(known))
        boards = np.empty((len(runs), 5), np.uint8)
        boards[:, :len(known)] = known
        boards[:, len(known):] = runs
        out.append((_shares(spot, hands, boards), _masks(runs)))
    (share_a, masks_a), (share_b, masks_b) = out
    return pair_counts(share_a, share_b, masks_a, masks_b)


def _exact_deals(spot, a: list[int], b: list[int], deck: list[int]):
    """Every deal of the players' combos that shares no card, counted exactly
    (:func:`_exact_one`), weighted by the product of its combos' weights; one
    deal for fixed hands. (players, pairs of runs counted over every deal)."""
    def one(deal):
        taken = {c for combo in deal for c in combo}
        rest = [c for c in deck if c not in taken]
        pairs, equity, whole, none = _exact_one(spot, [list(combo) for combo in deal], a, b, rest)
        return np.stack([equity, whole, none], axis=1) / pairs, pairs

    return weighted_deals(spot, one)


def _two_sampled(spot, a: list[int], b: list[int], deck: list[int], samples: Optional[int], seed: Optional[int],
             stderr: Optional[float]):
    """Monte Carlo: each sample's combos by their weights (fixed hands as
    they are), then the first board's cards to come and the second's from
    the cards left, by the NumPy runs sampler
    (:func:`pokercli.equity_calc.runs._sampled_ranges_numpy` and kin, each
    board its own known cards)."""
    from pokercli.equity_calc.montecarlo import DEFAULT_MAX_SAMPLES, check_deal_possible

    if seed is None:
        seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
    cap = samples or (DEFAULT_MAX_SAMPLES if stderr is not None else 200_000)
    boards = [(np.array(a, np.int64), 5 - len(a)), (np.array(b, np.int64), 5 - len(b))]
    if all(p.fixed for p in spot.players):
        hands = [list(p.combos[0][0]) for p in spot.players]
        held = {c for h in hands for c in h}
        rest = np.array([c for c in deck if c not in held], np.int64)
        return _sampled_numpy(spot, hands, rest, 0, 2, cap, seed, stderr, boards=boards)
    check_deal_possible(spot)  # ranges that can never be dealt together: refused up front
    return _sampled_ranges_numpy(spot, np.array(deck, np.int64), 0, 2, cap, seed, stderr, boards=boards)
