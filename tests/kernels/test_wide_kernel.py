"""The AVX-512 7-card batch kernel (:mod:`pokercli._kernels.wide`): every 7-card
hand against the scalar kernel, flushes of every suit and short deck against
the plain reference, refusals row for row like the scalar kernel's, batch
lengths around its 16-row step, and the choice between the two kernels."""

import itertools
from pathlib import Path

import numpy as np
import pytest

from pokercli import evaluate as E
from pokercli import reference as R
from pokercli import shortdeck as SD
from pokercli._kernels import evaluator as K
from pokercli.games import game as G

from test_evaluator_kernels import SEVEN_CARD_COUNTS  # noqa: E402 (pytest puts this folder on the path)

needs_wide = pytest.mark.skipif(not E._wide_ok(), reason="this CPU has no AVX-512 VBMI (or Numba is told to "
                                                         "compile for another CPU): the scalar kernel runs")


def _tables(game):
    ranking = G(game).rule.key
    _, _, _, (rank, flush) = E.kernel_tables(ranking)
    return E._card_rows256(game), E._row_starts(ranking), rank, flush, E._score_of_class_u32(ranking)


def _no_lows():
    """The wide kernel's last three arguments when no lows are wanted."""
    return E._rank_bytes(), E._eight_low_table(), np.empty(0, np.uint8)


def _both(rows, game="holdem", mapped=True):
    """(return, out) of the wide kernel and of the scalar kernel on ``rows``."""
    from pokercli._kernels.wide import evaluate_batch7_wide

    rows = np.ascontiguousarray(rows, np.uint8)
    table, starts, rank, flush, vmap = _tables(game)
    dtype = np.uint32 if mapped else np.uint16
    wide, scalar = np.zeros(len(rows), dtype), np.zeros(len(rows), dtype)
    got = evaluate_batch7_wide(rows, *E._wide_tables(game), table, starts, rank, flush, vmap, mapped, wide,
                               *_no_lows())
    want = K.evaluate_batch7(rows, table, starts, rank, flush, vmap, mapped, scalar)
    return (got, wide), (want, scalar)


def _reference(row, game):
    return R.score(row) if game == "holdem" else SD.score(row, G(game).rule.key)


@needs_wide
def test_every_seven_card_hand_equals_the_scalar_kernel():
    """All 133,784,560 hands, in batches by their two lowest cards: the same
    class and the same score as the scalar kernel, hand by hand, and the
    category counts of SPEC §3d."""
    from pokercli._kernels.wide import evaluate_batch7_wide

    fives = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
                        np.uint8).reshape(-1, 5)
    start = np.searchsorted(fives[:, 0], np.arange(53))  # first five-card set whose lowest card is >= c
    table, starts, rank, flush, vmap = _tables("holdem")
    remap, rank_keys = E._wide_tables("holdem")
    buf = np.empty((len(fives) - start[2], 7), np.uint8)  # the most hands two lowest cards start: 0 and 1
    wide, scalar = np.empty(len(buf), np.uint32), np.empty(len(buf), np.uint32)
    hist = np.zeros(7463, np.int64)
    for a, b in itertools.combinations(range(47), 2):
        rest = fives[start[b + 1]:]
        n = len(rest)
        hands = buf[:n]
        hands[:, 0], hands[:, 1], hands[:, 2:] = a, b, rest
        for mapped in (False, True):
            assert evaluate_batch7_wide(hands, remap, rank_keys, table, starts, rank, flush, vmap, mapped,
                                        wide[:n], *_no_lows()) == -1
            assert K.evaluate_batch7(hands, table, starts, rank, flush, vmap, mapped, scalar[:n]) == -1
            assert np.array_equal(wide[:n], scalar[:n]), (a, b, mapped)
            if not mapped:
                hist += np.bincount(wide[:n], minlength=7463)
    assert hist.sum() == 133_784_560
    counts = np.bincount(E.class_types()[np.arange(7463)], weights=hist, minlength=10)
    assert {t: int(counts[t]) for t in range(1, 10)} == SEVEN_CARD_COUNTS
    assert np.count_nonzero(hist) == 4824


