"""A double board whose boards are already partly dealt: two different flops
(or turns), the rest of each board to come from the same deck, half the pot
on each board (``equity --boards 2 --board "Kd 7c 2h / As 9s 3d"``).

In a double-board game the two boards are dealt side by side (both flops,
then both turns, then both rivers), so an all-in on the flop shows two
flops. Each board's cards to come are a run of that board; a pair of runs
is dealt when they share no card. Exact for fixed hands: every run of each
board valued once (:func:`pokercli.equity_calc.runs._shares`), then the
pairs of runs that share no card counted per outcome as one product of a
0/1 matrix (which pairs share no card) with the outcome's columns: at most
about a thousand runs a board, so about a million pairs. Ranges: every deal
of their combos counted so, weighted by the product of the combos' weights,
up to :data:`EXACT_DEALS` deals; more, or ``samples``/``stderr``, by Monte
Carlo in NumPy (each sample's combos by their weights, then both boards'
cards from the deck they leave).
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Optional

import numpy as np

from pokercli import cards as C
from pokercli.errors import PokerError

#: The most deals of the players' combos (before those that share a card are
#: left out) counted exactly, deal by deal: about 1.3 ms a deal for two flops
#: heads-up (Zen 5, 2026-11-28), so under a second.
EXACT_DEALS = 500


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
    from pokercli.equity_calc.runs import RunsResult
    from pokercli.equity_calc.spot import make_spot
    from pokercli.timing import Clock

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
    if not sampled and ranged and deals_of_ranges > EXACT_DEALS:
        if method == "exact":
            raise PokerError(f"exact two boards of ranges count at most {EXACT_DEALS:,} deals of their combos "
                             f"(these have {deals_of_ranges:,}); use method='monte-carlo'", "method")
        sampled = True
    if sampled:
        result = _sampled(spot, a, b, deck, samples, seed, stderr)
    else:
        players_out, pairs = _exact_deals(spot, a, b, deck)
        result = RunsResult(players_out, 2, tuple(a), tuple(real_dead), g.name, "exact", pairs)
    result.board = tuple(a)
    result.dead = tuple(real_dead)
    result.second_board = tuple(b)
    result.double_board = True
    result.seconds = clock.seconds()
    return result


def _runs(deck: list[int], k: int) -> np.ndarray:
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
    from pokercli.equity_calc.runs import _shares

    out = []
    for known in (a, b):
        runs = _runs(deck, 5 - len(known))
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
    from pokercli.equity_calc.runs import weighted_deals

    def one(deal):
        taken = {c for combo in deal for c in combo}
        rest = [c for c in deck if c not in taken]
        pairs, equity, whole, none = _exact_one(spot, [list(combo) for combo in deal], a, b, rest)
        return np.stack([equity, whole, none], axis=1) / pairs, pairs

    return weighted_deals(spot, one)


def _sampled(spot, a: list[int], b: list[int], deck: list[int], samples: Optional[int], seed: Optional[int],
             stderr: Optional[float]):
    """Monte Carlo: each sample's combos by their weights (fixed hands as
    they are), then the first board's cards to come and the second's from
    the cards left, by the NumPy runs sampler
    (:func:`pokercli.equity_calc.runs._sampled_ranges_numpy` and kin, each
    board its own known cards)."""
    from pokercli.equity_calc.montecarlo import DEFAULT_MAX_SAMPLES, check_deal_possible
    from pokercli.equity_calc.runs import _sampled_numpy, _sampled_ranges_numpy

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
