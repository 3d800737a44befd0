"""Fixed hands after the flop in one kernel call (:mod:`pokercli.equity_calc.quick`):
the general path's result, field for field, and nothing it should not take."""

from __future__ import annotations

import random
import sys

import pytest
from conftest import load_kernels

import naive
import pokercli
from pokercli import cards as C
from pokercli.equity_calc import quick
from pokercli.equity_calc.exact import exact
from pokercli.equity_calc.spot import make_spot
from pokercli.errors import PokerError
from pokercli.games import GAMES

pytest.importorskip("numba")  # the quick path runs once the kernels are loaded


@pytest.fixture(autouse=True, scope="module")
def _kernels_loaded():
    load_kernels()  # the quick path waits for them


def _doc(result) -> dict:
    doc = result.to_dict()
    doc.pop("seconds")
    return doc


def _written(rng: random.Random, cards) -> str:
    """Two cards as a player might type them."""
    a, b = (C.card_name(c) for c in cards)
    style = rng.randrange(4)
    if style == 1:
        a, b = a.lower(), b.lower()
    elif style == 2:
        a, b = a[0] + a[1].upper(), b[0] + b[1].upper()
    return f"{a} {b}" if rng.random() < 0.3 else a + b


def _same_as_the_general_path(rng, game: str, cards, players: int, board_size: int) -> None:
    """The quick path's result for ``players`` hands of two of ``cards``, then
    the board, the rest dead: the general path's, field for field."""
    hands = [_written(rng, cards[2 * i:2 * i + 2]) for i in range(players)]
    board = " ".join(C.card_name(c) for c in cards[2 * players:2 * players + board_size])
    dead = " ".join(C.card_name(c) for c in cards[2 * players + board_size:])
    fast = quick.fixed_equity(hands, board, dead, GAMES[game])
    assert fast is not None, (hands, board, dead)
    assert _doc(fast) == _doc(exact(make_spot(hands, board, dead, game))), (hands, board, dead)


@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_the_general_paths_result_on_random_spots(game):
    g = GAMES[game]
    rng = random.Random(game)
    for _ in range(120):
        players = rng.choice([2, 2, 2, 3, 4, 6])
        board_size = rng.choice([3, 4, 5])
        cards = rng.sample(list(g.deck), 2 * players + board_size + rng.choice([0, 0, 1, 3]))
        _same_as_the_general_path(rng, game, cards, players, board_size)


