"""Monte Carlo of fixed hands: the board drawn whole in two parts from subset tables.

Checked here against plain itertools: the part tables, the uniformity of the
boards the draw gives (a chi-square over every board of a small deck), and
the answers of the three kernels against exact equity for every number of
cards to come.
"""

import math
import random
from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

import pokercli
from pokercli._kernels import montecarlo as K
from pokercli._kernels.jit import call, jit
from pokercli._kernels.evaluator import rank_value
from pokercli._kernels.lookup import KEY_INIT, kernel_tables
from pokercli.equity_calc.exact import kernel_args
from pokercli.evaluate import strength_tables
from pokercli.equity_calc import montecarlo as M
from pokercli.equity_calc.mc_light import fixed_setup
from pokercli.equity_calc.spot import make_spot

KEYS = np.asarray(kernel_tables("standard")[0])


def multiset_numbers(m):
    """Each sorted multiset of ``m`` ranks -> its place among them all in the order of
    (largest rank, next, ...), counted by itertools."""
    order = sorted(combinations_with_replacement(range(13), m), key=lambda t: t[::-1])
    return {t: i for i, t in enumerate(order)}


def multiset_number(ranks):
    return multiset_numbers(len(ranks))[tuple(ranks)]


@pytest.mark.parametrize("m", [0, 1, 2, 3])
def test_part_table_lists_every_subset_once_with_its_key_mask_and_rank_multiset(m):
    deck = np.array(sorted(random.Random(m).sample(range(52), 20)), np.int64)
    keys, masks = call(K.part_table, deck, KEYS, m, 7)
    low = (1 << K.ID_SHIFT) - 1
    got = sorted(((k & low), mask, (k >> K.ID_SHIFT) & 0xFFFF) for k, mask in zip(keys.tolist(), masks.tolist()))
    want = sorted((sum(int(KEYS[c]) for c in s), sum(1 << int(c) for c in s),
                   7 * multiset_number(sorted(int(c) % 13 for c in s)))
                  for s in combinations(deck.tolist(), m))
    assert got == want
    assert len(keys) == math.comb(20, m)


@pytest.mark.parametrize("game,hands,board", [
    ("holdem", ["As Ah", "Ks Kh"], ""),
    ("holdem", ["7c 6c", "Ad Kd", "Qs Qh"], "8c 9d 2h"),
    ("holdem", ["7c 6c", "Ad Kd"], "8c 9d 2h 7s"),
    ("shortdeck", ["As Ah", "9s 8s"], ""),
    ("shortdeck-straight", ["Ts 9s", "Ad Kd"], "6c 7d 8h"),
])
def test_rank_value_tables_equal_the_evaluator_on_every_dealable_pair_of_multisets(game, hands, board):
    """Every entry of :func:`rank_values` that the deck can deal equals the evaluator's
    rank-only value of the whole hand; the others are the ones the deck cannot deal."""
    spot = make_spot(hands, board, "", game)
    keys, offsets, *_ = kernel_args(spot.game.rule.key)
    rank_strength, flush_strength = strength_tables(spot.game.rule.key)
    call_args = M.fixed_hands_call(spot, keys, offsets, rank_strength)
    values = call_args[-1]
    first, second = K.BOARD_PARTS[spot.to_come]
    used = {c for p in spot.players for c in p.combos[0][0]} | set(spot.board) | set(spot.removed)
    left = [sum(1 for c in range(52) if c % 13 == r and c not in used) for r in range(13)]
    ns = math.comb(12 + second, second)
    first_numbers, second_numbers = multiset_numbers(first), multiset_numbers(second)
    cells, want = [], []
    for a, na in first_numbers.items():
        for b, nb in second_numbers.items():
            x = na * ns + nb
            dealable = all((a + b).count(r) <= left[r] for r in range(13))
            for p, player in enumerate(spot.players):
                if not dealable:
                    assert values[p, x] == 0
                    continue
                cards = [*player.combos[0][0], *spot.board, *(a + b)]  # rank r of the first suit
                cells.append((p, x))
                want.append(int(KEY_INIT) + sum(int(keys[c]) for c in cards))
    got = values[tuple(np.array(cells).T)]
    assert len(want) > 0
    assert got.tolist() == call(rank_values_of, np.array(want, np.int64), offsets, rank_strength).tolist()


@jit
def rank_values_of(keys, offsets, rank_strength):
    """The evaluator's rank-only value of each key (``rank_value``)."""
    out = np.zeros(keys.shape[0], np.int64)
    for i in range(keys.shape[0]):
        out[i] = rank_value(keys[i], offsets, rank_strength)
    return out


