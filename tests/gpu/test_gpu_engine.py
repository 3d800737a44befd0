"""The GPU engine without a GPU: its kernels on Numba's CUDA simulator (tiny jobs,
equal to the CPU engine's counts), its host code with a CPU stand-in for the
kernel, the engine's choice and its refusals. Tests that need a real device
are at the end, skipped without one (``benchmarks/bench_gpu.py`` checks and
times the engine on a device)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pokercli
from pokercli import gpu

HERE = Path(__file__).parent
DEAD = "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th 2s 3s 4s 5s 6s 7s 8s"


def counts(r):
    return [[p.wins, p.ties, p.total] for p in r.players]


@pytest.fixture(scope="module")
def simulated():
    pytest.importorskip("numba.cuda")
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1"}
    r = subprocess.run([sys.executable, str(HERE / "sim_jobs.py")], capture_output=True, text=True,
                       env=env, timeout=900)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def test_simulated_exact_counts_equal_the_cpu_engine(simulated):
    sys.path.insert(0, str(HERE))
    from sim_jobs import SHORT_DEAD

    assert simulated["status"][0] is True
    cpu = {
        "class pair": pokercli.equity(["AKs", "QQ"], dead=DEAD, method="exact", engine="cpu"),
        "class triple": pokercli.equity(["AKs", "QQ", "JJ"], dead=DEAD, method="exact", engine="cpu"),
        "four hands": pokercli.equity(["AsKs", "QhQd", "JcJd", "Js9s"], dead=DEAD.replace(" 8s", ""),
                                      method="exact", engine="cpu"),
        "flop ranges": pokercli.equity(["AA,KK", "QQ,JJ"], board="Ac Kd Qs", dead=DEAD[:-6],
                                       method="exact", engine="cpu"),
        "short deck": pokercli.equity(["AsKs", "JhJd"], dead=SHORT_DEAD,
                                      game="shortdeck", method="exact", engine="cpu"),
    }
    for name, r in cpu.items():
        assert simulated["exact"][name] == counts(r), name
        assert r.players[0].total > 0


def test_simulated_four_handed_push_fold_equals_the_cpu_kernel(simulated):
    """Four-handed push/fold's pass over the deals on the GPU kernel (chip EV
    with side pots and antes, ICM): every decision's values and every seat's
    payoff those of the CPU kernel on the same deals, but for the order of the
    additions; and a short solve on the GPU engine the CPU engine's."""
    sys.path.insert(0, str(HERE))
    from sim_jobs import PUSHFOLD_SPOTS, pushfold_strategy

    from pokercli import push_fold_table as T

    for (stacks, ante, payouts), got in zip(PUSHFOLD_SPOTS, simulated["pushfold four"]["values"]):
        game = T._Game4(stacks, ante, payouts, 300, 3)
        values, ev = game.values(pushfold_strategy(game))
        assert np.abs(values).max() > 1
        np.testing.assert_allclose(got["out"], values, rtol=1e-12, atol=1e-9)
        np.testing.assert_allclose(got["ev"], ev, rtol=1e-12, atol=1e-9)
    r = pokercli.pushfold_table([10, 10, 8, 5], deals=1000, max_iterations=2, engine="cpu")
    np.testing.assert_allclose(simulated["pushfold four"]["solve"], [d.frequencies for d in r.ranges],
                               atol=1e-9)


def test_simulated_stud_and_draw_games_equal_the_cpu_engine(simulated):
    """Razz, stud three-handed, stud hi-lo (high, low and scoop counts), a
    deuce-to-seven draw and badugi, exact on the GPU engine's stud kernel:
    every field of the result the CPU engine's."""
    sys.path.insert(0, str(HERE))
    from sim_jobs import STUD_SPOTS, doc

    for name, (game, players, dead) in STUD_SPOTS.items():
        cpu = doc(pokercli.equity(players, dead=dead, game=game, method="exact", engine="cpu"))
        got = simulated["stud exact"][name]
        assert got == json.loads(json.dumps(cpu)), name
        assert cpu["method"] == "exact" and cpu["players"][0]["total"] > 0
    for name in ("razz", "stud-hilo"):  # the same jobs in many launches of 16 combinations
        assert simulated["stud exact"][f"{name}, short launches"] == simulated["stud exact"][name], name
    game, players, dead = STUD_SPOTS["stud three"]
    cpu = doc(pokercli.equity(players, dead=dead, game=game, method="exact", engine="cpu", categories=True))
    assert simulated["stud exact"]["stud three, types"] == json.loads(json.dumps(cpu))
    assert "categories" in json.dumps(cpu) or "types" in json.dumps(cpu)


