"""Equity with more than one draw to come (``equity_draws``, ``--draws``): the
discard policy against its plain statement, and Monte Carlo against every
way the draws can go (``tests/naive.py``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import naive
from pokercli import PokerError
from pokercli import cards as C
from pokercli.equity_calc import equity
from pokercli.equity_calc.draws import equity_draws, lowness

RULE = {"27-triple": "deuce-to-seven", "a5-triple": "ace-to-five", "badugi": "badugi"}
ACE_HIGH = {"27-triple": True, "a5-triple": False, "badugi": False}


def kernel_keeps(game, hands, pat, keep):
    from pokercli._kernels import draws as K
    from pokercli._kernels.stud import RULES
    from pokercli.equity_calc.stud import kernel_tables
    from pokercli.games import game as G

    _, _, card_keys, offsets, rank_score, flush_score, _, _ = kernel_tables(G(game))
    out = np.zeros(len(hands), np.int64)
    rule, high = RULE[game], ACE_HIGH[game]
    K.keep_masks(np.array(hands, np.int64), RULES[rule], lowness(pat, high), lowness(keep, high), card_keys,
                 offsets, rank_score, flush_score, out)
    return [{c for c in range(52) if int(m) >> c & 1} for m in out]


@pytest.mark.parametrize("game", list(RULE))
@pytest.mark.parametrize("pat,keep", [("9", "8"), ("7", "7"), ("K", "T"), ("A", "A"), ("2", "2"), ("6", "9")])
def test_policy_is_its_plain_statement_on_random_hands(game, pat, keep):
    rng = random.Random(f"{game}{pat}{keep}")
    full = 4 if game == "badugi" else 5
    hands = [rng.sample(range(52), full) for _ in range(3000)]
    # hands the policy's edges meet often: few ranks, one or two suits
    hands += [rng.sample([c for c in range(52) if c % 13 < 6 and c // 13 < 2], full) for _ in range(1000)]
    high = ACE_HIGH[game]
    got = kernel_keeps(game, hands, pat, keep)
    for h, g in zip(hands, got):
        assert g == naive.draw_keeps(h, game, lowness(pat, high), lowness(keep, high)), C.format_cards(h)


@pytest.mark.parametrize("game,hand,kept", [
    ("27-triple", "7s 5d 4h 3c 2s", "7s 5d 4h 3c 2s"),   # a made 7: pat
    ("27-triple", "6s 5d 4h 3c 2s", "5d 4h 3c 2s"),      # a straight breaks: draw one
    ("27-triple", "8s 6s 4s 3s 2s", "6s 4s 3s 2s"),      # a flush breaks
    ("27-triple", "As 5d 4h 3c 2s", "5d 4h 3c 2s"),      # ace high, not a straight, not pat
    ("27-triple", "Ts 7d 4h 3c 2s", "7d 4h 3c 2s"),      # a ten above the pat 9
    ("27-triple", "7s 7d 4h Kc 2s", "7s 4h 2s"),         # the pair's lower card id, the king thrown
    ("a5-triple", "As 2d 3h 4c 5s", "As 2d 3h 4c 5s"),   # the wheel
    ("a5-triple", "9s 8d 4h 3c 2s", "9s 8d 4h 3c 2s"),   # a made 9 stands pat
    ("a5-triple", "Ts 8d 4h 3c As", "8d 4h 3c As"),
    ("badugi", "Ks 2d 3h 4c", "Ks 2d 3h 4c"),            # any badugi stands pat by default
    ("badugi", "As 2s 3h 4c", "As 3h 4c"),               # the 3-card hand, the 2s thrown
    ("badugi", "As Ad 9h 9c", "As"),                     # 9 above keep 8: one ace, the lower card id
])
def test_policy_examples(game, hand, kept):
    default = {"badugi": ("K", "8")}.get(game, ("9", "8"))
    assert kernel_keeps(game, [C.parse(hand)], *default)[0] == set(C.parse(kept))


@pytest.mark.parametrize("game,kept,stub,draws,pat,keep", [
    ("a5-triple", ["As 2d 3h 4c", "2s 3c 5d 6h"], "7s 8d 9h Tc Js Qd Kh 5c 6s 7d 8h 9c", 2, "9", "8"),
    ("a5-triple", ["7s 5d 4h 3c 2s", "As 2d 3h"], "7h 8d 9h Tc Js Qd Kh 5c 6s 7d", 3, "9", "8"),
    # two stub cards: the second draw comes from the shuffled discards
    ("27-triple", ["2s 3d 4h 5c", "2c 3h 4s 6d"], "5h Ks", 2, "9", "8"),
    ("27-triple", ["2s 3d 4h 7c", "2c 3h 7s 8d", "4d 5c 6h 8s"], "5h 6s 9c Td Jc 7h Kd", 2, "8", "7"),
    ("badugi", ["As 2d 3h", "2c 4s"], "5c 6d 7h 8s Kc Qd Jh Ts", 2, "K", "8"),
    ("badugi", ["7s 2d 3h 4c", "Ac 5s"], "As 8h Kd 6d 9s", 3, "9", "7"),
])
def test_monte_carlo_within_four_standard_errors_of_every_way_the_draws_go(game, kept, stub, draws, pat, keep):
    full = 4 if game == "badugi" else 5
    kept_ids = [C.parse(k) for k in kept]
    used = {c for k in kept_ids for c in k} | set(C.parse(stub))
    dead = [c for c in range(52) if c not in used]
    high = ACE_HIGH[game]
    exact = naive.draw_game_equity(game, kept_ids, dead, draws, lowness(pat, high), lowness(keep, high), full)
    assert sum(exact) == 1
    r = equity_draws(kept, dead, game=game, draws=draws, pat=pat, keep=keep, samples=300_000, seed=11)
    assert r.method == "monte-carlo" and r.samples == 300_000
    assert r.extra == {"draws": draws, "policy": {"pat": pat, "keep": keep}}
    for p, e in zip(r.players, exact):
        assert p.stderr > 0
        assert abs(p.equity - float(e)) < 4 * p.stderr, (p.hand, p.equity, float(e), p.stderr)


def test_one_draw_is_the_exact_job():
    players = ["7s 5d 4h 3c", "8s 6d 4d 2c"]
    a = equity_draws(players, game="27-triple", draws=1)
    b = equity(players, game="27-triple")
    assert a.method == b.method == "exact"
    assert [p.wins for p in a.players] == [p.wins for p in b.players]


def test_a_seed_repeats_and_more_draws_change_the_answer():
    players = ["As 2d 3h", "4s 5d 6h 7c"]
    a = equity_draws(players, game="a5-triple", draws=3, samples=100_000, seed=7)
    b = equity_draws(players, game="a5-triple", draws=3, samples=100_000, seed=7)
    c = equity_draws(players, game="a5-triple", draws=2, samples=100_000, seed=7)
    assert [p.equity for p in a.players] == [p.equity for p in b.players]
    assert abs(a.players[0].equity - c.players[0].equity) > 4 * a.players[0].stderr


def test_categories_count_each_final_hand():
    r = equity_draws(["As 2d 3h", "Ks Qd"], game="badugi", draws=3, samples=50_000, seed=1, categories=True)
    for p in r.players:
        assert abs(sum(p.categories.values()) - 1) < 1e-9
        assert set(p.categories) == {"BADUGI", "THREE_CARD", "TWO_CARD", "ONE_CARD"}


@pytest.mark.parametrize("kwargs,parameter,words", [
    (dict(game="holdem", draws=2), "draws", "holdem has no draws"),
    (dict(game="27-single", draws=2), "draws", "must be 1 (one draw to come) in 27-single, not '2'"),
    (dict(game="27-triple", draws=4), "draws", "from 1 to 3"),
    (dict(game="27-triple", draws=0), "draws", "from 1 to 3"),
    (dict(game="27-triple", draws=True), "draws", "whole number"),
    (dict(game="27-triple", draws=2, method="exact"), "method", "one draw to come"),
    (dict(game="27-triple", draws=2, pat="X"), "pat", "must be a rank"),
    (dict(game="27-triple", draws=2, keep="10"), "keep", "must be a rank"),
    (dict(game="27-triple", draws=1, pat="9"), "pat", "draws= 2 or more"),
    (dict(game="27-triple", draws=2, samples=0), "samples", "samples"),
])
def test_bad_arguments_name_the_parameter(kwargs, parameter, words):
    players = kwargs.pop("players", ["7s 5d 4h 3c", "8s 6d 4d"])
    if kwargs["game"] == "holdem":
        players = ["AsAh", "KsKh"]
    with pytest.raises(PokerError) as e:
        equity_draws(players, **kwargs)
    assert e.value.param == parameter and words in str(e.value)


def test_too_many_players_for_the_deck():
    players = ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js"]
    with pytest.raises(PokerError, match="at most 9 players"):
        equity_draws(players, game="27-triple", draws=2, samples=1000)


def test_the_command_json_and_views(cli):
    import json

    from tests.render.test_views import fits, render

    args = ["equity", "--game", "27-triple", "7s 5d 4h 3c", "8s 6d 4d", "--draws", "3", "--samples", "20000",
            "--seed", "3"]
    code, out, _ = cli(*args, "--json")
    doc = json.loads(out)
    want = equity_draws(["7s 5d 4h 3c", "8s 6d 4d"], game="27-triple", draws=3, samples=20_000, seed=3)
    assert code == 0 and doc["draws"] == 3 and doc["policy"] == {"pat": "9", "keep": "8"}
    assert [p["equity"] for p in doc["players"]] == [p.equity for p in want.players]
    code, out, _ = cli(*args)
    assert code == 0 and "draws: 3 to come; later draws stand pat on a made hand 9 high or lower" in out
    for width in (80, 60):
        text = render(want, width)
        fits(text, width)
        assert "keep cards 8 and lower" in " ".join(text.split())


@pytest.mark.parametrize("args,words", [
    (["--game", "holdem", "AsAh", "KsKh", "--draws", "2"], "holdem has no draws"),
    (["--draws", "4"], "--draws must be a whole number from 1 to 3"),
    (["--pat", "9"], "give --draws 2 or more"),
    (["--draws", "2", "--keep", "X"], "--keep must be a rank"),
    (["--draws", "2", "--exact"], "--exact counts one draw to come"),
    (["--draws", "2", "--board", "2c 3c 4c"], "not --board"),
])
def test_command_errors_are_one_line(cli, args, words):
    base = ["equity", "--game", "27-triple", "7s 5d 4h 3c", "8s 6d 4d"] if "holdem" not in args else ["equity"]
    code, out, err = cli(*base, *args)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


def test_batch_lines_take_draws(cli):
    import json

    lines = ("7s 5d 4h 3c | 8s 6d 4d | draws 3\n"
             '{"players": ["As 2d 3h", "Ks Qd"], "game": "badugi", "draws": 2, "pat": "Q"}\n'
             "7s 5d 4h 3c | 8s 6d 4d | draws x\n"
             "7s 5d 4h 3c | 8s 6d 4d | board 2c 3c 4c | draws 2\n"
             "7s 5d 4h 3c | 8s 6d 4d\n")
    code, out, err = cli("equity", "-", "--game", "27-triple", "--samples", "20000", "--seed", "1", input=lines)
    docs = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and [d["line"] for d in docs] == [1, 2, 5]
    want = [equity_draws(["7s 5d 4h 3c", "8s 6d 4d"], game="27-triple", draws=3, samples=20_000, seed=1),
            equity_draws(["As 2d 3h", "Ks Qd"], game="badugi", draws=2, pat="Q", samples=20_000, seed=1),
            equity(["7s 5d 4h 3c", "8s 6d 4d"], game="27-triple", samples=20_000, seed=1)]
    for d, w in zip(docs, want):
        assert [p["equity"] for p in d["players"]] == [p.equity for p in w.players]
        assert d.get("policy") == w.extra.get("policy")
    assert "line 3: draws must be a whole number" in err and "line 4: a draw game's spot has no board" in err
    # --draws, --pat and --keep apply to every line that does not say otherwise
    code, out, _ = cli("equity", "-", "--game", "a5-triple", "--draws", "3", "--keep", "7", "--samples", "10000",
                       "--seed", "2", input="7s 5d 4h 3c | 8s 6d 4d\n7s 5d 4h 3c | 8s 6d 4d | draws 2\n")
    first, second = (json.loads(x) for x in out.splitlines())
    assert code == 0 and first["draws"] == 3 and first["policy"] == {"pat": "9", "keep": "7"}
    assert second["draws"] == 2 and second["policy"] == {"pat": "9", "keep": "7"}  # the line's draws
