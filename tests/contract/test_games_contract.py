"""Every game of the registry through every command (deal, rank, showdown, exact
and Monte Carlo equity, percentile, batch evaluation, ``rank -``), against tests/naive.py.

Nothing here names a game: each check reads the :class:`pokercli.games.Game`
(its deck, dealing, pot) and compares the public API with the plain rule of
:data:`naive.POT_SHARES`. A new game passes this file when its module, its
kernels and its registry line are right, and fails it until naive.py holds its
plain rule.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import get_args

import pytest

import pokercli
from pokercli import cards as C
from pokercli.errors import PokerError
from pokercli.games import GAMES, DealName, GameName, equity_games
from tests import naive

EQUITY_GAMES = [g.name for g in equity_games()]


def _game(name):
    return GAMES[name]


def _deal(g, players: int, street: tuple[int, int], rng: random.Random, dead: int = 0):
    """Random hands of ``street[0]`` cards, a board of ``street[1]`` and dead
    cards, from the game's deck (``street``: one of ``g.dealing.streets``)."""
    h, board = street
    cards = rng.sample(list(g.deck), players * h + board + dead)
    holes = [cards[i * h:(i + 1) * h] for i in range(players)]
    rest = cards[players * h:]
    return holes, rest[:board], rest[board:]


#: Completions of a spot the plain enumeration of tests/naive.py runs through at most.
NAIVE_RUNOUTS = 5000


def _dead_for(g, players: int, street: tuple[int, int]) -> int:
    """Dead cards enough (at least one) that the spot has at most
    ``NAIVE_RUNOUTS`` completions (stud: folded up cards are dead)."""
    from math import comb

    h, board = street
    dead = 1
    while True:
        left = len(g.deck) - players * h - board - dead
        count = 1
        for _ in range(players):
            count *= comb(left, g.dealing.hole_cards - h)
            left -= g.dealing.hole_cards - h
        count *= comb(left, g.dealing.board_cards - board)
        if count <= NAIVE_RUNOUTS:
            return dead
        dead += 1


def test_the_registry_is_what_the_types_and_the_cli_offer():
    from pokercli.cli.options import DealGame, PokerGame

    assert list(get_args(GameName)) == EQUITY_GAMES
    assert list(get_args(DealName)) == list(GAMES)
    assert [g.value for g in PokerGame] == EQUITY_GAMES
    assert [g.value for g in DealGame] == list(GAMES)
    for g in GAMES.values():
        assert set(g.deck) <= set(range(52)) and g.dealing.hole_cards >= 1
    assert all(name in naive.POT_SHARES and name in naive.HAND_VALUE and name in naive.HIGH_VALUE
               for name in EQUITY_GAMES)


@pytest.mark.parametrize("name", list(GAMES))
def test_deal(name):
    g = _game(name)
    players = g.dealing.fixed_players or 3
    deals = pokercli.deal(name, players=players, seed=11, count=3)
    again = pokercli.deal(name, players=players, seed=11, count=3)
    assert [d.to_dict() for d in deals] == [d.to_dict() for d in again]
    for d in deals:
        cards = [int(c) for h in d.hands for c in h] + [int(c) for c in d.board]
        assert [len(h) for h in d.hands] == [g.dealing.hole_cards] * players
        assert len(d.board) == g.dealing.board_cards
        assert len(set(cards)) == len(cards) and set(cards) <= set(g.deck)


@pytest.mark.parametrize("name", EQUITY_GAMES)
def test_rank_and_showdown(name):
    g = _game(name)
    rng = random.Random(name)
    value = naive.HAND_VALUE[name]
    for _ in range(40):
        holes, board, _ = _deal(g, 3, g.dealing.streets[-1], rng)
        s = pokercli.showdown([C.format_cards(h) for h in holes], C.format_cards(board), game=name)
        assert list(s.shares) == naive.POT_SHARES[name](holes, board)
        assert sum(s.shares) == 1
        # one result type in every game; its form says how it reads
        assert type(s) is pokercli.Showdown and s.form in ("winners", "shares")
        assert s.form == ("shares" if g.pot.split or g.rule.hole_used else "winners")
        assert all(s.result(i) in ("win", "tie", "lose", "scoop", "split") for i in range(1, 4))
        if value is None:  # valued only with its board
            with pytest.raises(PokerError) as e:
                pokercli.rank(holes[0] + board, game=name)
            assert e.value.param == "board"
            continue
        a, b = (pokercli.rank(h + board, game=name) for h in holes[:2])
        va, vb = value(holes[0] + board), value(holes[1] + board)
        assert (a.score > b.score, a.score == b.score) == (va > vb, va == vb)
        assert 1 <= a.hand_class <= g.rule.class_count