@jit
def _draw_boards(first_keys, first_masks, second_keys, second_masks, draws, seed, counts):
    """At least ``draws`` boards from :func:`pokercli._kernels.montecarlo._accepted`, a
    chunk at a time, counted by mask (``counts`` is indexed by the mask itself: the deck
    is cards 0 .. n - 1); how many."""
    ctr = K.mix64(np.uint64(seed))
    nt = np.uint64(first_masks.shape[0])
    npart = np.uint64(second_masks.shape[0])
    worse = K._worse(nt * npart)
    rows = np.empty(K.ACCEPT_CHUNK, np.uint64)
    keys = np.empty(K.ACCEPT_CHUNK, np.int64)
    cand = np.empty(K.ACCEPT_CHUNK, np.uint64)
    n = 0
    while n < draws:
        ctr, kept = K._accepted(ctr, nt, npart, worse, first_keys, first_masks, second_keys, second_masks,
                                rows, keys, cand)
        for t in range(kept):
            i, j = K._rows(rows[t])
            counts[first_masks[i] | second_masks[j]] += 1
        n += kept
    return n


@pytest.mark.parametrize("to_come", [2, 3, 4, 5])
def test_the_two_part_draw_gives_every_board_equally_often(to_come):
    """Every ``to_come``-card board of a 10-card deck, about 8,000 draws each: the
    counts pass a chi-square test at a one-in-a-million level (fixed seed), and no
    drawn board has a card twice (its mask has ``to_come`` bits)."""
    deck = np.arange(10, dtype=np.int64)
    first, second = K.BOARD_PARTS[to_come]
    first_keys, first_masks = call(K.part_table, deck, KEYS, first, 1)
    second_keys, second_masks = call(K.part_table, deck, KEYS, second, 1)
    boards = math.comb(10, to_come)
    counts = np.zeros(1 << 10, np.int64)
    draws = call(_draw_boards, first_keys, first_masks, second_keys, second_masks, 8000 * boards,
                 np.uint64(7 + to_come), counts)
    drawn = {mask: n for mask, n in enumerate(counts.tolist()) if n}
    assert all(bin(mask).count("1") == to_come for mask in drawn)
    assert len(drawn) == boards and sum(drawn.values()) == draws
    expected = draws / boards
    chi2 = sum((n - expected) ** 2 / expected for n in drawn.values())
    dof = boards - 1
    assert chi2 < dof + 7 * math.sqrt(2 * dof)  # about 1e-6 in the upper tail for these dof


def test_lemire_bound_is_two_to_the_32_mod_the_size():
    for size in (1, 3, 48, 1128, 17296 * 1128):
        assert call(_bound, np.uint64(size)) == (1 << 32) % size


@jit
def _bound(size):
    return K._worse(size)


@pytest.mark.parametrize("hands,board,dead", [
    (["As Ah", "Ks Kh"], "", ""),                                 # 5 to come: 3 + 2
    (["7c 6c", "Ad Kd"], "8c 9d 2h", "3s"),                       # 2 to come, a dead card
    (["7c 6c", "Ad Kd"], "8c 9d 2h 3s", ""),                      # 1 to come
    (["7c 6c", "Ad Kd"], "8c 9d 2h 3s Qd", ""),                   # nothing to come
    (["Ah Ad", "Ks Kc", "Qh Qs"], "2c 7d 9s", ""),                # three-way, 2 to come
    (["Ah Ad", "Ks Kc", "Qh Qs"], "", "2c 3c"),                   # three-way, 5 to come
    (["Ah Kh", "Qd Qc", "Jh Th", "5s 4s", "9c 9d"], "", "2h"),     # five-way, 5 to come
])
def test_fixed_hands_monte_carlo_is_within_four_standard_errors_of_exact(hands, board, dead):
    spot = make_spot(hands, board, dead)
    keys, offsets, *_ = kernel_args("standard")
    assert M.fixed_hands_call(spot, keys, offsets, strength_tables("standard")[0])[0] is {2: K.fixed_headsup, 3: K.fixed_three}.get(
        len(hands), K.fixed_multi)  # none of these boards gives a flush often enough for the flushy kernels
    exact = pokercli.equity(hands, board, dead, method="exact")
    mc = pokercli.equity(hands, board, dead, samples=600_000, seed=17)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr + 1e-12
    again = pokercli.equity(hands, board, dead, samples=600_000, seed=17)
    assert [p.equity for p in again.players] == [p.equity for p in mc.players]