def test_stud_launches_cover_every_combination_once():
    """The pieces a stud job is launched in: each a whole number of threads'
    runs (but the last), together every combination once, none over the cap."""
    for total, ways, players in ((190, 2, 2), (260_932_815, 70, 2), (1, 1, 8), (10 ** 6, 3_432, 8)):
        for per_thread in (8, 256):
            pieces = gpu.stud_launches(total, ways, players, per_thread)
            assert pieces[0][0] == 0 and sum(c for _, c in pieces) == total
            assert all(a + c == b for (a, c), (b, _) in zip(pieces, pieces[1:]))
            assert all(c % per_thread == 0 for _, c in pieces[:-1])
            if len(pieces) > 1:
                assert max(c for _, c in pieces) * ways * players <= gpu.STUD_LAUNCH_HANDS
    assert len(gpu.stud_launches(260_932_815, 70, 2, 256)) > 1  # razz from third street: several


def test_the_stud_gpu_engine_refuses_what_it_does_not_do():
    with pytest.raises(pokercli.PokerError, match="Monte Carlo runs on the CPU") as e:
        pokercli.equity(["(As 2d) 3h", "(Kc 3d) 4s"], game="razz", samples=1000, seed=1, engine="gpu")
    assert e.value.param == "engine"
    if gpu.status()[0]:
        return  # with a GPU the exact job runs (the device tests below check it)
    with pytest.raises(pokercli.PokerError) as e:  # no GPU here: the one line says so
        pokercli.equity(["As 2d 3h 4c 9h Kd", "Kc 3d 4s 6h 7h 8d"], game="razz", method="exact", engine="gpu")
    assert e.value.param == "engine"


def test_simulated_preflop_kernel_counts_every_board(simulated):
    """Random preflop deals of 2 and 3 players on a 10-card deck (45 deals: two
    groups of 32 lanes, the second padded): the preflop kernel with its tables
    in shared memory and in device memory, and the general kernel, each give
    every deal's boards by winner pattern as a plain enumeration with the
    reference evaluator does."""
    from itertools import combinations

    from pokercli import reference as R

    for players, got in simulated["deals"].items():
        players = int(players)
        expected = []
        for cards in got["cards"]:
            hands = [cards[2 * p:2 * p + 2] for p in range(players)]
            tally = [0] * (1 << players)
            for board in combinations(cards[2 * players:], 5):
                scores = [R.score(h + list(board)) for h in hands]
                tally[sum(1 << p for p, s in enumerate(scores) if s == max(scores))] += 1
            expected.append(tally)
        assert got["shared"] == expected
        assert got["device memory"] == expected
        assert got["general"] == expected


def test_simulated_monte_carlo_is_reproducible_and_right(simulated):
    mc = simulated["monte carlo"]
    assert mc["samples"] == 3000 and mc["equity"] == mc["again"] and "GPU" in mc["note"]
    # the tables in device memory instead of shared memory: the same samples, the same counts
    assert simulated["monte carlo device memory"] == mc["equity"]
    exact = pokercli.equity(["AsAh", "QQ,JJ", "random"], board="2c 7d 9h", method="exact", engine="cpu")
    for e, se, p in zip(mc["equity"], mc["stderr"], exact.players):
        assert abs(e - p.equity) < 5 * se


def test_simulated_monte_carlo_of_fixed_hands(simulated):
    """Every hand fixed (the kernel deals only the board, by Floyd's algorithm):
    within 5 standard errors of the exact equity, the same for a seed, and the
    same from either memory, heads-up with a dead card, three-way, on a flop."""
    assert len(simulated["monte carlo fixed"]) == 3
    for mc in simulated["monte carlo fixed"]:
        exact = pokercli.equity(mc["players"], mc["board"], mc["dead"], method="exact", engine="cpu")
        assert mc["samples"] == 4000
        assert mc["equity"] == mc["again"] == mc["device memory"]
        for e, se, p in zip(mc["equity"], mc["stderr"], exact.players):
            assert 0 < se and abs(e - p.equity) < 5 * se


