"""Postflop range spots in one pass over the runouts (``equity_calc/runouts.py``):
the very counts of the deal-by-deal engine (itself checked against
``tests/naive.py``), on random spots -- ranges, fixed hands, ``random``,
weights, dead cards, flop, turn and river, two to four players, hold'em and
short deck -- and against the naive rule on small spots."""

import random

import pytest

import pokercli
from pokercli import cards as C
from pokercli.equity_calc import runouts
from pokercli.ranges import starting_classes

import naive


def deal_by_deal(monkeypatch, *args, **kwargs):
    """The deal-by-deal engine's answer (the one-pass paths turned off)."""
    with monkeypatch.context() as m:
        m.setattr(runouts, "applies", lambda spot: False)
        m.setattr(runouts, "random_case", lambda spot: False)
        return pokercli.equity(*args, **kwargs)


def same(a, b) -> None:
    assert a.boards == b.boards and a.deals == b.deals
    for x, y in zip(a.players, b.players):
        assert (x.wins, x.ties, x.equity) == (y.wins, y.ties, y.equity)


def random_spot(rng: random.Random, game: str):
    deck = list(range(52)) if game == "holdem" else [c for c in range(52) if c % 13 >= 4]
    rng.shuffle(deck)
    board = [deck.pop() for _ in range(rng.choice((3, 3, 4, 5)))]
    dead = [deck.pop() for _ in range(rng.choice((0, 0, 1, 2)))]
    players = []
    count = rng.choice((2, 2, 3, 4))
    for _ in range(count):
        kind = rng.random()
        if kind < 0.35:
            players.append(C.format_cards([deck.pop(), deck.pop()]))
        elif kind < 0.45 and game == "holdem" and count == 2:  # (more: minutes deal by deal)
            players.append("random")
        else:
            classes = rng.sample(starting_classes() if game == "holdem" else
                                 [c for c in starting_classes() if all(r not in "2345" for r in c[:2])],
                                 rng.randint(1, 6 if count < 4 else 2))
            players.append(",".join(f"{c}:{rng.choice((1, 1, 2, 3))}" if rng.random() < 0.3 else c
                                    for c in classes))
    return players, C.format_cards(board), C.format_cards(dead)


@pytest.mark.parametrize("seed", range(40))
def test_random_spots_count_as_deal_by_deal(monkeypatch, seed):
    rng = random.Random(seed)
    game = "holdem" if seed % 4 else "shortdeck"
    players, board, dead = random_spot(rng, game)
    try:
        want = deal_by_deal(monkeypatch, players, board, dead, game=game, method="exact")
    except pokercli.PokerError:
        with pytest.raises(pokercli.PokerError):
            pokercli.equity(players, board, dead, game=game, method="exact")
        return
    same(pokercli.equity(players, board, dead, game=game, method="exact"), want)


@pytest.mark.parametrize("players,board,dead,game", [
    (["AsKs", "random"], "Kd 7c 2h", "", "holdem"),
    (["random", "AsKs"], "Kd 7c 2h 5s", "", "holdem"),
    (["AsKs", "random", "Qh Jh"], "Kd 7c 2h", "", "holdem"),
    (["7c 7d", "random:3", "As 2s", "Kh Qh"], "7h 8h 9c", "2d", "holdem"),
    (["AsKs", "random"], "Kd Kc 2h 2d", "3c 4c", "holdem"),
    (["AsKs", "random"], "6d 7c 9h", "", "shortdeck"),
    (["random", "Ts 9s"], "6d 7c 9h Jd", "", "shortdeck-straight"),
])
def test_fixed_hands_against_random_count_as_deal_by_deal(monkeypatch, players, board, dead, game):
    spot_game = pokercli.GAMES[game]
    assert spot_game is not None
    same(pokercli.equity(players, board, dead, game=game, method="exact"),
         deal_by_deal(monkeypatch, players, board, dead, game=game, method="exact"))


