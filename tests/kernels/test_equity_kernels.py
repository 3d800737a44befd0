"""The combinator and the equity kernels: against plain enumerations and the batch evaluator."""

import math
import random
from itertools import combinations

import numpy as np
import pytest

import naive
from pokercli._kernels import combinator as K
from pokercli._kernels.jit import call
from pokercli.equity_calc import exact as X
from pokercli.equity_calc import montecarlo as M
from pokercli.equity_calc import symmetry as S
from pokercli.equity_calc.spot import make_spot


def job(hands, board="", dead="", types=False, game="holdem"):
    return make_spot(hands, board, dead, game=game, with_types=types)


# --- combinator -------------------------------------------------------------------

@pytest.mark.parametrize("removed,k", [(0, 1), (0, 2), (3, 2), (7, 3), (45, 4), (47, 5)])
def test_combinator_count_and_rank_equal_enumeration(removed, k):
    rng = random.Random(removed * 10 + k)
    deck = np.array(sorted(rng.sample(range(52), 52 - removed)), np.int64)
    n = len(deck)
    binom = K.binomials()
    assert binom[n, k] == math.comb(52 - removed, k)
    idx = np.arange(k, dtype=np.int64)
    seen = 0
    expected = list(combinations(range(n), k))
    sample = set(rng.sample(range(len(expected)), min(len(expected), 300)))
    while True:
        if seen in sample:
            assert tuple(idx) == expected[seen]
            assert call(K.rank_combination, idx, n, binom) == seen
            back = np.empty(k, np.int64)
            call(K.unrank_combination, seen, n, binom, back)
            assert tuple(back) == tuple(idx)
        seen += 1
        if not call(K.next_combination, idx, n):
            break
    assert seen == math.comb(n, k)


def test_combinator_rank_matches_python_twin():
    binom = K.binomials()
    for combo in [(0, 1, 2), (3, 9, 11), (10, 11, 12)]:
        assert call(K.rank_combination, np.array(combo, np.int64), 13, binom) == naive.combination_index(combo, 13)


def test_combination_masks_chunks_cover_everything_once():
    deck = np.array([c for c in range(52) if c not in (0, 13, 26)], np.int64)
    binom = K.binomials()
    total = int(binom[len(deck), 3])
    parts = []
    for lo, hi in [(0, 1000), (1000, 5000), (5000, total)]:
        out = np.empty(hi - lo, np.int64)
        call(K.combination_masks, deck, 3, lo, hi - lo, binom, out)
        parts.append(out)
    masks = np.concatenate(parts)
    want = [sum(1 << int(c) for c in combo) for combo in combinations(deck.tolist(), 3)]
    assert masks.tolist() == want


# --- exact figures ------------------------------------------------------------------

def test_strength_tables_compare_like_the_scores():
    """The 16-bit tables of the compare-only kernels order every hand value the
    way the 32-bit scores do, ties included."""
    from pokercli import evaluate as E

    _, _, scores, classes = E.kernel_tables()
    strengths = E.strength_tables()
    for cls, strength in zip(classes, strengths):
        assert strength.dtype == np.uint16 and (strength[cls == 0] == 0).all()
    # the rank table's and the flush table's values together, as hands meet at showdown
    used = [cls > 0 for cls in classes]
    sc = np.concatenate([s[u] for s, u in zip(scores, used)]).astype(np.int64)
    st = np.concatenate([s[u] for s, u in zip(strengths, used)]).astype(np.int64)
    order = np.argsort(sc, kind="stable")
    sc, st = sc[order], st[order]
    assert (np.diff(st) >= 0).all() and ((np.diff(sc) == 0) == (np.diff(st) == 0)).all()
    assert st.min() >= 1 and len(np.unique(st)) == 7462


def test_suit_symmetric_grouping_changes_nothing():
    """Deals grouped by suit renamings are fewer, stand for every deal with its
    weight, and give each player the equity that computing every deal gives."""
    j = job(["QQ,AKs", "JJ,AQs"])
    deals = X._deals(j, 1e9)
    groups = S.canonical_deals(j, deals)
    assert len(groups) < len(deals)
    assert sum(g[2] for g in groups) == len(deals)
    assert sum(g[1] for g in groups) == pytest.approx(sum(w for _, w in deals))
    grouped = X._on_threads(j, groups, 2, None)[1]
    every = X._on_threads(j, [(d, w, 1) for d, w in deals], 2, None)[1]
    assert grouped.tolist() == every.tolist()  # counts per player and winner count, exactly
    assert every[0, 1] > 0 and every[1, 1] > 0


def plain_canonical_deals(spot, deals):
    """Deal by deal: the least image of the deal (each player's cards sorted)
    under every suit renaming that keeps the board and the dead cards."""
    keep = [p for p in S._suit_perms().tolist()
            if {p[c] for c in spot.board} == set(spot.board) and {p[c] for c in spot.dead} == set(spot.dead)]
    groups = {}
    for deal, w in deals:
        key = min(tuple(tuple(sorted(p[c] for c in hand)) for hand in deal) for p in keep)
        if key in groups:
            groups[key][1] += w
            groups[key][2] += 1
        else:
            groups[key] = [deal, w, 1]
    return [tuple(g) for g in groups.values()]


