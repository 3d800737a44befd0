"""Three-handed push/fold: the pots paid by hand, the deal counts and the
sampled three-way table against brute force and the exact equity engine,
every decision's values against the ending-by-ending sums of
``tests/naive.py``, the equilibrium checked as a best response for each
player, and the command line."""

import itertools
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

import pokercli
from pokercli import push_fold_table as T
from pokercli.classes import class_index
from pokercli.errors import PokerError
from pokercli.ranges import class_combos_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import naive  # noqa: E402

SMALL = 16  # sampled deals a class triple in these tests: the solver reads whatever table it is given


# ------------------------------------------------------------------ pots


@pytest.mark.parametrize("stacks, ante, history, places, want", [
    # everyone all in, the button best: it takes every chip
    ((10, 10, 10), 0, "PPP", (0, 1, 2), [30, 0, 0]),
    # 10 / 8 / 5: the BB's best hand takes the main pot (3 x 5), the button
    # beats the SB for the side pot (2 x 3); the button's last 2 chips come back
    ((10, 8, 5), 0, "PPP", (1, 2, 0), [8, 0, 15]),
    # the same with the SB best: main pot and side pot to the SB
    ((10, 8, 5), 0, "PPP", (2, 0, 1), [2, 21, 0]),
    # the button and the BB tie for the main pot; the button wins the side pot
    ((10, 8, 5), 0, "PPP", (0, 1, 0), [2 + 7.5 + 6, 0, 7.5]),
    # ante 0.5: the SB folds its 1 (0.5 blind and ante) into the pot the BB wins
    ((10, 8, 5), 0.5, "PFP", (1, 0), [5, 7, 11]),
    # a push nobody calls takes the blinds and antes
    ((10, 8, 5), 0.25, "PFF", (0,), [10 + 0.75 + 1.25, 8 - 0.75, 5 - 1.25]),
    # a walk: the BB takes the button's ante and the small blind
    ((10, 8, 5), 0.25, "FF", (0,), [9.75, 7.25, 5 + 1]),
    # the SB all in against the BB, tied: each gets back what it put in
    ((10, 8, 5), 0, "FPP", (0, 0), [10, 8, 5]),
])
def test_final_stacks_by_hand(stacks, ante, history, places, want):
    got = T.final_stacks(stacks, ante, history, places)
    assert got == pytest.approx(want)
    assert math.fsum(got) == pytest.approx(sum(stacks))


def test_chips_are_kept_in_every_ending():
    rng = np.random.default_rng(5)
    _, terminals = T.game_tree()
    for _ in range(200):
        stacks = list(rng.uniform(1.5, 30, 3).round(2))
        ante = float(rng.choice([0, 0.1, 0.5]))
        for h in terminals:
            players = T.in_hand(h)
            for order in T.weak_orders(len(players)):
                final = T.final_stacks(stacks, ante, h, order)
                assert math.fsum(final) == pytest.approx(sum(stacks))
                assert min(final) >= -1e-9
                # the best hand never ends with less than it would folding nothing
                best = [p for p, o in zip(players, order) if o == 0]
                for p in best:
                    assert final[p] >= stacks[p] - 1e-9 or len(best) > 1


def test_prize_equity_is_icm_and_busted_players_place_by_their_stack():
    assert [round(x, 2) for x in T.prize_equity([50, 30, 20], [50, 30, 20], [70, 30])] == [45.18, 32.25, 22.57]
    got = T.prize_equity([198, 1, 1], [198, 1, 1], [50, 30, 20])
    assert [round(x, 2) for x in got] == [49.80, 25.10, 25.10]
    want = [float(x) for x in naive.icm_equity([12, 11], [50, 30])]
    assert T.prize_equity([12, 11, 0], [5, 8, 10], [50, 30, 20]) == pytest.approx(want + [20])
    # two busted in one hand: the larger stack before it takes the higher place
    assert T.prize_equity([23, 0, 0], [10, 8, 5], [50, 30, 20]) == pytest.approx([50, 30, 20])
    assert T.prize_equity([23, 0, 0], [10, 5, 5], [50, 30, 20]) == pytest.approx([50, 25, 25])


# ------------------------------------------------------------------ equities


def _combos(name):
    return [tuple(sorted(c)) for c in class_combos_of(name)]


@pytest.mark.parametrize("names", [("AA", "AA", "KK"), ("AKs", "AKo", "QQ"), ("72o", "72o", "72o"),
                                   ("AA", "AA", "AA"), ("T9s", "98s", "A9o")])
def test_triple_deals_count_every_deal(names):
    deals = T.triple_deals()
    want = sum(1 for x, y, z in itertools.product(*(_combos(n) for n in names))
               if len(set(x) | set(y) | set(z)) == 6)
    i = class_index()
    assert deals[i[names[0]], i[names[1]], i[names[2]]] == want
    assert float(deals.sum(dtype=np.float64)) == 1326 * 1225 * 1128


