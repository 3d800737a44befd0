"""Combinator and equity: exact counts, reference enumeration, Monte Carlo, CLI."""

import json
import math
import random
from itertools import combinations

import numpy as np
import pytest

import naive
from pokercli._kernels import combinator as K
from pokercli import cards as C
from pokercli import equity as Q
from pokercli import ranges as RG
from pokercli._kernels.jit import call
from pokercli.errors import InputError


def job(hands, board="", dead="", types=False):
    players = [Q.parse_player(h, i + 1) for i, h in enumerate(hands)]
    return Q.prepare(players, C.parse_cards(board, allow_empty=True),
                     C.parse_cards(dead, allow_empty=True), types)


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

    _, _, scores, classes = E._args()
    strengths = Q._strength_tables()
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


def test_aces_vs_kings_exact_counts():
    r = Q.exact(job(["As Ah", "Ks Kh"]))
    a, k = r.players
    assert r.boards == 1_712_304
    assert (a.wins, a.ties, k.wins) == (1_410_336, 9_308, 292_660)
    assert round(100 * a.equity, 3) == 82.637 and round(100 * k.equity, 3) == 17.363


def test_aces_vs_kings_other_suits():
    r = Q.exact(job(["Ac As", "Kh Kd"]))
    a = r.players[0]
    assert (a.wins, a.ties) == (1_388_072, 6_538)
    assert round(100 * a.equity, 4) == 81.2555


def test_three_way():
    r = Q.exact(job(["Ah Ad", "Ks Kc", "Qh Qs"]))
    assert [round(100 * p.equity, 3) for p in r.players] == [66.868, 18.515, 14.617]


@pytest.mark.parametrize("hands,equity", [
    (["AA", "KK"], 81.946), (["As Ah", "KK"], 81.946),
    (["AA", "QQ,22"], 81.882), (["As Ah", "QQ,22"], 81.882)])
def test_ranges_exact(hands, equity):
    r = Q.exact(job(hands))
    assert round(100 * r.players[0].equity, 3) == equity
    assert abs(sum(p.equity for p in r.players) - 1) < 1e-12


def test_categories_sum_to_one_and_match_reference_on_turn():
    r = Q.exact(job(["As Ah", "Kd Qd"], board="2d 7d 9h Ks", types=True))
    for p in r.players:
        assert abs(sum(p.types.values()) - 1) < 1e-12
    # on the turn every river card is enumerated: count flush outcomes by hand
    deck = [c for c in range(52) if c not in C.parse_cards("As Ah Kd Qd 2d 7d 9h Ks")]
    from pokercli import reference as R
    flushes = sum(R.type_name(R.score(C.parse_cards("Kd Qd 2d 7d 9h Ks") + [c])) == "FLUSH" for c in deck)
    assert round(r.players[1].types["FLUSH"] * len(deck)) == flushes


CASES = [
    (["As Kd", "7h 7c"], "2c 8d Th", ""),
    (["Qs Qh", "Ah Kh", "9c 8c"], "Jh Tc 2h 3s", ""),
    (["5s 5d", "Ac Qc", "Kh Jh", "2s 3s"], "4s 6c Td", "9h"),
    (["AKs", "QQ,JJ"], "As 7c 2d 9s", ""),
    (["TT+:0.5,AhQh", "Kc Kd", "22-44,A5s:2"], "2c 3c 4c 5d", "6h 7h 8h 9h Tc Jc"),
]


@pytest.mark.parametrize("hands,board,dead", CASES)
def test_exact_equals_reference_enumeration(hands, board, dead):
    j = job(hands, board, dead)
    r = Q.exact(j)
    want_eq, wins, ties, total = naive.equity([p.combos for p in j.players], j.board, j.dead)
    assert r.boards == pytest.approx(total)
    for p, e, w, t in zip(r.players, want_eq, wins, ties):
        assert p.equity == pytest.approx(e, abs=1e-12)
        assert p.wins == pytest.approx(w) and p.ties == pytest.approx(t)


def test_random_spots_equal_reference():
    rng = random.Random(11)
    for _ in range(6):
        players = rng.randint(2, 4)
        cards = rng.sample(range(52), 2 * players + 4)
        hands = [C.format_cards(cards[2 * i:2 * i + 2]) for i in range(players)]
        board = C.format_cards(cards[2 * players:2 * players + rng.choice([3, 4])])
        j = job(hands, board)
        r = Q.exact(j)
        want, *_ = naive.equity([p.combos for p in j.players], j.board)
        assert [p.equity for p in r.players] == pytest.approx(want, abs=1e-12)


