"""One fixed hand against a ``random`` hand after the flop, counted by ranks
(``random_ranks2``): the very (won, lost, tied) of ``random_patterns``, which
values every set of random hand and runout in full (and is itself checked
against the deal-by-deal engine in ``test_range_runouts.py``), on every kind
of board -- rainbow, two-tone, monotone, paired, a turn of four suited cards
(where a runout puts five of a suit on the board), hands suited with the
board -- with dead cards, in hold'em and both short deck rankings."""

import random

import numpy as np
import pytest

from pokercli import cards as C
from pokercli._kernels.lookup import KEY_INIT, kernel_tables, strength_tables
from pokercli._kernels.range_runouts import random_patterns, random_ranks2
from pokercli.games import game as get_game


def both(game: str, hero, board, dead):
    g = get_game(game)
    keys, offsets = kernel_tables(g.rule.key)[:2]
    rank_tab, flush_tab = strength_tables(g.rule.key)
    gone = set(board) | set(dead) | set(hero)
    deck = np.array([c for c in g.deck if c not in gone], np.int64)
    k = 5 - len(board)
    base_key = int(KEY_INIT) + sum(int(keys[c]) for c in board)
    base_mask = sum(1 << c for c in board)
    hand_mask = sum(1 << c for c in hero)
    patterns = np.zeros(4, np.int64)
    random_patterns(np.array([int(keys[hero[0]]) + int(keys[hero[1]])], np.int64),
                    np.array([hand_mask], np.int64), np.int64(1), deck, np.int64(k), np.int64(base_key),
                    np.int64(base_mask), keys, offsets, rank_tab, flush_tab, np.int64(0),
                    np.int64(len(deck)), patterns)
    free = sum(1 << int(c) for c in deck)
    won, lost, tied, reads = random_ranks2(hand_mask, base_mask, free, k, int(KEY_INIT), keys, offsets,
                                           rank_tab, flush_tab)
    assert reads > 0
    # random_patterns' seat 0 is the fixed hand: pattern 1 it wins, 2 the random hand, 3 a tie
    return (int(patterns[1]), int(patterns[2]), int(patterns[3])), (won, lost, tied)


@pytest.mark.parametrize("hero,board,dead,game", [
    ("AsKs", "Kd 7c 2h", "", "holdem"),          # rainbow
    ("AsKs", "Kd 7d 2h", "", "holdem"),          # two-tone
    ("AsKs", "Kd 7d 2d", "", "holdem"),          # monotone
    ("AdKd", "Qd 7d 2d", "", "holdem"),          # monotone, the hand holds a flush already
    ("AdKd", "Qd 7c 2h", "", "holdem"),          # the hand suited with one board card
    ("5h4h", "3h 2h Kc", "", "holdem"),          # straight-flush draws
    ("AsKs", "Kd Kc 2h", "", "holdem"),          # paired board
    ("AsKs", "Kd 7d 2d 5d", "", "holdem"),       # four suited on the turn: a runout of five
    ("AsKs", "Kd 7d 2d 5s", "", "holdem"),       # three suited on the turn
    ("AsKs", "Kd 7d 2h 5h", "", "holdem"),       # two and two
    ("QhJh", "Th 9h 2c 2d", "", "holdem"),
    ("AsKs", "Kd 7c 2h", "3d 3c Ts", "holdem"),  # dead cards
    ("AsKs", "Kd 7d 2d", "Qd Jd", "holdem"),
    ("AsKs", "Kd 7c 9h", "", "shortdeck"),
    ("AdKd", "Qd 7d 6d", "", "shortdeck"),
    ("Ts9s", "6d 7c 9h Jd", "", "shortdeck-straight"),
    ("AsAh", "6s 7s 8h 9h", "", "shortdeck"),
])
def test_by_ranks_counts_as_every_set_valued(hero, board, dead, game):
    want, got = both(game, [int(c) for c in C.parse(hero)], [int(c) for c in C.parse(board)],
                     [int(c) for c in C.parse(dead)] if dead else [])
    assert got == want


@pytest.mark.parametrize("seed", range(40))
def test_by_ranks_on_random_spots(seed):
    rng = random.Random(seed)
    game = ("holdem", "shortdeck", "shortdeck-straight")[seed % 3] if seed % 2 else "holdem"
    deck = list(get_game(game).deck)
    rng.shuffle(deck)
    if seed % 5 == 0:  # most of the board of one suit: the five-suited runouts
        suit = rng.randrange(4)
        deck.sort(key=lambda c: (c // 13 != suit, rng.random()))
        deck = deck[2:] + deck[:2]  # the hand of that suit too
    board = deck[:rng.choice((3, 4))]
    hero = deck[-2:]
    dead = deck[len(board):len(board) + rng.choice((0, 0, 1, 4))]
    want, got = both(game, hero, board, dead)
    assert got == want