@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_spots_crowded_in_a_suit_or_two(game):
    """Most cards of one or two suits, so that flushes come in some runouts and
    not in others: the kernel values the runouts of a suit that may give a
    flush one by one and the rest by their ranks; the general path's result,
    field for field, on the flop, the turn and the river."""
    g = GAMES[game]
    rng = random.Random("suits" + game)
    deck = list(g.deck)
    for _ in range(100):
        suits = rng.sample(range(4), rng.choice([1, 1, 2]))
        crowded = [c for c in deck if c // 13 in suits]
        others = [c for c in deck if c // 13 not in suits]
        players, board_size = rng.choice([2, 2, 3, 4]), rng.choice([3, 3, 4, 5])
        size = 2 * players + board_size + rng.choice([0, 0, 1])
        take = rng.randint(min(size, len(crowded)) // 2, min(size, len(crowded)))
        cards = rng.sample(crowded, take) + rng.sample(others, size - take)
        rng.shuffle(cards)
        _same_as_the_general_path(rng, game, cards, players, board_size)


def test_against_the_plain_enumeration():
    # three players, a dead card, on the flop and the turn: the naive showdown of every runout
    for hands, board, dead in [(["AhKh", "QsQd", "7c7d"], "Jh Th 2c", "3s"),
                               (["AsAd", "KsKd"], "2s 3s 4d 5d", ""),
                               (["Ac2d", "Ad2c"], "Kh Qh Jh", ""),
                               (["Ah2h", "KhQd", "9h8h"], "Jh Th 3c", ""),   # flushes in hearts, few ranks
                               (["Ah2h", "Kh9h"], "Jh Th 3c 4d", "")]:
        r = quick.fixed_equity(hands, board, dead, GAMES["holdem"])
        ranges = [[(tuple(C.parse(h)), 1.0)] for h in hands]
        eq, wins, ties, total = naive.equity(ranges, C.parse(board), C.parse(dead) if dead else ())
        assert r.boards == total
        for p, player in enumerate(r.players):
            assert (player.wins, player.ties) == (wins[p], ties[p])
            assert player.equity == pytest.approx(eq[p], abs=1e-12)


def _spy(monkeypatch, name: str) -> list:
    """Whether each call of ``quick.<name>`` answered (True) or declined (False)."""
    taken = []
    real = getattr(quick, name)

    def spy(*args):
        result = real(*args)
        taken.append(result is not None)
        return result

    monkeypatch.setattr(quick, name, spy)
    return taken


def test_equity_takes_the_quick_path(monkeypatch):
    taken = _spy(monkeypatch, "fixed_equity")
    r = pokercli.equity(["AhKh", "QsQd"], "Jh Th 2c")
    assert taken == [True]
    assert (r.players[0].wins, r.players[1].wins, r.boards) == (555.0, 435.0, 990.0)
    # an option that changes the job never asks (the general way answers, the same);
    # a range asks and is declined here (the pair path takes it, below)
    pokercli.equity(["AhKh", "QsQd"], "Jh Th 2c", categories=True)
    pokercli.equity(["AhKh", "QsQd"], "Jh Th 2c", method="monte-carlo", samples=1000, seed=1)
    pokercli.equity(["AhKh", "QQ"], "Jh Th 2c")
    assert taken == [True, False]


@pytest.mark.parametrize("players,board,dead", [
    (["AhKh", "QQ"], "Jh Th 2c", ""),                 # a range
    (["AhKh", "random"], "Jh Th 2c", ""),
    (["AhAh", "QsQd"], "Jh Th 2c", ""),               # one card twice in a hand
    (["AhKh", "QsQd"], "Ah Th 2c", ""),               # a card in a hand and on the board
    (["AhKh", "QsQd"], "Jh Th 2c", "Qs"),             # a dead card held
    (["AhKh", "QsQd"], "Jh Th", ""),                  # two board cards
    (["AhKh", "QsQd"], "", ""),                       # preflop: the shipped table's job
    (["AhKhQh", "QsQd"], "Jh Th 2c", ""),             # three cards
    (["AhXh", "QsQd"], "Jh Th 2c", ""),               # not a card
    (["AhKh", "QsQd"], "Jh Th 2c 3c 4c 5c", ""),      # six board cards
    (["AhKh", "QsQd"], [9, 8, 99], ""),               # not a card id
    (["AhKh", "QsQd"], [9, 8, True], ""),
    (["AhKh", "QsQd"], ["Jh", "Th", "2x"], ""),
    ("AhKh", "Jh Th 2c", ""),                         # not a list of players
    (["AhKh"], "Jh Th 2c", ""),
])
def test_what_it_leaves_to_the_general_path(players, board, dead):
    assert quick.fixed_equity(players, board, dead, GAMES["holdem"]) is None


def test_cards_as_ids_or_names():
    g = GAMES["holdem"]
    text = quick.fixed_equity(["AhKh", "QsQd"], "Jh Th 2c", "3d", g)
    ids = ([int(c) for c in C.parse("Jh Th 2c")], [int(c) for c in C.parse("3d")])
    for board, dead in [ids, (("Jh", "Th", "2c"), ["3d"]), (C.parse("Jh Th 2c"), C.parse("3d"))]:
        assert _doc(quick.fixed_equity(["AhKh", "QsQd"], board, dead, g)) == _doc(text)


def test_a_card_outside_a_short_deck_is_left_to_the_general_path():
    g = GAMES["shortdeck"]
    assert quick.fixed_equity(["AhKh", "QsQd"], "Jh Th 6c", "", g) is not None
    assert quick.fixed_equity(["AhKh", "QsQd"], "Jh Th 2c", "", g) is None
    with pytest.raises(PokerError, match="2c"):
        pokercli.equity(["AhKh", "QsQd"], "Jh Th 2c", game="shortdeck")


def test_not_before_a_kernel_that_counts_is_loaded(monkeypatch):
    """Not with no kernel loaded, nor with only the evaluator's table builder
    (a cold cache builds the tables with a kernel, which imports Numba)."""
    from pokercli._kernels import jit
    from pokercli._kernels.evaluator import place_rows

    spot = (["AhKh", "QsQd"], "Jh Th 2c", "", GAMES["holdem"])
    assert quick.fixed_equity(*spot) is not None
    monkeypatch.setattr(jit, "_warm", {jit.table_builder(place_rows)})
    assert quick.fixed_equity(*spot) is None
    monkeypatch.delitem(sys.modules, "pokercli._kernels.jit")
    assert quick.fixed_equity(*spot) is None


def test_mistakes_read_the_same_as_on_the_general_path():
    for players, board in [(["AhKh", "AhQd"], "2c 3c 4c"), (["AhKh", "QsQd"], "Jh Th 2c 2c")]:
        with pytest.raises(PokerError) as fast:
            pokercli.equity(players, board)
        with pytest.raises(PokerError) as slow:
            make_spot(players, board)
        assert str(fast.value) == str(slow.value)


RANGES = ["QQ+,AKs", "JJ-99,AQs+", "AK", "22+", "AKs,AQs:2,KQo:3", "T9s,98s,87s", "A2s+", "KK,QQ:5",
          "random", "AA:0.5,KK", "top 10%", "77"]


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "shortdeck-straight"])
def test_a_hand_or_range_against_a_range_is_the_general_paths_result(game):
    """Two players, hands or ranges, after the flop: the pair path's result
    field for field, on random spots; the spots it leaves (random, weights
    that are not whole, big jobs) are answered by the general path."""
    g = GAMES[game]
    rng = random.Random("pair" + game)
    taken = 0
    for _ in range(60):
        board_size, dead_size = rng.choice([3, 4, 5]), rng.choice([0, 0, 1, 3])
        cards = rng.sample(list(g.deck), 2 + board_size + dead_size)
        hero = C.card_name(cards[0]) + C.card_name(cards[1]) if rng.random() < 0.6 else rng.choice(RANGES)
        players = [hero, rng.choice(RANGES)][::rng.choice([1, -1])]
        board = " ".join(C.card_name(c) for c in cards[2:2 + board_size])
        dead = " ".join(C.card_name(c) for c in cards[2 + board_size:])
        try:
            slow = exact(make_spot(players, board, dead, game))
        except PokerError:  # an empty range, say: the pair path leaves it to the general one
            assert quick.pair_equity(players, board, dead, g) is None
            continue
        fast = quick.pair_equity(players, board, dead, g)
        if fast is not None:
            taken += 1
            assert _doc(fast) == _doc(slow), (players, board, dead)
    assert taken >= 30


def test_what_the_pair_path_leaves():
    g = GAMES["holdem"]
    assert quick.pair_equity(["AsKs", "QQ+,AKs"], "Kd 7c 2h", "", g) is not None
    for players in (["AsKs", "random"], ["AsKs", "AA:0.5,KK"], ["22+,A2s+,K9o+", "random"], ["AsKs", "QQ", "JJ"],
                    ["AsKsQs", "QQ"], ["As,Ks", "QQ"]):
        assert quick.pair_equity(players, "Kd 7c 2h", "", g) is None, players
    assert quick.pair_equity(["22+,A2+,K2+", "22+,A2+,K2+"], "Kd 7c 2h", "", g) is None  # past its work


def test_equity_takes_the_pair_path(monkeypatch):
    taken = _spy(monkeypatch, "pair_equity")
    r = pokercli.equity(["QQ+,AKs", "JJ-99,AQs+"], "Kd 7c 2h 5s")
    assert taken == [True] and r.players[0].equity == pytest.approx(0.916835, abs=1e-6)


@pytest.mark.parametrize("game", ["holdem", "shortdeck"])
def test_three_or_more_players_with_ranges_are_the_general_paths_result(game):
    """Three or four players, hands and ranges of whole weights, after the
    flop: the multiway path's result field for field on random spots (three
    players take the branch-free kernel, more the general one); the spots it
    leaves (random, weights that are not whole, big jobs) the general path
    answers."""
    g = GAMES[game]
    rng = random.Random("multi" + game)
    small = ["AK", "QQ+", "JJ,TT", "AKs,KQs:2", "T9s,98s", "77", "AQo", "KK:3,AA"]
    taken = 0
    for _ in range(30):
        n = rng.choice([3, 3, 3, 4])
        board_size, dead_size = rng.choice([4, 4, 5, 5, 3]), rng.choice([0, 0, 1])
        cards = rng.sample(list(g.deck), 2 * n + board_size + dead_size)
        players = [C.card_name(cards[2 * i]) + C.card_name(cards[2 * i + 1]) if rng.random() < 0.4
                   else rng.choice(small + ["random", "AA:0.5,KK"]) for i in range(n)]
        board = " ".join(C.card_name(c) for c in cards[2 * n:2 * n + board_size])
        dead = " ".join(C.card_name(c) for c in cards[2 * n + board_size:])
        try:
            slow = exact(make_spot(players, board, dead, game))
        except PokerError:  # no deal at all, or an empty range: the multiway path leaves it
            assert quick.multi_equity(players, board, dead, g) is None
            continue
        fast = quick.multi_equity(players, board, dead, g)
        if fast is not None:
            taken += 1
            assert _doc(fast) == _doc(slow), (players, board, dead)
    assert taken >= 10


def test_the_multiway_path_against_the_plain_enumeration():
    from pokercli.ranges import parse_range

    ranges_text = ["KK", "QQ,AKs:2", "Jc Tc"]
    board, dead = "Kd 7c 2h 5s", "3s"
    r = quick.multi_equity(ranges_text, board, dead, GAMES["holdem"])
    ranges = [[(tuple(c), w) for c, w in parse_range(t).combos] for t in ranges_text[:2]]
    ranges.append([(tuple(C.parse("Jc Tc")), 1.0)])
    eq, wins, ties, total = naive.equity(ranges, C.parse(board), C.parse(dead))
    assert r.boards == total
    for p, player in enumerate(r.players):
        assert (player.wins, player.ties) == (wins[p], ties[p])
        assert player.equity == pytest.approx(eq[p], abs=1e-12)


def test_what_the_multiway_path_leaves(monkeypatch):
    g = GAMES["holdem"]
    assert quick.multi_equity(["QQ+,AKs", "JJ-99,AQs+", "AK"], "Kd 7c 2h 5s", "", g) is not None
    for players in (["AsKs", "QdQh", "JcJh"],  # fixed hands: fixed_equity's
                    ["AsKs", "QQ"],  # two players: pair_equity's
                    ["AsKs", "random", "QQ"], ["AsKs", "AA:0.5,KK", "QQ"],
                    ["22+,A2+,K2+", "22+,A2+,K2+", "22+,A2+,K2+"]):  # past its work
        assert quick.multi_equity(players, "Kd 7c 2h 5s", "", g) is None, players
    taken = _spy(monkeypatch, "multi_equity")
    r = pokercli.equity(["QQ+,AKs", "JJ-99,AQs+", "AK"], "Kd 7c 2h 5s")
    assert taken == [True] and (r.players[0].wins, r.boards) == (40302.0, 119196.0)