@pytest.mark.parametrize("hands,board,dead,game", [(*spot, "holdem")[:4] for spot in [
    (["AKo", "QJo"], "", ""), (["QQ+,AKs:0.3", "JJ-99:0.7,AQs+"], "", ""), (["random", "AKs"], "", "2c"),
    (["AA", "KK", "QQ"], "", ""), (["AKs", "QQ"], "2c 7h 9h", ""), (["AK", "QQ", "JT"], "2c 7d 9h", "Ts"),
    (["AA", "KK", "QQ,AKs", "JJ", "TT"], "", ""),                       # five players: one integer key
    (["AA", "KK", "QQ", "JJ", "TT", "99"], "", ""),                      # six: compared player by player
    (["AKs", "KQs", "QJs", "JTs", "T9s", "98s", "87s"], "", ""),
    (["AAxx", "KKQQds"], "", "", "omaha"),                              # four cards a player
    (["AAKK:2, KKQQ", "QQJJ, JJTTds"], "", "2c", "omaha"),
    (["AKQJT", "QQJJT"], "", "", "omaha5"), (["As Ah Ks Kh Qs Qh", "JJTT98"], "", "", "omaha6"),
    (["As Ks Qh Jh", "T987r", "6543ds"], "", "", "omaha"), (["AAKx", "KKQQ"], "Ah 7c 2d", "", "omaha")]])
def test_canonical_deals_equal_a_plain_grouping(hands, board, dead, game):
    """The vectorized grouping gives the plain one's groups in the same order,
    with the same representatives, weights (summed in the same order) and sizes."""
    from pokercli.equity_calc import omaha as O

    spot = job(hands, board, dead, game=game)
    deals = (X if game == "holdem" else O)._deals(spot, 1e6)
    assert S.canonical_deals(spot, deals) == plain_canonical_deals(spot, deals)


@pytest.mark.parametrize("weights", [[1.0] * 6, [0.5, 1, 1, 0.25, 3], [2.0], [0.0, 1.0, 0.3],
                                     [random.Random(k).random() for k in range(300)]])
def test_alias_table_gives_each_combo_its_weight(weights):
    keep, other = M.alias_table(weights)
    n = len(weights)
    p = np.zeros(n)
    for j in range(n):  # column j is drawn with probability 1/n, then kept or aliased
        p[j] += keep[j] / 2**32 / n
        p[other[j]] += (1 - keep[j] / 2**32) / n
    assert np.allclose(p, np.array(weights) / sum(weights), rtol=0, atol=1e-9)
    assert (keep <= 2**32).all() and ((other >= 0) & (other < n)).all()


@pytest.mark.parametrize("hands,dead", [
    (["As Ah", "Ks Kh"], ""), (["As Ks", "Qd Jd"], ""), (["As Ks", "Qs Js"], ""),
    (["Ah Ad", "Kh Kd", "Qh Qd"], "2s"), (["As Kh", "Qs Jh"], ""), (["7c 2d", "7d 2c"], ""),
    (["As Kd", "7h 2c"], ""), (["Ah Ad", "Ks Kc", "Qh Qs"], ""), (["As 2s", "Ks 3s", "Qs 4s"], "5s")])
def test_preflop_kernels_equal_plain_enumeration(hands, dead):
    """The preflop kernel (boards by rank multiset, flush boards corrected) gives
    the counts of the plain kernel that scores every board with the general
    evaluator."""
    from pokercli._kernels import showdown as K
    from pokercli._kernels.evaluator import KEY_INIT
    from pokercli._kernels.rankboards import rank_boards5

    j = job(hands, dead=dead)
    deal = tuple(p.combos[0][0] for p in j.players)
    keys, offsets, rank_score, flush_score, _ = X.kernel_args()
    hk = np.array([int(keys[a]) + int(keys[b]) for a, b in deal], np.int64)
    hm = np.array([(1 << a) | (1 << b) for a, b in deal], np.int64)
    removed = {c for combo in deal for c in combo} | set(j.dead)
    deck = np.array([c for c in range(52) if c not in removed], np.int64)
    plain = X._run_task((K.boards5, hk, hm, deck, 0, 1, int(KEY_INIT), 0, keys, offsets,
                         rank_score, flush_score), len(deal), False)[0]
    tasks, total = X.exact_deal_tasks(j, deal, 2)
    assert tasks[0][0] is rank_boards5 and total == len(list(combinations(deck, 5)))
    fast = sum(X._run_task(t, len(deal), False)[0] for t in tasks)
    assert fast.tolist() == plain.tolist()


def test_monte_carlo_result_does_not_depend_on_threads(monkeypatch):
    j = job(["As Ah", "random"])
    results = []
    for threads in ("1", "2"):
        monkeypatch.setenv("POKERCLI_THREADS", threads)
        r = M.monte_carlo(j, stderr=0.001, seed=21)
        results.append((r.samples, [p.equity for p in r.players]))
    assert results[0] == results[1]