def test_suit_symmetric_grouping_changes_nothing():
    j = job(["QQ,AKs", "JJ,AQs"])
    deals = Q._deals(j, 1e9)
    groups = Q.canonical_deals(j, deals)
    assert len(groups) < len(deals)
    assert sum(g[2] for g in groups) == len(deals)
    assert sum(g[1] for g in groups) == pytest.approx(sum(w for _, w in deals))


# --- Monte Carlo --------------------------------------------------------------------

def test_monte_carlo_close_to_exact_and_reproducible():
    j = job(["As Ah", "Ks Kh"])
    exact = Q.exact(j).players[0].equity
    a = Q.monte_carlo(j, samples=400_000, seed=5)
    b = Q.monte_carlo(j, samples=400_000, seed=5)
    assert [p.equity for p in a.players] == [p.equity for p in b.players]
    assert abs(a.players[0].equity - exact) < 4 * a.players[0].stderr
    assert a.samples == 400_000 and a.method == "monte-carlo"


def test_monte_carlo_ranges_and_dead_cards_close_to_exact():
    j = job(["AKs,QQ", "JJ-99", "KQ,A2s+"], board="Qs 7s 2d", dead="3c")
    exact = Q.exact(j)
    mc = Q.monte_carlo(j, samples=300_000, seed=9)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr + 1e-9


@pytest.mark.parametrize("hands,board", [
    (["7c 6c", "Ad Kd"], "8c 9d 2h 3s"),           # one card to come
    (["As Ks", "random"], "2s 3h 9c 4d"),          # a ranged player's cards refused on the river
    (["Ah Ad", "Ks Kc", "Qh Qs"], ""),             # multiway, five cards to come
    (["QQ+,AKs", "JJ-99,AQs+"], ""),               # ranges, five cards to come
    (["AA:0.5,KK,QQ:0.25", "AKs,AQo:0.3,JJ"], ""),  # weighted ranges
])
def test_monte_carlo_board_draws_match_exact(hands, board):
    """A million samples: every player within 4 standard errors (about 0.002) of
    the exact equity, for each way the board draw can go (1-5 cards, fixed and
    ranged players)."""
    j = job(hands, board=board)
    exact = Q.exact(j)
    mc = Q.monte_carlo(j, samples=1_000_000, seed=13)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


@pytest.mark.parametrize("weights", [[1.0] * 6, [0.5, 1, 1, 0.25, 3], [2.0], [0.0, 1.0, 0.3],
                                     [random.Random(k).random() for k in range(300)]])
def test_alias_table_gives_each_combo_its_weight(weights):
    keep, other = Q.alias_table(weights)
    n = len(weights)
    p = np.zeros(n)
    for j in range(n):  # column j is drawn with probability 1/n, then kept or aliased
        p[j] += keep[j] / 2**32 / n
        p[other[j]] += (1 - keep[j] / 2**32) / n
    assert np.allclose(p, np.array(weights) / sum(weights), rtol=0, atol=1e-9)
    assert (keep <= 2**32).all() and ((other >= 0) & (other < n)).all()


def test_monte_carlo_stops_at_stderr_target():
    r = Q.monte_carlo(job(["As Ah", "random"]), stderr=0.002, seed=1)
    assert max(p.stderr for p in r.players) <= 0.002
    assert r.samples < 1_000_000


def test_monte_carlo_interrupt_keeps_result():
    calls = []

    def progress(done, total, se):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    r = Q.monte_carlo(job(["As Ah", "Ks Kh"]), samples=5_000_000, seed=2, progress=progress)
    assert r.interrupted and 0 < r.samples < 5_000_000
    assert abs(r.players[0].equity - 0.8264) < 0.01


# --- ranges -------------------------------------------------------------------------

@pytest.mark.parametrize("text,count", [
    ("QQ", 6), ("QQ+", 18), ("TT-77", 24), ("77-TT", 24), ("AKs", 4), ("AKo", 12), ("AK", 16),
    ("A2s+", 48), ("KTo+", 36), ("A5s-A2s", 16), ("AhKh", 1), ("random", 1326), ("xx", 1326),
    ("QQ+,AKs", 22), ("JJ-99,AQs+", 26), ("AA AKs", 10), ("AsKs,AKs", 4)])
def test_range_sizes(text, count):
    assert len(RG.parse_range(text)) == count


def test_range_weights_and_override():
    r = dict(RG.parse_range("AA:0.5,AsAh:1"))
    assert sorted(r.values()) == [0.5] * 5 + [1.0]
    assert RG.class_name(C.parse_cards("As Ah")) == "AA"
    assert RG.class_name(tuple(C.parse_cards("As Ks"))) == "AKs"