def preflop_stand_in(ranking, hands, decks, k, base_key, base_mask):
    """A stand-in for the GPU kernel on preflop deals: each deal's boards by
    winner pattern from the CPU engine's own preflop kernel (exact), so the
    host code around the kernel is tested on its own."""
    from pokercli._kernels.jit import call
    from pokercli.equity_calc.exact import exact_deal_tasks, task_args
    from pokercli.equity_calc.spot import make_spot

    assert k == 5 and base_mask == 0
    players = hands.shape[1]
    spot = make_spot(["AsAh", "KsKh", "QsQh"][:players])
    out = np.zeros((len(hands), 1 << players), np.int64)
    for d, hand in enumerate(hands):
        (task,), _ = exact_deal_tasks(spot, tuple((int(a), int(b)) for a, b in hand), 1)
        args, (_, o, _) = task_args(task, players, False)
        call(*args)
        if players == 2:
            out[d, 1:] = o[0, 1], o[1, 1], o[0, 2]
        else:  # winner patterns back from each seat's wins and ties
            a, b, c = o[0, 2], o[1, 2], o[2, 2]
            out[d, [1, 2, 4, 7]] = o[0, 1], o[1, 1], o[2, 1], o[0, 3]
            out[d, [3, 5, 6]] = (a + b - c) // 2, (a + c - b) // 2, (b + c - a) // 2
    return out


def test_gpu_table_chunks_host_code(monkeypatch):
    """The heads-up and three-way tables' GPU chunks, their kernel replaced by
    the CPU stand-in, equal the CPU chunks: deals found, seats oriented and
    counts summed per class pair or triple as on the CPU; several heads-up
    chunks go to the kernel in one call."""
    from pokercli import preflop_table as T
    from pokercli import table3 as T3

    monkeypatch.setattr(gpu, "status", lambda: (True, "stand-in"))
    calls = []

    def stand_in(*args):
        calls.append(len(args[1]))
        return preflop_stand_in(*args)

    monkeypatch.setattr(gpu, "deal_patterns", stand_in)
    idx = {c: i for i, c in enumerate(T.classes())}
    pairs = [(idx["AA"], idx["KK"]), (idx["AKs"], idx["AKs"]), (idx["KQo"], idx["AKs"])]
    rows = T._many([(pairs[:1], "gpu"), (pairs[1:], "gpu")])
    distinct = len(np.unique(np.concatenate([T._rows_of(*p) >> 1 for p in pairs])))
    assert calls == [distinct]  # one kernel call for both chunks' distinct deals
    assert rows == [T.chunk_counts(pairs[:1], "cpu"), T.chunk_counts(pairs[1:], "cpu")]
    gpu_rows = T3.chunk_counts(idx["KK"], [idx["KK"], idx["72o"]], [], "gpu")
    assert gpu_rows == T3.chunk_counts(idx["KK"], [idx["KK"], idx["72o"]], [], "cpu")
    assert len(gpu_rows) == 2 and all(r[-1] > 0 for r in gpu_rows)


def test_engine_choice_and_refusals(monkeypatch, cli):
    monkeypatch.setattr(gpu, "status", lambda: (False, "the GPU engine found no CUDA GPU (stand-in)"))
    with pytest.raises(pokercli.PokerError) as e:
        pokercli.equity(["AsAh", "KsKh"], engine="gpu")
    assert e.value.param == "engine" and "no CUDA GPU" in str(e.value)
    code, out, err = cli("equity", "AsAh", "KsKh", "--engine", "gpu")
    assert code == 2 and err.count("\n") == 1 and "no CUDA GPU" in err and "Traceback" not in err
    code, _, err = cli("table", "--hand", "AKs", "--engine", "gpu")
    assert code == 2 and "no CUDA GPU" in err
    # auto without a GPU: the CPU, and nothing said
    r = pokercli.equity(["AsAh", "KsKh"], engine="auto", method="exact")
    assert r.players[0].wins == 1410336
    assert not gpu.use_gpu("auto", True, "a big job")
    assert not gpu.use_gpu("cpu", True)
    with pytest.raises(pokercli.PokerError, match="engine must be 'auto', 'cpu' or 'gpu'"):
        gpu.check_engine("cuda")
    # what the GPU kernels cannot count is refused on the GPU, in words of the API
    monkeypatch.setattr(gpu, "status", lambda: (True, "stand-in"))
    with pytest.raises(pokercli.PokerError, match="hand types"):
        pokercli.equity(["AsAh", "KsKh"], engine="gpu", categories=True)
    with pytest.raises(pokercli.PokerError, match="not omaha"):
        pokercli.equity(["AsAhKsKh", "QsQhJsJh"], game="omaha", engine="gpu")
    code, _, err = cli("equity", "AsAhKsKh", "QsQhJsJh", "--game", "omaha", "--engine", "gpu")
    assert code == 2 and "--engine cpu" in err


