"""``percentile`` in the Omaha games: where an Omaha hand stands (SPEC §6–7, as in hold'em).

Against every hand of the game's hole cards an opponent could hold (the
unseen cards, or an Omaha range: ``AAxx, KQJTds:0.5``), with card removal
and weights, on the flop, turn and river:

* ``beats``/``ties``/``loses``: the shares of opponent hands we are ahead of,
  tied with and behind now (on the cards of the board so far: two hole and
  three board cards, the best choice), and ``hs`` our mean pot share now;
* over every opponent hand and every runout: ``equity`` (our mean pot share
  at showdown), ``ppot``, ``npot`` and ``ehs``, by the definitions hold'em's
  ``percentile`` uses (:mod:`pokercli.hand_strength`).

Against one opponent the pot is won, split or lost; in the hi-lo games it
is split in halves when a low qualifies, so a share can be 3/4 or 1/4 too.
We are **ahead** when our share is above one half, **tied** at one half,
**behind** below (in the high-only games: win, tie, lose), and ``hs`` and
``equity`` are mean shares (in the high-only games ``hs`` is ``beats +
ties / 2``, as in hold'em).

Every (opponent hand, runout) pair is scored when there are at most
``EXACT_PAIRS`` of them; above that (five- and six-card Omaha on the flop)
a seeded random sample of the opponent hands is taken, as many as fit, and
the result says so in its note (the figures are then estimates).

Preflop there is no table of the game's starting hands: ``equity`` is a
Monte Carlo estimate of our equity against the opponent (``random`` or the
range), ``PREFLOP_SAMPLES`` deals from a fixed seed, and the shares against
other starting hands are not given.
"""

from __future__ import annotations

import math
import random
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations
from typing import Sequence

from pokercli import cards as C
from pokercli import ranges as RG
from pokercli.errors import PokerError, shown
from pokercli.games import Game
from pokercli.hand_strength import RIVER_NOTE, PercentileResult, set_potentials

#: Most (opponent hand, runout) pairs scored one by one (about four seconds on one core).
EXACT_PAIRS = 150_000_000
#: Opponent hands per kernel call (Ctrl-C is answered between calls).
OPPONENTS_PER_CALL = 2_000
#: Monte Carlo deals of the preflop equity, and their seed.
PREFLOP_SAMPLES = 400_000
PREFLOP_SEED = 1


