"""The runs kernel (run it twice, double boards: ``montecarlo.fixed_runs``)
against a plain sampler of the same random numbers.

The kernel draws a block of samples' runs before it values them, in rounds:
each round one candidate for every sample still without the run, the
rejected samples listed for the next round, with no branch on a rejection;
the two or three runs of a flop or a turn are drawn together, a sample's
every run from one candidate, in rounds of as many candidates as samples
still want runs.
The plain sampler here keeps that list as a Python list, tests each
candidate with sets, reads the part tables' cards from itertools, and shares
each run's pot by the plain rules of tests/naive.py. Both must give the same integers:
the same runs, the same shares, takes-all and nothings.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import naive
from pokercli import cards as C
from pokercli._kernels import montecarlo as K
from pokercli._kernels.jit import call, jit
from pokercli._kernels.omaha.deals import SHARE_UNIT
from pokercli.equity_calc.exact import kernel_args
from pokercli.equity_calc.montecarlo import fixed_hands_call
from pokercli.equity_calc.spot import make_spot
from pokercli.evaluate import strength_tables

M64 = (1 << 64) - 1
LOW = (1 << 32) - 1
GAMMA, mix64 = naive.GAMMA, naive.mix64  # SplitMix64, as the kernels draw


def plain_sampler(spot, runs: int, samples: int, seed: int, block: int, ranges=None, max_redraws=0):
    """(share units, takes all, nothing) of each player, as the kernel must
    count them, written the plain way. ``ranges``: the seats dealt a combo
    before the runs (``fixed_ranged_runs``), each a dict of its ``combos``
    and alias ``keep`` and ``other`` (rows), in seat order; the deals taken
    and redrawn are returned too then."""
    ranges = ranges or []
    ranged = [i for i, p in enumerate(spot.players) if len(p.combos) > 1] if ranges else []
    randoms = [] if ranges else [i for i, rnd in enumerate(spot.random_players) if rnd]
    holes = [list(p.combos[0][0]) if len(p.combos) == 1 else None for p in spot.players]
    used = set(spot.board) | set(spot.removed) | {c for h in holes if h for c in h}
    deck = [c for c in range(52) if c not in used]
    pairs = list(combinations(deck, 2))  # a random player's hole cards: a row of this table
    first, second = K.BOARD_PARTS[spot.to_come]
    parts1, parts2 = list(combinations(deck, first)), list(combinations(deck, second))
    nt, npart = len(parts1), len(parts2)
    worse = (1 << 32) % (nt * npart)
    shares_of = naive.POT_SHARES[spot.game.name]
    state = [mix64(seed)]
    redraws = [0]

    def number():
        state[0] = (state[0] + GAMMA) & M64
        return mix64(state[0])

    def combos_first(want):
        """Each sample's combos of the ranged seats, a number a seat, the whole deal
        again when two meet; fewer than ``want`` when the redraw budget runs out."""
        got = []
        while len(got) < want:
            hands, cards = list(holes), set()
            for seat, table in zip(ranged, ranges):
                r = number()
                col = ((r >> 32) * len(table["combos"])) >> 32
                pick = col if (r & LOW) < table["keep"][col] else table["other"][col]
                combo = set(table["combos"][pick])
                if combo & cards:
                    break
                cards |= combo
                hands[seat] = sorted(combo)
            else:
                got.append((hands, cards))
                continue
            redraws[0] += 1
            if redraws[0] >= max_redraws:
                break
        return got

    def candidates():
        """32 random bits at a time: a number's high half, then its low half.
        A round that stops after a high half leaves the low half unused."""
        while True:
            state[0] = (state[0] + GAMMA) & M64
            r = mix64(state[0])
            yield r >> 32
            yield r & LOW

    def random_holes(samples):
        """Each sample's hole cards: every random player's a row of ``pairs`` that
        meets none of the sample's runs nor an earlier random player's, drawn in
        rounds as a run is (a fresh stream a round, the rejected listed again)."""
        taken = [set().union(*sample) for sample in samples]
        got = [list(holes) for _ in samples]
        worse_hole = (1 << 32) % len(pairs)
        for seat in randoms:
            pending = list(range(len(samples)))
            while pending:
                stream = candidates()
                rejected = []
                for t in pending:
                    a = next(stream) * len(pairs)
                    cards = set(pairs[a >> 32])
                    if (a & LOW) >= worse_hole and not cards & taken[t]:
                        got[t][seat] = sorted(cards)
                        taken[t] |= cards
                    else:
                        rejected.append(t)
                pending = rejected
        return got

    n = len(holes)
    units, whole, nothing = [0] * n, [0] * n, [0] * n
    taken_deals = 0
    for start in range(0, samples, block):
        want = min(block, samples - start)
        dealt_combos = combos_first(want) if ranges else [(list(holes), set())] * want
        want = len(dealt_combos)
        if second == 0 and runs in (2, 3) and nt ** runs < (1 << 32):
            # the runs of a flop or a turn: every run of a sample from one try of 32 bits, kept
            # when no two runs share a card, in rounds of as many tries as samples still wanting runs
            kept = []
            while len(kept) < want:
                stream = candidates()
                for _ in range(want - len(kept)):
                    a, rows = next(stream), []
                    for _ in range(runs):  # the rows as digits: the product's high bits, the remainder on
                        a *= nt
                        rows.append(a >> 32)
                        a &= LOW
                    sample = [set(parts1[row]) for row in rows]
                    if a >= (1 << 32) % nt ** runs and len(set().union(*sample)) == first * runs \
                            and not set().union(*sample) & dealt_combos[len(kept)][1]:
                        kept.append(sample)
            for sample, dealt_holes in zip(kept, [h for h, _ in dealt_combos] if ranges else random_holes(kept)):
                shares = [shares_of(dealt_holes, list(spot.board) + sorted(cards)) for cards in sample]
                naive.tally_runs(shares, SHARE_UNIT, units, whole, nothing)
            taken_deals += want
            if want < min(block, samples - start):  # the redraw budget ran out
                break
            continue
        dealt = [[] for _ in range(want)]  # each sample's runs so far
        for _ in range(runs):
            pending = list(range(want))
            while pending:  # a round: one candidate for each sample still without this run
                stream = candidates()
                rejected = []
                for t in pending:
                    x = next(stream)
                    a = x * nt
                    b = (a & LOW) * npart
                    cards = set(parts1[a >> 32]) | set(parts2[b >> 32])
                    if (b & LOW) >= worse and len(cards) == first + second \
                            and not cards & set().union(*dealt[t], dealt_combos[t][1]):
                        dealt[t].append(cards)
                    else:
                        rejected.append(t)
                pending = rejected
        for sample, dealt_holes in zip(dealt, [h for h, _ in dealt_combos] if ranges else random_holes(dealt)):
            shares = [shares_of(dealt_holes, list(spot.board) + sorted(cards)) for cards in sample]
            naive.tally_runs(shares, SHARE_UNIT, units, whole, nothing)
        taken_deals += want
        if want < min(block, samples - start):  # the redraw budget ran out
            break
    if ranges:
        return units, whole, nothing, taken_deals, redraws[0]
    return units, whole, nothing


@pytest.mark.parametrize("game,hands,board,dead,runs,samples", [
    ("holdem", ["As Ah", "Ks Kh"], "", "", 2, 1100),                 # a double board; blocks of 1024 and 76
    ("holdem", ["7c 6c", "Ad Kd", "Qs Qh"], "8c 9d 2h", "", 3, 300),  # three runs of a flop, three-way
    ("holdem", ["7c 6c", "Ad Kd", "Qs Qh"], "8c 9d 2h", "", 2, 1100),  # two runs of a flop, three-way, two blocks
    ("holdem", ["As Kd", "Qh Qc", "Jc 9h"], "2s 7d 8c 4h", "", 3, 300),  # three runs of a turn, three-way
    ("holdem", ["As Ah", "Ks Kh", "7c 8c"], "", "", 2, 300),        # a double board, three-way
    ("holdem", ["Ah 9h", "Ks Kd", "Qh Jh", "5c 5d"], "Qd 7h 2c 5h", "3h", 2, 300),  # four players, dead card
    ("holdem", ["Ac Kc", "Ad Kd"], "2s 3s 4h", "", 2, 300),             # split pots
    ("holdem", ["Ah 9h", "Ks Kd"], "Qd 7h 2c", "", 3, 300),             # three runs heads-up
    ("holdem", ["Ah 9h", "Ks Kd", "Qh Jh", "5c 5d", "7s 8s"], "Qd 7h 2c 5h", "", 3, 300),  # five players
    ("holdem", ["Ah 9h", "Ks Kd", "Qh Jh"], "Qd 7h 2c 5h", "", 4, 200),  # three players, four runs: a run at a time
    ("shortdeck", ["As 6s", "Ks Kh"], "Ah 7c 8d", "", 2, 300),
])
@pytest.mark.parametrize("flushy", [False, True])
def test_the_runs_kernel_is_the_plain_sampler_number_for_number(game, hands, board, dead, runs, samples, flushy):
    """Both runs kernels: flushes valued on a branch (``fixed_runs``) and with
    none (``fixed_runs_flushy``, for two or three hands; more keep the branch),
    and the kernel ``runs_kernel`` picks (the runs of a flop or a turn: their own)."""
    spot = make_spot(hands, board, dead, game)
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, flush_strength = strength_tables(spot.game.rule.key)
    args = fixed_hands_call(spot, keys, offsets, rank_strength)[1:]
    # the part tables list the subsets in itertools' order, which the plain sampler reads
    first, second = K.BOARD_PARTS[spot.to_come]
    holes = {c for p in spot.players for c in p.combos[0][0]}
    deck = [c for c in range(52) if c not in holes | set(spot.board) | set(spot.removed)]
    assert args[3].tolist() == [C.card_mask(s) for s in combinations(deck, first)]
    assert args[5].tolist() == [C.card_mask(s) for s in combinations(deck, second)]
    n = len(hands)
    seed = 12345
    want = plain_sampler(spot, runs, samples, seed, K.RUNS_BLOCK)
    plain = K.fixed_runs_flushy if flushy else K.fixed_runs
    chosen = K.runs_kernel(flushy, args[2], args[4], runs)
    # two or three runs of a flop or a turn take a kernel of their own; the
    # general one draws them the same way (ranged seats' runs take its body)
    assert (chosen is not plain) == (len(spot.board) in (3, 4) and runs in (2, 3))
    for kernel in {plain, chosen}:
        got = [np.zeros(n, np.int64) for _ in range(3)]
        call(kernel, *args, runs, samples, np.uint64(seed), offsets, rank_strength, flush_strength, SHARE_UNIT,
             *got)
        assert [g.tolist() for g in got] == [list(w) for w in want]
        assert sum(got[0]) == SHARE_UNIT * runs * samples  # every run's pot is shared out whole


@pytest.mark.parametrize("game,hands,board,runs,samples", [
    ("holdem", ["As Ks", "random"], "", 2, 1100),                          # a double board; two blocks
    ("holdem", ["As Ks", "Qd Qc", "random"], "Qs Js 3d", 2, 300),          # a flop's runs drawn together
    ("holdem", ["Ah 9h", "random", "random"], "Qd 7h 2c 5h", 3, 300),      # two random players, the river
    ("holdem", ["Ah 9h", "Ks Kd", "random"], "Qd 7h 2c", 3, 300),
    ("shortdeck", ["As 6s", "random"], "Ah 7c 8d", 2, 300),
])
def test_the_runs_kernel_with_random_players_is_the_plain_sampler_number_for_number(game, hands, board, runs,
                                                                                    samples):
    """``fixed_random_runs``: each random player's hole cards a row of the
    two-card table, drawn in rounds after the runs as a run is, meeting no
    run's card nor an earlier random player's."""
    from pokercli.equity_calc.montecarlo import fixed_random_call

    spot = make_spot(hands, board, "", game)
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, flush_strength = strength_tables(spot.game.rule.key)
    args = fixed_random_call(spot, keys, offsets, rank_strength)
    n = len(hands)
    got = [np.zeros(n, np.int64) for _ in range(3)]
    seed = 2468
    call(K.fixed_random_runs, *args, runs, samples, np.uint64(seed), offsets, rank_strength, flush_strength,
         SHARE_UNIT, *got)
    want = plain_sampler(spot, runs, samples, seed, K.RUNS_BLOCK)
    assert [g.tolist() for g in got] == [list(w) for w in want]
    assert sum(got[0]) == SHARE_UNIT * runs * samples
    assert any(0 < x < samples for x in got[1])  # the spots are not foregone


@pytest.mark.parametrize("game,hands,board,runs,samples,budget", [
    ("holdem", ["AKs", "QQ+"], "", 2, 1100, 10**6),                       # a double board of ranges; two blocks
    ("holdem", ["As Ks", "QdQc,Kd9d:0.5,7h7c"], "Qs Js 3d", 2, 300, 10**6),  # weights; a flop's runs together
    ("holdem", ["AK,AQs", "JJ+", "random"], "Qs Js 3d 2c", 3, 300, 10**6),  # three-way, random as a range
    ("holdem", ["Ah 9h", "Ks Kd", "QQ+,AK"], "Qd 7h 2c", 3, 300, 10**6),
    ("holdem", ["AA,KK", "AA,KK", "AK"], "", 2, 2000, 60),                # the redraw budget runs out
    ("shortdeck", ["AKs", "TT+"], "Ah 7c 8d", 2, 300, 10**6),
])
def test_the_runs_kernel_with_ranges_is_the_plain_sampler_number_for_number(game, hands, board, runs, samples,
                                                                            budget):
    """``fixed_ranged_runs``: each sample's ranged combos drawn first by the
    alias tables (the whole deal again when two meet), then the runs as fixed
    hands' are, none meeting a combo's card; the deals taken and redrawn too."""
    from pokercli.equity_calc.montecarlo import fixed_ranged_call

    spot = make_spot(hands, board, "", game)
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, flush_strength = strength_tables(spot.game.rule.key)
    args = fixed_ranged_call(spot, keys, offsets, rank_strength)
    starts, keep, other = args[-3], args[-2], args[-1]
    ranges = [{"combos": [combo for combo, _ in p.combos], "keep": keep[lo:hi].tolist(),
               "other": (other[lo:hi] - lo).tolist()}
              for p, lo, hi in zip([p for p in spot.players if len(p.combos) > 1], starts[:-1], starts[1:])]
    n = len(hands)
    got = [np.zeros(n, np.int64) for _ in range(3)]
    stats = np.zeros(2, np.int64)
    seed = 1357
    call(K.fixed_ranged_runs, *args, runs, samples, budget, np.uint64(seed), offsets, rank_strength, flush_strength,
         SHARE_UNIT, *got, stats)
    want = plain_sampler(spot, runs, samples, seed, K.RUNS_BLOCK, ranges=ranges, max_redraws=budget)
    assert [g.tolist() for g in got] + stats.tolist() == [list(w) for w in want[:3]] + list(want[3:])
    assert sum(got[0]) == SHARE_UNIT * runs * stats[0]
    assert (stats[0] < samples) == (budget < 10**6)
    assert any(0 < x < stats[0] for x in got[1])


@jit
def _runs_both_ways(first_keys, first_masks, second_keys, second_masks, want, seed, split, rows, keys):
    """A block's two runs drawn by ``_draw_runs_split`` (``split``) or ``_draw_runs_fused``:
    the second run is drawn against the first's cards; returns the counter."""
    nt = np.uint64(first_keys.shape[0])
    npart = np.uint64(second_keys.shape[0])
    worse = K._worse(nt * npart)
    ctr = K.mix64(np.uint64(seed))
    taken = np.zeros(K.RUNS_BLOCK + 1, np.int64)
    pending = np.zeros(K.RUNS_BLOCK, np.uint64)
    cand = np.zeros(K.RUNS_BLOCK + 1, np.uint64)
    for r in range(2):
        if split:
            ctr = K._draw_runs_split(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks,
                                     rows[r], keys[r], taken, want, r == 0, pending, cand)
        else:
            ctr = K._draw_runs_fused(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks,
                                     rows[r], keys[r], taken, want, r == 0, pending, cand)
    return ctr