def test_ranges_random_players_and_hand_types_keep_the_general_kernel():
    keys, offsets, *_ = kernel_args("standard")
    args = (keys, offsets, strength_tables("standard")[0])
    assert M.fixed_hands_call(make_spot(["As Ah", "QQ+"]), *args) is None
    assert M.fixed_hands_call(make_spot(["As Ah", "random"]), *args) is None
    assert M.fixed_hands_call(make_spot(["As Ah", "Ks Kh"], with_types=True), *args) is None



@jit
def _both_draws(first_keys, first_masks, second_keys, second_masks, chunks, seed, split, by_parts, by_chunks):
    """Boards drawn one at a time, each drawn again until its rows share no card
    and its 32 random bits are not rejected (the plain way: the high half of a
    random number, then its low half), and a chunk at a time by
    ``_accepted_split`` (``split``) or ``_accepted_fused``, from the same
    seed: (rows, key) of each."""
    nt = np.uint64(first_masks.shape[0])
    npart = np.uint64(second_masks.shape[0])
    worse = K._worse(nt * npart)
    low = np.uint64(0xFFFFFFFF)
    rows = np.empty(K.ACCEPT_CHUNK, np.uint64)
    keys = np.empty(K.ACCEPT_CHUNK, np.int64)
    cand = np.empty(K.ACCEPT_CHUNK, np.uint64)
    ctr = K.mix64(np.uint64(seed))
    n = 0
    for c in range(chunks):
        if split:
            ctr, kept = K._accepted_split(ctr, nt, npart, worse, first_keys, first_masks, second_keys,
                                          second_masks, rows, keys, cand)
        else:
            ctr, kept = K._accepted_fused(ctr, nt, npart, worse, first_keys, first_masks, second_keys,
                                          second_masks, rows, keys, cand)
        for t in range(kept):
            i, j = K._rows(rows[t])
            by_chunks[n, 0] = np.int64(i)
            by_chunks[n, 1] = np.int64(j)
            by_chunks[n, 2] = keys[t]
            n += 1
    ctr = K.mix64(np.uint64(seed))
    r = np.uint64(0)
    half = 0
    for t in range(n):
        while True:
            if half == 0:
                ctr += K._GAMMA
                r = K.mix64(ctr)
                x = r >> np.uint64(32)
            else:
                x = r & low
            half = 1 - half
            a = x * nt
            b = (a & low) * npart
            i = np.int64(a >> np.uint64(32))
            j = np.int64(b >> np.uint64(32))
            if (first_masks[i] & second_masks[j]) == 0 and (b & low) >= worse:
                break
        by_parts[t, 0] = i
        by_parts[t, 1] = j
        by_parts[t, 2] = first_keys[i] + second_keys[j]
    return n


@pytest.mark.parametrize("split", [True, False], ids=["split", "fused"])
@pytest.mark.parametrize("to_come", [1, 2, 3, 4, 5])
def test_the_chunked_draw_keeps_the_boards_of_the_one_by_one_draw(to_come, split):
    """The one-board kernels draw a chunk of candidates and keep the
    accepted ones (``_accepted``, either way it is compiled: the candidates
    computed in a loop of their own, or as they are checked): the same
    boards, in the same order, with their keys, as drawing each board again
    while rejected."""
    deck = np.arange(4, 48, dtype=np.int64)
    first, second = K.BOARD_PARTS[to_come]
    fk, fm = call(K.part_table, deck, KEYS, first, 91)
    sk, sm = call(K.part_table, deck, KEYS, second, 1)
    chunks = 6
    by_parts = np.zeros((chunks * K.ACCEPT_CHUNK, 3), np.int64)
    by_chunks = np.zeros_like(by_parts)
    n = call(_both_draws, fk, fm, sk, sm, chunks, np.uint64(99 + to_come), split, by_parts, by_chunks)
    assert chunks * K.ACCEPT_CHUNK * 0.8 < n <= chunks * K.ACCEPT_CHUNK
    assert np.array_equal(by_parts[:n], by_chunks[:n])
    assert n < chunks * K.ACCEPT_CHUNK or to_come < 4  # two parts of a board do meet now and then


