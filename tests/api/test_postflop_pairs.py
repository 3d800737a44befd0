"""A hand against a hand after the flop, counted in plain Python
(:mod:`pokercli.postflop_pairs`): the exact engine's counts, without NumPy."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

import naive
import pokercli
from pokercli import cards as C
from pokercli import reference as R
from pokercli.equity_calc import lookup
from pokercli.equity_calc.exact import exact
from pokercli.equity_calc.spot import make_spot
from pokercli.postflop_pairs import pair_counts


def _doc(result) -> dict:
    doc = result.to_dict()
    doc.pop("seconds")
    return doc


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_the_exact_engines_counts_on_random_spots(board_size):
    rng = random.Random(board_size)
    for _ in range(25):
        cards = rng.sample(range(52), 4 + board_size + rng.choice([0, 0, 1, 3]))
        a, b = cards[:2], cards[2:4]
        board, dead = cards[4:4 + board_size], cards[4 + board_size:]
        spot = make_spot([C.format_cards(a), C.format_cards(b)], board, dead)
        assert lookup.small_postflop(spot)
        assert _doc(lookup.postflop_pair(spot)) == _doc(exact(spot))


def test_against_the_plain_enumeration():
    a, b, board = C.parse("Ah Kh"), C.parse("Qs Qd"), C.parse("Jh Th 2c")
    shares, runouts = naive.game_equity("holdem", [a, b], board, (), range(52), 2, 5)
    wins_a, wins_b, ties, n = pair_counts(a, b, board)
    assert n == runouts == 990
    assert float(shares[0]) == pytest.approx((wins_a + ties / 2) / n, abs=1e-12)
    # every runout, valued by the seed's reference evaluator
    rest = [c for c in range(52) if c not in {*a, *b, *board}]
    from itertools import combinations

    outcome = [0, 0, 0]
    for more in combinations(rest, 2):
        va, vb = R.score(a + board + list(more)), R.score(b + board + list(more))
        outcome[0 if va > vb else 1 if vb > va else 2] += 1
    assert (wins_a, wins_b, ties) == tuple(outcome)


@pytest.mark.parametrize("players,board,game,categories", [
    (["AhKh", "QsQd"], "", "holdem", False),             # preflop: the shipped table
    (["AhKh", "QQ,JJ"], "Jh Th 2c", "holdem", False),    # a range
    (["AhKh", "QsQd", "9c9d"], "Jh Th 2c", "holdem", False),
    (["AhKh", "QsQd"], "Jh Th 2c", "holdem", True),      # hand types asked
    (["AhKh", "QsQd"], "Jh Th 7c", "shortdeck", False),  # tables built in memory
])
def test_other_spots_go_elsewhere(players, board, game, categories):
    assert not lookup.small_postflop(make_spot(players, board, (), game, categories))


def test_a_fresh_process_answers_without_numpy():
    code = ("import sys; from pokercli.cli import main\n"
            "sys.argv = ['pokercli', 'equity', 'AhKh', 'QsQd', '--board', 'Jh Th 2c', '--json']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))")
    for _ in range(2):  # the first run may build the tables (with NumPy); the second reads them
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert '"wins": 555' in r.stdout, r.stdout + r.stderr
    assert r.stdout.strip().endswith("[]"), r.stdout + r.stderr


def test_a_damaged_table_file_is_rebuilt_with_one_warning(tmp_path, monkeypatch):
    import logging

    from pokercli import paths
    from pokercli import postflop_pairs as P

    monkeypatch.setenv("POKERCLI_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(paths, "_warned", set())
    paths.cache.cache_clear()
    P.tables.cache_clear()
    try:
        first = P.tables()
        target = tmp_path / paths.EVALUATOR_TABLES
        data = bytearray(target.read_bytes())
        data[len(data) // 2] ^= 0xFF
        target.write_bytes(bytes(data))
        P.tables.cache_clear()
        records = []
        keep = logging.Handler()
        keep.emit = records.append
        logging.getLogger("pokercli").addHandler(keep)
        try:
            again = P.tables()
        finally:
            logging.getLogger("pokercli").removeHandler(keep)
        assert [list(x) for x in again] == [list(x) for x in first]
        warned = [r.getMessage() for r in records if "damaged" in r.getMessage()]
        assert len(warned) == 1 and paths.EVALUATOR_TABLES in warned[0]
        a, b, board = C.parse("Ah Kh"), C.parse("Qs Qd"), C.parse("Jh Th 2c")
        assert pair_counts(a, b, board) == (555, 435, 0, 990)
    finally:
        P.tables.cache_clear()
        paths.cache.cache_clear()


def test_the_preflop_tables_codes_read_from_lists_are_the_direct_ones(monkeypatch):
    """``preflop_pairs.pair_counts`` reads the deal's canonical code from lists
    once it has been called many times (a file of hands); before, it works it
    out over the 24 suit renamings. Both ways give the same counts."""
    from pokercli import preflop_pairs as P

    rng = random.Random(11)
    deals = [rng.sample(range(52), 4) for _ in range(400)]
    monkeypatch.setattr(P, "_CODES", None)
    monkeypatch.setattr(P, "_CALLS", [-10 ** 9])  # the direct way, every call
    direct = [P.pair_counts((a, b), (c, d)) for a, b, c, d in deals]
    assert P._CODES is None
    monkeypatch.setattr(P, "_CALLS", [P.BUILD_AFTER])
    listed = [P.pair_counts((a, b), (c, d)) for a, b, c, d in deals]
    assert P._CODES is not None and len(P._CODES) == 24 and listed == direct
    assert sum(map(sum, listed)) == 400 * P.BOARDS