@pytest.mark.parametrize("want", [K.RUNS_BLOCK, 77])
def test_both_ways_of_drawing_runs_draw_the_same_runs(want):
    """The runs kernel computes a round's candidates in a loop of their own
    where 64-bit products are vectorized (``K.WIDE``), else as it checks
    them: either way, the same runs, keys and counter (an odd block too: its
    rounds end on a high half). The plain sampler above checks the way this
    machine compiles."""
    spot = make_spot(["As Ah", "Ks Kh"], "", "", "holdem")
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, _ = strength_tables(spot.game.rule.key)
    fk, fm, sk, sm = fixed_hands_call(spot, keys, offsets, rank_strength)[3:7]
    got = []
    for split in (True, False):
        rows = np.zeros((2, K.RUNS_BLOCK + 1), np.uint64)
        run_keys = np.zeros((2, K.RUNS_BLOCK + 1), np.int64)
        ctr = call(_runs_both_ways, fk, fm, sk, sm, want, np.uint64(7), split, rows, run_keys)
        got.append((int(ctr), rows[:, :want].tolist(), run_keys[:, :want].tolist()))
        masks = fm[rows[:, :want] & 0xFFFFF] | sm[rows[:, :want] >> 20]
        assert np.all(masks[0] & masks[1] == 0)  # no second run meets its first
    assert got[0] == got[1]