@pytest.mark.parametrize("text,fragment", [
    ("QQs", "pair is neither"), ("AK-QJ", "keeps its top card"), ("AKs-AQo", "suited, offsuit"),
    ("AA:x", "not a number"), ("AA:0", "from 0.000001 to 1000000"), ("ZZ", "is not a hand class"), ("", "empty range")])
def test_range_errors(text, fragment):
    with pytest.raises(InputError, match=fragment):
        RG.parse_range(text)


def test_range_grid_layout():
    g = RG.grid(RG.parse_range("AKs,AKo,QQ"))
    assert g[0][1][:2] == (4, 4) and g[1][0][:2] == (12, 12) and g[2][2][:2] == (6, 6)
    assert RG.grid_label(0, 1) == "AKs" and RG.grid_label(1, 0) == "AKo" and RG.grid_label(2, 2) == "QQ"


# --- CLI ----------------------------------------------------------------------------

def test_cli_equity_json(cli):
    code, out, err = cli("equity", "AsAh", "KsKh", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["method"] == "exact" and doc["boards"] == 1_712_304
    assert [p["hand"] for p in doc["players"]] == ["As Ah", "Ks Kh"]
    assert [p["wins"] for p in doc["players"]] == [1_410_336, 292_660]
    assert set(doc["players"][0]) >= {"hand", "win", "tie", "equity"}


def test_cli_equity_monte_carlo_json(cli):
    code, out, _ = cli("equity", "AsAh", "random", "--samples", "200000", "--seed", "4", "--json")
    doc = json.loads(out)
    assert doc["method"] == "monte-carlo" and doc["samples"] == 200_000 and doc["stderr"] > 0
    code, out2, _ = cli("equity", "AsAh", "random", "--samples", "200000", "--seed", "4", "--json")
    assert json.loads(out2)["players"] == doc["players"]


def test_cli_equity_plain_and_rich(cli):
    code, out, _ = cli("equity", "AhAd", "KsKc", "QhQs")
    lines = out.splitlines()
    assert "method: exact" in lines
    assert any(l.startswith("Ah Ad\t") and "\t66.8679\t" in l for l in lines)
    code, out, _ = cli("equity", "AhAd", "KsKc", "--categories", terminal=True)
    assert "\x1b[" in out and "final hand type" in out and "█" in out


def test_cli_falls_back_to_monte_carlo_and_says_so(cli):
    code, out, _ = cli("equity", "random", "random", "--json", "--seed", "1", "--stderr", "0.003")
    assert json.loads(out)["method"] == "monte-carlo"
    code, out, _ = cli("equity", "random", "random", "--seed", "1")
    assert "method: monte-carlo" in out and "sampled instead" in out


@pytest.mark.parametrize("args,fragment", [
    (("equity", "AsAh", "AsKd"), "'As' appears in both hand 1 and hand 2"),
    (("equity", "AsAh", "KsKd", "--board", "Ah 2c 3d"), "'Ah' appears in both board and hand 1"),
    (("equity", "AsAh", "KsKd", "--board", "2c 3d"), "board '2c 3d' has 2 cards"),
    (("equity", "AsAh", "KsKd", "--board", "2c 3d 4h 5s 6c 7d"), "has 6 cards"),
    (("equity", "AsAh"), "at least 2 players"),
    (("equity", *["random"] * 24), "need 53 cards"),
    (("equity", "AsAh", "QQ++"), "player 2"),
    (("equity", "AsAh", "AsKs,AhKh"), "empty once the board"),
    (("equity", "AsAh", "KsKd", "Qs"), "hand 3 'Qs' has 1 cards"),
    (("equity", "random", "random", "random", "--exact"), "drop --exact"),
    (("equity", "AsAh", "KsKd", "--exact", "--samples", "10"), "cannot be combined"),
    (("equity", "AsAh", "KsKd", "--stderr", "2"), "--stderr"),
    (("range", "QQ++"), "is not a hand class"),
])
def test_cli_equity_errors(cli, args, fragment):
    code, out, err = cli(*args)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert fragment in err


def test_cli_range_grid(cli):
    code, out, _ = cli("range", "QQ+,AKs", "--json")
    doc = json.loads(out)
    assert doc["combos"] == 22 and doc["grid"][0][1]["hand"] == "AKs" and doc["grid"][0][1]["combos"] == 4
    code, out, _ = cli("range", "QQ+,AKs")
    assert "combos: 22 of 1326 (1.66%)" in out
    code, out, _ = cli("range", "QQ+,AKs,A5s:0.5", terminal=True)
    assert "\x1b[" in out and "AKs" in out


def test_ctrl_c_during_monte_carlo_prints_partial_result(cli):
    """Ctrl-C (KeyboardInterrupt in the main thread, as SIGINT raises it) while sampling."""
    import _thread
    import threading

    Q.monte_carlo(job(["As Ah", "Ks Kh"]), samples=1000, seed=1)  # kernels loaded and warm
    timer = threading.Timer(1.5, _thread.interrupt_main)
    timer.start()
    try:
        code, out, err = cli("equity", "AsAh", "KsKh", "--samples", "2000000000", "--seed", "3", "--json")
    finally:
        timer.cancel()
    assert code == 130, err
    doc = json.loads(out)
    assert doc["interrupted"] is True and 0 < doc["samples"] < 2_000_000_000
    assert "interrupted" in err and "Traceback" not in err


@pytest.mark.parametrize("hands,dead", [
    (["As Ah", "Ks Kh"], ""), (["As Ks", "Qd Jd"], ""), (["As Ks", "Qs Js"], ""),
    (["Ah Ad", "Kh Kd", "Qh Qd"], "2s"), (["As Kh", "Qs Jh"], ""), (["7c 2d", "7d 2c"], ""),
    (["As Kd", "7h 2c"], ""), (["Ah Ad", "Ks Kc", "Qh Qs"], ""), (["As 2s", "Ks 3s", "Qs 4s"], "5s")])
def test_preflop_kernels_equal_plain_enumeration(hands, dead):
    """The heads-up and winner-pattern kernels (flush shortcuts, boards merged by
    interchangeable suits, split for two threads) give the counts of the plain
    kernel that scores every board with the general evaluator."""
    from pokercli._kernels import showdown as K
    from pokercli._kernels.evaluator import KEY_INIT

    j = job(hands, dead=dead)
    deal = tuple(p.combos[0][0] for p in j.players)
    keys, offsets, rank_score, flush_score, _ = Q._kernel_args()
    hk = np.array([int(keys[a]) + int(keys[b]) for a, b in deal], np.int64)
    hm = np.array([(1 << a) | (1 << b) for a, b in deal], np.int64)
    removed = {c for combo in deal for c in combo} | set(j.dead)
    deck = np.array([c for c in range(52) if c not in removed], np.int64)
    plain = Q._run_task((K.boards5, hk, hm, deck, 0, 1, int(KEY_INIT), 0, keys, offsets,
                         rank_score, flush_score), len(deal), False)[0]
    tasks, total = Q._deal_tasks(j, deal, 2)
    assert tasks[0][0] is (K.headsup_boards5 if len(deal) == 2 else K.pattern_boards5)
    fast = sum(Q._run_task(t, len(deal), False)[0] for t in tasks)
    assert fast.tolist() == plain.tolist()


def test_board_symmetry_orbits():
    # c and d interchangeable (one pair): a board stands for 2 boards unless both rank sets agree
    sym_hi, sym_lo, eq_a, eq_b, orbit = Q.board_symmetry((-1, -1, -1, 2))
    assert sym_hi[39] == 39 and sym_lo[39] == 26 and sym_hi[0] == sym_lo[0] == 52
    assert orbit[0b110] == 2 and orbit[0b111] == 1  # bit 0: the one link; bits 1-2 unused
    # h, c, d interchangeable (a chain of three): 3! / runs
    _, _, _, _, orbit = Q.board_symmetry((-1, -1, 0, 2))
    assert orbit[0b100] == 6 and orbit[0b101] == 3 and orbit[0b110] == 3 and orbit[0b111] == 1
    # two pairs (h,s) and (c,d)
    _, _, _, _, orbit = Q.board_symmetry((-1, 0, -1, 2))
    assert orbit[0b100] == 4 and orbit[0b101] == 2 and orbit[0b111] == 1


def test_interchangeable_suits():
    assert Q.interchangeable_suits(job(["As Ah", "Ks Kh"]), (C.parse_cards("As Ah"), C.parse_cards("Ks Kh"))) == [-1, 0, -1, 2]
    three = job(["As Ks", "Qs Js"])
    assert Q.interchangeable_suits(three, (tuple(C.parse_cards("As Ks")), tuple(C.parse_cards("Qs Js")))) == [-1, -1, 0, 2]


def test_monte_carlo_result_does_not_depend_on_threads(monkeypatch):
    j = job(["As Ah", "random"])
    results = []
    for threads in ("1", "2"):
        monkeypatch.setenv("POKERCLI_THREADS", threads)
        r = Q.monte_carlo(j, stderr=0.001, seed=21)
        results.append((r.samples, [p.equity for p in r.players]))
    assert results[0] == results[1]