def test_triple_table_is_seeded_and_split_free():
    from pokercli._kernels import triples as K
    from pokercli._kernels.lookup import kernel_tables, strength_tables

    cards, start, count, _ = T.class_layout()
    tri = T.sorted_triples()[:40]
    index = np.full(27, -1, np.int64)
    for k, d in enumerate(T.weak_orders(3)):
        index[9 * d[0] + 3 * d[1] + d[2]] = k
    keys, offsets, _, _ = kernel_tables()
    rank, flush = strength_tables()

    def run(first, n, seed):
        out = np.zeros((n, 13), np.uint16)
        K.triple_outcomes(tri, first, cards, start, count, index, seed, 64, keys, offsets, rank, flush, out)
        return out

    whole = run(0, 40, 3)
    deals = T.triple_deals()[tri[:, 0], tri[:, 1], tri[:, 2]]
    assert (deals == 0).any() and (deals > 0).any()  # AA AA AA has no deal; AA AA KK has
    assert (whole.sum(axis=1) == np.where(deals > 0, 64, 0)).all()
    assert (np.vstack([run(0, 17, 3), run(17, 23, 3)]) == whole).all()
    assert (run(0, 40, 4) != whole).any()


@pytest.mark.parametrize("names", [("AA", "KK", "QQ"), ("AKs", "AKo", "QQ"), ("22", "T9s", "A5o")])
def test_sampled_three_way_shares_match_the_exact_engine(names):
    """20,000 sampled deals of one triple give each seat's pot share within
    four standard errors of the exact three-way equity of the three classes."""
    from pokercli._kernels import triples as K
    from pokercli._kernels.lookup import kernel_tables, strength_tables

    cards, start, count, _ = T.class_layout()
    i = class_index()
    seats = [i[n] for n in names]
    tri = np.array([seats], np.int64)  # the kernel takes any seat order
    index = np.full(27, -1, np.int64)
    orders = T.weak_orders(3)
    for k, d in enumerate(orders):
        index[9 * d[0] + 3 * d[1] + d[2]] = k
    keys, offsets, _, _ = kernel_tables()
    rank, flush = strength_tables()
    n = 20_000
    out = np.zeros((1, 13), np.uint16)
    K.triple_outcomes(tri, 0, cards, start, count, index, 7, n, keys, offsets, rank, flush, out)
    shares = np.array([[1 / o.count(0) if o[s] == 0 else 0.0 for s in range(3)] for o in orders])
    p = out[0] / n
    mean = p @ shares
    se = np.sqrt(np.maximum(p @ shares ** 2 - mean ** 2, 1e-12) / n)
    exact = [x.equity for x in pokercli.equity(list(names)).players]
    assert np.all(np.abs(mean - exact) < 4 * se), (mean, exact, se)


# ------------------------------------------------------------------ the equilibrium


#: The tests' solves stop at 1e-3 bb a hand (the default is 2e-5): fewer
#: iterations, and the best-response check holds them to it all the same.
LOOSE = 1e-3


@pytest.fixture(scope="module")
def icm_result():
    return T.pushfold_table([10, 8, 5], payouts=[50, 30, 20], ante=0.125, samples=SMALL,
                            tolerance=LOOSE * 100 / 23)


@pytest.fixture(scope="module")
def chip_result():
    return T.pushfold_table("10,8,5", ante=0.125, samples=SMALL, tolerance=LOOSE)


@pytest.mark.parametrize("which", ["icm_result", "chip_result"])
def test_every_player_is_at_a_best_response(which, request):
    """Each decision's values summed ending by ending (tests/naive.py) equal
    the solver's, and no player gains more than the tolerance by its best
    response: the exploitability reported is the one recomputed (ICM and
    chip EV, with antes and side pots)."""
    r = request.getfixturevalue(which)
    strategy = {d.decision: d.frequencies for d in r.ranges}
    values, total = naive.pushfold3_values(r.stacks, r.ante, r.payouts, strategy, SMALL)
    gain = 0.0
    for name, (v_play, v_fold) in values.items():
        f = np.array(strategy[name])
        gain += float((np.maximum(v_play, v_fold) - (f * v_play + (1 - f) * v_fold)).sum())
    gain /= total
    assert gain == pytest.approx(r.exploitability, rel=1e-3, abs=1e-9)
    assert 0 <= gain < (LOOSE if r.payouts is None else LOOSE * 100 / 23)


def test_values_add_up(icm_result, chip_result):
    assert sum(chip_result.evs) == pytest.approx(0, abs=1e-6)
    assert sum(icm_result.evs) == pytest.approx(100, abs=1e-4)
    assert sum(icm_result.before) == pytest.approx(100)


def test_the_blinds_alone_play_near_heads_up_nash():
    """When the button folds, the blinds play heads-up: their ranges are the
    heads-up equilibrium's but for the button's folded cards."""
    r = T.pushfold_table([10, 10, 10], samples=SMALL, tolerance=LOOSE)
    hu = pokercli.pushfold(10)
    assert abs(r.decision("SB push").share - hu.push_share) < 0.015
    assert abs(r.decision("BB call SB").share - hu.call_share) < 0.015
    # the button faces two players: it pushes less than the small blind heads-up
    assert r.decision("BTN push").share < r.decision("SB push").share - 0.1
    # calling an all-in with a player still to act behind is tighter than calling alone
    assert r.decision("SB call BTN").share < r.decision("BB call BTN").share


