"""Four-handed push/fold: the sampled deals dealt again in plain Python, every
decision's values against the deal-by-deal sums of ``tests/naive.py`` (the
reference evaluator on the same boards), the equilibrium checked as a best
response, the game after the cutoff folds against the three-handed solver,
and the command line."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import pokercli
from pokercli import push_fold_table as T
from pokercli.errors import PokerError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import naive  # noqa: E402

NAMES = ["CO push", "BTN call CO", "SB call CO+BTN", "BB call CO+BTN+SB", "BB call CO+BTN", "SB call CO",
         "BB call CO+SB", "BB call CO", "BTN push", "SB call BTN", "BB call BTN+SB", "BB call BTN",
         "SB push", "BB call SB"]


def test_the_tree_has_fourteen_decisions_and_fifteen_endings():
    decisions, terminals = T.game_tree(4)
    assert [d.name for d in decisions] == NAMES
    assert len(terminals) == 15 and "FFF" in terminals and "PPPP" in terminals
    assert T.positions(4) == ("CO", "BTN", "SB", "BB")


@pytest.mark.parametrize("stacks, ante, payouts", [
    ([10, 7, 12, 4], 0.125, None),            # chip EV, side pots, antes
    ([10, 7, 12, 4], 0.1, [50, 30, 20]),      # ICM, three prizes for four players
    ([6, 6, 6, 6], 0.0, [65, 35]),            # equal stacks: busted players share places
])
def test_values_equal_the_deal_by_deal_sums(stacks, ante, payouts):
    """The kernel's values for a random strategy equal naive.pushfold4_values
    on the same deals dealt again in plain Python (splitmix64 by hand, the
    reference evaluator on every board), and differ on other deals."""
    game = T._Game4(stacks, ante, payouts, 240, 3, first=50, boards=3)
    rng = np.random.default_rng(1)
    strategy = {(d.player, d.history): rng.random(169) for d in game.decisions}
    out, ev = game.values(strategy)
    named = {d.name: strategy[(d.player, d.history)] for d in game.decisions}
    want, want_ev = naive.pushfold4_values(stacks, ante, payouts, named, naive.pushfold4_deals(3, 50, 240, 3))
    scale = 1 + max(np.abs(a).max() for pair in want.values() for a in pair)
    for k, d in enumerate(game.decisions):
        assert np.abs(out[k, 0] - want[d.name][0]).max() < 1e-6 * scale, d.name
        assert np.abs(out[k, 1] - want[d.name][1]).max() < 1e-6 * scale, d.name
    assert ev == pytest.approx(want_ev, rel=1e-6)
    other, _ = naive.pushfold4_values(stacks, ante, payouts, named, naive.pushfold4_deals(4, 50, 240, 3))
    assert np.abs(out[0, 0] - other["CO push"][0]).max() > 1e-3


def test_deals_do_not_depend_on_threads_or_the_split(monkeypatch):
    game = T._Game4([10, 10, 10, 10], 0.0, None, 1000, 1)
    args = (game.m[game.m > 2], game.players[game.m > 2], game.pay[game.m > 2])
    cls, paid = T.sampled_deals(3000, 9, 0, 2, *args)
    monkeypatch.setenv("POKERCLI_THREADS", "1")
    cls1, paid1 = T.sampled_deals(3000, 9, 0, 2, *args)
    tail, tail_paid = T.sampled_deals(1000, 9, 2000, 2, *args)
    assert np.array_equal(cls, cls1) and np.array_equal(paid, paid1)
    assert np.array_equal(cls[2000:], tail) and np.array_equal(paid[2000:], tail_paid)


def test_each_seat_is_dealt_classes_at_their_chances():
    """Over 2**17 deals, each seat holds pairs, suited and offsuit hands 6, 4
    and 12 times in 1,326 (within five standard errors), and AA as often as
    6 in 1,326."""
    from pokercli.ranges import starting_classes

    game = T._Game4([10, 10, 10, 10], 0.0, None, 1 << 17, 2)
    kind = np.array([0 if len(c) == 2 else (1 if c.endswith("s") else 2) for c in starting_classes()])
    n = len(game.cls)
    for seat in range(4):
        got = np.bincount(kind[game.cls[:, seat]], minlength=3) / n
        for k, p in enumerate((13 * 6 / 1326, 78 * 4 / 1326, 78 * 12 / 1326)):
            assert abs(got[k] - p) < 5 * np.sqrt(p * (1 - p) / n), (seat, k)
        aa = float(np.mean(game.cls[:, seat] == starting_classes().index("AA")))
        assert abs(aa - 6 / 1326) < 5 * np.sqrt(6 / 1326 / n)


# ------------------------------------------------------------------ solving

DEALS = 1 << 18


@pytest.fixture(scope="module")
def chip_result():
    return T.pushfold_table([10, 10, 10, 10], deals=DEALS)


@pytest.fixture(scope="module")
def icm_result():
    return T.pushfold_table("10,10,10,10", payouts="50,30,20", deals=DEALS)


@pytest.mark.parametrize("which", ["chip_result", "icm_result"])
def test_every_player_is_at_a_best_response(which, request):
    """On the same deals, no player gains more than the tolerance by its best
    response; the exploitability reported is the one recomputed. On fresh
    deals it is bracketed: best responses chosen on one set gain less on
    another than on their own."""
    r = request.getfixturevalue(which)
    game = T._Game4(r.stacks, r.ante, r.payouts, r.deals, r.seed)
    strategy = {(d.player, d.history): np.array(r.decision(d.name).frequencies) for d in game.decisions}
    gain = sum(game.gains(strategy))
    bar = T.FOUR_TOLERANCE * (1 if r.payouts is None else 100 / 40)
    assert gain == pytest.approx(r.exploitability, rel=1e-6, abs=1e-12)
    assert 0 <= gain < bar
    low, high = r.held_out
    assert low < high and high > gain
    # a strategy away from the equilibrium is exploitable by more
    worse = dict(strategy)
    key = (0, "")
    worse[key] = np.clip(strategy[key] + 0.3, 0, 1)
    assert sum(game.gains(worse)) > 10 * bar


def test_values_add_up(chip_result, icm_result):
    assert sum(chip_result.evs) == pytest.approx(0, abs=1e-6)
    assert sum(icm_result.evs) == pytest.approx(100, abs=1e-4)
    assert icm_result.before == pytest.approx([25, 25, 25, 25])


def test_after_the_cutoff_folds_the_others_play_the_three_handed_game(chip_result):
    """When the cutoff folds, the other three play the three-handed game (but
    for its folded cards): their ranges are within 3 % of hands of the
    three-handed solver's, and the blinds' within 3 % of heads-up Nash."""
    three = T.pushfold_table([10, 10, 10], samples=16, tolerance=1e-3)
    for name in ("BTN push", "SB call BTN", "BB call BTN", "SB push", "BB call SB", "BB call BTN+SB"):
        assert abs(chip_result.decision(name).share - three.decision(name).share) < 0.03, name
    hu = pokercli.pushfold(10)
    assert abs(chip_result.decision("SB push").share - hu.push_share) < 0.03
    assert abs(chip_result.decision("BB call SB").share - hu.call_share) < 0.03
    # the first to act faces three players: it pushes less than the button does
    assert chip_result.decision("CO push").share < chip_result.decision("BTN push").share
    assert chip_result.decision("BB call CO+BTN+SB").frequency("AA") == 1.0
    assert chip_result.decision("CO push").frequency("72o") == 0.0


def test_icm_calls_tighter_than_chip_ev(chip_result, icm_result):
    for name in ("BTN call CO", "SB call CO", "BB call CO", "SB call BTN", "BB call BTN", "BB call SB"):
        assert icm_result.decision(name).share < chip_result.decision(name).share, name


def test_ranges_and_json(icm_result):
    d = icm_result.to_dict()
    json.dumps(d)
    assert d["positions"] == ["CO", "BTN", "SB", "BB"] and d["payouts"] == [50, 30, 20]
    fresh = d["exploitability_fresh_deals"]
    assert d["sampled_deals"] == DEALS and d["seed"] == 1 and fresh["low"] < fresh["high"]
    assert "three_way_samples" not in d
    assert list(d["decisions"]) == [n.lower().replace(" ", "_").replace("+", "_") for n in NAMES]
    for r in icm_result.ranges:
        if r.range:
            weight = sum(w for _, w in pokercli.parse_range(r.range))
            assert weight / 1326 == pytest.approx(r.share, abs=5e-4)


def test_a_seed_gives_the_same_answer():
    a = T.pushfold_table([8, 12, 6, 10], deals=20_000, seed=5, max_iterations=20)
    b = T.pushfold_table([8, 12, 6, 10], deals=20_000, seed=5, max_iterations=20)
    c = T.pushfold_table([8, 12, 6, 10], deals=20_000, seed=6, max_iterations=20)
    assert [r.frequencies for r in a.ranges] == [r.frequencies for r in b.ranges]
    assert [r.frequencies for r in a.ranges] != [r.frequencies for r in c.ranges]


@pytest.mark.parametrize("kwargs, what", [
    (dict(stacks=[10, 8, 5, 4, 3]), "stacks"), (dict(stacks=[10, 8, 5, 0.5]), "stacks"),
    (dict(stacks=[10, 8, 5, 4], deals=10), "deals"), (dict(stacks=[10, 8, 5, 4], deals=2.5), "deals"),
    (dict(stacks=[10, 8, 5, 4], seed=-1), "seed"),
    (dict(stacks=[10, 8, 5, 4], payouts=[5, 4, 3, 2, 1]), "payouts"),
    (dict(stacks=[10, 8, 5, 4], engine="tpu"), "engine"), (dict(stacks=[10, 8, 5], engine="gpu"), "engine"),
])
def test_bad_input_names_the_parameter(kwargs, what):
    with pytest.raises(PokerError) as e:
        T.pushfold_table(**kwargs)
    assert what in str(e.value)


# ------------------------------------------------------------------ the command


def test_four_handed_command(cli):
    code, out, err = cli("pushfold", "--stacks", "10,10,8,5", "--deals", "50000", "--tolerance", "0.01")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("four-handed push/fold: stacks CO 10, BTN 10, SB 8, BB 5 bb")
    assert "50,000 sampled deals (seed 1)" in lines[1]
    assert lines[3] == "decision\tshare\trange"
    assert [line.split("\t")[0] for line in lines[4:]] == NAMES
    code, out, _ = cli("pushfold", "--stacks", "10 10 10 10", "--payouts", "60,40", "--deals", "20000",
                       "--seed", "3", "--tolerance", "0.05", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["seed"] == 3 and doc["players"] == 4
    assert sum(doc["ev"].values()) == pytest.approx(100, abs=1e-4)


@pytest.mark.parametrize("args, words", [
    (("--stacks", "10,8,5", "--deals", "50000"), "--deals: only four-handed push/fold is solved on sampled"),
    (("--stack", "10", "--seed", "2"), "--seed: only four-handed push/fold is solved on sampled"),
    (("--stacks", "10,8,5,4", "--deals", "5"), "deals must be a whole number from 1,000"),
    (("--stacks", "10,8,5,4,3"), "stacks: give three stacks"),
    (("--stack", "10", "--engine", "gpu"), "--engine: the GPU engine serves four-handed push/fold"),
])
def test_bad_command_lines_get_one_line(cli, args, words):
    code, out, err = cli("pushfold", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err


def test_ctrl_c_while_dealing_stops_the_workers_at_once():
    """A Ctrl-C (SIGINT to this process, Python's own handler set here) while
    the deals are dealt raises KeyboardInterrupt at once, and the worker
    threads stop at their next chunk instead of dealing the rest."""
    import os
    import signal
    import threading
    import time

    sent = []

    def progress(done, total):
        if not sent:
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            T.pushfold_table([10, 10, 10, 10], deals=4_000_000, progress=progress)
        took = time.monotonic() - sent[0]
    finally:
        signal.signal(signal.SIGINT, old)
    assert took < 1, took
    # no worker deals on: the pool's threads are gone
    time.sleep(0.2)
    assert not [t for t in threading.enumerate() if t.name.startswith("ThreadPoolExecutor")]


def test_ctrl_c_stops_the_four_handed_solve():
    """A four-handed solve of a tolerance it never reaches runs for minutes; a
    Ctrl-C while it solves stops it within two seconds."""
    import time

    from conftest import interrupt_after

    command = ("pushfold", "--stacks", "10,10,10,10", "--deals", "2000000", "--tolerance", "1e-9", "--json")

    def running(proc):
        time.sleep(5.0)
        assert proc.poll() is None

    code, took, out, err = interrupt_after(command, running, 30)
    assert code == 130 and took < 2, (took, err)
    assert "Traceback" not in err and out == ""