def test_the_paths_are_the_ones_taken(monkeypatch):
    """The spots above do go the one-pass ways (a broken ``applies`` would make
    every comparison trivially equal)."""
    calls = []
    real_counts, real_random = runouts.counts, runouts.random_counts
    monkeypatch.setattr(runouts, "counts", lambda *a, **k: calls.append("deals") or real_counts(*a, **k))
    monkeypatch.setattr(runouts, "random_counts", lambda *a, **k: calls.append("random") or real_random(*a, **k))
    # two players with a range: the same kernel, called by the quick pair path
    # (tests/api/test_quick_equity.py) unless a progress report is asked for
    pokercli.equity(["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 2h", method="exact", progress=lambda *a: None)
    pokercli.equity(["AsKs", "random"], "Kd 7c 2h", method="exact")
    # three players with a range: the quick multiway path unless a progress report is asked for
    pokercli.equity(["QQ+,AKs", "JJ", "AKo"], "Kd 7c 2h 5s", method="exact", progress=lambda *a: None)
    pokercli.equity(["AA:0.5,KK", "QQ"], "Kd 7c 2h", method="exact")  # a weight not whole: deal by deal
    pokercli.equity(["AsAh", "KsKh"], "Kd 7c 2h", method="exact", categories=True)  # hand types: deal by deal
    assert calls == ["deals", "random", "deals"]
    # one deal given as two fixed hands: the quick path's one kernel call (tests/api/test_quick_equity.py)
    r = pokercli.equity(["AsAh", "KsKh"], "Kd 7c 2h", method="exact")
    assert calls == ["deals", "random", "deals"] and r.deals == 1


@pytest.mark.parametrize("players,board", [
    (["AsAh,KsKh,QdQc", "JsTs,9h9d:2"], "2c 7d 9s 3h"),
    (["AsKs", "random"], "Kd 7c 2h 5s 9d"),
    (["AhKh", "QQ,JJ", "Tc9c"], "2h 7h 8c Jd"),
    (["AhKh", "QQ,JJ,AK:2"], "2h 7h 8c Jd"),
])
def test_small_spots_against_the_plain_rule(players, board):
    """Every deal and river of the naive engine (``tests/naive.py``), counts included."""
    r = pokercli.equity(players, board, method="exact")
    cards = C.parse(board)
    ranges = [[((int(a), int(b)), w) for (a, b), w in pokercli.parse_range(p)
               if not {int(a), int(b)} & set(cards)] for p in players]
    eq, wins, ties, total = naive.equity(ranges, cards)
    assert r.boards == total
    for p, e, w, t in zip(r.players, eq, wins, ties):
        assert (p.wins, p.ties) == (w, t) and p.equity == pytest.approx(e, abs=1e-12)


def test_ctrl_c_stops_a_long_runout_job():
    """A one-pass job of several seconds stops within a second of a Ctrl-C
    (between two kernel calls), whichever thread the signal reaches."""
    import os
    import signal
    import threading
    import time

    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            # 1,220,670 deals over 1,081 runouts: about 4 s on two cores
            pokercli.equity(["QQ+,AK", "random", "JJ-77,AQ,KQ"], "Kd 7c 2h", method="exact")
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old)
    assert time.monotonic() - t0 < 2.0


def test_deal_weights_that_could_overflow_go_deal_by_deal():
    """The one pass tallies weights in 64-bit integers: a deal weighing more
    than 2**31 (the ranges' weights multiplied) goes the deal-by-deal way."""
    from pokercli.equity_calc.spot import make_spot

    assert runouts.applies(make_spot(["AA:1000,KK", "QQ:3"], "Kd 7c 2h"))
    assert not runouts.applies(make_spot(["AA:1000000,KK", "QQ:1000000", "JJ:1000"], "Kd 7c 2h"))
    assert not runouts.applies(make_spot(["AA:0.5,KK", "QQ"], "Kd 7c 2h"))


@pytest.mark.parametrize("players,board,dead", [
    (["AhKh", "QsQd"], "Jh Th 2c", ""), (["AhKh", "QQ,JJ:2"], "Jh Th 2c 5s", "2d"),
    (["AsKs", "7c7d"], "Kd 7h 2h 5s 9c", ""), (["Ts 9s", "AA"], "6d 7c 9h", ""),
])
def test_small_two_player_jobs_in_numpy_count_as_the_kernel(players, board, dead):
    """A small heads-up job that a process meets before Numba is loaded is
    counted in NumPy (``numpy_counts``): the kernel's very integers."""
    from pokercli.equity_calc.spot import make_spot

    spot = make_spot(players, board, dead)
    arrays = runouts.two_player_deals(spot)
    by_numpy, _, _ = runouts.numpy_counts(spot, arrays)
    by_kernel, _, _ = runouts.counts(spot, arrays, 1)
    assert (by_numpy == by_kernel).all() and by_numpy.sum() > 0