def test_missing_numba_cuda_is_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "numba.cuda", None)
    gpu.status.cache_clear()
    try:
        ok, why = gpu.status()
    finally:
        gpu.status.cache_clear()
    assert not ok and "pip install 'pokercli[gpu]'" in why


def test_engine_and_scheduler_words():
    from pokercli.jobs import where

    assert where(None) == ("auto", None)
    assert where("gpu", "tcp://h:1") == ("gpu", "tcp://h:1")
    assert where("local") == ("auto", "local")  # the old engine= values still mean the scheduler
    assert where("tcp://h:1") == ("auto", "tcp://h:1")
    with pytest.raises(pokercli.PokerError) as e:
        where(3)
    assert e.value.param == "engine"
    with pytest.raises(pokercli.PokerError):
        where("tcp://a:1", "tcp://b:1")


def test_numpy_shim_gives_row_stack_back(monkeypatch):
    monkeypatch.delattr(np, "row_stack", raising=False)
    gpu._shim_numpy()
    assert np.row_stack is np.vstack


def test_decks_of():
    held = np.array([(1 << 0) | (1 << 51), (1 << 5) | (1 << 6)], np.int64)
    decks = gpu.decks_of(held, removed=1 << 10)
    assert decks.shape == (2, 49)
    assert decks[0].tolist() == [c for c in range(52) if c not in (0, 51, 10)]
    assert decks[1].tolist() == [c for c in range(52) if c not in (5, 6, 10)]


real_gpu = pytest.mark.skipif(not gpu.status()[0] or gpu.simulated(), reason="needs a CUDA GPU")


@real_gpu
def test_device_table_row_equals_the_shipped_table():
    from pokercli import preflop_table as T

    r = pokercli.table(hand="AKs", engine="gpu")
    assert r.counts == T.from_lookup(T.make_job("AKs", None, 2)).counts


@real_gpu
def test_device_three_way_entries_equal_exact_equity():
    r = pokercli.table(players=3, hand="72o", vs="KK", engine="gpu")
    for third in ("AA", "KK", "T9s"):
        e = pokercli.equity(["72o", "KK", third], method="exact", engine="cpu")
        (w, t2, t3), n = r.triple("72o", "KK", third)
        assert (e.players[0].wins, e.players[0].ties, e.players[0].total) == (w, t2 + t3, n)


def test_scalar_helpers_are_written_once_for_both_targets():
    """SplitMix64, the bounded draw and the unranking are one Python source: the
    CPU kernels' compiled helpers equal it, and the CUDA target types and lowers
    the same functions (to LLVM IR: no device or NVVM needed)."""
    pytest.importorskip("numba.cuda")
    from numba import int64, uint64
    from numba.cuda import compiler

    from pokercli._kernels import montecarlo as MC, scalar
    from pokercli._kernels.jit import jit

    @jit
    def both(z, n):
        return MC.mix64(z), MC.draw_below(z, n)

    rng = np.random.default_rng(5)
    with np.errstate(over="ignore"):  # 64-bit products wrap, as they do in the kernels
        for z, n in zip(rng.integers(0, 2**63, 200, dtype=np.uint64), rng.integers(1, 10**6, 200)):
            z = np.uint64(z)
            assert both(z, n) == (scalar.mix64(z), scalar.draw_below(z, np.int64(n)))
        # SplitMix64's first output from seed 0 (its reference implementation's)
        assert int(scalar.mix64(np.uint64(0))) == 0 and int(scalar.mix64(scalar.GAMMA)) == 0xE220A8397B1DCDAF
    from itertools import combinations
    from math import comb

    from numba.types import Array, none

    from pokercli._kernels.combinator import unrank_combination

    binom = np.array([[comb(a, b) for b in range(53)] for a in range(53)], np.int64)
    every = list(combinations(range(9), 4))  # lexicographic, as the index counts
    for r in (0, 1, 57, 125):
        idx, once = np.zeros(4, np.int64), np.zeros(5, np.int64)
        unrank_combination(r, 9, binom, idx)
        scalar.unrank(r, 9, 4, binom, once)
        assert tuple(idx) == every[r] == tuple(once[:4])
    arr = lambda d: Array(int64, d, "C")
    for fn, args, ret in ((scalar.mix64, (uint64,), uint64), (scalar.draw_below, (uint64, int64), int64),
                          (scalar.unrank, (int64, int64, int64, arr(2), arr(1)), none)):
        cres = compiler.compile_cuda(fn, None, args, debug=False, lineinfo=False, cc=(9, 0))
        assert cres.signature.return_type == ret