def test_icm_calls_tighter_than_chip_ev(icm_result, chip_result):
    chips = chip_result
    for name in ("SB call BTN", "BB call BTN", "BB call BTN+SB", "BB call SB"):
        assert icm_result.decision(name).share < chips.decision(name).share


def test_ranges_and_json(icm_result):
    d = icm_result.to_dict()
    json.dumps(d)
    assert d["positions"] == ["BTN", "SB", "BB"] and d["payouts"] == [50, 30, 20]
    assert set(d["decisions"]) == {"btn_push", "sb_call_btn", "sb_push", "bb_call_btn", "bb_call_btn_sb",
                                   "bb_call_sb"}
    assert icm_result.decision("BB call BTN+SB").frequency("AA") == 1.0
    assert icm_result.decision("bb call btn+sb").frequency("72o") == 0.0
    for r in icm_result.ranges:
        if r.range:
            combos = pokercli.parse_range(r.range)
            weight = sum(w for _, w in combos)
            assert weight / 1326 == pytest.approx(r.share, abs=5e-4)


@pytest.mark.parametrize("kwargs, what", [
    (dict(stacks=[10, 8]), "stacks"), (dict(stacks=[10, 8, 5, 4, 3]), "stacks"),
    (dict(stacks=[10, 0.5, 5]), "stacks"), (dict(stacks="10,x,5"), "stacks"),
    (dict(stacks=[10, 8, 5], ante=-1), "ante"), (dict(stacks=[10, 8, 5], payouts=[0]), "payouts"),
    (dict(stacks=[10, 8, 5], payouts=[5, 4, 3, 2]), "payouts"),
    (dict(stacks=[10, 8, 5], payouts=[30, 50, 20]), "payouts"), (dict(stacks=[10, 8, 5], payouts="0,5"), "payouts"),
    (dict(stacks=[10, 8, 5], samples=0), "samples"), (dict(stacks=[10, 8, 5], tolerance=0), "tolerance"),
    (dict(stacks=[10, 8, 5], max_iterations=0), "max_iterations"),
])
def test_bad_input_names_the_parameter(kwargs, what):
    with pytest.raises(PokerError) as e:
        T.pushfold_table(**kwargs)
    assert what in str(e.value)


# ------------------------------------------------------------------ the command


def test_three_handed_command(cli):
    code, out, err = cli("pushfold", "--stacks", "10,8,5", "--payouts", "50,30,20", "--tolerance", "0.004")
    assert code == 0, err
    # nothing on stderr but, with a fresh cache, the first run's notes (compiling, building tables)
    assert all(line.startswith(("pokercli: compil", "pokercli: building")) for line in err.splitlines()), err
    lines = out.splitlines()
    assert lines[0].startswith("three-handed push/fold: stacks BTN 10, SB 8, BB 5 bb") and "ICM" in lines[0]
    assert lines[3] == "decision\tshare\trange"
    assert [line.split("\t")[0] for line in lines[4:]] == ["BTN push", "SB call BTN", "BB call BTN+SB",
                                                           "BB call BTN", "SB push", "BB call SB"]
    assert lines[6].split("\t")[2].startswith("QQ+")
    code, out, _ = cli("pushfold", "--stacks", "10 10 10", "--ante", "0.1", "--tolerance", "1e-3", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["stacks"] == [10, 10, 10] and doc["ante"] == 0.1 and doc["payouts"] is None
    assert doc["ev"]["BTN"] + doc["ev"]["SB"] + doc["ev"]["BB"] == pytest.approx(0, abs=1e-6)
    assert doc["exploitability"] < 1e-3 and len(doc["decisions"]["sb_push"]["frequencies"]) == 169


def test_ctrl_c_stops_the_three_way_table_and_the_solve(tmp_path):
    """With an empty cache the command first builds the three-way table on
    worker threads (several seconds), then solves: a Ctrl-C in
    either stops it within two seconds, and a stopped build leaves no table
    behind."""
    import os
    import time

    from conftest import interrupt_after

    fresh = dict(os.environ, POKERCLI_CACHE_DIR=str(tmp_path / "cache"))
    # a tolerance no solve reaches: it runs its 5,000 iterations (a minute or more) unless stopped
    command = ("pushfold", "--stacks", "30,30,30", "--payouts", "65,35", "--tolerance", "1e-9", "--json")

    def interrupted_after(seconds, env):
        def running(proc):
            time.sleep(seconds)
            assert proc.poll() is None

        code, took, out, err = interrupt_after(command, running, 30, env)
        assert code == 130 and took < 2, (took, err)
        assert "Traceback" not in err and out == ""

    def tables():
        return list((tmp_path / "cache").glob("preflop-triples-*"))

    interrupted_after(1.5, fresh)  # on the empty cache: compiling, or building the evaluator's tables or this table
    assert tables() == []
    # the test run's own cache, where the command test above left the table: solving
    interrupted_after(4.0, dict(os.environ))
