"""The API refuses what its kernels could not take (issue 12): one error type, parameter names."""

import pytest

import pokercli
from pokercli import PokerError


@pytest.mark.parametrize("rows,fragment", [
    ([[0, 1, 2, 3, 52]], "0..51"), ([[0, 1, 2, 3, -2]], "0..51"), ([[0, 1, 2, 3, 3]], "same card"),
    ([[0, 1, 2, 3, 4, 5, 6], [12] * 7], "hand 1 holds the same card twice"),  # 7 aces: beyond the table
    ([[0, 1, 2, 3, -1]], "at least 5"), ([[0, 1, 2, 3, 4, -1, 6]], "only pads"),
    ([[0, 1, 2, 3]], "5 <= k <= 7"), ([[0.5] * 5], "integer"),
])
def test_evaluator_batches_are_checked_before_the_kernel(rows, fragment):
    import numpy as np

    from pokercli import evaluate as E

    with pytest.raises(PokerError, match=fragment):
        E.scores(np.array(rows))
    with pytest.raises(PokerError, match="52-bit card set of 5 to 7"):
        E.scores_of_masks(np.array([1 << 52 | 31]))
    with pytest.raises(PokerError, match="52-bit card set of 5 to 7"):
        E.scores_of_masks(np.array([0b1111]))


@pytest.mark.parametrize("hands,dead_suits", [
    (["As Ks", "random", "random"], "sh"),               # dead: the other spades and hearts
    (["QQ+,AKs", "random", "JJ-99:0.5,AQs"], "cd"),     # dead: the other clubs and diamonds
])
def test_random_players_dealt_from_the_deck_match_exact(hands, dead_suits):
    """Monte Carlo deals random players from the deck, not as combos: each
    player's equity stays within 4 standard errors of the exact one (dead cards
    keep the exact enumeration short)."""
    board = "2c 7d 9h Jc"
    kept = set(pokercli.parse_cards(board + (" " + hands[0] if " " in hands[0] else "")))
    dead = [pokercli.Card(c) for c in range(52)
            if pokercli.Card(c).suit in dead_suits and c not in kept]
    exact = pokercli.equity(hands, board, dead, method="exact")
    mc = pokercli.equity(hands, board, dead, samples=1_000_000, seed=17)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


@pytest.mark.parametrize("dtype", ["int8", "uint8"])
def test_seven_card_byte_batches_checked_in_the_kernel_answer_as_checked_ones(dtype):
    """One-byte 7-card batches skip the scan for bad ids (the kernel checks them):
    every row, good or spoiled (an id of 52..63 or above, padding, a card twice, a
    short-deck two), gets the same values or the same error as an int64 batch."""
    import random

    import numpy as np

    from pokercli import evaluate as E

    rng = random.Random(5)
    for trial in range(300):
        rows = [rng.sample(range(52), 7) for _ in range(rng.randint(1, 6))]
        if trial % 3:
            r, j = rng.randrange(len(rows)), rng.randrange(7)
            rows[r][j] = rng.choice([52, 60, 63, 64, 100, -1, rows[r][(j + 1) % 7]])
            if rows[r][j] == -1 and trial % 2:
                rows[r][j:] = [-1] * (7 - j)  # padding at the end: a short hand
        game = "shortdeck" if trial % 5 == 0 else "holdem"
        for fn in (E.scores, E.classes):
            try:
                want = fn(np.array(rows, np.int64), game).tolist()
            except PokerError as e:
                want = str(e)
            if dtype == "uint8" and any(c < 0 for row in rows for c in row):
                continue  # -1 has no uint8 form
            if dtype == "int8" and any(c > 127 for row in rows for c in row):
                continue
            try:
                got = fn(np.array(rows, dtype), game).tolist()
            except PokerError as e:
                got = str(e)
            assert got == want, (rows, game)
    with pytest.raises(PokerError, match="0..51"):
        E.scores(np.array([[0, 1, 2, 3, 4, 5, 200]], np.uint8))


THREADED_CALLS = '''
import json, sys, threading
import pokercli

calls = [
    lambda: pokercli.equity(["AsAh", "KsKh"], board="Kd 7c 2h").to_dict(),
    lambda: pokercli.equity(["AsAh", "QQ+,AKs"]).to_dict(),
    lambda: pokercli.equity(["AsAh", "KsKh", "QsQh"], samples=200_000, seed=1).to_dict(),
    lambda: pokercli.equity(["As Ah Ks Kh", "Qd Qc Jd Tc"], game="omaha", board="2c 7d 9h").to_dict(),
    lambda: pokercli.percentile("AsAh", board="Kd 7c 2h").to_dict(),
    lambda: pokercli.equity(["(As 2d) 3h 4c", "(Kd 3d) 4s 5s"], game="razz").to_dict(),
    lambda: pokercli.rank("As Ks Qs Js Ts").to_dict(),
    lambda: pokercli.icm("50,30,20", "70,30").to_dict(),
] * 2


def timeless(doc):
    return {k: v for k, v in doc.items() if k != "seconds"}


got = {}


def run(i):
    try:
        got[i] = timeless(calls[i]())
    except Exception as e:
        got[i] = f"{type(e).__name__}: {e}"


if sys.argv[1] == "threads":
    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
else:
    for i in range(len(calls)):
        run(i)
print(json.dumps([got[i] for i in range(len(calls))]))
'''


def test_calls_from_several_threads_at_once_answer_as_one_after_another():
    """A script's threads may call the library at once (docs/python.md): a
    spread of calls (exact and Monte Carlo, hold'em, Omaha, razz, a
    percentile, a rank, ICM), each twice, started together on sixteen threads
    of a fresh process (where none has loaded the kernels' modules yet), give
    what the same calls give one after another. Until 2026-11-29 the quick
    paths' probe of whether the kernels were loaded read a module another
    thread was still importing: an AttributeError."""
    import json
    import subprocess
    import sys

    answers = {}
    for how in ("threads", "one after another"):
        r = subprocess.run([sys.executable, "-c", THREADED_CALLS, how], capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        answers[how] = json.loads(r.stdout)
    assert all(isinstance(a, dict) for a in answers["one after another"]), answers["one after another"]
    assert answers["threads"] == answers["one after another"]