def percentile(hand, board: Sequence[int], dead: Sequence[int], vs, g: Game) -> PercentileResult:
    """:func:`pokercli.hand_strength.percentile` for an Omaha game ``g``."""
    hand_cards = [int(c) for c in C.as_cards(hand, "hand", count=g.hole_cards)]
    board, dead = list(board), list(dead)
    C.check_disjoint([("hand", hand_cards), ("board", board), ("dead", dead)])
    street = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[len(board)]
    label = vs if isinstance(vs, str) and vs.strip() else "random"
    result = PercentileResult(hand_cards, board, dead, label, street, game=g.name)
    if street == "preflop":
        return _preflop(result, vs, g)
    removed = set(hand_cards) | set(board) | set(dead)
    deck = [c for c in g.deck if c not in removed]
    per_hand = math.comb(len(deck) - g.hole_cards, 5 - len(board))  # runouts an opponent leaves
    keep = max(1, EXACT_PAIRS // per_hand)
    if _is_random(vs):
        # every hand of the unseen cards, listed only when all of them are scored
        result.opponents = math.comb(len(deck), g.hole_cards)
        result.opponent_weight = float(result.opponents)
        opps = ([(h, 1.0) for h in combinations(deck, g.hole_cards)] if result.opponents <= keep
                else _sample(deck, g.hole_cards, keep))
    else:
        opps = opponent_hands(hand_cards, board, dead, vs, g)
        result.opponents = len(opps)
        result.opponent_weight = float(sum(w for _, w in opps))
        if len(opps) > keep:
            opps = random.Random(0).sample(opps, keep)
    if len(opps) < result.opponents:
        result.note = (f"{len(opps):,} of the {result.opponents:,} opponent hands, a random sample "
                       f"(seed 0): every hand against every runout would be "
                       f"{result.opponents * per_hand:,} showdowns; the figures are estimates")
    runouts = [tuple(board) + r for r in combinations(deck, 5 - len(board))]
    _score(result, hand_cards, opps, runouts, g)
    return result


def _is_random(vs) -> bool:
    return vs is None or (isinstance(vs, str) and vs.strip().lower() in RG.RANDOM_WORDS)


def _sample(deck: list[int], hole: int, count: int) -> list[tuple[tuple[int, ...], float]]:
    """``count`` different hands of ``hole`` cards of ``deck``, uniformly at random (seed 0)."""
    rng = random.Random(0)
    seen: set[tuple[int, ...]] = set()
    out = []
    while len(out) < count:
        h = tuple(sorted(rng.sample(deck, hole)))
        if h not in seen:
            seen.add(h)
            out.append((h, 1.0))
    return out


def opponent_hands(hand: Sequence[int], board: Sequence[int], dead: Sequence[int], vs,
                   g: Game) -> list[tuple[tuple[int, ...], float]]:
    """The opponent's hands of the Omaha range ``vs`` with their weights, less
    those that touch our hand, the board or the dead cards."""
    blocked = C.card_mask(list(hand) + list(board) + list(dead))
    if not isinstance(vs, str):
        raise PokerError(f"vs must be a range of {g.name} hands (text), not {type(vs).__name__}", "vs")
    try:
        listed = RG.parse_hand_list(vs, g.hole_cards)
    except PokerError as e:
        raise PokerError(f"vs: {e}", "vs") from None
    out = [(h, w) for h, w in listed if not C.card_mask(h) & blocked and w > 0]
    if not out:
        raise PokerError(f"vs {shown(vs)} is empty once our hand, the board and dead cards are "
                         "removed", "vs")
    return out


def _score(result: PercentileResult, hand: list[int], opps, runouts, g: Game) -> None:
    import numpy as np

    from pokercli import evaluate as E
    from pokercli import jobs
    from pokercli._kernels.omaha import potentials as K
    from pokercli._kernels.jit import call
    from pokercli._kernels.omaha.lookup import tables
    from pokercli._stop import result as wait, shutdown

    keys, offsets, (rank_score, flush_score), _ = E.kernel_tables(g.rule.key)
    t = tables()
    board = np.array(result.board + [0] * (5 - len(result.board)), np.int64)
    hero = np.array(hand, np.int64)
    runs = np.array(runouts, np.int64).reshape(-1, 5)
    holes = np.array([h for h, _ in opps], np.int64)
    weights = np.array([w for _, w in opps], np.float64)

    def part(lo: int, hi: int):
        out = (np.zeros((3, 3)), np.zeros(3), np.zeros((16, 3)), np.zeros(3))
        call(K.omaha_potentials, hero, board, len(result.board), holes[lo:hi], weights[lo:hi], runs,
             keys, offsets, rank_score, flush_score, t.board_index, t.pair_best, t.flush_best,
             t.low_best, t.low_bits, t.pair_code, 26, g.pot.split, *out)
        return out

    bounds = [(lo, min(lo + OPPONENTS_PER_CALL, len(opps))) for lo in range(0, len(opps), OPPONENTS_PER_CALL)]
    hp, now, field, shares = np.zeros((3, 3)), np.zeros(3), np.zeros((16, 3)), np.zeros(3)
    pool = ThreadPoolExecutor(max_workers=jobs.threads())
    interrupted = True
    try:
        for fut in [pool.submit(part, lo, hi) for lo, hi in bounds]:
            for total, x in zip((hp, now, field, shares), wait(fut)):
                total += x
        interrupted = False
    finally:
        shutdown(pool, interrupted)
    total = now.sum()  # of the hands scored (a sample's, when sampled)
    result.beats, result.ties, result.loses = (float(x / total) for x in now)
    result.hs = float(shares[0] / total)
    names = g.rule.ranking.type_names()
    for kind in range(9, 0, -1):
        if field[kind].any():
            result.field[names[kind]] = [float(x) for x in field[kind]]
    if result.street == "river":
        result.equity, result.ppot, result.npot, result.ehs = result.hs, 0.0, 0.0, result.hs
        result.hp = hp.tolist()
        result.note = result.note or RIVER_NOTE
        return
    result.equity = float(shares[1] / shares[2])
    set_potentials(result, hp)


def _preflop(result: PercentileResult, vs, g: Game) -> PercentileResult:
    from pokercli.equity_calc import omaha as O
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot([result.hand, vs if isinstance(vs, str) and vs.strip() else "random"],
                     dead=result.dead, game=g.name)
    eq = O.monte_carlo(spot, samples=PREFLOP_SAMPLES, seed=PREFLOP_SEED)
    if eq.interrupted:
        raise KeyboardInterrupt
    result.equity = eq.players[0].equity
    opp = spot.players[1]
    unseen = len(g.deck) - len(result.hand) - len(result.dead)
    result.opponents = len(opp.combos) or math.comb(unseen, g.hole_cards)
    result.opponent_weight = float(sum(w for _, w in opp.combos)) or float(result.opponents)
    result.note = (f"{g.name} has no table of its starting hands: equity against "
                   f"{result.vs} is a Monte Carlo estimate ({eq.samples:,} deals, seed "
                   f"{PREFLOP_SEED}, standard error {eq.players[0].stderr:.4f}); the shares "
                   "against other starting hands are not given")
    return result