@pytest.mark.parametrize("seed", range(12))
def test_runouts_counted_once_per_suit_symmetric_class(monkeypatch, seed):
    """On boards with suits to spare, a runout and its images under the suit
    renamings that keep the spot (board, dead cards, every weighted range) count
    alike: counted once, weighted, the totals are the deal-by-deal integers."""
    rng = random.Random(100 + seed)
    suits = rng.choice(("dd", "ddd", "dh", "ddh"))
    ranks = rng.sample("AKQJT98765432", len(suits) + (1 if len(suits) == 2 else 0))
    board = [r + s for r, s in zip(ranks, suits + "ch")][:3 + (len(suits) == 4)]
    classes = starting_classes()
    players = [",".join(rng.sample(classes, rng.randint(2, 8))) for _ in range(rng.choice((2, 2, 3)))]
    if seed % 3 == 0:
        players[0] += ":2"  # a weight on one part: fewer symmetries, still exact
    want = deal_by_deal(monkeypatch, players, " ".join(board), method="exact")
    with monkeypatch.context() as m:
        m.setattr(runouts, "SYMMETRY_WORK", 0)
        got = pokercli.equity(players, " ".join(board), method="exact")
    same(got, want)


def test_the_symmetries_of_a_spot():
    from pokercli.equity_calc.spot import make_spot

    assert len(runouts.spot_symmetries(make_spot(["QQ+,AKs", "JJ-99"], "Kd 7d 2d"))) == 6
    assert len(runouts.spot_symmetries(make_spot(["QQ+,AKs", "JJ-99"], "Kd 7d 2h"))) == 2
    assert len(runouts.spot_symmetries(make_spot(["QQ+,AKs", "JJ-99"], "Kd 7c 2h"))) == 1
    assert len(runouts.spot_symmetries(make_spot(["AsKs,QQ", "JJ"], "Kd 7d 2d"))) == 2  # spades stay
    assert len(runouts.spot_symmetries(make_spot(["QQ+,AKs", "JJ-99"], "Kd 7d 2d", "2c"))) == 2
    runs = runouts.runouts_of(make_spot(["QQ+,AKs", "JJ-99"], "Kd 7d 2d"))
    reps, weights = runouts.symmetric_runouts(make_spot(["QQ+,AKs", "JJ-99"], "Kd 7d 2d"), runs)
    assert weights.sum() == len(runs) == 1176 and len(reps) == 344  # of C(49, 2) = 1,176: no hand taken out


@pytest.mark.parametrize("players,board,dead,game", [
    (["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 2h", "", "holdem"),
    (["AsKs", "random"], "Kd 7c 2h", "", "holdem"),
    (["AsKs", "random"], "Kd 7d 2d", "3d", "holdem"),
    (["7h 7d", "random"], "Kd 7c 2h 5s", "", "holdem"),
    (["AsKs", "random"], "Kd 7c 2h 5s 9d", "Qc Jc", "holdem"),
    (["Ts 9s", "AA,KK:3,T9s"], "6d 7c 9h", "8c", "holdem"),
    (["AsKs", "random"], "Kd 7c 8h", "", "shortdeck"),
    (["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 8h", "", "shortdeck-straight"),
    (["AhAd", "KsKc", "QhQs"], "2c 7d 9h", "", "holdem"),
    (["AsKs", "QQ+", "JJ,T9s:2"], "Kd 7c 2h", "3c", "holdem"),
    (["AsKs", "QQ+,AK", "9c8c", "7h7d"], "Kd 7c 2h 5s", "", "holdem"),
    (["AhKh", "QsQd", "JcTc"], "Jh Th 2c 5s 9d", "", "holdem"),
    (["AhKh", "QQ,JJ", "Tc9c"], "Jh 8h 6c", "", "shortdeck"),
])
def test_a_one_off_job_in_numpy_answers_as_the_kernels(monkeypatch, players, board, dead, game):
    """Before Numba is loaded, a flop, turn or river job up to ``NUMPY_WORK``
    (two ranges; a hand against random, which would take its own kernel; three
    or four players, fixed hands or ranges) is counted in NumPy: the whole
    result equals the kernels' route."""
    import pokercli.equity_calc as E

    monkeypatch.setattr(E, "_quick", lambda *a: None)
    monkeypatch.setattr(runouts, "numpy_first", lambda: False)
    want = pokercli.equity(players, board, dead, game=game, method="exact")
    taken = []
    real = runouts.numpy_counts
    monkeypatch.setattr(runouts, "numpy_first", lambda: True)
    monkeypatch.setattr(runouts, "numpy_counts", lambda *a: taken.append(1) or real(*a))
    got = pokercli.equity(players, board, dead, game=game, method="exact")
    assert taken  # the NumPy route was the one taken
    same(got, want)
    assert got.boards > 0 and [p.hand for p in got.players] == [p.hand for p in want.players]