@pytest.mark.parametrize("name", EQUITY_GAMES)
@pytest.mark.parametrize("back", [2, 3])
def test_exact_and_monte_carlo_equity(name, back):
    """Two and three streets before the last (hold'em: the turn, three players,
    and the flop, two), with dead cards."""
    g = _game(name)
    street = g.dealing.streets[-back]
    rng = random.Random(f"{name}{street[1] if not g.dealing.hand_sizes else street}")
    players = 2 if back == 3 else 3
    holes, board, dead = _deal(g, players, street, rng, dead=_dead_for(g, players, street))
    want, runouts = naive.game_equity(name, holes, board, dead, g.deck, g.dealing.hole_cards,
                                      g.dealing.board_cards)
    hands = [C.format_cards(h) for h in holes]
    r = pokercli.equity(hands, board=C.format_cards(board), dead=C.format_cards(dead), game=name,
                        method="exact")
    assert r.method == "exact" and r.boards == runouts
    for p, w in zip(r.players, want):
        assert p.equity == pytest.approx(float(w), abs=1e-12)
    mc = pokercli.equity(hands, board=C.format_cards(board), dead=C.format_cards(dead), game=name,
                         method="monte-carlo", samples=20_000, seed=5)
    for p, w in zip(mc.players, want):
        assert abs(p.equity - float(w)) <= 4 * p.stderr + 1e-9


@pytest.mark.parametrize("name", EQUITY_GAMES)
def test_percentile_on_the_river(name):
    """Against a listed range on a complete board: the shares beaten, tied and
    lost, and hand strength, are the heads-up pot shares of naive.py."""
    g = _game(name)
    rng = random.Random(f"pct{name}")
    holes, board, _ = _deal(g, 7, g.dealing.streets[-1], rng)
    hero, opps = holes[0], holes[1:]
    vs = ",".join(C.format_cards(h).replace(" ", "") for h in opps)
    p = pokercli.percentile(C.format_cards(hero), board=C.format_cards(board), vs=vs, game=name)
    shares = [naive.POT_SHARES[name]([hero, o], board)[0] for o in opps]
    n = len(opps)
    assert p.beats == pytest.approx(sum(s > Fraction(1, 2) for s in shares) / n, abs=1e-12)
    assert p.ties == pytest.approx(sum(s == Fraction(1, 2) for s in shares) / n, abs=1e-12)
    assert p.loses == pytest.approx(sum(s < Fraction(1, 2) for s in shares) / n, abs=1e-12)
    assert p.hs == pytest.approx(float(sum(shares) / n), abs=1e-12)


@pytest.mark.parametrize("name", EQUITY_GAMES)
def test_batch_evaluation_and_the_rank_stream(name):
    """The engine's batch evaluator (rows of the hole cards and a complete board)
    orders hands as the plain rule does, and ``rank -`` answers each line with
    the batch's score."""
    import io

    import numpy as np

    from pokercli import evaluate

    g = _game(name)
    rng = random.Random(f"batch{name}")
    rows = []
    for _ in range(60):
        holes, board, _ = _deal(g, 1, g.dealing.streets[-1], rng)
        rows.append(holes[0] + board)
    h = g.dealing.hole_cards
    scores = [int(s) for s in evaluate.scores(np.array(rows, np.int8), name)]
    values = [naive.HIGH_VALUE[name](row[:h], row[h:]) for row in rows]
    for i in range(len(rows)):
        for j in range(i + 1, len(rows)):
            assert (scores[i] > scores[j], scores[i] == scores[j]) == (values[i] > values[j],
                                                                       values[i] == values[j])
    text = "".join(C.format_cards(row) + "\n" for row in rows).encode()
    out = io.BytesIO()
    report = g.engine.rank_stream(io.BytesIO(text), out, True, game=name)  # JSON Lines
    answered = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert report.hands == len(rows) and report.bad == 0
    assert [doc["score"] for doc in answered] == scores