@jit
def _packed_both_ways(first_keys, first_masks, second_keys, runs, want, seed, wide, rows, keys, to_out, out):
    """A block of a flop's or a turn's runs drawn together (``_packed_runs``), its
    tries computed in a loop of their own (``wide``) or as they are checked;
    each kept try written to ``rows`` and ``keys``, or whole to ``out`` (``to_out``)."""
    nt = np.uint64(first_keys.shape[0])
    combos = np.uint64(1)
    for _ in range(runs):
        combos *= nt
    cand = np.zeros(K.RUNS_BLOCK + 1, np.uint64)
    start = K.mix64(np.uint64(seed))
    if to_out:
        return K._packed_runs(start, nt, K._worse(combos), runs, first_keys, first_masks, second_keys, rows, keys,
                              want, cand, wide, False, np.zeros(1, np.int64), True, out)
    return K._packed_runs(start, nt, K._worse(combos), runs, first_keys, first_masks, second_keys, rows, keys,
                          want, cand, wide, False, np.zeros(1, np.int64), False, out)


@pytest.mark.parametrize("board,runs,want", [("Qs Js 3d", 2, K.RUNS_BLOCK), ("Qs Js 3d", 3, 77),
                                             ("Qs Js 3d 5h", 3, K.RUNS_BLOCK)])