@needs_wide
@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_flushes_of_every_suit_equal_the_reference(game):
    """Rows with five, six or seven cards of one suit (each suit in turn: the
    kernel keeps suits 0 and 1 in one 32-bit lane, 2 and 3 in another), and
    plain random rows, in batches long enough for the 16-row step: the plain
    reference's scores."""
    deck = [c for c in range(52) if c not in G(game).left_out]
    rng = np.random.default_rng(5)
    rows = []
    for i in range(1600):
        if i % 4 == 3:
            rows.append(rng.choice(deck, 7, replace=False).tolist())
            continue
        suit = [c for c in deck if c // 13 == i % 4]
        same = rng.choice(suit, int(rng.integers(5, 8)), replace=False).tolist()
        other = [c for c in deck if c not in same]
        rows.append(same + rng.choice(other, 7 - len(same), replace=False).tolist())
        rng.shuffle(rows[-1])
    (got, wide), (want, scalar) = _both(rows, game)
    assert got == want == -1
    assert wide.tolist() == [_reference(r, game) for r in rows]
    assert np.array_equal(wide, scalar)


@needs_wide
@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_refuses_the_same_row_as_the_scalar_kernel(game):
    """One bad row (a card twice or more, a byte that is no card of the deck,
    a byte of 64 up, which the vector step's permutes would read as a card)
    at every position of batches of 19 to 60 rows: the same row refused as the
    scalar kernel, and every row before it written with the reference's
    score."""
    deck = [c for c in range(52) if c not in G(game).left_out]
    rng = np.random.default_rng(17)
    refused = 0
    for trial in range(1500):
        n = int(rng.integers(19, 61))
        rows = [rng.choice(deck, 7, replace=False).tolist() for _ in range(n)]
        at = trial % n
        bad = list(rows[at])
        kind = trial % 5
        if kind == 0:
            bad[int(rng.integers(1, 7))] = bad[0]  # a card twice
        elif kind == 1:
            times = int(rng.integers(2, 5))
            bad[1:times] = [bad[0]] * (times - 1)  # a card two to four times
        elif kind == 2:
            bad[int(rng.integers(7))] = int(rng.integers(64, 256))
        elif kind == 3:
            bad[int(rng.integers(7))] = int(rng.integers(0, 64))  # often a repeat, or a byte 52-63
        # kind 4: the row stays good
        rows[at] = bad
        (got, wide), (want, scalar) = _both(rows, game, mapped=trial % 2 == 0)
        good = len(set(bad)) == 7 and all(c in deck for c in bad)
        assert got == want == (-1 if good else at), (bad, at, n)
        upto = n if good else at
        assert np.array_equal(wide[:upto], scalar[:upto])
        if trial % 2 == 0:
            assert wide[:upto].tolist() == [_reference(r, game) for r in rows[:upto]]
        refused += not good
    assert refused >= 900  # kinds 0-2 always are


@needs_wide
def test_batch_lengths_around_the_step():
    """0 to 70 rows (the step takes 16 rows and reads the bytes of three more;
    the rest go to the scalar kernel), and a batch whose length is a multiple
    of 16: every row's reference score, through the public functions."""
    rng = np.random.default_rng(3)
    for n in list(range(0, 71)) + [160, 161]:
        rows = np.array([rng.choice(52, 7, replace=False) for _ in range(n)], np.int8).reshape(n, 7)
        want = [R.score(r) for r in rows.tolist()]
        assert E.scores(rows).tolist() == want
        assert E.classes(rows).tolist() == [R.hand_class(s) for s in want]


def test_the_kernel_follows_the_cpu(monkeypatch):
    """Where Linux lists AVX-512 VBMI and Numba compiles for this CPU (neither
    ``NUMBA_CPU_NAME`` nor ``NUMBA_CPU_FEATURES`` set; a run of the suite for
    the AVX2 build sets both), the wide kernel is taken (so that the fast path
    cannot switch itself off unnoticed); with Numba told to compile for another
    CPU, the scalar kernel is, and the values are the same."""
    import numba

    cpuinfo = Path("/proc/cpuinfo")
    flags = set(cpuinfo.read_text().split()) if cpuinfo.exists() else set()
    if set(E.WIDE_FEATURES) <= flags and numba.config.CPU_NAME is None and numba.config.CPU_FEATURES is None:
        assert E._wide_ok()
    rows = np.array([np.random.default_rng(9).choice(52, 7, replace=False) for _ in range(100)], np.int8)
    before = E.scores(rows)

    E._wide_ok.cache_clear()
    monkeypatch.setattr(numba.config, "CPU_NAME", "generic")
    try:
        assert not E._wide_ok()
        assert np.array_equal(E.scores(rows), before)
    finally:
        monkeypatch.undo()
        E._wide_ok.cache_clear()
    assert before.tolist() == [R.score(r) for r in rows.tolist()]
