"""Running it twice and double boards (equity --runs, --boards 2), hi-lo too: exact pairs
of runs against every ordered pair of runs that share no card, valued by the
plain rules of tests/naive.py; Monte Carlo within four standard errors of it;
refusals; the view at 80 columns."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from itertools import combinations, permutations
from math import lcm

import numpy as np
import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli.equity_calc import runs as R
from pokercli.equity_calc.runs import equity_runs


def plain_runs(hands, board, dead, game="holdem", runs=2):
    """(equity, scoop, nothing) of each player over every ordered pair (or
    triple) of runs of the cards to come that share no card."""
    g = pokercli.GAMES[game]
    holes = [list(C.parse_cards(h)) for h in hands]
    b, d = list(C.parse_cards(board)), list(C.parse_cards(dead)) if dead else []
    deck = [c for c in sorted(g.deck) if c not in set(b) | set(d) | {x for h in holes for x in h}]
    k = 5 - len(b)
    runouts = list(combinations(deck, k))
    shares = {r: naive.POT_SHARES[game](holes, b + list(r)) for r in runouts}
    n = len(hands)
    if runs == 2:
        # the same sums over every ordered pair, a first run at a time: its second
        # runs are the runouts that share no card with it (990 x 990 pairs of a
        # flop); each share a whole number of 1/unit of the pot, so sums are exact
        unit = lcm(*(x.denominator for r in runouts for x in shares[r]))
        share = np.array([[int(x * unit) for x in shares[r]] for r in runouts], np.int64)
        masks = np.array([sum(1 << c for c in r) for r in runouts], np.int64)
        eq, scoop, none, pairs = [0] * n, [0] * n, [0] * n, 0
        for a in range(len(runouts)):
            second = share[(masks & masks[a]) == 0]
            pairs += len(second)
            for p in range(n):
                eq[p] += Fraction(int(len(second) * share[a, p] + second[:, p].sum()), 2 * unit)
                scoop[p] += int(share[a, p] == unit) * int((second[:, p] == unit).sum())
                none[p] += int(share[a, p] == 0) * int((second[:, p] == 0).sum())
        return [(float(e / pairs), s / pairs, z / pairs) for e, s, z in zip(eq, scoop, none)]
    eq, scoop, none, pairs = [0] * n, [0] * n, [0] * n, 0
    for picked in permutations(runouts, runs):
        if len(set().union(*picked)) != runs * k:
            continue
        pairs += 1
        each = [shares[r] for r in picked]
        for p in range(n):
            eq[p] += sum(x[p] for x in each) / runs
            scoop[p] += all(x[p] == 1 for x in each)
            none[p] += all(x[p] == 0 for x in each)
    return [(float(e / pairs), s / pairs, z / pairs) for e, s, z in zip(eq, scoop, none)]


@pytest.mark.parametrize("hands,board,dead,game", [
    (["AsAh", "KsKh"], "Kd 7c 2h 3s", "", "holdem"),
    (["AsKs", "QdQc", "JhTh"], "Qs Js 3d 2c", "9d", "holdem"),
    (["AsAh", "KsKh"], "Kd 7c 2h", "", "holdem"),
    (["As Ah Ks Kh", "Qd Qc Jd Tc"], "Qs 7c 2h 3d", "", "omaha"),
    (["As 6s", "Ks Kh"], "Ah 7c 8d 9s", "", "shortdeck"),
    (["As 2s Kd Kh", "Ad 3d Qs Qh"], "Kc 4h 5c 9s", "", "omaha-hilo"),  # halves, quartered pots
    (["As 2s Kd Kh", "Ad 3d Qs Qh", "7c 8c 6h 6d"], "Kc 4h 5c", "", "omaha-hilo"),
])
def test_exact_runs_equal_every_pair_of_runs(hands, board, dead, game):
    r = equity_runs(hands, board, dead, game=game)
    assert r.method == "exact" and r.runs == 2
    want = plain_runs(hands, board, dead, game)
    for p, (eq, scoop, none) in zip(r.players, want):
        assert (p.equity, p.scoop, p.blank) == pytest.approx((eq, scoop, none), abs=1e-12)
    one = pokercli.equity(hands, board, dead, game=game, method="exact")
    assert [p.equity for p in r.players] == pytest.approx([p.equity for p in one.players], abs=1e-12)


@pytest.mark.parametrize("hands,board,dead,game", [
    (["AsAh", "KsKh"], "Kd 7c 2h 3s", "", "holdem"),
    (["AsKs", "QdQc", "JhTh"], "Qs Js 3d 2c", "9d", "holdem"),
    (["As Ah Ks Kh", "Qd Qc Jd Tc"], "Qs 7c 2h 3d", "", "omaha"),
    (["AsAh", "KsKh"], "Kd 7c 2h", "3h 4h 5h 6h 7h 8h 9h 2s 3s 4s 5s 6s 7s 8s 9s 2c 3c 4c 5c 6c"
                                   " 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d Tc Td Th", "holdem"),
    (["As 2s Kd Kh", "Ad 3d Qs Qh"], "Kc 4h 5c 9s", "", "omaha-hilo"),
])
def test_exact_three_runs_equal_every_triple_of_runs(hands, board, dead, game):
    """Three runs of the river card, or of the turn and river (on a deck the
    dead cards cut to 12 cards), against every ordered triple of runs that
    share no card."""
    r = equity_runs(hands, board, dead, game=game, runs=3)
    assert r.method == "exact" and r.runs == 3
    want = plain_runs(hands, board, dead, game, runs=3)
    for p, (eq, scoop, none) in zip(r.players, want):
        assert (p.equity, p.scoop, p.blank) == pytest.approx((eq, scoop, none), abs=1e-12)


@pytest.mark.parametrize("hands,dead,game", [
    (["AsAh", "KsKh"], "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h 4h 5h 6h 7h 8h 9h Th "
                       "2s 3s 4s 5s 6s 7s 8s 9s Ts", "holdem"),
    (["As 6s", "Ks Kh", "Qd Jd"], "6c 6d 7c 8c 9c Tc 7d 8d 9d Td 7h 8h 9h Th 7s 8s 9s Ts", "shortdeck"),
    (["As 2s Kd Kh", "Ad 3d Qs Qh"], "4c 5c 6c 7c 8c 9c Tc 4d 5d 6d 7d 8d 9d Td 4h 5h 6h 7h 8h 9h Th "
                                     "4s 5s 6s 7s 8s 9s Ts Jc Jd Jh Js", "omaha-hilo"),
])
def test_exact_double_boards_equal_every_pair_of_boards(hands, dead, game):
    """Two whole boards, exact, against every ordered pair of boards that share
    no card (a deck of 12 cards: the dead cards make it small enough to list)."""
    r = equity_runs(hands, "", dead, game=game, double_board=True)
    assert r.method == "exact" and r.double_board
    want = plain_runs(hands, "", dead, game)
    for p, (eq, scoop, none) in zip(r.players, want):
        assert (p.equity, p.scoop, p.blank) == pytest.approx((eq, scoop, none), abs=1e-12)


def test_an_exact_double_board_is_its_monte_carlo_within_four_standard_errors():
    exact = equity_runs(["AsAh", "KsKh"], double_board=True)
    assert exact.method == "exact" and exact.deals == 1_712_304 * 962_598
    assert type(exact.deals) is int and '"deals": 1648260405792,' in json.dumps(exact.to_dict())  # a count
    aces, kings = exact.players
    assert aces.scoop == kings.blank and aces.blank == kings.scoop
    assert aces.equity == pytest.approx(pokercli.equity(["AsAh", "KsKh"]).players[0].equity, abs=1e-12)
    mc = equity_runs(["AsAh", "KsKh"], double_board=True, method="monte-carlo", samples=400_000, seed=5)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr


def test_monte_carlo_runs_within_four_standard_errors():
    exact = equity_runs(["AsKs", "QdQc", "JhTh"], "Qs Js 3d")
    mc = equity_runs(["AsKs", "QdQc", "JhTh"], "Qs Js 3d", method="monte-carlo", samples=200_000, seed=7)
    assert mc.method == "monte-carlo" and mc.seed == 7 and mc.deals == 200_000 and type(mc.deals) is int
    for e, m in zip(exact.players, mc.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr and abs(e.equity - m.equity) < 0.01
    again = equity_runs(["AsKs", "QdQc", "JhTh"], "Qs Js 3d", method="monte-carlo", samples=200_000, seed=7)
    assert [p.scoop for p in again.players] == [p.scoop for p in mc.players]  # a seed repeats
    pre = equity_runs(["AsAh", "KsKh"], double_board=True, samples=100_000, seed=2)
    aces, kings = pre.players
    assert aces.scoop == kings.blank and aces.blank == kings.scoop  # heads-up without ties' shares
    one = pokercli.equity(["AsAh", "KsKh"]).players[0].equity
    assert abs(aces.equity - one) < 4 * (0.5 / 100_000 ** 0.5)
    three = equity_runs(["AsAh", "KsKh"], "Kd 7c 2h", runs=3, samples=50_000, seed=1)
    assert three.runs == 3 and three.players[1].scoop < equity_runs(["AsAh", "KsKh"], "Kd 7c 2h").players[1].scoop
    exact3 = equity_runs(["AsAh", "KsKh"], "Kd 7c 2h", runs=3)
    assert exact3.method == "exact"
    for e, m in zip(exact3.players, three.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr


@pytest.mark.parametrize("kwargs,param,words", [
    (dict(players=["AA", "KK"], method="exact"), "method", "exact runs of ranges are runs of the turn and river"),
    (dict(players=["AA", "AA", "AA"], samples=10_000), "players", "no deal is possible"),
    (dict(players=["AA,KK,QQ,JJ,TT"] * 10, samples=10_000, seed=1), "players", "almost never fit together"),
    (dict(players=["AsAh", "KsKh"], board="Kd 7c 2h 3s 4d"), "board", "nothing to run"),
    (dict(players=["(As 2d) 3h", "(Kd 3d) 4s"], game="razz"), "game", "has none"),
    (dict(players=["AsAh", "KsKh"], runs=4), "runs", "2 or 3"),
    (dict(players=["AsAh", "KsKh"], board="Kd 7c 2h", double_board=True), "board", "FIRST / SECOND"),
    (dict(players=["AsAh", "KsKh"], runs=3, method="exact"), "method", "exact runs are two runs"),
    (dict(players=["AsAh", "KsKh"], method="exact", samples=10_000), "method", "samples="),
    (dict(players=["AsAh", "KsKh"], samples=10), "samples", "1,000"),
    (dict(players=["AsAh", "KsKh"], method="exact", stderr=0.01), "method", "stderr="),
    (dict(players=["AsAh", "KsKh"], stderr=0), "stderr", "between 0 and 1"),
    (dict(players=["AsAh", "KsKh"], stderr=True), "stderr", "between 0 and 1"),
    (dict(players=["AsAh", "KsKh"], stderr="0.01"), "stderr", "between 0 and 1"),
])
def test_refusals_name_the_parameter(kwargs, param, words):
    players = kwargs.pop("players")
    with pytest.raises(pokercli.PokerError) as e:
        equity_runs(players, **kwargs)
    assert e.value.param == param and words in str(e.value)


def test_command_line_and_view(cli):
    code, out, _ = cli("equity", "AsAh", "KsKh", "--board", "Kd 7c 2h 3s", "--runs", "2")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("method: run 2 times, exact: 1,892 pairs")
    assert lines[-1].split("\t") == ["Ks Kh", "95.4545", "91.0148", "0.1057"]  # 42/44*41/43, 2/44*1/43
    code, _, err = cli("equity", "AA", "KK", "--runs", "2", "--exact")
    assert code == 2 and "exact runs of ranges are runs of the turn and river" in err and "--monte-carlo" in err
    code, _, err = cli("equity", "AsAh", "KsKh", "--boards", "3")
    assert code == 2 and "--boards must be 2" in err
    code, _, err = cli("equity", "AsAh", "KsKh", "--runs", "2", "--categories")
    assert code == 2 and "not --categories" in err
    code, out, _ = cli("equity", "AsAh", "KsKh", "--runs", "2", "--stderr", "0.004", "--seed", "2")
    assert code == 0 and out.startswith("method: run 2 times, monte-carlo: ") and "stderr target 0.004" in out
    code, out, _ = cli("equity", "-", "--boards", "2", "--stderr", "0.004", "--seed", "2", input="AsAh | KsKh\n")
    assert code == 0 and json.loads(out)["target_reached"] is True
    from pokercli.render import Output, emit

    buf = io.StringIO()
    emit(equity_runs(["AsAh", "KsKh", "QdQc"], double_board=True, samples=2_000, seed=1),
         Output("rich", width=80, file=buf, fancy=False))
    text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", buf.getvalue())
    assert max(len(line) for line in text.splitlines()) <= 80 and "two boards" in text


def test_batch_lines_are_run_twice(cli):
    """``equity -`` lines take ``runs N`` or ``boards 2`` (JSON numbers too), each
    answered as ``equity_runs`` answers it; ``--runs`` or ``--boards`` on the
    command line run every line that says nothing else; bad lines are named."""
    lines = ("AsAh | KsKh | board Kd 7c 2h 3s | runs 2\n"
             '{"players": ["AsKs", "QdQc"], "board": "Qs Js 3d", "runs": 3}\n'
             "AsAh | KsKh | boards 2\n"
             "AsAh | KsKh | runs 2 | boards 2\n"
             "AsAh | KsKh | boards 3\n"
             '{"players": ["AsAh", "KsKh"], "runs": "twice"}\n'
             "7s 5d 4h 3c | 8s 6d 4d | game 27-triple | draws 3 | runs 2\n"
             "AsKs | QdQc | board Qs Js 3d\n")
    code, out, err = cli("equity", "-", input=lines)
    docs = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and [d["line"] for d in docs] == [1, 2, 3, 8]
    want = [equity_runs(["AsAh", "KsKh"], "Kd 7c 2h 3s"), equity_runs(["AsKs", "QdQc"], "Qs Js 3d", runs=3),
            equity_runs(["AsAh", "KsKh"], double_board=True)]
    for d, w in zip(docs, want):
        assert d == {**w.to_dict(), "seconds": d["seconds"], "line": d["line"]}
    assert docs[0]["deals"] == 1_892 and docs[2]["double_board"] and "runs" not in docs[3]  # the last: one board
    assert "line 4: give runs or boards 2, not both" in err and "line 5: boards must be 2" in err
    assert "line 6: runs must be a whole number, not 'twice'" in err
    assert "line 7: a spot is run twice (runs, boards) or has draws to come, not both" in err
    code, _, err = cli("equity", "-", input='{"players": ["AsAh", "KsKh"], "boards": [2]}\n'
                                            '{"players": ["AsAh", "KsKh"], "runs": true}\n')
    assert code == 1 and "line 1: boards is a whole number (or its digits as text), not list" in err
    assert "line 2: runs is a whole number (or its digits as text), not bool" in err
    code, out, err = cli("equity", "-", "--boards", "2", "--samples", "4000", "--seed", "3",
                         input="AsAh | KsKh\nAsAh | KsKh | runs 2 | board Kd 7c 2h\n")
    first, second = (json.loads(x) for x in out.splitlines())
    assert code == 0 and first["double_board"] and first["deals"] == 4_000 and first["seed"] == 3
    assert first["players"][0]["scoop"] == equity_runs(["AsAh", "KsKh"], double_board=True, samples=4_000,
                                                       seed=3).players[0].scoop
    assert second["runs"] == 2 and not second["double_board"]  # the line's runs
    code, _, err = cli("equity", "-", "--runs", "2", "--board", "Kd 7c 2h", input="AsAh | KsKh\n")
    assert code == 2 and "no other players, --board or --dead" in err


@pytest.mark.parametrize("game,hands,board,sampler", [
    ("holdem", ["AsKs", "QdQc", "JhTh"], "Qs Js 3d", "sampled_any_five"),
    ("shortdeck", ["AsKs", "QdQc"], "Qs Js 7d 6c", "sampled_any_five"),
    ("omaha", ["AsKsQd7c", "JhTh9c8c"], "Qs Js 3d", "sampled_omaha"),
    ("omaha-hilo", ["As2hKd7c", "KsKhQdJc", "3c4c8h9h"], "Qc 5d 6s", "sampled_omaha"),
    ("omaha5-hilo", ["Ac2c3dKdQs", "Ah2h4s5sJs"], "Kc 7d 8c", "sampled_omaha"),
])
def test_runs_are_sampled_in_the_games_kernel(monkeypatch, game, hands, board, sampler):
    """Each game's runs kernel (its engine's ``runs_sample``: a batch a call;
    short deck with its own ranking, hi-lo with its lows) agrees with the
    exact runs within four standard errors."""
    from pokercli.equity_calc import runs as R

    used = []
    real = getattr(R, sampler)
    monkeypatch.setattr(R, sampler, lambda *a: used.append(a[0].game.name) or real(*a))
    exact = equity_runs(hands, board, game=game)
    mc = equity_runs(hands, board, game=game, method="monte-carlo", samples=300_000, seed=3)
    assert used == [game] and exact.method == "exact"
    for e, m in zip(exact.players, mc.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr and abs(e.equity - m.equity) < 0.005
        assert abs(e.blank - m.blank) <= 4 * (max(e.blank * (1 - e.blank), 1e-9) / 300_000) ** 0.5 + 1e-9


@pytest.mark.parametrize("hands,board,runs", [(["AsAh", "KsKh"], "", 2), (["AsAh", "KsKh", "QdQc"], "", 2),
                                              (["AsKs", "QdQc", "JhTh"], "Qs Js 3d", 3),
                                              (["AsKs", "QdQc"], "Qs Js 3d", 3), (["Ah9h", "KsKd"], "Qh 7h 2c 5d", 2)])
def test_the_runs_kernels_agree_with_numpy(hands, board, runs):
    """The kernels (whole boards from the part tables, heads-up in scalars;
    runs of the turn and river by a partial shuffle) against the NumPy
    sampler on the same spots: equity, takes all and nothing within four
    standard errors of the two together."""
    from pokercli.equity_calc import runs as R
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(hands, board, (), "holdem")
    cards = [list(p.cards) for p in spot.players]
    gone = set(spot.board) | {c for h in cards for c in h}
    deck = np.array([c for c in range(52) if c not in gone], np.int64)
    k = 5 - len(spot.board)
    fast = R._sampled(spot, cards, deck, k, runs, 400_000, 5)
    slow = R._sampled_numpy(spot, cards, deck, k, runs, 200_000, 6)
    for f, s in zip(fast.players, slow.players):
        for a, b in ((f.scoop, s.scoop), (f.blank, s.blank), (f.equity, s.equity)):
            se = ((a * (1 - a) + 1e-12) / 400_000 + (b * (1 - b) + 1e-12) / 200_000) ** 0.5
            assert abs(a - b) <= 4 * se + 1e-9, (a, b)


def test_the_numpy_sampler_stops_at_a_ctrl_c_with_the_deals_so_far(monkeypatch):
    """A Ctrl-C noted while the NumPy sampler runs (set here, as the command
    line's handler notes one, in its second batch) ends it with the first
    batch's deals, marked interrupted; noted before a batch is done, it is raised."""
    from pokercli import _stop
    from pokercli.equity_calc import runs as R
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(["AsAh", "KsKh"], "Kd 7c 2h", (), "holdem")
    cards = [list(p.cards) for p in spot.players]
    deck = np.array([c for c in range(52) if c not in set(spot.board) | {c for h in cards for c in h}], np.int64)
    real, seen = R._shares, []

    def shares(*args):
        seen.append(1)
        if len(seen) == 3:  # the second batch's first run: a Ctrl-C comes now
            _stop._pending.set()
        return real(*args)

    monkeypatch.setattr(R, "_shares", shares)
    monkeypatch.setattr(R, "BATCH", 2_000)
    try:
        r = R._sampled_numpy(spot, cards, deck, 2, 2, 10_000, 1)
        assert r.interrupted and r.deals == 2_000 and r.to_dict()["interrupted"] is True
        assert not _stop._pending.is_set()  # acted on
        _stop._pending.set()
        with pytest.raises(KeyboardInterrupt):
            R._sampled_numpy(spot, cards, deck, 2, 2, 10_000, 1)
    finally:
        _stop._pending.clear()


def test_runs_sampled_to_a_standard_error_target():
    """stderr= samples (also where the runs could be counted exactly) until
    every player's "takes all" standard error is at most the target, checked
    after each batch of the kernel's, so a seed gives the same deals; under a
    cap too small for it, the result says the target was missed."""
    r = equity_runs(["AsAh", "KsKh"], runs=3, stderr=0.002, seed=4)
    assert r.method == "monte-carlo" and r.stderr_target == 0.002 and r.target_reached
    assert max(p.stderr for p in r.players) <= 0.002 < max(p.stderr for p in equity_runs(
        ["AsAh", "KsKh"], runs=3, samples=r.deals - R.KERNEL_BATCH, seed=4).players)  # one batch earlier: not yet
    assert r.deals % R.KERNEL_BATCH == 0 and r.deals < 1_000_000
    again = equity_runs(["AsAh", "KsKh"], runs=3, stderr=0.002, seed=4)
    assert (again.deals, again.players) == (r.deals, r.players)
    doc = r.to_dict()
    assert doc["stderr_target"] == 0.002 and doc["target_reached"] is True
    exact = equity_runs(["AsAh", "KsKh"], "Kd 7c 2h")
    sampled = equity_runs(["AsAh", "KsKh"], "Kd 7c 2h", stderr=0.003, seed=1)
    assert exact.method == "exact" and sampled.method == "monte-carlo" and sampled.target_reached
    for e, m in zip(exact.players, sampled.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr
    capped = equity_runs(["AsAh", "KsKh"], double_board=True, stderr=0.0005, samples=20_000, seed=1)
    assert capped.deals == 20_000 and capped.target_reached is False
    assert "note: stopped at the cap of 20,000 deals" in "\n".join(_lines(capped))
    assert "stderr_target" not in equity_runs(["AsAh", "KsKh"], double_board=True, samples=2_000, seed=1).to_dict()


def test_the_numpy_sampler_stops_at_the_target_too():
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(["AsAh", "KsKh"], "Kd 7c 2h", (), "holdem")
    cards = [list(p.cards) for p in spot.players]
    deck = np.array([c for c in range(52) if c not in set(spot.board) | {c for h in cards for c in h}], np.int64)
    r = R._sampled_numpy(spot, cards, deck, 2, 2, 1_000_000, 1, stderr=0.004)
    assert r.deals % R.BATCH == 0 and r.deals < 1_000_000 and max(p.stderr for p in r.players) <= 0.004


def _lines(result) -> list[str]:
    from pokercli.render import Output, emit

    buf = io.StringIO()
    emit(result, Output("plain", file=buf))
    return buf.getvalue().splitlines()


def test_runs_of_a_flush_draw_take_the_flushy_runs_kernel(monkeypatch):
    """Where one board's Monte Carlo values flushes with no branch (a flush
    draw), so does each run's: the same figures as the branch kernel's."""
    from pokercli._kernels import montecarlo as K

    used = []
    real = K.runs_kernel

    def chosen(flushy, *args):
        kernel = real(flushy, *args)
        used.append((flushy, kernel))
        return kernel

    monkeypatch.setattr(K, "runs_kernel", chosen)
    flushy = equity_runs(["AsKs", "QdQc"], "Qs Js 3d", samples=20_000, seed=3)
    monkeypatch.setattr(pokercli.equity_calc.montecarlo, "FLUSHY", {})  # the branch everywhere
    branch = equity_runs(["AsKs", "QdQc"], "Qs Js 3d", samples=20_000, seed=3)
    equity_runs(["AsAh", "KsKh"], double_board=True, samples=2_000, seed=3)  # few flushes: the branch
    assert used == [(True, K._FLOP_RUNS[True, 2]), (False, K._FLOP_RUNS[False, 2]), (False, K.fixed_runs)]
    assert flushy.players == branch.players


@pytest.mark.parametrize("game,players,board", [
    ("holdem", ["AsKs,AhKh", "QdQc,JdJc"], "Qs Js 3d 2c"),       # the river run twice, two ranges
    ("holdem", ["AsKs", "QdQc,Kd9d:0.5,7h7c"], "Qs Js 3d"),     # weights; a flop's turn and river
    ("omaha", ["As Ah Kd Qc,As Ad Kh Qh", "Ks Kh Jd Tc"], "Qs Js 3d 2c"),
    ("omaha-hilo", ["Ah 2c 7d 8s,Ad 3c 7h Ks", "Ks Qs Jd Td"], "3h 4h 9c 5d"),
])
def test_runs_of_ranges_are_the_deals_runs_by_their_weights(game, players, board):
    """Players with ranges are sampled: each deal of their combos by the
    product of its combos' weights (those that share no card), then the runs
    dealt from what is left. The exact figures are every deal's exact runs,
    weighted so; the sample is within four standard errors, and a seed repeats."""
    from itertools import product

    from pokercli.equity_calc.spot import make_spot

    parsed = [p.combos for p in make_spot(players, board, (), game).players]
    want = [[0.0, 0.0, 0.0] for _ in players]
    total = 0.0
    for deal in product(*parsed):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards):
            continue
        weight = float(np.prod([w for _, w in deal]))
        r = equity_runs([C.format_cards(combo) for combo, _ in deal], board, game=game)
        total += weight
        for p, rp in enumerate(r.players):
            for i, x in enumerate((rp.equity, rp.scoop, rp.blank)):
                want[p][i] += weight * x
    mc = equity_runs(players, board, game=game, samples=200_000, seed=5)
    assert mc.method == "monte-carlo" and mc.deals == 200_000
    for w, m in zip(want, mc.players):
        eq, scoop, blank = (x / total for x in w)
        assert abs(m.scoop - scoop) <= 4 * m.stderr + 1e-9
        assert abs(m.blank - blank) <= 4 * (max(blank * (1 - blank), 1e-9) / 200_000) ** 0.5 + 1e-9
        assert abs(m.equity - eq) < 0.01
    again = equity_runs(players, board, game=game, samples=200_000, seed=5)
    assert again.players == mc.players


@pytest.mark.parametrize("players,board,runs", [
    (["AsAh,KsKh:0.25", "Qd Qc,Jd Tc"], "Kd 7c 2h 3s", 2),       # the river, weights
    (["AsAh,KsKh:0.25", "Qd Qc,Jd Tc"], "Kd 7c 2h 3s", 3),
    (["As 9s,Ah Kh", "Qs Qc"], "Ks 7s 2c", 2),                  # the turn and river
])
def test_exact_runs_of_ranges_are_every_deals_plain_runs_by_their_weights(players, board, runs):
    """Runs of ranges on the turn or the flop are counted exactly by default:
    each deal of the combos that share no card, by the product of their
    weights, its runs valued by the plain rules (:func:`plain_runs`)."""
    from itertools import product

    from pokercli.equity_calc.spot import make_spot

    want = np.zeros((len(players), 3))
    total = 0.0
    for deal in product(*(p.combos for p in make_spot(players, board).players)):
        cards = [c for combo, _ in deal for c in combo]
        if len(set(cards)) < len(cards):
            continue
        weight = float(np.prod([w for _, w in deal]))
        want += weight * np.array(plain_runs([C.format_cards(combo) for combo, _ in deal], board, "", runs=runs))
        total += weight
    got = equity_runs(players, board, runs=runs)
    assert got.method == "exact" and type(got.deals) is int
    assert [(p.equity, p.scoop, p.blank) for p in got.players] == pytest.approx(
        [tuple(x) for x in want / total], abs=1e-12)


@pytest.mark.parametrize("game,players,board,sampler", [
    ("holdem", ["AKs", "QQ+"], "", "ranged_any_five"),
    ("shortdeck", ["AKs", "TT+"], "Ah 7c 8d", "ranged_any_five"),
    ("omaha", ["AAxx", "Ks Kh Qd Jc"], "Qs Js 3d", "ranged_omaha"),
    ("omaha-hilo", ["A2xx", "Ks Kh Qd Jc"], "Qc 5d 6s", "ranged_omaha"),
])
def test_sampled_runs_of_ranges_take_the_games_kernel_and_agree_with_numpy(monkeypatch, game, players, board,
                                                                           sampler):
    """Runs of ranges are sampled in the game engine's ``runs_ranges`` kernel
    (hold'em and short deck card by card, Omaha by its tables), which agrees
    with the NumPy sampler (each deal's combos by their weights, the runs
    valued in NumPy) within four standard errors of the two together."""
    from pokercli.equity_calc.spot import make_spot

    used = []
    real = getattr(R, sampler)
    monkeypatch.setattr(R, sampler, lambda *a: used.append(a[0].game.name) or real(*a))
    fast = equity_runs(players, board, game=game, double_board=not board, samples=200_000, seed=7)
    assert used == [game] and fast.deals == 200_000 and not fast.notes
    spot = make_spot(players, board, (), game)
    deck = np.array([c for c in sorted(spot.game.deck) if c not in set(spot.board) | set(spot.removed)], np.int64)
    slow = R._sampled_ranges_numpy(spot, deck, 5 - len(spot.board), 2, 100_000, 8)
    for f, s in zip(fast.players, slow.players):
        for a, b in ((f.scoop, s.scoop), (f.blank, s.blank), (f.equity, s.equity)):
            se = ((a * (1 - a) + 1e-12) / 200_000 + (b * (1 - b) + 1e-12) / 100_000) ** 0.5
            assert abs(a - b) <= 4 * se + 1e-9, (a, b)


@pytest.mark.parametrize("game,players,board", [("holdem", ["Ah 9h", "random"], "Kh 7h 2c 5d"),
                                                ("holdem", ["Ah 9h", "Ks Kd", "random"], "Kh 7h 2c"),
                                                ("shortdeck", ["Ah 9h", "random"], "Kh 7h 6c 8d")])
def test_sampled_runs_deal_a_random_player_as_every_combo_alike(game, players, board):
    """A ``random`` player's two cards are dealt from the deck with the
    runs'; the exact runs count every one of its combos alike."""
    exact = equity_runs(players, board, game=game)
    mc = equity_runs(players, board, game=game, samples=300_000, seed=2)
    assert exact.method == "exact" and mc.method == "monte-carlo"
    for e, m in zip(exact.players, mc.players):
        assert abs(e.scoop - m.scoop) <= 4 * m.stderr + 1e-9
        assert abs(e.blank - m.blank) <= 4 * (max(e.blank * (1 - e.blank), 1e-9) / 300_000) ** 0.5 + 1e-9
        assert abs(e.equity - m.equity) < 0.005


def test_ranges_that_seldom_fit_together_get_fewer_deals_and_a_note(monkeypatch):
    """A batch of the ranged runs kernel stops after the redraw budget (a
    tiny one here) with the deals taken so far; the result says so."""
    from pokercli.equity_calc import montecarlo as M

    monkeypatch.setattr(M, "MC_MAX_REDRAWS", 30)
    r = equity_runs(["AA,KK", "AA,KK", "AK"], double_board=True, samples=1_000, seed=3)
    assert 0 < r.deals < 1_000
    note = f"only {r.deals:,} valid deals of the 1,000 asked for: the ranges rarely fit together"
    assert r.to_dict()["notes"][0].startswith(note)
    assert any(line.startswith("note: " + note) for line in _lines(r))


def test_an_omaha_random_player_is_every_four_cards_alike():
    """Omaha's ``random`` (no combos listed: four cards of the deck, dealt
    with the runs') against the range of every four cards (``xxxx``: each
    combo drawn by the alias tables), within four standard errors; before
    2026-11-27 runs refused it with an internal error."""
    dealt = equity_runs(["As Ah Kd 7c", "random"], "Qs Js 3d", game="omaha", samples=200_000, seed=4)
    listed = equity_runs(["As Ah Kd 7c", "xxxx"], "Qs Js 3d", game="omaha", samples=200_000, seed=5)
    for a, b in zip(dealt.players, listed.players):
        for x, y in ((a.scoop, b.scoop), (a.blank, b.blank), (a.equity, b.equity)):
            assert abs(x - y) <= 4 * (2 * (x * (1 - x) + 1e-12) / 200_000) ** 0.5 + 1e-9, (x, y)
    assert equity_runs(["As Ah Kd 7c", "random"], "Qs Js 3d 2c", game="omaha").method == "monte-carlo"