def test_both_ways_of_drawing_a_flops_runs_draw_the_same_runs(board, runs, want):
    """The runs of a flop or a turn, drawn together: computed in a loop of their
    own where 64-bit products are vectorized (``K.WIDE``), else as checked,
    and written as rows and keys or each try whole (as ``_flop_kernel``'s kernels read
    them): the same runs, keys and counter; no two runs of a sample share a card."""
    spot = make_spot(["As Ks", "Qd Qc"], board, "", "holdem")
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, _ = strength_tables(spot.game.rule.key)
    fk, fm, sk, sm = fixed_hands_call(spot, keys, offsets, rank_strength)[3:7]
    assert len(sk) == 1  # one part a run
    got = []
    for wide in (True, False):
        for to_out in (False, True):
            rows = np.zeros((runs, K.RUNS_BLOCK + 1), np.uint64)
            run_keys = np.zeros((runs, K.RUNS_BLOCK + 1), np.int64)
            out = np.zeros(K.RUNS_BLOCK + 1, np.uint64)
            ctr = call(_packed_both_ways, fk, fm, sk, runs, want, np.uint64(11), wide, rows, run_keys, to_out, out)
            if to_out:  # each kept try whole, 20 bits a run: the same rows; no rows or keys written
                assert not rows.any() and not run_keys.any()
                rows[:, :want] = [(out[:want] >> np.uint64(20 * r)) & np.uint64(0xFFFFF) for r in range(runs)]
                run_keys[:, :want] = fk[rows[:, :want]] + sk[0]
            got.append((int(ctr), rows[:, :want].tolist(), run_keys[:, :want].tolist()))
            masks = fm[rows[:, :want]]
            for a in range(runs):
                for b in range(a):
                    assert np.all(masks[a] & masks[b] == 0)
    assert all(g == got[0] for g in got)


def test_which_runs_the_flop_kernels_take_is_where_the_kernels_draw_them_together():
    """``runs_kernel`` asks in Python (``packed``) what the kernels ask of
    ``_packed_combos``: every table size a deck gives, one to four runs."""
    for nt in [*range(1, 53), 990, 1128, 1625, 1626, 65535, 65536, 65537]:
        for npart in (1, 2, nt):
            for runs in range(1, 5):
                kernels = bool(K._packed_combos(np.uint64(nt), np.uint64(npart), runs) > 0)
                assert K.packed(nt, npart, runs) == kernels, (nt, npart, runs)
    # a flop heads-up (990 rows) packs three runs; 1,626 rows cubed pass 2 ** 32
    assert K.packed(990, 1, 3) and K.packed(1625, 1, 3) and not K.packed(1626, 1, 3)