def _chance_by_runouts(hands, board, dead, game="holdem"):
    """The share of the runouts (every set of the cards to come) on which some
    hand holds five or more cards of a suit: the plain count."""
    spot = make_spot(hands, board, dead, game)
    holes = [list(p.cards) for p in spot.players]
    gone = {c for h in holes for c in h} | set(spot.board) | set(spot.removed)
    deck = [c for c in spot.game.deck if c not in gone]
    hit = total = 0
    for runout in combinations(deck, spot.to_come):
        total += 1
        cards = list(spot.board) + list(runout)
        hit += any(max(sum(1 for c in h + cards if c // 13 == g) for g in range(4)) >= 5 for h in holes)
    return spot, holes, hit / total


@pytest.mark.parametrize("hands,board,dead,game", [
    (["As Ks", "Qd Qc"], "Qs Js 3d", "", "holdem"),           # a flush draw: 0.36
    (["As Kd", "Qc Jc"], "Tc 7h 2d", "", "holdem"),           # a backdoor one
    (["Ah 9h", "Ks Kd", "2h 3h"], "Qh 7h 2c 5d", "", "holdem"),  # two hands on one suit, a card to come
    (["7c 6c", "Ad Kd"], "", "As Ah Ac Ks Kh Kc Qs Qh Qd Qc Js Jh Jd Jc Ts Th Td Tc 9s 9h", "holdem"),  # five to come
    (["As Ks", "9d 9c"], "Qs 6s 8d", "", "shortdeck"),        # 36 cards: nine a suit
])
def test_the_flush_chance_is_the_share_of_runouts_that_give_a_flush(hands, board, dead, game):
    spot, holes, want = _chance_by_runouts(hands, board, dead, game)
    got = M.flush_chance(holes, spot.board, spot.removed, spot.game.deck, spot.to_come)
    assert got == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("hands,board,dead,game", [
    (["As Ks", "Qd Qc"], "Qs Js 3d", "", "holdem"),
    (["Ah 9h", "Ks Kd"], "Qh 7h 2c 5d", "", "holdem"),
    (["7c 6c", "Ad Kd"], "", "", "holdem"),
    (["As Ah", "Ks Kh"], "", "", "holdem"),                      # few flushes: the branch kernel's spot
    (["9s 8s", "Ad Kd"], "7s 6s Tc", "", "holdem"),              # straight flushes too
    (["As Ks", "9d 9c"], "Qs 6s 8d", "", "shortdeck"),           # a flush beats a full house there
    (["Ah Kh", "Qs Qc", "Jh 9h"], "2h 7h 8c", "", "holdem"),
    (["Ah Kh", "Qs Qc", "Jd Td"], "", "2c", "holdem"),
])
def test_the_flushy_kernels_count_what_the_branch_kernels_count(hands, board, dead, game):
    """Valuing every board's flushes with no branch (``*_flushy``) and on a
    branch give the same winners, board for board: the same patterns from the
    same seed, across chunks."""
    spot = make_spot(hands, board, dead, game)
    rule = spot.game.rule.key
    keys, offsets = kernel_tables(rule)[:2]
    rank_strength, flush_strength = strength_tables(rule)
    args = M._board_arguments(fixed_setup(spot, keys), keys, offsets, rank_strength)
    branch, flushy = (K.fixed_headsup, K.fixed_headsup_flushy) if len(hands) == 2 else (
        K.fixed_three, K.fixed_three_flushy)
    counts = []
    for kernel in (branch, flushy):
        patterns = np.zeros(1 << len(hands), np.int64)
        call(kernel, *args, 3 * K.ACCEPT_CHUNK + 17, np.uint64(9), offsets, rank_strength, flush_strength, patterns)
        counts.append(patterns.tolist())
    assert counts[0] == counts[1] and sum(counts[0]) == 3 * K.ACCEPT_CHUNK + 17


def test_spots_that_often_give_a_flush_take_the_flushy_kernels():
    keys, offsets, *_ = kernel_args("standard")
    rank_strength = strength_tables("standard")[0]
    chosen = {tuple(h): M.fixed_hands_call(make_spot(h, b), keys, offsets, rank_strength)[0]
              for h, b in ((["As Ks", "Qd Qc"], "Qs Js 3d"), (["As Kd", "Qc Jc"], "Tc 7h 2d"),
                           (["Ah Kh", "Qs Qc", "Jh 9h"], "2h 7h 8c"), (["Ah Kh", "Qs Qc", "Jd Td"], ""),
                           (["As Ah", "Ks Kh", "7c 8c"], ""))}
    assert chosen == {("As Ks", "Qd Qc"): K.fixed_headsup_flushy,   # 0.36 of the boards
                      ("As Kd", "Qc Jc"): K.fixed_headsup,          # 0.045
                      ("Ah Kh", "Qs Qc", "Jh 9h"): K.fixed_three_flushy,  # 0.30
                      ("Ah Kh", "Qs Qc", "Jd Td"): K.fixed_three_flushy,  # 0.19
                      ("As Ah", "Ks Kh", "7c 8c"): K.fixed_three}   # 0.099
